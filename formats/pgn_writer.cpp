#include "formats/pgn_writer.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <optional>
#include <ostream>
#include <string_view>
#include <variant>
#include <vector>

#include "formats/notation.hpp"
#include "notation/fen.hpp"
#include "notation/glacial_position.hpp"
#include "parser/tags.hpp"
#include "play/overloaded.hpp"
#include "rules/common/ascii.hpp"
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
// A NUL is written as U+FFFD: it is a syntax error wherever it stands, kept only in the
// unread rest of a line, and no file floe writes holds one (issue 25).
void append_normalised(std::string& out, std::string_view text, rules::Encoding encoding) {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t cr =
            std::min(text.find_first_of(std::string_view("\r\0", 2), i), text.size());
        rules::append_utf8(out, text.substr(i, cr - i), encoding);
        if (cr == text.size()) break;
        i = cr + 1;
        if (text[cr] == '\0') {
            out += "\xEF\xBF\xBD";
            continue;
        }
        out += '\n';
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

// Which of the record's tags outside the roster are written.
struct TagChoice {
    bool others         = true;   // false (--strip tags): only the tags that decide the reading
    bool drop_ply_count = false;  // a PlyCount of floe's replaces the record's
    bool drop_setup     = false;  // a SetUp "1" of floe's replaces the record's
};

bool written(const TagChoice& choice, std::string_view name) {
    if (choice.drop_ply_count && name == "PlyCount") return false;
    if (choice.drop_setup && name == "SetUp") return false;
    // The tags the replay reads (parser::SetupTags): stripping them would change the game.
    return choice.others || name == "Variant" || name == "FEN" || name == "SetUp";
}

// ASCII letter case folded, for the words of --strip and --add-tags.
bool same_word(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (rules::ascii_lower(a[i]) != rules::ascii_lower(b[i])) return false;
    return true;
}

// The tag section: the roster with its defaults, `Variant` when the game needs one and the
// record has none, then the record's other tags in input order (docs/rules/notation.md §7.1).
// A roster tag given again (`repeated-tag`, §1.12) has its first value in the roster; the later
// pairs are written as read among the other tags, so that nothing is lost and reading the
// output again warns again.
// Returns whether the record has a malformed tag (read again only then).
template <std::size_t N>
bool write_tags(TextOut out, const rules::GameRecord& record,
                const std::array<RosterTag, N>& roster, std::string_view result,
                std::string_view variant, const TagChoice& choice) {
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
        bool in_roster = false;  // the roster's value: the first pair of a roster name
        for (std::size_t i = 0; i < N; ++i)
            if (t.name == roster[i].name) {
                in_roster = !found[i];
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
            if (!kept_in_roster[i] && written(choice, kept[i].name))
                write_record_tag(out, kept[i].name, record, kept[i]);
        return malformed;
    }
    parser::TagReader again(record);
    for (parser::Tag t; again.next(t);) {
        if (t.malformed) continue;
        bool in_roster = false;  // the roster's value (found at the first reading)
        for (std::size_t i = 0; i < N; ++i)
            in_roster = in_roster || (found[i] && found[i]->span.begin == t.span.begin);
        if (!in_roster && written(choice, t.name)) write_record_tag(out, t.name, record, t);
    }
    return malformed;
}

// The writer's notation, one overload per game (chosen by the position type).

// The tag section of a game from `start`: chess's roster and its variant's name, or Glacial
// Shift's roster and name.
bool write_game_tags(TextOut out, const rules::GameRecord& record, std::string_view result,
                     const TagChoice& choice, const chess::Position& start) {
    const rules::VariantEntry& entry = rules::variant_entry(start.variant());
    // A FEN tag that floe adds names the variant too: a game without a Variant tag is read
    // by its plies from its FEN tag (docs/rules/notation.md §2.7), and from the usual start
    // written as a FEN tag, `1. e4` is legal in Ice Age too, so an orthodox game would come
    // back as Ice Age.
    const bool named = entry.tag_written || choice.drop_setup;
    return write_tags(out, record, ChessRoster, result, named ? entry.name : std::string_view(),
                      choice);
}
bool write_game_tags(TextOut out, const rules::GameRecord& record, std::string_view result,
                     const TagChoice& choice, const glacial::Position&) {
    return write_tags(out, record, GlacialRoster, result,
                      rules::engine_variant(rules::Engine::GlacialShift).name, choice);
}

// A ply with its move number when it shows one: chess numbers White's moves and a Black move
// after an event (`black_number`); Glacial Shift numbers every ply and names its seat.
void write_ply(MovetextLines& lines, const PgnOptions& options, bool& black_number,
               const chess::Position& before, const chess::Move& m, const chess::Position& after) {
    const bool white = before.side_to_move() == chess::Color::White;
    if (options.move_numbers && (white || black_number)) {
        std::string& number = lines.unit();
        append_number(number, before.fullmove_number());
        number += white ? "." : "...";
    }
    // The move's mark read from `after`, the position the replay reached.
    append_move(lines.unit(), before, m, after, options.moves);
    black_number = false;
}
void write_ply(MovetextLines& lines, const PgnOptions& options, bool&,
               const glacial::Position& before, const glacial::Move& m, const glacial::Position&) {
    if (options.move_list()) {
        lines.add(make_glacial_move(before, m));  // the seat is the seat to move: no seat
        return;
    }
    if (options.move_numbers) lines.add(std::to_string(before.ply_number()) + ".");
    lines.add(std::string{glacial::seat_letter(before.turn()), ':', ' '} +
              make_glacial_move(before, m));
}

// A ply's events: an Ice Age (after which Black's move shows its number), or each mate.
void write_events(MovetextLines& lines, bool& black_number, const chess::IceAgeEvent& events) {
    if (!events.happened) return;
    lines.add(make_ice_age_event(events));
    black_number = true;
}
void write_events(MovetextLines& lines, bool&, const glacial::MateEvents& events) {
    for (int i = 0; i < events.count; ++i) lines.add(glacial::mate_event_text(events.events[i]));
}

}  // namespace

