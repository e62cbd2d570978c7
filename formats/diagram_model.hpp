#pragma once
// The neutral diagram model every board renderer draws from (text, Unicode, SVG, the replay
// page): a grid of cells, each with its shape, shade, contents and marks, plus side panels for
// pockets and hands. A game turns its position into a Diagram (formats/diagram_chess.hpp,
// formats/diagram_glacial.hpp); the renderers know nothing of either game. Glacial Shift (9x9,
// four seats, nests of pyramids, hands, a stash) adds data here, not a renderer.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace floe::formats {

/// Whether a grid cell is part of the board (a non-rectangular board leaves some out).
enum class CellShape : std::uint8_t { Square, Absent };

/// The cell's own colour.
enum class CellShade : std::uint8_t { Light, Dark };

/// Marks on a cell, as bits: what the last ply did there.
enum CellMark : std::uint8_t {
    MarkLastFrom = 1,   ///< the last move left this cell
    MarkLastTo   = 2,   ///< the last move arrived here
    MarkCheck    = 4,   ///< a king in check stands here
    MarkFrozen   = 8,   ///< a piece froze here in the last ply's Ice Age (now ice)
    MarkNewIce   = 16,  ///< an empty cell turned to ice in the last ply's Ice Age
};

/// A piece: its shape (the renderers' drawing name: "king", "queen", "rook", "bishop",
/// "knight", "pawn"; "pyramid" for a lying Icehouse pyramid, "block" for an upright one), its
/// colour and its owner, both indexes into Diagram::sides (owner -1: nobody's). In chess the
/// colour is the owner; in Glacial Shift a seat may own a piece of another colour.
struct DiagramPiece {
    std::string shape;
    int colour = 0;
    int owner  = 0;
    std::string code;       ///< the piece in the game's position string ("K", "p"; "y2" in a hand)
    int size      = 0;      ///< a pyramid's size, 1 small to 3 large; 0 for other shapes
    int direction = -1;     ///< where the piece points on the board, 0..7 clockwise from north
    bool spent    = false;  ///< a Glacial Shift piece that can no longer promote
};

struct DiagramCell {
    CellShape shape = CellShape::Square;
    CellShade shade = CellShade::Light;
    bool ice        = false;
    /// The pieces on the cell, bottom first (chess: at most one; Glacial Shift: a nest).
    std::vector<DiagramPiece> pieces;
    /// With MarkFrozen: the piece that froze here, drawn as a ghost inside the ice.
    std::optional<DiagramPiece> frozen;
    std::uint8_t marks = 0;  ///< CellMark bits
    /// The cell's content as the position string writes it: a piece code, "*" for ice, "" empty.
    std::string code;
    /// The side whose zone (a Glacial Shift quadrant) holds the cell, tinted in its colour; -1
    /// for none.
    int zone = -1;
    /// Extra facts the SVG writes on the cell as `data-NAME="value"`, in order (Glacial Shift:
    /// owner, colour, nest), so scripts read the board back without parsing `code`.
    std::vector<std::pair<std::string, std::string>> data;
};

/// A side (seat) of the game and the colours the renderers paint its pieces with.
struct DiagramSide {
    std::string name;    ///< "White", "Black"
    std::string fill;    ///< body colour, e.g. "#ffffff"
    std::string stroke;  ///< outline colour
    std::string detail;  ///< colour of the inner lines drawn on the body
    std::string tint;    ///< colour of the side's zone on the board (cells with its `zone`)
    std::string letter;  ///< one-letter name: "Y"; lower case it names the colour ("y")
};

/// A panel beside the board: a pocket or a hand (Crazyhouse, Glacial Shift), owned by a side,
/// or a pool owned by nobody (owner -1: Glacial Shift's public stash).
struct DiagramPanel {
    int owner = 0;
    std::vector<DiagramPiece> pieces;
    std::string label;  ///< the text renderers' title: "White in hand", "Stash"
};

/// Where the renderers put the panels: rows under the board (chess pockets), or a column on its
/// right (Glacial Shift's four hands and stash, with the legend below them).
enum class PanelPlacement : std::uint8_t { Below, Right };

/// One entry of a legend: a piece drawn as the key, and what it stands for ("Royal").
struct LegendEntry {
    DiagramPiece piece;
    std::string name;
};

/// A key to the picture: the title ("Yellow to move") and its entries (Glacial Shift: the four
/// families of the seat to move, docs/rules/glacial-shift.md §3.1, each a pyramid of its colour).
struct DiagramLegend {
    std::string title;
    std::vector<LegendEntry> entries;
};

struct Diagram {
    int files = 8;
    int ranks = 8;
    /// files * ranks cells, rank by rank from the bottom-left: index = rank * files + file.
    std::vector<DiagramCell> cells;
    std::vector<std::string> file_labels;  ///< "a".."h"
    std::vector<std::string> rank_labels;  ///< "1".."8"
    std::vector<DiagramSide> sides;
    std::vector<DiagramPanel> panels;
    PanelPlacement placement = PanelPlacement::Below;
    std::optional<DiagramLegend> legend;  ///< none in chess, nor when nobody is to move
    std::string status;    ///< one line: "White to move", "Checkmate: Black wins (0-1)"
    std::string position;  ///< the position string (FEN) the diagram shows

    DiagramCell& cell(int file, int rank) { return cells[rank * files + file]; }
    const DiagramCell& cell(int file, int rank) const { return cells[rank * files + file]; }
    /// The cell's name, file label then rank label ("e4").
    std::string square_name(int file, int rank) const;
};

}  // namespace floe::formats
