#pragma once
// Walks a replayed game in the canonical order of notation.md §4 and §7, for the writers
// (canonical PGN, JSON): per move, its NAGs, then the event it triggers, then comments, then
// variations. Nested variations use an explicit stack, never recursion (conformance B32).

#include <cstdint>
#include <optional>
#include <string_view>

#include "formats/replay_game.hpp"
#include "rules/chess/position.hpp"
#include "rules/record.hpp"

namespace floe::formats {

/// Receives a game's content in canonical order. Positions passed in are valid only during
/// the call.
class GameVisitor {
public:
    virtual ~GameVisitor() = default;
    /// A move played from `before` (legal there), reaching `after`, the Ice Age it triggered
    /// included (`event.happened`).
    virtual void move(const rules::chess::Position& before, const rules::chess::Move& move,
                      const rules::chess::Position& after,
                      const rules::chess::IceAgeEvent& event) = 0;
    /// A NAG of the last move (a glued suffix or glyph already read as its number).
    virtual void nag(std::uint32_t value) = 0;
    /// The Ice Age the last move triggered, as the rules computed it (the record's own event
    /// text is checked by the validator and not passed on).
    virtual void event(const rules::chess::IceAgeEvent& event) = 0;
    /// A comment's exact bytes: `{…}` (`line_comment` false) or `; …` (true).
    virtual void comment(std::string_view text, bool line_comment) = 0;
    /// A variation (RAV) starts: an alternative to the last move, from the position before it.
    virtual void variation_begin(const rules::chess::Position& start) = 0;
    virtual void variation_end()                                      = 0;
    /// The rest of a line from its first error (the failing token) to the line's end, verbatim
    /// and trimmed: the writers keep it as a comment so nothing is lost (notation.md §7). `code`
    /// is the error's, for the marker that keeps the game visibly broken; nullopt for text
    /// that follows an earlier conversion's marker (see visit_rest).
    virtual void unplayed(std::string_view rest, std::optional<rules::DiagCode> code) = 0;
};

/// Walks `game` (replayed with GameOptions::keep_moves) from its start position. Each line is
/// walked up to where the replay stopped it (ReplayResult::line_stops), and its rest is handed
/// over by visit_rest (formats/line_rest.hpp). The caller checks game.start.
void walk_game(const rules::GameRecord& record, const ReplayedGame& game, GameVisitor& visitor);

}  // namespace floe::formats
