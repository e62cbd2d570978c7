#include "rules/chess/position.hpp"

#include <bit>

#include "rules/chess/attacks.hpp"

namespace floe::rules::chess {

namespace {

// Reads a variant's own start FEN. It is written by us and known to be valid, so this reader
// checks nothing; user FENs go through formats::parse_fen.
Setup setup_from_start_fen(std::string_view fen) {
    Setup setup;
    int rank = 7, file = 0;
    std::size_t i = 0;
    for (; i < fen.size() && fen[i] != ' '; ++i) {
        const char c = fen[i];
        if (c == '/') {
            --rank;
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
        } else if (c == '*') {
            setup.ice |= bit(make_square(file++, rank));
        } else {
            const bool white  = c >= 'A' && c <= 'Z';
            const char upper  = white ? c : static_cast<char>(c - 'a' + 'A');
            const PieceType t = static_cast<PieceType>(std::string_view("PNBRQK").find(upper));
            setup.board[make_square(file++, rank)] = {white ? Color::White : Color::Black, t};
        }
    }
    setup.castling = WhiteKingSide | WhiteQueenSide | BlackKingSide | BlackQueenSide;
    return setup;
}

constexpr Bitboard Rank1 = 0xFFULL;
constexpr Bitboard FileA = 0x0101010101010101ULL;
constexpr Bitboard FileE = FileA << 4;
constexpr Bitboard FileH = FileA << 7;

constexpr Bitboard back_rank(Color c) { return c == Color::White ? Rank1 : Rank1 << 56; }

// The squares of `rank_squares` above (toward the h-file) or below the square `s`.
constexpr Bitboard above(Square s) { return ~((bit(s) << 1) - 1); }
constexpr Bitboard below(Square s) { return bit(s) - 1; }

// The outermost square of a set on one rank: the h-most above the king, the a-most below it.
Bitboard outermost(Bitboard set, bool king_side) {
    if (!set) return 0;
    return king_side ? bit(static_cast<Square>(63 - std::countl_zero(set))) : set & -set;
}

}  // namespace

Bitboard Position::castling_candidates() const {
    Bitboard out = 0;
    for (const Color c : {Color::White, Color::Black}) {
        const Bitboard rank = back_rank(c);
        const Bitboard king = pieces(c, PieceType::King) & rank;
        if (!king) continue;
        Bitboard rooks = pieces(c, PieceType::Rook) & rank;
        if (!variant_->castling_960) rooks = king & FileE ? rooks & (FileA | FileH) : 0;
        out |= rooks;
    }
    return out;
}

std::uint8_t Position::castling_rights() const {
    std::uint8_t rights = 0;
    for (const Color c : {Color::White, Color::Black}) {
        const int shift = c == Color::White ? 0 : 2;
        if (castling_rook(c, true) != NoSquare) rights |= WhiteKingSide << shift;
        if (castling_rook(c, false) != NoSquare) rights |= WhiteQueenSide << shift;
    }
    return rights;
}

Square Position::castling_rook(Color c, bool king_side) const {
    const Bitboard rights = castling_rooks_ & back_rank(c);
    const Square king     = king_square(c);
    if (!rights || king == NoSquare) return NoSquare;
    const Bitboard side = rights & (king_side ? above(king) : below(king));
    return side ? static_cast<Square>(std::countr_zero(side)) : NoSquare;
}

Position Position::start(const Variant& variant) {
    // Every game of a file starts from the same position: it is read from the FEN once per
    // thread and variant, not once per game.
    thread_local const Variant* cached_variant = nullptr;
    thread_local Position cached;
    if (cached_variant != &variant) {
        cached         = from_setup(variant, setup_from_start_fen(variant.start_fen));
        cached_variant = &variant;
    }
    return cached;
}

Position Position::from_setup(const Variant& variant, const Setup& setup) {
    Position p;
    p.variant_ = &variant;
    for (Square s = 0; s < 64; ++s) {
        const Piece piece = setup.board[s];
        if (piece.type != PieceType::None) p.put(piece.color, piece.type, s);
    }
    p.ice_  = setup.ice & ~(p.by_color_[0] | p.by_color_[1]);
    p.turn_ = setup.turn;
    // `KQkq` name the outermost rook of their side; file letters name theirs. Rights without
    // their king and rook at home are dropped, and each side of a king keeps one (the outermost).
    Bitboard rooks = setup.castling_rooks;
    for (const Color c : {Color::White, Color::Black}) {
        const int shift   = c == Color::White ? 0 : 2;
        const Square king = p.king_square(c);
        if (king == NoSquare || !(bit(king) & back_rank(c))) continue;
        const Bitboard own = p.pieces(c, PieceType::Rook) & back_rank(c);
        if (setup.castling & (WhiteKingSide << shift)) rooks |= outermost(own & above(king), true);
        if (setup.castling & (WhiteQueenSide << shift))
            rooks |= outermost(own & below(king), false);
    }
    rooks &= p.castling_candidates();
    for (const Color c : {Color::White, Color::Black}) {
        const Square king  = p.king_square(c);
        const Bitboard own = rooks & back_rank(c);
        if (!own) continue;
        rooks = (rooks & ~own) | outermost(own & above(king), true) |
                outermost(own & below(king), false);
    }
    p.castling_rooks_ = rooks;
    p.en_passant_     = setup.en_passant;
    p.halfmove_       = setup.halfmove_clock;
    p.fullmove_       = setup.fullmove_number;
    if (variant.pockets) {
        p.pockets_  = setup.pockets;
        p.promoted_ = setup.promoted & (p.by_color_[0] | p.by_color_[1]) &
                      ~(p.by_type_[index(PieceType::Pawn)] | p.by_type_[index(PieceType::King)]);
    }
    p.update_checks();
    p.keep_capturable_en_passant();
    return p;
}

Setup Position::to_setup() const {
    Setup s;
    for (Square sq = 0; sq < 64; ++sq) s.board[sq] = piece_at(sq);
    s.ice             = ice_;
    s.turn            = turn_;
    s.castling        = 0;
    s.castling_rooks  = castling_rooks_;
    s.en_passant      = en_passant_;
    s.halfmove_clock  = halfmove_;
    s.fullmove_number = fullmove_;
    s.pockets         = pockets_;
    s.promoted        = promoted_;
    return s;
}

void Position::put(Color c, PieceType t, Square s) {
    by_color_[index(c)] |= bit(s);
    by_type_[index(t)] |= bit(s);
}

PieceType Position::type_at(Square s) const {
    const Bitboard b = bit(s);
    for (int t = 0; t < 6; ++t) {
        if (by_type_[t] & b) return static_cast<PieceType>(t);
    }
    return PieceType::None;
}

Piece Position::piece_at(Square s) const {
    const Bitboard b = bit(s);
    if (by_color_[0] & b) return {Color::White, type_at(s)};
    if (by_color_[1] & b) return {Color::Black, type_at(s)};
    return {};
}

bool Position::is_attacked(Square s, Color by, Bitboard occ) const {
    const Bitboard them = by_color_[index(by)];
    const auto& t       = by_type_;
    using enum PieceType;
    const Bitboard diag   = them & (t[index(Bishop)] | t[index(Queen)]);
    const Bitboard orthog = them & (t[index(Rook)] | t[index(Queen)]);
    // A slider's rays are traced only when it stands on one of the square's lines.
    return (attacks::pawn(~by, s) & them & t[index(Pawn)]) ||
           (attacks::knight(s) & them & t[index(Knight)]) ||
           (attacks::king(s) & them & t[index(King)]) ||
           ((attacks::diagonals(s) & diag) && (attacks::bishop(s, occ) & diag)) ||
           ((attacks::orthogonals(s) & orthog) && (attacks::rook(s, occ) & orthog));
}

Bitboard Position::attackers(Square s, Color by) const {
    const Bitboard them = by_color_[index(by)];
    const Bitboard occ  = occupied();
    const auto& t       = by_type_;
    using enum PieceType;
    return them & ((attacks::pawn(~by, s) & t[index(Pawn)]) |
                   (attacks::knight(s) & t[index(Knight)]) | (attacks::king(s) & t[index(King)]) |
                   (attacks::bishop(s, occ) & (t[index(Bishop)] | t[index(Queen)])) |
                   (attacks::rook(s, occ) & (t[index(Rook)] | t[index(Queen)])));
}

void Position::update_checks() {
    checkers_ = pinned_ = 0;
    const Square king   = king_square(turn_);
    if (king == NoSquare) return;
    using enum PieceType;
    const auto& t         = by_type_;
    const Bitboard occ    = occupied();
    const Bitboard enemy  = pieces(~turn_);
    const Bitboard diag   = enemy & (t[index(Bishop)] | t[index(Queen)]);
    const Bitboard orthog = enemy & (t[index(Rook)] | t[index(Queen)]);
    // attackers(king, ~turn_), with the sliders found on the way to the pins: a slider on one
    // of the king's lines checks when nothing stands between them, and pins the piece between
    // them when that is the only occupant (ice pins nothing: it does not move).
    checkers_ = enemy & ((attacks::pawn(turn_, king) & t[index(Pawn)]) |
                         (attacks::knight(king) & t[index(Knight)]) |
                         (attacks::king(king) & t[index(King)]));
    for (Bitboard b = (attacks::diagonals(king) & diag) | (attacks::orthogonals(king) & orthog); b;
         b &= b - 1) {
        const auto slider   = static_cast<Square>(std::countr_zero(b));
        const Bitboard line = attacks::between(king, slider) & occ;
        if (!line)
            checkers_ |= bit(slider);
        else if (!(line & (line - 1)))
            pinned_ |= line & pieces(turn_);
    }
}

bool Position::en_passant_capturable() const {
    // keep_capturable_en_passant runs after every change of the square.
    return en_passant_ != NoSquare;
}

bool Position::ice_age_due() const {
    const int period = variant_->ice_age_period;
    return period > 0 && turn_ == Color::Black && fullmove_ % period == 0;
}

void Position::make(const Move& m) {
    const Color us = turn_, them = ~us;
    const int u = index(us), t = index(them);
    en_passant_ = passed_ = NoSquare;
    ++halfmove_;
    if (m.kind == MoveKind::Drop) {
        // A drop is irreversible like a pawn move only when it drops a pawn (python-chess and
        // lichess reset the clock then).
        const Bitboard to = bit(m.to);
        by_color_[u] |= to;
        by_type_[index(m.piece)] |= to;
        --pockets_[u][index(m.piece)];
        if (m.piece == PieceType::Pawn) halfmove_ = 0;
    } else if (m.kind == MoveKind::CastleKing || m.kind == MoveKind::CastleQueen) {
        // The king and its rook leave their squares, then take theirs: g1/f1 or c1/d1 (g8/f8,
        // c8/d8). In Chess960 either may already stand on its destination or on the other's.
        const bool king_side   = m.kind == MoveKind::CastleKing;
        const Square rook      = castling_rook(us, king_side);
        const Bitboard rook_to = bit(make_square(king_side ? 5 : 3, rank_of(m.from)));
        by_color_[u] ^= bit(m.from) | bit(rook);
        by_type_[index(PieceType::King)] ^= bit(m.from);
        by_type_[index(PieceType::Rook)] ^= bit(rook);
        by_color_[u] |= bit(m.to) | rook_to;
        by_type_[index(PieceType::King)] |= bit(m.to);
        by_type_[index(PieceType::Rook)] |= rook_to;
        castling_rooks_ &= ~back_rank(us);
    } else if (m.kind != MoveKind::Null) {
        const Bitboard from = bit(m.from), to = bit(m.to);
        if (m.kind == MoveKind::EnPassant) {
            const Bitboard victim =
                bit(static_cast<Square>(us == Color::White ? m.to - 8 : m.to + 8));
            by_color_[t] ^= victim;
            by_type_[index(PieceType::Pawn)] ^= victim;
        } else if (by_color_[t] & to) {
            // The generator names the captured piece; type_at only for a move built elsewhere.
            by_color_[t] ^= to;
            by_type_[index(m.captured != PieceType::None ? m.captured : type_at(m.to))] ^= to;
        } else {
            ice_ &= ~to;  // an ice capture, or nothing
        }
        by_color_[u] ^= from | to;
        // One update of the piece's set unless it promotes: two in a row on the same word waited
        // for each other.
        if (m.promotion == PieceType::None) {
            by_type_[index(m.piece)] ^= from | to;
        } else {
            by_type_[index(m.piece)] ^= from;
            by_type_[index(m.promotion)] ^= to;
        }
        if (variant_->pockets) {
            // The captured piece changes sides; one that was promoted goes back as a pawn.
            if (m.captured != PieceType::None) {
                const bool was_pawn = (promoted_ & to) != 0;
                ++pockets_[u][index(was_pawn ? PieceType::Pawn : m.captured)];
                promoted_ &= ~to;
            }
            if (promoted_ & from) promoted_ ^= from | to;
            if (m.promotion != PieceType::None) promoted_ |= to;
        }
        if (m.piece == PieceType::Pawn || m.is_capture()) halfmove_ = 0;
        if (m.kind == MoveKind::DoublePush) en_passant_ = static_cast<Square>((m.from + m.to) / 2);
        // A rook that moves or is taken loses its right; a king that moves loses both.
        if (castling_rooks_) {
            castling_rooks_ &= ~(from | to);
            if (m.piece == PieceType::King) castling_rooks_ &= ~back_rank(us);
        }
    }
    if (us == Color::Black) ++fullmove_;
    turn_ = them;
}

IceAgeEvent Position::play(const Move& m) {
    IceAgeEvent event;
    play(m, event);
    return event;
}

bool Position::play(const Move& m, IceAgeEvent& event) {
    const bool due = ice_age_due();
    make(m);
    if (due) {
        event = ice_age();
    } else if (en_passant_ != NoSquare) {
        // The checks first: the en-passant test asks them of the capturer's position.
        update_checks();
        keep_capturable_en_passant();
        return false;
    }
    update_checks();
    return due;
}

void Position::keep_capturable_en_passant() {
    if (en_passant_ == NoSquare) return;
    const Square ep     = en_passant_;
    const Color us      = turn_;
    const Square victim = static_cast<Square>(us == Color::White ? ep - 8 : ep + 8);
    en_passant_         = NoSquare;
    if (ep < 0 || ep > 63 || rank_of(ep) != (us == Color::White ? 5 : 2)) return;
    if (!(pieces(~us, PieceType::Pawn) & bit(victim)) || (occupied() & bit(ep))) return;
    passed_ = ep;  // a double step explains it, capturable or not
    if (king_square(Color::White) == NoSquare || king_square(Color::Black) == NoSquare) return;
    en_passant_ = ep;  // is_legal_pseudo needs it in place
    for (Bitboard b = pieces(us, PieceType::Pawn) & attacks::pawn(~us, ep); b; b &= b - 1) {
        const Move m{static_cast<Square>(std::countr_zero(b)),
                     ep,
                     PieceType::Pawn,
                     PieceType::Pawn,
                     PieceType::None,
                     MoveKind::EnPassant};
        if (is_legal_pseudo(m)) return;
    }
    en_passant_ = NoSquare;
}

Outcome Position::outcome() const {
    const bool white_king = pieces(Color::White, PieceType::King) != 0;
    const bool black_king = pieces(Color::Black, PieceType::King) != 0;
    if (!white_king && !black_king) return {Termination::BothKingsFrozen, std::nullopt};
    if (!white_king) return {Termination::KingFrozen, Color::Black};
    if (!black_king) return {Termination::KingFrozen, Color::White};
    // Asked at the end of every game: whether a move exists, not the full list.
    if (has_legal_move()) return {};
    if (in_check()) return {Termination::Checkmate, ~turn_};
    return {Termination::Stalemate, std::nullopt};
}

bool operator==(const Position& a, const Position& b) {
    return a.variant_ == b.variant_ && a.by_color_ == b.by_color_ && a.by_type_ == b.by_type_ &&
           a.ice_ == b.ice_ && a.turn_ == b.turn_ && a.castling_rooks_ == b.castling_rooks_ &&
           a.en_passant_ == b.en_passant_ && a.halfmove_ == b.halfmove_ &&
           a.fullmove_ == b.fullmove_ && a.pockets_ == b.pockets_ && a.promoted_ == b.promoted_;
}

}  // namespace floe::rules::chess
