#pragma once
// The plain-text board diagram of a chess position (the `diagram` command's text form).

#include <string>

#include "rules/chess/position.hpp"

namespace floe::formats {

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
///   `Stalemate: draw (1/2-1/2)`, `White's king froze: Black wins (0-1)` (ice-age-chess.md §4)
///   or `Both kings froze: draw (1/2-1/2)`.
/// - Every line, the last included, ends with LF; no line has trailing spaces. Pure ASCII.
std::string make_text_diagram(const rules::chess::Position& position, bool flip = false);

}  // namespace floe::formats
