#include "cli/cmd_validate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>

#include "cli/deprecated_option.hpp"
#include "cli/diagnostic_report.hpp"
#include "cli/game_selection.hpp"
#include "cli/hint_words.hpp"
#include "cli/input.hpp"
#include "cli/ordered_jobs.hpp"
#include "cli/output.hpp"
#include "cli/progress.hpp"
#include "cli/replay_options.hpp"
#include "cli/shard.hpp"
#include "cli/untagged_context.hpp"
#include "cli/untagged_note.hpp"
#include "cli/usage.hpp"
#include "cli/variant_option.hpp"
#include "formats/diagnostic_print.hpp"
#include "formats/diagram_chess.hpp"
#include "formats/diagram_glacial.hpp"
#include "formats/diagram_text.hpp"
#include "formats/json_writer.hpp"
#include "formats/text_out.hpp"
#include "parser/parse_record.hpp"
#include "play/overloaded.hpp"
#include "play/replay_game.hpp"

namespace floe::cli {

namespace {

struct ValidateOptions {
    std::vector<std::string> files;
    std::string variant;
    bool strict    = false;
    std::string to = "text";  // --to text|json (--json: its old spelling)
    bool json      = false;   // --to json, or --json
    std::string output;       // -o FILE: the report (summaries, or JSON Lines)
    GameChoice games;         // --games, --game
    bool allow_null_moves = false;
    bool board            = false;
    int jobs              = 1;
    bool peak_rss         = false;
    // --encoding: how bytes that are not UTF-8 are read (docs/rules/notation.md §1.13)
    rules::Encoding encoding   = rules::Encoding::Cp1252;
    std::size_t max_game_bytes = 0;  // --max-game-bytes (its default set by the option)
    ProgressMode progress      = ProgressMode::Auto;  // --progress, --no-progress
    ReportOptions report;            // --quiet, --max-errors, --warn, --color, --diagnostics
    ReportSettings report_settings;  // read from `report` when the command runs
    Shard shard;                     // --shard K/N
};

// The process's peak resident set size in kB (VmHWM in /proc/self/status), or -1 when unknown.
long peak_rss_kb() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmHWM:", 0) == 0) return std::atol(line.c_str() + 6);
    return -1;
}

struct FileSummary {
    int games = 0, errors = 0, warnings = 0;
    long long plies  = 0;
    bool strict_note = false;  // the untagged-variant note was a warning (--strict): invalid
};

// validate --board: the Unicode diagram of the position before a failing move, the position
// the diagnostic names.
void append_board(std::string& out, const formats::ReplayedGame& game, const rules::Diagnostic& d) {
    if (d.severity != rules::Severity::Error || d.position < 0) return;
    const auto at = static_cast<std::size_t>(d.position);
    std::visit(formats::overloaded{[](const std::monostate&) {},
                                   [&](const formats::ChessPlay& play) {
                                       out += formats::make_unicode_diagram(play.positions[at]);
                                   },
                                   [&](const formats::GlacialPlay& play) {
                                       out += formats::render_text_diagram(
                                           formats::make_glacial_diagram(play.positions[at]),
                                           {.unicode = true});
                                   }},
               game.play);
}

// One game in flight: its bytes, its record (viewing into them) and its replay.
struct GameItem {
    parser::GameText text;
    rules::GameRecord record;
    formats::ReplayedGame game;
};

// (run_ordered may lower options.jobs.)
FileSummary validate_file(const std::string& file, ValidateOptions& options, std::ostream& out) {
    InputStream in(file, "validate");
    const std::string name            = file == "-" ? "<stdin>" : file;
    formats::GameOptions game_options = replay_options(options.variant, options.allow_null_moves,
                                                       options.encoding, options.max_game_bytes);
    game_options.strict               = options.strict;
    Progress progress(progress_mode(options.progress, options.report.quiet), in, name);

    FileSummary summary;
    parser::GameSource source(in.get(), game_options.parse);
    FileReport report(options.report_settings, name, options.json ? out : std::cerr);
    const formats::ReplayedGame* shown = nullptr;  // the game being reported, for --board
    const FileReport::AfterEach board  = [&shown](std::string& out, const rules::Diagnostic& d) {
        append_board(out, *shown, d);
    };
    const parser::GameSource::Passed passed = apply_shard(options.shard, file, in, source);
    UntaggedContext context;  // undecided untagged games: docs/rules/notation.md §2.7
    context.prepare(file, "validate", options.shard, source, game_options);
    UntaggedNote untagged;
    untagged.start_part(options.shard, passed, file, "validate", game_options,
                        chosen_reading(options.games, game_options));
    run_ordered<GameItem>(
        "validate", options.jobs,
        [&](GameItem& item) {
            return !report.stopped() && next_chosen(context, source, item.text, options.games);
        },
        [&](GameItem& item, bool) {
            rules::DiagnosticLog log;
            parser::open_game(item.text, item.record, log, game_options.parse);
            item.game =
                formats::replay_game<formats::NoVisitor>(item.record, game_options, std::move(log));
        },
        [&](GameItem& item) {
            // In input order: the summary and the hint shown once per file follow the file.
            if (report.stopped()) return;  // read ahead by other threads past --max-errors
            progress.game();
            const formats::ReplayedGame& game = item.game;
            ++summary.games;
            summary.plies += static_cast<long long>(game.plies());
            shown                   = &game;
            const GameCounts counts = report.report(
                item.record, game.log, options.board ? board : FileReport::AfterEach());
            summary.errors += counts.errors;
            summary.warnings += counts.warnings;
            untagged.count(game.setup.reading);
        },
        [](const GameItem& item) { return item.text.game().size(); });
    if (source.read_failed()) throw UsageError("cannot read " + file);
    // Under --strict the note is a warning, counted as one (docs/rules/notation.md §2.7).
    if (untagged.report_to(report, options.strict)) {
        ++summary.warnings;
        summary.strict_note = true;
    }
    if (options.json) {
        formats::Json j = formats::json_record();

        j["file"]     = name;
        j["games"]    = summary.games;
        j["plies"]    = summary.plies;
        j["errors"]   = summary.errors;
        j["warnings"] = summary.warnings;
        out << formats::dump_line(j) << '\n';
    } else {
        out << fmt::format("{}: {} games, {} plies, {} errors, {} warnings\n", name, summary.games,
                           summary.plies, summary.errors, summary.warnings);
    }
    return summary;
}

}  // namespace

