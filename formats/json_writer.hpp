#pragma once
// JSON for scripts: diagnostics (validate --json, notation.md §8) and whole games (convert
// --to json, one object per game: JSON Lines).

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "formats/replay_game.hpp"
#include "rules/diagnostic.hpp"
#include "rules/record.hpp"

namespace floe::formats {

using Json = nlohmann::ordered_json;

/// One diagnostic with the fields of notation.md §8, in this order: file, line, column,
/// end_column, severity, code, message, game, ply, move, fen (null when not applicable), and
/// count when warnings were grouped. Line and columns as in §8 (code points, from 1).
Json diagnostic_json(std::string_view file, const rules::GameRecord& record,
                     const rules::Diagnostic& d);

/// A comment as JSON: `{"text": its exact bytes, "commands"?: {…}}` (see game_json), its bytes
/// that are not UTF-8 read in `encoding` (the record's).
Json comment_json(std::string_view text, rules::Encoding encoding);

/// One game (notation.md §7 content, as data):
/// `{"game", "tags": {name: value, … in input order}, "variant", "start" (FEN), "moves": LINE,
///   "result", "diagnostics": [...]}` where
/// `LINE = {"comments"?, "nags"?, "plies": [PLY…], "unplayed"?}` and
/// `PLY = {"ply", "move_number", "color", "san", "lan", "uci", "fen" (after the ply, its Ice Age
///   included), "nags"?, "event"?, "comments"?, "variations"?: [LINE…]}`.
/// Record text is UTF-8, its bytes that are not UTF-8 read in the record's encoding; control
/// characters stay data (JSON escapes them, `\u001b`).
/// A comment is `{"text": its exact bytes, "commands"?: {"clk"|"emt"|"eval"|"csl"|"cal": value}}`
/// (the known `[%cmd …]` commands inside it; conformance B17). `unplayed` is the verbatim rest
/// of a line from its first error. A game floe cannot replay has `"moves": null` and its text
/// in `"text"`. A Glacial Shift game is written by glacial_game_json (formats/glacial_json.hpp).
Json game_json(std::string_view file, const rules::GameRecord& record, const ReplayedGame& game,
               bool fix_result);

/// `j` on one line, bytes that are not UTF-8 replaced by U+FFFD (never throws on them).
std::string dump_line(const Json& j);

}  // namespace floe::formats
