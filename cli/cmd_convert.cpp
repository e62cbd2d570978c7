#include "cli/cmd_convert.hpp"

#include <iostream>
#include <map>
#include <memory>

#include "cli/diagnostic_report.hpp"
#include "cli/game_selection.hpp"
#include "cli/hint_words.hpp"
#include "cli/input.hpp"
#include "cli/ordered_jobs.hpp"
#include "cli/output.hpp"
#include "cli/progress.hpp"
#include "cli/replay_options.hpp"
#include "cli/shaping_options.hpp"
#include "cli/shard.hpp"
#include "cli/untagged_context.hpp"
#include "cli/untagged_note.hpp"
#include "cli/usage.hpp"
#include "cli/variant_option.hpp"
#include "formats/diagnostic_print.hpp"
#include "formats/json_writer.hpp"
#include "formats/pgn_writer.hpp"
#include "parser/parse_record.hpp"

namespace floe::cli {

namespace {

struct ConvertOptions {
    std::vector<std::string> files;
    std::string to = "pgn";
    ShapingOptions shaping;  // --moves, --strip, --add-tags, --no-move-numbers
    GameChoice games;        // --games, --game
    std::string variant;
    std::string output;
    bool strict           = false;
    bool allow_null_moves = false;
    bool fix_result       = false;
    int jobs              = 1;
    // --encoding: how bytes that are not UTF-8 are read (docs/rules/notation.md §1.13)
    rules::Encoding encoding   = rules::Encoding::Cp1252;
    std::size_t max_game_bytes = 0;  // --max-game-bytes (its default set by the option)
    ProgressMode progress      = ProgressMode::Auto;  // --progress, --no-progress
    ReportOptions report;            // --quiet, --max-errors, --warn, --color, --diagnostics
    ReportSettings report_settings;  // read from `report` when the command runs
    Shard shard;                     // --shard K/N
};

// One game in flight: its bytes, its record (viewing into them), and its converted text and
// messages, written in input order.
struct GameItem {
    parser::GameText text;
    rules::GameRecord record;
    std::string output;
    rules::DiagnosticLog log;  // reported in input order (FileReport)
    bool separated = false;
    formats::VariantReading reading;  // for the untagged-variant note
};

// How a file's games are written: where, in what shape, and the blank line between them.
struct GameWriting {
    const std::string& name;  // the file's name in messages ("<stdin>" for standard input)
    const ConvertOptions& options;
    const formats::GameOptions& game_options;
    const formats::PgnOptions& pgn;
    std::ostream& out;
    bool& first_game;  // no game written yet, in this file or an earlier one

