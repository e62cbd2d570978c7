#include "formats/game_walk.hpp"

#include <vector>

#include "formats/line_rest.hpp"

namespace floe::formats {

namespace {

using rules::Element;
using rules::ElementKind;
using rules::chess::Position;

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
        : record_(record), game_(game), visitor_(visitor), extents_(line_extents(record)) {}

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
        const auto& elements        = record_.lines[f.line].elements;
        const auto& moves           = game_.replay.line_moves[f.line];
        const LineExtent& extent    = extents_[f.line];
        const rules::LineStop& stop = game_.replay.line_stops[f.line];
        f.variations.clear();
        f.next_variation = 0;
        for (; f.next < elements.size(); ++f.next) {
            const Element& e = elements[f.next];
            if (e.span.begin >= stop.at) break;
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
        if (stop.stops())
            visit_rest(record_, record_.lines[f.line], f.next, stop, extent.end, visitor_);
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
