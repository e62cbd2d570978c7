#include "formats/diagram_text.hpp"

#include <string_view>

namespace floe::formats {

namespace {

using rules::chess::Color;
using rules::chess::make_square;
using rules::chess::Piece;
using rules::chess::PieceType;
using rules::chess::Position;
using rules::chess::Termination;

char square_char(const Position& position, int file, int rank) {
    const auto s = make_square(file, rank);
    if (position.is_ice(s)) return '*';
    const Piece p = position.piece_at(s);
    if (p.type == PieceType::None) return '.';
    const char letter = rules::chess::piece_letter(p.type);
    return p.color == Color::White ? letter : static_cast<char>(letter - 'A' + 'a');
}

std::string_view color_name(Color c) { return c == Color::White ? "White" : "Black"; }

std::string_view result_text(Color winner) { return winner == Color::White ? "1-0" : "0-1"; }

void append_status(std::string& out, const Position& position) {
    const auto outcome = position.outcome();
    const Color turn   = position.side_to_move();
    switch (outcome.termination) {
        case Termination::None:
            out += color_name(turn);
            out += " to move";
            if (position.in_check()) out += ", in check";
            break;
        case Termination::Checkmate:
            out += "Checkmate: ";
            out += color_name(~turn);
            out += " wins (";
            out += result_text(~turn);
            out += ')';
            break;
        case Termination::Stalemate:
            out += "Stalemate: draw (1/2-1/2)";
            break;
        case Termination::KingFrozen: {
            const Color winner = outcome.winner.value_or(turn);
            out += color_name(~winner);
            out += "'s king froze: ";
            out += color_name(winner);
            out += " wins (";
            out += result_text(winner);
            out += ')';
            break;
        }
        case Termination::BothKingsFrozen:
            out += "Both kings froze: draw (1/2-1/2)";
            break;
    }
    out += '\n';
}

}  // namespace

std::string make_text_diagram(const Position& position, bool flip) {
    std::string out;
    out.reserve(8 * 19 + 19 + 40);
    for (int row = 0; row < 8; ++row) {
        const int rank = flip ? row : 7 - row;
        out += static_cast<char>('1' + rank);
        out += ' ';
        for (int col = 0; col < 8; ++col) {
            const int file = flip ? 7 - col : col;
            out += ' ';
            out += square_char(position, file, rank);
        }
        out += '\n';
    }
    out += flip ? "   h g f e d c b a\n" : "   a b c d e f g h\n";
    append_status(out, position);
    return out;
}

}  // namespace floe::formats
