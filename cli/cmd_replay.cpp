#include "cli/cmd_replay.hpp"

#include <iostream>
#include <memory>

#include "cli/diagnostic_report.hpp"
#include "cli/game_selection.hpp"
#include "cli/hint_words.hpp"
#include "cli/input.hpp"
#include "cli/output.hpp"
#include "cli/variant_option.hpp"
#include "formats/replay_page.hpp"

namespace floe::cli {

namespace {
struct ReplayOptions {
    std::string file;
    std::string variant;
    std::string output;
    int game = 1;
    // --encoding: how bytes that are not UTF-8 are read (docs/rules/notation.md §1.13)
    rules::Encoding encoding   = rules::Encoding::Cp1252;
    std::size_t max_game_bytes = 0;  // --max-game-bytes (its default set by the option)
    ReportOptions report;            // --quiet, --max-errors, --warn, --color, --diagnostics
};
}  // namespace

void setup_replay(CLI::App& app, ExitCode& exit_code) {
    auto o        = std::make_shared<ReplayOptions>();
    CLI::App* cmd = app.add_subcommand("replay", "Write an HTML page that replays a game");
    cmd->add_option("FILE", o->file, "Record file (- = standard input)")->required();
    add_variant_option(*cmd, o->variant, Games::ChessAndGlacial);
    add_encoding_option(*cmd, o->encoding);
    add_max_game_bytes_option(*cmd, o->max_game_bytes);
    cmd->add_option("--game", o->game, "Game number in the file, from 1")
        ->check(CLI::PositiveNumber);
    add_output_option(*cmd, o->output);
    add_report_options(*cmd, o->report);
    cmd->callback([o, &exit_code] {
        ReportSettings settings = report_settings(o->report);
        settings.errors_only    = true;  // the page shows the game: its errors, as fen
        Output output(o->output, {o->file});
        const auto selected =
            select_game(o->file, o->game, o->variant, o->encoding, o->max_game_bytes, "replay");
        // The errors first, as every command prints them, then the page (its own replays).
        FileReport(settings, selected->file, std::cerr)
            .report(selected->record, formats::replay_game<formats::NoVisitor>(
                                          selected->record, selected->options, selected->log)
                                          .log);
        const formats::ReplayedGame game = formats::write_replay_page(
            output.stream(), selected->record, selected->options, selected->log, hint_words);
        // The variant or the FEN tag was unusable (reported): no page.
        if (!game.setup.playable()) {
            exit_code = ExitCode::Invalid;
            return;
        }
        output.commit();
        // A main line that stops early still gets its page, up to the error, and exit 1.
        exit_code = game.main_line_failed() ? ExitCode::Invalid : ExitCode::Ok;
    });
}

}  // namespace floe::cli
