#include "formats/replay_page.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <ostream>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

#include "formats/comment_commands.hpp"
#include "formats/diagram_chess.hpp"
#include "formats/diagram_glacial.hpp"
#include "formats/diagram_svg.hpp"
#include "formats/notation.hpp"
#include "formats/replay_page_assets.hpp"
#include "formats/text_out.hpp"
#include "formats/xml_escape.hpp"
#include "notation/fen.hpp"
#include "notation/glacial_position.hpp"
#include "notation/san.hpp"
#include "parser/tags.hpp"
#include "rules/glacial/board.hpp"

namespace floe::formats {

namespace {

namespace chess   = rules::chess;
namespace glacial = rules::glacial;

// Appends the characters of a JSON string literal that is safe inside <script>, without its
// quotes: `<` is written \u003c, so no `</script>` or `<!--` can appear in it. Byte by byte, so
// that a text may be escaped a piece at a time.
void append_json_chars(std::string& out, std::string_view text) {
    for (unsigned char c : text) {
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '<':
                out += "\\u003c";
                break;
            default:
                if (c < 0x20)
                    out += fmt::format("\\u{:04x}", c);
                else
                    out += static_cast<char>(c);
        }
    }
}

void append_json_string(std::string& out, std::string_view text) {
    out += '"';
    append_json_chars(out, text);
    out += '"';
}

// Writes record text as a JSON string (its bytes that are not UTF-8 read in `encoding`), read,
// decoded and escaped a piece at a time: a comment or a rest of megabytes is never copied whole
// (memory bounds, docs/reliability.md).
void write_json_text(std::ostream& out, std::string_view text, rules::Encoding encoding) {
    std::string piece_out;
    out << '"';
    for_each_piece(text, [&](std::string_view piece) {
        piece_out.clear();
        append_json_chars(piece_out, rules::to_utf8(piece, encoding));
        out << piece_out;
    });
    out << '"';
}

std::string json_string(std::string_view text) {
    std::string out;
    append_json_string(out, text);
    return out;
}

// A number as JSON, without trailing zeros.
std::string json_number(double v) { return fmt::format("{}", v); }

// The pieces of a position string between its separators `/` and ` `: a FEN has 13 (8 ranks, 5
// fields), a Glacial Shift position string 23; a ply changes a few of them.
std::vector<std::string_view> position_tokens(std::string_view position) {
    std::vector<std::string_view> tokens;
    std::size_t from = 0;
    for (std::size_t i = 0; i <= position.size(); ++i) {
        if (i == position.size() || position[i] == '/' || position[i] == ' ') {
            tokens.push_back(position.substr(from, i - from));
            from = i + 1;
        }
    }
    return tokens;
}

// A position as the page stores it (docs/decisions/diagrams.md, "The replay page's data"):
// `"d":[i,"token",…]`, the tokens that differ from the parent's position string, or `"f":"…"` whole
// when the two do not have the same separators.
std::string position_field(std::string_view parent, std::string_view position) {
    const std::vector<std::string_view> a = position_tokens(parent);
    const std::vector<std::string_view> b = position_tokens(position);
    bool same_shape                       = a.size() == b.size();
    for (std::size_t i = 0, pa = 0, pb = 0; same_shape && i < a.size(); ++i) {
        pa += a[i].size();
        pb += b[i].size();
        if (pa < parent.size() && parent[pa] != position[pb]) same_shape = false;
        ++pa;
        ++pb;
    }
    if (!same_shape) return "\"f\":" + json_string(position);
    std::string out = "\"d\":[";
    bool first      = true;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i] == b[i]) continue;
        out += fmt::format("{}{},{}", first ? "" : ",", i, json_string(b[i]));
        first = false;
    }
    return out + "]";
}

// The status the script shows when a node has none: "<side> to move", from the position
// string's second field (`w`, `b`; `Y`, `G`, `B`, `R`).
std::string default_status(std::string_view position) {
    const std::size_t space = position.find(' ');
    if (space == std::string_view::npos || space + 1 >= position.size()) return {};
    switch (position[space + 1]) {
        case 'w':
            return "White to move";
        case 'b':
            return "Black to move";
        case 'Y':
            return "Yellow to move";
        case 'G':
            return "Green to move";
        case 'B':
            return "Blue to move";
        case 'R':
            return "Red to move";
        default:
            return {};
    }
}

