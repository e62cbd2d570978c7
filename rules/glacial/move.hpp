#pragma once
// A Glacial Shift ply as the engine makes it (a move or a drop), and a fixed-capacity list.

#include <cstdint>

#include "rules/common/fixed_list.hpp"
#include "rules/glacial/types.hpp"

namespace floe::rules::glacial {

/// 4 bytes. A move has `from` set; a drop has from == NoSquare and names the dropped pyramid
/// by colour and size. Promotion is compulsory
/// (docs/rules/glacial-shift.md §5.1), so from and to decide a move.
struct Move {
    Square from              = NoSquare;
    Square to                = NoSquare;
    std::uint8_t drop_colour = 0;
    std::uint8_t drop_size   = 0;  ///< 1..3 for a drop, 0 for a move

    bool is_drop() const { return from == NoSquare; }
    static constexpr Move move(Square from, Square to) { return {from, to, 0, 0}; }
    static constexpr Move drop(int colour, int size, Square to) {
        return {NoSquare, to, static_cast<std::uint8_t>(colour), static_cast<std::uint8_t>(size)};
    }
    friend bool operator==(const Move&, const Move&) = default;
};

/// The plies of a position, legal or pseudo-legal (rules/common/fixed_list.hpp). Bound: at most 12
/// kinds in hand times 81 squares of drops, plus at most 24 targets for each of at most 48 own
/// pieces left on the board (1,548).
using MoveList = FixedList<Move, 1600>;

}  // namespace floe::rules::glacial
