#pragma once
// From a parsed record to a replayed game: chooses the variant (notation.md §2), sets up the
// start position from a FEN tag (§6), replays with the rules, and completes the diagnostics with
// the canonical names and FENs that rules/ does not write itself.

#include <optional>
#include <string>
#include <vector>

#include "formats/glacial_game.hpp"
#include "rules/chess/position.hpp"
#include "rules/chess/replay.hpp"
#include "rules/chess/variant.hpp"
#include "rules/diagnostic.hpp"
#include "rules/record.hpp"

namespace floe::formats {

struct GameOptions {
    /// The --variant given on the command line, or nullptr: games without a Variant tag then
    /// play Ice Age Chess, the tool's own game (notation.md §2).
    const rules::chess::Variant* variant = nullptr;
    bool strict           = false;  ///< every warning becomes an error (notation.md §3)
    bool allow_null_moves = false;
    bool keep_positions   = false;  ///< keep every main-line position (fen --all, --ply)
    bool keep_moves       = false;  ///< keep the moves of every line (the writers need them)
    /// --variant names Glacial Shift: games without a Variant tag are Glacial Shift games.
    bool glacial = false;
};

struct ReplayedGame {
    /// The variant played, nullptr when the record names one floe cannot replay.
    const rules::chess::Variant* variant = nullptr;
    /// The start position, when the variant and the FEN tag were usable.
    std::optional<rules::chess::Position> start;
    rules::chess::ReplayResult replay;
    /// Every diagnostic of the game: the parser's, the setup's and the replay's, sorted by
    /// position in the text; FENs filled in for move diagnostics.
    std::vector<rules::Diagnostic> diagnostics;
    /// Set for a Glacial Shift game (its Variant tag, or GameOptions::glacial): the chess
    /// members above are then unused (variant nullptr, no start).
    std::optional<GlacialGame> glacial;

    int errors() const;
    /// Main-line plies replayed, in either game.
    std::size_t plies() const;
    int warnings() const;
};

/// Replays one record. Problems are diagnostics, never exceptions.
ReplayedGame replay_game(const rules::GameRecord& record, const GameOptions& options);

}  // namespace floe::formats
