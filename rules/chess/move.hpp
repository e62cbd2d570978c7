#pragma once
// A chess move as the engine makes it, and a fixed-capacity move list (no heap per move).

#include <cstdint>

#include "rules/chess/types.hpp"
#include "rules/common/fixed_list.hpp"

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

/// The legal (or pseudo-legal) moves of a position. Orthodox chess needs 218 at most, but drops
/// add up to five per empty square (Crazyhouse), and a FEN may hold any number of queens: 1024
/// leaves room, and the list ignores what would not fit (rules/common/fixed_list.hpp).
using MoveList = FixedList<Move, 1024>;

}  // namespace floe::rules::chess
