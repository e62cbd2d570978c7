#pragma once
// A Glacial Shift ply as the engine makes it (a move or a drop), and a fixed-capacity list.

#include <array>
#include <cstddef>
#include <cstdint>

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

/// Fixed-capacity list of plies. Bound: at most 12 kinds in hand times 81 squares of drops,
/// plus at most 24 targets for each of at most 48 own pieces left on the board (1,548).
class MoveList {
public:
    static constexpr std::size_t Capacity = 1600;
    void push(const Move& m) { moves_[size_++] = m; }
    void clear() { size_ = 0; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const Move& operator[](std::size_t i) const { return moves_[i]; }
    /// Keeps the first `n` moves.
    void truncate(std::size_t n) { size_ = n < size_ ? n : size_; }
    /// Keeps only the moves for which `keep(move)` is true, in their order.
    template <class Predicate>
    void retain(Predicate keep) {
        std::size_t n = 0;
        for (std::size_t i = 0; i < size_; ++i) {
            if (keep(moves_[i])) moves_[n++] = moves_[i];
        }
        size_ = n;
    }
    const Move* begin() const { return moves_.data(); }
    const Move* end() const { return moves_.data() + size_; }

private:
    std::array<Move, Capacity> moves_;
    std::size_t size_ = 0;
};

}  // namespace floe::rules::glacial
