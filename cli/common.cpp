#include "cli/common.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "formats/diagnostic_print.hpp"
#include "formats/fen.hpp"
#include "formats/glacial_position.hpp"
#include "rules/glacial/variant.hpp"

namespace floe::cli {

CLI::Validator whole_number_from(long long minimum) {
    return CLI::Validator(
        [minimum](std::string& value) -> std::string {
            long long n  = 0;
            const auto r = std::from_chars(value.data(), value.data() + value.size(), n);
            if (r.ec == std::errc() && r.ptr == value.data() + value.size() && n >= minimum)
                return {};
            return fmt::format("expected a whole number from {}, not \"{}\"", minimum, value);
        },
        fmt::format("N>={}", minimum));
}

std::string read_input(const std::string& path) {
    if (path == "-") {
        std::ostringstream s;
        s << std::cin.rdbuf();
        return s.str();
    }
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw UsageError("cannot read " + path + ": it is a directory");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw UsageError("cannot open " + path + ": " + std::strerror(errno));
    std::ostringstream s;
    s << in.rdbuf();
    if (in.bad()) throw UsageError("cannot read " + path);
    return s.str();
}

InputStream::InputStream(const std::string& path) {
    if (path == "-") {
        stdin_ = true;
        return;
    }
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw UsageError("cannot read " + path + ": it is a directory");
    file_.open(path, std::ios::binary);
    if (!file_) throw UsageError("cannot open " + path + ": " + std::strerror(errno));
}

std::istream& InputStream::get() { return stdin_ ? std::cin : file_; }

CLI::Option* add_jobs_option(CLI::App& cmd, int& jobs) {
    return cmd
        .add_option("-j,--jobs", jobs,
                    "Parse and replay N games at once on N threads, 0 = one per core (output "
                    "unchanged)")
        ->check(whole_number_from(0));
}

CLI::Option* add_output_option(CLI::App& cmd, std::string& path) {
    return cmd.add_option("-o,--output", path,
                          "Write to FILE instead of standard output (- = standard output); FILE is "
                          "replaced whole when the run succeeds, and never if it is an input");
}

CLI::Option* add_variant_option(CLI::App& cmd, std::string& name, Games games) {
    const bool glacial = games == Games::ChessAndGlacial;
    return cmd
        .add_option("--variant", name,
                    glacial ? "Rules for games without a Variant tag: \"Ice Age\" (default), "
                              "\"Ice Age vchess\", \"Standard\", \"Glacial Shift\""
                            : "Rules for games without a Variant tag: \"Ice Age\" (default), "
                              "\"Ice Age vchess\", \"Standard\"")
        ->check(CLI::Validator(
            [glacial](std::string& v) -> std::string {
                if (rules::chess::find_variant(v)) return "";
                if (glacial && rules::glacial::is_glacial_variant(v)) return "";
                return "unknown variant \"" + v + "\"";
            },
            "VARIANT"));
}

bool glacial_variant(const std::string& name) {
    return !name.empty() && rules::glacial::is_glacial_variant(name);
}

const rules::chess::Variant* chess_variant(const std::string& name) {
    return name.empty() ? nullptr : rules::chess::find_variant(name);
}

void add_position_options(CLI::App& cmd, PositionArgs& args, Games games) {
    auto* fen  = cmd.add_option("--fen", args.fen, "The position as a FEN string");
    auto* file = cmd.add_option("--fen-file", args.fen_file, "Read the FEN from FILE (- = stdin)");
    fen->excludes(file);
    add_variant_option(cmd, args.variant, games);
}

namespace {

// The position text from the positional argument, --fen or --fen-file, and its label for
// diagnostics. Throws UsageError when none was given.
std::string position_text(const PositionArgs& args, const std::string& positional,
                          std::string& label) {
    std::string fen = positional;
    label           = "FEN";
    if (!args.fen.empty()) {
        fen   = args.fen;
        label = "--fen";
    } else if (!args.fen_file.empty()) {
        fen   = read_input(args.fen_file);
        label = args.fen_file == "-" ? "<stdin>" : args.fen_file;
        while (!fen.empty() && (fen.back() == '\n' || fen.back() == '\r')) fen.pop_back();
    }
    if (fen.empty()) throw UsageError("no position given (FEN, --fen or --fen-file)");
    return fen;
}

}  // namespace

std::optional<rules::chess::Position> load_position(const PositionArgs& args,
                                                    const std::string& positional, bool strict) {
    std::string label;
    const std::string fen                = position_text(args, positional, label);
    const rules::chess::Variant* variant = chess_variant(args.variant);
    formats::FenResult result =
        formats::parse_fen(variant ? *variant : rules::chess::ice_age_variant(), fen, strict);
    std::string out;
    for (const auto& d : result.diagnostics) formats::print_fen_diagnostic(out, label, fen, d);
    std::cerr << out;
    return result.position;
}

std::optional<rules::glacial::Position> load_glacial_position(const PositionArgs& args,
                                                              const std::string& positional) {
    std::string label;
    const std::string text                = position_text(args, positional, label);
    formats::GlacialPositionResult result = formats::parse_glacial_position(text);
    std::string out;
    for (const auto& d : result.diagnostics) formats::print_fen_diagnostic(out, label, text, d);
    std::cerr << out;
    return result.position;
}

}  // namespace floe::cli