// The marks of a diagram the script cannot derive from the position string: `square:bits` for
// each marked cell (CellMark bits), `:code` after it for the piece frozen there.
std::string marks_field(const Diagram& d) {
    std::string out;
    for (int rank = 0; rank < d.ranks; ++rank)
        for (int file = 0; file < d.files; ++file) {
            const DiagramCell& cell = d.cell(file, rank);
            if (!cell.marks) continue;
            if (!out.empty()) out += ' ';
            out += fmt::format("{}:{}", d.square_name(file, rank), cell.marks);
            if (cell.frozen) out += ":" + cell.frozen->code;
        }
    return out;
}

std::string mate_texts(const glacial::MateEvents& mates) {
    std::string out;
    for (int i = 0; i < mates.count; ++i) {
        if (i) out += ' ';
        out += glacial::mate_event_text(mates.events[i]);
    }
    return out;
}

// The notation of the page's nodes, per game: a position's diagram (after the ply that led
// there, with what it did), and the events of a ply as one line.
Diagram diagram_at(const chess::Position& p) { return make_chess_diagram(p); }
Diagram diagram_at(const glacial::Position& p) { return make_glacial_diagram(p); }
Diagram diagram_after(const chess::Position& after, const chess::Move& m,
                      const chess::IceAgeEvent& events) {
    return make_chess_diagram(after, ChessLastPly{m, events});
}
Diagram diagram_after(const glacial::Position& after, const glacial::Move& m,
                      const glacial::MateEvents&) {
    return make_glacial_diagram(after, m);
}
std::string events_text(const chess::IceAgeEvent& events) { return make_ice_age_event(events); }
std::string events_text(const glacial::MateEvents& events) { return mate_texts(events); }
// Only Glacial Shift has events due at the start (mates).
std::string start_events_text(const chess::IceAgeEvent&) { return {}; }
std::string start_events_text(const glacial::MateEvents& events) { return mate_texts(events); }

// A node's diagram fields: its position (against the parent's), marks and status when not the
// default one.
std::string board_fields(std::string_view parent, const Diagram& d) {
    std::string out =
        parent.empty() ? "\"f\":" + json_string(d.position) : position_field(parent, d.position);
    if (std::string marks = marks_field(d); !marks.empty()) out += ",\"m\":" + json_string(marks);
    if (d.status != default_status(d.position)) out += ",\"t\":" + json_string(d.status);
    return out;
}

// A record comment as the page holds it: its text (UTF-8, blanks at both ends removed; the
// script hides its `[%…]` commands) and the commands it reads typed (formats/comment_commands.hpp):
// `clk` seconds, `eval` pawns or "#N", `csl` [[colour, square]…], `cal` [[colour, from, to]…].
// Written when its node is, from the record's bytes: a comment of megabytes is never held.
void write_comment_field(std::ostream& to, std::string_view text, rules::Encoding encoding,
                         int board_size) {
    while (!text.empty() && rules::is_ascii_space(text.front())) text.remove_prefix(1);
    while (!text.empty() && rules::is_ascii_space(text.back())) text.remove_suffix(1);
    to << "{\"text\":";
    write_json_text(to, text, encoding);
    std::string out;
    for (const CommentCommand& c : find_comment_commands(text)) {
        if (c.name == "clk") {
            if (const auto seconds = clock_seconds(c.value))
                out += ",\"clk\":" + json_number(*seconds);
        } else if (c.name == "eval") {
            if (const auto e = evaluation(c.value)) {
                if (e->mate)
                    out += fmt::format(",\"eval\":\"#{}\"", *e->mate);
                else if (e->pawns)
                    out += ",\"eval\":" + json_number(*e->pawns);
            }
        } else if (c.name == "csl") {
            if (const auto squares = colored_squares(c.value, board_size)) {
                out += ",\"csl\":[";
                for (std::size_t i = 0; i < squares->size(); ++i)
                    out += fmt::format("{}[\"{}\",\"{}\"]", i ? "," : "", (*squares)[i].color,
                                       (*squares)[i].square);
                out += "]";
            }
        } else if (c.name == "cal") {
            if (const auto list = arrows(c.value, board_size)) {
                out += ",\"cal\":[";
                for (std::size_t i = 0; i < list->size(); ++i)
                    out += fmt::format("{}[\"{}\",\"{}\",\"{}\"]", i ? "," : "", (*list)[i].color,
                                       (*list)[i].from, (*list)[i].to);
                out += "]";
            }
        }
    }
    to << out << '}';
}

