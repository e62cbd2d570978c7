#pragma once
// Attack tables of the chess engine: precomputed step attacks (knight, king, pawn) and
// classical ray attacks for sliders. Occupancy includes ice, so ice blocks lines
// (ice-age-chess.md §2); callers pass the attacker sets, so ice never attacks.

#include <array>
#include <bit>

#include "rules/chess/types.hpp"

namespace floe::rules::chess::attacks {

/// Ray directions; the first four increase the square index, the last four decrease it.
enum Direction : int { North, East, NorthEast, NorthWest, South, West, SouthWest, SouthEast };

namespace detail {
extern const std::array<Bitboard, 64> Knight;
extern const std::array<Bitboard, 64> King;
extern const std::array<std::array<Bitboard, 64>, 2> Pawn;      ///< [color][square]
extern const std::array<std::array<Bitboard, 64>, 8> Rays;      ///< [direction][square], exclusive
extern const std::array<std::array<Bitboard, 64>, 64> Between;  ///< squares strictly between

// The ray from `s` in `d`, cut after the first occupied square (which is included).
template <Direction D>
inline Bitboard ray(Square s, Bitboard occupied) {
    Bitboard r       = Rays[D][s];
    Bitboard blocker = r & occupied;
    if (blocker) {
        const int first = D < South ? std::countr_zero(blocker) : 63 - std::countl_zero(blocker);
        r ^= Rays[D][first];
    }
    return r;
}
}  // namespace detail

/// Squares a knight on `s` attacks.
inline Bitboard knight(Square s) { return detail::Knight[s]; }
/// Squares a king on `s` attacks (its 8 neighbours).
inline Bitboard king(Square s) { return detail::King[s]; }
/// Squares a pawn of colour `c` on `s` attacks (diagonally forward).
inline Bitboard pawn(Color c, Square s) { return detail::Pawn[index(c)][s]; }
/// Squares a bishop on `s` attacks given the blockers `occupied` (pieces and ice); the first
/// blocker on each line is included.
inline Bitboard bishop(Square s, Bitboard occupied) {
    using namespace detail;
    return ray<NorthEast>(s, occupied) | ray<NorthWest>(s, occupied) | ray<SouthWest>(s, occupied) |
           ray<SouthEast>(s, occupied);
}
/// Squares a rook on `s` attacks given the blockers `occupied`.
inline Bitboard rook(Square s, Bitboard occupied) {
    using namespace detail;
    return ray<North>(s, occupied) | ray<East>(s, occupied) | ray<South>(s, occupied) |
           ray<West>(s, occupied);
}
/// Squares a queen on `s` attacks given the blockers `occupied`.
inline Bitboard queen(Square s, Bitboard occupied) {
    return bishop(s, occupied) | rook(s, occupied);
}
/// Squares strictly between `a` and `b` when they share a line, else 0.
inline Bitboard between(Square a, Square b) { return detail::Between[a][b]; }

/// Every square next to a square of `set` (the king-step spread), used by the Ice Age freeze.
Bitboard neighbours(Bitboard set);

}  // namespace floe::rules::chess::attacks
