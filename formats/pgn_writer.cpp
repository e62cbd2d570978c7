#include "formats/pgn_writer.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <optional>
#include <string_view>
#include <vector>

#include "formats/glacial_position.hpp"
#include "parser/tags.hpp"
#include "rules/variants.hpp"

namespace floe::formats {

namespace {

namespace chess   = rules::chess;
namespace glacial = rules::glacial;

// A roster tag and its default (the PGN standard's Seven Tag Roster; docs/rules/notation.md §7.1).
struct RosterTag {
    std::string_view name;
    std::string_view fallback;
};
constexpr std::array<RosterTag, 7> ChessRoster   = {{{"Event", "?"},
                                                     {"Site", "?"},
                                                     {"Date", "????.??.??"},
                                                     {"Round", "?"},
                                                     {"White", "?"},
                                                     {"Black", "?"},
                                                     {"Result", "*"}}};
constexpr std::array<RosterTag, 9> GlacialRoster = {{{"Event", "?"},
                                                     {"Site", "?"},
                                                     {"Date", "????.??.??"},
                                                     {"Round", "?"},
                                                     {"Yellow", "?"},
                                                     {"Green", "?"},
                                                     {"Blue", "?"},
                                                     {"Red", "?"},
                                                     {"Result", "*"}}};

// Appends a move number or a NAG's, in decimal.
void append_number(std::string& out, long value) {
    char digits[24];
    out.append(digits, static_cast<std::size_t>(
                           std::to_chars(digits, digits + sizeof digits, value).ptr - digits));
}

// Appends text as UTF-8 (bytes that are not UTF-8 read in `encoding`) with CR and CRLF line
// ends as LF (§1.13). A CR or LF is ASCII: no UTF-8 sequence spans one, so each run between
// them is decoded alone.
void append_normalised(std::string& out, std::string_view text, rules::Encoding encoding) {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t cr = std::min(text.find('\r', i), text.size());
        rules::append_utf8(out, text.substr(i, cr - i), encoding);
        if (cr == text.size()) break;
        out += '\n';
        i = cr + 1;
        if (i < text.size() && text[i] == '\n') ++i;
    }
}

std::string normalised(std::string_view text, rules::Encoding encoding) {
    std::string out;
    out.reserve(text.size());
    append_normalised(out, text, encoding);
    return out;
}

// Whether `text` is written as it stands in a tag value: ASCII without CR, `\` and `"`, so that
// reading escapes, normalising and escaping again leave it unchanged.
bool plain_tag_text(std::string_view text) {
    for (const char c : text)
        if (static_cast<unsigned char>(c) >= 0x80 || c == '\r' || c == '\\' || c == '"')
            return false;
    return true;
}

// Appends `value` normalised (append_normalised) with `\` and `"` escaped.
void append_escaped(std::string& out, std::string_view value, rules::Encoding encoding,
                    std::string& scratch) {
    if (plain_tag_text(value)) {  // most values: no copy through `scratch`
        out += value;
        return;
    }
    scratch.clear();
    append_normalised(scratch, value, encoding);
    for (char c : scratch) {
        if (c == '\\' || c == '"') out += '\\';
        out += c;
    }
}

// A record's tag pair, as write_pgn_tag writes it, its value read, normalised and escaped a
// piece at a time and spilled as it goes: a tag value of megabytes is not copied whole.
void write_record_tag(TextOut out, std::string_view name, const rules::GameRecord& record,
                      const parser::Tag& tag) {
    out.text += '[';
    out.text += name;
    out.text += " \"";
    const std::string_view raw = parser::raw_tag_value(record, tag);
    if (plain_tag_text(raw)) {  // most values: written as they stand, with no strings made
        out.put(raw);
        out.text += "\"]\n";
        out.spill();
        return;
    }
    std::string value, scratch;
    for_each_piece(raw, [&](std::string_view piece) {
        value.clear();
        parser::append_tag_value(value, piece);
        append_escaped(out.text, value, record.encoding, scratch);
        out.spill();
    });
    out.text += "\"]\n";
    out.spill();
}

// The tag section: the roster with its defaults, `Variant` when the game needs one and the
// record has none, then the record's other tags in input order (docs/rules/notation.md §7.1).
// Returns whether the record has a malformed tag (read again only then).
template <std::size_t N>
bool write_tags(TextOut out, const rules::GameRecord& record,
                const std::array<RosterTag, N>& roster, std::string_view result,
                std::string_view variant) {
    // One reading of the tag section finds the roster's values and the Variant tag, and keeps
    // the first tags (all of a usual game's) for writing after the roster; only a longer
    // section is read again, so that a hostile one of a million tags needs no list of them.
    constexpr std::size_t Kept = 32;
    std::array<parser::Tag, Kept> kept;
    std::array<bool, Kept> kept_in_roster{};
    std::size_t count = 0;
    bool all_kept     = true;
    bool malformed    = false;
    std::array<std::optional<parser::Tag>, N + 1> found{};  // the roster's, then Variant
    parser::TagReader tags(record);
    for (parser::Tag t; tags.next(t);) {
        if (t.malformed) {
            malformed = true;
            continue;
        }
        bool in_roster = false;
        for (std::size_t i = 0; i < N; ++i)
            if (t.name == roster[i].name) {
                in_roster = true;
                if (!found[i]) found[i] = t;
                break;
            }
        if (!in_roster && !found[N] && t.name == "Variant") found[N] = t;
        if (count < Kept) {
            kept_in_roster[count] = in_roster;
            kept[count++]         = t;
        } else {
            all_kept = false;
        }
    }
    for (std::size_t i = 0; i < N; ++i) {
        const RosterTag& t = roster[i];
        if (t.name == "Result")
            write_pgn_tag(out.text, t.name, result, record.encoding);
        else if (found[i])
            write_record_tag(out, t.name, record, *found[i]);
        else
            write_pgn_tag(out.text, t.name, t.fallback, record.encoding);
    }
    if (!variant.empty() && !found[N]) write_pgn_tag(out.text, "Variant", variant, record.encoding);
    if (all_kept) {
        for (std::size_t i = 0; i < count; ++i)
            if (!kept_in_roster[i]) write_record_tag(out, kept[i].name, record, kept[i]);
        return malformed;
    }
    parser::TagReader again(record);
    for (parser::Tag t; again.next(t);) {
        if (t.malformed) continue;
        bool in_roster = false;
        for (const RosterTag& r : roster) in_roster = in_roster || r.name == t.name;
        if (!in_roster) write_record_tag(out, t.name, record, t);
    }
    return malformed;
}

}  // namespace

