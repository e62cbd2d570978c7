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
// - The memory reused from game to game (the frame stack, read_syntax's list of open `(`) is a
//   ReplayScratch that the caller owns and passes in.
//
// Replayer<G, R, V> runs one replay. Its frame stack holds one frame per open line (the main
// line at the bottom), and each turn of the top frame (step) goes through named phases:
// read_group reads the group after the last move (its annotations, up to the next move) once,
// for its meaning; announce_group hands over its NAGs, the move's events and its comments;
// enter_variation walks its next variation as a child frame, from the position before the move;
// play_next plays the next move, or finishes the line (finish_line), or hands over the rest of a
// line that stopped (stop_line). A variation is skipped while its group is read and walked after
// the group's NAGs, events and comments are out. Re-reading a group (group_elements, the one
// loop over a group's elements of some kinds) is quiet. So every byte is read for its meaning
// once, and the writers see the canonical order without anything being kept.
//
// Errors: the first error of a line ends it (docs/rules/notation.md §7.5, docs/decisions/writers.md
// "Which errors cut a line"): a syntax error the reader met, or one the rules found (an illegal
// move, a wrong event). The plies before it count; the rest of the line is read for its syntax
// problems only and handed to the visitor as text.

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "rules/diagnostic.hpp"
#include "rules/game/element.hpp"
#include "rules/game/game.hpp"
#include "rules/game/replay_count.hpp"
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

// One line being read and walked.
template <class G>
struct Frame {
    // Read: the group after the last move is to be read. Walk: it was read and announced, and
    // its variations are being walked (the frame is on top again after each of them).
    enum class Phase : std::uint8_t { Read, Walk };
    typename G::State state;        // the position reached, and what the rules still await
    typename G::State before_last;  // the state before the last move of this line
    bool has_last       = false;
    std::uint32_t depth = 0;  // 0: the main line
    Phase phase         = Phase::Read;
    // Reading goes on at `cursor`. The group of the last move (its annotations) is
    // [group_begin, group_end); what ended it is `next` (a move, or the line's end) or `stop`.
    std::uint32_t cursor = 0, group_begin = 0, group_end = 0;
    bool nags = false, comments = false, variations = false;
    std::uint32_t scan = 0;  // the walk of the group's variations goes on here
    Element next;
    LineStop stop;
    std::uint32_t rest_from = 0;      // after the stopping element: where its rest is read
    bool rest_opened        = false;  // the stopping element was an `(`
};

// Sets of element kinds, for Replayer::group_elements.
using Kinds = std::uint32_t;
constexpr Kinds kind(ElementKind k) { return Kinds{1} << static_cast<unsigned>(k); }
inline constexpr Kinds NagKinds     = kind(ElementKind::Nag);
inline constexpr Kinds CommentKinds = kind(ElementKind::Comment) | kind(ElementKind::LineComment);
inline constexpr Kinds OpenKinds    = kind(ElementKind::Open);

}  // namespace detail

/// read_syntax's memory: the text's own unclosed `(`, at most the depth bound.
struct SyntaxScratch {
    std::vector<std::uint32_t> open;
};

/// The memory a replay reuses from game to game, so that a game like one before allocates
/// nothing (issue 15): one frame per open line, and read_syntax's. Its caller owns it (one per
/// thread and engine: no thread_local with a destructor, rules/common/thread_scratch.hpp).
/// `in_use` is set while a replay runs on it: a replay started from that replay's visitor with
/// the same scratch takes a scratch of its own (replay below).
template <class G>
struct ReplayScratch {
    std::vector<detail::Frame<G>> frames;
    SyntaxScratch syntax;
    bool in_use = false;
};

/// No `(` stands open before a syntax read (read_syntax).
inline constexpr std::uint32_t NoOpen = 0xFFFFFFFF;

