#pragma once
// Equal positions and their Zobrist hash, for `select --position` (docs/rules/selection.md §1):
// a game matches when a main-line position hashes like the wanted one and then compares equal.

#include <cstdint>

#include "rules/chess/position.hpp"
#include "rules/glacial/position.hpp"

namespace floe::rules::selection {

/// True when `a` and `b` are the same position (docs/rules/selection.md §1.1): the pieces, the
/// ice, the side to move, the castling rights (as the squares of their rooks), the en passant
/// square when an en passant capture is legal, the Crazyhouse pockets and promoted-piece marks.
/// The clocks, the Ice Age countdown and the variant are left out (§1.3). Reports no error.
bool same_position(const chess::Position& a, const chess::Position& b);

/// True when `a` and `b` are the same Glacial Shift position (docs/rules/selection.md §1.2): the
/// board with the spent marks, the seat to move, the hands, the stash and the last attackers.
/// The ply number is left out (§1.3). Reports no error.
bool same_position(const glacial::Position& a, const glacial::Position& b);

/// The Zobrist hash of exactly what same_position compares (docs/rules/selection.md §1.4):
/// equal positions hash equal; unequal ones almost always differ, so a hash match is confirmed
/// by same_position. The keys are fixed (SplitMix64 from a fixed seed): the same on every run
/// and platform. Reports no error.
std::uint64_t zobrist(const chess::Position& position);

/// The Zobrist hash of a Glacial Shift position (docs/rules/selection.md §1.4), covering what
/// same_position compares; built on the engine's board_hash(). Reports no error.
std::uint64_t zobrist(const glacial::Position& position);

}  // namespace floe::rules::selection
