#include "formats/diagram_text.hpp"

#include <algorithm>
#include <string_view>

namespace floe::formats {

namespace {

// The figurine of a chess piece for the Unicode diagram; other shapes fall back to their code.
std::string_view figurine(const DiagramPiece& piece) {
    // clang-format off
    static constexpr struct { std::string_view shape, white, black; } glyphs[] = {
        {"king", "♔", "♚"}, {"queen", "♕", "♛"}, {"rook", "♖", "♜"},
        {"bishop", "♗", "♝"}, {"knight", "♘", "♞"}, {"pawn", "♙", "♟"},
    };
    // clang-format on
    for (const auto& g : glyphs)
        if (g.shape == piece.shape && piece.colour <= 1)
            return piece.colour == 0 ? g.white : g.black;
    return piece.code;
}

std::string cell_text(const DiagramCell& cell, bool unicode) {
    if (cell.shape == CellShape::Absent) return " ";
    if (!cell.pieces.empty()) {
        return std::string(unicode ? figurine(cell.pieces.back()) : cell.pieces.back().code);
    }
    if (cell.ice) return unicode ? "▒" : "*";
    return unicode ? "·" : ".";
}

// Width in columns of a cell's text form: its code's length (ASCII), at least 1.
std::size_t code_width(const DiagramCell& cell) {
    return cell.pieces.empty() ? 1 : std::max<std::size_t>(1, cell.pieces.back().code.size());
}

void pad_to(std::string& out, std::size_t width, std::size_t have) {
    if (have < width) out.append(width - have, ' ');
}

void trim_line_end(std::string& out) {
    while (!out.empty() && out.back() == ' ') out.pop_back();
}

}  // namespace

std::string render_text_diagram(const Diagram& d, const TextDiagramOptions& options) {
    std::size_t label_width = 0;
    for (const auto& l : d.rank_labels) label_width = std::max(label_width, l.size());
    // Text cells are as wide as the widest code (1 in chess); Unicode cells are one column.
    std::size_t cell_width = 1;
    if (!options.unicode)
        for (const auto& c : d.cells) cell_width = std::max(cell_width, code_width(c));
    const std::string_view separator = options.unicode ? "" : " ";
    const std::string_view gap       = options.unicode ? " " : "  ";

    std::string out;
    for (int row = 0; row < d.ranks; ++row) {
        const int rank = options.flip ? row : d.ranks - 1 - row;
        if (options.coordinates) {
            pad_to(out, label_width, d.rank_labels[rank].size());
            out += d.rank_labels[rank];
            out += gap;
        }
        for (int col = 0; col < d.files; ++col) {
            const int file          = options.flip ? d.files - 1 - col : col;
            const DiagramCell& cell = d.cell(file, rank);
            if (col > 0) out += separator;
            out += cell_text(cell, options.unicode);
            if (!options.unicode) pad_to(out, cell_width, code_width(cell));
        }
        trim_line_end(out);
        out += '\n';
    }
    if (options.coordinates) {
        out.append(label_width + gap.size(), ' ');
        for (int col = 0; col < d.files; ++col) {
            const int file           = options.flip ? d.files - 1 - col : col;
            const std::string& label = d.file_labels[file];
            if (col > 0) out += separator;
            out += label;
            if (!options.unicode) pad_to(out, cell_width, label.size());
        }
        trim_line_end(out);
        out += '\n';
    }
    for (const DiagramPanel& panel : d.panels) {
        out += d.sides[panel.owner].name;
        out += " in hand:";
        for (const DiagramPiece& piece : panel.pieces) {
            out += ' ';
            out += options.unicode ? figurine(piece) : std::string_view(piece.code);
        }
        out += '\n';
    }
    out += d.status;
    out += '\n';
    return out;
}

std::string make_text_diagram(const rules::chess::Position& position, bool flip) {
    return render_text_diagram(make_chess_diagram(position), {.flip = flip});
}

std::string make_unicode_diagram(const rules::chess::Position& position, bool flip) {
    return render_text_diagram(make_chess_diagram(position), {.flip = flip, .unicode = true});
}

}  // namespace floe::formats