void MovetextLines::place(const std::string& text, std::size_t closes, bool ends_line) {
    // Most units (moves, numbers, NAGs) are ASCII on one line: their width is their size, and
    // no code points need counting.
    bool simple = true;
    for (const char c : text)
        if (static_cast<unsigned char>(c) >= 0x80 || c == '\n') {
            simple = false;
            break;
        }
    const std::size_t first_break = simple ? std::string::npos : text.find('\n');
    const std::size_t first_len =
        (simple ? text.size()
                : rules::code_point_count(std::string_view(text).substr(0, first_break))) +
        (first_break == std::string::npos ? closes : 0);
    if (!line_empty_ && column_ + 1 + first_len > width_) {
        out_.text += '\n';
        column_     = 0;
        line_empty_ = true;
    }
    if (!line_empty_) {
        out_.text += ' ';
        ++column_;
    }
    out_.put(text);
    out_.text.append(closes, ')');
    const std::size_t last_break = simple ? std::string::npos : text.rfind('\n');
    column_                      = last_break == std::string::npos
                                       ? column_ + first_len
                                       : rules::code_point_count(std::string_view(text).substr(last_break + 1)) + closes;
    line_empty_                  = false;
    if (ends_line) {
        out_.text += '\n';
        column_     = 0;
        line_empty_ = true;
    }
    out_.spill();  // nothing placed is looked at again
}

void MovetextLines::add(std::string text, bool ends_line) {
    if (!open_.empty()) {  // no space after `(`
        text.insert(0, open_);
        open_.clear();
    }
    if (holding_) place(held_, held_closes_, held_ends_line_);
    held_           = std::move(text);
    held_closes_    = 0;
    held_ends_line_ = ends_line;
    holding_        = true;
}