// Writes comments (write_comment_field), separated by commas.
void write_comment_fields(std::ostream& to, const std::vector<std::string_view>& comments,
                          rules::Encoding encoding, int board_size) {
    for (std::size_t i = 0; i < comments.size(); ++i) {
        if (i) to << ',';
        write_comment_field(to, comments[i], encoding, board_size);
    }
}

// The game's data for the script, written as the replay walks it: the tree of plies as
// `"nodes":[…]` in the order of the record (a node's first child is its main continuation,
// unless marked `"a":1`: a variation written before its line's first move, `(1. d4) 1. e4`),
// node 0 the start. A node is `{"u"?: parent (when not the node before), "s": the move (SAN; in
// Glacial Shift the canonical ply), "d" | "f": its position, "m"?: marks, "t"?: status, "e"?:
// events, "n"?: NAGs, "b"?: comments before it, "c"?: comments after it, "x"?: the unplayed rest
// of its line}`. Record text with no ply to stand on is a node without move, `{"u": parent,
// "z": 1 | 2, "c"?, "x"?}`: 1 a variation that has no ply (its first move failed, or it holds
// only comments), an alternative to the parent's first child; 2 the rest of a line whose last
// node was written already (an error or an unterminated comment after its last variation), shown
// after that node's variations. So the page loses nothing the record holds (docs/rules/notation.md
// §1.11). Only the open node and one frame per open variation are kept.
template <class G>
class PageData : public rules::IgnoreGame<G> {
public:
    static constexpr bool annotations = true;
    PageData(const rules::GameRecord& record, const GameSetup&, std::ostream& out,
             std::string& defs, std::uint32_t& main_stop)
        : record_(record), out_(out), defs_(defs), main_stop_(main_stop) {}

