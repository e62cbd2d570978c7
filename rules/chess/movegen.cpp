// Legal move generation: pseudo-legal moves, filtered by the variant's legality reading
// (docs/rules/ice-age-chess.md §2, §3).

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
constexpr Bitboard FileA = 0x0101010101010101ULL;
constexpr Bitboard FileH = FileA << 7;

// The squares from which a pawn of colour `us` may push, double-push or capture onto a square
// of `dests` (a superset: blockers and the targets' contents are not looked at).
Bitboard pawn_sources(Color us, Bitboard dests) {
    if (us == Color::White)
        return (dests >> 8) | ((dests >> 16) & (Rank1 << 8)) | ((dests & ~FileA) >> 9) |
               ((dests & ~FileH) >> 7);
    return (dests << 8) | ((dests << 16) & (Rank8 >> 8)) | ((dests & ~FileA) << 7) |
           ((dests & ~FileH) << 9);
}

}  // namespace

void Position::pseudo_legal_moves(MoveList& out, PieceSet types, Bitboard dests) const {
    using enum PieceType;
    const Color us = turn_, them = ~us;
    const Bitboard own = pieces(us), enemy = pieces(them), occ = occupied();
    auto wanted = [types](PieceType t) { return (types & piece_set(t)) != 0; };
    // Every square a piece may enter: empty, enemy (never the king) or ice.
    const Bitboard targets = ~own & ~pieces(them, King) & dests;

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
    Bitboard pawns            = wanted(Pawn) ? pieces(us, Pawn) : 0;
    // A targeted generation looks only at the pawns one push, a double push or a capture away
    // from a destination (the others would add nothing).
    if (dests != ~Bitboard{0}) pawns &= pawn_sources(us, dests);
    for (Bitboard b = pawns; b;) {
        const Square from = pop_lsb(b);
        const auto one    = static_cast<Square>(from + forward);
        if (!(occ & bit(one))) {
            if (dests & bit(one)) add_pawn(from, one);
            const auto two = static_cast<Square>(one + forward);
            if (rank_of(from) == double_rank && !(occ & bit(two)) && (dests & bit(two))) {
                add(from, two, Pawn, MoveKind::DoublePush);
            }
        }
        for (Bitboard c = attacks::pawn(us, from) & capturable & dests; c;)
            add_pawn(from, pop_lsb(c));
    }
    if (en_passant_ != NoSquare && wanted(Pawn) && (dests & bit(en_passant_))) {
        for (Bitboard b = pieces(us, Pawn) & attacks::pawn(them, en_passant_); b;) {
            out.push(Move{pop_lsb(b), en_passant_, Pawn, Pawn, None, MoveKind::EnPassant});
        }
    }

    for (Bitboard b = wanted(Knight) ? pieces(us, Knight) : 0; b;) {
        const Square from = pop_lsb(b);
        for (Bitboard t = attacks::knight(from) & targets; t;) add(from, pop_lsb(t), Knight);
    }
    for (Bitboard b = wanted(Bishop) ? pieces(us, Bishop) : 0; b;) {
        const Square from = pop_lsb(b);
        for (Bitboard t = attacks::bishop(from, occ) & targets; t;) add(from, pop_lsb(t), Bishop);
    }
    for (Bitboard b = wanted(Rook) ? pieces(us, Rook) : 0; b;) {
        const Square from = pop_lsb(b);
        for (Bitboard t = attacks::rook(from, occ) & targets; t;) add(from, pop_lsb(t), Rook);
    }
    for (Bitboard b = wanted(Queen) ? pieces(us, Queen) : 0; b;) {
        const Square from = pop_lsb(b);
        for (Bitboard t = attacks::queen(from, occ) & targets; t;) add(from, pop_lsb(t), Queen);
    }
    const Square king = wanted(King) ? king_square(us) : NoSquare;
    if (king != NoSquare) add_king_moves(out, king, targets, dests);
    if (variant_->pockets) add_drops(out, types, dests);
}