/// Reads a line's text from `from` to its end for its syntax problems only, reporting them into
/// `log` through `reader`: the rest of a line that stopped (its variations included), or a
/// whole game that cannot be replayed (from 0 at depth 0). `depth` is the line's nesting;
/// `opened` the `(` just before `from` that begins the text, if any (already reported when it
/// is never closed). `quiet`: nothing is reported (the rest of a variation too deep, whose
/// error was reported). `scratch` holds the open `(` (read_syntax calls nothing that calls it
/// again). Returns where the line ends: its `)`, or the termination marker or the end of the
/// text.
template <MovetextSource R>
std::uint32_t read_syntax(R& reader, DiagnosticLog& log, SyntaxScratch& scratch, std::uint32_t from,
                          std::uint32_t depth, std::uint32_t opened = NoOpen, bool quiet = false) {
    reader.seek(from);
    std::vector<std::uint32_t>& open = scratch.open;
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

/// One replay of one game (see the header comment): built, run once, dropped. It holds
/// `scratch` while it lives.
template <Game G, MovetextSource R, GameVisitor<G> V>
class Replayer {
public:
    using State = typename G::State;

    Replayer(G& game, R& reader, V& visitor, DiagnosticLog& log, ReplayScratch<G>& scratch)
        : game_(game),
          reader_(reader),
          visitor_(visitor),
          log_(log),
          scratch_(scratch),
          frames_(scratch.frames) {
        scratch_.in_use = true;
    }
    ~Replayer() { scratch_.in_use = false; }
    Replayer(const Replayer&)            = delete;
    Replayer& operator=(const Replayer&) = delete;

    /// Replays the game from `start`: the top frame takes turns until every line is finished.
    Replayed<G> run(const State& start) {
        count_replay();
        begin(start);
        while (!frames_.empty()) step(frames_.back());
        visitor_.end();
        return out_;
    }

private:
    using Frame = detail::Frame<G>;
    using Phase = typename Frame::Phase;

    // The main line's frame, and the start for the visitor.
    void begin(const State& start) {
        out_.last = G::position(start);
        frames_.clear();
        if (frames_.capacity() < 16) frames_.reserve(16);
        Frame root;
        root.state = start;
        frames_.push_back(root);
        visitor_.start(G::position(start), game_.events(start));
    }

    // One turn of the line on top: a new group is read and announced; then the group's next
    // variation is entered, or else the line goes on to its next move (or ends).
    void step(Frame& f) {
        if (f.phase == Phase::Read) {
            read_group(f);
            announce_group(f);
            f.phase = Phase::Walk;
            f.scan  = f.group_begin;
        }
        if (f.variations && enter_variation(f)) return;  // f is invalid: the child is on top
        play_next(f);
    }

    // ---- Reading a group, once, for its meaning ----

    // Reads the group after the last move up to what ends it: the next move, the line's end,
    // or an error (stop_at).
    void read_group(Frame& f) {
        reader_.seek(f.cursor);
        while (read_element(f, reader_.read(ReadMode::Meaning, f.depth))) {
        }
    }

    // One element of the group, for its meaning. Returns whether the group goes on.
    bool read_element(Frame& f, const Element& e) {
        switch (e.kind) {
            case ElementKind::Tag:
                return true;
            case ElementKind::MoveNumber:
                game_.number(f.state, e, log_);
                return true;
            case ElementKind::Nag:
                f.nags = true;
                return true;
            case ElementKind::Comment:
            case ElementKind::LineComment:
                if (e.flags & MarkerStops) return stop_at(f, e, e.code, true);
                f.comments = true;
                return true;
            case ElementKind::Event:
                if (const auto error = game_.event(f.state, before_last(f), e, log_))
                    return stop_at(f, e, *error, false);
                return true;
            case ElementKind::Open:
                f.variations = true;
                return true;
            case ElementKind::Move:
                return read_move(f, e);
            case ElementKind::Stop:
                return stop_at(f, e, e.code, false);
            default:  // Close, Termination, End: the line's end
                f.next      = e;
                f.group_end = e.span.begin;
                return false;
        }
    }

    // A move element: the next move, which ends the group; or one that belongs to the move
    // before it (`e.p.` written apart: Game::annotation), absorbed or an error.
    bool read_move(Frame& f, const Element& e) {
        const Annotation a = game_.annotation(f.state, before_last(f), e, log_);
        if (a.kind == Annotation::Absorbed) return true;
        if (a.kind == Annotation::Error) return stop_at(f, e, a.error, false);
        f.next      = e;
        f.group_end = e.span.begin;
        f.cursor    = reader_.position();
        return false;
    }

    // The line stops at `e` (docs/rules/notation.md §7.5): the group ends there, and the rest,
    // read from after `e`, is handed over when the group is walked (stop_line). Returns false:
    // the group is over.
    bool stop_at(Frame& f, const Element& e, DiagCode code, bool marker) {
        f.stop        = LineStop{e.span.begin, code, marker};
        f.group_end   = e.span.begin;
        f.rest_from   = reader_.position();
        f.rest_opened = !marker && e.kind == ElementKind::Stop && e.text == "(";
        return false;
    }

    // ---- Walking a group in canonical order ----

    // The one loop over a group: reads f's group again, quietly, from `from` to its end, and
    // hands each element of kinds `K` to `take`, until `take` returns false. Returns whether it
    // went to the end. (K is a template argument: the test of each kind compiles to a constant
    // mask, as cheap as the loops written out were.)
    template <detail::Kinds K, class Take>
    bool group_elements(const Frame& f, std::uint32_t from, Take take) {
        reader_.seek(from);
        for (Element e; (e = reader_.read(ReadMode::Quiet, f.depth)).span.begin < f.group_end &&
                        e.kind != ElementKind::End;)
            if ((detail::kind(e.kind) & K) && !take(e)) return false;
        return true;
    }

    // The group's NAGs, the last move's events, the group's comments; then the events the rules
    // caused and the record left out (not after an error).
    void announce_group(Frame& f) {
        // Before the first move nothing is annotated yet: NAGs and comments stay in the order
        // written, so that a written game reads back the same.
        if (V::annotations && !f.has_last && f.nags && f.comments) {
            annotations<detail::NagKinds | detail::CommentKinds>(f);
            f.nags = f.comments = false;
        }
        if (V::annotations && f.nags) annotations<detail::NagKinds>(f);
        // Before the first move there is no move's event: the start's were given.
        if (f.has_last) visitor_.events(game_.events(f.state));
        if (V::annotations && f.comments) annotations<detail::CommentKinds>(f);
        if (!f.stop.stops()) game_.close_events(f.state, log_);
    }

    // Hands the group's NAGs or comments (kinds `K`) to the visitor, in the order written.
    template <detail::Kinds K>
    void annotations(const Frame& f) {
        group_elements<K>(f, f.group_begin, [this](const Element& e) {
            if (K == detail::NagKinds || (K != detail::CommentKinds && e.kind == ElementKind::Nag))
                visitor_.nag(e.value);
            else
                visitor_.comment(e.text, e.kind == ElementKind::LineComment);
            return true;
        });
    }

    // Enters the group's next variation, if one is left: its frame goes on top, and f is
    // invalid from there. Returns whether one was entered.
    bool enter_variation(Frame& f) {
        return !group_elements<detail::OpenKinds>(f, f.scan, [&](const Element& open) {
            branch(f, open);
            return false;
        });
    }

    // A variation of the group of `f` opening at `open` (its `(`): walked from the position
    // before the last move (or, before the first move, from the line's own position).
    void branch(Frame& f, const Element& open) {
        Frame child;
        child.depth  = f.depth + 1;
        child.cursor = child.group_begin = child.scan = open.span.end;
        child.state = game_.branch(f.has_last ? f.before_last : f.state);
        f.scan      = open.value;  // after its `)`
        visitor_.variation_begin(G::position(child.state));
        frames_.push_back(child);  // f is invalid from here
    }

    // ---- Going on: the next move, or the line's end ----

    // Plays the next move and starts its group; or ends the line: at its end, or at its stop,
    // or at a move that fails (which leaves f.state as it was).
    void play_next(Frame& f) {
        if (f.stop.stops()) return stop_line(f);
        if (f.next.kind != ElementKind::Move) return finish_line(f);
        f.before_last     = f.state;  // a variation of the move starts there
        const auto played = game_.play(f.state, f.next, f.depth == 0, log_);
        if (!played.ok) {
            f.stop      = LineStop{f.next.span.begin, played.error, false};
            f.rest_from = f.cursor;
            return stop_line(f);
        }
        f.has_last = true;
        visitor_.move(G::position(f.before_last), played.move, G::position(f.state),
                      game_.events(f.state));
        if (f.depth == 0) ++out_.plies;
        f.group_begin = f.next.span.end;  // a glued suffix (`e4!?`) opens the group
        f.nags        = (f.next.flags & GluedSuffix) != 0;
        f.comments = f.variations = false;
        f.phase                   = Phase::Read;
    }

    // The line stopped: its rest is read for its syntax problems and handed over, and it ends.
    void stop_line(Frame& f) {
        const std::uint32_t end = read_syntax(reader_, log_, scratch_.syntax, f.rest_from, f.depth,
                                              f.rest_opened ? f.stop.at : NoOpen,
                                              f.stop.code == DiagCode::VariationTooDeep);
        hand_over_rest(f.stop, end);
        finish_line(f);
    }

    // Hands the rest of a stopped line, [stop.at, end), to the visitor: a fresh stop as text
    // with its error's code; after a conversion's marker (docs/rules/notation.md §7.5), the
    // marker and the comments right after it as comments, with their bytes, and only what
    // follows them as text. Written again, the same comments come out: the canonical writer is
    // a fixed point on its own output.
    void hand_over_rest(const LineStop& stop, std::uint32_t end) {
        const std::string_view text = reader_.text();
        std::uint32_t at            = stop.at;
        if (at >= end) return;
        if (stop.marker) {
            reader_.seek(at);
            for (;;) {
                const Element e = reader_.read(ReadMode::Quiet, 1);
                const bool comment =
                    e.kind == ElementKind::Comment || e.kind == ElementKind::LineComment;
                // Only a comment that stands right there: a stray byte between is rest text.
                if (!comment || e.span.end > end || !trimmed(text, at, e.span.begin).empty()) break;
                visitor_.comment(e.text, e.kind == ElementKind::LineComment);
                at = e.span.end;
            }
        }
        const std::string_view kept = trimmed(text, at, end);
        if (!kept.empty())
            visitor_.unplayed(kept, stop.marker ? std::nullopt : std::optional(stop.code));
    }

    // The line is over: the main line's result is checked (when no error ended it); a variation
    // ends for the visitor, and its parent line goes on.
    void finish_line(Frame& f) {
        if (f.depth == 0) {
            out_.last             = G::position(f.state);
            out_.main_line_failed = f.stop.stops();
            if (!f.stop.stops()) game_.finish(f.state, log_);
        } else {
            visitor_.variation_end();
        }
        frames_.pop_back();
        if (!frames_.empty()) game_.resume(frames_.back().state);
    }

    const State* before_last(const Frame& f) const { return f.has_last ? &f.before_last : nullptr; }

    G& game_;
    R& reader_;
    V& visitor_;
    DiagnosticLog& log_;
    ReplayScratch<G>& scratch_;
    std::vector<Frame>& frames_;
    Replayed<G> out_;
};

/// Replays one game from `start`, walking it for `visitor`, and reports every problem into
/// `log` (through `game` and `reader`). Never throws on bad input. `scratch` is the memory it
/// reuses; a replay started from a visitor while `scratch` is in use takes one of its own.
template <Game G, MovetextSource R, GameVisitor<G> V>
Replayed<G> replay(G& game, R& reader, const typename G::State& start, V& visitor,
                   DiagnosticLog& log, ReplayScratch<G>& scratch) {
    if (scratch.in_use) {
        ReplayScratch<G> own;
        return Replayer<G, R, V>(game, reader, visitor, log, own).run(start);
    }
    return Replayer<G, R, V>(game, reader, visitor, log, scratch).run(start);
}

}  // namespace floe::rules