    void start(const typename G::Position& start, const typename G::Events& events) {
        const Diagram d = diagram_at(start);
        open_.events    = start_events_text(events);
        defs_           = render_svg_defs(d);
        open_.body      = board_fields({}, d);
        frames_         = {Frame{0, 0}};
        board_size_     = d.files;
    }
    void move(const typename G::Position& before, const typename G::Move& move,
              const typename G::Position& after, const typename G::Events& events) {
        flush();
        open_             = OpenNode{};
        Frame& frame      = frames_.back();
        const int id      = ++last_id_;
        const int parent  = frame.last;
        frame.before_last = frame.last;
        frame.last        = id;
        open_.body        = parent == id - 1 ? "" : fmt::format("\"u\":{},", parent);
        // A variation written before its line's first move: not that line's main continuation.
        if (frame.before_line && parent == frame.first_parent) open_.body += "\"a\":1,";
        open_.body += "\"s\":" + json_string(move_text(before, move)) + ",";
        open_.body += board_fields(position_text(before), diagram_after(after, move, events));
        open_.events = events_text(events);
        open_.before = std::move(before_);
        before_.clear();
    }
    void nag(std::uint32_t value) {
        open_.nags += fmt::format("{}{}", open_.nags.empty() ? "" : ",", value);
    }
    // Comments and rests are kept as the record's bytes until their node is written.
    void comment(std::string_view text, bool) {
        if (before_first_move()) {  // a variation's comment before its first move
            before_.push_back(text);
            return;
        }
        open_tail();
        open_.comments.push_back(text);
    }
    // An unterminated comment stops its line and is read to the end of the game: shown as a
    // comment; other stops keep their text, shown after the line.
    void unplayed(std::string_view rest, std::optional<rules::DiagCode> code) {
        // Where the main line stopped: its error is the one shown, not a variation's before it.
        if (frames_.size() == 1 && rest.data() >= record_.text.data() &&
            rest.data() <= record_.text.data() + record_.text.size())
            main_stop_ = static_cast<std::uint32_t>(rest.data() - record_.text.data());
        if (code == rules::DiagCode::UnterminatedComment && !rest.empty() && rest[0] == '{') {
            comment(rest.substr(1), false);
            return;
        }
        if (before_first_move()) {
            unplayed_ = rest;  // its node at variation_end
            return;
        }
        open_tail();
        open_.rest = rest;
    }
    void variation_begin(const typename G::Position&) {
        flush();
        const int parent = frames_.back().before_last;
        const bool early = frames_.back().last == frames_.back().first_parent;
        frames_.push_back(Frame{parent, parent, parent, early});
    }
    void variation_end() {
        flush();
        // A variation without a ply still shows what it holds: its comments, its unplayed text.
        if (before_first_move() && !(before_.empty() && unplayed_.empty())) {
            open_text_node(frames_.back().first_parent, 1);
            open_.comments = std::move(before_);
            open_.rest     = std::move(unplayed_);
            flush();
        }
        before_.clear();
        unplayed_ = {};
        frames_.pop_back();
    }
    void end() { flush(); }

private:
    struct Frame {
        int last         = 0;      // the line's last node so far
        int before_last  = 0;      // its parent: where a variation of the last move starts
        int first_parent = 0;      // the node the line starts from (its first move's parent)
        bool before_line = false;  // opened before its parent line's first move
    };
    struct OpenNode {
        std::string body, events, nags;
        std::vector<std::string_view> comments, before;  // record text
        std::string_view rest;                           // record text
        bool written = false;
    };

    // In a variation, before its first move: its comments wait for that move (`"b"`).
    bool before_first_move() const {
        return frames_.size() > 1 && frames_.back().last == frames_.back().first_parent;
    }
    // Opens a node without move for record text (`"z"`, see above), as node `++last_id_`.
    void open_text_node(int parent, int kind) {
        open_      = OpenNode{};
        open_.body = fmt::format("\"u\":{},\"z\":{}", parent, kind);
        ++last_id_;
    }
    // Text after the line's last node was written (it had variations): a node of its own.
    void open_tail() {
        if (open_.written) open_text_node(frames_.back().last, 2);
    }

    // Writes the open node: it is complete once the walk has moved past it.
    void flush() {
        if (open_.written || open_.body.empty()) return;
        out_ << (last_id_ == 0 ? "{" : ",\n{") << open_.body;
        if (!open_.events.empty()) out_ << ",\"e\":" << json_string(open_.events);
        if (!open_.nags.empty()) out_ << ",\"n\":[" << open_.nags << ']';
        if (!open_.before.empty()) {
            out_ << ",\"b\":[";
            write_comment_fields(out_, open_.before, record_.encoding, board_size_);
            out_ << ']';
        }
        if (!open_.comments.empty()) {
            out_ << ",\"c\":[";
            write_comment_fields(out_, open_.comments, record_.encoding, board_size_);
            out_ << ']';
        }
        if (!open_.rest.empty()) {
            out_ << ",\"x\":";
            write_json_text(out_, open_.rest, record_.encoding);
        }
        out_ << '}';
        open_         = OpenNode{};
        open_.written = true;
    }

    const rules::GameRecord& record_;
    std::ostream& out_;
    std::string& defs_;
    std::uint32_t& main_stop_;
    OpenNode open_;
    std::vector<std::string_view> before_;  // comments before a variation's first move
    std::string_view unplayed_;             // the text of a variation whose first move failed
    std::vector<Frame> frames_;             // one per open line: bounded by the variation depth
    int last_id_    = 0;
    int board_size_ = 8;
};

