#pragma once
// The one replay driver: plays a record's lines against an engine's rules and walks them for a
// visitor in canonical order, for every game floe knows (docs/architecture.md).
//
// - The engine is a Game model (rules/game/game.hpp): chess and Glacial Shift each provide one.
// - The movetext comes from a MovetextSource (parser::MovetextReader), one element at a time:
//   nothing of a game is kept but its bytes, a frame per open variation and the diagnostics.
// - The visitor (rules/game/visitor.hpp) receives the game in the canonical order of
//   docs/rules/notation.md §4.1 and §7.2: per move, its NAGs, then the events it triggered, then
//   the comments, then the variations. The PGN, JSON, FEN, diagram and replay-page writers are
//   visitors; validate's is empty.
//
// Reading: each line is read forward. After a move, its group (the annotations up to the next
// move) is read once for its meaning; a variation in it is skipped then and walked after the
// group's NAGs, events and comments are out, from the position before the move. Re-reading a
// group for its NAGs or comments is quiet. So every byte is read for its meaning once, and the
// writers see the canonical order without anything being kept.
//
// Errors: the first error of a line ends it (docs/rules/notation.md §7.5, docs/decisions.md "Which
// errors cut a line"): a syntax error the reader met, or one the rules found (an illegal move, a
// wrong event). The plies before it count; the rest of the line is read for its syntax problems
// only and handed to the visitor as text.

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "rules/common/thread_scratch.hpp"
#include "rules/diagnostic.hpp"
#include "rules/game/element.hpp"
#include "rules/game/game.hpp"
#include "rules/game/visitor.hpp"

