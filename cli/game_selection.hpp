#pragma once
// One game of a record file, chosen by --game, for the commands that show one game (fen,
// diagram, replay): opening it and checking the ply asked for (its errors: FileReport).

#include <fmt/format.h>

#include <memory>
#include <string>
#include <string_view>

#include "cli/usage.hpp"
#include "formats/main_line.hpp"
#include "parser/parse_record.hpp"
#include "play/replay_game.hpp"
#include "rules/diagnostic.hpp"
#include "rules/encoding.hpp"
#include "rules/record.hpp"

namespace floe::cli {

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
