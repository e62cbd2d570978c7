#include "cli/cmd_diagram.hpp"

#include <iostream>
#include <memory>
#include <optional>

#include "cli/deprecated_option.hpp"
#include "cli/diagnostic_report.hpp"
#include "cli/game_selection.hpp"
#include "cli/input.hpp"
#include "cli/output.hpp"
#include "cli/position_options.hpp"
#include "cli/report_options.hpp"
#include "cli/usage.hpp"
#include "formats/diagram_chess.hpp"
#include "formats/diagram_glacial.hpp"
#include "formats/diagram_svg.hpp"
#include "formats/diagram_text.hpp"
#include "play/overloaded.hpp"

namespace floe::cli {

namespace {
struct DiagramOptions {
    std::string file;
    PositionArgs position;
    std::string format = "text";
    std::string output;
    GameChoice games;  // --games N, --game N: one game
    int ply        = -1;
    int size       = 400;
    bool flip      = false;
    bool no_coords = false;
    // --encoding: how bytes that are not UTF-8 are read (docs/rules/notation.md §1.13)
    rules::Encoding encoding   = rules::Encoding::Cp1252;
    std::size_t max_game_bytes = 0;  // --max-game-bytes (its default set by the option)
    ReportOptions report;            // --quiet, --max-errors, --warn, --color, --diagnostics
};

// The diagram to draw, or nullopt when the position is invalid (reported: exit 1). A FEN under
// --variant "Glacial Shift" is a position string (docs/rules/notation.md §6.8).
std::optional<formats::Diagram> load_diagram(const DiagramOptions& o) {
    ReportSettings report = report_settings(o.report);
    if (!o.position.fen.empty() || !o.position.fen_file.empty()) {
        if (variant_engine(o.position.variant) == rules::Engine::GlacialShift) {
            const auto position = load_glacial_position(o.position, "", report);
            if (!position) return std::nullopt;
            return formats::make_glacial_diagram(*position);
        }
        const auto position = load_position(o.position, "", report);
        if (!position) return std::nullopt;
        return formats::make_chess_diagram(*position);
    }
    if (o.file.empty()) throw UsageError("give a record FILE, --fen or --fen-file");
    const auto selected = select_game(o.file, o.games.single(), o.position.variant, o.encoding,
                                      o.max_game_bytes, "diagram");
    formats::PlyAt<rules::chess::Game> chess;
    chess.ply = o.ply;
    formats::PlyAt<rules::glacial::Game> glacial;
    glacial.ply = o.ply;

    const formats::ReplayedGame game = formats::replay_game<formats::MainLinePly>(
        selected->record, selected->options, selected->log, chess, glacial);
    report.errors_only = true;  // a diagram shows the game: its errors, as fen and replay
    FileReport(report, selected->file, std::cerr).report(selected->record, game.log);
    // The shown position, with what its last ply did (none at the start).
    using Shown = std::optional<formats::Diagram>;
    return std::visit(formats::overloaded{
                          [](const std::monostate&) -> Shown { return std::nullopt; },
                          [&](const formats::ChessPlay&) -> Shown {
                              if (!reached(*selected, chess, game)) return std::nullopt;
                              std::optional<formats::ChessLastPly> last;
                              if (chess.move)
                                  last = formats::ChessLastPly{*chess.move, chess.events};
                              return formats::make_chess_diagram(*chess.position, last);
                          },
                          [&](const formats::GlacialPlay&) -> Shown {
                              if (!reached(*selected, glacial, game)) return std::nullopt;
                              return formats::make_glacial_diagram(*glacial.position, glacial.move);
                          }},
                      game.play);
}
}  // namespace

void setup_diagram(CLI::App& app, ExitCode& exit_code) {
    auto o        = std::make_shared<DiagramOptions>();
    CLI::App* cmd = app.add_subcommand("diagram", "Draw a board diagram of a position");
    auto* file    = cmd->add_option("FILE", o->file, "Record file (- = standard input)");
    add_position_options(*cmd, o->position, Games::ChessAndGlacial);
    add_encoding_option(*cmd, o->encoding);
    add_max_game_bytes_option(*cmd, o->max_game_bytes);
    cmd->add_option("--to", o->format, "Diagram format: text, unicode or svg")
        ->transform(CLI::IsMember({"text", "unicode", "svg"}, CLI::ignore_case))
        ->capture_default_str();
    deprecate(*cmd,
              cmd->add_option("--format", o->format, "Old spelling of --to")
                  ->transform(CLI::IsMember({"text", "unicode", "svg"}, CLI::ignore_case)),
              "--to");
    add_game_options(*cmd, o->games);
    auto* ply = cmd->add_option("--ply", o->ply, "Ply of the main line (0 = start; default: last)")
                    ->check(whole_number_from(0));
    cmd->add_flag("--flip", o->flip,
                  "Draw the board from the other side (Black's; Blue's in Glacial Shift)");
    cmd->add_flag("--no-coords", o->no_coords, "Leave out the file and rank labels");
    cmd->add_option("--size", o->size, "svg: the board's side in pixels, without coordinates")
        ->check(CLI::Range(16, 16384))
        ->capture_default_str();
    add_output_option(*cmd, o->output);
    add_report_options(*cmd, o->report);
    ply->excludes("--fen")->excludes("--fen-file");
    file->excludes("--fen")->excludes("--fen-file");
    cmd->callback([o, &exit_code] {
        o->games.read();
        Output output(o->output, {o->file, o->position.fen_file});
        const std::optional<formats::Diagram> diagram = load_diagram(*o);
        if (!diagram) {
            exit_code = ExitCode::Invalid;
            return;
        }
        std::string text;
        if (o->format == "svg") {
            text = formats::render_svg(
                *diagram, {.flip = o->flip, .coordinates = !o->no_coords, .size = o->size});
        } else {
            text = formats::render_text_diagram(
                *diagram,
                {.flip = o->flip, .coordinates = !o->no_coords, .unicode = o->format == "unicode"});
        }
        output.stream() << text;
        output.commit();
        exit_code = ExitCode::Ok;
    });
}

}  // namespace floe::cli