// The sides, the quadrants and the board's size for the script (a page is written only for a
// game that can be replayed).
std::string game_header(const Unplayable&) { return {}; }
std::string game_header(const ChessStart&) {
    return R"("game":"chess","files":8,"sides":["White","Black"],"zones":"")";
}
std::string game_header(const GlacialStart&) {
    std::string zones;
    for (glacial::Square s = 0; s < glacial::SquareCount; ++s) {
        const int q = glacial::quadrant_of(s);
        zones += q == glacial::NoSeat ? '-' : glacial::seat_letter(q);
    }
    return fmt::format(R"("game":"glacial","files":9,"sides":["Yellow","Green","Blue","Red"],)"
                       R"("tints":["#f6e9b2","#d3e9cd","#cfdcf3","#f3d0cc"],"zones":"{}")",
                       zones);
}

// The tags that name the players of a game of `variant`'s engine (nullptr: chess).
std::vector<const char*> player_tags(const rules::VariantEntry* variant) {
    switch (variant ? variant->engine : rules::Engine::Chess) {
        case rules::Engine::Chess:
            break;
        case rules::Engine::GlacialShift:
            return {"Yellow", "Green", "Blue", "Red"};
    }
    return {"White", "Black"};
}

// The title of a game whose players are all unnamed: its event and round, which tell the games
// of one file apart as the players would ("Lisbon Open, round 3"), or what there is of them, or
// else its number in the file.
std::string unnamed_title(const std::string& event, const std::string& round,
                          std::uint32_t number) {
    if (!event.empty() && !round.empty()) return fmt::format("{}, round {}", event, round);
    if (!event.empty()) return event;
    if (!round.empty()) return fmt::format("Round {}", round);
    return fmt::format("Game {}", number);
}

// The value of `record`'s tag `name` in UTF-8, or "" when it says nothing: absent, "?"
// (unknown), "-" (not applicable: PGN standard 8.1.1) or an unknown date ("????.??.??").
std::string told_tag(const rules::GameRecord& record, std::string_view name) {
    const std::optional<std::string> v = parser::find_tag(record, name);
    const bool unknown = !v || *v == "-" || v->find_first_not_of("?.") == std::string::npos;
    return unknown ? std::string() : rules::to_utf8(*v, record.encoding);
}

}  // namespace

ReplayHeading replay_heading(const rules::GameRecord& record, const rules::VariantEntry* variant) {
    auto tag = [&](std::string_view name) { return told_tag(record, name); };
    ReplayHeading heading;
    // The players' tags: White and Black, or the four seats of Glacial Shift
    // (docs/rules/notation.md §5.10).
    bool named = false;
    std::string players;
    for (const char* name : player_tags(variant)) {
        std::string player = tag(name);
        named              = named || !player.empty();
        players += (players.empty() ? "" : " vs ") + (player.empty() ? "?" : player);
    }
    // A title of a tag of megabytes is cut as a diagnostic cuts a token (memory bounds): the
    // tags line under it holds the whole values.
    heading.title = rules::quoted_token(
        named ? players : unnamed_title(tag("Event"), tag("Round"), record.number));
    for (const char* name : {"Event", "Site", "Date", "Round", "Variant", "Result"})
        if (std::string v = tag(name); !v.empty())
            heading.facts += (heading.facts.empty() ? "" : " · ") + v;
    heading.result = tag("Result");
    return heading;
}

ReplayIndexEntry replay_index_entry(const rules::GameRecord& record, const ReplayedGame& game,
                                    std::string page) {
    ReplayIndexEntry entry;
    entry.number  = record.number;
    entry.page    = std::move(page);
    entry.heading = replay_heading(record, game.setup.variant());
    entry.plies   = game.plies();
    if (const rules::VariantEntry* variant = game.setup.variant())
        entry.variant = std::string(variant->name);
    else  // not set up: the variant the record names, which floe does not play
        entry.variant =
            rules::to_utf8(parser::find_tag(record, "Variant").value_or("?"), record.encoding);
    entry.errors = game.errors() + (game.setup.playable() || game.errors() ? 0 : 1);
    return entry;
}

