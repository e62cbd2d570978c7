#include "formats/json_writer.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "formats/comment_commands.hpp"
#include "formats/notation.hpp"
#include "notation/fen.hpp"
#include "notation/glacial_position.hpp"
#include "notation/san.hpp"
#include "parser/tags.hpp"
#include "play/overloaded.hpp"
#include "rules/variants.hpp"

namespace floe::formats {

namespace {

namespace chess   = rules::chess;
namespace glacial = rules::glacial;

std::string utf8(std::string_view text, rules::Encoding encoding) {
    return rules::to_utf8(text, encoding);
}

// A JSON string (or any value) as it stands in a document.
void append(std::string& out, const Json& value) { out += dump_line(value); }

// Whether `text` stands in a JSON string as it is: printable ASCII without `"` and `\`. A move,
// a FEN and most tag values are, and need no Json value built for them. Eight bytes at a time
// (a test per byte was a tenth of `convert --to json`): a byte is flagged when it has its high
// bit, is below 0x20, or equals 0x7F, `"` or `\` (the zero-byte tests, exact as a whole).
bool plain(std::string_view text) {
    constexpr std::uint64_t Ones = 0x0101010101010101ULL, High = 0x8080808080808080ULL;
    auto bad = [&](std::size_t at) {
        std::uint64_t x;
        std::memcpy(&x, text.data() + at, 8);
        auto zero_byte = [&](std::uint64_t v) { return (v - Ones) & ~v & High; };
        return ((x & High) | ((x - 0x20 * Ones) & ~x & High) | zero_byte(x ^ (0x7F * Ones)) |
                zero_byte(x ^ ('"' * Ones)) | zero_byte(x ^ ('\\' * Ones))) != 0;
    };
    const std::size_t n = text.size();
    if (n < 8) {
        for (const char c : text) {
            const auto u = static_cast<unsigned char>(c);
            if (u < 0x20 || u >= 0x7F || u == '"' || u == '\\') return false;
        }
        return true;
    }
    for (std::size_t i = 0; i + 8 < n; i += 8)
        if (bad(i)) return false;
    return !bad(n - 8);  // the last eight bytes, overlapping the ones before
}

// Appends as a JSON string what `write` appends to `out` (append_json_string): written in place
// and checked there, so that a move or a FEN is not copied through a buffer first.
template <class F>
void append_json_written(std::string& out, F&& write) {
    const std::size_t at = out.size();
    out += '"';
    write(out);
    if (plain(std::string_view(out).substr(at + 1))) {
        out += '"';
        return;
    }
    const std::string raw = out.substr(at + 1);
    out.resize(at);
    append_json_string(out, raw);
}

// Appends record text as a JSON string, as dump_line(Json(utf8(text))) writes it, but decoded
// and escaped a piece at a time and spilled as it goes: a comment, tag value or rest of
// megabytes is not copied whole three times (memory bounds, docs/reliability.md). With
// `tag_escapes`, `text` is a tag value as written, its escapes read (parser::tag_value).
void append_json_text(TextOut out, std::string_view text, rules::Encoding encoding,
                      bool tag_escapes = false) {
    out.text += '"';
    std::string value;
    for_each_piece(text, [&](std::string_view piece) {
        if (plain(piece)) {  // as it is: no escape to read, nothing to decode or escape
            out.text += piece;
            out.spill();
            return;
        }
        value.clear();
        if (tag_escapes)
            parser::append_tag_value(value, piece);
        else
            value = piece;
        const std::string quoted = dump_line(Json(utf8(value, encoding)));
        out.text.append(quoted, 1, quoted.size() - 2);
        out.spill();
    });
    out.text += '"';
}

// The known `[%cmd value]` commands of a comment by name, their values as text (the field
// scripts read before "command_data"; a repeated name keeps its last value, at its first place).
Json command_strings(const std::vector<CommentCommand>& commands, rules::Encoding encoding) {
    Json strings = Json::object();
    for (const CommentCommand& c : commands) strings[std::string(c.name)] = utf8(c.value, encoding);
    return strings;
}

// A coloured square or arrow item, as {"color", "square"} or {"color", "from", "to"}.
Json item_json(const ColoredSquare& s) {
    return Json{{"color", std::string(1, s.color)}, {"square", std::string(s.square)}};
}
Json item_json(const Arrow& a) {
    return Json{{"color", std::string(1, a.color)},
                {"from", std::string(a.from)},
                {"to", std::string(a.to)}};
}

template <class T>
Json items_json(const std::vector<T>& items) {
    Json list = Json::array();
    for (const T& item : items) list.push_back(item_json(item));
    return list;
}

// Every known command of a comment, in order, repeats included: {"command", "text", typed
// fields}. A value of another form keeps its text alone (no typed field is guessed).
Json command_data(const std::vector<CommentCommand>& commands, rules::Encoding encoding,
                  int board_size) {
    Json list = Json::array();
    for (const CommentCommand& c : commands) {
        Json j{{"command", std::string(c.name)}, {"text", utf8(c.value, encoding)}};
        if (c.name == "clk" || c.name == "emt") {
            if (const auto seconds = clock_seconds(c.value)) j["seconds"] = *seconds;
        } else if (c.name == "eval") {
            if (const auto e = evaluation(c.value)) {
                if (e->pawns) j["pawns"] = *e->pawns;
                if (e->mate) j["mate"] = *e->mate;
                if (e->depth) j["depth"] = *e->depth;
            }
        } else if (c.name == "csl") {
            if (const auto squares = colored_squares(c.value, board_size))
                j["squares"] = items_json(*squares);
        } else if (const auto list_of = arrows(c.value, board_size)) {  // cal
            j["arrows"] = items_json(*list_of);
        }
        list.push_back(std::move(j));
    }
    return list;
}

// Appends a comment's "commands" and "command_data" keys, when it has known commands.
void append_commands(std::string& out, std::string_view text, rules::Encoding encoding,
                     int board_size) {
    const std::vector<CommentCommand> commands = find_comment_commands(text);
    if (commands.empty()) return;
    out += ",\"commands\":";
    append(out, command_strings(commands, encoding));
    out += ",\"command_data\":";
    append(out, command_data(commands, encoding, board_size));
}

}  // namespace

Json comment_json(std::string_view text, rules::Encoding encoding, int board_size) {
    Json c;
    c["text"]                                  = utf8(text, encoding);
    const std::vector<CommentCommand> commands = find_comment_commands(text);
    if (!commands.empty()) {
        c["commands"]     = command_strings(commands, encoding);
        c["command_data"] = command_data(commands, encoding, board_size);
    }
    return c;
}

Json diagnostic_json(std::string_view file, const rules::GameRecord& record,
                     const rules::Diagnostic& d, HintWords words) {
    const auto begin = record.source.locate(d.span.begin);
    const auto end   = record.source.locate(std::max(d.span.end, d.span.begin));

    Json j          = json_record();
    j["file"]       = file;
    j["line"]       = begin.line;
    j["column"]     = begin.column;
    j["end_column"] = end.line == begin.line ? end.column : begin.column + 1;
    j["severity"]   = d.severity == rules::Severity::Error ? "error" : "warning";
    j["code"]       = rules::code_name(d.code);
    j["message"]    = utf8(shown_message(d, words), record.encoding);
    j["game"]       = record.number;
    j["ply"]        = d.ply == 0 ? Json(nullptr) : Json(d.ply);
    j["move"]       = d.move.empty() ? Json(nullptr) : Json(utf8(d.move, record.encoding));
    j["fen"]        = d.fen.empty() ? Json(nullptr) : Json(d.fen);
    if (d.count > 1) j["count"] = d.count;
    // JSON has no note lines: a hint's note is a key of its own.
    if (const HintText hint = hint_text(d, words); !hint.note.empty())
        j["hint"] = utf8(hint.note, record.encoding);
    return j;
}

std::string dump_line(const Json& j) {
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

void append_json_string(std::string& out, std::string_view text) {
    if (plain(text)) {
        out += '"';
        out += text;
        out += '"';
        return;
    }
    out += dump_line(Json(std::string(text)));
}

// --- The writer of the moves ------------------------------------------------------------------

// The tags object of a record, `{"Event":"…",…}`, in the order written, appended pair by pair
// as the pairs are read: nothing holds the tags (an ordered_json object searched its keys on
// every insertion, quadratic in distinct tags; a list of them cost memory; issue 13). A name
// given again in the section (`repeated-tag`, docs/rules/notation.md §1.12) keeps its first
// value here; the later pairs are returned, for "repeated_tags".
static std::vector<parser::Tag> append_tags(TextOut out, const rules::GameRecord& record) {
    out.text += '{';
    bool first = true;
    std::vector<parser::Tag> repeated;
    parser::TagNameSet names;
    parser::TagReader reader(record);
    for (parser::Tag t; reader.next(t);) {
        if (t.malformed) continue;
        if (names.repeated(record.text, t.name)) {
            repeated.push_back(t);
            continue;
        }
        if (!first) out.text += ',';
        first = false;
        append_json_text(out, t.name, record.encoding);
        out.text += ':';
        append_json_text(out, parser::raw_tag_value(record, t), record.encoding, true);
        out.spill();
    }
    out.text += '}';
    return repeated;
}

// `{…` of the game object: its fields before "moves", left open for more keys
// (write_game_json).
static void append_open_header(TextOut out, const rules::GameRecord& record,
                               const GameSetup& setup) {
    std::string& text = out.text;
    text += "{\"schema_version\":";
    text += std::to_string(JsonGameSchemaVersion);
    text += ",\"game\":";
    text += std::to_string(record.number);
    text += ",\"tags\":";
    const std::vector<parser::Tag> repeated = append_tags(out, record);
    if (!repeated.empty()) {  // [{"name":…,"value":…},…], in input order
        text += ",\"repeated_tags\":[";
        for (std::size_t i = 0; i < repeated.size(); ++i) {
            text += i == 0 ? "{\"name\":" : ",{\"name\":";
            append_json_text(out, repeated[i].name, record.encoding);
            text += ",\"value\":";
            append_json_text(out, parser::raw_tag_value(record, repeated[i]), record.encoding,
                             true);
            text += '}';
        }
        text += ']';
    }
    text += ",\"variant\":";
    const rules::VariantEntry* variant = setup.variant();
    text += variant ? dump_line(Json(std::string(variant->name))) : "null";
    text += ",\"start\":";
    text += std::visit(overloaded{[](const Unplayable&) { return std::string("null"); },
                                  [](const auto& start) {
                                      return dump_line(Json(position_text(start.position)));
                                  }},
                       setup.start);
}

namespace {

// The notation of a ply's fields, per game (chosen by the position type), as dump_line writes
// them (the keys in this order); written straight, not built as a Json value: it was most of
// the writing.
void append_number_field(std::string& t, std::string_view key, long value) {
    t += key;
    char digits[24];
    t.append(digits, static_cast<std::size_t>(
                         std::to_chars(digits, digits + sizeof digits, value).ptr - digits));
}
void append_text_field(std::string& t, std::string_view key, const std::string& value) {
    t += key;
    append_json_string(t, value);
}

// The index of a chess position's ply from the game's start (0 before White's first move), so
// that plies count from 1 whatever move number the game starts at.
long ply_index(const chess::Position& p) {
    return 2L * (p.fullmove_number() - 1) + (p.side_to_move() == chess::Color::Black ? 1 : 0);
}
long ply_index(const glacial::Position&) { return 0; }  // Glacial Shift counts its own plies

void append_ply_fields(std::string& t, const chess::Position& before, const chess::Move& m,
                       const chess::Position& after, long base_ply, FenWriter& fen) {
    append_number_field(t, ",\"ply\":", ply_index(before) - base_ply + 1);
    append_number_field(t, ",\"move_number\":", before.fullmove_number());
    t += before.side_to_move() == chess::Color::White ? ",\"color\":\"white\""
                                                      : ",\"color\":\"black\"";
    for (const auto& [key, notation] :
         {std::pair{",\"san\":", MoveNotation::San}, std::pair{",\"lan\":", MoveNotation::Lan},
          std::pair{",\"uci\":", MoveNotation::Uci}}) {
        t += key;
        // clang 14 lacks C++20 lambda capture of a structured binding: copy it.
        const MoveNotation written = notation;
        append_json_written(t, [&](std::string& o) { append_move(o, before, m, after, written); });
    }
    t += ",\"fen\":";
    append_json_written(t, [&](std::string& o) { fen.append(o, after); });
}
void append_ply_fields(std::string& t, const glacial::Position& before, const glacial::Move& m,
                       const glacial::Position& after, long, FenWriter&) {
    append_number_field(t, ",\"ply\":", before.ply_number());
    append_text_field(t, ",\"seat\":", std::string(1, glacial::seat_letter(before.turn())));
    append_text_field(t, ",\"move\":", make_glacial_move(before, m));
    append_text_field(t, ",\"position\":", make_glacial_position(after));
}

}  // namespace

template <class G>
JsonWriter<G>::JsonWriter(const rules::GameRecord& record, const GameSetup& setup, TextOut out)
    : record_(record), setup_(setup), out_(out) {}

// A node id, or null for none (-1).
static void append_id(std::string& t, long id) {
    if (id < 0) {
        t += "null";
        return;
    }
    char digits[24];
    t.append(digits, static_cast<std::size_t>(
                         std::to_chars(digits, digits + sizeof digits, id).ptr - digits));
}

template <class G>
long JsonWriter<G>::open_node(std::string_view kind) {
    close_node();
    std::string& t = out_.text;
    const long id  = next_id_++;
    t += id == 0 ? "{\"id\":" : ",{\"id\":";
    append_id(t, id);
    t += ",\"kind\":\"";
    t += kind;
    t += '"';
    open_ = kind;
    return id;
}

template <class G>
void JsonWriter<G>::close_node() {
    if (open_.empty()) return;
    close_array();
    out_.text += '}';
    open_ = {};
    out_.spill();
}

template <class G>
void JsonWriter<G>::open_rest() {
    if (!open_.empty()) return;
    const Frame& line = frames_.back();
    open_node("rest");
    out_.text += ",\"line\":";
    append_id(out_.text, line.line);
    out_.text += ",\"follows\":";
    append_id(out_.text, line.last);
}

template <class G>
void JsonWriter<G>::open_line(long parent_line, long replaces) {
    const long id = open_node("line");
    out_.text += ",\"parent_line\":";
    append_id(out_.text, parent_line);
    out_.text += ",\"replaces\":";
    append_id(out_.text, replaces);
    frames_.back().line = id;
}

template <class G>
void JsonWriter<G>::open_array(std::string_view key) {
    open_rest();  // annotations after a variation: the line's rest node holds them
    std::string& t = out_.text;
    if (key_ == key) {
        t += ',';
        return;
    }
    close_array();
    t += ",\"";
    t += key;
    t += "\":[";
    key_ = key;
}

template <class G>
void JsonWriter<G>::close_array() {
    if (key_.empty()) return;
    out_.text += ']';
    key_ = {};
}

template <class G>
void JsonWriter<G>::start(const typename G::Position& position,
                          const typename G::Events& start_events) {
    base_ply_ = ply_index(position);
    files_    = board_files(position);
    append_open_header(out_, record_, setup_);
    out_.text += ",\"moves\":[";
    frames_.push_back({});
    open_line(-1, -1);
    events(start_events);  // mates due at the start (Glacial Shift)
}

template <class G>
void JsonWriter<G>::move(const typename G::Position& before, const typename G::Move& m,
                         const typename G::Position& after, const typename G::Events&) {
    Frame& line       = frames_.back();
    const long parent = line.last >= 0 ? line.last : line.start_parent;
    const long id     = open_node("ply");
    line.last_parent  = parent;
    line.last         = id;
    std::string& t    = out_.text;
    t += ",\"line\":";
    append_id(t, line.line);
    t += ",\"parent\":";
    append_id(t, parent);
    // The ply's fields, left open for its annotations.
    append_ply_fields(t, before, m, after, base_ply_, fen_);
    out_.spill();
}

template <class G>
void JsonWriter<G>::nag(std::uint32_t value) {
    open_array("nags");
    out_.text += std::to_string(value);
}

template <class G>
void JsonWriter<G>::events(const typename G::Events& events) {
    write_events(events);
}

template <class G>
void JsonWriter<G>::write_events(const chess::IceAgeEvent& events) {
    if (!events.happened) return;
    open_rest();
    close_array();
    out_.text += ",\"event\":";
    append(out_.text, Json(make_ice_age_event(events)));
}

template <class G>
void JsonWriter<G>::write_events(const glacial::MateEvents& events) {
    for (int i = 0; i < events.count; ++i) {
        open_array("events");
        append(out_.text, Json(glacial::mate_event_text(events.events[i])));
    }
}

template <class G>
void JsonWriter<G>::comment(std::string_view text, bool) {
    open_array("comments");
    // comment_json's object, its text written a piece at a time and spilled as it goes.
    std::string& t = out_.text;
    t += "{\"text\":";
    append_json_text(out_, text, record_.encoding);
    append_commands(t, text, record_.encoding, files_);
    t += '}';
}

template <class G>
void JsonWriter<G>::variation_begin(const typename G::Position&) {
    const Frame parent = frames_.back();
    Frame line;
    // An alternative to the parent line's last ply, from the position before it; before the
    // parent line's first move, an alternative to that move (replaces null).
    line.start_parent = parent.last >= 0 ? parent.last_parent : parent.start_parent;
    frames_.push_back(line);
    open_line(parent.line, parent.last);
}

template <class G>
void JsonWriter<G>::variation_end() {
    close_node();
    frames_.pop_back();
}

template <class G>
void JsonWriter<G>::unplayed(std::string_view rest, std::optional<rules::DiagCode>) {
    if (open_ != "rest") close_node();
    open_rest();
    close_array();
    out_.text += ",\"unplayed\":";
    append_json_text(out_, rest, record_.encoding);
}

template <class G>
void JsonWriter<G>::end() {
    close_node();
    out_.text += ']';
    frames_.clear();
}

template class JsonWriter<chess::Game>;
template class JsonWriter<glacial::Game>;

ReplayedGame write_game_json(TextOut to, std::string_view file, const rules::GameRecord& record,
                             const GameOptions& options, bool fix_result, rules::DiagnosticLog log,
                             HintWords words) {
    ReplayedGame game = replay_game<JsonWriter>(record, options, std::move(log), to);
    end_game_json(to, file, record, game, fix_result, words);
    return game;
}

void end_game_json(TextOut to, std::string_view file, const rules::GameRecord& record,
                   const ReplayedGame& game, bool fix_result, HintWords words) {
    std::string& out = to.text;
    if (!game.setup.playable()) {  // not replayed (the writer never started): the game's text
        append_open_header(to, record, game.setup);
        out += ",\"moves\":null,\"text\":";
        append_json_text(to, record.text, record.encoding);
    }
    out += ",\"result\":";
    append(out, Json(termination_marker(record, game, fix_result)));
    out += ",\"diagnostics\":[";
    bool first = true;
    for (const rules::Diagnostic& d : game.diagnostics()) {
        if (!first) out += ',';
        first = false;
        append(out, diagnostic_json(file, record, d, words));
        to.spill();  // ten thousand diagnostics need no buffer of their size
    }
    out += "]}\n";
}

}  // namespace floe::formats
