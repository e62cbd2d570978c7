#pragma once
// The plain-text and Unicode board diagrams (the `diagram` command's text and unicode forms),
// drawn from the neutral diagram model (formats/diagram_model.hpp).

#include <string>

#include "formats/diagram_model.hpp"

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

}  // namespace floe::formats
