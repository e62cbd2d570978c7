// The replay driver (rules/game/replay.hpp) over a toy engine (issue 26): what it tells a visitor,
// in which order, with no chess in the way. The toy Game's positions are the moves played from a
// start named "S" ("S a b": a, then b); a move written `x…` is illegal, one ending in `+` makes
// the event "check", and `ep` belongs to the move before it (as chess's `e.p.` written apart).
// The toy MovetextSource cuts a text at spaces into elements as the contract of
// rules/game/element.hpp describes them (no parser): `{…}`, `; …`, `<…>`, `(`, `)`, `$n`, `!`,
// `?`, move numbers, `*`, `@…` (a syntax error the reader met), and moves (`a!` is `a` with a
// glued suffix).

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/diagnostic.hpp"
#include "rules/game/element.hpp"
#include "rules/game/game.hpp"
#include "rules/game/replay.hpp"
#include "rules/game/replay_count.hpp"
#include "rules/game/visitor.hpp"
#include "support/thread_replay.hpp"

namespace floe::test {
namespace {

using Calls = std::vector<std::string>;  // what the recording visitor saw, one call a line
using rules::DiagCode;
using rules::Element;
using rules::ElementKind;
using rules::ReadMode;

// ---- The toy engine ----

struct Toy {
    using Position = std::string;
    using Move     = std::string;
    using Events   = std::string;  // "check", or "" for none
    struct State {
        Position position;
        Events events;
    };

    std::vector<std::string> finished;  // the positions game.finish was called at

    static State start(std::string name) { return {std::move(name), ""}; }
    static const Position& position(const State& s) { return s.position; }
    const Events& events(const State& s) const { return s.events; }
    void number(State&, const Element&, rules::DiagnosticLog&) {}
    rules::Played<Move> play(State& s, const Element& e, bool, rules::DiagnosticLog& log) {
        if (e.text.starts_with('x')) {
            log.add(rules::make_error(DiagCode::IllegalMove, e.span, "illegal"));
            return {};
        }
        s.position += " " + std::string(e.text);
        s.events = e.text.ends_with('+') ? "check" : "";
        return {std::string(e.text), true};
    }
    std::optional<DiagCode> event(State& s, const State*, const Element& e,
                                  rules::DiagnosticLog& log) {
        if (e.text == s.events) return std::nullopt;
        log.add(rules::make_error(DiagCode::WrongEvent, e.span, "wrong event"));
        return DiagCode::WrongEvent;
    }
    rules::Annotation annotation(State&, const State* before_last, const Element& e,
                                 rules::DiagnosticLog&) {
        if (e.text != "ep") return {};
        if (before_last) return {rules::Annotation::Absorbed};
        return {rules::Annotation::Error, DiagCode::EnPassantSuffix};
    }
    void close_events(State&, rules::DiagnosticLog&) {}
    State branch(const State& s) { return s; }
    void resume(State&) {}
    void finish(const State& s, rules::DiagnosticLog&) { finished.push_back(s.position); }
};
static_assert(rules::Game<Toy>);

// ---- The toy movetext ----

class ToySource {
public:
    explicit ToySource(std::string text) : text_(std::move(text)) {}

