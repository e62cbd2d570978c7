#pragma once
// Why a Glacial Shift ply is not legal: the rule of docs/rules/glacial-shift.md §4-§7 it breaks, in
// words, for illegal-move messages. rules/ writes no notation: squares and the field's terms
// (seats, Royal/Left/Center/Right, Pawn/Knight/General, colour-size names such as `g2`).

#include <string>

#include "rules/glacial/move.hpp"
#include "rules/glacial/position.hpp"

namespace floe::rules::glacial {

/// The first rule that the ply `m` of the seat to move breaks in `position`, in the order the
/// move generator applies them, or "" when `m` is legal (`history`: the
/// earlier board positions, this one included, as for Position::legal_moves). The reasons:
/// - a drop: "Yellow has no g1 in hand", "d4 is not empty" (§4.7);
/// - a move: "no piece stands on e3", "the pyramid on e3 stands upright: it never moves" (§1.3),
///   "the piece on g5 is Red's" (with ", and Green moves now: he is in check (check priority)"
///   when the seat to move is in check, §7.4);
/// - the piece's move pattern (§4.1, §4.2): "the g2 on e2 is Yellow's Left Knight, which slides
///   orthogonally: it cannot reach f3", "e3 is in the way (no piece leaps)";
/// - the target (§4.4, §4.6): "e4 holds Yellow's own piece", "the upright pyramid on e4 cannot be
///   captured", "Green's lone Royal on e5 cannot be captured";
/// - legality (§6.3, §7.1-§7.3): the quadrant rule ("it would leave Yellow no Royal in his
///   quadrant"), check ("it would put Yellow in check: his lone Royal on e1 would be attacked by
///   Green's g3 on e5", "Yellow is in check and the ply does not avert it: …", bare check),
///   repetition ("it would recreate an earlier board position (repetition ban)") and counter-check
///   ("Yellow is in check from Green and may not put Green in check (counter-check ban)").
std::string describe_illegal_ply(const Position& position, const Move& m, const History& history);

/// Why the seat to move moves now, when check priority (§7.4) decides it: ": Green is in check
/// and moves first (check priority)" when the seat to move is in check, else "" (also once the
/// game is over). Appended to a wrong-seat message.
std::string describe_turn(const Position& position);

}  // namespace floe::rules::glacial
