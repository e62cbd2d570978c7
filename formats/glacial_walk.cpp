#include "formats/glacial_walk.hpp"

#include <vector>

#include "formats/line_rest.hpp"

namespace floe::formats {

namespace {

namespace glacial = rules::glacial;
using rules::Element;
using rules::ElementKind;

// An explicit stack, as in game_walk.cpp, so deep variations cannot overflow the call stack.
class Walker {
public:
    Walker(const rules::GameRecord& record, const ReplayedGame& game, GlacialVisitor& visitor)
        : record_(record),
          game_(*game.glacial),
          visitor_(visitor),
          extents_(line_extents(record)) {}

    void run() {
        Frame root;
        root.pos = game_.replay.positions.front();
        for (int i = 0; i < game_.replay.start_mates.count; ++i)
            visitor_.mate(game_.replay.start_mates.events[i]);
        stack_.push_back(std::move(root));
        while (!stack_.empty()) {
            Frame& f = stack_.back();
            if (f.next_variation < f.variations.size()) {
                const Element& v = record_.lines[f.line].elements[f.variations[f.next_variation++]];
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

    void flush(Frame& f) {
        const auto& elements = record_.lines[f.line].elements;
        for (std::size_t i : f.nags) visitor_.nag(elements[i].value);
        for (int i = 0; i < f.last_mates.count; ++i) visitor_.mate(f.last_mates.events[i]);
        for (std::size_t i : f.comments)
            visitor_.comment(elements[i].text, elements[i].kind == ElementKind::LineComment);
        f.nags.clear();
        f.comments.clear();
        f.variations.swap(f.group_variations);
        f.group_variations.clear();
        f.next_variation = 0;
        f.group_open     = false;
    }

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
                        return;  // walk its variations first; this ply comes next
                    }
                    const auto& played = moves[f.played++];
                    f.before_last      = f.pos;
                    f.has_last         = true;
                    f.pos              = played.after;
                    visitor_.ply(f.before_last, played.move, f.pos);
                    f.last_mates = played.mates;
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
        if (stop.stops())
            visit_rest(record_, record_.lines[f.line], f.next, stop, extent.end, visitor_);
        f.done = true;
    }

    const rules::GameRecord& record_;
    const GlacialGame& game_;
    GlacialVisitor& visitor_;
    std::vector<LineExtent> extents_;
    std::vector<Frame> stack_;
};

}  // namespace

void walk_glacial_game(const rules::GameRecord& record, const ReplayedGame& game,
                       GlacialVisitor& visitor) {
    Walker(record, game, visitor).run();
}

}  // namespace floe::formats
