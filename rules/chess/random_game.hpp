#pragma once
// Random legal chess games, for `floe generate` and property tests. Reproducible everywhere: the
// random numbers are splitmix64's (rules/common/split_mix64.hpp) and are mapped to ranges by
// this code, never by a standard library distribution (models.md: std::uniform_int_distribution
// differs between libraries). Glacial Shift's twin: rules/glacial/random_game.hpp.

#include <vector>

#include "rules/chess/move.hpp"
#include "rules/chess/position.hpp"
#include "rules/common/split_mix64.hpp"

namespace floe::rules::chess {

/// A random game from `start`: each ply picks one of the legal moves uniformly, until the game
/// ends (no legal move, or a king froze) or `max_plies` plies were played. Returns the moves.
std::vector<Move> random_game(const Position& start, SplitMix64& rng, int max_plies);

}  // namespace floe::rules::chess
