#pragma once
// What `floe select` asks of one game (docs/commands.md, "select"): the criteria, parsed once and
// shared by the threads of --jobs, and the test of one record against them. Every criterion is
// written once, over the game concept: a replay visitor (SelectVisitor in selection.cpp) watches
// the main line of either engine. A selection that reads only tags does not replay the moves.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "play/replay_game.hpp"
#include "rules/record.hpp"
#include "rules/selection/board_pattern.hpp"
#include "rules/selection/material.hpp"
#include "rules/selection/parse_error.hpp"
#include "rules/selection/where.hpp"

namespace floe::formats {

/// The events --event names (docs/rules/selection.md §5.2). A list selects a game with any of them.
enum SelectEvent : std::uint8_t {
    IceAge      = 1,   ///< an Ice Age happened on the main line
    FrozenPiece = 2,   ///< an Ice Age froze a piece (any: ice on an empty square is no piece)
    FrozenKing  = 4,   ///< an Ice Age froze a king
    GlacialMate = 8,   ///< a Glacial Shift mate (bare or not)
    BareMate    = 16,  ///< a Glacial Shift bare mate
    Checkmate   = 32,  ///< the main line ends in checkmate
    Stalemate   = 64,  ///< the main line ends in stalemate
};

/// `name` as an event bit (`ice-age`, `frozen-piece`, `frozen-king`, `glacial-mate`,
/// `bare-mate`, `checkmate`, `stalemate`), or 0 when it names none.
std::uint8_t select_event(std::string_view name);

/// The names select_event reads, in their order (the completion offers them).
std::vector<std::string_view> select_event_names();

/// --valid, --invalid: games the validator passes (no error), or fails.
enum class Validity : std::uint8_t { Any, Valid, Invalid };

/// The position of --position, read once for every variant it is a position of
/// (docs/rules/selection.md §1): a game is matched against the reading of its own variant.
struct SelectPosition {
    std::vector<std::pair<const rules::chess::Variant*, rules::chess::Position>> chess;
    std::optional<rules::glacial::Position> glacial;
};

/// Reads --position: a FEN (in every chess variant where it is one) or a Glacial Shift position
/// string. When it is neither, the error (no column) says so, with the reason of the reading for
/// the default variant (or for Glacial Shift, when the text has its 9 ranks).
rules::selection::Parsed<SelectPosition> parse_select_position(std::string_view text);

/// Checks --opening before any game is read: `opening` itself when it is moves (and move numbers)
/// that can be played from the start of at least one variant floe plays, else the error (no
/// column) saying why not ("no moves", "'{' is no move: give moves and move numbers only", "it
/// holds a result or `*`", or the error of the default variant's reading, e.g. "no pawn can reach
/// e5").
rules::selection::Parsed<std::string> parse_opening(const std::string& opening);

/// The criteria of one run. All must hold (AND); a list inside one criterion is a union.
struct SelectCriteria {
    /// --where: the tags and derived fields (docs/where.md); only `plies`, `errors` and
    /// `warnings` need the moves replayed.
    std::optional<rules::selection::Where> where;
    /// --position, --pattern, --material: a main-line position (the start included) that is
    /// that position, fits that board, has that material (docs/rules/selection.md).
    std::optional<SelectPosition> position;
    std::optional<rules::selection::BoardPattern> pattern;
    std::optional<rules::selection::Material> material;
    /// --opening: main-line moves from each game's own start, in any notation floe reads.
    std::string opening;
    /// --event: the bits of SelectEvent, any of them (0: no criterion).
    std::uint8_t events = 0;
    Validity validity   = Validity::Any;
    /// --unique or --duplicates: each game's main line is fingerprinted (line_key).
    bool line_key = false;

    /// True when a criterion needs the moves replayed.
    bool needs_replay() const;
};

/// A main line and the position it starts from, as 128 bits (--unique, --duplicates): equal for
/// games that play the same moves from the same start in the same variant.
using LineKey = std::array<std::uint64_t, 2>;

/// What select found for one game.
struct GameSelection {
    bool matched = false;
    /// The replay, when a criterion needed one (its diagnostics complete: validate's).
    std::optional<ReplayedGame> game;
    LineKey line{};  ///< when SelectCriteria::line_key
    /// The replay's walk is on the thread's tape (WalkTape), for a writer (selected_game_writer).
    bool walk_recorded = false;
};

/// Tests `record` (opened, with open_game's diagnostics in `log`) against `criteria`, replaying
/// it under `options` only when a criterion needs the moves. A game larger than
/// --max-game-bytes (record.too_large) matches nothing: its bytes were not kept. Problems in the
/// game are diagnostics in the returned game, never exceptions. With `record_walk`, a replay's
/// walk is recorded on the thread's tape, so that a game that matched is written without a second
/// replay (write_selected_pgn, write_selected_json), until the thread's next select_game.
GameSelection select_game(const rules::GameRecord& record, const GameOptions& options,
                          const SelectCriteria& criteria, rules::DiagnosticLog log,
                          bool record_walk = false);

}  // namespace floe::formats