void MovetextLines::make_room(std::size_t first_len) {
    if (!line_empty_ && column_ + 1 + first_len > width_) {
        out_.text += '\n';
        column_     = 0;
        line_empty_ = true;
    }
    if (!line_empty_) {
        out_.text += ' ';
        ++column_;
    }
}

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
    make_room(first_len);
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

void MovetextLines::place_held() {
    if (held_text_.data()) {
        place_comment();
        held_text_ = {};
        return;
    }
    place(held_, held_closes_, held_ends_line_);
}

// place() for a long comment (add_comment): its widths first, from its text normalised a piece
// at a time, then its text, normalised again a piece at a time, straight to the output.
void MovetextLines::place_comment() {
    const bool ends_line          = held_ends_line_;
    const std::string_view suffix = ends_line ? "" : "}";
    std::string piece_text;
    const auto normalised_pieces = [&](auto&& f) {
        for_each_piece(held_text_, [&](std::string_view piece) {
            piece_text.clear();
            append_normalised(piece_text, piece, held_encoding_);
            f(std::string_view(piece_text));
        });
    };
    // Code points before its first line break, and after its last one.
    bool broken           = false;
    std::size_t first_len = rules::code_point_count(held_);
    std::size_t last_len  = 0;
    normalised_pieces([&](std::string_view t) {
        for (std::size_t from = 0;;) {
            const std::size_t nl   = t.find('\n', from);
            const std::size_t part = rules::code_point_count(t.substr(from, nl - from));
            (broken ? last_len : first_len) += part;
            if (nl == std::string_view::npos) break;
            broken   = true;
            last_len = 0;
            from     = nl + 1;
        }
    });
    if (!broken) first_len += suffix.size() + held_closes_;
    make_room(first_len);
    out_.text += held_;
    normalised_pieces([&](std::string_view t) {
        out_.text += t;
        out_.spill();
    });
    out_.text += suffix;
    out_.text.append(held_closes_, ')');
    column_     = broken ? last_len + suffix.size() + held_closes_ : column_ + first_len;
    line_empty_ = false;
    if (ends_line) {
        out_.text += '\n';
        column_     = 0;
        line_empty_ = true;
    }
    out_.spill();
}

