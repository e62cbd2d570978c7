#include "cli/cmd_diagram.hpp"

#include <iostream>
#include <memory>

#include "cli/common.hpp"
#include "formats/diagram_text.hpp"

namespace floe::cli {

namespace {
struct DiagramOptions {
    std::string file;
    PositionArgs position;
    std::string format = "text";
    int game           = 1;
    int ply            = -1;
    bool flip          = false;
};
}  // namespace

void setup_diagram(CLI::App& app, int& exit_code) {
    auto o        = std::make_shared<DiagramOptions>();
    CLI::App* cmd = app.add_subcommand("diagram", "Draw a board diagram of a position");
    auto* file    = cmd->add_option("FILE", o->file, "Record file (- = standard input)");
    add_position_options(*cmd, o->position);
    cmd->add_option("--format", o->format, "Diagram format")
        ->check(CLI::IsMember({"text"}))
        ->capture_default_str();
    cmd->add_option("--game", o->game, "Game number in the file, from 1")
        ->check(CLI::PositiveNumber);
    auto* ply = cmd->add_option("--ply", o->ply, "Ply of the main line (0 = start; default: last)")
                    ->check(CLI::NonNegativeNumber);
    cmd->add_flag("--flip", o->flip, "Draw the board from Black's side");
    ply->excludes("--fen")->excludes("--fen-file");
    file->excludes("--fen")->excludes("--fen-file");
    cmd->callback([o, &exit_code] {
        std::optional<rules::chess::Position> position;
        std::unique_ptr<SelectedGame> selected;
        if (!o->position.fen.empty() || !o->position.fen_file.empty()) {
            position = load_position(o->position, "", false);
        } else if (!o->file.empty()) {
            selected = select_game(o->file, o->game, o->position.variant);
            position = position_after(*selected, o->ply);
        } else {
            throw UsageError("give a record FILE, --fen or --fen-file");
        }
        if (!position) {
            exit_code = ExitInvalid;
            return;
        }
        std::cout << formats::make_text_diagram(*position, o->flip);
        exit_code = ExitOk;
    });
}

}  // namespace floe::cli
