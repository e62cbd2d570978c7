#pragma once
// Canonical PGN and generation for Glacial Shift games (notation.md §5, §7): the roster Event,
// Site, Date, Round, Yellow, Green, Blue, Red, Result; every ply numbered with its seat
// (`12. G: b2b5xe5`); the mates each ply triggers as events after it.

#include <cstdint>
#include <string>

#include "formats/pgn_writer.hpp"
#include "formats/replay_game.hpp"
#include "rules/record.hpp"

namespace floe::formats {

/// Appends one Glacial Shift game (replayed with GameOptions::keep_moves; game.glacial set) in
/// canonical PGN, ending with a newline, as write_pgn does for chess: each line of play up to
/// its first error, the rest kept verbatim as a comment; comments, NAGs and variations kept;
/// the record's events replaced by the mates the rules compute. A game whose FEN tag is
/// unusable is written as read.
void write_glacial_pgn(std::string& out, const rules::GameRecord& record, const ReplayedGame& game,
                       const PgnOptions& options);

/// The termination marker for a Glacial Shift game: the record's (a missing one as `*`), or with
/// `fix_result` the winner a finished main line forces.
std::string glacial_termination_marker(const rules::GameRecord& record, const ReplayedGame& game,
                                       bool fix_result);

/// One random legal Glacial Shift game from the start position as canonical PGN ending with a
/// newline: Event "floe generate", Round `round`, the forced Result (or `*`), Variant. Plies from
/// rules::glacial::random_game with a SplitMix64 seeded by `seed`, at most `max_plies`.
/// With `steer` (rules::glacial::Feature bits), up to `attempts` games are tried with seeds drawn
/// from `seed`, and the first that shows every steered feature and ends with a winner is
/// written (else the last one tried). The same arguments give the same bytes everywhere.
std::string random_glacial_game_pgn(std::uint64_t seed, int round, int max_plies,
                                    std::uint32_t steer = 0, int attempts = 200);

}  // namespace floe::formats
