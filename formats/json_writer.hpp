#pragma once
// JSON for scripts: diagnostics (validate --json, docs/rules/notation.md §8.6) and whole games
// (convert --to json, one object per game: JSON Lines), for both games. A game is written as the
// replay walks it, so a long game needs no more memory than a short one.

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "formats/hint_words.hpp"
#include "formats/json_schema.hpp"
#include "formats/text_out.hpp"
#include "notation/fen.hpp"
#include "play/replay_game.hpp"
#include "rules/chess/game.hpp"
#include "rules/diagnostic.hpp"
#include "rules/glacial/game.hpp"
#include "rules/record.hpp"

namespace floe::formats {

using Json = nlohmann::ordered_json;

/// One diagnostic with the fields of docs/rules/notation.md §8.6, in this order: schema_version
/// (formats/json_schema.hpp: the object is the same on its own line and in a game's list), file,
/// line, column, end_column, severity, code, message, game, ply, move, fen (null when not
/// applicable), count when warnings were grouped, and hint (a string: its hint's note, `words`)
/// when the diagnostic has one. Line and columns as in §8.2 (code points, from 1). The message
/// is followed by its hint's message suffix.
Json diagnostic_json(std::string_view file, const rules::GameRecord& record,
                     const rules::Diagnostic& d, HintWords words);

/// A comment as JSON: `{"text": its exact bytes, "commands"?: {…}, "command_data"?: […]}` (see
/// write_game_json), its bytes that are not UTF-8 read in `encoding`, the squares of `[%csl]` and
/// `[%cal]` on a board of `board_size` files and ranks (8 for chess, 9 for Glacial Shift).
/// Never fails: a command of another form keeps its text alone. docs/rules/notation.md §1.11.
Json comment_json(std::string_view text, rules::Encoding encoding, int board_size = 8);

/// Writes one game as one JSON object and a newline (the content of docs/rules/notation.md §7, as
/// data), and returns its replay:
/// `{"schema_version": 2, "game", "tags": {name: value, … in input order}, "variant", "start"
/// (FEN or position string), "moves": [NODE…], "result", "diagnostics": [...]}`.
/// "moves" is the tree of the game as a flat list of nodes in the record's order, each with its
/// "id" (its index in the list) and "kind", so that the JSON nests no deeper with deeper
/// variations (issue 25: Python's json.loads and jq read it; docs/decisions/json.md):
/// - `LINE = {"id", "kind": "line", "parent_line": id | null, "replaces": id | null,
///   "event"?, "events"?, "nags"?, "comments"?}` opens a line: node 0 the main line, else a
///   variation of line "parent_line", an alternative to its ply "replaces" (null: to that line's
///   first move, the variation written before it); its keys are what stands before its first move;
/// - chess `PLY = {"id", "kind": "ply", "line", "parent" (the ply whose position it is played
///   from; null: the start), "ply", "move_number", "color", "san", "lan", "uci", "fen" (after the
///   ply, its Ice Age included), "nags"?, "event"?, "comments"?}`; Glacial Shift `PLY = {"id",
///   "kind": "ply", "line", "parent", "ply", "seat", "move", "position" (after the ply and its
///   mates), "nags"?, "events"?: ["<mate: G by Y>"…], "comments"?}`;
/// - `REST = {"id", "kind": "rest", "line", "follows": id | null, "nags"?, "event"?, "events"?,
///   "comments"?, "unplayed"?}`: what line "line" holds after the variations of its ply
///   "follows" (null: before its first move), and `unplayed`, the verbatim rest of a line from
///   its first error.
/// A line's plies and variations follow its LINE node in the record's order: a variation's nodes
/// come after the ply it replaces and before the next ply of its line.
/// A comment is `{"text": its exact bytes, "commands"?: {"clk"|"emt"|"eval"|"csl"|"cal":
/// value text}, "command_data"?: [COMMAND…]}` (the known `[%cmd …]` commands inside it;
/// conformance B17; a repeated name keeps its last value in "commands"), with, in the comment's
/// order, `COMMAND = {"command", "text", and when the text has its form: "seconds" (clk, emt) |
/// "pawns"?, "mate"?, "depth"? (eval) | "squares": [{"color", "square"}…] (csl) | "arrows":
/// [{"color", "from", "to"}…] (cal)}` (formats/comment_commands.hpp; docs/rules/notation.md
/// §1.11). A game floe cannot replay has `"moves": null` and its text in `"text"`. With a stream
/// in `out`, the text goes there as it is written, but for its last chunk left in `out.text`.
/// The diagnostics are diagnostic_json's (schema_version 1), their hints worded by `words`.
ReplayedGame write_game_json(TextOut out, std::string_view file, const rules::GameRecord& record,
                             const GameOptions& options, bool fix_result, rules::DiagnosticLog log,
                             HintWords words);

/// What write_game_json writes after the walk of `game`: for a game not replayed its header and
/// text, then the result and the diagnostics, and the object's end.
void end_game_json(TextOut to, std::string_view file, const rules::GameRecord& record,
                   const ReplayedGame& game, bool fix_result, HintWords words);

/// `j` on one line, bytes that are not UTF-8 replaced by U+FFFD (never throws on them).
std::string dump_line(const Json& j);

/// Appends `text` as a JSON string, as dump_line(Json(std::string(text))) writes it: quoted, with
/// `"`, `\` and control characters escaped, bytes that are not UTF-8 as U+FFFD
/// (docs/rules/notation.md §8.6). Printable ASCII is copied as it is, without a Json value.
void append_json_string(std::string& out, std::string_view text);

/// The JSON writer of one game, as a visitor (replay_game<JsonWriter>): the game object up to
/// and with "moves"; write_game_json adds the result and the diagnostics.
template <class G>
class JsonWriter {
public:
    static constexpr bool annotations = true;
    JsonWriter(const rules::GameRecord& record, const GameSetup& setup, TextOut out);

