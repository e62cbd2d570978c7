#pragma once
// The diagram of a chess position, in every chess variant (docs/rules/ice-age-chess.md,
// docs/rules/notation.md §6), in the neutral diagram model every renderer draws
// (formats/diagram_model.hpp): the 8x8 board with its pieces and ice, the marks of the last move
// and its Ice Age, Crazyhouse's pockets and the status line; and the chess diagram as text. Glacial
// Shift's twin: formats/diagram_glacial.hpp.

#include <optional>
#include <string>

#include "formats/diagram_model.hpp"
#include "rules/chess/move.hpp"
#include "rules/chess/position.hpp"

namespace floe::formats {

/// What led to a chess position: the last move and the Ice Age it triggered, if any.
struct ChessLastPly {
    rules::chess::Move move;
    rules::chess::IceAgeEvent ice_age;
};

/// The last ply that led from `before` to the next position: `move` replayed on a copy of
/// `before` to learn what its Ice Age did. `move` must be legal in `before`.
ChessLastPly chess_last_ply(const rules::chess::Position& before, const rules::chess::Move& move);

/// The diagram of a chess position: cells with pieces and ice, the status line of
/// Position::outcome(), and, when `last` is given, its marks (from and to squares, only the to
/// square of a drop; frozen and newly iced squares of its Ice Age). A king in check is marked
/// whatever `last` is. In variants with pockets (Crazyhouse) there are two panels, White's then
/// Black's, each listing its pieces queen to pawn, one entry per piece, even when empty.
Diagram make_chess_diagram(const rules::chess::Position& position,
                           const std::optional<ChessLastPly>& last = std::nullopt);

/// The ASCII diagram of `position`. The layout is stable (golden tests pin it):
///
///     8  r n b q k b n r
///     7  p p p p p p p p
///     6  * * * * * * * *
///     5  * * * * * * * *
///     4  * * * * * * * *
///     3  * * * * * * * *
///     2  P P P P P P P P
///     1  R N B Q K B N R
///        a b c d e f g h
///     White to move
///
/// - One line per rank: the rank digit, two spaces, then the eight squares separated by one
///   space. A piece is its letter (upper case White, lower case Black), `*` is an ice cube and
///   `.` an empty square.
/// - Rank 8 is at the top and files run a..h; with `flip` (Black's view) rank 1 is at the top
///   and files run h..a.
/// - Below the file letters, one status line from Position::outcome():
///   `White to move`, `White to move, in check`, `Checkmate: Black wins (0-1)`,
///   `Stalemate: draw (1/2-1/2)`, `White's king froze: Black wins (0-1)`
///   (docs/rules/ice-age-chess.md §4) or `Both kings froze: draw (1/2-1/2)`.
/// - Every line, the last included, ends with LF; no line has trailing spaces. Pure ASCII.
std::string make_text_diagram(const rules::chess::Position& position, bool flip = false);

/// The Unicode diagram of `position` (render_text_diagram with `unicode`):
///
///     8 ♜♞♝♛♚♝♞♜
///     7 ♟♟♟♟♟♟♟♟
///     6 ▒▒▒▒▒▒▒▒
///     ...
///     1 ♖♘♗♕♔♗♘♖
///       abcdefgh
///     White to move
std::string make_unicode_diagram(const rules::chess::Position& position, bool flip = false);

}  // namespace floe::formats
