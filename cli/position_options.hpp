#pragma once
// A position given on the command line (moves, perft, diagram): a positional FEN, --fen or
// --fen-file, read under --variant (docs/rules/notation.md §9), and loaded with its diagnostics
// reported (cli/diagnostic_report.hpp).

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "cli/diagnostic_report.hpp"
#include "cli/variant_option.hpp"
#include "rules/chess/position.hpp"
#include "rules/glacial/position.hpp"

namespace floe::cli {

/// The options that give a position.
struct PositionArgs {
    std::string fen;       ///< --fen
    std::string fen_file;  ///< --fen-file ("-" = standard input)
    std::string variant;   ///< --variant
};

/// Registers --fen, --fen-file (they exclude each other) and --variant (add_variant_option, of
/// `games`) on `cmd`, bound to `args`.
void add_position_options(CLI::App& cmd, PositionArgs& args, Games games = Games::Chess);

/// Parses the chess position given by `positional` (the FEN given as an argument, "" for none),
/// --fen or --fen-file, in the variant of --variant (the default variant when not given).
/// Reports its diagnostics, errors and warnings, to standard error under `report` (the shared
/// options: --warn, --quiet, --color, --diagnostics; FileReport::report_position), labelled
/// "FEN", "--fen" or the file name; returns nullopt when an error was reported (exit 1), a
/// warning that --warn made an error included. Throws UsageError when no position was given or
/// the file cannot be read. docs/rules/notation.md §6 and §9.2.
std::optional<rules::chess::Position> load_position(const PositionArgs& args,
                                                    const std::string& positional,
                                                    const ReportSettings& report);

/// The same for a Glacial Shift position string (docs/rules/notation.md §6.8): reports its
/// diagnostics as load_position does and returns nullopt on an error (exit 1); throws UsageError
/// as load_position.
std::optional<rules::glacial::Position> load_glacial_position(const PositionArgs& args,
                                                              const std::string& positional,
                                                              const ReportSettings& report);

}  // namespace floe::cli
