#include "rules/chess/illegal_reason.hpp"

#include <bit>
#include <cstdlib>
#include <vector>

#include "rules/chess/attacks.hpp"
#include "rules/chess/move_reader.hpp"

namespace floe::rules::chess {

namespace {

constexpr const char* Names[]  = {"pawn", "knight", "bishop", "rook", "queen", "king"};
constexpr const char* Sides[]  = {"White", "Black"};
constexpr const char* Colors[] = {"white", "black"};

// "the knight on g1 is in the way", "the ice on f1 is in the way", "the bishop on f1 and the
// knight on g1 are in the way": every occupant of `squares`, from the a-file up.
std::string in_the_way(const Position& position, Bitboard squares) {
    std::string out;
    for (Bitboard b = squares; b; b &= b - 1) {
        const auto s = static_cast<Square>(std::countr_zero(b));
        if (!out.empty()) out += " and ";
        out += position.is_ice(s) ? "the ice on " + square_name(s) : piece_on(position, s);
    }
    return out + (std::popcount(squares) > 1 ? " are in the way" : " is in the way");
}

// Why the side to move has no right to castle on that side, with what the board shows outside
// Chess960 (where the right's rook file is gone with the right).
std::string no_right(const Position& position, bool king_side) {
    const Color us         = position.side_to_move();
    const std::string wing = king_side ? "king-side" : "queen-side";
    std::string out        = std::string(Sides[index(us)]) + " has no " + wing + " castling right";
    if (position.variant().castling_960) return out;
    const int rank      = us == Color::White ? 0 : 7;
    const Square home   = make_square(4, rank);
    const Square corner = make_square(king_side ? 7 : 0, rank);
    const Piece rook    = position.piece_at(corner);
    if (position.king_square(us) != home)
        return out + " (the king is not on " + square_name(home) + ")";
    if (rook.type != PieceType::Rook || rook.color != us)
        return out + " (no " + Colors[index(us)] + " rook on " + square_name(corner) + ")";
    return out;
}

// The squares the king crosses from `king` to `to`, then `to`, in that order.
std::vector<Square> king_steps(Square king, Square to) {
    std::vector<Square> out;
    const int step = file_of(to) > file_of(king) ? 1 : -1;
    for (int f = file_of(king) + step; f != file_of(to) + step; f += step)
        out.push_back(make_square(f, rank_of(king)));
    return out;
}

}  // namespace

std::string piece_on(const Position& position, Square s) {
    return std::string("the ") + Names[index(position.piece_at(s).type)] + " on " + square_name(s);
}

std::string pieces_on(const Position& position, Bitboard squares) {
    std::string out;
    int n = 0;
    for (Bitboard b = squares; b; b &= b - 1, ++n) {
        if (n == 2) return out + " and " + std::to_string(std::popcount(b)) + " more";
        if (n == 1) out += " and ";
        out += piece_on(position, static_cast<Square>(std::countr_zero(b)));
    }
    return out;
}

// The conditions in the order of Position::add_king_moves, then Ice Age vchess's test after the
// Ice Age (docs/rules/ice-age-chess.md §3.8).
std::string describe_illegal_castling(const Position& position, bool king_side) {
    const Color us         = position.side_to_move();
    const std::string head = std::string(Sides[index(us)]) + " cannot castle " +
                             (king_side ? "king side: " : "queen side: ");
    const Square king = position.king_square(us);
    const Square rook = position.castling_rook(us, king_side);
    if (king == NoSquare || rook == NoSquare) return head + no_right(position, king_side);
    if (position.in_check())
        return head + "the king on " + square_name(king) + " is in check from " +
               pieces_on(position, position.checkers());
    const int base     = rank_of(king) * 8;
    const auto to      = static_cast<Square>(base + (king_side ? 6 : 2));
    const auto rook_to = static_cast<Square>(base + (king_side ? 5 : 3));
    const Bitboard route =
        attacks::between(king, to) | bit(to) | attacks::between(rook, rook_to) | bit(rook_to);
    if (const Bitboard blockers = position.occupied() & route & ~(bit(king) | bit(rook)))
        return head + in_the_way(position, blockers);
    for (const Square s : king_steps(king, to)) {
        const Bitboard by = position.attackers(s, ~us);
        if (!by) continue;
        if (s == to)
            return head + "the king would be in check on " + square_name(s) + " from " +
                   pieces_on(position, by);
        return head + "the king would pass through " + square_name(s) + ", attacked by " +
               pieces_on(position, by);
    }
    const Move m{king,
                 to,
                 PieceType::King,
                 PieceType::None,
                 PieceType::None,
                 king_side ? MoveKind::CastleKing : MoveKind::CastleQueen};
    if (const Bitboard by = position.king_attackers_after(m))
        return head + "the king would be in check on " + square_name(to) + " from " +
               pieces_on(position, by) + " after the Ice Age";
    return head + "not legal here";
}

std::string describe_illegal_en_passant(const Position& position, Square to, int from_file) {
    const Color us        = position.side_to_move();
    const int ep_rank     = us == Color::White ? 5 : 2;
    const Square victim   = static_cast<Square>(us == Color::White ? to - 8 : to + 8);
    const Piece on_victim = rank_of(to) == ep_rank ? position.piece_at(victim) : Piece{};
    if (on_victim.type != PieceType::Pawn || on_victim.color == us) return {};
    if (position.passed_square() != to)
        return square_name(to) +
               " holds nothing to capture (no en passant: " + piece_on(position, victim) +
               " did not just advance two squares)";
    // The double step passed over `to`, and no capture there is legal: the capturers' king.
    Bitboard pawns = position.pieces(us, PieceType::Pawn) & attacks::pawn(~us, to);
    if (from_file >= 0) pawns &= Bitboard{0x0101010101010101} << from_file;
    std::string why;
    for (Bitboard b = pawns; b; b &= b - 1) {
        const auto from = static_cast<Square>(std::countr_zero(b));
        const Move m{
            from, to, PieceType::Pawn, PieceType::Pawn, PieceType::None, MoveKind::EnPassant};
        const Bitboard by = position.king_attackers_after(m);
        if (!by) continue;
        why += (why.empty() ? ": " : "; ") + piece_on(position, from) + " would leave " +
               Sides[index(us)] + "'s king in check from " + pieces_on(position, by);
    }
    return "no pawn can capture en passant on " + square_name(to) + why;
}

}  // namespace floe::rules::chess
