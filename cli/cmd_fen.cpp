#include "cli/cmd_fen.hpp"

#include <iostream>
#include <memory>

#include "cli/common.hpp"
#include "formats/fen.hpp"
#include "formats/glacial_position.hpp"

namespace floe::cli {

namespace {
struct FenOptions {
    std::string file;
    std::string variant;
    int game = 1;
    int ply  = -1;
    bool all = false;
};
}  // namespace

void setup_fen(CLI::App& app, int& exit_code) {
    auto o        = std::make_shared<FenOptions>();
    CLI::App* cmd = app.add_subcommand("fen", "Print the FEN after a ply of a record's main line");
    cmd->add_option("FILE", o->file, "Record file (- = standard input)")->required();
    add_variant_option(*cmd, o->variant, Games::ChessAndGlacial);
    cmd->add_option("--game", o->game, "Game number in the file, from 1")
        ->check(whole_number_from(1));
    auto* ply = cmd->add_option("--ply", o->ply, "Ply of the main line (0 = start; default: last)")
                    ->check(whole_number_from(0));
    cmd->add_flag("--all", o->all, "One FEN per line for plies 0..end")->excludes(ply);
    cmd->callback([o, &exit_code] {
        const auto selected = select_game(o->file, o->game, o->variant);
        // A game with an error is invalid (exit 1), whatever positions it still gives.
        exit_code = selected->game.errors() > 0 ? ExitInvalid : ExitOk;
        if (const auto& glacial = selected->game.glacial) {  // position strings (notation.md §6)
            if (!glacial->start) return;
            std::string out;
            if (o->all)
                for (const auto& p : glacial->replay.positions)
                    out += formats::make_glacial_position(p) + '\n';
            else if (const auto position = glacial_position_after(*selected, o->ply))
                out = formats::make_glacial_position(*position) + '\n';
            std::cout << out;
            return;
        }
        if (!selected->game.start) return;
        if (o->all) {
            std::string out;
            for (const auto& p : selected->game.replay.positions)
                out += formats::make_fen(p) + '\n';
            std::cout << out;
            return;
        }
        if (const auto position = position_after(*selected, o->ply))
            std::cout << formats::make_fen(*position) << '\n';
    });
}

}  // namespace floe::cli
