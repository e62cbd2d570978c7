#pragma once
// The games a record command reads: --games RANGES (or --game N, the same as --games N) in
// every record command (docs/commands.md, "Options common to commands"); and one game of a record
// file, for the commands that show one game (fen, diagram, replay): opening it and checking the
// ply asked for (its errors: FileReport).

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cli/untagged_context.hpp"
#include "cli/untagged_note.hpp"
#include "cli/usage.hpp"
#include "formats/main_line.hpp"
#include "parser/parse_record.hpp"
#include "play/replay_game.hpp"
#include "rules/diagnostic.hpp"
#include "rules/encoding.hpp"
#include "rules/record.hpp"

namespace floe::cli {

/// One part of --games: the inclusive range of game numbers first..last (`N-` runs to the end).
struct GameRange {
    std::uint32_t first = 1, last = UINT32_MAX;
};

/// Parses --games: comma-separated `N`, `N-M` or `N-`; throws UsageError naming the bad part
/// ("--games: '0-3': game numbers start at 1", "--games: '3-2' ends before it starts").
std::vector<GameRange> parse_game_ranges(std::string_view text);

/// The games of each input file a command reads, by their number in the file (from 1):
/// `--games 10-20,35` or `--game N` (the same as `--games N`); every game when neither is given.
class GameChoice {
public:
    /// Reads the options' values (once the command line is read). Throws UsageError as
    /// parse_game_ranges, and when both --game and --games were given.
    void read();
    /// True when --games or --game was given.
    bool given() const { return !ranges_.empty(); }
    /// True when they name one game (--game N, --games N).
    bool one() const { return ranges_.size() == 1 && ranges_[0].first == ranges_[0].last; }
    /// True when game `number` is chosen.
    bool contains(std::uint32_t number) const;
    /// True when no game after `number` can be chosen: reading can stop.
    bool past(std::uint32_t number) const;
    /// The one game of a command that shows one (fen, diagram, replay): N of --games N or
    /// --game N, 1 when neither was given. Throws UsageError for more than one game ("--games:
    /// one game is shown: give one number, not '2-4'").
    int single() const;

    std::string games;              ///< --games, as given
    int game                  = 0;  ///< --game N; 0 when not given
    CLI::Option* games_option = nullptr;

private:
    std::vector<GameRange> ranges_;
};

/// Adds `--games RANGES` and `--game N` (checked by game_number(); read() refuses both) to
/// `cmd`, bound to `choice`, in the option group `group` (the default group when empty). Returns
/// the --games option.
CLI::Option* add_game_options(CLI::App& cmd, GameChoice& choice, const std::string& group = "");

/// The next game of the input (UntaggedContext::next) that `choice` chooses; false at the end,
/// or once no later game can be chosen.
bool next_chosen(UntaggedContext& context, parser::GameSource& source, parser::GameText& text,
                 const GameChoice& choice);

/// How the games passed over before a `--shard` part are counted in the untagged-variant note
/// (UntaggedNote::start_part): only those `choice` chooses, each as formats::read_variant reads
/// it; empty (every game) when `choice` was not given.
UntaggedNote::ReadingOf chosen_reading(const GameChoice& choice,
                                       const formats::GameOptions& options);

/// One game of a record file, opened, and how it is to be replayed.
struct SelectedGame {
    parser::GameText text;  ///< the game's bytes (the record's views point into it)
    std::string file;       ///< the name used in diagnostics
    rules::GameRecord record;
    rules::DiagnosticLog log;  ///< what open_game reported
    formats::GameOptions options;
};

/// Reads FILE up to its game `number` (1-based; streaming, the games before are only scanned)
/// and opens that game, to be replayed under --variant `variant` (and --allow-null-moves when
/// `allow_null_moves`), its bytes that are not UTF-8 read in `encoding`, no game kept larger
/// than `max_game_bytes` (--max-game-bytes: a larger one is game-too-large, not replayed). Throws
/// UsageError when the file has no such game ("F has 2 games, not game 3"), cannot be read or is no
/// text (InputStream; `command` names the subcommand).
std::unique_ptr<SelectedGame> select_game(const std::string& file, int number,
                                          const std::string& variant, rules::Encoding encoding,
                                          std::size_t max_game_bytes, std::string_view command,
                                          bool allow_null_moves = false);

/// Checks what a main-line ply asked for gives (formats::PlyAt): true when the position is
/// there; false when an error stopped the main line before it (printed already: exit 1).
/// Throws UsageError when the main line is valid and shorter than `ply`.
template <class G>
bool reached(const SelectedGame& selected, const formats::PlyAt<G>& at,
             const formats::ReplayedGame& game) {
    if (at.ply < 0) return !game.main_line_failed();  // the last position: the game's end
    if (at.ply <= at.reached) return true;
    if (game.main_line_failed()) return false;
    throw UsageError(fmt::format("game {} has {} plies, not ply {}", selected.record.number,
                                 at.reached, at.ply));
}

}  // namespace floe::cli
