#include "formats/diagram_chess.hpp"

#include <string_view>

#include "formats/diagram_text.hpp"
#include "notation/fen.hpp"

namespace floe::formats {

namespace {

using rules::chess::Bitboard;
using rules::chess::Color;
using rules::chess::make_square;
using rules::chess::MoveKind;
using rules::chess::Piece;
using rules::chess::PieceType;
using rules::chess::Position;
using rules::chess::Square;
using rules::chess::Termination;

std::string_view shape_name(PieceType t) {
    constexpr std::string_view names[] = {"pawn", "knight", "bishop", "rook", "queen", "king", ""};
    return names[rules::chess::index(t)];
}

DiagramPiece chess_piece(Piece p) {
    DiagramPiece piece;
    piece.shape       = shape_name(p.type);
    piece.colour      = rules::chess::index(p.color);
    piece.owner       = piece.colour;
    const char letter = rules::chess::piece_letter(p.type);
    piece.code.assign(1, p.color == Color::White ? letter : static_cast<char>(letter - 'A' + 'a'));
    return piece;
}

std::string_view color_name(Color c) { return c == Color::White ? "White" : "Black"; }

std::string_view result_text(Color winner) { return winner == Color::White ? "1-0" : "0-1"; }

// The status line (make_text_diagram documents its forms).
std::string status_line(const Position& position) {
    std::string out;
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
    return out;
}

bool has(Bitboard b, Square s) { return (b >> s) & 1; }

}  // namespace

ChessLastPly chess_last_ply(const Position& before, const rules::chess::Move& move) {
    Position after = before;
    return ChessLastPly{move, after.play(move)};
}

Diagram make_chess_diagram(const Position& position, const std::optional<ChessLastPly>& last) {
    Diagram d;
    d.files = d.ranks = 8;
    d.cells.resize(64);
    for (int i = 0; i < 8; ++i) {
        d.file_labels.emplace_back(1, static_cast<char>('a' + i));
        d.rank_labels.emplace_back(1, static_cast<char>('1' + i));
    }
    d.sides = {{"White", "#ffffff", "#1a1a1a", "#1a1a1a", "", "W"},
               {"Black", "#262626", "#000000", "#e8e8e8", "", "B"}};
    for (int rank = 0; rank < 8; ++rank) {
        for (int file = 0; file < 8; ++file) {
            const Square s    = make_square(file, rank);
            DiagramCell& cell = d.cell(file, rank);
            cell.shade        = (file + rank) % 2 == 0 ? CellShade::Dark : CellShade::Light;
            if (position.is_ice(s)) {
                cell.ice = true;
                cell.code.assign(1, '*');  // not = "*": g++ 12 -Wrestrict false positive
            } else if (const Piece p = position.piece_at(s); p.type != PieceType::None) {
                cell.pieces.push_back(chess_piece(p));
                cell.code = cell.pieces.back().code;
            }
        }
    }
    if (last) {
        const auto& m = last->move;
        if (m.kind != MoveKind::Null && m.from != rules::chess::NoSquare)
            d.cells[m.from].marks |= MarkLastFrom;
        if (m.kind != MoveKind::Null && m.to != rules::chess::NoSquare)
            d.cells[m.to].marks |= MarkLastTo;  // a drop marks only its square
        const auto& event = last->ice_age;
        if (event.happened) {
            for (Square s = 0; s < 64; ++s)
                if (has(event.filled, s)) d.cells[s].marks |= MarkNewIce;
            for (int i = 0; i < event.frozen_count; ++i) {
                const auto& [s, piece] = event.frozen_pieces[i];
                d.cells[s].marks |= MarkFrozen;
                d.cells[s].frozen = chess_piece(piece);
            }
        }
    }
    if (position.in_check()) {
        const Square king = position.king_square(position.side_to_move());
        if (king != rules::chess::NoSquare) d.cells[king].marks |= MarkCheck;
    }
    // Crazyhouse: both pockets, White's first, even when empty (queen to pawn, as the FEN).
    if (position.variant().pockets) {
        for (const Color c : {Color::White, Color::Black}) {
            DiagramPanel& panel = d.panels.emplace_back();
            panel.owner         = rules::chess::index(c);
            panel.label         = std::string(color_name(c)) + " in hand";
            for (const PieceType t : {PieceType::Queen, PieceType::Rook, PieceType::Bishop,
                                      PieceType::Knight, PieceType::Pawn}) {
                for (int i = 0; i < position.pocket_count(c, t); ++i)
                    panel.pieces.push_back(chess_piece({c, t}));
            }
        }
    }
    d.status   = status_line(position);
    d.position = make_fen(position);
    return d;
}

std::string make_text_diagram(const rules::chess::Position& position, bool flip) {
    return render_text_diagram(make_chess_diagram(position), {.flip = flip});
}

std::string make_unicode_diagram(const rules::chess::Position& position, bool flip) {
    return render_text_diagram(make_chess_diagram(position), {.flip = flip, .unicode = true});
}

}  // namespace floe::formats
