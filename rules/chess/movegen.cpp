// Legal move generation: pseudo-legal moves, filtered by the variant's legality reading
// (ice-age-chess.md §2, §3).

#include <bit>

#include "rules/chess/attacks.hpp"
#include "rules/chess/position.hpp"

namespace floe::rules::chess {

namespace {

inline Square pop_lsb(Bitboard& b) {
    const auto s = static_cast<Square>(std::countr_zero(b));
    b &= b - 1;
    return s;
}

constexpr Bitboard Rank1 = 0xFFULL;
constexpr Bitboard Rank8 = Rank1 << 56;

}  // namespace

void Position::pseudo_legal_moves(MoveList& out) const {
    using enum PieceType;
    const Color us = turn_, them = ~us;
    const Bitboard own = pieces(us), enemy = pieces(them), occ = occupied();
    // Every square a piece may enter: empty, enemy (never the king) or ice.
    const Bitboard targets = ~own & ~pieces(them, King);

    auto add = [&](Square from, Square to, PieceType piece, MoveKind kind = MoveKind::Normal,
                   PieceType promotion = None) {
        const Bitboard b = bit(to);
        out.push(Move{from, to, piece, (enemy & b) ? type_at(to) : None, promotion, kind,
                      (ice_ & b) != 0});
    };
    auto add_pawn = [&](Square from, Square to) {
        if (bit(to) & (Rank1 | Rank8)) {
            for (const PieceType p : {Queen, Rook, Bishop, Knight}) {
                add(from, to, Pawn, MoveKind::Normal, p);
            }
        } else {
            add(from, to, Pawn);
        }
    };

    // Pawns: a push needs an empty square (ice blocks it), captures take pieces or ice.
    const int forward         = us == Color::White ? 8 : -8;
    const int double_rank     = us == Color::White ? 1 : 6;
    const Bitboard capturable = (enemy & ~pieces(them, King)) | ice_;
    for (Bitboard b = pieces(us, Pawn); b;) {
        const Square from = pop_lsb(b);
        const auto one    = static_cast<Square>(from + forward);
        if (!(occ & bit(one))) {
            add_pawn(from, one);
            const auto two = static_cast<Square>(one + forward);
            if (rank_of(from) == double_rank && !(occ & bit(two))) {
                add(from, two, Pawn, MoveKind::DoublePush);
            }
        }
        for (Bitboard c = attacks::pawn(us, from) & capturable; c;) add_pawn(from, pop_lsb(c));
    }
    if (en_passant_ != NoSquare) {
        for (Bitboard b = pieces(us, Pawn) & attacks::pawn(them, en_passant_); b;) {
            out.push(Move{pop_lsb(b), en_passant_, Pawn, Pawn, None, MoveKind::EnPassant});
        }
    }

    for (Bitboard b = pieces(us, Knight); b;) {
        const Square from = pop_lsb(b);
        for (Bitboard t = attacks::knight(from) & targets; t;) add(from, pop_lsb(t), Knight);
    }
    for (Bitboard b = pieces(us, Bishop); b;) {
        const Square from = pop_lsb(b);
        for (Bitboard t = attacks::bishop(from, occ) & targets; t;) add(from, pop_lsb(t), Bishop);
    }
    for (Bitboard b = pieces(us, Rook); b;) {
        const Square from = pop_lsb(b);
        for (Bitboard t = attacks::rook(from, occ) & targets; t;) add(from, pop_lsb(t), Rook);
    }
    for (Bitboard b = pieces(us, Queen); b;) {
        const Square from = pop_lsb(b);
        for (Bitboard t = attacks::queen(from, occ) & targets; t;) add(from, pop_lsb(t), Queen);
    }
    const Square king = king_square(us);
    if (king == NoSquare) return;
    for (Bitboard t = attacks::king(king) & targets; t;) add(king, pop_lsb(t), King);

    // Castling: orthodox conditions; ice between king and rook counts as an occupant (§2). The
    // rights imply king and rook on their home squares (possible_castling_rights).
    const int base       = us == Color::White ? 0 : 56;
    const int shift      = us == Color::White ? 0 : 2;
    auto safe            = [&](int s) { return !is_attacked(static_cast<Square>(base + s), them); };
    const auto e         = static_cast<Square>(base + 4);
    const bool rook_side = castling_ & (WhiteKingSide << shift);
    const bool queen_side = castling_ & (WhiteQueenSide << shift);
    if ((rook_side || queen_side) && safe(4)) {
        if (rook_side && !(occ & (bit(e + 1) | bit(e + 2))) && safe(5) && safe(6)) {
            out.push(Move{e, static_cast<Square>(e + 2), King, None, None, MoveKind::CastleKing});
        }
        if (queen_side && !(occ & (bit(e - 1) | bit(e - 2) | bit(e - 3))) && safe(3) && safe(2)) {
            out.push(Move{e, static_cast<Square>(e - 2), King, None, None, MoveKind::CastleQueen});
        }
    }

    // Drops (Crazyhouse): any pocket piece onto any empty square, pawns not on the first or
    // last rank. Ice counts as occupied, though no variant has both.
    if (!variant_->pockets) return;
    const Bitboard empty = ~occ;
    for (const PieceType t : {Pawn, Knight, Bishop, Rook, Queen}) {
        if (pockets_[index(us)][index(t)] == 0) continue;
        for (Bitboard b = t == Pawn ? empty & ~(Rank1 | Rank8) : empty; b;) {
            out.push(Move{NoSquare, pop_lsb(b), t, None, None, MoveKind::Drop});
        }
    }
}

bool Position::king_safe_after(const Move& m) const {
    using enum PieceType;
    const Color us    = turn_;
    const Square king = m.piece == King ? m.to : king_square(us);
    // A drop leaves no square; it can only block a line.
    const Bitboard from = m.kind == MoveKind::Drop ? 0 : bit(m.from);
    Bitboard occ        = (occupied() & ~from) | bit(m.to);
    Bitboard them       = by_color_[index(~us)] & ~bit(m.to);
    if (m.kind == MoveKind::EnPassant) {
        const Bitboard victim = bit(static_cast<Square>(us == Color::White ? m.to - 8 : m.to + 8));
        occ &= ~victim;
        them &= ~victim;
    }
    const auto& t = by_type_;
    return !((attacks::pawn(us, king) & them & t[index(Pawn)]) ||
             (attacks::knight(king) & them & t[index(Knight)]) ||
             (attacks::king(king) & them & t[index(King)]) ||
             (attacks::bishop(king, occ) & them & (t[index(Bishop)] | t[index(Queen)])) ||
             (attacks::rook(king, occ) & them & (t[index(Rook)] | t[index(Queen)])));
}

bool Position::is_legal_pseudo(const Move& m) const {
    if (variant_->legality == IceAgeLegality::AfterIceAge && ice_age_due()) {
        // vchess reading: the king only has to be safe once the Ice Age has filled and frozen;
        // a king that froze is not attacked. Castling squares were checked before the move.
        Position next = *this;
        next.make(m);
        next.ice_age();
        const Square king = next.king_square(turn_);
        return king == NoSquare || !next.is_attacked(king, ~turn_);
    }
    if (m.kind == MoveKind::CastleKing || m.kind == MoveKind::CastleQueen) return true;
    return king_safe_after(m);
}

void Position::legal_moves(MoveList& out) const {
    out.clear();
    // A frozen king ends the game (§4): no side moves any more.
    if (!pieces(Color::White, PieceType::King) || !pieces(Color::Black, PieceType::King)) return;
    pseudo_legal_moves(out);
    const Color us    = turn_;
    const Square king = king_square(us);
    if (variant_->legality == IceAgeLegality::AfterIceAge || is_attacked(king, ~us)) {
        out.retain([this](const Move& m) { return is_legal_pseudo(m); });
        return;
    }
    // Not in check: only a king move, an en-passant capture or a move of a pinned piece can
    // leave the king attacked, so only those are tested (the test of every move was the
    // replay's hottest spot, docs/performance.md). A piece is pinned when taking it off the
    // board lets a slider of the other side see the king (no slider sees it now).
    using enum PieceType;
    const Bitboard occ    = occupied();
    const Bitboard them   = pieces(~us);
    const Bitboard diag   = them & (by_type_[index(Bishop)] | by_type_[index(Queen)]);
    const Bitboard orthog = them & (by_type_[index(Rook)] | by_type_[index(Queen)]);
    Bitboard pinned       = 0;
    for (Bitboard b = (attacks::queen(king, occ) & pieces(us)); b; b &= b - 1) {
        const Bitboard piece = b & -b;
        if ((attacks::bishop(king, occ & ~piece) & diag) ||
            (attacks::rook(king, occ & ~piece) & orthog))
            pinned |= piece;
    }
    out.retain([&](const Move& m) {
        // A drop only adds a blocker: it never leaves the king attacked (and has no from square).
        if (m.kind == MoveKind::Drop) return true;
        if (m.piece != King && m.kind != MoveKind::EnPassant && !(pinned & bit(m.from)))
            return true;
        return is_legal_pseudo(m);
    });
}

bool Position::is_legal(const Move& m) const {
    MoveList moves;
    legal_moves(moves);
    for (const Move& legal : moves) {
        if (legal == m) return true;
    }
    return false;
}

std::optional<Move> Position::find_legal(Square from, Square to, PieceType promotion) const {
    MoveList moves;
    legal_moves(moves);
    for (const Move& m : moves) {
        if (m.kind != MoveKind::Drop && m.from == from && m.to == to && m.promotion == promotion)
            return m;
    }
    return std::nullopt;
}

std::uint64_t perft(const Position& position, int depth) {
    if (depth <= 0) return 1;
    MoveList moves;
    position.legal_moves(moves);
    if (depth == 1) return moves.size();
    std::uint64_t nodes = 0;
    for (const Move& m : moves) {
        Position next = position;
        next.play(m);
        nodes += perft(next, depth - 1);
    }
    return nodes;
}

}  // namespace floe::rules::chess
