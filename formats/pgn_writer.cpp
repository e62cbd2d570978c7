#include "formats/pgn_writer.hpp"

#include <array>
#include <string_view>
#include <vector>

#include "formats/game_walk.hpp"
#include "rules/chess/replay.hpp"
#include "rules/variants.hpp"

namespace floe::formats {

namespace {

namespace chess = rules::chess;

// The seven-tag roster and its defaults (PGN standard §8.1; notation.md §7).
struct RosterTag {
    std::string_view name;
    std::string_view fallback;
};
constexpr std::array<RosterTag, 7> Roster = {{{"Event", "?"},
                                              {"Site", "?"},
                                              {"Date", "????.??.??"},
                                              {"Round", "?"},
                                              {"White", "?"},
                                              {"Black", "?"},
                                              {"Result", "*"}}};

bool in_roster(std::string_view name) {
    for (const RosterTag& t : Roster)
        if (t.name == name) return true;
    return false;
}

// Text as UTF-8 (bytes that are not UTF-8 read in `encoding`) with CR and CRLF line ends as LF
// (§1).
std::string normalised(std::string_view text, rules::Encoding encoding) {
    std::string lf;
    lf.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\r') {
            lf += text[i];
            continue;
        }
        lf += '\n';
        if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
    }
    return rules::to_utf8(lf, encoding);
}

void write_tag(std::string& out, std::string_view name, std::string_view value,
               rules::Encoding encoding) {
    out += '[';
    out += name;
    out += " \"";
    for (char c : normalised(value, encoding)) {
        if (c == '\\' || c == '"') out += '\\';
        out += c;
    }
    out += "\"]\n";
}

void write_tags(std::string& out, const rules::GameRecord& record, const chess::Variant& variant,
                std::string_view result) {
    for (const RosterTag& t : Roster) {
        const std::string* value = record.tag(t.name);
        if (t.name == "Result")
            write_tag(out, t.name, result, record.encoding);
        else
            write_tag(out, t.name, value ? std::string_view(*value) : t.fallback, record.encoding);
    }
    const rules::VariantEntry& entry = rules::variant_entry(variant);
    if (entry.tag_written && !record.tag("Variant"))
        write_tag(out, "Variant", entry.name, record.encoding);
    for (const rules::TagPair& t : record.tags)
        if (!in_roster(t.name)) write_tag(out, t.name, t.value, record.encoding);
}

using Unit = MovetextUnit;

// Builds the movetext units of a game from the walk.
class MovetextUnits final : public GameVisitor {
public:
    MovetextUnits(MoveNotation notation, rules::Encoding encoding)
        : notation_(notation), encoding_(encoding) {}

    std::vector<Unit> units;

    void move(const chess::Position& before, const chess::Move& m, const chess::Position& after,
              const chess::IceAgeEvent&) override {
        const bool white = before.side_to_move() == chess::Color::White;
        if (white || black_number_) {
            std::string number = std::to_string(before.fullmove_number());
            number += white ? "." : "...";
            add(std::move(number));
        }
        add(make_move(before, m, after, notation_));
        black_number_ = false;
    }
    void nag(std::uint32_t value) override {
        std::string text(1, '$');  // built with += (g++ 12 warns falsely on "$" + s, -Wrestrict)
        text += std::to_string(value);
        add(std::move(text));
    }
    void event(const chess::IceAgeEvent& event) override {
        add(make_ice_age_event(event));
        black_number_ = true;
    }
    void comment(std::string_view text, bool) override {
        add(comment_unit(normalised(text, encoding_)));
        black_number_ = true;
    }
    void variation_begin(const chess::Position&) override {
        open_ += '(';
        black_number_ = true;
    }
    void variation_end() override {
        if (!open_.empty() || units.empty() || units.back().ends_line)
            add(")");
        else
            units.back().text += ')';
        black_number_ = true;
    }
    void unplayed(std::string_view rest, std::optional<rules::DiagCode> code) override {
        for (Unit& u : rest_units(rest, code, encoding_)) add(std::move(u));
        black_number_ = true;
    }

    void add(std::string text, bool ends_line = false) { add(Unit{std::move(text), ends_line}); }
    void add(Unit unit) {
        if (!open_.empty()) {  // no space after `(`
            unit.text.insert(0, open_);
            open_.clear();
        }
        units.push_back(std::move(unit));
    }

private:
    MoveNotation notation_;
    rules::Encoding encoding_;  // the record's: how its bytes that are not UTF-8 are read
    bool black_number_ = true;
    std::string open_;
};

