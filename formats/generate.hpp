#pragma once
// Random legal games as canonical PGN (`floe generate`, property tests), for both games: the
// moves come from each engine's random game (rules/chess/random_game.hpp,
// rules/glacial/random_game.hpp) and are written by the canonical writer, as `convert` would.

#include <cstdint>
#include <string>

#include "rules/chess/variant.hpp"

namespace floe::formats {

/// One random legal game of `variant` from its start position, as canonical PGN
/// (docs/rules/notation.md §7) ending with a newline: tags Event "floe generate", Round `round`,
/// the forced Result (or `*`) and Variant; moves chosen by rules::chess::random_game with a
/// SplitMix64 seeded by `seed`, at most `max_plies` of them. The same arguments give the same
/// bytes everywhere.
/// A Chess960 variant's game starts from an array drawn from the seed (chess960_start_fen), named
/// by SetUp and FEN tags after the roster.
std::string random_game_pgn(const rules::chess::Variant& variant, std::uint64_t seed, int round,
                            int max_plies);

/// The FEN of Chess960 start array `n` modulo 960, in Scharnagl's numbering (518 is the standard
/// array), castling rights as `KQkq` (X-FEN).
std::string chess960_start_fen(unsigned n);

/// One random legal Glacial Shift game from the start position as canonical PGN ending with a
/// newline: Event "floe generate", Round `round`, the forced Result (or `*`), Variant. Plies from
/// rules::glacial::random_game with a SplitMix64 seeded by `seed`, at most `max_plies`.
/// With `steer` (rules::glacial::Feature bits), up to `attempts` games are tried with seeds drawn
/// from `seed`, and the first that shows every steered feature and ends with a winner is
/// written (else the last one tried). The same arguments give the same bytes everywhere.
std::string random_glacial_game_pgn(std::uint64_t seed, int round, int max_plies,
                                    std::uint32_t steer = 0, int attempts = 200);

}  // namespace floe::formats
