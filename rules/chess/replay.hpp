#pragma once
// The replay validator for chess variants: plays a record's moves against the rules and
// reports the first illegal, ambiguous or unreadable move of each line, recorded events that
// differ from the rules, and a result that contradicts the end (notation.md §3, §4, §8).

#include <cstdint>
#include <string>
#include <vector>

#include "rules/chess/position.hpp"
#include "rules/diagnostic.hpp"
#include "rules/record.hpp"

namespace floe::rules::chess {

struct ReplayOptions {
    /// Null moves `--` in the main line (notation.md §1); always allowed in variations.
    bool allow_null_moves = false;
    /// Keep every main-line position in ReplayResult::positions.
    bool keep_positions = false;
    /// Keep every move played, in every line (ReplayResult::line_moves), for writers.
    bool keep_moves = false;
    /// Names a legal move canonically, for messages ("ambiguous: Nbd2 or Nfd2"). rules writes no
    /// notation itself: callers pass formats::make_san. Without it, moves are named in UCI.
    std::string (*name_move)(const Position&, const Move&) = nullptr;
    /// Names an Ice Age event canonically (formats::make_ice_age_event), for messages.
    std::string (*name_event)(const IceAgeEvent&) = nullptr;
};

/// A move played in some line: the index of its Move element in Line::elements, and the move.
struct LineMove {
    std::uint32_t element = 0;
    Move move;
};

/// One main-line ply as replayed.
struct ReplayedPly {
    Move move;
    bool ice_age = false;  ///< the ply triggered an Ice Age
};

struct ReplayResult {
    /// Main-line plies replayed, in order, up to the first error of the main line.
    std::vector<ReplayedPly> plies;
    /// With keep_positions: positions[0] is the start, positions[k] the position after ply k
    /// (including the Ice Age ply k triggers). Otherwise only the start and the last position.
    std::vector<Position> positions;
    /// With keep_moves: for each line of the record (index-aligned with GameRecord::lines), the
    /// moves played in it, in order, up to the line's first error. A Move element that is no
    /// move of its own (a separate `e.p.`) has no entry.
    std::vector<std::vector<LineMove>> line_moves;
    /// With keep_moves: for each line, where it stopped (LineStop::at is None when it was read
    /// to its end): at its first error, the parser's or the rules', whichever comes first. The
    /// writers keep the rest from there as text (notation.md §7).
    std::vector<LineStop> line_stops;
    /// True when an error stopped the main line before its end.
    bool main_line_failed = false;
    /// The decided end of the last main-line position reached.
    Outcome outcome;
    /// Diagnostics in text order, spans into the record's text.
    std::vector<Diagnostic> diagnostics;
    /// For each diagnostic that concerns a move, the position before it (index-aligned with
    /// diagnostics; nullopt elsewhere). The caller writes it as a FEN.
    std::vector<std::optional<Position>> positions_before;

    const Position& final_position() const { return positions.back(); }
};

/// Replays every line of `record` from `start`. Variations are validated from their own branch
/// point. A line ends at its first error: a syntax error the parser found (Line::stop), or an
/// illegal, ambiguous or unreadable move, a null move in the main line, a move after the end
/// or a wrong event. Never throws; all problems are diagnostics. Lenient-form warnings are grouped,
/// one per kind per game, at the first occurrence (notation.md §8).
ReplayResult replay(const GameRecord& record, const Position& start, const ReplayOptions& options);

/// The result a decided outcome forces: "1-0", "0-1", "1/2-1/2", or "*" when undecided.
const char* forced_result(const Outcome& outcome);

/// A short description of an outcome, e.g. "checkmate by Black", "White's king froze".
std::string describe_outcome(const Outcome& outcome);

}  // namespace floe::rules::chess
