// The Ice Age (docs/rules/ice-age-chess.md §3.2-§3.4): fill and freeze, both computed on the board
// as it stands after Black's move, then applied together.

#include <bit>

#include "rules/chess/attacks.hpp"
#include "rules/chess/position.hpp"

namespace floe::rules::chess {

namespace {
constexpr Bitboard FileA = 0x0101010101010101ULL;
constexpr Bitboard FileH = FileA << 7;
constexpr Bitboard Rank1 = 0xFFULL;
constexpr Bitboard Rank8 = Rank1 << 56;
}  // namespace

IceAgeSquares ice_age_squares(Bitboard pieces, Bitboard ice) {
    // A side of a square is closed when the board ends there or a piece (not ice) stands there.
    const Bitboard north = (pieces >> 8) | Rank8;
    const Bitboard south = (pieces << 8) | Rank1;
    const Bitboard east  = (pieces >> 1) | FileH;  // wrap-around bits land on file h: closed
    const Bitboard west  = (pieces << 1) | FileA;
    const Bitboard empty = ~(pieces | ice);
    return {empty & ~(north & south & east & west), pieces & ~attacks::neighbours(pieces)};
}

IceAgeEvent Position::ice_age() {
    const IceAgeSquares squares = ice_age_squares(by_color_[0] | by_color_[1], ice_);
    IceAgeEvent event;
    event.happened = true;
    event.filled   = squares.filled;
    event.frozen   = squares.frozen;
    for (Bitboard b = squares.frozen; b; b &= b - 1) {
        const auto s                              = static_cast<Square>(std::countr_zero(b));
        event.frozen_pieces[event.frozen_count++] = {s, piece_at(s)};
    }
    // A frozen piece is removed and replaced by ice (models.md, top section).
    for (Bitboard& b : by_color_) b &= ~squares.frozen;
    for (Bitboard& b : by_type_) b &= ~squares.frozen;
    ice_ |= squares.filled | squares.frozen;
    // [decided] §3.5: the clock restarts, frozen kings and rooks lose their castling rights, and
    // no en-passant capture survives (the passed square always fills).
    halfmove_ = 0;
    castling_rooks_ &= castling_candidates();
    en_passant_ = passed_ = NoSquare;
    return event;
}

}  // namespace floe::rules::chess
