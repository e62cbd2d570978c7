#include "cli/position_options.hpp"

#include <iostream>

#include "cli/input.hpp"
#include "cli/usage.hpp"
#include "notation/fen.hpp"
#include "notation/glacial_position.hpp"
#include "rules/variants.hpp"

namespace floe::cli {

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
                                                    const std::string& positional,
                                                    const ReportSettings& report) {
    std::string label;
    const std::string fen                = position_text(args, positional, label);
    const rules::chess::Variant* variant = chess_variant(args.variant);
    formats::FenResult result =
        formats::parse_fen(variant ? *variant : *rules::default_variant().chess, fen);
    FileReport file(report, label, std::cerr);
    if (file.report_position(fen, result.diagnostics).errors > 0) return std::nullopt;
    return result.position;
}

std::optional<rules::glacial::Position> load_glacial_position(const PositionArgs& args,
                                                              const std::string& positional,
                                                              const ReportSettings& report) {
    std::string label;
    const std::string text                = position_text(args, positional, label);
    formats::GlacialPositionResult result = formats::parse_glacial_position(text);
    FileReport file(report, label, std::cerr);
    if (file.report_position(text, result.diagnostics).errors > 0) return std::nullopt;
    return result.position;
}

}  // namespace floe::cli
