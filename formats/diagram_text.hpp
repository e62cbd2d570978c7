#pragma once
// The plain-text and Unicode board diagrams (the `diagram` command's text and unicode forms),
// drawn from the neutral diagram model (formats/diagram_model.hpp).

#include <string>

#include "formats/diagram_model.hpp"
#include "rules/chess/position.hpp"

namespace floe::formats {

struct TextDiagramOptions {
    bool flip        = false;  ///< the board from the second side's view (Black's)
    bool coordinates = true;   ///< rank labels at the left, file labels below
    bool unicode     = false;  ///< figurines and U+2592 for ice, one column per cell
};

/// A diagram as text, one line per rank, the top rank first (the bottom one with `flip`):
/// - text: the rank label (padded to the widest), two spaces, then the cells separated by one
///   space and padded to the widest. A cell is its code (a FEN letter, `*` for ice, a Glacial
///   Shift cell `Yy12'`) or `.` when empty.
/// - unicode: the rank label, one space, then one column per cell without separators: the
///   figurines ♔♕♖♗♘♙ (White) and ♚♛♜♝♞♟ (Black), `▒` (U+2592) for ice, `·` (U+00B7) empty.
///   A cell of pyramids is an arrow pointing where they point, turned with `flip` (▲▶▼◀),
///   or `■` for an upright one, then the colour letter, the sizes and `'` if spent (`▶y12`);
///   such cells are padded to the widest and separated by one space, as in text.
/// - Without coordinates the label and the spaces before the cells are left out.
/// Then, with coordinates, the file labels aligned under their cells; one line per side panel
/// (`White in hand: N P`, its label then its pieces' codes); the legend's entries, if any
/// (`Families: Royal y, Left g, Center b, Right r`); and the status line. Every line ends with
/// LF, none has trailing spaces.
std::string render_text_diagram(const Diagram& diagram, const TextDiagramOptions& options = {});

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
///   `Stalemate: draw (1/2-1/2)`, `White's king froze: Black wins (0-1)` or `Both kings froze:
///   draw (1/2-1/2)` (docs/rules/ice-age-chess.md §4.1).
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
