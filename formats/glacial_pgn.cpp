#include "formats/glacial_pgn.hpp"

#include <array>
#include <limits>
#include <string_view>
#include <vector>

#include "formats/glacial_position.hpp"
#include "rules/glacial/random_game.hpp"
#include "rules/glacial/replay.hpp"
#include "rules/glacial/variant.hpp"

namespace floe::formats {

namespace {

namespace glacial = rules::glacial;
using rules::Element;
using rules::ElementKind;

// The Glacial Shift roster and its defaults (notation.md §5, §7).
struct RosterTag {
    std::string_view name;
    std::string_view fallback;
};
constexpr std::array<RosterTag, 9> Roster = {{{"Event", "?"},
                                              {"Site", "?"},
                                              {"Date", "????.??.??"},
                                              {"Round", "?"},
                                              {"Yellow", "?"},
                                              {"Green", "?"},
                                              {"Blue", "?"},
                                              {"Red", "?"},
                                              {"Result", "*"}}};

void write_tags(std::string& out, const rules::GameRecord* record, std::string_view result,
                std::string_view event = "?", std::string_view round = "?") {
    for (const RosterTag& t : Roster) {
        const std::string* value = record ? record->tag(t.name) : nullptr;
        std::string_view fallback =
            t.name == "Event" ? event : (t.name == "Round" ? round : t.fallback);
        write_pgn_tag(out, t.name,
                      t.name == "Result" ? result : (value ? std::string_view(*value) : fallback));
    }
    if (!record || !record->tag("Variant")) write_pgn_tag(out, "Variant", glacial::VariantName);
    if (!record) return;
    for (const rules::TagPair& t : record->tags) {
        bool roster = false;
        for (const RosterTag& r : Roster) roster = roster || r.name == t.name;
        if (!roster) write_pgn_tag(out, t.name, t.value);
    }
}

// Movetext units of plies: `12.`, `G: b2b5xe5`, then the mates as events.
void add_ply(std::vector<MovetextUnit>& units, const glacial::Position& before,
             const glacial::Move& move) {
    units.push_back({std::to_string(before.ply_number()) + ".", false});
    units.push_back({std::string{glacial::seat_letter(before.turn()), ':', ' '} +
                         make_glacial_move(before, move),
                     false});
}
void add_mates(std::vector<MovetextUnit>& units, const glacial::MateEvents& mates) {
    for (int i = 0; i < mates.count; ++i)
        units.push_back({glacial::mate_event_text(mates.events[i]), false});
}

// `open` + body + `close`, built with += (g++ 12 gives a false -Wrestrict warning on "{" + s).
std::string wrapped(char open, std::string_view body, std::string_view close = {}) {
    std::string s(1, open);
    s += body;
    s += close;
    return s;
}

constexpr std::uint32_t NoError = std::numeric_limits<std::uint32_t>::max();

bool is_ascii_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// Where each line's text lies and where its first error is, as formats/game_walk.cpp finds them.
struct LineExtent {
    std::uint32_t begin = 0, end = 0, first_error = NoError, depth = 0;
};

std::vector<LineExtent> line_extents(const rules::GameRecord& record, const ReplayedGame& game) {
    std::vector<LineExtent> lines(record.lines.size());
    lines[0].end = static_cast<std::uint32_t>(
        record.termination.empty() ? record.text.size() : record.termination_span.begin);
    for (std::size_t i = 0; i < record.lines.size(); ++i)
        for (const Element& e : record.lines[i].elements) {
            if (e.kind != ElementKind::Variation) continue;
            LineExtent& child = lines[e.value];
            child.depth       = lines[i].depth + 1;
            child.begin       = e.span.begin + 1;
            const bool closed =
                e.span.end - e.span.begin >= 2 && record.text[e.span.end - 1] == ')';
            child.end = closed ? e.span.end - 1 : e.span.end;
        }
    for (const rules::Diagnostic& d : game.diagnostics) {
        if (d.severity != rules::Severity::Error || d.strict) continue;
        std::size_t innermost = 0;
        for (std::size_t i = 1; i < lines.size(); ++i)
            if (d.span.begin >= lines[i].begin && d.span.begin < lines[i].end &&
                lines[i].depth > lines[innermost].depth)
                innermost = i;
        lines[innermost].first_error = std::min(lines[innermost].first_error, d.span.begin);
    }
    return lines;
}

// Builds the units of a record's lines in the canonical order of notation.md §4 and §7: per
// ply its NAGs, then its mates, then comments, then variations. An explicit stack, as in
// game_walk.cpp, so deep variations cannot overflow the call stack.
class Walker {
public:
    Walker(const rules::GameRecord& record, const ReplayedGame& game,
           std::vector<MovetextUnit>& units)
        : record_(record),
          game_(*game.glacial),
          units_(units),
          extents_(line_extents(record, game)) {}

