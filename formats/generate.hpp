#pragma once
// Random legal games as canonical PGN (`floe generate`, property tests).

#include <cstdint>
#include <string>

#include "rules/chess/variant.hpp"

namespace floe::formats {

/// One random legal game of `variant` from its start position, as canonical PGN (notation.md
/// §7) ending with a newline: tags Event "floe generate", Round `round`, the forced Result
/// (or `*`) and Variant; moves chosen by rules::chess::random_game with a SplitMix64 seeded by
/// `seed`, at most `max_plies` of them. The same arguments give the same bytes everywhere.
std::string random_game_pgn(const rules::chess::Variant& variant, std::uint64_t seed, int round,
                            int max_plies);

}  // namespace floe::formats