std::string& MovetextLines::unit(bool ends_line) {
    if (holding_) place(held_, held_closes_, held_ends_line_);
    // The buffer is reused from unit to unit, but a long unit's (a comment of megabytes) is not
    // kept (memory bounds, docs/reliability.md).
    if (held_.capacity() > TextOut::Chunk) held_ = std::string();
    held_.assign(open_);  // no space after `(`
    open_.clear();
    held_closes_    = 0;
    held_ends_line_ = ends_line;
    holding_        = true;
    return held_;
}

void MovetextLines::close() {
    if (!open_.empty() || !holding_ || held_ends_line_)
        add(")");
    else
        ++held_closes_;
}

void MovetextLines::finish() {
    if (holding_) place(held_, held_closes_, held_ends_line_);
    holding_ = false;
    if (!line_empty_) out_.text += '\n';
    line_empty_ = true;
    column_     = 0;
}

std::pair<std::string, bool> comment_unit(std::string text) {
    if (text.find('}') != std::string::npos)  // only a `;` comment can hold a `}`
        return {";" + text, true};
    text.insert(0, 1, '{');
    text += '}';
    return {std::move(text), false};
}

void add_rest(MovetextLines& lines, std::string_view rest, std::optional<rules::DiagCode> code,
              rules::Encoding encoding) {
    std::string marker;
    if (code) {
        marker = "[%floe ";
        marker += rules::code_name(*code);
        marker += "] ";
    }
    // The units are built from the rest a line at a time, not from a normalised copy of it all:
    // the rest of a line stopped early may be most of a game of megabytes. Neither the marker
    // nor decoding makes a `}`.
    if (rest.find('}') == std::string_view::npos) {
        std::string unit;
        unit.reserve(rest.size() + marker.size() + 2);
        unit += '{';
        unit += marker;
        append_normalised(unit, rest, encoding);
        unit += '}';
        lines.add(std::move(unit));
        return;
    }
    // One comment per source line; a line without `}` is a brace comment, as reading a `;`
    // comment and writing it again would make it (docs/decisions.md).
    for (std::size_t begin = 0;;) {
        const std::size_t end = std::min(rest.find_first_of("\r\n", begin), rest.size());
        std::string body      = std::move(marker);
        marker.clear();
        append_normalised(body, rest.substr(begin, end - begin), encoding);
        auto [text, ends_line] = comment_unit(std::move(body));
        lines.add(std::move(text), ends_line);
        if (end == rest.size()) break;
        begin = end + 1;
        if (rest[end] == '\r' && begin < rest.size() && rest[begin] == '\n') ++begin;
    }
}

void write_pgn_tag(std::string& out, std::string_view name, std::string_view value,
                   rules::Encoding encoding) {
    out += '[';
    out += name;
    out += " \"";
    std::string scratch;
    append_escaped(out, value, encoding, scratch);
    out += "\"]\n";
}

std::string pgn_text(std::string_view text, rules::Encoding encoding) {
    return normalised(text, encoding);
}

void write_as_read(std::string& out, const rules::GameRecord& record) {
    out += normalised(record.text, record.encoding);
    if (record.termination.empty()) {
        // The unterminated comment ran to the end: closed, it is followed by the marker of its
        // error, so that the output read again is as broken as the input (docs/rules/notation.md
        // §7.5; found by the round-trip fuzz target).
        if (record.open_comment) out += "} {[%floe unterminated-comment]}";
        out += "\n*";
    }
    out += '\n';
}

// --- The writer, for each game ---------------------------------------------------------------

template <class G>
PgnWriter<G>::PgnWriter(const rules::GameRecord& record, const GameSetup& setup, PgnGame& game)
    : record_(record), setup_(setup), game_(game), lines_(game.out, game.options.line_width) {}

