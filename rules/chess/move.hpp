#pragma once
// A chess move as the engine makes it, and a fixed-capacity move list (no heap per move).

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
    Null,         ///< "--": passes the turn (docs/rules/notation.md §1.8)
    Drop,         ///< `P@d4`: a piece from the mover's pocket onto an empty square (Crazyhouse)
};

/// 8 bytes. `piece` is the moving piece's type (for a drop, the dropped piece's); `captured` is
/// the captured piece's type (None when the move captures no piece, also for ice captures);
/// `captures_ice` is set when the destination held an ice cube. A drop has `from` NoSquare.
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

/// Fixed-capacity list of moves. Orthodox chess needs 218 at most, but drops add up to five per
/// empty square (Crazyhouse), and a FEN may hold any number of queens: 1024 leaves room, and
/// push() ignores what would not fit rather than write past the end. The storage is left
/// uninitialised, so a list costs nothing to create however large its capacity.
class MoveList {
public:
    static constexpr std::size_t Capacity = 1024;
    MoveList() {}
    MoveList(const MoveList& other) : size_(other.size_) { copy_from(other); }
    MoveList& operator=(const MoveList& other) {
        size_ = other.size_;
        copy_from(other);
        return *this;
    }
    void push(const Move& m) {
        if (size_ < Capacity) moves_.m[size_++] = m;
    }
    void clear() { size_ = 0; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const Move& operator[](std::size_t i) const { return moves_.m[i]; }
    const Move* begin() const { return moves_.m; }
    const Move* end() const { return moves_.m + size_; }
    /// Keeps only the moves for which `keep(move)` is true, in their order.
    template <class Predicate>
    void retain(Predicate keep) {
        std::size_t n = 0;
        for (std::size_t i = 0; i < size_; ++i) {
            if (keep(moves_.m[i])) moves_.m[n++] = moves_.m[i];
        }
        size_ = n;
    }

private:
    // A union member is not constructed: only the first size_ moves are ever written or read.
    union Storage {
        Storage() {}
        Move m[Capacity];
    };
    void copy_from(const MoveList& other) {
        for (std::size_t i = 0; i < size_; ++i) moves_.m[i] = other.moves_.m[i];
    }
    Storage moves_;
    std::size_t size_ = 0;
};

}  // namespace floe::rules::chess
