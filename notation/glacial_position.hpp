#pragma once
// Glacial Shift position strings (docs/rules/notation.md §6.8-§6.10): read with validation, and
// written; and the canonical text of a ply (docs/rules/notation.md §5).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/diagnostic.hpp"
#include "rules/glacial/move.hpp"
#include "rules/glacial/position.hpp"

namespace floe::formats {

/// What parse_glacial_position found: the position when no error was found, and every
/// diagnostic in the order of the text.
struct GlacialPositionResult {
    std::optional<rules::glacial::Position> position;
    std::vector<rules::Diagnostic> diagnostics;
};

/// Reads and validates a position string: six fields `board seat hands stash attackers ply`,
/// separated by runs of spaces or tabs (blanks before and after are ignored).
///
/// Returns the position, or nullopt when any error was found. Each diagnostic's span is the
/// byte range of the offending text in `text` (its start is the column), and its message
/// starts with the field's name ("board: ...", "stash: ..."). Errors, one code per rule of
/// docs/rules/notation.md §6.10:
/// - `glacial-syntax`: a field count other than 6, or text a field cannot hold: an unknown
///   owner, colour or size letter, an empty cell, a `0` run, a seat other than `Y G B R -`, a
///   hand token that is not colour and size, a stash part that is not three digits, a last
///   attacker other than `Y G B R -`, a ply number that is not 1 to 999999999;
/// - `glacial-rank-length`: a rank not covering exactly 9 squares, or not 9 ranks;
/// - `glacial-pyramid-count`: a colour and size not totalling 5 over board, hands and stash
///   (at the stash field), or a stash digit above 5;
/// - `glacial-nest`: a nest whose sizes are not consecutive and ascending, or an upright cell
///   of more than one pyramid;
/// - `glacial-spent`: `'` on an upright pyramid or on a piece whose largest pyramid is large;
/// - `glacial-royal`: a live seat (one owning a lying piece) without a Royal in its quadrant;
/// - `glacial-dead-seat`: a dead seat with a hand other than `-` or a last attacker;
/// - `glacial-seat-to-move`: a seat to move that is not live; `-` while two or more seats
///   are live, or a seat while only one is (the game is over: docs/decisions/glacial-shift.md);
/// - `glacial-check-priority`: a live seat in check while the seat to move is not;
/// - `glacial-last-attacker`: a seat in check whose last attacker is missing, dead or itself,
///   or (unless in bare check) owns no piece attacking its Royal; or a seat not in check with
///   a last attacker.
GlacialPositionResult parse_glacial_position(std::string_view text);

/// The position string of a position (the inverse of parse_glacial_position).
std::string make_glacial_position(const rules::glacial::Position& position);

/// A board cell as the position string writes it (docs/rules/notation.md §6.8): owner or `X`
/// (upright), colour, the nest's sizes ascending, `'` when spent (`Gb23`, `Xr1`, `Yr1'`);
/// "" when empty.
std::string make_glacial_cell(const rules::glacial::Cell& cell);

/// The canonical text of a legal ply of the seat to move, without seat and ply number
/// (docs/rules/notation.md §5.2, §9.3): `y1e3-e4`, `b2b5xe5`, `g1@d4`, with `^` or `^0` and then
/// `+`. The piece is named by its colour and largest pyramid before the move.
std::string make_glacial_move(const rules::glacial::Position& before,
                              const rules::glacial::Move& move);

/// A square's name, `a1` to `i9`.
std::string glacial_square_name(rules::glacial::Square s);

}  // namespace floe::formats