template <class G>
void PgnWriter<G>::start(const typename G::Position&, const typename G::Events& events) {
    bool malformed = false;
    if constexpr (std::is_same_v<G, chess::Game>) {
        const rules::VariantEntry& entry = rules::variant_entry(*setup_.variant);
        malformed                        = write_tags(game_.out, record_, ChessRoster, game_.result,
                               entry.tag_written ? entry.name : std::string_view());
    } else {
        malformed = write_tags(game_.out, record_, GlacialRoster, game_.result,
                               rules::engine_variant(rules::Engine::GlacialShift).name);
    }
    game_.out.text += '\n';
    // Malformed tags, kept as marker comments before the movetext (docs/rules/notation.md §7.5).
    parser::TagReader tags(record_);
    for (parser::Tag t; malformed && tags.next(t);)
        if (t.malformed)
            add_rest(lines_, record_.text.substr(t.span.begin, t.span.end - t.span.begin),
                     rules::DiagCode::UnterminatedTag, record_.encoding);
    this->events(events);  // mates due at the start (Glacial Shift)
}

template <class G>
void PgnWriter<G>::move(const typename G::Position& before, const typename G::Move& m,
                        const typename G::Position& after, const typename G::Events&) {
    if constexpr (std::is_same_v<G, chess::Game>) {
        const bool white = before.side_to_move() == chess::Color::White;
        if (white || black_number_) {
            std::string& number = lines_.unit();
            append_number(number, before.fullmove_number());
            number += white ? "." : "...";
        }
        // The move's mark read from `after`, the position the replay reached.
        append_move(lines_.unit(), before, m, after, game_.options.moves);
        black_number_ = false;
    } else {
        lines_.add(std::to_string(before.ply_number()) + ".");
        lines_.add(std::string{glacial::seat_letter(before.turn()), ':', ' '} +
                   make_glacial_move(before, m));
    }
}

template <class G>
void PgnWriter<G>::nag(std::uint32_t value) {
    std::string& text = lines_.unit();
    text += '$';
    append_number(text, value);
}

template <class G>
void PgnWriter<G>::events(const typename G::Events& events) {
    if constexpr (std::is_same_v<G, chess::Game>) {
        if (!events.happened) return;
        lines_.add(make_ice_age_event(events));
        black_number_ = true;
    } else {
        for (int i = 0; i < events.count; ++i)
            lines_.add(glacial::mate_event_text(events.events[i]));
    }
}

template <class G>
void PgnWriter<G>::comment(std::string_view text, bool) {
    // comment_unit's unit, built in one string: a long comment is copied once, not three times.
    std::string unit;
    unit.reserve(text.size() + 2);
    unit += '{';
    append_normalised(unit, text, record_.encoding);
    const bool ends_line = unit.find('}', 1) != std::string::npos;
    if (ends_line)
        unit[0] = ';';
    else
        unit += '}';
    lines_.add(std::move(unit), ends_line);
    black_number_ = true;
}

template <class G>
void PgnWriter<G>::variation_begin(const typename G::Position&) {
    lines_.open();
    black_number_ = true;
}

template <class G>
void PgnWriter<G>::variation_end() {
    lines_.close();
    black_number_ = true;
}

template <class G>
void PgnWriter<G>::unplayed(std::string_view rest, std::optional<rules::DiagCode> code) {
    add_rest(lines_, rest, code, record_.encoding);
    black_number_ = true;
}

template <class G>
void PgnWriter<G>::end() {
    lines_.unit() += game_.result;
    lines_.finish();
}

template class PgnWriter<chess::Game>;
template class PgnWriter<glacial::Game>;

ReplayedGame write_pgn(TextOut out, const rules::GameRecord& record, const GameOptions& options,
                       const PgnOptions& pgn, rules::DiagnosticLog log) {
    PgnGame game{out, pgn, {}};
    if (pgn.fix_result) {  // the forced result heads the tag section: known after a replay
        const ReplayedGame first = replay_game<NoVisitor>(record, options, log);
        game.result              = termination_marker(record, first, true);
    } else {
        game.result = record.termination.empty() ? "*" : std::string(record.termination);
        // As termination_marker: `½-½` is written 1/2-1/2 in chess; a Glacial Shift game keeps
        // what it read.
        if (record.termination == "\xC2\xBD-\xC2\xBD" && !record.glacial_shift)
            game.result = "1/2-1/2";
    }
    ReplayedGame replayed = replay_game<PgnWriter>(record, options, std::move(log), game);
    // Passed through as written (docs/rules/notation.md §2.9); the writer never started.
    if (!replayed.setup.playable()) write_as_read(out.text, record);
    return replayed;
}

}  // namespace floe::formats