// The king's steps and castling (pseudo_legal_moves' part for the king on `king`).
void Position::add_king_moves(MoveList& out, Square king, Bitboard targets, Bitboard dests) const {
    using enum PieceType;
    const Color us = turn_, them = ~us;
    const Bitboard enemy = pieces(them), occ = occupied();
    for (Bitboard t = attacks::king(king) & targets; t;) {
        const Square s = pop_lsb(t);
        out.push(Move{king, s, King, (enemy & bit(s)) ? type_at(s) : None, None, MoveKind::Normal,
                      (ice_ & bit(s)) != 0});
    }

    // Castling: the king goes to the g- or c-file and its rook to the f- or d-file. Every square
    // either passes over or lands on must be empty but for the two of them (ice counts as an
    // occupant, §2.6), and the king must not stand on, pass over or land on an attacked square,
    // judged with the rook gone from its square (a Chess960 rook may shield the king's
    // destination along the rank). Orthodox chess is the case of the e-file king and corner
    // rooks. The king side comes first.
    const Bitboard rights = castling_rooks_ & (us == Color::White ? Rank1 : Rank8);
    const int base        = rank_of(king) * 8;
    // checkers_: the king is attacked where it stands.
    if (!rights || checkers_ ||
        !(dests & (bit(static_cast<Square>(base + 2)) | bit(static_cast<Square>(base + 6)))))
        return;
    for (const bool king_side : {true, false}) {
        const Bitboard side = rights & (king_side ? ~((bit(king) << 1) - 1) : bit(king) - 1);
        if (!side) continue;
        const auto rook    = static_cast<Square>(std::countr_zero(side));
        const auto to      = static_cast<Square>(base + (king_side ? 6 : 2));
        const auto rook_to = static_cast<Square>(base + (king_side ? 5 : 3));
        if (!(dests & bit(to))) continue;
        const Bitboard king_path = attacks::between(king, to) | bit(to);
        const Bitboard path =
            (king_path | attacks::between(rook, rook_to) | bit(rook_to)) & ~(bit(king) | bit(rook));
        if (occ & path) continue;
        const Bitboard without_rook = occ & ~bit(rook);
        bool safe                   = true;
        for (Bitboard b = king_path; b && safe;)
            safe = !is_attacked(pop_lsb(b), them, without_rook);
        if (safe)
            out.push(Move{king, to, King, None, None,
                          king_side ? MoveKind::CastleKing : MoveKind::CastleQueen});
    }
}

