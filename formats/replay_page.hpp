#pragma once
// The replay page: one self-contained HTML file that steps through a game's main line (the
// `replay` command). No network, no external script, style or font: the boards are the SVG
// diagrams of formats/diagram_svg.hpp, embedded once per ply.

#include <iosfwd>

#include "formats/hint_words.hpp"
#include "formats/replay_game.hpp"
#include "rules/record.hpp"

namespace floe::formats {

/// Writes the HTML page of `record`, a chess or a Glacial Shift game, to `out`, and returns its
/// replay (its diagnostics; `log` holds open_game's). Nothing is written for a game that cannot
/// be set up (an unknown variant, an unusable FEN tag). The page is written as it is made, in
/// passes over the game, so that memory does not grow with the game:
/// - the board (`#board`, whose `data-fen` and `data-ply` always hold the shown position's FEN
///   or position string and its ply), a status line, and buttons and the ←/→ keys (Home/End
///   too) to step through the plies; `#ply=N` in the address opens ply N;
/// - the move list (SAN; in Glacial Shift the canonical plies with number and seat, `57. Y:
///   y3i6xh5+`) with the record's comments; each move is a link to its ply. A ply that
///   triggered events carries a mark (❄ an Ice Age, ⚑ mates), the events' text as the rules
///   computed them, and a banner over the board (`#event-banner`); mates due before the first
///   ply of a Glacial Shift game stand before the list;
/// - when an error stopped the main line, the page ends at the last ply reached and says why
///   (the error's message, followed by its hint's message suffix, `words`).
ReplayedGame write_replay_page(std::ostream& out, const rules::GameRecord& record,
                               const GameOptions& options, rules::DiagnosticLog log,
                               HintWords words);

}  // namespace floe::formats