    // The blank line before a PGN game but the first; JSON Lines and the move list have one line
    // per game, and none.
    void separate() const {
        if (options.to != "json" && !pgn.move_list() && !first_game) out << '\n';
        first_game = false;
    }
};

// The replay options of convert: the command line's, and a game of a variant floe cannot
// replay passed through as written (docs/rules/notation.md §2.9).
formats::GameOptions convert_game_options(const ConvertOptions& options) {
    formats::GameOptions game_options = replay_options(options.variant, options.allow_null_moves,
                                                       options.encoding, options.max_game_bytes);
    game_options.strict               = options.strict;
    game_options.pass_through         = true;
    return game_options;
}

// Converts one game, on any thread: its text into item.output, its diagnostics into item.log.
// Worked on right before it is written (`direct`), the game goes straight to the output, after
// the blank line between PGN games; otherwise the consumer writes both, in order.
void convert_game(GameItem& item, bool direct, const GameWriting& w) {
    rules::DiagnosticLog log;
    parser::open_game(item.text, item.record, log, w.game_options.parse);
    item.output.clear();
    item.reading = {};
    // A game larger than --max-game-bytes cannot be written back (its bytes were not kept): it
    // is reported and left out, with no blank line (docs/decisions/hostile-input.md).
    if (item.record.too_large) {
        formats::ReplayedGame game =
            formats::replay_game<formats::NoVisitor>(item.record, w.game_options, std::move(log));
        item.separated = true;
        item.log       = std::move(game.log);
        return;
    }
    item.separated = direct;
    if (direct) w.separate();
    const formats::TextOut to(item.output, direct ? &w.out : nullptr);
    formats::ReplayedGame game =
        w.options.to == "json"
            ? formats::write_game_json(to, w.name, item.record, w.game_options,
                                       w.options.fix_result, std::move(log), hint_words)
            : formats::write_pgn(to, item.record, w.game_options, w.pgn, std::move(log));
    // Written now, the game's last output goes before its diagnostics.
    item.reading = game.setup.reading;
    if (direct) {
        w.out << item.output;
        item.output.clear();
    }
    item.log = std::move(game.log);
}

// Converts one file's games onto `out`; returns true when a game had an error. (run_ordered may
// lower options.jobs.)
bool convert_file(const std::string& file, ConvertOptions& options, const formats::PgnOptions& pgn,
                  std::ostream& out, bool& first_game) {
    InputStream in(file, "convert");
    const std::string name            = file == "-" ? "<stdin>" : file;
    formats::GameOptions game_options = convert_game_options(options);  // prepare() completes it
    const GameWriting writing{name, options, game_options, pgn, out, first_game};
    bool failed = false;
    parser::GameSource source(in.get(), game_options.parse);
    Progress progress(progress_mode(options.progress, options.report.quiet), in, name);
    FileReport report(options.report_settings, name, std::cerr);
    // A part's first game follows a blank line when the whole file's run wrote a game before.
    const parser::GameSource::Passed passed = apply_shard(options.shard, file, in, source);
    if (wrote_before(passed)) first_game = false;
    UntaggedContext context;  // undecided untagged games: docs/rules/notation.md §2.7
    context.prepare(file, "convert", options.shard, source, game_options);
    UntaggedNote untagged;
    untagged.start_part(options.shard, passed, file, "convert", game_options,
                        chosen_reading(options.games, game_options));
    run_ordered<GameItem>(
        "convert", options.jobs,
        [&](GameItem& item) {
            return !report.stopped() && next_chosen(context, source, item.text, options.games);
        },
        [&](GameItem& item, bool direct) {
            if (direct && report.stopped()) return;  // read ahead past --max-errors: not written
            convert_game(item, direct, writing);
        },
        [&](GameItem& item) {
            if (report.stopped()) return;  // read ahead by other threads past --max-errors
            progress.game();
            untagged.count(item.reading);
            if (!item.separated) writing.separate();
            out << item.output;
            failed = report.report(item.record, item.log).errors > 0 || failed;
        },
        [](const GameItem& item) { return item.text.game().size(); });
    if (source.read_failed()) throw UsageError("cannot read " + file);
    // Under --strict the note is a warning, which fails the file (docs/rules/notation.md §2.7).
    return untagged.report_to(report, options.strict) || failed;
}

}  // namespace

void setup_convert(CLI::App& app, ExitCode& exit_code) {
    auto o        = std::make_shared<ConvertOptions>();
    CLI::App* cmd = app.add_subcommand(
        "convert", "Write every game in canonical PGN (or JSON), in a chosen move notation");
    cmd->add_option("FILE", o->files, "Record files (- = standard input)")->required();
    cmd->add_option("--to", o->to, "Output format")
        ->transform(CLI::IsMember({"pgn", "json"}, CLI::ignore_case))
        ->capture_default_str();
    add_record_variant_option(*cmd, o->variant, Games::ChessAndGlacial);
    add_encoding_option(*cmd, o->encoding);
    add_max_game_bytes_option(*cmd, o->max_game_bytes);
    cmd->add_flag("--strict", o->strict, "Treat every warning as an error");
    add_null_moves_option(*cmd, o->allow_null_moves);
    cmd->add_flag("--fix-result", o->fix_result,
                  "Write the result a decided end forces (mate, stalemate, a frozen king)");
    add_shaping_options(*cmd, o->shaping,
                        "Move notation in the PGN: san (canonical), lan, uci, figurine");
    add_game_options(*cmd, o->games);
    add_output_option(*cmd, o->output);
    add_jobs_option(*cmd, o->jobs);
    add_progress_options(*cmd, o->progress);
    add_report_options(*cmd, o->report);
    add_shard_option(*cmd, o->shard);
    cmd->callback([o, &exit_code] {
        const formats::PgnOptions pgn = pgn_options(o->shaping, o->fix_result, o->to == "json");
        o->games.read();
        o->report_settings = report_settings(o->report);
        Output output(o->output, o->files);
        ExitCode code   = ExitCode::Ok;
        bool first_game = true;
        for (const std::string& f : o->files) {
            try {
                if (convert_file(f, *o, pgn, output.stream(), first_game))
                    code = std::max(code, ExitCode::Invalid);
            } catch (const UsageError& e) {
                std::cerr << "floe convert: " << e.what() << '\n';
                code = ExitCode::Usage;
            }
        }
        // An input that could not be read would leave a file with games missing: the old file
        // stays (standard output has its games already).
        if (code == ExitCode::Usage && output.replaces_file())
            std::cerr << "floe convert: " << output.path()
                      << " not written, since an input could not be read\n";
        else
            output.commit();
        exit_code = code;
    });
}

}  // namespace floe::cli
