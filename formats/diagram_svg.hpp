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
///   (a FEN letter, `*` for ice, empty for an empty square); marked cells also carry
///   `data-marks` (`last-from last-to check frozen new-ice`, those that apply);
/// - the last move's squares are painted a yellow tint, a king in check gets a red glow;
/// - ice is a pale blue cube; a newly iced cell has a thin teal frame and a sparkle, a cell whose
///   piece froze a thick navy frame with the frozen piece as a ghost inside the ice;
/// - side panels (pockets, hands) are rows of pieces below the board.
std::string render_svg(const Diagram& diagram, const SvgOptions& options = {});

/// The `<defs>` element with every shape render_svg refers to (pieces in the diagram's side
/// colours, the ice cubes, the check glow, the coordinate glyphs). Ids start with `floe-`.
std::string render_svg_defs(const Diagram& diagram);

}  // namespace floe::formats