    Element read(ReadMode mode, std::uint32_t depth) {
        while (pos_ < size() && (text_[pos_] == ' ' || text_[pos_] == '\n')) ++pos_;
        Element e;
        e.span = {pos_, pos_};
        if (pos_ >= size()) return e;  // End
        switch (text_[pos_]) {
            case '{':
                return comment(e);
            case ';':
                return enclosed(e, ElementKind::LineComment, '\n');
            case '<':
                return enclosed(e, ElementKind::Event, '>');
            case '(':
                return open(e, mode);
            case ')':
                e.kind     = ElementKind::Close;
                e.text     = take(1);
                e.span.end = pos_;
                if (depth == 0) stop(e, DiagCode::UnbalancedVariation);
                return e;
            default:
                return token(e);
        }
    }
    std::uint32_t position() const { return pos_; }
    void seek(std::uint32_t at) { pos_ = at; }
    std::string_view text() const { return text_; }

private:
    std::uint32_t size() const { return static_cast<std::uint32_t>(text_.size()); }
    std::string_view take(std::uint32_t n) {
        const std::string_view t = std::string_view(text_).substr(pos_, n);
        pos_ += n;
        return t;
    }
    static void stop(Element& e, DiagCode code) {
        e.kind = ElementKind::Stop;
        e.code = code;
    }
    // From the opening byte to `close` (included; a line comment's newline is not).
    Element& enclosed(Element& e, ElementKind kind, char close) {
        const std::uint32_t end = static_cast<std::uint32_t>(text_.find(close, pos_ + 1));
        e.kind                  = kind;
        e.text                  = std::string_view(text_).substr(pos_ + 1, end - pos_ - 1);
        pos_                    = kind == ElementKind::LineComment ? end : end + 1;
        e.span.end              = pos_;
        return e;
    }
    // `{[%floe CODE]}`: a conversion's marker, which stops its line (here always illegal-move).
    Element& comment(Element& e) {
        enclosed(e, ElementKind::Comment, '}');
        if (e.text.starts_with("[%floe ")) {
            e.flags = rules::Marker | rules::MarkerStops;
            e.code  = DiagCode::IllegalMove;
        }
        return e;
    }
    // Read for meaning or quietly, an `(` skips its variation (value: after its `)`); never
    // closed, it is a syntax stop. Read as rest, it is only the `(`.
    Element& open(Element& e, ReadMode mode) {
        e.kind     = ElementKind::Open;
        e.text     = take(1);
        e.span.end = pos_;
        if (mode == ReadMode::Rest) return e;
        int depth = 1;
        for (std::uint32_t at = pos_; at < size(); ++at) {
            if (text_[at] == '{') at = static_cast<std::uint32_t>(text_.find('}', at));
            if (text_[at] == '(') ++depth;
            if (text_[at] == ')' && --depth == 0) {
                e.value = pos_ = at + 1;
                return e;
            }
        }
        stop(e, DiagCode::UnbalancedVariation);
        return e;
    }
    Element& token(Element& e) {
        std::uint32_t end = pos_;
        while (end < size() && std::string_view(" \n(){<;").find(text_[end]) == std::string::npos)
            ++end;
        const std::string_view t = take(end - pos_);
        e.text                   = t;
        e.span.end               = pos_;
        if (t.starts_with('$')) {
            e.kind  = ElementKind::Nag;
            e.value = static_cast<std::uint32_t>(std::stoul(std::string(t.substr(1))));
        } else if (t == "!" || t == "?") {
            e.kind  = ElementKind::Nag;
            e.value = t == "!" ? 1 : 2;
        } else if (t[0] >= '0' && t[0] <= '9' && t.back() == '.') {
            e.kind  = ElementKind::MoveNumber;
            e.value = static_cast<std::uint32_t>(std::stoul(std::string(t)));
            if (t.ends_with("...")) e.flags = rules::BlackDots;
        } else if (t == "*" || t == "1-0" || t == "0-1") {
            e.kind = ElementKind::Termination;
        } else if (t.starts_with('@')) {
            stop(e, DiagCode::SyntaxError);
        } else {
            move(e, t);
        }
        return e;
    }
    // A move; `a!` is the move `a` with a glued suffix, read again as a NAG from span.end.
    static void move(Element& e, std::string_view t) {
        e.kind                   = ElementKind::Move;
        const std::size_t suffix = t.find_first_of("!?", 1);
        if (suffix == std::string_view::npos) return;
        e.flags    = rules::GluedSuffix;
        e.value    = t[suffix] == '!' ? 1 : 2;
        e.text     = t.substr(0, suffix);
        e.span.end = e.span.begin + static_cast<std::uint32_t>(suffix);
    }

    std::string text_;
    std::uint32_t pos_ = 0;
};
static_assert(rules::MovetextSource<ToySource>);

// ---- The recording visitor ----

template <bool Annotations = true>
struct Recorder {
    static constexpr bool annotations = Annotations;
    Calls calls;

