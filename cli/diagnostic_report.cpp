#include "cli/diagnostic_report.hpp"

#include <fmt/format.h>

#include "cli/color.hpp"
#include "cli/hint_words.hpp"
#include "formats/diagnostic_print.hpp"
#include "formats/json_schema.hpp"
#include "formats/json_writer.hpp"
#include "formats/text_out.hpp"

namespace floe::cli {

ReportSettings report_settings(const ReportOptions& options) {
    ReportSettings settings;
    settings.quiet           = options.quiet;
    settings.max_errors      = options.max_errors;
    settings.overrides       = parse_warn_options(options.warn);
    settings.json            = options.diagnostics == "json";
    const ColorChoice choice = options.color == "always"  ? ColorChoice::Always
                               : options.color == "never" ? ColorChoice::Never
                                                          : ColorChoice::Auto;
    settings.color           = !settings.json && use_color_on_stderr(choice);
    return settings;
}

FileReport::FileReport(const ReportSettings& settings, std::string file, std::ostream& stream)
    : settings_(settings), file_(std::move(file)), stream_(stream) {}

std::optional<rules::Diagnostic> FileReport::shown(const rules::Diagnostic& kept,
                                                   GameCounts& counts) {
    const std::optional<rules::Severity> severity = effective_severity(kept, settings_.overrides);
    if (!severity) return std::nullopt;
    const bool error = *severity == rules::Severity::Error;
    ++(error ? counts.errors : counts.warnings);
    if (!error && (settings_.quiet || settings_.errors_only)) return std::nullopt;
    rules::Diagnostic d = kept;
    d.severity          = *severity;
    if (settings_.quiet) {
        d.hint = rules::Hint::None;
        d.notes.clear();
    } else if (d.hint != rules::Hint::None && d.hint != rules::Hint::OverriddenVariant) {
        // A hint once per file: it is about the file, and a thousand games repeat it.
        const std::uint32_t bit = 1u << static_cast<unsigned>(d.hint);
        if (hints_shown_ & bit) d.hint = rules::Hint::None;
        hints_shown_ |= bit;
    }
    return d;
}

GameCounts FileReport::report(const rules::GameRecord& record, const rules::DiagnosticLog& log,
                              const AfterEach& after_each) {
    GameCounts counts{.errors = log.dropped_errors(), .warnings = log.dropped_warnings()};
    if (stopped_) return counts;
    const std::string identity = settings_.json ? "" : formats::game_identity(record);
    formats::TextOut to(out_, &stream_);
    bool walked = true;  // every diagnostic of the log looked at (--max-errors may stop it)
    for (const rules::Diagnostic& kept : log.list()) {
        std::optional<rules::Diagnostic> shown_as = shown(kept, counts);
        if (!shown_as || !walked) continue;  // not walked: counted, the file stopped in this game
        rules::Diagnostic& d = *shown_as;
        const bool error     = d.severity == rules::Severity::Error;
        if (settings_.json) {
            out_ += json_line(record, d, false);
        } else {
            if (settings_.quiet) d.fen.clear();  // the "position before the move" note
            formats::print_diagnostic(out_, file_, record, d, hint_words, identity,
                                      settings_.color);
            if (after_each) after_each(out_, d);
        }
        to.spill();
        if (error && settings_.max_errors > 0 && ++errors_shown_ >= settings_.max_errors) {
            stopped_ = true;
            walked   = false;
        }
    }
    // Past the bound of kept diagnostics, their number (rules::DiagnosticLog::Kept).
    const GameCounts dropped{.errors = log.dropped_errors(), .warnings = log.dropped_warnings()};
    if (walked && !settings_.quiet && dropped.errors + dropped.warnings > 0)
        note(record,
             fmt::format("{}, {} more diagnostics not shown ({} errors, {} warnings): floe keeps "
                         "{} a game",
                         formats::game_identity(record), dropped.errors + dropped.warnings,
                         dropped.errors, dropped.warnings, rules::DiagnosticLog::Kept),
             &dropped);
    if (stopped_)
        note(record, fmt::format("stopped after {0} errors (--max-errors {0}): the games after "
                                 "game {1} are not read",
                                 settings_.max_errors, record.number));
    stream_ << out_;
    out_.clear();
    return counts;
}

std::string FileReport::json_line(const rules::GameRecord& record, const rules::Diagnostic& d,
                                  bool no_game) const {
    formats::Json j = formats::diagnostic_json(file_, record, d, hint_words);
    if (no_game) j["game"] = nullptr;
    if (!d.notes.empty()) j["notes"] = d.notes;
    return formats::dump_line(j) + '\n';
}

GameCounts FileReport::report_position(std::string_view text,
                                       const std::vector<rules::Diagnostic>& diagnostics) {
    // The position as a one-line record of its own, so that its JSON is validate's object.
    rules::GameRecord record;
    record.text        = text;
    record.source.text = text;
    GameCounts counts;
    std::string out;
    for (const rules::Diagnostic& kept : diagnostics) {
        const std::optional<rules::Diagnostic> d = shown(kept, counts);
        if (!d) continue;
        if (settings_.json)
            out += json_line(record, *d, true);
        else
            formats::print_fen_diagnostic(out, file_, text, *d, hint_words, settings_.color);
    }
    stream_ << out;
    return counts;
}

void FileReport::file_note(const std::string& message, bool warning, const formats::Json& extra) {
    if (settings_.quiet && !warning) return;
    if (settings_.json) {
        formats::Json j = formats::json_record();
        j["kind"]       = "note";
        j["file"]       = file_;
        j["severity"]   = warning ? "warning" : "note";
        j["message"]    = message;
        for (auto it = extra.begin(); it != extra.end(); ++it) j[it.key()] = it.value();
        stream_ << formats::dump_line(j) << '\n';
        return;
    }
    std::string line;
    formats::print_note(line, file_, message, rules::Encoding::Cp1252, settings_.color, warning);
    stream_ << line;
}

void FileReport::note(const rules::GameRecord& record, const std::string& message,
                      const GameCounts* not_shown) {
    if (settings_.json) {
        formats::Json j = formats::json_record();
        j["kind"]       = "note";
        j["file"]       = file_;
        j["game"]       = record.number;
        j["message"]    = message;
        if (not_shown)
            j["not_shown"] = {{"errors", not_shown->errors}, {"warnings", not_shown->warnings}};
        out_ += formats::dump_line(j) + '\n';
        return;
    }
    formats::print_note(out_, file_, message, record.encoding, settings_.color);
}

}  // namespace floe::cli
