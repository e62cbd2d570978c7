#include "cli/cmd_diagram.hpp"

#include <fstream>
#include <iostream>
#include <memory>

#include "cli/common.hpp"
#include "formats/diagram_model.hpp"
#include "formats/diagram_svg.hpp"
#include "formats/diagram_text.hpp"

namespace floe::cli {

namespace {
struct DiagramOptions {
    std::string file;
    PositionArgs position;
    std::string format = "text";
    std::string output;
    int game       = 1;
    int ply        = -1;
    int size       = 400;
    bool flip      = false;
    bool no_coords = false;
};

// What the last ply of the shown position did, for the highlights (none for a FEN or ply 0).
std::optional<formats::ChessLastPly> last_ply(const SelectedGame& selected, int ply) {
    const auto& replay  = selected.game.replay;
    const std::size_t k = ply < 0 ? replay.positions.size() - 1 : static_cast<std::size_t>(ply);
    if (k == 0 || k > replay.plies.size() || k >= replay.positions.size()) return std::nullopt;
    return formats::chess_last_ply(replay.positions[k - 1], replay.plies[k - 1].move);
}
}  // namespace

void write_output(const std::string& path, const std::string& text) {
    if (path.empty() || path == "-") {
        std::cout << text;
        return;
    }
    std::ofstream out(path, std::ios::binary);
    if (!out || !(out << text) || !out.flush()) throw UsageError("cannot write " + path);
}

void setup_diagram(CLI::App& app, int& exit_code) {
    auto o        = std::make_shared<DiagramOptions>();
    CLI::App* cmd = app.add_subcommand("diagram", "Draw a board diagram of a position");
    auto* file    = cmd->add_option("FILE", o->file, "Record file (- = standard input)");
    add_position_options(*cmd, o->position);
    cmd->add_option("--format", o->format, "Diagram format: text, unicode or svg")
        ->check(CLI::IsMember({"text", "unicode", "svg"}))
        ->capture_default_str();
    cmd->add_option("--game", o->game, "Game number in the file, from 1")
        ->check(CLI::PositiveNumber);
    auto* ply = cmd->add_option("--ply", o->ply, "Ply of the main line (0 = start; default: last)")
                    ->check(CLI::NonNegativeNumber);
    cmd->add_flag("--flip", o->flip, "Draw the board from Black's side");
    cmd->add_flag("--no-coords", o->no_coords, "Leave out the file and rank labels");
    cmd->add_option("--size", o->size, "svg: the board's side in pixels, without coordinates")
        ->check(CLI::Range(16, 16384))
        ->capture_default_str();
    cmd->add_option("-o,--output", o->output, "Write to FILE instead of standard output");
    ply->excludes("--fen")->excludes("--fen-file");
    file->excludes("--fen")->excludes("--fen-file");
    cmd->callback([o, &exit_code] {
        std::optional<rules::chess::Position> position;
        std::optional<formats::ChessLastPly> last;
        std::unique_ptr<SelectedGame> selected;
        if (!o->position.fen.empty() || !o->position.fen_file.empty()) {
            position = load_position(o->position, "", false);
        } else if (!o->file.empty()) {
            selected = select_game(o->file, o->game, o->position.variant);
            if (selected->game.glacial)  // not drawn yet: docs/commands.md
                throw UsageError("Glacial Shift games have no diagram yet");
            position = position_after(*selected, o->ply);
            if (position) last = last_ply(*selected, o->ply);
        } else {
            throw UsageError("give a record FILE, --fen or --fen-file");
        }
        if (!position) {
            exit_code = ExitInvalid;
            return;
        }
        const formats::Diagram diagram = formats::make_chess_diagram(*position, last);
        std::string text;
        if (o->format == "svg") {
            text = formats::render_svg(
                diagram, {.flip = o->flip, .coordinates = !o->no_coords, .size = o->size});
        } else {
            text = formats::render_text_diagram(
                diagram,
                {.flip = o->flip, .coordinates = !o->no_coords, .unicode = o->format == "unicode"});
        }
        write_output(o->output, text);
        exit_code = ExitOk;
    });
}

}  // namespace floe::cli
