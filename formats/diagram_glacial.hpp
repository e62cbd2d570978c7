#pragma once
// The diagram of a Glacial Shift position (docs/rules/notation.md §6.8,
// docs/rules/glacial-shift.md §1-§3), in the
// neutral diagram model every renderer draws (formats/diagram_model.hpp): the 9x9 board with its
// quadrants, nests and upright blockers, the four hands and the public stash, and the families
// of the seat to move. The chess twin: formats/diagram_chess.hpp.

#include <optional>

#include "formats/diagram_model.hpp"
#include "rules/glacial/move.hpp"
#include "rules/glacial/position.hpp"

namespace floe::formats {

/// The diagram of `position`; `last` is the ply that led to it, if known (it must have been
/// legal in the position before). Never throws. The diagram holds:
/// - sides Yellow, Green, Blue, Red (indexes = seats = colours, docs/rules/glacial-shift.md §2.2),
///   with their pyramid colours, quadrant tints and letters `Y G B R`;
/// - 81 cells, `zone` = the seat whose quadrant holds the cell (-1 on the two long diagonals),
///   `code` = the cell as the position string writes it (`Yy12'`, `Xb3`, "" empty), and `data`
///   = `owner` (seat letter, `X` upright, "" empty), `colour` (`y g b r`, ""), `nest` (the sizes
///   ascending, "12"; "" empty) and `quadrant` (seat letter or "");
/// - a lying piece as one "pyramid" per pyramid of its nest, largest (outermost) first, each
///   pointing in its owner's forward direction (§2.2: Yellow north, Green east, Blue south, Red
///   west) and sized 1 to 3; an upright pyramid as one "block" owned by nobody;
/// - marks: `last`'s from and to squares (only the to square of a drop), and MarkCheck on the
///   lone Royal of every seat in check (§6.4);
/// - five panels on the right: each seat's hand ("Yellow in hand", pieces pointing forward),
///   then the public stash ("Stash", owner -1), pyramids ordered by colour y g b r, then size;
/// - the legend of the seat to move: his four families (§3.1) Royal, Left, Center, Right with
///   their colours, each a large pyramid pointing his way; none once the game is over;
/// - the status line: `Yellow to move`, `Green to move; in check: Green (by Yellow), Red (by
///   Yellow)`, or `Yellow wins (1-0-0-0)` when one player is left (§8.8).
Diagram make_glacial_diagram(const rules::glacial::Position& position,
                             const std::optional<rules::glacial::Move>& last = std::nullopt);

}  // namespace floe::formats
