#pragma once
// Walks a replayed Glacial Shift game in the canonical order of notation.md §4 and §7, for the
// writers (canonical PGN, JSON): per ply its NAGs, then the mates it triggered, then comments,
// then variations. The Glacial Shift counterpart of game_walk.hpp (docs/decisions.md).

#include <cstdint>
#include <optional>
#include <string_view>

#include "formats/replay_game.hpp"
#include "rules/glacial/position.hpp"
#include "rules/record.hpp"

namespace floe::formats {

/// Receives a Glacial Shift game's content in canonical order. Positions passed in are valid
/// only during the call.
class GlacialVisitor {
public:
    virtual ~GlacialVisitor() = default;
    /// A ply played from `before` (legal there), reaching `after` once its mates were carried out.
    virtual void ply(const rules::glacial::Position& before, const rules::glacial::Move& move,
                     const rules::glacial::Position& after) = 0;
    /// A NAG of the last ply.
    virtual void nag(std::uint32_t value) = 0;
    /// A mate the last ply triggered (or, before the first ply, a mate due at the start).
    virtual void mate(const rules::glacial::MateEvent& mate) = 0;
    /// A comment's exact bytes: `{…}` (`line_comment` false) or `; …` (true).
    virtual void comment(std::string_view text, bool line_comment) = 0;
    /// A variation starts: an alternative to the last ply, from the position before it.
    virtual void variation_begin(const rules::glacial::Position& start) = 0;
    virtual void variation_end()                                        = 0;
    /// The rest of a line from its first error, verbatim and trimmed, with the error's code
    /// (nullopt after an earlier conversion's marker), as GameVisitor::unplayed.
    virtual void unplayed(std::string_view rest, std::optional<rules::DiagCode> code) = 0;
};

/// Walks `game` (replayed with GameOptions::keep_moves; game.glacial set, with a start). Each
/// line is walked up to where the replay stopped it, as walk_game does.
void walk_glacial_game(const rules::GameRecord& record, const ReplayedGame& game,
                       GlacialVisitor& visitor);

}  // namespace floe::formats