// Drops (Crazyhouse): any pocket piece onto any empty square, pawns not on the first or last
// rank. Ice counts as occupied, though no variant has both.
void Position::add_drops(MoveList& out, PieceSet types, Bitboard dests) const {
    using enum PieceType;
    const Color us       = turn_;
    const Bitboard empty = ~occupied() & dests;
    for (const PieceType t : {Pawn, Knight, Bishop, Rook, Queen}) {
        if (!(types & piece_set(t)) || pockets_[index(us)][index(t)] == 0) continue;
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
    if ((attacks::pawn(us, king) & them & t[index(Pawn)]) ||
        (attacks::knight(king) & them & t[index(Knight)]) ||
        (attacks::king(king) & them & t[index(King)]))
        return false;
    // The sliders on the king's lines (few), each looked along.
    const Bitboard sliders =
        them & ((attacks::diagonals(king) & (t[index(Bishop)] | t[index(Queen)])) |
                (attacks::orthogonals(king) & (t[index(Rook)] | t[index(Queen)])));
    for (Bitboard b = sliders; b;)
        if (!(attacks::between(king, pop_lsb(b)) & occ)) return false;
    return true;
}

Bitboard Position::king_attackers_after(const Move& m) const {
    Position next = *this;
    next.make(m);
    if (variant_->legality == IceAgeLegality::AfterIceAge && ice_age_due()) next.ice_age();
    const Square king = next.king_square(turn_);
    return king == NoSquare ? 0 : next.attackers(king, ~turn_);
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
    // A king move or an en-passant capture (two pieces leave a line) is tested on the board
    // after it. Any other move can leave the king attacked only by leaving a checker alone or
    // by opening a pin's line: the check and pin masks answer most moves without a test (the
    // test of every move was the replay's hottest spot, docs/performance.md).
    if (m.piece == PieceType::King || m.kind == MoveKind::EnPassant) return king_safe_after(m);
    if (checkers_) {
        // Two checkers: only the king can answer. One: the move must take it or block its line.
        if (checkers_ & (checkers_ - 1)) return false;
        const auto checker = static_cast<Square>(std::countr_zero(checkers_));
        if (!((checkers_ | attacks::between(king_square(turn_), checker)) & bit(m.to)))
            return false;
    }
    // A drop only adds a blocker.
    if (m.kind == MoveKind::Drop) return true;
    return !(pinned_ & bit(m.from)) || king_safe_after(m);
}

void Position::legal_moves(MoveList& out) const { legal_moves(out, AllPieceTypes, ~Bitboard{0}); }

void Position::legal_moves(MoveList& out, PieceSet types, Bitboard dests) const {
    out.clear();
    // A frozen king ends the game (§4.1): no side moves any more.
    if (!pieces(Color::White, PieceType::King) || !pieces(Color::Black, PieceType::King)) return;
    pseudo_legal_moves(out, types, dests);
    out.retain([this](const Move& m) { return is_legal_pseudo(m); });
}

void Position::legal_moves_to(MoveList& out, PieceType piece, Square to) const {
    using enum PieceType;
    out.clear();
    if (!pieces(Color::White, King) || !pieces(Color::Black, King)) return;
    const Color us = turn_, them = ~us;
    const Bitboard target = bit(to), occ = occupied();
    // A piece may enter an empty square, an enemy's (never the king's) or ice.
    if (target & (pieces(us) | pieces(them, King))) return;
    const PieceType captured = (pieces(them) & target) ? type_at(to) : None;
    const bool ice           = (ice_ & target) != 0;
    // Out of check, a piece that is not pinned moves freely (is_legal_pseudo's first answer,
    // asked here without building the move; never for the king, nor under the vchess reading).
    const bool free = !checkers_ && piece != King &&
                      !(variant_->legality == IceAgeLegality::AfterIceAge && ice_age_due());
    auto add = [&](Square from, MoveKind kind = MoveKind::Normal, PieceType promotion = None) {
        // The move is built apart in each branch: one that is also passed by reference lives on
        // the stack, and the list's copy of it waited for its byte stores (perf).
        if (free && !(pinned_ & bit(from))) {
            out.push(Move{from, to, piece, captured, promotion, kind, ice});
            return;
        }
        const Move m{from, to, piece, captured, promotion, kind, ice};
        if (is_legal_pseudo(m)) out.push(m);
    };
    if (piece == Pawn) {
        // The origins: one or two squares behind for a push onto an empty square, one of the
        // two diagonals behind for a capture (of a piece or ice). In square order, as the
        // generator goes through the pawns; en passant after them all.
        const bool white      = us == Color::White;
        const Bitboard pawns  = pieces(us, Pawn);
        const Bitboard behind = white ? target >> 8 : target << 8;
        Bitboard origins      = 0;
        if (!(occ & target)) {
            origins |= pawns & behind;
            if (!(occ & behind))
                origins |= pawns & (white ? target >> 16 : target << 16) &
                           (white ? Rank1 << 8 : Rank8 >> 8);
        } else if (captured != None || ice) {
            origins |= pawns & attacks::pawn(them, to);
        }
        const bool promotes = (target & (Rank1 | Rank8)) != 0;
        for (Bitboard b = origins; b;) {
            const Square from = pop_lsb(b);
            if (promotes) {
                for (const PieceType p : {Queen, Rook, Bishop, Knight})
                    add(from, MoveKind::Normal, p);
            } else {
                const bool double_push = !(occ & target) && !(bit(from) & behind);
                add(from, double_push ? MoveKind::DoublePush : MoveKind::Normal);
            }
        }
        if (to == en_passant_) {
            for (Bitboard b = pawns & attacks::pawn(them, to); b;) {
                const Move m{pop_lsb(b), to, Pawn, Pawn, None, MoveKind::EnPassant};
                if (is_legal_pseudo(m)) out.push(m);
            }
        }
        return;
    }
    Bitboard lines = 0;
    switch (piece) {
        case Knight:
            for (Bitboard b = attacks::knight(to) & pieces(us, Knight); b;) add(pop_lsb(b));
            return;
        case King:
            for (Bitboard b = attacks::king(to) & pieces(us, King); b;) add(pop_lsb(b));
            return;
        case Bishop:
            lines = attacks::diagonals(to);
            break;
        case Rook:
            lines = attacks::orthogonals(to);
            break;
        case Queen:
            lines = attacks::diagonals(to) | attacks::orthogonals(to);
            break;
        default:
            return;
    }
    // A slider on one of the target's lines reaches it when nothing stands between: the small
    // tables instead of a magic lookup, whose large table missed the cache (perf).
    for (Bitboard b = lines & pieces(us, piece); b;) {
        const Square from = pop_lsb(b);
        if (!(attacks::between(from, to) & occ)) add(from);
    }
}

bool Position::has_legal_move() const {
    using enum PieceType;
    // Asked after a check (mate or check?): most kings in check can step away, and their moves
    // are few, so they come first.
    MoveList moves;
    legal_moves(moves, piece_set(King), ~Bitboard{0});
    if (!moves.empty()) return true;
    Bitboard dests    = ~Bitboard{0};
    const Square king = king_square(turn_);
    if (king != NoSquare && !(variant_->legality == IceAgeLegality::AfterIceAge && ice_age_due())) {
        // Any other move must take the checker or step between it and the king; an en-passant
        // capture takes a pawn off another square, and may even take one of two checkers and
        // block the other. The vchess reading is left out: its Ice Age may remove a checker.
        // The other king gives no check that a move could answer.
        const Bitboard checkers = checkers_ & ~pieces(~turn_, King);
        const Bitboard ep       = en_passant_ != NoSquare ? bit(en_passant_) : 0;
        if (checkers & (checkers - 1)) {  // more than one checker
            dests = ep;
        } else if (checkers) {
            const auto checker = static_cast<Square>(std::countr_zero(checkers));
            dests              = checkers | attacks::between(king, checker) | ep;
        }
    }
    legal_moves(moves, AllPieceTypes & ~piece_set(King), dests);
    return !moves.empty();
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
