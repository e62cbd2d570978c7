#pragma once
// The SVG board diagram, drawn from the neutral diagram model (formats/diagram_model.hpp).
// Vector shapes only: squares, ice cubes, pieces and coordinate glyphs are paths drawn by the
// project, with no font, image or external reference, so every renderer draws the same picture.

#include <string>

#include "formats/diagram_model.hpp"

namespace floe::formats {

struct SvgOptions {
    bool flip        = false;  ///< the board from the second side's view (Black's)
    bool coordinates = true;   ///< file and rank labels in a frame around the board
    int size         = 400;    ///< the board's side in pixels, without the frame
    /// Write the shapes' <defs> into the SVG. The replay page writes them once for all its
    /// boards (render_svg_defs) and leaves them out of each board.
    bool embed_defs = true;
};

/// Geometry of a rendered diagram, for callers and tests that locate squares.
struct SvgLayout {
    double square = 0;  ///< side of one cell in pixels
    double border = 0;  ///< width of the coordinate frame (0 without coordinates)
    double width  = 0;  ///< the whole picture
    double height = 0;
};

/// The layout render_svg uses for `diagram` with `options`.
SvgLayout svg_layout(const Diagram& diagram, const SvgOptions& options);

/// A standalone SVG document of the diagram:
/// - every cell is a `<g data-square="e4" data-piece="P">`: data-piece holds the cell's code
///   (a FEN letter, `*` for ice, empty for an empty square; a Glacial Shift cell `Gb23`), then
///   the cell's own `data` pairs as `data-NAME` (Glacial Shift: owner, colour, nest, quadrant);
///   marked cells also carry `data-marks` (`last-from last-to check frozen new-ice`, those that
///   apply);
/// - a cell in a side's zone is tinted with the side's `tint`, others are light or dark;
/// - the last move's squares are painted a yellow tint (framed in orange on a board with zones,
///   where a tint would read as a zone), a king or lone Royal in check gets a red glow;
/// - ice is a pale blue cube; a newly iced cell has a thin teal frame and a sparkle, a cell whose
///   piece froze a thick navy frame with the frozen piece as a ghost inside the ice;
/// - pieces with a `size` are pyramids: a "pyramid" is a triangle pointing in its `direction`
///   (turned with `flip`), sized by `size`, the pieces of a nest drawn in order (outer first) as
///   nested triangles; a "block" is a square with its diagonals; a spent piece gets a corner dot;
/// - side panels (pockets, hands, the stash) are rows of pieces below the board, or, with
///   PanelPlacement::Right, titled rows in a column right of the board with the legend under
///   them (`<g data-panel="Yellow">` per panel, `<g data-legend="families">`).
/// Never throws.
std::string render_svg(const Diagram& diagram, const SvgOptions& options = {});

/// The `<defs>` element with every shape render_svg refers to (pieces in the diagram's side
/// colours, the ice cubes, the check glow, the coordinate glyphs). Ids start with `floe-`.
std::string render_svg_defs(const Diagram& diagram);

}  // namespace floe::formats
