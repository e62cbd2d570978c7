#pragma once
// A Glacial Shift record replayed: the start position from its FEN tag (a position string,
// notation.md §6) or the start of glacial-shift.md §9, and the replay with the rules, its
// diagnostics completed with canonical ply names and position strings.

#include <optional>
#include <vector>

#include "rules/diagnostic.hpp"
#include "rules/glacial/position.hpp"
#include "rules/glacial/replay.hpp"
#include "rules/record.hpp"

namespace floe::formats {

struct GlacialGame {
    /// The start position, when the FEN tag (if any) was a valid position string.
    std::optional<rules::glacial::Position> start;
    rules::glacial::ReplayResult replay;
};

/// Replays a Glacial Shift record and appends its setup and replay diagnostics to
/// `diagnostics` (each ply diagnostic with the position string before the ply in `fen`).
GlacialGame replay_glacial_game(const rules::GameRecord& record, bool keep_positions,
                                bool keep_moves, std::vector<rules::Diagnostic>& diagnostics);

}  // namespace floe::formats
