#include "cli/common.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <sstream>

#include "formats/diagnostic_print.hpp"
#include "formats/fen.hpp"
#include "formats/glacial_position.hpp"
#include "formats/input_kind.hpp"
#include "rules/variants.hpp"

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

// Serves the head (the bytes read to sniff the input) and then the rest of the input: standard
// input cannot seek back. Large reads after the head go straight to the source.
class InputStream::Replay final : public std::streambuf {
public:
    Replay(std::string head, std::streambuf* rest) : head_(std::move(head)), rest_(rest) {
        setg(head_.data(), head_.data(), head_.data() + head_.size());
    }

protected:
    int_type underflow() override {
        if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
        buffer_.resize(1 << 16);
        const std::streamsize got =
            rest_->sgetn(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
        if (got <= 0) return traits_type::eof();
        setg(buffer_.data(), buffer_.data(), buffer_.data() + got);
        return traits_type::to_int_type(*gptr());
    }
    std::streamsize xsgetn(char* s, std::streamsize n) override {
        std::streamsize got = std::min<std::streamsize>(n, egptr() - gptr());
        std::copy(gptr(), gptr() + got, s);
        gbump(static_cast<int>(got));
        if (got < n) got += rest_->sgetn(s + got, n - got);
        return got;
    }

private:
    std::string head_, buffer_;
    std::streambuf* rest_;
};

namespace {

// The error for an input that is no text (formats/input_kind.hpp), with a command that makes it
// readable. A later issue may decompress instead: this is the one place to change.
std::string refusal(const formats::InputSniff& sniff, const std::string& path,
                    std::string_view command) {
    const std::string name = path == "-" ? "<stdin>" : path;
    const std::string file = path == "-" ? "FILE" : path;
    const auto example     = [&](std::string_view tool) {
        return fmt::format("(e.g. {} {} | floe {} -)", tool, file, command);
    };
    const auto compressed = [&](std::string_view format, std::string_view tool) {
        return fmt::format("{} is {}-compressed; decompress it first {}", name, format,
                           example(tool));
    };
    const auto unicode = [&](std::string_view form, std::string_view order) {
        return fmt::format(
            "{} is {} ({}) text{}; convert it to UTF-8 first {}", name, form,
            order == "LE" ? "little-endian" : "big-endian",
            sniff.bom ? "" : " without a byte-order mark",
            // With a byte-order mark iconv finds the order (and drops the mark).
            example(fmt::format("iconv -f {}{} -t UTF-8", form, sniff.bom ? "" : order)));
    };
    switch (sniff.kind) {
        case formats::InputKind::Gzip:
            return compressed("gzip", "gzip -dc");
        case formats::InputKind::Zstd:
            return compressed("zstd", "zstd -dc");
        case formats::InputKind::Bzip2:
            return compressed("bzip2", "bzip2 -dc");
        case formats::InputKind::Xz:
            return compressed("xz", "xz -dc");
        case formats::InputKind::Zip:
            return fmt::format("{} is a zip archive; extract the records first {}", name,
                               example("unzip -p"));
        case formats::InputKind::SevenZip:
            return fmt::format("{} is a 7z archive; extract the records first {}", name,
                               example("7z x -so"));
        case formats::InputKind::Utf16Le:
            return unicode("UTF-16", "LE");
        case formats::InputKind::Utf16Be:
            return unicode("UTF-16", "BE");
        case formats::InputKind::Utf32Le:
            return unicode("UTF-32", "LE");
        case formats::InputKind::Utf32Be:
            return unicode("UTF-32", "BE");
        case formats::InputKind::Binary:
            return fmt::format(
                "{} is a binary file, not PGN text: {} of its first {} bytes are NUL or other "
                "control bytes",
                name, sniff.controls, sniff.sampled);
        case formats::InputKind::Text:
            break;
    }
    return {};
}

}  // namespace

InputStream::InputStream(const std::string& path, std::string_view command) {
    std::streambuf* source = std::cin.rdbuf();
    if (path != "-") {
        std::error_code ec;
        if (std::filesystem::is_directory(path, ec))
            throw UsageError("cannot read " + path + ": it is a directory");
        file_.open(path, std::ios::binary);
        if (!file_) throw UsageError("cannot open " + path + ": " + std::strerror(errno));
        source = file_.rdbuf();
    }
    std::string head(formats::SniffBytes, '\0');
    std::size_t got = 0;
    while (got < head.size()) {  // a pipe may deliver less than asked before its end
        const std::streamsize n =
            source->sgetn(head.data() + got, static_cast<std::streamsize>(head.size() - got));
        if (n <= 0) break;
        got += static_cast<std::size_t>(n);
    }
    head.resize(got);
    if (const std::string error = refusal(formats::sniff_input(head), path, command);
        !error.empty())
        throw UsageError(error);
    buffer_ = std::make_unique<Replay>(std::move(head), source);
    stream_ = std::make_unique<std::istream>(buffer_.get());
}

InputStream::~InputStream() = default;

std::istream& InputStream::get() { return *stream_; }

CLI::Option* add_encoding_option(CLI::App& cmd, rules::Encoding& encoding) {
    const std::map<std::string, rules::Encoding> names = {{"cp1252", rules::Encoding::Cp1252},
                                                          {"latin1", rules::Encoding::Latin1},
                                                          {"cp437", rules::Encoding::Cp437}};
    return cmd
        .add_option("--encoding", encoding,
                    "How bytes that are not UTF-8 are read: cp1252 (Windows-1252, the default), "
                    "latin1 or cp437 (DOS)")
        ->transform(CLI::CheckedTransformer(names, CLI::ignore_case));
}

CLI::Option* add_null_moves_option(CLI::App& cmd, bool& allow) {
    return cmd.add_flag("--allow-null-moves", allow, "Accept the null move -- in the main line");
}

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

namespace {

bool accepted(const rules::VariantEntry& entry, Games games) {
    return entry.engine == rules::Engine::Chess || games == Games::ChessAndGlacial;
}

}  // namespace

std::string variant_option_help(Games games) {
    std::string out = "Rules for games without a Variant tag:";
    for (const rules::VariantEntry& entry : rules::variant_table()) {
        if (!accepted(entry, games)) continue;
        out += fmt::format(" \"{}\"{},", entry.name, entry.is_default ? " (default)" : "");
    }
    out.back() = ' ';
    return out + "(see Variants below)";
}

std::string variant_list_help(Games games) {
    std::size_t width = 0;
    for (const rules::VariantEntry& entry : rules::variant_table())
        if (accepted(entry, games)) width = std::max(width, entry.name.size());
    std::string out =
        "Variants, for --variant and the Variant tag (case, spaces, '-' and '_' are ignored):\n";
    for (const rules::VariantEntry& entry : rules::variant_table()) {
        if (!accepted(entry, games)) continue;
        out += fmt::format("  {:<{}}  {}{}\n", entry.name, width, entry.help,
                           entry.is_default ? " (the default)" : "");
        if (entry.aliases.empty()) continue;
        std::string aliases;
        for (const std::string_view alias : entry.aliases)
            aliases += fmt::format("{}{}", aliases.empty() ? "" : ", ", alias);
        out += fmt::format("  {:<{}}  also: {}\n", "", width, aliases);
    }
    return out;
}

CLI::Option* add_variant_option(CLI::App& cmd, std::string& name, Games games) {
    cmd.footer(variant_list_help(games));
    return cmd.add_option("--variant", name, variant_option_help(games))
        ->check(CLI::Validator(
            [games](std::string& v) -> std::string {
                const rules::VariantEntry* entry = rules::find_variant(v);
                if (entry && accepted(*entry, games)) return "";
                return "unknown variant \"" + v + "\"";
            },
            "VARIANT"));
}

bool glacial_variant(const std::string& name) {
    const rules::VariantEntry* entry = name.empty() ? nullptr : rules::find_variant(name);
    return entry && entry->engine == rules::Engine::GlacialShift;
}

const rules::chess::Variant* chess_variant(const std::string& name) {
    const rules::VariantEntry* entry = name.empty() ? nullptr : rules::find_variant(name);
    return entry ? entry->chess : nullptr;
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
        formats::parse_fen(variant ? *variant : *rules::default_variant().chess, fen, strict);
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

formats::GameOptions replay_options(const std::string& variant, bool allow_null_moves,
                                    rules::Encoding encoding) {
    formats::GameOptions options;
    options.variant               = chess_variant(variant);
    options.allow_null_moves      = allow_null_moves;
    options.glacial               = glacial_variant(variant);
    options.parse.glacial_default = options.glacial;
    options.parse.encoding        = encoding;
    return options;
}

std::unique_ptr<SelectedGame> select_game(const std::string& file, int number,
                                          const std::string& variant, rules::Encoding encoding,
                                          std::string_view command, bool allow_null_moves) {
    auto selected  = std::make_unique<SelectedGame>();
    selected->file = file == "-" ? "<stdin>" : file;
    InputStream in(file, command);
    formats::GameOptions& options = selected->options;
    options                       = replay_options(variant, allow_null_moves, encoding);
    parser::GameSource source(in.get(), options.parse);
    int seen = 0;
    while (source.next(selected->text)) {
        if (++seen < number) continue;
        parser::open_game(selected->text, selected->record, selected->log, options.parse);
        return selected;
    }
    if (source.read_failed()) throw UsageError("cannot read " + file);
    throw UsageError(fmt::format("{} has {} game{}, not game {}", selected->file, seen,
                                 seen == 1 ? "" : "s", number));
}

void print_errors(const SelectedGame& selected, const formats::ReplayedGame& game) {
    if (game.errors() == 0) return;
    std::string out;
    const std::string identity = formats::game_identity(selected.record);
    for (const auto& d : game.diagnostics())
        if (d.severity == rules::Severity::Error)
            formats::print_diagnostic(out, selected.file, selected.record, d, identity);
    std::cerr << out;
}

}  // namespace floe::cli
