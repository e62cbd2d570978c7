#include "formats/diagram_text.hpp"

#include <algorithm>
#include <string_view>
#include <vector>

#include "rules/common/ascii.hpp"

namespace floe::formats {

namespace {

// A side's letter in lower case: the name of its colour ("y").
std::string lower(std::string text) {
    for (char& c : text) c = rules::ascii_lower(c);
    return text;
}

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

// A cell of pyramids in Unicode: an arrow pointing where the pieces point, turned with the board
// (▲▶▼◀ and the diagonals), or ■ for an upright pyramid; then the colour letter, the nest's
// sizes ascending and `'` for a spent piece: `▲y12`, `■b3`.
std::string pyramid_text(const Diagram& d, const DiagramCell& cell, bool flip) {
    static constexpr std::string_view arrows[] = {"▲", "◥", "▶", "◢", "▼", "◣", "◀", "◤"};
    const DiagramPiece& outer                  = cell.pieces.front();
    std::string out(outer.direction < 0 ? "■" : arrows[(outer.direction + (flip ? 4 : 0)) % 8]);
    out += lower(d.sides[outer.colour].letter);
    for (auto it = cell.pieces.rbegin(); it != cell.pieces.rend(); ++it)
        out += static_cast<char>('0' + it->size);
    if (outer.spent) out += '\'';
    return out;
}

std::string cell_text(const Diagram& d, const DiagramCell& cell, const TextDiagramOptions& o) {
    if (cell.shape == CellShape::Absent) return " ";
    if (!cell.pieces.empty()) {
        if (!o.unicode) return cell.code;
        if (cell.pieces.front().size > 0) return pyramid_text(d, cell, o.flip);
        return std::string(figurine(cell.pieces.back()));
    }
    if (cell.ice) return o.unicode ? "▒" : "*";
    return o.unicode ? "·" : ".";
}

// Terminal columns of a text: its code points (every glyph used here is one column wide).
std::size_t columns(std::string_view text) {
    std::size_t n = 0;
    for (const unsigned char c : text) n += (c & 0xC0) != 0x80;
    return n;
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
    std::vector<std::string> texts;
    texts.reserve(d.cells.size());
    std::size_t cell_width = 1;
    for (const auto& c : d.cells) {
        texts.push_back(cell_text(d, c, options));
        cell_width = std::max(cell_width, columns(texts.back()));
    }
    // Cells one column wide (chess in Unicode) go side by side; wider ones (FEN letters in
    // text, Glacial Shift cells) are padded to the widest and separated by a space.
    const bool compact               = options.unicode && cell_width == 1;
    const std::string_view separator = compact ? "" : " ";
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
            const std::string& text = texts[rank * d.files + file];
            if (col > 0) out += separator;
            out += text;
            pad_to(out, cell_width, columns(text));
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
            pad_to(out, cell_width, label.size());
        }
        trim_line_end(out);
        out += '\n';
    }
    for (const DiagramPanel& panel : d.panels) {
        out += panel.label;
        out += ':';
        for (const DiagramPiece& piece : panel.pieces) {
            out += ' ';
            out += options.unicode ? figurine(piece) : std::string_view(piece.code);
        }
        out += '\n';
    }
    if (d.legend) {
        out += "Families:";
        for (std::size_t i = 0; i < d.legend->entries.size(); ++i) {
            const LegendEntry& e = d.legend->entries[i];
            out += i == 0 ? " " : ", ";
            out += e.name + ' ' + lower(d.sides[e.piece.colour].letter);
        }
        out += '\n';
    }
    out += d.status;
    out += '\n';
    return out;
}

}  // namespace floe::formats
