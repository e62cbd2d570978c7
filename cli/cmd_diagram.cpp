#include "cli/cmd_diagram.hpp"

#include <iostream>
#include <memory>
#include <optional>

#include "cli/common.hpp"
#include "cli/output.hpp"
#include "formats/diagram_model.hpp"
#include "formats/diagram_svg.hpp"
#include "formats/diagram_text.hpp"
#include "formats/glacial_diagram.hpp"

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
    // --encoding: how bytes that are not UTF-8 are read (notation.md §1)
    rules::Encoding encoding = rules::Encoding::Cp1252;
};

// The index k of the ply that led to the shown position (`ply`, or the last one when ply < 0),
// so that positions[k - 1] is the position before it; none for ply 0 or past a failed ply.
template <class Replay>
std::optional<std::size_t> last_ply_index(const Replay& replay, int ply) {
    const std::size_t k = ply < 0 ? replay.positions.size() - 1 : static_cast<std::size_t>(ply);
    if (k == 0 || k > replay.plies.size() || k >= replay.positions.size()) return std::nullopt;
    return k;
}

// What the last ply of the shown position did, for the highlights (none for a FEN or ply 0).
std::optional<formats::ChessLastPly> last_ply(const SelectedGame& selected, int ply) {
    const auto& replay = selected.game.replay;
    const auto k       = last_ply_index(replay, ply);
    if (!k) return std::nullopt;
    return formats::chess_last_ply(replay.positions[*k - 1], replay.plies[*k - 1].move);
}

// The same for a Glacial Shift game: the ply that led to the shown position.
std::optional<rules::glacial::Move> glacial_last_ply(const SelectedGame& selected, int ply) {
    const auto& replay = selected.game.glacial->replay;
    const auto k       = last_ply_index(replay, ply);
    if (!k) return std::nullopt;
    return replay.plies[*k - 1].move;
}

// The diagram to draw, or nullopt when the position is invalid (reported: exit 1). A FEN under
// --variant "Glacial Shift" is a position string (notation.md §6).
std::optional<formats::Diagram> load_diagram(const DiagramOptions& o) {
    if (!o.position.fen.empty() || !o.position.fen_file.empty()) {
        if (glacial_variant(o.position.variant)) {
            const auto position = load_glacial_position(o.position, "");
            if (!position) return std::nullopt;
            return formats::make_glacial_diagram(*position);
        }
        const auto position = load_position(o.position, "", false);
        if (!position) return std::nullopt;
        return formats::make_chess_diagram(*position);
    }
    if (o.file.empty()) throw UsageError("give a record FILE, --fen or --fen-file");
    const auto selected = select_game(o.file, o.game, o.position.variant, o.encoding, "diagram");
    if (selected->game.glacial) {
        const auto position = glacial_position_after(*selected, o.ply);
        if (!position) return std::nullopt;
        return formats::make_glacial_diagram(*position, glacial_last_ply(*selected, o.ply));
    }
    const auto position = position_after(*selected, o.ply);
    if (!position) return std::nullopt;
    return formats::make_chess_diagram(*position, last_ply(*selected, o.ply));
}
}  // namespace

void setup_diagram(CLI::App& app, int& exit_code) {
    auto o        = std::make_shared<DiagramOptions>();
    CLI::App* cmd = app.add_subcommand("diagram", "Draw a board diagram of a position");
    auto* file    = cmd->add_option("FILE", o->file, "Record file (- = standard input)");
    add_position_options(*cmd, o->position, Games::ChessAndGlacial);
    add_encoding_option(*cmd, o->encoding);
    cmd->add_option("--format", o->format, "Diagram format: text, unicode or svg")
        ->check(CLI::IsMember({"text", "unicode", "svg"}))
        ->capture_default_str();
    cmd->add_option("--game", o->game, "Game number in the file, from 1")
        ->check(CLI::PositiveNumber);
    auto* ply = cmd->add_option("--ply", o->ply, "Ply of the main line (0 = start; default: last)")
                    ->check(CLI::NonNegativeNumber);
    cmd->add_flag("--flip", o->flip,
                  "Draw the board from the other side (Black's; Blue's in Glacial Shift)");
    cmd->add_flag("--no-coords", o->no_coords, "Leave out the file and rank labels");
    cmd->add_option("--size", o->size, "svg: the board's side in pixels, without coordinates")
        ->check(CLI::Range(16, 16384))
        ->capture_default_str();
    add_output_option(*cmd, o->output);
    ply->excludes("--fen")->excludes("--fen-file");
    file->excludes("--fen")->excludes("--fen-file");
    cmd->callback([o, &exit_code] {
        Output output(o->output, {o->file, o->position.fen_file});
        const std::optional<formats::Diagram> diagram = load_diagram(*o);
        if (!diagram) {
            exit_code = ExitInvalid;
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
        exit_code = ExitOk;
    });
}

}  // namespace floe::cli
