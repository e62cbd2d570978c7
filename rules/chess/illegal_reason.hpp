#pragma once
// Why a castling or an en-passant capture is not legal: the true reason, for illegal-move
// messages (docs/rules/notation.md §3.6). move_reader.cpp's describe_unmatched asks these.

#include <string>

#include "rules/chess/position.hpp"

namespace floe::rules::chess {

/// "the bishop on b4".
std::string piece_on(const Position& position, Square s);

/// The pieces on `squares`, at most two named: "the bishop on b4", "the rook on e8 and the
/// knight on f3", "the queen on h4 and 2 more".
std::string pieces_on(const Position& position, Bitboard squares);

/// Why the side to move cannot castle on that side, the first failing condition of the rules
/// first: "White cannot castle king side: " then "White has no king-side castling right (no white
/// rook on h1)", "the king on e1 is in check from the bishop on b4", "the knight on g1 is in the
/// way", "the king would pass through f1, attacked by the bishop on c4", "the king would be in
/// check on g1 from the knight on h3" (with " after the Ice Age" in Ice Age vchess).
std::string describe_illegal_castling(const Position& position, bool king_side);

/// Why the pawn on `from` (any pawn of the side to move that attacks `to` when `from` is
/// NoSquare, or on file `from_file` when that is not -1) cannot capture on the empty square
/// `to`, when `to` is where an en-passant capture would land: "no pawn can capture en passant on
/// d6: the pawn on e5 would leave White's king in check from the rook on h5" after a double step
/// whose capture is illegal, "d6 holds nothing to capture (no en passant: the pawn on d5 did not
/// just advance two squares)" without one. "" when `to` is no such square.
std::string describe_illegal_en_passant(const Position& position, Square to, int from_file);

}  // namespace floe::rules::chess
