#pragma once
// The options every command that reports diagnostics shares: --quiet, --max-errors, --warn,
// --color and --diagnostics (docs/commands.md, Conventions).

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace floe::cli {

/// The shared diagnostic options as given; cli/diagnostic_report.hpp reads them
/// (report_settings).
struct ReportOptions {
    bool quiet     = false;            ///< --quiet: only errors (and validate's summaries)
    int max_errors = 0;                ///< --max-errors N: stop a file after N errors; 0: no limit
    std::vector<std::string> warn;     ///< --warn CODE=LEVEL, as given
    std::string color       = "auto";  ///< --color auto|always|never
    std::string diagnostics = "text";  ///< --diagnostics text|json
};

/// What a command reports about: the games of record files, or only a position given on the
/// command line (moves, perft), which has no file to stop reading.
enum class Reported : std::uint8_t { Records, Position };

/// Adds --quiet, --max-errors N (a whole number from 1; only for Records), --warn
/// CODE=off|warning|error (repeatable), --color auto|always|never and --diagnostics text|json to
/// `cmd`, bound to `options`. Values CLI11 can check (the words, the number) are checked here;
/// --warn's codes when the command runs (report_settings). docs/rules/notation.md §8.1.
void add_report_options(CLI::App& cmd, ReportOptions& options,
                        Reported reported = Reported::Records);

}  // namespace floe::cli
