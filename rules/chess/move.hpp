#pragma once
// A chess move as the engine makes it, and a fixed-capacity move list (no heap per move).

#include <array>
#include <cstddef>
#include <cstdint>

#include "rules/chess/types.hpp"

namespace floe::rules::chess {

enum class MoveKind : std::uint8_t {
    Normal,
    DoublePush,   ///< pawn two squares forward
    EnPassant,    ///< pawn capture onto the en-passant square
    CastleKing,   ///< O-O: from = king's square, to = king's destination
    CastleQueen,  ///< O-O-O
    Null,         ///< "--": passes the turn (notation.md §1)
};

/// 8 bytes. `piece` is the moving piece's type; `captured` is the captured piece's type
/// (None when the move captures no piece, also for ice captures); `captures_ice` is set when
/// the destination held an ice cube.
struct Move {
    Square from            = NoSquare;
    Square to              = NoSquare;
    PieceType piece        = PieceType::None;
    PieceType captured     = PieceType::None;
    PieceType promotion    = PieceType::None;
    MoveKind kind          = MoveKind::Normal;
    bool captures_ice      = false;
    std::uint8_t reserved_ = 0;

    bool is_capture() const {
        return captured != PieceType::None || captures_ice || kind == MoveKind::EnPassant;
    }
    friend bool operator==(const Move&, const Move&) = default;
};

/// Fixed-capacity list of moves. 256 bounds any legal chess position (the maximum known is 218).
class MoveList {
public:
    static constexpr std::size_t Capacity = 256;
    void push(const Move& m) { moves_[size_++] = m; }
    void clear() { size_ = 0; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const Move& operator[](std::size_t i) const { return moves_[i]; }
    const Move* begin() const { return moves_.data(); }
    const Move* end() const { return moves_.data() + size_; }
    /// Keeps only the moves for which `keep(move)` is true, in their order.
    template <class Predicate>
    void retain(Predicate keep) {
        std::size_t n = 0;
        for (std::size_t i = 0; i < size_; ++i) {
            if (keep(moves_[i])) moves_[n++] = moves_[i];
        }
        size_ = n;
    }

private:
    std::array<Move, Capacity> moves_;
    std::size_t size_ = 0;
};

}  // namespace floe::rules::chess
