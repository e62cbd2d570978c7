#include "formats/diagram_svg.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>

#include "formats/xml_escape.hpp"

namespace floe::formats {

namespace {

// Board colours. The last-move tints replace the shade, so a marked square has one flat colour.
constexpr std::string_view LightColour     = "#f0d9b5";
constexpr std::string_view DarkColour      = "#b58863";
constexpr std::string_view LightLastColour = "#f2e58a";
constexpr std::string_view DarkLastColour  = "#d1b64e";
constexpr std::string_view FrameColour     = "#f7f3ea";
constexpr std::string_view FrozenFrame     = "#1c3f8c";
constexpr std::string_view NewIceFrame     = "#1f9e96";
constexpr std::string_view LastFrame       = "#e0781a";  ///< the last move on tinted zones

// The pieces, drawn for this project on a 45x45 grid. Each shape is a list of parts: bodies
// (filled with the side's colour, outlined with its stroke) and details (lines or dots in the
// side's detail colour, drawn on the body).
struct PiecePart {
    bool detail;
    std::string_view svg;  ///< one element without its paint attributes
};

struct PieceShape {
    std::string_view name;
    std::vector<PiecePart> parts;
};

// clang-format off
const std::vector<PieceShape>& piece_shapes() {
    static const std::vector<PieceShape> shapes = {
        {"pawn", {
            {false, R"(<path d="M19,22.5C18.5,28 16,31 14,33.5L31,33.5C29,31 26.5,28 26,22.5Z")"},
            {false, R"(<rect x="11" y="33" width="23" height="5.5" rx="2")"},
            {false, R"(<rect x="16.5" y="19" width="12" height="3.5" rx="1.5")"},
            {false, R"(<circle cx="22.5" cy="12.5" r="5.5")"},
        }},
        {"rook", {
            {false, R"(<rect x="9.5" y="33.5" width="26" height="5.5" rx="1.5")"},
            {false, R"(<rect x="12.5" y="29.5" width="20" height="4")"},
            {false, R"(<path d="M14.5,17L30.5,17L29.5,29.5L15.5,29.5Z")"},
            {false, R"(<path d="M11.5,8h5v3.5h4v-3.5h4v3.5h4v-3.5h5v6l-3,3h-16l-3,-3Z")"},
            {true, R"(<path d="M15.2,20.5H29.8M15.6,26.5H29.4" fill="none")"},
        }},
        {"bishop", {
            {false, R"(<rect x="10" y="34" width="25" height="5" rx="2")"},
            {false, R"(<rect x="15" y="29" width="15" height="5" rx="1.5")"},
            {false, R"(<path d="M22.5,10C15,15.5 13.5,23 17,29L28,29C31.5,23 30,15.5 22.5,10Z")"},
            {false, R"(<circle cx="22.5" cy="7.5" r="2.8")"},
            {true, R"(<path d="M25.5,15.5L20.5,22.5" fill="none")"},
        }},
        {"knight", {
            {false, R"(<rect x="10" y="34" width="25" height="5" rx="2")"},
            {false, R"(<path d="M13.5,34C13.5,28.5 16.5,25 20.5,22.5L13,25.5C11,26.5 9,25.5 9,23.5C9,21.5 10,20.5 11,19.5L18.5,11.5L19,6.5L22.5,10C29.5,10.5 34.5,17 34.5,26L34.5,34Z")"},
            {true, R"(<circle cx="17" cy="15.5" r="1.4" stroke="none")"},
            {true, R"(<path d="M24,11.5C29,13.5 31.5,18 32,24" fill="none")"},
        }},
        {"queen", {
            {false, R"(<rect x="10" y="33" width="25" height="5.5" rx="2")"},
            {false, R"(<path d="M11,33L9,15L15.5,25L16.5,11.5L21,23L22.5,9.5L24,23L28.5,11.5L29.5,25L36,15L34,33Z")"},
            {false, R"(<circle cx="9" cy="13.5" r="2.3")"},
            {false, R"(<circle cx="16.5" cy="10" r="2.3")"},
            {false, R"(<circle cx="22.5" cy="8" r="2.3")"},
            {false, R"(<circle cx="28.5" cy="10" r="2.3")"},
            {false, R"(<circle cx="36" cy="13.5" r="2.3")"},
            {true, R"(<path d="M12,29.5H33" fill="none")"},
        }},
        {"king", {
            {false, R"(<rect x="10" y="33" width="25" height="5.5" rx="2")"},
            {false, R"(<path d="M12,33C6,26 8.5,17.5 16.5,18C19.5,18.5 21.5,21 22.5,23.5C23.5,21 25.5,18.5 28.5,18C36.5,17.5 39,26 33,33Z")"},
            {false, R"(<path d="M21,4.5h3v4h4v3h-4v7.5h-3v-7.5h-4v-3h4Z")"},
            {true, R"(<path d="M12.5,29.5H32.5M22.5,24V29.5" fill="none")"},
        }},
    };
    return shapes;
}

// Coordinate and label glyphs: single-stroke paths on a 4x6 grid (baseline y=6; `g` and `y`
// descend to 7.5). Only the letters floe writes: files, ranks, and the Glacial Shift panel and
// legend words.
struct Glyph {
    char c;
    std::string_view d;
};
constexpr Glyph glyphs[] = {
    {'a', "M3.5,2.7V6M3.5,4.35A1.6,1.65 0 0 0 0.3,4.35A1.6,1.65 0 0 0 3.5,4.35"},
    {'b', "M0.5,0V6M0.5,4.35A1.6,1.65 0 0 1 3.7,4.35A1.6,1.65 0 0 1 0.5,4.35"},
    {'c', "M3.13,3.18A1.6,1.65 0 1 0 3.13,5.52"},
    {'d', "M3.7,0V6M3.7,4.35A1.6,1.65 0 0 0 0.5,4.35A1.6,1.65 0 0 0 3.7,4.35"},
    {'e', "M0.4,4.35H3.6A1.6,1.65 0 1 0 3.2,5.45"},
    {'f', "M3.4,0.6Q2,-0.2 2,1.6V6M0.8,2.8H3.2"},
    {'g', "M3.5,2.7V6.3Q3.5,7.6 1,7.3M3.5,4.2A1.6,1.5 0 0 0 0.3,4.2A1.6,1.5 0 0 0 3.5,4.2"},
    {'h', "M0.5,0V6M0.5,4.2C0.5,2.2 3.5,2.2 3.5,4.2V6"},
    {'i', "M2,2.8V6M2,1.1V1.2"},
    {'k', "M0.5,0V6M3.3,2.7L0.5,4.6M1.4,4L3.5,6"},
    {'l', "M2,0V6"},
    {'m', "M0.3,6V2.7M0.3,3.8C0.3,2.4 2,2.4 2,3.8V6M2,3.8C2,2.4 3.7,2.4 3.7,3.8V6"},
    {'n', "M0.5,2.7V6M0.5,4.2C0.5,2.2 3.5,2.2 3.5,4.2V6"},
    {'o', "M0.4,4.35A1.6,1.65 0 0 0 3.6,4.35A1.6,1.65 0 0 0 0.4,4.35"},
    {'r', "M0.8,2.7V6M0.8,4.2C0.8,3 2,2.6 3.4,2.9"},
    {'s', "M3.3,3.1Q2.2,2.4 1.1,2.9Q0.2,3.5 1.2,4.1L2.8,4.6Q3.8,5.3 2.8,5.9Q1.6,6.4 0.5,5.6"},
    {'t', "M1.8,0.8V5.2Q1.8,6.2 3.2,5.9M0.6,2.8H3.2"},
    {'u', "M0.5,2.7V4.5C0.5,6.5 3.5,6.5 3.5,4.5M3.5,2.7V6"},
    {'v', "M0.4,2.7L2,6L3.6,2.7"},
    {'w', "M0.2,2.7L1,6L2,3.6L3,6L3.8,2.7"},
    {'y', "M0.4,2.7L2,6M3.6,2.7L1.6,7.5"},
    {'B', "M0.5,0.5V6H2.4C4.2,6 4.2,3.2 2.4,3.2H0.5M0.5,0.5H2.2C3.8,0.5 3.8,3.2 2.2,3.2"},
    {'C', "M3.5,1.3C2.5,0.2 0.3,0.5 0.3,3.25C0.3,6 2.5,6.3 3.5,5.2"},
    {'G', "M3.5,1.3C2.5,0.2 0.3,0.5 0.3,3.25C0.3,6 2.6,6.4 3.7,5.2V3.6H2.2"},
    {'L', "M0.6,0.5V6H3.6"},
    {'R', "M0.5,6V0.5H2.2C3.9,0.5 3.9,3.3 2.2,3.3H0.5M2,3.3L3.7,6"},
    {'S', "M3.4,1.2C2.6,0.2 0.5,0.4 0.5,1.8C0.5,3.3 3.6,2.9 3.6,4.5C3.6,6.2 1.2,6.3 0.4,5.3"},
    {'Y', "M0.3,0.5L2,3.3L3.7,0.5M2,3.3V6"},
    {'0', "M2,0.5C-0.2,0.5 -0.2,6 2,6C4.2,6 4.2,0.5 2,0.5Z"},
    {'1', "M1,1.6L2.5,0.5V6M1.2,6H3.8"},
    {'2', "M0.6,1.8C0.6,0 3.6,0 3.6,1.8C3.6,3.2 0.6,4.5 0.6,6H3.7"},
    {'3', "M0.6,0.5H3.5L1.8,2.7C4.2,2.7 4.2,6 2,6C1.2,6 0.7,5.7 0.4,5.3"},
    {'4', "M2.9,6V0.5L0.3,4.3H3.9"},
    {'5', "M3.5,0.5H0.9L0.6,2.9C2.8,2.1 3.8,3.3 3.8,4.3C3.8,6.4 1.2,6.4 0.4,5.4"},
    {'6', "M0.4,4.4A1.6,1.6 0 0 0 3.6,4.4A1.6,1.6 0 0 0 0.4,4.4M0.4,4.4C0.4,1.5 1.8,0.5 3.3,0.6"},
    {'7', "M0.4,0.5H3.7L1.5,6"},
    {'8', "M2,0.5A1.35,1.35 0 0 0 2,3.2A1.35,1.35 0 0 0 2,0.5M2,3.2A1.55,1.4 0 0 0 2,6A1.55,1.4 0 0 0 2,3.2"},
    {'9', "M3.6,2.1A1.6,1.6 0 0 0 0.4,2.1A1.6,1.6 0 0 0 3.6,2.1C3.6,5 2.4,6 0.8,5.9"},
};
// clang-format on

// A lying pyramid seen from above, pointing north on the 45-unit grid: half its base and its
// height per size (small, medium, large), centred on the cell, so the pyramids of a nest are
// nested triangles. An upright pyramid is a square of side `block`, its edges meeting at the apex.
struct PyramidSize {
    double half_base, height, block;
};
constexpr PyramidSize PyramidSizes[] = {{8, 18, 14}, {11.5, 26, 22}, {15, 34, 30}};

// Geometry of the panels and legend column right of the board (PanelPlacement::Right), in
// squares: icons per row, icon side, label line height and glyph height, gap after a panel.
constexpr int ColumnIcons           = 9;
constexpr double ColumnIcon         = 0.5;
constexpr double ColumnLabelLine    = 0.45;
constexpr double ColumnGlyph        = 0.28;
constexpr double ColumnGap          = 0.15;
constexpr double ColumnMargin       = 0.3;
constexpr std::string_view Ink      = "#4d4d4d";
constexpr std::string_view GridLine = "#000000";

// A number without trailing zeros: SVG files stay short and byte-stable.
std::string num(double v) {
    std::string s = fmt::format("{:.2f}", v);
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    if (s == "-0") s = "0";
    return s;
}

std::string piece_id(const DiagramPiece& p) {
    if (p.size > 0) return fmt::format("floe-{}-{}-{}", p.shape, p.colour, p.size);
    return fmt::format("floe-{}-{}", p.shape, p.colour);
}

bool has_pyramids(const Diagram& d) {
    for (const DiagramCell& c : d.cells)
        for (const DiagramPiece& p : c.pieces)
            if (p.size > 0) return true;
    for (const DiagramPanel& panel : d.panels)
        for (const DiagramPiece& p : panel.pieces)
            if (p.size > 0) return true;
    return false;
}

std::string marks_text(std::uint8_t marks) {
    std::string out;
    auto add = [&](std::uint8_t bit, std::string_view name) {
        if (!(marks & bit)) return;
        if (!out.empty()) out += ' ';
        out += name;
    };
    add(MarkLastFrom, "last-from");
    add(MarkLastTo, "last-to");
    add(MarkCheck, "check");
    add(MarkFrozen, "frozen");
    add(MarkNewIce, "new-ice");
    return out;
}

// A piece scaled from the 45-unit grid to `side` pixels at (x, y); a piece with a direction is
// turned about its centre to point that way (north is up, south with `flip`).
void append_piece(std::string& out, const DiagramPiece& p, double x, double y, double side,
                  bool flip = false, std::string_view extra = "") {
    std::string turn;
    if (p.direction >= 0) {
        const int angle = (p.direction * 45 + (flip ? 180 : 0)) % 360;
        if (angle) turn = fmt::format(" rotate({} 22.5 22.5)", angle);
    }
    fmt::format_to(std::back_inserter(out),
                   R"~(<use xlink:href="#{}" transform="translate({},{}) scale({}){}"{}/>)~",
                   piece_id(p), num(x), num(y), num(side / 45.0), turn, extra);
}

// A word in the stroke glyphs, its left edge at x and its glyphs `height` tall from `top`.
void append_text(std::string& out, std::string_view text, double x, double top, double height) {
    const double scale = height / 6.0;
    for (char c : text) {
        const bool known = std::any_of(std::begin(glyphs), std::end(glyphs),
                                       [c](const Glyph& g) { return g.c == c; });
        if (known)
            fmt::format_to(
                std::back_inserter(out),
                R"~(<use xlink:href="#floe-glyph-{}" transform="translate({},{}) scale({})"/>)~", c,
                num(x), num(top), num(scale));
        x += 5.0 * scale;
    }
}

// A label centred on (cx, cy), in the stroke glyphs.
void append_glyphs(std::string& out, std::string_view label, double cx, double cy, double height) {
    const double scale   = height / 6.0;
    const double advance = 5.0 * scale;
    append_text(out, label, cx - (advance * static_cast<double>(label.size()) - scale) / 2.0,
                cy - height / 2.0, height);
}

// The panels and the legend in a column right of the board (PanelPlacement::Right), top-left at
// (x, y): drawn into `out` when given; returns the column's height in pixels.
double right_column(std::string* out, const Diagram& d, double x, double y, double sq, bool flip) {
    const double top = y, icon = sq * ColumnIcon, glyph = sq * ColumnGlyph;
    const double label_top = (ColumnLabelLine - ColumnGlyph) / 2 * sq;
    for (const DiagramPanel& panel : d.panels) {
        if (out) {
            fmt::format_to(std::back_inserter(*out), R"(<g data-panel="{}">)",
                           xml_escape(panel.owner >= 0 ? d.sides[panel.owner].name : panel.label));
            append_text(*out, panel.label, x, y + label_top, glyph);
        }
        y += ColumnLabelLine * sq;
        for (std::size_t i = 0; out && i < panel.pieces.size(); ++i) {
            const DiagramPiece& p = panel.pieces[i];
            // Drawn a little larger than their slot: even a large pyramid leaves a gap.
            const double grow = icon * 0.12;
            append_piece(*out, p, x + static_cast<double>(i % ColumnIcons) * icon - grow / 2,
                         y + static_cast<double>(i / ColumnIcons) * icon - grow / 2, icon + grow,
                         flip, fmt::format(R"( data-piece="{}")", xml_escape(p.code)));
        }
        if (out) *out += "</g>";
        const std::size_t rows =
            std::max<std::size_t>(1, (panel.pieces.size() + ColumnIcons - 1) / ColumnIcons);
        y += static_cast<double>(rows) * icon + ColumnGap * sq;
    }
    if (d.legend) {
        if (out) {
            *out += R"(<g data-legend="families">)";
            append_text(*out, d.legend->title, x, y + label_top, glyph);
        }
        y += ColumnLabelLine * sq;
        for (const LegendEntry& e : d.legend->entries) {
            if (out) {
                append_piece(*out, e.piece, x, y, icon, flip);
                append_text(*out, e.name, x + icon * 1.3, y + (icon - glyph) / 2, glyph);
            }
            y += icon;
        }
        if (out) *out += "</g>";
    }
    return y - top;
}

// The column's top: level with the board, at least a margin below the picture's edge.
double column_top(double border, double sq) { return std::max(border, ColumnMargin * sq); }

bool column_right(const Diagram& d) {
    return d.placement == PanelPlacement::Right && (!d.panels.empty() || d.legend);
}

}  // namespace

SvgLayout svg_layout(const Diagram& d, const SvgOptions& options) {
    SvgLayout l;
    l.square = static_cast<double>(options.size) / std::max(d.files, d.ranks);
    l.border = options.coordinates ? l.square * 0.5 : 0.0;
    l.width  = l.square * d.files + 2 * l.border;
    l.height = l.square * d.ranks + 2 * l.border;
    if (column_right(d)) {
        l.width += (2 * ColumnMargin + ColumnIcons * ColumnIcon) * l.square;
        const double column = right_column(nullptr, d, 0, 0, l.square, options.flip);
        l.height =
            std::max(l.height, column_top(l.border, l.square) + column + ColumnMargin * l.square);
    } else {
        l.height += static_cast<double>(d.panels.size()) * l.square * 0.8;
    }
    return l;
}

std::string render_svg_defs(const Diagram& d) {
    std::string out     = "<defs>";
    const bool pyramids = has_pyramids(d);
    for (std::size_t side = 0; pyramids && side < d.sides.size(); ++side) {
        const DiagramSide& s = d.sides[side];
        for (int size = 1; size <= 3; ++size) {
            const PyramidSize& z = PyramidSizes[size - 1];
            const double apex = 22.5 - z.height / 2, base = 22.5 + z.height / 2;
            fmt::format_to(
                std::back_inserter(out),
                R"(<g id="floe-pyramid-{}-{}" stroke-linejoin="round">)"
                R"(<path d="M22.5,{}L{},{}H{}Z" fill="{}" stroke="{}" stroke-width="1.2"/>)"
                R"(<path d="M22.5,{}V{}" fill="none" stroke="{}" stroke-width="0.8"/>)",
                side, size, num(apex), num(22.5 + z.half_base), num(base), num(22.5 - z.half_base),
                s.fill, s.stroke, num(apex + 3), num(base - 6), s.detail);
            // Pips near the base count the pyramid's size, as on Icehouse pieces.
            for (int pip = 0; pip < size; ++pip)
                fmt::format_to(
                    std::back_inserter(out), R"(<circle cx="{}" cy="{}" r="1.1" fill="{}"/>)",
                    num(22.5 + (pip - (size - 1) / 2.0) * 3.2), num(base - 3.2), s.detail);
            out += "</g>";
            const double b = z.block, x0 = 22.5 - b / 2, x1 = 22.5 + b / 2;
            fmt::format_to(
                std::back_inserter(out),
                R"(<g id="floe-block-{}-{}"><rect x="{}" y="{}" width="{}" height="{}" )"
                R"(fill="{}" stroke="{}" stroke-width="1.2"/>)"
                R"(<path d="M{},{}L{},{}M{},{}L{},{}" stroke="{}" stroke-width="0.8"/></g>)",
                side, size, num(x0), num(x0), num(b), num(b), s.fill, s.stroke, num(x0), num(x0),
                num(x1), num(x1), num(x1), num(x0), num(x0), num(x1), s.detail);
        }
    }
    for (std::size_t side = 0; !pyramids && side < d.sides.size(); ++side) {
        const DiagramSide& s = d.sides[side];
        for (const PieceShape& shape : piece_shapes()) {
            fmt::format_to(std::back_inserter(out), R"(<g id="floe-{}-{}" stroke-width="1.5" )",
                           shape.name, side);
            out += R"(stroke-linejoin="round" stroke-linecap="round">)";
            for (const PiecePart& part : shape.parts) {
                // A part names the paint it does not take from the side (fill="none").
                const std::string_view fill   = part.detail ? s.detail : s.fill;
                const std::string_view stroke = part.detail ? s.detail : s.stroke;
                out += part.svg;
                if (part.svg.find("fill=") == std::string_view::npos)
                    fmt::format_to(std::back_inserter(out), R"( fill="{}")", fill);
                if (part.svg.find("stroke=") == std::string_view::npos)
                    fmt::format_to(std::back_inserter(out), R"( stroke="{}")", stroke);
                out += "/>";
            }
            out += "</g>";
        }
    }
    // The ice cube: a pale block with a lit top-left bevel and a shaded bottom-right one.
    out +=
        R"(<g id="floe-ice">)"
        R"(<rect x="2.5" y="2.5" width="40" height="40" rx="4" fill="#cdeefb" stroke="#7fb3d1" stroke-width="1.2"/>)"
        R"(<path d="M7,7H38L34,11H11V34L7,38Z" fill="#effbff"/>)"
        R"(<path d="M38,7V38H7L11,34H34V11Z" fill="#a6d3e8"/>)"
        R"(</g>)";
    // A sparkle on newly iced cells.
    out +=
        R"(<path id="floe-sparkle" d="M34,6L35.5,10.5L40,12L35.5,13.5L34,18L32.5,13.5L28,12L32.5,10.5Z" fill="#ffffff" stroke="#1f9e96" stroke-width="0.8"/>)";
    out += R"(<radialGradient id="floe-check-glow">)"
           R"(<stop offset="0" stop-color="#ff0000"/><stop offset="0.45" stop-color="#e70000"/>)"
           R"(<stop offset="1" stop-color="#a50000" stop-opacity="0"/></radialGradient>)";
    for (const Glyph& g : glyphs)
        fmt::format_to(std::back_inserter(out),
                       R"(<path id="floe-glyph-{}" d="{}" fill="none" stroke="{}" )"
                       R"(stroke-width="0.75" stroke-linecap="round" stroke-linejoin="round"/>)",
                       g.c, g.d, Ink);
    out += "</defs>";
    return out;
}

namespace {

// The <g> that opens a cell: its square, its code, its data and marks, and its place.
void open_cell(std::string& out, const Diagram& d, int file, int rank, double x, double y) {
    const DiagramCell& cell = d.cell(file, rank);
    fmt::format_to(std::back_inserter(out), R"(<g data-square="{}" data-piece="{}")",
                   xml_escape(d.square_name(file, rank)), xml_escape(cell.code));
    for (const auto& [name, value] : cell.data)
        fmt::format_to(std::back_inserter(out), R"( data-{}="{}")", name, xml_escape(value));
    if (cell.marks)
        fmt::format_to(std::back_inserter(out), R"( data-marks="{}")", marks_text(cell.marks));
    fmt::format_to(std::back_inserter(out), R"~( transform="translate({},{})">)~", num(x), num(y));
}

// A cell's ground: its shade, its zone's tint or the last move's tint, and the red glow of a
// king in check.
void append_ground(std::string& out, const Diagram& d, const DiagramCell& cell, double sq,
                   bool last, bool zoned) {
    const bool light      = cell.shade == CellShade::Light;
    std::string_view fill = light ? LightColour : DarkColour;
    if (cell.zone >= 0) fill = d.sides[cell.zone].tint;
    // On a board of tinted zones a tinted last move would read as a zone: it is framed.
    if (last && !zoned) fill = light ? LightLastColour : DarkLastColour;
    fmt::format_to(std::back_inserter(out), R"(<rect width="{0}" height="{0}" fill="{1}")", num(sq),
                   fill);
    // A zone's cells share one tint: faint lines keep them apart.
    if (cell.zone >= 0)
        fmt::format_to(std::back_inserter(out),
                       R"( stroke="{}" stroke-opacity="0.18" stroke-width="{}")", GridLine,
                       num(sq / 45.0));
    out += "/>";
    if (cell.marks & MarkCheck)
        fmt::format_to(std::back_inserter(out),
                       R"~(<rect width="{0}" height="{0}" fill="url(#floe-check-glow)"/>)~",
                       num(sq));
}

// A frame `w` wide inside a cell's edge.
void append_frame(std::string& out, double sq, double w, std::string_view colour) {
    fmt::format_to(std::back_inserter(out),
                   R"(<rect x="{0}" y="{0}" width="{1}" height="{1}" fill="none" )"
                   R"(stroke="{2}" stroke-width="{3}"/>)",
                   num(w / 2), num(sq - w), colour, num(w));
}

// What lies on a cell's ground: its ice (with a frozen piece as a ghost in it), the last move's
// frame on a zoned board, the frame of a piece that froze or of new ice (with its sparkle), its
// pieces and the dot of a spent one.
void append_cell_content(std::string& out, const DiagramCell& cell, double sq, bool last,
                         bool zoned, bool flip) {
    const std::string scale = num(sq / 45.0);
    if (cell.ice) {
        fmt::format_to(std::back_inserter(out),
                       R"~(<use xlink:href="#floe-ice" transform="scale({})"/>)~", scale);
        if (cell.frozen) append_piece(out, *cell.frozen, 0, 0, sq, flip, R"( opacity="0.4")");
    }
    if (last && zoned) append_frame(out, sq, sq * 0.07, LastFrame);
    if (cell.marks & MarkFrozen) {
        append_frame(out, sq, sq * 0.08, FrozenFrame);
    } else if (cell.marks & MarkNewIce) {
        append_frame(out, sq, sq * 0.04, NewIceFrame);
        fmt::format_to(std::back_inserter(out),
                       R"~(<use xlink:href="#floe-sparkle" transform="scale({})"/>)~", scale);
    }
    for (const DiagramPiece& p : cell.pieces) append_piece(out, p, 0, 0, sq, flip);
    // A spent piece (it can no longer promote) carries a dot in the corner.
    if (!cell.pieces.empty() && cell.pieces.front().spent)
        fmt::format_to(std::back_inserter(out),
                       R"(<circle cx="{}" cy="{}" r="{}" fill="{}" data-spent="1"/>)",
                       num(sq * 0.86), num(sq * 0.14), num(sq * 0.06), Ink);
}

// Every cell of the board, row by row from the top as seen (`flip` turns the board).
void append_cells(std::string& out, const Diagram& d, const SvgLayout& l, bool flip) {
    const double sq  = l.square;
    const bool zoned = std::any_of(d.cells.begin(), d.cells.end(),
                                   [](const DiagramCell& c) { return c.zone >= 0; });
    for (int row = 0; row < d.ranks; ++row) {
        const int rank = flip ? row : d.ranks - 1 - row;
        for (int col = 0; col < d.files; ++col) {
            const int file          = flip ? d.files - 1 - col : col;
            const DiagramCell& cell = d.cell(file, rank);
            if (cell.shape == CellShape::Absent) continue;
            open_cell(out, d, file, rank, l.border + col * sq, l.border + row * sq);
            const bool last = cell.marks & (MarkLastFrom | MarkLastTo);
            append_ground(out, d, cell, sq, last, zoned);
            append_cell_content(out, cell, sq, last, zoned, flip);
            out += "</g>";
        }
    }
}

// The rank labels left of the board and the file labels below it.
void append_coordinates(std::string& out, const Diagram& d, const SvgLayout& l, bool flip) {
    const double sq = l.square;
    const double h  = l.border * 0.5;
    for (int row = 0; row < d.ranks; ++row) {
        const int rank = flip ? row : d.ranks - 1 - row;
        append_glyphs(out, d.rank_labels[rank], l.border / 2, l.border + (row + 0.5) * sq, h);
    }
    const double base = l.border + d.ranks * sq + l.border / 2;
    for (int col = 0; col < d.files; ++col) {
        const int file = flip ? d.files - 1 - col : col;
        append_glyphs(out, d.file_labels[file], l.border + (col + 0.5) * sq, base, h);
    }
}

// The side panels: a titled column right of the board, or rows of pieces below it.
void append_panels(std::string& out, const Diagram& d, const SvgLayout& l, bool flip) {
    const double sq = l.square;
    if (column_right(d)) {
        const double x = 2 * l.border + d.files * sq + ColumnMargin * sq;
        right_column(&out, d, x, column_top(l.border, sq), sq, flip);
        return;
    }
    double y = l.border * 2 + d.ranks * sq;
    for (const DiagramPanel& panel : d.panels) {
        fmt::format_to(std::back_inserter(out), R"(<g data-panel="{}">)",
                       xml_escape(d.sides[panel.owner].name));
        double x = l.border;
        for (const DiagramPiece& p : panel.pieces) {
            append_piece(out, p, x, y + sq * 0.05, sq * 0.7, flip,
                         fmt::format(R"( data-piece="{}")", xml_escape(p.code)));
            x += sq * 0.7;
        }
        out += "</g>";
        y += sq * 0.8;
    }
}

}  // namespace

std::string render_svg(const Diagram& d, const SvgOptions& options) {
    const SvgLayout l = svg_layout(d, options);
    std::string out;
    out.reserve(16384);
    fmt::format_to(std::back_inserter(out),
                   R"(<svg xmlns="http://www.w3.org/2000/svg" )"
                   R"(xmlns:xlink="http://www.w3.org/1999/xlink" width="{0}" height="{1}" )"
                   R"(viewBox="0 0 {0} {1}" data-position="{2}">)",
                   num(l.width), num(l.height), xml_escape(d.position));
    if (options.embed_defs) out += render_svg_defs(d);
    if (options.coordinates || !d.panels.empty())
        fmt::format_to(std::back_inserter(out), R"(<rect width="{}" height="{}" fill="{}"/>)",
                       num(l.width), num(l.height), FrameColour);
    append_cells(out, d, l, options.flip);
    if (options.coordinates) append_coordinates(out, d, l, options.flip);
    append_panels(out, d, l, options.flip);
    out += "</svg>\n";
    return out;
}

}  // namespace floe::formats