namespace {

// One row of the index's table: number, players (a link to the page) and tags, result, plies,
// variant, errors; a game with errors is marked `broken`, so that it shows at a glance.
void write_index_row(std::ostream& out, const ReplayIndexEntry& g) {
    const bool broken = g.errors > 0 || g.page.empty();
    out << fmt::format("<tr data-game=\"{}\"{}><td class=\"number\">{}</td><td>", g.number,
                       broken ? " class=\"broken\"" : "", g.number);
    if (g.page.empty())
        out << xml_escape(g.heading.title) << " <span class=\"error\">(not replayed)</span>";
    else
        out << fmt::format("<a href=\"{}\">{}</a>", xml_escape(g.page),
                           xml_escape(g.heading.title));
    if (!g.heading.facts.empty())
        out << "<br><span class=\"tags\">" << xml_escape(g.heading.facts) << "</span>";
    out << fmt::format("</td><td>{}</td><td class=\"number\">{}</td><td>{}</td>",
                       xml_escape(g.heading.result.empty() ? "?" : g.heading.result), g.plies,
                       xml_escape(g.variant));
    if (broken)
        out << fmt::format("<td class=\"error\">\u2717 {} error{}</td>", g.errors,
                           g.errors == 1 ? "" : "s");
    else
        out << "<td class=\"ok\">none</td>";
    out << "</tr>\n";
}

}  // namespace

void write_replay_index(std::ostream& out, std::string_view source,
                        const std::vector<ReplayIndexEntry>& games) {
    out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
    out << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    out << "<meta name=\"generator\" content=\"floe\">\n";
    out << "<meta name=\"color-scheme\" content=\"light dark\">\n";
    out << fmt::format("<title>{} — floe replay</title>\n<style>{}</style>\n", xml_escape(source),
                       replay_page_style());
    const auto broken = std::count_if(games.begin(), games.end(), [](const ReplayIndexEntry& g) {
        return g.errors > 0 || g.page.empty();
    });
    out << fmt::format("</head>\n<body>\n<h1>{}</h1>\n<p class=\"tags\">{} game{}",
                       xml_escape(source), games.size(), games.size() == 1 ? "" : "s");
    if (broken) out << fmt::format(", {} with errors (\u2717)", broken);
    out << "</p>\n<div class=\"table\"><table id=\"games\">\n<thead><tr><th scope=\"col\">#</th>"
           "<th scope=\"col\">Players</th><th scope=\"col\">Result</th>"
           "<th scope=\"col\">Plies</th><th scope=\"col\">Variant</th>"
           "<th scope=\"col\">Errors</th></tr></thead>\n<tbody>\n";
    for (const ReplayIndexEntry& g : games) write_index_row(out, g);
    out << "</tbody>\n</table></div>\n</body>\n</html>\n";
}

