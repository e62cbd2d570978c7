#pragma once
// The replay page: one self-contained HTML file that steps through a game's main line (the
// `replay` command). No network, no external script, style or font: the boards are the SVG
// diagrams of formats/diagram_svg.hpp, embedded once per ply.

#include <string>

#include "formats/replay_game.hpp"
#include "rules/record.hpp"

namespace floe::formats {

/// The HTML page of `record` replayed as `game` (replayed with keep_positions):
/// - the board (`#board`, whose `data-fen` and `data-ply` always hold the shown position's FEN
///   and ply), a status line, and buttons and the ←/→ keys (Home/End too) to step through the
///   plies; `#ply=N` in the address opens ply N;
/// - the move list in SAN with the record's comments; each move is a link to its ply, and the
///   Ice Age plies carry a ❄ mark, the event text and a banner over the board;
/// - when an error stopped the main line, the page ends at the last ply reached and says why.
std::string make_replay_page(const rules::GameRecord& record, const ReplayedGame& game);

}  // namespace floe::formats