void MovetextLines::add_comment(std::string_view text, rules::Encoding encoding,
                                std::string_view marker) {
    const bool ends_line = text.find('}') != std::string_view::npos;
    if (text.size() < TextOut::Chunk) {  // built in one string
        std::string unit;
        unit.reserve(text.size() + marker.size() + 2);
        unit += ends_line ? ';' : '{';
        unit += marker;
        append_normalised(unit, text, encoding);
        if (!ends_line) unit += '}';
        add(std::move(unit), ends_line);
        return;
    }
    if (holding_) place_held();
    held_ = open_;  // no space after `(`
    held_ += ends_line ? ';' : '{';
    held_ += marker;
    open_.clear();
    held_text_      = text;
    held_encoding_  = encoding;
    held_closes_    = 0;
    held_ends_line_ = ends_line;
    holding_        = true;
}

void MovetextLines::add(std::string text, bool ends_line) {
    if (!open_.empty()) {  // no space after `(`
        text.insert(0, open_);
        open_.clear();
    }
    if (holding_) place_held();
    held_           = std::move(text);
    held_closes_    = 0;
    held_ends_line_ = ends_line;
    holding_        = true;
}

std::string& MovetextLines::unit(bool ends_line) {
    if (holding_) place_held();
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
    if (holding_) place_held();
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
        lines.add_comment(rest, encoding, marker);  // written from the rest's bytes when long
        return;
    }
    // One comment per source line; a line without `}` is a brace comment, as reading a `;`
    // comment and writing it again would make it (docs/decisions/writers.md).
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
    // A NUL is written as U+FFFD, which reads as no error: the marker of its syntax error goes
    // before the termination marker, so that the output read again is as broken as the input
    // (found by the round-trip fuzz target).
    constexpr std::string_view NulMarker = "{[%floe syntax-error]} ";
    bool nul                             = record.text.find('\0') != std::string_view::npos;
    std::string text                     = normalised(record.text, record.encoding);
    const std::size_t last               = text.find_last_not_of(" \t\n");
    const std::string_view end_marker(record.termination);
    if (nul && !end_marker.empty() && last != std::string::npos && last + 1 >= end_marker.size() &&
        std::string_view(text).substr(last + 1 - end_marker.size(), end_marker.size()) ==
            end_marker) {
        text.insert(last + 1 - end_marker.size(), NulMarker);
        nul = false;
    }
    out += text;
    if (record.termination.empty()) {
        // The unterminated comment ran to the end: closed, it is followed by the marker of its
        // error, so that the output read again is as broken as the input (docs/rules/notation.md
        // §7.5; found by the round-trip fuzz target).
        if (record.open_comment) out += "} {[%floe unterminated-comment]}";
        if (nul) out += ' ' + std::string(NulMarker.substr(0, NulMarker.size() - 1));
        out += "\n*";
    }
    out += '\n';
}

// --- The writer, for each game ---------------------------------------------------------------

bool strip_word(PgnOptions& options, std::string_view word) {
    PgnStrip& strip = options.strip;
    bool* flags[]   = {&strip.comments, &strip.nags, &strip.variations, &strip.tags};
    for (std::size_t i = 0; i < StripWords.size(); ++i)
        if (same_word(word, StripWords[i])) {
            *flags[i] = true;
            return true;
        }
    return false;
}

bool add_tag_name(PgnOptions& options, std::string_view name) {
    if (same_word(name, "PlyCount"))
        options.add_ply_count = true;
    else if (same_word(name, "FEN"))
        options.add_fen = true;
    else
        return false;
    return true;
}

template <class G>
PgnWriter<G>::PgnWriter(const rules::GameRecord& record, const GameSetup& setup, PgnGame& game)
    : record_(record),
      setup_(setup),
      game_(game),
      // The move list is one line per game, whatever its length.
      own_lines_(game.out, game.options.move_list() ? std::string::npos : game.options.line_width),
      lines_(game.lines ? *game.lines : own_lines_) {}

template <class G>
bool PgnWriter<G>::skipping() const {
    return depth_ > 0 && (game_.options.strip.variations || game_.options.move_list());
}