void setup_validate(CLI::App& app, ExitCode& exit_code) {
    auto options = std::make_shared<ValidateOptions>();
    CLI::App* cmd =
        app.add_subcommand("validate", "Replay every game of each record file and report problems");
    cmd->add_option("FILE", options->files, "Record files (- = standard input)")->required();
    add_record_variant_option(*cmd, options->variant, Games::ChessAndGlacial);
    add_encoding_option(*cmd, options->encoding);
    add_max_game_bytes_option(*cmd, options->max_game_bytes);
    cmd->add_flag("--strict", options->strict, "Treat every warning as an error");
    cmd->add_option("--to", options->to,
                    "Report format: text (summaries; diagnostics on standard error) or json "
                    "(diagnostics and summaries as JSON Lines, on standard output or -o)")
        ->transform(CLI::IsMember({"text", "json"}, CLI::ignore_case))
        ->capture_default_str();
    deprecate(*cmd, cmd->add_flag("--json", options->json, "Old spelling of --to json"),
              "--to json");
    add_game_options(*cmd, options->games);
    add_output_option(*cmd, options->output);
    add_null_moves_option(*cmd, options->allow_null_moves);
    cmd->add_flag("--board", options->board,
                  "After an illegal move, draw the position before it (Unicode diagram)");
    add_jobs_option(*cmd, options->jobs);
    add_progress_options(*cmd, options->progress);
    add_report_options(*cmd, options->report);
    add_shard_option(*cmd, options->shard);
    // Diagnostic, hidden from --help: the streaming test checks with it that memory stays flat.
    cmd->add_flag("--peak-rss", options->peak_rss,
                  "Print the peak resident set size to standard error at the end")
        ->group("");
    cmd->callback([options, &exit_code] {
        options->json            = options->json || options->to == "json";
        options->report_settings = report_settings(options->report);
        if (options->json) options->report_settings.json = true;  // on standard output
        options->games.read();
        Output output(options->output, options->files);  // `>> x.pgn`: its own output, refused
        ExitCode code = ExitCode::Ok;
        for (const std::string& file : options->files) {
            try {
                const FileSummary s = validate_file(file, *options, output.stream());
                // Under --strict the untagged-variant note fails the file; a game's warnings
                // fail it as errors, unless --warn kept them warnings.
                if (s.errors > 0 || s.strict_note) code = std::max(code, ExitCode::Invalid);
            } catch (const UsageError& e) {
                std::cerr << "floe validate: " << e.what() << '\n';
                if (options->json) {  // a JSON Lines reader sees every file it asked for
                    formats::Json j = formats::json_record();

                    j["file"]  = file;
                    j["error"] = e.what();
                    output.stream() << formats::dump_line(j) << '\n';
                }
                code = ExitCode::Usage;
            }
        }
        output.commit();  // the report, an unreadable input's line included
        if (options->peak_rss) std::cerr << "peak RSS: " << peak_rss_kb() << " kB\n";
        exit_code = code;
    });
}

}  // namespace floe::cli
