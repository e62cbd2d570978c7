#pragma once
// Reporting one file's diagnostics, game after game in input order, for every record command:
// the --warn severities, --quiet, --max-errors, a hint once per file, the note about diagnostics
// not kept, text (coloured or not) or JSON Lines; and those of a position given on the command
// line (moves, perft, diagram --fen). The commands decide which games report; this decides what
// each diagnostic shows as and where it goes.

#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/report_options.hpp"
#include "cli/warn_option.hpp"
#include "formats/json_writer.hpp"
#include "rules/diagnostic.hpp"
#include "rules/record.hpp"

namespace floe::cli {

/// The shared options of a run, read once.
struct ReportSettings {
    bool quiet     = false;
    int max_errors = 0;  ///< 0: no limit
    SeverityOverrides overrides;
    bool color = false;  ///< ANSI colour in text
    bool json  = false;  ///< one JSON object a line (formats::diagnostic_json) instead of text
    /// Warnings are not shown at all (fen: a command that shows positions shows errors only);
    /// they are still counted.
    bool errors_only = false;
};

/// Reads `options`: parses --warn (parse_warn_options: throws UsageError for an unknown code, an
/// error code or a bad level), decides the colour of standard error (use_color_on_stderr; never
/// with JSON). docs/rules/notation.md §8.1 and §8.4.
ReportSettings report_settings(const ReportOptions& options);

/// A game's diagnostics counted under the --warn severities (those turned off not at all; the
/// ones a log did not keep with their own severity).
struct GameCounts {
    int errors   = 0;
    int warnings = 0;
};

/// The diagnostics of one file. Call report() for each game in input order, on one thread.
class FileReport {
public:
    /// Reports to `stream` (standard error, or standard output for validate --json); `file` is
    /// the name diagnostics give ("<stdin>" for standard input).
    FileReport(const ReportSettings& settings, std::string file, std::ostream& stream);

    /// Called after each diagnostic shown as text, to add to it (validate --board).
    using AfterEach = std::function<void(std::string& out, const rules::Diagnostic& d)>;

    /// Reports the diagnostics of `record` in `log`, in their order, and returns their counts:
    /// - under --warn, each with its effective severity (effective_severity), or not at all;
    /// - warnings not shown with --quiet or errors_only; with --quiet, no hint and no note lines;
    /// - a hint (rules::Hint, but for OverriddenVariant, whose words end the message) shown at
    ///   its first diagnostic shown in the file only;
    /// - then, when the log kept fewer than it counted, a note saying how many were not shown;
    /// - with --max-errors N, at the file's N-th error the rest of the game is not shown and the
    ///   note "FILE: note: stopped after N errors (--max-errors N): the games after game G are
    ///   not read" follows (shown under --quiet too: the summary counts part of the file);
    ///   stopped() is then true, and the caller reads no more games of the file.
    /// In JSON each diagnostic is formats::diagnostic_json's object (a hint's words end its
    /// message) plus "notes" (its note lines) when it has them; each note of the file an object
    /// {"kind": "note", "file", "game", "message"} (the not-shown note also "not_shown":
    /// {"errors", "warnings"}). Text is written in chunks as it grows (formats::TextOut).
    GameCounts report(const rules::GameRecord& record, const rules::DiagnosticLog& log,
                      const AfterEach& after_each = nullptr);

    /// A note about the whole file, after its games (the untagged-variant note,
    /// docs/rules/notation.md §2.7): "FILE: note: MESSAGE" ("warning:" when `warning`); in JSON
    /// {"kind": "note", "file", "severity" ("note" or "warning"), "message"} and the keys of
    /// `extra`. Under --quiet only a warning is shown.
    void file_note(const std::string& message, bool warning,
                   const formats::Json& extra = formats::Json::object());

    /// Reports the diagnostics of a position string given on the command line (a FEN, or a
    /// Glacial Shift position string: parse_fen, parse_glacial_position), `text`, named by the
    /// `file` of the constructor ("FEN", "--fen" or the --fen-file name), and returns their
    /// counts. As report() (--warn, --quiet, errors_only, hints), but: in text each is
    /// formats::print_fen_diagnostic's (line 1, the column counted in code points into `text`),
    /// coloured with --color; in JSON formats::diagnostic_json's object with "game": null (no
    /// game holds the position) and "notes" when it has them. --max-errors does not apply: it
    /// stops a file's games. docs/rules/notation.md §8.1, §8.6 and §9.2.
    GameCounts report_position(std::string_view text,
                               const std::vector<rules::Diagnostic>& diagnostics);

    /// True once --max-errors stopped the file.
    bool stopped() const { return stopped_; }

private:
    // `kept` as it is to be shown under the settings (its severity, hint and notes), or nullopt
    // when it is not shown; counted in `counts` when --warn leaves it on.
    std::optional<rules::Diagnostic> shown(const rules::Diagnostic& kept, GameCounts& counts);

    // One diagnostic as a JSON line: diagnostic_json's object ("game": null with `no_game`) and
    // its "notes" when it has them.
    std::string json_line(const rules::GameRecord& record, const rules::Diagnostic& d,
                          bool no_game) const;

    // A note about the file, after the game `record`; the not-shown note gives its counts.
    void note(const rules::GameRecord& record, const std::string& message,
              const GameCounts* not_shown = nullptr);

    const ReportSettings& settings_;
    std::string file_;
    std::ostream& stream_;
    std::string out_;
    int errors_shown_          = 0;
    bool stopped_              = false;
    std::uint32_t hints_shown_ = 0;  // a bit per rules::Hint shown in this file
};

}  // namespace floe::cli