// Fills lines greedily: a unit joins the current line if the line stays within `width` code
// points, else it starts a new line (notation.md §7).
void fill_lines(std::string& out, const std::vector<Unit>& units, std::size_t width) {
    std::size_t column = 0;  // code points on the current line
    bool line_empty    = true;
    for (const Unit& u : units) {
        const std::size_t first_break = u.text.find('\n');
        const std::size_t first_len =
            rules::code_point_count(std::string_view(u.text).substr(0, first_break));
        if (!line_empty && column + 1 + first_len > width) {
            out += '\n';
            column     = 0;
            line_empty = true;
        }
        if (!line_empty) {
            out += ' ';
            ++column;
        }
        out += u.text;
        const std::size_t last_break = u.text.rfind('\n');
        column                       = last_break == std::string::npos
                                           ? column + first_len
                                           : rules::code_point_count(std::string_view(u.text).substr(last_break + 1));
        line_empty                   = false;
        if (u.ends_line) {
            out += '\n';
            column     = 0;
            line_empty = true;
        }
    }
    if (!line_empty) out += '\n';
}

}  // namespace

MovetextUnit comment_unit(std::string text) {
    if (text.find('}') != std::string::npos)  // only a `;` comment can hold a `}`
        return {";" + text, true};
    text.insert(0, 1, '{');
    text += '}';
    return {std::move(text), false};
}

std::vector<MovetextUnit> rest_units(std::string_view rest, std::optional<rules::DiagCode> code,
                                     rules::Encoding encoding) {
    std::string body;
    if (code) {
        body = "[%floe ";
        body += rules::code_name(*code);
        body += "] ";
    }
    body += normalised(rest, encoding);
    if (body.find('}') == std::string::npos) return {comment_unit(std::move(body))};
    // One comment per source line; a line without `}` is a brace comment, as reading a `;`
    // comment and writing it again would make it (docs/decisions.md).
    std::vector<MovetextUnit> units;
    for (std::size_t begin = 0; begin <= body.size();) {
        std::size_t end = body.find('\n', begin);
        if (end == std::string::npos) end = body.size();
        units.push_back(comment_unit(body.substr(begin, end - begin)));
        begin = end + 1;
    }
    return units;
}

void write_as_read(std::string& out, const rules::GameRecord& record) {
    out += normalised(record.text, record.encoding);
    if (record.termination.empty()) {
        const std::string_view text = record.text;
        for (const rules::Line& line : record.lines) {
            if (line.elements.empty()) continue;
            const rules::Element& last = line.elements.back();
            if (last.kind == rules::ElementKind::Comment && last.span.end == text.size() &&
                text.back() != '}') {
                out += '}';  // the unterminated comment ran to the end of the game
                break;
            }
        }
        out += "\n*";
    }
    out += '\n';
}

void add_unread_tags(std::vector<MovetextUnit>& units, const rules::GameRecord& record) {
    for (const rules::Span& tag : record.unread_tags)
        for (MovetextUnit& u : rest_units(record.text.substr(tag.begin, tag.end - tag.begin),
                                          rules::DiagCode::UnterminatedTag, record.encoding))
            units.push_back(std::move(u));
}

void write_pgn_tag(std::string& out, std::string_view name, std::string_view value,
                   rules::Encoding encoding) {
    write_tag(out, name, value, encoding);
}

std::string pgn_text(std::string_view text, rules::Encoding encoding) {
    return normalised(text, encoding);
}

void fill_movetext(std::string& out, const std::vector<MovetextUnit>& units, std::size_t width) {
    fill_lines(out, units, width);
}

std::string termination_marker(const rules::GameRecord& record, const ReplayedGame& game,
                               bool fix_result) {
    if (fix_result && game.start && !game.replay.main_line_failed) {
        const std::string_view forced = chess::forced_result(game.replay.outcome);
        if (forced != "*") return std::string(forced);
    }
    if (record.termination.empty()) return "*";
    if (record.termination == "\xC2\xBD-\xC2\xBD") return "1/2-1/2";
    return std::string(record.termination);
}

void write_pgn(std::string& out, const rules::GameRecord& record, const ReplayedGame& game,
               const PgnOptions& options) {
    if (!game.start || !game.variant) {  // passed through as written (notation.md §2)
        write_as_read(out, record);
        return;
    }
    const std::string result = termination_marker(record, game, options.fix_result);
    write_tags(out, record, *game.variant, result);
    out += '\n';
    MovetextUnits movetext(options.moves, record.encoding);
    // About one unit per element (a move, its number, a NAG, a comment): reserved once, since
    // moving the units at every doubling of the vector showed in the profile.
    std::size_t elements = 0;
    for (const rules::Line& line : record.lines) elements += line.elements.size();
    movetext.units.reserve(elements + 2);
    add_unread_tags(movetext.units, record);
    walk_game(record, game, movetext);
    movetext.add(result);
    fill_lines(out, movetext.units, options.line_width);
}

}  // namespace floe::formats
