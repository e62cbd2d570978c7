#pragma once
// The board, the start position and the promotion zone of Glacial Shift, as data, in one place
// (docs/rules/glacial-shift.md §2, §5, §9). Everything else asks these tables.

#include <array>
#include <cstdint>

#include "rules/glacial/types.hpp"

namespace floe::rules::glacial {

/// The seat whose quadrant holds `s` (§2.4: squares strictly nearer to his edge than to any
/// other edge, 16 per seat), or NoSeat for the 17 squares of the two long diagonals.
int quadrant_of(Square s);
inline bool in_quadrant(int seat, Square s) { return quadrant_of(s) == seat; }

/// True when `s` is on `seat`'s far rank, the edge opposite his own (§2.2), where his Pawns and
/// Knights promote (§5.1): rank 9 for Yellow, file i for Green, rank 1 for Blue, file a for Red.
bool in_promotion_zone(int seat, Square s);

/// The square one step from `s` in direction `dir` (0..7, clockwise from north), or NoSquare
/// off the board.
Square neighbour(Square s, int dir);

/// One piece of Yellow's start footprint (§9.1), in Yellow's frame: file and rank from 0.
struct StartPiece {
    int file;
    int rank;
    int colour_offset;  ///< the piece's colour, counted clockwise from its owner (0 = own)
    int size;
};

/// Yellow's nine start pieces (§9.1); the other seats' are rotated by start_square().
const std::array<StartPiece, 9>& start_footprint();

/// The square (u, v) of Yellow's layout as seen by `seat` (§9.2): (v, 8-u) for Green, (8-u, 8-v)
/// for Blue, (8-v, u) for Red.
Square start_square(int seat, int u, int v);

/// The public stash at the start, per colour: small, medium, large (§9.3: 2, 0, 4).
const std::array<int, 3>& start_stash();

/// Pyramids per colour and size in the whole game (§1.1).
constexpr int PyramidsPerKind = 5;

}  // namespace floe::rules::glacial