namespace floe::rules {

/// What the driver reads: a cursor over one game's movetext (parser::MovetextReader).
template <class R>
concept MovetextSource = requires(R& r, ReadMode mode, std::uint32_t n) {
    { r.read(mode, n) } -> std::same_as<Element>;
    { r.position() } -> std::same_as<std::uint32_t>;
    r.seek(n);
    { r.text() } -> std::same_as<std::string_view>;
};

/// What a replay found, besides the diagnostics it reported and what the visitor saw.
template <class G>
struct Replayed {
    typename G::Position last;      ///< the last position of the main line reached
    std::uint32_t plies   = 0;      ///< main-line plies played
    bool main_line_failed = false;  ///< an error ended the main line before its end
};

namespace detail {

// Hands the rest of a stopped line, [stop.at, end), to the visitor: a fresh stop as text with
// its error's code; after a conversion's marker (docs/rules/notation.md §7.5), the marker and the
// comments right after it as comments, with their bytes, and only what follows them as text.
// Written again, the same comments come out: the canonical writer is a fixed point
// on its own output.
template <class R, class V>
void visit_rest(R& reader, const LineStop& stop, std::uint32_t end, V& visitor) {
    const std::string_view text = reader.text();
    std::uint32_t at            = stop.at;
    if (at >= end) return;
    if (stop.marker) {
        reader.seek(at);
        for (;;) {
            const Element e = reader.read(ReadMode::Quiet, 1);
            const bool comment =
                e.kind == ElementKind::Comment || e.kind == ElementKind::LineComment;
            // Only a comment that stands right there: a stray byte between is rest text.
            if (!comment || e.span.end > end || !trimmed(text, at, e.span.begin).empty()) break;
            visitor.comment(e.text, e.kind == ElementKind::LineComment);
            at = e.span.end;
        }
    }
    const std::string_view kept = trimmed(text, at, end);
    if (!kept.empty())
        visitor.unplayed(kept, stop.marker ? std::nullopt : std::optional(stop.code));
}

// One line being read and walked.
template <class G>
struct Frame {
    enum class Phase : std::uint8_t { Read, Walk, Next };
    typename G::State state;        // the position reached, and what the rules still await
    typename G::State before_last;  // the state before the last move of this line
    bool has_last       = false;
    std::uint32_t depth = 0;  // 0: the main line
    Phase phase         = Phase::Read;
    // Reading goes on at `cursor`. The group of the last move (its annotations) is
    // [group_begin, group_end); what ended it is `next` (a move, or the line's end) or `stop`.
    std::uint32_t cursor = 0, group_begin = 0, group_end = 0;
    bool nags = false, comments = false, variations = false, announced = false;
    std::uint32_t scan = 0;  // the walk of the group's variations goes on here
    Element next;
    LineStop stop;
    std::uint32_t rest_from = 0;      // after the stopping element: where its rest is read
    bool rest_opened        = false;  // the stopping element was an `(`
};

}  // namespace detail

/// No `(` stands open before a syntax read (read_syntax).
inline constexpr std::uint32_t NoOpen = 0xFFFFFFFF;

/// Reads a line's text from `from` to its end for its syntax problems only, reporting them into
/// `log` through `reader`: the rest of a line that stopped (its variations included), or a
/// whole game that cannot be replayed (from 0 at depth 0). `depth` is the line's nesting;
/// `opened` the `(` just before `from` that begins the text, if any (already reported when it
/// is never closed). `quiet`: nothing is reported (the rest of a variation too deep, whose
/// error was reported). Returns where the line ends: its `)`, or the termination marker or the
/// end of the text.
template <MovetextSource R>
std::uint32_t read_syntax(R& reader, DiagnosticLog& log, std::uint32_t from, std::uint32_t depth,
                          std::uint32_t opened = NoOpen, bool quiet = false) {
    reader.seek(from);
    // The text's own unclosed `(`, at most the depth bound. Kept from call to call (one per
    // thread; read_syntax calls nothing that calls it again): no allocation per game.
    struct Open {
        std::vector<std::uint32_t> list;
    };
    std::vector<std::uint32_t>& open = ThreadScratch::current().get<Open>().list;
    open.clear();
    if (opened != NoOpen) open.push_back(opened);
    // Quiet: the `(` the reader did not skip (nested past what it can skip), only counted.
    std::uint32_t deeper = 0;
    // After a variation too deep, nothing more is reported: its error said it is not read.
    for (;;) {
        const Element e = reader.read(quiet ? ReadMode::Quiet : ReadMode::Rest,
                                      depth + static_cast<std::uint32_t>(open.size()) + deeper);
        switch (e.kind) {
            case ElementKind::Open:  // Rest: not skipped; Quiet skips it whole (value: its end)
                if (!quiet)
                    open.push_back(e.span.begin);
                else if (e.value == 0)
                    ++deeper;
                break;
            case ElementKind::Close:
                if (deeper > 0) {
                    --deeper;
                    break;
                }
                if (open.empty()) return e.span.begin;
                open.pop_back();
                break;
            case ElementKind::Termination:
            case ElementKind::End:
                // Unclosed to the end: each `(` but the one already reported.
                for (std::size_t i = opened != NoOpen ? 1 : 0; i < open.size() && !quiet; ++i)
                    log.add(make_error(
                        DiagCode::UnbalancedVariation, {open[i], open[i] + 1},
                        "variation not closed: expected ')' before the end of the game"));
                return e.span.begin;
            case ElementKind::Stop:
                if (e.code == DiagCode::VariationTooDeep) quiet = true;
                break;
            default:
                break;
        }
    }
}

/// Replays one game from `start`, walking it for `visitor`, and reports every problem into
/// `log` (through `game` and `reader`). Never throws on bad input.
template <Game G, MovetextSource R, GameVisitor<G> V>
Replayed<G> replay(G& game, R& reader, const typename G::State& start, V& visitor,
                   DiagnosticLog& log) {
    using Frame = detail::Frame<G>;
    using Phase = typename Frame::Phase;
    Replayed<G> out;
    out.last = G::position(start);
    // The frame stack is kept from game to game, one per thread and engine: no allocation per
    // game. A replay started while one runs (from a visitor) uses a stack of its own.
    struct Kept {  // rules/common/thread_scratch.hpp: no thread_local destructor
        std::vector<Frame> frames;
        bool busy = false;
    };
    Kept& kept_frames        = ThreadScratch::current().get<Kept>();
    std::vector<Frame>& kept = kept_frames.frames;
    bool& kept_busy          = kept_frames.busy;
    std::vector<Frame> own;
    struct Lease {
        bool* busy;
        ~Lease() {
            if (busy) *busy = false;
        }
    } lease{kept_busy ? nullptr : &kept_busy};
    std::vector<Frame>& stack = lease.busy ? kept : own;
    kept_busy                 = true;
    stack.clear();
    if (stack.capacity() < 16) stack.reserve(16);
    Frame root;
    root.state = start;
    stack.push_back(root);
    visitor.start(G::position(start), game.events(start));

    // The line that stopped: its rest, read for its syntax problems and handed to the visitor
    // as text (marker comments as comments, visit_rest).
    auto rest = [&](Frame& f) {
        const std::uint32_t end =
            read_syntax(reader, log, f.rest_from, f.depth, f.rest_opened ? f.stop.at : NoOpen,
                        f.stop.code == DiagCode::VariationTooDeep);
        detail::visit_rest(reader, f.stop, end, visitor);
    };

    auto finish_line = [&](Frame& f) {
        if (f.depth == 0) {
            out.last             = G::position(f.state);
            out.main_line_failed = f.stop.stops();
            if (!f.stop.stops()) game.finish(f.state, log);
        } else {
            visitor.variation_end();
        }
        stack.pop_back();
        if (!stack.empty()) game.resume(stack.back().state);
    };

    auto stop_at = [&](Frame& f, const Element& e, DiagCode code, bool marker) {
        f.stop        = LineStop{e.span.begin, code, marker};
        f.group_end   = e.span.begin;
        f.rest_from   = reader.position();
        f.rest_opened = !marker && e.kind == ElementKind::Stop && e.text == "(";
        f.phase       = Phase::Walk;
    };

    // A variation of the group of `f` opening at `open` (its `(`): walked from the position
    // before the last move (or, before the first move, from the line's own position).
    auto branch = [&](Frame& f, const Element& open) {
        Frame child;
        child.depth  = f.depth + 1;
        child.cursor = child.group_begin = child.scan = open.span.end;
        child.state = game.branch(f.has_last ? f.before_last : f.state);
        f.scan      = open.value;  // after its `)`
        visitor.variation_begin(G::position(child.state));
        stack.push_back(child);  // f is invalid from here
    };

    while (!stack.empty()) {
        Frame& f = stack.back();
        switch (f.phase) {
            case Phase::Read: {  // the group after the last move, for its meaning
                reader.seek(f.cursor);
                for (f.phase = Phase::Read; f.phase == Phase::Read;) {
                    const Element e = reader.read(ReadMode::Meaning, f.depth);
                    switch (e.kind) {
                        case ElementKind::Tag:
                            break;
                        case ElementKind::MoveNumber:
                            game.number(f.state, e, log);
                            break;
                        case ElementKind::Nag:
                            f.nags = true;
                            break;
                        case ElementKind::Comment:
                        case ElementKind::LineComment:
                            if (e.flags & MarkerStops)
                                stop_at(f, e, e.code, true);
                            else
                                f.comments = true;
                            break;
                        case ElementKind::Event:
                            if (const auto error = game.event(
                                    f.state, f.has_last ? &f.before_last : nullptr, e, log))
                                stop_at(f, e, *error, false);
                            break;
                        case ElementKind::Open:
                            f.variations = true;
                            break;
                        case ElementKind::Move: {
                            // `e.p.` written apart: part of the move before it, or an error.
                            const Annotation a = game.annotation(
                                f.state, f.has_last ? &f.before_last : nullptr, e, log);
                            if (a.kind == Annotation::Error) stop_at(f, e, a.error, false);
                            if (a.kind != Annotation::None) break;
                            f.next      = e;
                            f.group_end = e.span.begin;
                            f.cursor    = reader.position();
                            f.phase     = Phase::Walk;
                            break;
                        }
                        case ElementKind::Stop:
                            stop_at(f, e, e.code, false);
                            break;
                        default:  // Close, Termination, End: the line's end
                            f.next      = e;
                            f.group_end = e.span.begin;
                            f.phase     = Phase::Walk;
                            break;
                    }
                }
                // Read always ends in Walk: straight on, without a turn of the frame loop.
                f.scan = f.group_begin;
                [[fallthrough]];
            }
            case Phase::Walk: {  // the group in canonical order
                if (!f.announced) {
                    f.announced = true;
                    // Before the first move nothing is annotated yet: NAGs and comments stay in
                    // the order written, so that a written game reads back the same.
                    if (V::annotations && !f.has_last && f.nags && f.comments) {
                        reader.seek(f.group_begin);
                        for (Element e;
                             (e = reader.read(ReadMode::Quiet, f.depth)).span.begin < f.group_end &&
                             e.kind != ElementKind::End;) {
                            if (e.kind == ElementKind::Nag) visitor.nag(e.value);
                            if (e.kind == ElementKind::Comment ||
                                e.kind == ElementKind::LineComment)
                                visitor.comment(e.text, e.kind == ElementKind::LineComment);
                        }
                        f.nags = f.comments = false;
                    }
                    if (V::annotations && f.nags) {
                        reader.seek(f.group_begin);
                        for (Element e;
                             (e = reader.read(ReadMode::Quiet, f.depth)).span.begin < f.group_end &&
                             e.kind != ElementKind::End;)
                            if (e.kind == ElementKind::Nag) visitor.nag(e.value);
                    }
                    // Before the first move there is no move's event: the start's were given.
                    if (f.has_last) visitor.events(game.events(f.state));
                    if (V::annotations && f.comments) {
                        reader.seek(f.group_begin);
                        for (Element e;
                             (e = reader.read(ReadMode::Quiet, f.depth)).span.begin < f.group_end &&
                             e.kind != ElementKind::End;)
                            if (e.kind == ElementKind::Comment ||
                                e.kind == ElementKind::LineComment)
                                visitor.comment(e.text, e.kind == ElementKind::LineComment);
                    }
                    // What the rules caused and the record left out (not after an error).
                    if (!f.stop.stops()) game.close_events(f.state, log);
                }
                if (f.variations) {
                    reader.seek(f.scan);
                    for (Element e;
                         (e = reader.read(ReadMode::Quiet, f.depth)).span.begin < f.group_end &&
                         e.kind != ElementKind::End;)
                        if (e.kind == ElementKind::Open) {
                            branch(f, e);
                            goto next_frame;
                        }
                }
                f.phase = Phase::Next;
                [[fallthrough]];
            }
            case Phase::Next: {  // the next move, the line's end, or its rest
                if (f.stop.stops()) {
                    rest(f);
                    finish_line(f);
                    break;
                }
                if (f.next.kind != ElementKind::Move) {
                    finish_line(f);
                    break;
                }
                // The state before the move: a variation of it starts there. A move that fails
                // leaves f.state as it was, and the line ends.
                f.before_last     = f.state;
                const auto played = game.play(f.state, f.next, f.depth == 0, log);
                if (!played.ok) {
                    f.stop      = LineStop{f.next.span.begin, played.error, false};
                    f.rest_from = f.cursor;
                    rest(f);
                    finish_line(f);
                    break;
                }
                f.has_last = true;
                visitor.move(G::position(f.before_last), played.move, G::position(f.state),
                             game.events(f.state));
                if (f.depth == 0) ++out.plies;
                f.group_begin = f.next.span.end;  // a glued suffix (`e4!?`) opens the group
                f.nags        = (f.next.flags & GluedSuffix) != 0;
                f.comments = f.variations = f.announced = false;
                f.phase                                 = Phase::Read;
                break;
            }
        }
    next_frame:;
    }
    visitor.end();
    return out;
}

}  // namespace floe::rules