#include "parser/parse_record.hpp"

namespace floe::cli {

std::unique_ptr<SelectedGame> select_game(const std::string& file, int number,
                                          const std::string& variant, bool allow_null_moves) {
    auto selected  = std::make_unique<SelectedGame>();
    selected->file = file == "-" ? "<stdin>" : file;
    InputStream in(file);
    parser::ParseOptions parse_options;
    parse_options.glacial_default = glacial_variant(variant);
    parser::GameSource source(in.get(), parse_options);
    int seen = 0;
    while (source.next(selected->text)) {
        if (++seen < number) continue;
        parser::parse_game(selected->text, selected->record, parse_options);
        formats::GameOptions options;
        options.variant          = chess_variant(variant);
        options.allow_null_moves = allow_null_moves;
        options.keep_positions   = true;
        options.glacial          = parse_options.glacial_default;
        selected->game           = formats::replay_game(selected->record, options);
        std::string out;
        for (const auto& d : selected->game.diagnostics)
            if (d.severity == rules::Severity::Error)
                formats::print_diagnostic(out, selected->file, selected->record, d);
        std::cerr << out;
        return selected;
    }
    if (source.read_failed()) throw UsageError("cannot read " + file);
    throw UsageError(fmt::format("{} has {} game{}, not game {}", selected->file, seen,
                                 seen == 1 ? "" : "s", number));
}

namespace {
// The position at `ply` of a list of main-line positions (see position_after).
template <class P>
std::optional<P> position_at(const std::vector<P>& positions, bool failed, int ply, int game) {
    if (ply < 0) return failed ? std::nullopt : std::optional(positions.back());
    if (static_cast<std::size_t>(ply) < positions.size()) return positions[ply];
    if (failed) return std::nullopt;
    throw UsageError(
        fmt::format("game {} has {} plies, not ply {}", game, positions.size() - 1, ply));
}
}  // namespace

std::optional<rules::glacial::Position> glacial_position_after(const SelectedGame& selected,
                                                               int ply) {
    const auto& glacial = selected.game.glacial;
    if (!glacial || !glacial->start) return std::nullopt;
    return position_at(glacial->replay.positions, glacial->replay.main_line_failed, ply,
                       static_cast<int>(selected.record.number));
}

std::optional<rules::chess::Position> position_after(const SelectedGame& selected, int ply) {
    const auto& game = selected.game;
    if (!game.start) return std::nullopt;
    return position_at(game.replay.positions, game.replay.main_line_failed, ply,
                       static_cast<int>(selected.record.number));
}

}  // namespace floe::cli