    void start(const typename G::Position& position, const typename G::Events& events);
    void move(const typename G::Position& before, const typename G::Move& move,
              const typename G::Position& after, const typename G::Events& events);
    void nag(std::uint32_t value);
    void events(const typename G::Events& events);
    void comment(std::string_view text, bool line_comment);
    void variation_begin(const typename G::Position& start);
    void variation_end();
    void unplayed(std::string_view rest, std::optional<rules::DiagCode> code);
    void end();

private:
    // One per open line (the main line and each variation being walked): bounded by the
    // variation depth. Ids are node ids, -1 for none.
    struct Frame {
        long line         = -1;  // its line node
        long last         = -1;  // its last ply so far
        long last_parent  = -1;  // that ply's parent: where a variation of it starts from
        long start_parent = -1;  // the ply its first move follows (-1: the game's start)
    };
    long open_node(std::string_view kind);  // closes the open node, opens one: its id
    void close_node();
    void open_rest();  // a "rest" node of the line, when no node is open
    void open_line(long parent_line, long replaces);
    void open_array(std::string_view key);  // `"key":[`, or `,` when it is open already
    void close_array();
    // A ply's events, per game: an Ice Age as the node's "event", or each mate in "events".
    void write_events(const rules::chess::IceAgeEvent& events);
    void write_events(const rules::glacial::MateEvents& events);

    const rules::GameRecord& record_;
    const GameSetup& setup_;
    TextOut out_;
    std::vector<Frame> frames_;
    long next_id_ = 0;       // the next node's id: its index in "moves"
    std::string_view open_;  // the kind of the node open in the output ("" when none)
    std::string_view key_;   // the open node's array key ("nags", "comments", …), if any
    long base_ply_ = 0;      // chess: the start's ply index, so that plies count from 1
    FenWriter fen_;          // chess: each ply's FEN
    int files_ = 8;          // the board's width, for the comments' board commands
};

extern template class JsonWriter<rules::chess::Game>;
extern template class JsonWriter<rules::glacial::Game>;

}  // namespace floe::formats
