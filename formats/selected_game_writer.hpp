#pragma once
// Writing a game `select` matched, from the walk recorded while it was matched
// (select_game with record_walk): each game is replayed once, and a game that does not match
// costs no writing.

#include <string_view>

#include "formats/hint_words.hpp"
#include "formats/pgn_writer.hpp"
#include "formats/text_out.hpp"
#include "play/replay_game.hpp"
#include "rules/record.hpp"

namespace floe::formats {

/// Writes `game` (select_game's replay of `record`, its walk recorded) as write_pgn does with
/// `pgn` (no forced result, no PlyCount). False, writing nothing, when the walk was too long to
/// keep whole (WalkTape::SpareBytes): write_pgn then replays the game.
bool write_selected_pgn(TextOut out, const rules::GameRecord& record, const ReplayedGame& game,
                        const PgnOptions& pgn);

/// Writes `game` as write_game_json does without fix_result; false as write_selected_pgn.
bool write_selected_json(TextOut out, std::string_view file, const rules::GameRecord& record,
                         const ReplayedGame& game, HintWords words);

}  // namespace floe::formats
