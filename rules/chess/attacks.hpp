#pragma once
// Attack tables of the chess engine: precomputed step attacks (knight, king, pawn) and
// magic-bitboard lookups for sliders. Occupancy includes ice, so ice blocks lines
// (docs/rules/ice-age-chess.md §2.2, §2.5); callers pass the attacker sets, so ice never attacks.

#include <array>

#include "rules/chess/types.hpp"

namespace floe::rules::chess::attacks {

namespace detail {
extern const std::array<Bitboard, 64> Knight;
extern const std::array<Bitboard, 64> King;
extern const std::array<std::array<Bitboard, 64>, 2> Pawn;      ///< [color][square]
extern const std::array<std::array<Bitboard, 64>, 64> Between;  ///< squares strictly between
extern const std::array<Bitboard, 64> Diagonals;                ///< bishop lines, empty board
extern const std::array<Bitboard, 64> Orthogonal;               ///< rook lines, empty board

// A square's slider attacks by "fancy magic" lookup: the blockers that matter (`mask`, the lines
// without their last square) times `magic`, shifted right by `shift`, index that square's slice
// of a table filled at startup. One multiply instead of a scan per direction.
struct Magic {
    Bitboard mask;
    Bitboard magic;
    const Bitboard* attacks;
    unsigned shift;

    Bitboard operator()(Bitboard occupied) const {
        return attacks[((occupied & mask) * magic) >> shift];
    }
};
extern std::array<Magic, 64> BishopMagics;
extern std::array<Magic, 64> RookMagics;
}  // namespace detail

/// Squares a knight on `s` attacks.
inline Bitboard knight(Square s) { return detail::Knight[s]; }
/// Squares a king on `s` attacks (its 8 neighbours).
inline Bitboard king(Square s) { return detail::King[s]; }
/// Squares a pawn of colour `c` on `s` attacks (diagonally forward).
inline Bitboard pawn(Color c, Square s) { return detail::Pawn[index(c)][s]; }
/// Squares a bishop on `s` attacks given the blockers `occupied` (pieces and ice); the first
/// blocker on each line is included.
inline Bitboard bishop(Square s, Bitboard occupied) { return detail::BishopMagics[s](occupied); }
/// Squares a rook on `s` attacks given the blockers `occupied`.
inline Bitboard rook(Square s, Bitboard occupied) { return detail::RookMagics[s](occupied); }
/// Squares a queen on `s` attacks given the blockers `occupied`.
inline Bitboard queen(Square s, Bitboard occupied) {
    return bishop(s, occupied) | rook(s, occupied);
}
/// Squares on the diagonals through `s` (a bishop's reach on an empty board): a small table,
/// where bishop(s, 0) reads the large one. For "could a slider there see `s`?" before a lookup.
inline Bitboard diagonals(Square s) { return detail::Diagonals[s]; }
/// Squares on the rank and file through `s` (a rook's reach on an empty board).
inline Bitboard orthogonals(Square s) { return detail::Orthogonal[s]; }
/// Squares strictly between `a` and `b` when they share a line, else 0.
inline Bitboard between(Square a, Square b) { return detail::Between[a][b]; }

/// Every square next to a square of `set` (the king-step spread), used by the Ice Age freeze.
Bitboard neighbours(Bitboard set);

}  // namespace floe::rules::chess::attacks