namespace {

// The page's head, up to where the game's data begins: written when the replay has set the game
// up (its engine known; no page for a game that cannot be set up), before its first node.
void write_page_head(std::ostream& out, const rules::GameRecord& record, const GameSetup& setup,
                     std::string_view index) {
    const ReplayHeading heading = replay_heading(record, setup.variant());
    const std::string& title    = heading.title;
    out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
    out << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    out << "<meta name=\"generator\" content=\"floe\">\n";
    out << "<meta name=\"color-scheme\" content=\"light dark\">\n";
    out << fmt::format("<title>{} — floe replay</title>\n<style>{}</style>\n", xml_escape(title),
                       replay_page_style());
    out << "</head>\n<body>\n<header>\n";
    if (!index.empty())
        out << fmt::format(
            "<nav class=\"crumbs\"><a id=\"index-link\" href=\"{}\">\u2190 All games</a></nav>\n",
            xml_escape(index));
    out << fmt::format("<h1>{}</h1>\n", xml_escape(title));
    if (!heading.facts.empty())
        out << "<p class=\"tags\">" << xml_escape(heading.facts) << "</p>\n";
    out << "</header>\n" << replay_page_body() << "\n";
    out << "<script type=\"application/json\" id=\"floe-game\">{"
        << std::visit([](const auto& start) { return game_header(start); }, setup.start)
        << ",\"nodes\":[";
}

// The page as the one replay walks the game: its head once the game is set up, then its nodes.
template <class G>
struct PageWalk : PageData<G> {
    PageWalk(const rules::GameRecord& record, const GameSetup& setup, std::ostream& out,
             std::string& defs, std::uint32_t& main_stop, std::string_view index)
        : PageData<G>(record, setup, out, defs, main_stop) {
        write_page_head(out, record, setup, index);
    }
};

// Where a diagnostic stands and what it is: the diagnostics of open_game are known by these, so
// that the page's error is chosen among the replay's own.
using DiagnosticKey = std::tuple<std::uint32_t, std::uint32_t, rules::DiagCode>;
DiagnosticKey key_of(const rules::Diagnostic& d) { return {d.span.begin, d.span.end, d.code}; }

// The main line's error the page shows: the last one at or before where its unplayed rest begins
// (variations' errors come before it, syntax errors of the rest after it), else the first; or
// nullptr. Chosen among the replay's own diagnostics: `diagnostics` without those in `opening`
// (open_game's, sorted), which --strict may have made errors.
const rules::Diagnostic* main_line_error(const std::vector<rules::Diagnostic>& diagnostics,
                                         std::uint32_t main_stop,
                                         const std::vector<DiagnosticKey>& opening) {
    const rules::Diagnostic* shown = nullptr;
    for (const rules::Diagnostic& d : diagnostics) {
        if (d.severity != rules::Severity::Error) continue;
        if (std::binary_search(opening.begin(), opening.end(), key_of(d))) continue;
        if (!shown || d.span.begin <= main_stop) shown = &d;
        if (d.span.begin > main_stop) break;
    }
    return shown;
}

}  // namespace

ReplayedGame write_replay_page(std::ostream& out, const rules::GameRecord& record,
                               const GameOptions& options, rules::DiagnosticLog log,
                               HintWords words, std::string_view index) {
    // One replay serves the report (open_game's diagnostics and the replay's) and the page,
    // whose head PageWalk writes once the game is set up: nothing for a game that cannot be.
    std::vector<DiagnosticKey> opening;
    for (const rules::Diagnostic& d : log.list()) opening.push_back(key_of(d));
    std::sort(opening.begin(), opening.end());
    const bool opening_dropped = log.dropped_errors() + log.dropped_warnings() > 0;
    std::string defs;
    std::uint32_t main_stop = 0;
    ReplayedGame game =
        replay_game<PageWalk>(record, options, std::move(log), out, defs, main_stop, index);
    if (!game.setup.playable()) return game;
    out << "]";
    if (game.main_line_failed()) {
        // Only when the log filled up (DiagnosticLog::Kept: ten thousand diagnostics) may the
        // replay's own have been left out for open_game's: then they are asked of a replay
        // of their own.
        std::optional<ReplayedGame> own;
        if (opening_dropped || game.log.dropped_errors() + game.log.dropped_warnings() > 0)
            own = replay_game<NoVisitor>(record, options, rules::DiagnosticLog{});
        if (const rules::Diagnostic* shown =
                main_line_error((own ? *own : game).diagnostics(), main_stop,
                                own ? std::vector<DiagnosticKey>{} : opening))
            out << ",\"error\":"
                << json_string(rules::to_utf8(shown_message(*shown, words), record.encoding));
    }
    if (const std::string result = told_tag(record, "Result"); !result.empty())
        out << ",\"result\":" << json_string(result);
    // The record for the download button: the game's bytes as read, in UTF-8.
    out << ",\"number\":" << record.number << ",\"record\":";
    write_json_text(out, record.text, record.encoding);
    out << "}</script>\n";
    // The shapes every board refers to, once for the page.
    out << R"(<svg width="0" height="0" style="position:absolute" aria-hidden="true">)" << defs
        << "</svg>\n<script>" << replay_page_script() << "</script>\n</body>\n</html>\n";
    return game;
}

}  // namespace floe::formats