    void run() {
        Frame root;
        root.pos = game_.replay.positions.front();
        add_mates(units_, game_.replay.start_mates);
        stack_.push_back(std::move(root));
        while (!stack_.empty()) {
            Frame& f = stack_.back();
            if (f.next_variation < f.variations.size()) {
                const Element& v = record_.lines[f.line].elements[f.variations[f.next_variation++]];
                Frame child;
                child.line = v.value;
                child.pos  = f.has_last ? f.before_last : f.pos;
                open_ += '(';
                stack_.push_back(std::move(child));  // f is invalid from here
                continue;
            }
            if (f.done) {
                stack_.pop_back();
                if (!stack_.empty()) close();
                continue;
            }
            advance(f);
        }
    }

private:
    struct Frame {
        std::uint32_t line = 0;
        std::size_t next = 0, played = 0;
        glacial::Position pos, before_last;
        bool has_last = false;
        glacial::MateEvents last_mates;
        bool group_open = false;
        std::vector<std::size_t> nags, comments, group_variations, variations;
        std::size_t next_variation = 0;
        bool done                  = false;
    };

    void add(std::string text, bool ends_line = false) {
        if (!open_.empty()) {  // no space after `(`
            text.insert(0, open_);
            open_.clear();
        }
        units_.push_back({std::move(text), ends_line});
    }
    void close() {
        if (!open_.empty() || units_.empty() || units_.back().ends_line)
            add(")");
        else
            units_.back().text += ')';
    }
    void comment(std::string_view text) {
        const std::string body = pgn_text(text);
        if (body.find('}') == std::string::npos)
            add(wrapped('{', body, "}"));
        else
            add(wrapped(';', body), true);  // only a `;` comment can hold a `}`
    }

    void flush(Frame& f) {
        const auto& elements = record_.lines[f.line].elements;
        for (std::size_t i : f.nags) add(wrapped('$', std::to_string(elements[i].value)));
        for (int i = 0; i < f.last_mates.count; ++i)
            add(glacial::mate_event_text(f.last_mates.events[i]));
        for (std::size_t i : f.comments) comment(elements[i].text);
        f.nags.clear();
        f.comments.clear();
        f.variations.swap(f.group_variations);
        f.group_variations.clear();
        f.next_variation = 0;
        f.group_open     = false;
    }