template <class G>
void PgnWriter<G>::list_unit(std::string_view text, rules::Encoding encoding) {
    std::string& unit = lines_.unit();
    append_normalised(unit, text, encoding);
    std::replace(unit.begin(), unit.end(), '\n', ' ');
    listed_ = true;
}

template <class G>
void PgnWriter<G>::start(const typename G::Position& position, const typename G::Events& events) {
    const PgnOptions& options = game_.options;
    const bool from_fen       = (options.add_fen || options.move_list()) &&
                          parser::find_tag_pair(record_, "FEN").has_value();
    std::string start;  // the start position's string, for a FEN tag of floe's or the move list
    if (options.add_fen || from_fen)
        start = std::visit(overloaded{[](const Unplayable&) { return std::string(); },
                                      [](const auto& s) { return position_text(s.position); }},
                           setup_.start);
    if (options.move_list()) {
        // A game from a FEN tag names its start as the UCI `position` command does, so that it
        // cannot be taken for a game from the usual start.
        if (from_fen) list_unit("fen " + start + " moves", record_.encoding);
        return;
    }
    TagChoice choice;
    choice.others         = !options.strip.tags;
    choice.drop_ply_count = game_.ply_count.has_value();
    choice.drop_setup     = options.add_fen && !from_fen;
    const bool malformed  = write_game_tags(game_.out, record_, result_tag(), choice, position);
    if (game_.ply_count)
        write_pgn_tag(game_.out.text, "PlyCount", std::to_string(*game_.ply_count),
                      record_.encoding);
    if (choice.drop_setup) {
        write_pgn_tag(game_.out.text, "SetUp", "1", record_.encoding);
        write_pgn_tag(game_.out.text, "FEN", start, record_.encoding);
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
    if (skipping()) return;
    write_ply(lines_, game_.options, black_number_, before, m, after);
    listed_ = true;
}

template <class G>
void PgnWriter<G>::nag(std::uint32_t value) {
    if (skipping() || game_.options.strip.nags || game_.options.move_list()) return;
    std::string& text = lines_.unit();
    text += '$';
    append_number(text, value);
}

template <class G>
void PgnWriter<G>::events(const typename G::Events& events) {
    if (skipping() || game_.options.move_list()) return;  // the rules compute them again
    write_events(lines_, black_number_, events);
}

template <class G>
void PgnWriter<G>::comment(std::string_view text, bool) {
    if (skipping()) return;
    // A marker of floe's read again (docs/rules/notation.md §7.5) is kept whatever is stripped,
    // with the comments after it when it cut the line: they are the rest of that line.
    const bool marker = text.starts_with("[%floe ");
    if (marker && !text.starts_with("[%floe unterminated-tag]")) in_rest_ = true;
    const PgnOptions& options = game_.options;
    if (!marker && !in_rest_ && (options.strip.comments || options.move_list())) return;
    if (options.move_list()) {
        list_unit("{" + std::string(text) + "}", record_.encoding);
        return;
    }
    // Decoding makes no `}`: the record's bytes hold one when the unit does.
    lines_.add_comment(text, record_.encoding);
    black_number_ = true;
}

template <class G>
void PgnWriter<G>::variation_begin(const typename G::Position&) {
    ++depth_;
    if (skipping()) return;
    lines_.open();
    black_number_ = true;
}

template <class G>
void PgnWriter<G>::variation_end() {
    const bool skipped = skipping();
    --depth_;
    in_rest_ = false;  // a cut variation's rest ends with it
    if (skipped) return;
    lines_.close();
    black_number_ = true;
}

template <class G>
void PgnWriter<G>::unplayed(std::string_view rest, std::optional<rules::DiagCode> code) {
    if (skipping()) return;
    if (game_.options.move_list()) {
        std::string text = "{";
        if (code) {
            text += "[%floe ";
            text += rules::code_name(*code);
            text += "] ";
        }
        text += rest;
        text += '}';
        list_unit(text, record_.encoding);
        return;
    }
    add_rest(lines_, rest, code, record_.encoding);
    black_number_ = true;
}

template <class G>
void PgnWriter<G>::end() {
    if (game_.options.move_list()) {
        lines_.finish();
        if (!listed_) game_.out.text += '\n';  // one line per game, an empty one too
        return;
    }
    if (game_.lines) return;  // write_pgn ends the lines, once the replay's end is known
    // The marker stands for the game's result (docs/rules/notation.md §7.1): `*` when it has no
    // PGN form, or the result --fix-result forces.
    lines_.unit() += game_.result.empty() ? setup_.result.marker : game_.result;
    lines_.finish();
}

template class PgnWriter<chess::Game>;
template class PgnWriter<glacial::Game>;

// A game floe could not replay (its writer never started): a line naming why in a move list,
// else the game as read (docs/rules/notation.md §2.9).
void write_pgn_unplayed(TextOut out, const rules::GameRecord& record, const PgnOptions& pgn,
                        const ReplayedGame& replayed) {
    if (replayed.setup.playable()) return;
    if (pgn.move_list()) {
        // No move list to give: the line names why, so that it cannot pass for an empty game.
        std::string_view code = rules::code_name(rules::DiagCode::UnsupportedVariant);
        for (const rules::Diagnostic& d : replayed.diagnostics())
            if (d.severity == rules::Severity::Error) {
                code = rules::code_name(d.code);
                break;
            }
        out.text += "{[%floe ";
        out.text += code;
        out.text += "]}\n";
        return;
    }
    // Passed through as written (docs/rules/notation.md §2.9); the writer never started.
    write_as_read(out.text, record);
}

namespace {

// The tag section of a replayed game, by a writer of its engine that writes nothing else
// (its movetext lines are `head.lines`, dropped).
struct TagSection {
    const rules::GameRecord& record;
    const GameSetup& setup;
    PgnGame& head;
    void operator()(std::monostate) const {}
    template <class G>
    void operator()(const Play<G>& play) const {
        PgnWriter<G>(record, setup, head).start(play.start, typename G::Events{});
    }
};

// --fix-result and PlyCount: the tag section, which comes first, needs the replay's end (the
// result a decided end forces, the main line's plies). So the one replay writes the movetext
// into a buffer of its own (the tag section its writer writes is dropped), then the tag section
// is written with what the replay found, and the movetext after it. The movetext is held whole
// meanwhile, once (memory bounds, docs/reliability.md).
ReplayedGame write_pgn_tags_last(TextOut out, const rules::GameRecord& record,
                                 const GameOptions& options, const PgnOptions& pgn,
                                 rules::DiagnosticLog log) {
    std::ostream nowhere(nullptr);  // what is dropped: no buffer, so nothing is kept
    std::string dropped, movetext;
    MovetextLines lines(TextOut(movetext), pgn.line_width);
    MovetextLines dropped_lines(TextOut(dropped, &nowhere), pgn.line_width);
    PgnGame walk{TextOut(dropped, &nowhere), pgn, {}, {}, &lines};
    ReplayedGame replayed = replay_game<PgnWriter>(record, options, std::move(log), walk);
    if (!replayed.setup.playable()) {
        write_pgn_unplayed(out, record, pgn, replayed);
        return replayed;
    }
    PgnGame head{out, pgn, {}, {}, &dropped_lines};
    if (std::string forced = termination_marker(record, replayed, true);
        pgn.fix_result && forced != replayed.setup.result.json)
        head.result = std::move(forced);
    if (pgn.add_ply_count && !replayed.main_line_failed()) head.ply_count = replayed.plies();
    // The marker stands for the game's result, as PgnWriter::end writes it.
    lines.unit() += head.result.empty() ? replayed.setup.result.marker : head.result;
    lines.finish();
    std::visit(TagSection{record, replayed.setup, head}, replayed.play);
    out.put(movetext);
    return replayed;
}

}  // namespace

ReplayedGame write_pgn(TextOut out, const rules::GameRecord& record, const GameOptions& options,
                       const PgnOptions& pgn, rules::DiagnosticLog log) {
    if (!pgn.move_list() && (pgn.fix_result || pgn.add_ply_count))
        return write_pgn_tags_last(out, record, options, pgn, std::move(log));
    PgnGame game{out, pgn, {}, {}};
    ReplayedGame replayed = replay_game<PgnWriter>(record, options, std::move(log), game);
    write_pgn_unplayed(out, record, pgn, replayed);
    return replayed;
}

}  // namespace floe::formats
