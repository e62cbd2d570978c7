#include "cli/cmd_fen.hpp"

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
#include "formats/main_line.hpp"
#include "formats/text_out.hpp"
#include "notation/fen.hpp"
#include "notation/glacial_position.hpp"
#include "parser/parse_record.hpp"
#include "play/overloaded.hpp"

namespace floe::cli {

namespace {
struct FenOptions {
    std::string file;
    std::string variant;
    GameChoice games;    // --games, --game
    std::string output;  // -o FILE
    int ply               = -1;
    bool all              = false;
    std::string to        = "fen";  // --to fen|epd
    bool epd              = false;  // --to epd (or --epd): EPD lines with an id (writers.md)
    bool allow_null_moves = false;
    int jobs              = 1;
    // --encoding: how bytes that are not UTF-8 are read (docs/rules/notation.md §1.13)
    rules::Encoding encoding   = rules::Encoding::Cp1252;
    std::size_t max_game_bytes = 0;  // --max-game-bytes (its default set by the option)
    ProgressMode progress      = ProgressMode::Auto;  // --progress, --no-progress (fen --all)
    ReportOptions report;            // --quiet, --max-errors, --warn, --color, --diagnostics
    ReportSettings report_settings;  // read from `report` when the command runs
    Shard shard;                     // --shard K/N (with --all, without --game)
};

// One game in flight for `fen --all` over a whole file.
struct GameItem {
    parser::GameText text;
    std::size_t number = 0;  // in the file, from 1 (the EPD id)
    rules::GameRecord record;
    std::string output;
    rules::DiagnosticLog log;  // reported in input order (FileReport)
    bool separated = false;
    formats::VariantReading reading;  // for the untagged-variant note
};

// One game's block of `fen --all`, on any thread: its positions into item.output, its
// diagnostics into item.log. Worked on right before it is written (`direct`), the game goes
// straight to standard output after the blank line between games (`separate`); otherwise the
// consumer writes both, in order. A game larger than --max-game-bytes has no positions: no
// block, no blank line.
template <class Separate>
void game_positions(GameItem& item, bool direct, bool epd, const formats::GameOptions& options,
                    std::ostream& out, const Separate& separate) {
    rules::GameRecord& record = item.record;
    rules::DiagnosticLog log;
    parser::open_game(item.text, record, log, options.parse);
    item.output.clear();
    item.separated = direct || record.too_large;
    if (direct && !record.too_large) separate();
    // Position strings of either game (docs/rules/notation.md §6), written as the replay goes.
    formats::ReplayedGame game = formats::replay_game<formats::MainLinePositions>(
        record, options, std::move(log), formats::TextOut(item.output, direct ? &out : nullptr),
        epd ? std::optional(item.number) : std::nullopt);
    // Written now, the game's last output goes before its diagnostics.
    item.reading = game.setup.reading;  // on any thread (issue 25 item 12)
    if (direct) {
        out << item.output;
        item.output.clear();
    }
    item.log = std::move(game.log);
}

// `fen --all` without one game: every game's FENs (those of --games), streaming, one block per
// game separated by a blank line (like pgn-extract -Wepd). Returns the exit code. (run_ordered
// may lower o.jobs.)
ExitCode all_games(FenOptions& o, std::ostream& out) {
    InputStream in(o.file, "fen");
    const std::string name = o.file == "-" ? "<stdin>" : o.file;
    formats::GameOptions options =
        replay_options(o.variant, o.allow_null_moves, o.encoding, o.max_game_bytes);
    parser::GameSource source(in.get(), options.parse);
    Progress progress(progress_mode(o.progress, o.report.quiet), in, name);
    FileReport report(o.report_settings, name, std::cerr);
    bool failed = false;
    // A part's first block follows a blank line when the whole file's run wrote a block before.
    const parser::GameSource::Passed passed = apply_shard(o.shard, o.file, in, source);
    bool first                              = !wrote_before(passed);
    UntaggedContext context;  // undecided untagged games: docs/rules/notation.md §2.7
    context.prepare(o.file, "fen", o.shard, source, options);
    UntaggedNote untagged;
    untagged.start_part(o.shard, passed, o.file, "fen", options, chosen_reading(o.games, options));
    const auto separate = [&] {
        if (!first) out << '\n';
        first = false;
    };
    run_ordered<GameItem>(
        "fen", o.jobs,
        [&](GameItem& item) {
            if (report.stopped() || !next_chosen(context, source, item.text, o.games)) return false;
            item.number = item.text.number;  // in the whole file, under --shard too
            return true;
        },
        [&](GameItem& item, bool direct) {
            if (direct && report.stopped()) return;  // read ahead past --max-errors: not written
            game_positions(item, direct, o.epd, options, out, separate);
        },
        [&](GameItem& item) {
            if (report.stopped()) return;  // read ahead by other threads past --max-errors
            progress.game();
            untagged.count(item.reading);
            if (!item.separated) separate();
            out << item.output;
            failed = report.report(item.record, item.log).errors > 0 || failed;
        },
        [](const GameItem& item) { return item.text.game().size(); });
    if (source.read_failed()) throw UsageError("cannot read " + o.file);
    untagged.report_to(report, false);
    return failed ? ExitCode::Invalid : ExitCode::Ok;
}

// The game's errors, as every record command reports them; true when it has one.
bool report_errors(const FenOptions& o, const SelectedGame& selected,
                   const formats::ReplayedGame& replayed) {
    FileReport report(o.report_settings, selected.file, std::cerr);
    return report.report(selected.record, replayed.log).errors > 0;
}

// `fen --all --game N`: the game's positions, then its errors. A game with an error is invalid
// (exit 1), whatever positions it still gives.
ExitCode one_game_positions(const FenOptions& o, const SelectedGame& selected, std::ostream& to) {
    std::string out;
    // The errors follow the positions, which go out as they come.
    const formats::ReplayedGame game = formats::replay_game<formats::MainLinePositions>(
        selected.record, selected.options, selected.log, formats::TextOut(out, &to),
        o.epd ? std::optional<std::size_t>(selected.record.number) : std::nullopt);
    to << out;
    return report_errors(o, selected, game) ? ExitCode::Invalid : ExitCode::Ok;
}

// `fen [--ply P]`: the position after ply P of the main line (default: its last), when the game
// reaches it (`reached` says why not), after the game's errors.
ExitCode position_at_ply(const FenOptions& o, const SelectedGame& selected, std::ostream& to) {
    formats::PlyAt<rules::chess::Game> chess;
    chess.ply = o.ply;
    formats::PlyAt<rules::glacial::Game> glacial;
    glacial.ply                      = o.ply;
    const formats::ReplayedGame game = formats::replay_game<formats::MainLinePly>(
        selected.record, selected.options, selected.log, chess, glacial);
    const ExitCode code = report_errors(o, selected, game) ? ExitCode::Invalid : ExitCode::Ok;
    // The position the game's engine kept, when the game got that far.
    auto show = [&](const auto& at) {
        if (!reached(selected, at, game)) return;
        std::string out;
        formats::append_position(out, *at.position);
        to << out << '\n';
    };
    std::visit(formats::overloaded{[](const std::monostate&) {},
                                   [&](const formats::ChessPlay&) { show(chess); },
                                   [&](const formats::GlacialPlay&) { show(glacial); }},
               game.play);
    return code;
}
}  // namespace

void setup_fen(CLI::App& app, ExitCode& exit_code) {
    auto o        = std::make_shared<FenOptions>();
    CLI::App* cmd = app.add_subcommand("fen", "Print the FEN after a ply of a record's main line");
    cmd->add_option("FILE", o->file, "Record file (- = standard input)")->required();
    add_record_variant_option(*cmd, o->variant, Games::ChessAndGlacial);
    add_encoding_option(*cmd, o->encoding);
    add_max_game_bytes_option(*cmd, o->max_game_bytes);
    add_game_options(*cmd, o->games);
    auto* ply = cmd->add_option("--ply", o->ply, "Ply of the main line (0 = start; default: last)")
                    ->check(whole_number_from(0));
    cmd->add_flag("--all", o->all,
                  "One FEN per line for plies 0..end; without --game, of every game "
                  "or of those of --games (a blank line between games)")
        ->excludes(ply);
    cmd->add_option("--to", o->to,
                    "Position format: fen, or with --all epd (FEN without the clocks, each line "
                    "ending with id \"game G ply P\")")
        ->transform(CLI::IsMember({"fen", "epd"}, CLI::ignore_case))
        ->capture_default_str();
    deprecate(*cmd, cmd->add_flag("--epd", o->epd, "Old spelling of --to epd"), "--to epd");
    add_null_moves_option(*cmd, o->allow_null_moves);
    add_jobs_option(*cmd, o->jobs);
    add_progress_options(*cmd, o->progress);
    add_report_options(*cmd, o->report);
    auto* shard = add_shard_option(*cmd, o->shard);
    add_output_option(*cmd, o->output);
    cmd->callback([o, shard, &exit_code] {
        o->games.read();
        o->epd = o->epd || o->to == "epd";
        if (o->epd && !o->all) throw UsageError("--to epd requires --all");
        if (shard->count() > 0 && (!o->all || o->games.given()))
            throw UsageError("--shard splits a whole file: use it with --all, without --game");
        Output output(o->output, {o->file});  // `>> x.pgn` would read its own output
        o->report_settings             = report_settings(o->report);
        o->report_settings.errors_only = true;  // positions and their errors, as before
        // --games with a range, or no game named: every game's block (of those chosen).
        if (o->all && !o->games.one()) {
            exit_code = all_games(*o, output.stream());
        } else {
            const auto selected = select_game(o->file, o->games.single(), o->variant, o->encoding,
                                              o->max_game_bytes, "fen", o->allow_null_moves);
            exit_code           = o->all ? one_game_positions(*o, *selected, output.stream())
                                         : position_at_ply(*o, *selected, output.stream());
        }
        output.commit();
    });
}

}  // namespace floe::cli
