#include "formats/game_walk.hpp"

#include <limits>
#include <vector>

namespace floe::formats {

namespace {

using rules::Element;
using rules::ElementKind;
using rules::chess::Position;

constexpr std::uint32_t NoError = std::numeric_limits<std::uint32_t>::max();

bool is_ascii_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// Where each line's text lies, and where its first error is.
struct LineExtent {
    std::uint32_t begin       = 0;
    std::uint32_t end         = 0;  // before the `)` of a closed variation
    std::uint32_t first_error = NoError;
    std::uint32_t depth       = 0;
};

std::vector<LineExtent> line_extents(const rules::GameRecord& record, const ReplayedGame& game) {
    std::vector<LineExtent> lines(record.lines.size());
    lines[0].end = static_cast<std::uint32_t>(
        record.termination.empty() ? record.text.size() : record.termination_span.begin);
    for (std::size_t i = 0; i < record.lines.size(); ++i) {
        for (const Element& e : record.lines[i].elements) {
            if (e.kind != ElementKind::Variation) continue;
            LineExtent& child = lines[e.value];
            child.depth       = lines[i].depth + 1;
            child.begin       = e.span.begin + 1;
            const bool closed =
                e.span.end - e.span.begin >= 2 && record.text[e.span.end - 1] == ')';
            child.end = closed ? e.span.end - 1 : e.span.end;
        }
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

// One line being walked.
struct Frame {
    std::uint32_t line = 0;
    std::size_t next   = 0;  // next element
    std::size_t played = 0;  // next entry of line_moves[line]
    Position pos;
    Position before_last;
    bool has_last = false;
    rules::chess::IceAgeEvent last_event;
    // What follows the last move, emitted in canonical order when the next move (or the line's
    // end) comes: NAGs, the event, comments, variations.
    bool group_open = false;
    std::vector<std::size_t> nags, comments, group_variations;
    std::vector<std::size_t> variations;  // being walked, from next_variation on
    std::size_t next_variation = 0;
    bool done                  = false;
};

class Walker {
public:
    Walker(const rules::GameRecord& record, const ReplayedGame& game, GameVisitor& visitor)
        : record_(record), game_(game), visitor_(visitor), extents_(line_extents(record, game)) {}

    void run() {
        Frame root;
        root.pos = *game_.start;
        stack_.push_back(std::move(root));
        while (!stack_.empty()) {
            Frame& f = stack_.back();
            if (f.next_variation < f.variations.size()) {
                const Element& v = element(f, f.variations[f.next_variation++]);
                Frame child;
                child.line = v.value;
                child.pos  = f.has_last ? f.before_last : f.pos;
                visitor_.variation_begin(child.pos);
                stack_.push_back(std::move(child));  // f is invalid from here
                continue;
            }
            if (f.done) {
                stack_.pop_back();
                if (!stack_.empty()) visitor_.variation_end();
                continue;
            }
            advance(f);
        }
    }

private:
    const Element& element(const Frame& f, std::size_t i) const {
        return record_.lines[f.line].elements[i];
    }

    // Emits what follows the last move; its variations are then walked by run().
    void flush(Frame& f) {
        const auto& elements = record_.lines[f.line].elements;
        for (std::size_t i : f.nags) visitor_.nag(elements[i].value);
        if (f.last_event.happened) visitor_.event(f.last_event);
        for (std::size_t i : f.comments)
            visitor_.comment(elements[i].text, elements[i].kind == ElementKind::LineComment);
        f.nags.clear();
        f.comments.clear();
        f.variations.swap(f.group_variations);
        f.group_variations.clear();
        f.next_variation = 0;
        f.group_open     = false;
    }

    // Walks elements up to the next point where variations must be walked, or the line's end.
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
                        return;  // walk its variations first; this move comes next
                    }
                    const rules::chess::Move m = moves[f.played++].move;
                    f.before_last              = f.pos;
                    f.has_last                 = true;
                    // Copied only when it happened: the event's 32 frozen-piece pairs are
                    // copied one by one.
                    const rules::chess::IceAgeEvent event = f.pos.play(m);
                    if (event.happened)
                        f.last_event = event;
                    else
                        f.last_event.happened = false;
                    visitor_.move(f.before_last, m, f.pos, event);
                    f.group_open = true;
                    break;
                }
                case ElementKind::Nag:
                    if (f.group_open)
                        f.nags.push_back(f.next);
                    else
                        visitor_.nag(e.value);
                    break;
                case ElementKind::Comment:
                case ElementKind::LineComment:
                    if (f.group_open)
                        f.comments.push_back(f.next);
                    else
                        visitor_.comment(e.text, e.kind == ElementKind::LineComment);
                    break;
                case ElementKind::Variation:
                    f.group_variations.push_back(f.next);
                    if (!f.group_open) {  // a variation before any move: walk it in place
                        ++f.next;
                        flush(f);
                        return;
                    }
                    break;
                default:
                    break;  // move numbers are rewritten; events are recomputed
            }
        }
        if (f.group_open) {
            flush(f);
            return;
        }
        if (extent.first_error != NoError && extent.first_error < extent.end) {
            std::uint32_t end = extent.end;
            while (end > extent.first_error && is_ascii_space(record_.text[end - 1])) --end;
            if (end > extent.first_error)
                visitor_.unplayed(
                    record_.text.substr(extent.first_error, end - extent.first_error));
        }
        f.done = true;
    }

    const rules::GameRecord& record_;
    const ReplayedGame& game_;
    GameVisitor& visitor_;
    std::vector<LineExtent> extents_;
    std::vector<Frame> stack_;
};

}  // namespace

void walk_game(const rules::GameRecord& record, const ReplayedGame& game, GameVisitor& visitor) {
    Walker(record, game, visitor).run();
}

}  // namespace floe::formats
