#pragma once
// The replay page: one self-contained HTML file that steps through a game's main line (the
// `replay` command). No network, no external script, style or font: the boards are the SVG
// diagrams of formats/diagram_svg.hpp, embedded once per ply.

#include <string>

#include "formats/replay_game.hpp"
#include "rules/record.hpp"

namespace floe::formats {

/// The HTML page of `record` replayed as `game` (replayed with keep_positions), a chess or a
/// Glacial Shift game:
/// - the board (`#board`, whose `data-fen` and `data-ply` always hold the shown position's FEN
///   or position string and its ply), a status line, and buttons and the ←/→ keys (Home/End
///   too) to step through the plies; `#ply=N` in the address opens ply N;
/// - the move list (SAN; in Glacial Shift the canonical plies with number and seat, `57. Y:
///   y3i6xh5+`) with the record's comments; each move is a link to its ply. A ply that
///   triggered events carries a mark (❄ an Ice Age, ⚑ mates), the events' text as the rules
///   computed them, and a banner over the board (`#event-banner`); mates due before the first
///   ply of a Glacial Shift game stand before the list;
/// - when an error stopped the main line, the page ends at the last ply reached and says why.
std::string make_replay_page(const rules::GameRecord& record, const ReplayedGame& game);

}  // namespace floe::formats