    void advance(Frame& f) {
        const auto& elements     = record_.lines[f.line].elements;
        const auto& moves        = game_.replay.line_moves[f.line];
        const LineExtent& extent = extents_[f.line];
        f.variations.clear();
        f.next_variation = 0;
        for (; f.next < elements.size(); ++f.next) {
            const Element& e = elements[f.next];
            if (e.span.begin >= extent.first_error) break;
            switch (e.kind) {
                case ElementKind::Move: {
                    if (f.played >= moves.size() || moves[f.played].element != f.next) break;
                    if (f.group_open) {
                        flush(f);
                        return;  // walk its variations first; this ply comes next
                    }
                    const auto& played = moves[f.played++];
                    f.before_last      = f.pos;
                    f.has_last         = true;
                    std::vector<MovetextUnit> ply;
                    add_ply(ply, f.pos, played.move);
                    for (auto& u : ply) add(std::move(u.text));
                    f.pos        = played.after;
                    f.last_mates = played.mates;
                    f.group_open = true;
                    break;
                }
                case ElementKind::Nag:
                    if (f.group_open)
                        f.nags.push_back(f.next);
                    else
                        add(wrapped('$', std::to_string(e.value)));
                    break;
                case ElementKind::Comment:
                case ElementKind::LineComment:
                    if (f.group_open)
                        f.comments.push_back(f.next);
                    else
                        comment(e.text);
                    break;
                case ElementKind::Variation:
                    f.group_variations.push_back(f.next);
                    if (!f.group_open) {
                        ++f.next;
                        flush(f);
                        return;
                    }
                    break;
                default:
                    break;  // ply numbers are rewritten; events are recomputed
            }
        }
        if (f.group_open) {
            flush(f);
            return;
        }
        if (extent.first_error != NoError && extent.first_error < extent.end) {
            std::uint32_t end = extent.end;
            while (end > extent.first_error && is_ascii_space(record_.text[end - 1])) --end;
            if (end > extent.first_error) {
                const std::string body =
                    pgn_text(record_.text.substr(extent.first_error, end - extent.first_error));
                if (body.find('}') == std::string::npos) {
                    add(wrapped('{', body, "}"));
                } else {
                    for (std::size_t begin = 0; begin <= body.size();) {
                        std::size_t stop = body.find('\n', begin);
                        if (stop == std::string::npos) stop = body.size();
                        comment(std::string_view(body).substr(begin, stop - begin));
                        begin = stop + 1;
                    }
                }
            }
        }
        f.done = true;
    }

    const rules::GameRecord& record_;
    const GlacialGame& game_;
    std::vector<MovetextUnit>& units_;
    std::vector<LineExtent> extents_;
    std::vector<Frame> stack_;
    std::string open_;
};

}  // namespace

std::string glacial_termination_marker(const rules::GameRecord& record, const ReplayedGame& game,
                                       bool fix_result) {
    if (fix_result && game.glacial && game.glacial->start &&
        !game.glacial->replay.main_line_failed) {
        const std::string forced = glacial::forced_result(game.glacial->replay.final_position());
        if (forced != "*") return forced;
    }
    return record.termination.empty() ? "*" : std::string(record.termination);
}

void write_glacial_pgn(std::string& out, const rules::GameRecord& record, const ReplayedGame& game,
                       const PgnOptions& options) {
    if (!game.glacial || !game.glacial->start) {  // passed through as written
        out += pgn_text(record.text);
        out += '\n';
        return;
    }
    const std::string result = glacial_termination_marker(record, game, options.fix_result);
    write_tags(out, &record, result);
    out += '\n';
    std::vector<MovetextUnit> units;
    Walker(record, game, units).run();
    units.push_back({result, false});
    fill_movetext(out, units, options.line_width);
}

std::string random_glacial_game_pgn(std::uint64_t seed, int round, int max_plies,
                                    std::uint32_t steer, int attempts) {
    rules::chess::SplitMix64 seeds(seed);
    std::vector<glacial::Move> plies;
    const glacial::Position start = glacial::Position::start();
    for (int attempt = 0; attempt < (steer ? attempts : 1); ++attempt) {
        rules::chess::SplitMix64 rng(steer ? seeds.next() : seed);
        std::uint32_t seen = 0;
        plies              = glacial::random_game(start, rng, max_plies, steer, &seen);
        if (!steer) break;
        glacial::Position end = start;
        glacial::History history;
        history.push(end.board_hash());
        for (const auto& m : plies) {
            end.play(m);
            history.push(end.board_hash());
            end.resolve_mates(history);
        }
        if ((seen & steer) == steer && end.game_over()) break;
    }
    std::vector<MovetextUnit> units;
    glacial::Position pos = start;
    glacial::History history;
    history.push(pos.board_hash());
    add_mates(units, pos.resolve_mates(history));
    for (const auto& m : plies) {
        add_ply(units, pos, m);
        pos.play(m);
        history.push(pos.board_hash());
        add_mates(units, pos.resolve_mates(history));
    }
    const std::string result = glacial::forced_result(pos);
    units.push_back({result, false});
    std::string out;
    write_tags(out, nullptr, result, "floe generate", std::to_string(round));
    out += '\n';
    fill_movetext(out, units, 79);
    return out;
}

}  // namespace floe::formats