    static std::string events_of(const std::string& e) { return e.empty() ? "" : " [" + e + "]"; }
    void start(const std::string& p, const std::string& e) {
        calls.push_back("start " + p + events_of(e));
    }
    void move(const std::string& before, const std::string& m, const std::string& after,
              const std::string& e) {
        calls.push_back("move " + m + " (" + before + " -> " + after + ")" + events_of(e));
    }
    void nag(std::uint32_t n) { calls.push_back("nag " + std::to_string(n)); }
    void events(const std::string& e) { calls.push_back("events(" + e + ")"); }
    void comment(std::string_view text, bool line) {
        calls.push_back(std::string(line ? "comment ;" : "comment {") + std::string(text) +
                        (line ? "" : "}"));
    }
    void variation_begin(const std::string& p) { calls.push_back("( from " + p); }
    void variation_end() { calls.push_back(")"); }
    void unplayed(std::string_view text, std::optional<DiagCode> code) {
        calls.push_back("unplayed '" + std::string(text) + "' " +
                        std::string(code ? rules::code_name(*code) : "marker"));
    }
    void end() { calls.push_back("end"); }
};
static_assert(rules::GameVisitor<Recorder<>, Toy>);

struct Walk {
    Calls calls;
    rules::Replayed<Toy> result;
    rules::DiagnosticLog log;
    std::vector<std::string> finished;
};

template <bool Annotations = true>
Walk run(std::string text) {
    ToySource source(std::move(text));
    Toy toy;
    Recorder<Annotations> seen;
    Walk r;
    r.result   = rules::replay(toy, source, Toy::start("S"), seen, r.log);
    r.calls    = std::move(seen.calls);
    r.finished = std::move(toy.finished);
    return r;
}

std::vector<DiagCode> codes(const rules::DiagnosticLog& log) {
    std::vector<DiagCode> out;
    for (const rules::Diagnostic& d : log.list()) out.push_back(d.code);
    return out;
}

// ---- The canonical order ----

TEST(ReplayDriver, PlaysTheMainLine) {
    const Walk r = run("1. a b 2. c *");
    EXPECT_EQ(r.calls, (Calls{"start S", "move a (S -> S a)", "events()", "move b (S a -> S a b)",
                              "events()", "move c (S a b -> S a b c)", "events()", "end"}));
    EXPECT_EQ(r.result.plies, 3u);
    EXPECT_EQ(r.result.last, "S a b c");
    EXPECT_FALSE(r.result.main_line_failed);
    EXPECT_EQ(r.finished, (std::vector<std::string>{"S a b c"}));
    EXPECT_TRUE(r.log.list().empty());
}

TEST(ReplayDriver, AnnouncesNagsThenEventsThenCommentsThenVariations) {
    // Written in another order: comments and NAGs mixed, the record's event among them.
    const Walk r = run("1. a+ {c1} $2 <check> $1 (1. b) {c2} ; line\n b *");
    EXPECT_EQ(r.calls, (Calls{"start S", "move a+ (S -> S a+) [check]", "nag 2", "nag 1",
                              "events(check)", "comment {c1}", "comment {c2}", "comment ; line",
                              "( from S", "move b (S -> S b)", "events()", ")",
                              "move b (S a+ -> S a+ b)", "events()", "end"}));
    EXPECT_TRUE(r.log.list().empty());
}

TEST(ReplayDriver, KeepsTheWrittenOrderBeforeTheFirstMove) {
    // Nothing is annotated yet: NAGs and comments come as written, and no events are announced
    // (the start's were given with start).
    EXPECT_EQ(run("{c0} $3 {c00} 1. a *").calls,
              (Calls{"start S", "comment {c0}", "nag 3", "comment {c00}", "move a (S -> S a)",
                     "events()", "end"}));
    EXPECT_EQ(run("$3 1. a *").calls,
              (Calls{"start S", "nag 3", "move a (S -> S a)", "events()", "end"}));
}

TEST(ReplayDriver, ReadsAGluedSuffixAsTheMovesNag) {
    EXPECT_EQ(run("1. a! {c} b *").calls,
              (Calls{"start S", "move a (S -> S a)", "nag 1", "events()", "comment {c}",
                     "move b (S a -> S a b)", "events()", "end"}));
}

TEST(ReplayDriver, LeavesOutAnnotationsAVisitorDoesNotWant) {
    EXPECT_EQ(run<false>("1. a! $2 {c} (1. b {d}) b *").calls,
              (Calls{"start S", "move a (S -> S a)", "events()", "( from S", "move b (S -> S b)",
                     "events()", ")", "move b (S a -> S a b)", "events()", "end"}));
}

TEST(ReplayDriver, AbsorbsAMoveElementThatBelongsToTheMoveBefore) {
    const Walk r = run("1. a ep b *");
    EXPECT_EQ(r.calls, (Calls{"start S", "move a (S -> S a)", "events()", "move b (S a -> S a b)",
                              "events()", "end"}));
    EXPECT_EQ(r.result.plies, 2u);
}

// ---- Variations ----

TEST(ReplayDriver, WalksAVariationFromThePositionBeforeTheMove) {
    const Walk r = run("1. a b (1... c 2. d) (1... e) 2. f *");
    EXPECT_EQ(r.calls, (Calls{"start S", "move a (S -> S a)", "events()", "move b (S a -> S a b)",
                              "events()", "( from S a", "move c (S a -> S a c)", "events()",
                              "move d (S a c -> S a c d)", "events()", ")", "( from S a",
                              "move e (S a -> S a e)", "events()", ")", "move f (S a b -> S a b f)",
                              "events()", "end"}));
    EXPECT_EQ(r.result.plies, 3u);  // the main line's only
    EXPECT_EQ(r.result.last, "S a b f");
}

TEST(ReplayDriver, WalksNestedVariations) {
    const Walk r = run("1. a (1. b (1. c {in}) 2. d) 2. e *");
    EXPECT_EQ(r.calls, (Calls{"start S", "move a (S -> S a)", "events()", "( from S",
                              "move b (S -> S b)", "events()", "( from S", "move c (S -> S c)",
                              "events()", "comment {in}", ")", "move d (S b -> S b d)", "events()",
                              ")", "move e (S a -> S a e)", "events()", "end"}));
    EXPECT_EQ(r.result.plies, 2u);
}

TEST(ReplayDriver, WalksAVariationBeforeTheFirstMoveFromTheStart) {
    EXPECT_EQ(run("(1. b) 1. a *").calls,
              (Calls{"start S", "( from S", "move b (S -> S b)", "events()", ")",
                     "move a (S -> S a)", "events()", "end"}));
}

// ---- Lines that stop ----

TEST(ReplayDriver, StopsAtAnIllegalMoveAndHandsOverTheRest) {
    const Walk r = run("1. a b 2. xc {c} (2. d) 3. e *");
    EXPECT_EQ(r.calls, (Calls{"start S", "move a (S -> S a)", "events()", "move b (S a -> S a b)",
                              "events()", "unplayed 'xc {c} (2. d) 3. e' illegal-move", "end"}));
    EXPECT_EQ(r.result.plies, 2u);
    EXPECT_EQ(r.result.last, "S a b");
    EXPECT_TRUE(r.result.main_line_failed);
    EXPECT_TRUE(r.finished.empty());  // no result to check after an error
    EXPECT_EQ(codes(r.log), (std::vector<DiagCode>{DiagCode::IllegalMove}));
}

TEST(ReplayDriver, StopsAVariationAndGoesOnWithItsParent) {
    const Walk r = run("1. a (1. b xc d) 2. e *");
    EXPECT_EQ(r.calls, (Calls{"start S", "move a (S -> S a)", "events()", "( from S",
                              "move b (S -> S b)", "events()", "unplayed 'xc d' illegal-move", ")",
                              "move e (S a -> S a e)", "events()", "end"}));
    EXPECT_EQ(r.result.plies, 2u);
    EXPECT_FALSE(r.result.main_line_failed);
    EXPECT_EQ(r.finished, (std::vector<std::string>{"S a e"}));
}

TEST(ReplayDriver, StopsAtASyntaxErrorAfterTheGroupIsAnnounced) {
    const Walk r = run("1. a $1 {c} @x b *");
    EXPECT_EQ(r.calls, (Calls{"start S", "move a (S -> S a)", "nag 1", "events()", "comment {c}",
                              "unplayed '@x b' syntax-error", "end"}));
    EXPECT_TRUE(r.result.main_line_failed);
    EXPECT_EQ(r.result.plies, 1u);
}

TEST(ReplayDriver, StopsAtAWrongEvent) {
    const Walk r = run("1. a <check> b *");
    EXPECT_EQ(r.calls, (Calls{"start S", "move a (S -> S a)", "events()",
                              "unplayed '<check> b' wrong-event", "end"}));
    EXPECT_EQ(codes(r.log), (std::vector<DiagCode>{DiagCode::WrongEvent}));
}

TEST(ReplayDriver, StopsAtAMoveElementThatIsAnError) {
    const Walk r = run("ep 1. a *");
    EXPECT_EQ(r.calls, (Calls{"start S", "unplayed 'ep 1. a' en-passant-suffix", "end"}));
    EXPECT_EQ(r.result.plies, 0u);
    EXPECT_TRUE(r.result.main_line_failed);
}

TEST(ReplayDriver, HandsOverAConversionsMarkerAndItsCommentsAsComments) {
    const Walk r = run("1. a {[%floe illegal-move]} {kept} xb c *");
    EXPECT_EQ(r.calls,
              (Calls{"start S", "move a (S -> S a)", "events()", "comment {[%floe illegal-move]}",
                     "comment {kept}", "unplayed 'xb c' marker", "end"}));
    EXPECT_TRUE(r.result.main_line_failed);
}

TEST(ReplayDriver, ReportsAVariationNeverClosedInTheRest) {
    // The rest of a stopped line is read for its syntax: its own `(` never closed is reported.
    const Walk r = run("1. xa (1. b");
    EXPECT_EQ(r.calls, (Calls{"start S", "unplayed 'xa (1. b' illegal-move", "end"}));
    EXPECT_EQ(codes(r.log),
              (std::vector<DiagCode>{DiagCode::IllegalMove, DiagCode::UnbalancedVariation}));
}

// ---- The scratch memory, and a replay started from a visitor ----

// A recorder that, at its first move, replays another game through `replay_inner`: in the middle
// of its own replay, with a variation open.
template <class ReplayInner>
struct Reentering : Recorder<> {
    ReplayInner replay_inner;
    bool done = false;
    explicit Reentering(ReplayInner r) : replay_inner(std::move(r)) {}
    void move(const std::string& before, const std::string& m, const std::string& after,
              const std::string& e) {
        Recorder<>::move(before, m, after, e);
        if (done || m != "b") return;
        done = true;
        replay_inner();
    }
};

const char* const Outer = "1. a (1. b (1. c) 2. d) (1. e) 2. f *";
const char* const Inner = "1. g (1. h (1. i)) 2. j *";
const Calls OuterCalls  = {"start S",
                           "move a (S -> S a)",
                           "events()",
                           "( from S",
                           "move b (S -> S b)",
                           "events()",
                           "( from S",
                           "move c (S -> S c)",
                           "events()",
                           ")",
                           "move d (S b -> S b d)",
                           "events()",
                           ")",
                           "( from S",
                           "move e (S -> S e)",
                           "events()",
                           ")",
                           "move f (S a -> S a f)",
                           "events()",
                           "end"};
const Calls InnerCalls  = {"start T",
                           "move g (T -> T g)",
                           "events()",
                           "( from T",
                           "move h (T -> T h)",
                           "events()",
                           "( from T",
                           "move i (T -> T i)",
                           "events()",
                           ")",
                           ")",
                           "move j (T g -> T g j)",
                           "events()",
                           "end"};

// Replays Outer, and Inner from its visitor, each with the scratch `scratch_for` gives it (nullptr:
// the thread's, through the overload without one); returns both walks.
template <class ScratchFor>
std::pair<Calls, Calls> replay_within(ScratchFor scratch_for) {
    Calls inner_calls;
    auto inner = [&] {
        ToySource source(Inner);
        Toy toy;
        Recorder<> seen;
        rules::DiagnosticLog log;
        if (rules::ReplayScratch<Toy>* s = scratch_for(1))
            rules::replay(toy, source, Toy::start("T"), seen, log, *s);
        else
            rules::replay(toy, source, Toy::start("T"), seen, log);
        inner_calls = seen.calls;
    };
    ToySource source(Outer);
    Toy toy;
    Reentering<decltype(inner)> seen(inner);
    rules::DiagnosticLog log;
    if (rules::ReplayScratch<Toy>* s = scratch_for(0))
        rules::replay(toy, source, Toy::start("S"), seen, log, *s);
    else
        rules::replay(toy, source, Toy::start("S"), seen, log);
    EXPECT_TRUE(seen.done);
    return {seen.calls, inner_calls};
}

TEST(ReplayDriver, AReplayFromAVisitorUsesAStackOfItsOwn_ThreadScratch) {
    const auto [outer, inner] =
        replay_within([](int) -> rules::ReplayScratch<Toy>* { return nullptr; });
    EXPECT_EQ(outer, OuterCalls);
    EXPECT_EQ(inner, InnerCalls);
}

TEST(ReplayDriver, AReplayFromAVisitorUsesAStackOfItsOwn_SameScratch) {
    // The caller passes the scratch that the running replay holds: the inner replay takes one
    // of its own, and the outer one's frames are left as they were.
    rules::ReplayScratch<Toy> scratch;
    const auto [outer, inner] = replay_within([&](int) { return &scratch; });
    EXPECT_EQ(outer, OuterCalls);
    EXPECT_EQ(inner, InnerCalls);
    EXPECT_FALSE(scratch.in_use);
}

TEST(ReplayDriver, AReplayFromAVisitorUsesAStackOfItsOwn_OwnScratch) {
    rules::ReplayScratch<Toy> scratches[2];
    const auto [outer, inner] = replay_within([&](int i) { return &scratches[i]; });
    EXPECT_EQ(outer, OuterCalls);
    EXPECT_EQ(inner, InnerCalls);
}

TEST(ReplayDriver, ReusesThePassedScratch) {
    rules::ReplayScratch<Toy> scratch;
    for (int i = 0; i < 2; ++i) {
        ToySource source(Outer);
        Toy toy;
        Recorder<> seen;
        rules::DiagnosticLog log;
        rules::replay(toy, source, Toy::start("S"), seen, log, scratch);
        EXPECT_EQ(seen.calls, OuterCalls);
        EXPECT_FALSE(scratch.in_use);
        EXPECT_GE(scratch.frames.capacity(), 16u);  // kept for the next game
    }
}

// A visitor that throws (a writer whose output failed): the scratch is free again afterwards.
struct Throwing : Recorder<> {
    void move(const std::string&, const std::string&, const std::string&, const std::string&) {
        throw std::runtime_error("write failed");
    }
};

TEST(ReplayDriver, FreesTheScratchWhenTheVisitorThrows) {
    rules::ReplayScratch<Toy> scratch;
    ToySource source("1. a *");
    Toy toy;
    Throwing seen;
    rules::DiagnosticLog log;
    EXPECT_THROW(rules::replay(toy, source, Toy::start("S"), seen, log, scratch),
                 std::runtime_error);
    EXPECT_FALSE(scratch.in_use);
}

// ---- The replay counter (FLOE_COUNT_REPLAYS) ----

TEST(ReplayDriver, CountsEachReplayOnce) {
    const std::uint64_t before = rules::replays_run();
    run("1. a (1. b (1. c)) 2. d *");
    EXPECT_EQ(rules::replays_run() - before, 1u);
    run("1. xa *");  // a replay that fails counts too
    EXPECT_EQ(rules::replays_run() - before, 2u);
    replay_within([](int) -> rules::ReplayScratch<Toy>* { return nullptr; });
    EXPECT_EQ(rules::replays_run() - before, 4u);
}

}  // namespace
}  // namespace floe::test
