#pragma once
// A Glacial Shift game as JSON (notation.md §5: each ply has one `move` field in canonical form,
// plus `seat`), in the shape of formats/json_writer.hpp's game_json.

#include <string_view>

#include "formats/json_writer.hpp"
#include "formats/replay_game.hpp"
#include "rules/record.hpp"

namespace floe::formats {

/// One Glacial Shift game (game.glacial set; replayed with GameOptions::keep_moves):
/// `{"game", "tags", "variant": "Glacial Shift", "start" (position string), "moves": LINE,
///   "result", "diagnostics"}` where
/// `LINE = {"comments"?, "nags"?, "events"?, "plies": [PLY…], "unplayed"?}` (`events`: mates
/// due before the first ply) and
/// `PLY = {"ply", "seat" (`Y G B R`), "move" (`y1e3-e4`, `g1@d4`, with `^`, `^0`, `+`),
///   "position" (the position string after the ply and its mates), "nags"?, "events"?
///   (`<mate: G by Y>` …), "comments"?, "variations"?: [LINE…]}`.
/// A game whose FEN tag is unusable has `"moves": null` and its text in `"text"`.
Json glacial_game_json(std::string_view file, const rules::GameRecord& record,
                       const ReplayedGame& game, bool fix_result);

}  // namespace floe::formats
