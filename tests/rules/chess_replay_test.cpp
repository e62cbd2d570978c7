// The chess replayer (issue 14, item 6): the one replay driver, rules/game/replay.hpp, driving
// the chess Game model, rules/chess/game.hpp, directly: no parser, no formats, no CLI. A visitor
// records what the driver tells it (plies, positions, events, annotations, variations, the
// unplayed rest of a line), and the diagnostics are read from the log.
//
// The movetext comes from a scripted MovetextSource: the tests of the rules layer link rules/
// only, so the parser's reader is not at hand, and the driver is fed elements as the contract of
// rules/game/element.hpp describes them. The elements are laid out one space apart in a text, so
// spans are byte offsets as in a record.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "rules/chess/game.hpp"
#include "rules/chess/position.hpp"
#include "rules/chess/variant.hpp"
#include "rules/diagnostic.hpp"
#include "rules/game/element.hpp"
#include "rules/game/replay.hpp"
#include "support/allocation_count.hpp"
#include "support/thread_replay.hpp"
#include "tests/rules/chess_helpers.hpp"

// How gtest prints the values compared below: positions as FEN, moves in UCI, codes by name.
namespace floe::rules::chess {
inline void PrintTo(const Position& p, std::ostream* os) { *os << ::floe::test::fen_of(p); }
inline void PrintTo(const Move& m, std::ostream* os) { *os << ::floe::test::uci(m); }
}  // namespace floe::rules::chess
namespace floe::rules {
inline void PrintTo(DiagCode code, std::ostream* os) { *os << code_name(code); }
inline void PrintTo(Severity s, std::ostream* os) {
    *os << (s == Severity::Error ? "error" : "warning");
}
}  // namespace floe::rules

namespace floe::test {
namespace {

using rules::DiagCode;
using rules::Element;
using rules::ElementKind;
using rules::ReadMode;
using rules::Severity;
using rules::Span;
using Game = chess::Game;

// ---- The scripted movetext ----

/// A MovetextSource (rules/game/replay.hpp) over a script of elements, each stated by the test.
/// Read for meaning or quietly, an `(` skips its variation (value: the offset after its `)`);
/// read as rest it does not. A `)` at depth 0 and an `(` never closed are Stops. It reports
/// nothing: syntax problems are the reader's, not the driver's.
class Script {
public:
    Script& number(std::uint32_t n, bool black) {
        return add(ElementKind::MoveNumber, std::to_string(n) + (black ? "..." : "."), 0, 0, n,
                   black ? rules::BlackDots : 0);
    }
    Script& move(std::string_view token) { return add(ElementKind::Move, token, 0, 0); }
    Script& nag(std::uint32_t n) {
        return add(ElementKind::Nag, enclosed('$', std::to_string(n), ""), 0, 0, n);
    }
    Script& comment(std::string_view text) {
        return add(ElementKind::Comment, enclosed('{', text, "}"), 1, 1);
    }
    Script& event(std::string_view text) {
        return add(ElementKind::Event, enclosed('<', text, ">"), 1, 1);
    }
    Script& open() {
        opened_.push_back(items_.size());
        return add(ElementKind::Open, "(", 0, 0);
    }
    Script& close() {
        add(ElementKind::Close, ")", 0, 0);
        if (!opened_.empty()) {
            items_[opened_.back()].close_end = items_.back().span.end;
            opened_.pop_back();
        }
        return *this;
    }
    Script& termination(std::string_view marker) {
        return add(ElementKind::Termination, marker, 0, 0);
    }

    // MovetextSource
    Element read(ReadMode mode, std::uint32_t depth) {
        const auto it = std::lower_bound(
            items_.begin(), items_.end(), position_,
            [](const Item& item, std::uint32_t at) { return item.span.begin < at; });
        if (it == items_.end()) {
            position_ = size();
            Element end;
            end.kind = ElementKind::End;
            end.span = {size(), size()};
            return end;
        }
        if (mode == ReadMode::Meaning) ++it->meaning_reads;
        Element e;
        e.kind    = it->kind;
        e.flags   = it->flags;
        e.span    = it->span;
        e.text    = std::string_view(text_).substr(it->text_begin, it->text_end - it->text_begin);
        e.value   = it->value;
        position_ = e.span.end;
        if (e.kind == ElementKind::Open && mode != ReadMode::Rest) {
            if (it->close_end == None) return stop(e, DiagCode::UnbalancedVariation);
            e.value   = it->close_end;
            position_ = it->close_end;
        }
        if (e.kind == ElementKind::Close && depth == 0)
            return stop(e, DiagCode::UnbalancedVariation);
        return e;
    }
    std::uint32_t position() const { return position_; }
    void seek(std::uint32_t at) { position_ = at; }
    std::string_view text() const { return text_; }

    /// The termination marker's span, if the script has one.
    std::optional<Span> termination_span() const {
        for (const Item& item : items_)
            if (item.kind == ElementKind::Termination) return item.span;
        return std::nullopt;
    }
    /// How often each element was read for its meaning, in text order.
    std::vector<int> meaning_reads() const {
        std::vector<int> out;
        for (const Item& item : items_) out.push_back(item.meaning_reads);
        return out;
    }

private:
    static constexpr std::uint32_t None = 0xFFFFFFFF;
    struct Item {
        ElementKind kind;
        std::uint8_t flags;
        Span span;
        std::uint32_t text_begin, text_end;  // Element::text
        std::uint32_t value;
        std::uint32_t close_end = None;  // an `(`: the offset after its `)`
        int meaning_reads       = 0;
    };

    std::uint32_t size() const { return static_cast<std::uint32_t>(text_.size()); }

    // `open` `text` `close`, built by appending (g++ 12 warns falsely on "{" + s, -Wrestrict).
    static std::string enclosed(char open, std::string_view text, std::string_view close) {
        std::string s(1, open);
        s += text;
        s += close;
        return s;
    }

    // Appends `token`, one space after the previous one (none after `(` nor before `)`, as the
    // canonical writer lays them out). Element::text is the token without `strip_front` bytes at
    // its start and `strip_back` at its end.
    Script& add(ElementKind kind, std::string_view token, std::uint32_t strip_front,
                std::uint32_t strip_back, std::uint32_t value = 0, std::uint8_t flags = 0) {
        if (!text_.empty() && text_.back() != '(' && kind != ElementKind::Close) text_ += ' ';
        const std::uint32_t begin = size();
        text_ += token;
        items_.push_back(
            {kind, flags, Span{begin, size()}, begin + strip_front, size() - strip_back, value});
        return *this;
    }

    static Element stop(Element e, DiagCode code) {
        e.kind  = ElementKind::Stop;
        e.code  = code;
        e.value = 0;
        return e;
    }

    std::string text_;
    std::vector<Item> items_;
    std::vector<std::size_t> opened_;
    std::uint32_t position_ = 0;
};

/// The script of a movetext written as the canonical writer lays it out (tokens one space apart,
/// none inside parentheses). A trusted test helper, not a parser: it fails the test when its
/// layout does not give back `movetext` byte for byte, so that spans are offsets in `movetext`.
Script script(std::string_view movetext) {
    Script s;
    constexpr std::string_view Terminations[] = {"1-0", "0-1", "1/2-1/2", "*"};
    for (std::size_t at = 0; at < movetext.size();) {
        const char c = movetext[at];
        if (c == ' ') {
            ++at;
        } else if (c == '(') {
            s.open();
            ++at;
        } else if (c == ')') {
            s.close();
            ++at;
        } else if (c == '{' || c == '<') {
            const std::size_t end        = movetext.find(c == '{' ? '}' : '>', at);
            const std::string_view inner = movetext.substr(at + 1, end - at - 1);
            c == '{' ? s.comment(inner) : s.event(inner);
            at = end + 1;
        } else {
            const std::size_t end = std::min(movetext.find_first_of(" ()", at), movetext.size());
            const std::string_view token = movetext.substr(at, end - at);
            const std::size_t digits     = token.find_first_not_of("0123456789");
            if (token[0] == '$') {
                s.nag(static_cast<std::uint32_t>(std::stoul(std::string(token.substr(1)))));
            } else if (digits > 0 && digits != std::string_view::npos &&
                       token.find_first_not_of('.', digits) == std::string_view::npos) {
                s.number(
                    static_cast<std::uint32_t>(std::stoul(std::string(token.substr(0, digits)))),
                    token.size() - digits >= 2);
            } else if (end == movetext.size() &&
                       std::find(std::begin(Terminations), std::end(Terminations), token) !=
                           std::end(Terminations)) {
                s.termination(token);
            } else {
                s.move(token);
            }
            at = end;
        }
    }
    EXPECT_EQ(s.text(), movetext) << "lay the test's movetext out canonically";
    return s;
}

/// The span of the first occurrence of `token` in `text` (a test failure when there is none).
Span span_of(std::string_view text, std::string_view token) {
    const std::size_t at = text.find(token);
    EXPECT_NE(at, std::string_view::npos) << token;
    const auto begin = static_cast<std::uint32_t>(at);
    return {begin, begin + static_cast<std::uint32_t>(token.size())};
}

// ---- The recording visitor ----

/// The frozen pieces of an event as the notation lists them ("Ka1 pb5"), or nothing.
std::string ice_text(const chess::IceAgeEvent& e) {
    if (!e.happened) return "";
    std::string s = " ice";
    for (int i = 0; i < e.frozen_count; ++i) {
        const auto& [square, piece] = e.frozen_pieces[i];
        char letter                 = chess::piece_letter(piece.type);
        if (piece.color == chess::Color::Black) letter = static_cast<char>(letter - 'A' + 'a');
        s += ' ';
        s += letter;
        s += square_name(square);
    }
    return s;
}

/// A GameVisitor (rules/game/visitor.hpp) that keeps everything it is told: each call as a line
/// of `calls` in the order it came, and the positions and events themselves.
struct Recorder {
    static constexpr bool annotations = true;

    struct Ply {
        int depth;  // 0: the main line
        chess::Position before;
        chess::Move move;
        chess::Position after;
        chess::IceAgeEvent events;
    };

    std::vector<std::string> calls;
    chess::Position start_position;
    std::vector<Ply> plies;
    std::vector<chess::Position> variation_starts;
    int depth = 0;

    void start(const chess::Position& p, const chess::IceAgeEvent& e) {
        start_position = p;
        calls.push_back("start" + ice_text(e));
    }
    void move(const chess::Position& before, const chess::Move& m, const chess::Position& after,
              const chess::IceAgeEvent& e) {
        plies.push_back({depth, before, m, after, e});
        calls.push_back("move " + uci(m) + ice_text(e));
    }
    void nag(std::uint32_t value) { calls.push_back("nag " + std::to_string(value)); }
    void events(const chess::IceAgeEvent& e) { calls.push_back("events" + ice_text(e)); }
    void comment(std::string_view text, bool line) {
        calls.push_back((line ? "line comment " : "comment ") + std::string(text));
    }
    void variation_begin(const chess::Position& p) {
        variation_starts.push_back(p);
        ++depth;
        calls.push_back("(");
    }
    void variation_end() {
        --depth;
        calls.push_back(")");
    }
    void unplayed(std::string_view text, std::optional<DiagCode> code) {
        calls.push_back("unplayed [" + std::string(text) + "] " +
                        std::string(code ? rules::code_name(*code) : "marker"));
    }
    void end() { calls.push_back("end"); }
};
static_assert(rules::GameVisitor<Recorder, Game>);
static_assert(rules::MovetextSource<Script>);

// ---- Running a replay ----

struct ReplayRun {
    Recorder seen;
    rules::DiagnosticLog log;
    std::vector<chess::Position> positions;  // the positions the diagnostics name
    rules::Replayed<Game> result;
};

/// Replays `s` from `start` through rules::replay with a chess::Game. The termination marker of
/// the script is the record's (Game::Options::termination), as formats/ passes it.
ReplayRun run(Script& s, const chess::Position& start, Game::Options options = {}) {
    ReplayRun r;
    if (const auto span = s.termination_span()) {
        options.termination      = s.text().substr(span->begin, span->end - span->begin);
        options.termination_span = *span;
    }
    Game game(options, r.positions);
    r.result = rules::replay(game, s, Game::start(start), r.seen, r.log);
    return r;
}

const chess::Variant& standard() { return chess::standard_variant(); }
const chess::Variant& ice_age() { return chess::ice_age_variant(); }
chess::Position standard_start() { return chess::Position::start(standard()); }
chess::Position standard_fen(std::string_view fen) { return fen_position(standard(), fen); }
chess::Position ice_fen(std::string_view fen) { return fen_position(ice_age(), fen); }

using Calls = std::vector<std::string>;

// Positions of 1. e4 e5 2. Nf3 Nc6 in orthodox chess.
const char* const AfterE4  = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
const char* const AfterE5  = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
const char* const AfterNf3 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
const char* const AfterNc6 = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
// 1. e4 c5 and 2. Nf3.
const char* const AfterC5    = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
const char* const AfterC5Nf3 = "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";

// ---- Main line ----

// Each ply reaches the next position from the one before; the main line's plies are counted,
// its last position returned, and a clean game reports nothing.
TEST(ChessReplay, MainLinePliesAndThePositionAfterEach) {
    Script s          = script("1. e4 e5 2. Nf3 Nc6 *");
    const ReplayRun r = run(s, standard_start());

    EXPECT_EQ(r.seen.calls, (Calls{"start", "move e2e4", "events", "move e7e5", "events",
                                   "move g1f3", "events", "move b8c6", "events", "end"}));
    EXPECT_EQ(r.seen.start_position, standard_start());
    const std::vector<chess::Position> after = {standard_fen(AfterE4), standard_fen(AfterE5),
                                                standard_fen(AfterNf3), standard_fen(AfterNc6)};
    ASSERT_EQ(r.seen.plies.size(), 4u);
    for (std::size_t i = 0; i < 4; ++i) {
        SCOPED_TRACE("ply " + std::to_string(i + 1));
        EXPECT_EQ(r.seen.plies[i].depth, 0);
        EXPECT_EQ(r.seen.plies[i].before, i == 0 ? standard_start() : after[i - 1]);
        EXPECT_EQ(r.seen.plies[i].after, after[i]);
        EXPECT_FALSE(r.seen.plies[i].events.happened);
    }
    const chess::Move e4 = r.seen.plies[0].move;
    EXPECT_EQ(e4.kind, chess::MoveKind::DoublePush);
    EXPECT_EQ(e4.piece, chess::PieceType::Pawn);
    EXPECT_EQ(uci(r.seen.plies[2].move), "g1f3");
    EXPECT_EQ(r.seen.plies[2].move.piece, chess::PieceType::Knight);

    EXPECT_EQ(r.result.plies, 4u);
    EXPECT_FALSE(r.result.main_line_failed);
    EXPECT_EQ(r.result.last, after[3]);
    EXPECT_TRUE(r.log.list().empty());
    EXPECT_TRUE(r.positions.empty());
}

// ---- Variations ----

// A variation replaces the move before it: it starts from the position before that move, and the
// main line goes on from the position after it, untouched by the variation. Its plies are not
// main-line plies.
TEST(ChessReplay, VariationStartsBeforeTheMoveItReplacesAndTheMainLineGoesOn) {
    Script s          = script("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Nc6 *");
    const ReplayRun r = run(s, standard_start());

    EXPECT_EQ(r.seen.calls, (Calls{"start", "move e2e4", "events", "move e7e5", "events", "(",
                                   "move c7c5", "events", "move g1f3", "events", ")", "move g1f3",
                                   "events", "move b8c6", "events", "end"}));
    ASSERT_EQ(r.seen.variation_starts.size(), 1u);
    EXPECT_EQ(r.seen.variation_starts[0], standard_fen(AfterE4));
    ASSERT_EQ(r.seen.plies.size(), 6u);
    EXPECT_EQ(r.seen.plies[2].depth, 1);
    EXPECT_EQ(r.seen.plies[2].before, standard_fen(AfterE4));
    EXPECT_EQ(r.seen.plies[2].after, standard_fen(AfterC5));
    EXPECT_EQ(r.seen.plies[3].depth, 1);
    EXPECT_EQ(r.seen.plies[3].after, standard_fen(AfterC5Nf3));
    // The main line: 2. Nf3 from the position after 1... e5.
    EXPECT_EQ(r.seen.plies[4].depth, 0);
    EXPECT_EQ(r.seen.plies[4].before, standard_fen(AfterE5));
    EXPECT_EQ(r.seen.plies[4].after, standard_fen(AfterNf3));
    EXPECT_EQ(r.seen.plies[5].after, standard_fen(AfterNc6));

    EXPECT_EQ(r.result.plies, 4u);
    EXPECT_FALSE(r.result.main_line_failed);
    EXPECT_EQ(r.result.last, standard_fen(AfterNc6));
    EXPECT_TRUE(r.log.list().empty());
}

// A variation inside a variation starts before the move it replaces in its own line, and that
// line goes on after it. Every element is read for its meaning exactly once (rules/game/replay.hpp,
// "Reading").
TEST(ChessReplay, NestedVariation) {
    Script s          = script("1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) 2... d6) 2. Nf3 *");
    const ReplayRun r = run(s, standard_start());

    EXPECT_EQ(r.seen.calls,
              (Calls{"start",     "move e2e4", "events",    "move e7e5", "events",    "(",
                     "move c7c5", "events",    "move g1f3", "events",    "(",         "move b1c3",
                     "events",    "move b8c6", "events",    ")",         "move d7d6", "events",
                     ")",         "move g1f3", "events",    "end"}));
    ASSERT_EQ(r.seen.variation_starts.size(), 2u);
    EXPECT_EQ(r.seen.variation_starts[0], standard_fen(AfterE4));
    EXPECT_EQ(r.seen.variation_starts[1], standard_fen(AfterC5));

    ASSERT_EQ(r.seen.plies.size(), 8u);
    std::vector<int> depths;
    for (const auto& p : r.seen.plies) depths.push_back(p.depth);
    EXPECT_EQ(depths, (std::vector<int>{0, 0, 1, 1, 2, 2, 1, 0}));
    // 2. Nc3 replaces 2. Nf3 of the c5 line: from the position after 1... c5.
    EXPECT_EQ(r.seen.plies[4].before, standard_fen(AfterC5));
    EXPECT_EQ(r.seen.plies[4].after,
              standard_fen("rnbqkbnr/pp1ppppp/8/2p5/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 1 2"));
    EXPECT_EQ(r.seen.plies[5].after,
              standard_fen("r1bqkbnr/pp1ppppp/2n5/2p5/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3"));
    // 2... d6 goes on in the c5 line, after 2. Nf3 and not after the inner variation.
    EXPECT_EQ(r.seen.plies[6].before, standard_fen(AfterC5Nf3));
    EXPECT_EQ(r.seen.plies[6].after,
              standard_fen("rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3"));
    // The main line after both: 2. Nf3 from the position after 1... e5.
    EXPECT_EQ(r.seen.plies[7].before, standard_fen(AfterE5));
    EXPECT_EQ(r.seen.plies[7].after, standard_fen(AfterNf3));
    EXPECT_EQ(r.result.last, standard_fen(AfterNf3));
    EXPECT_EQ(r.result.plies, 3u);
    EXPECT_TRUE(r.log.list().empty());

    // 19 elements: 1. e4 e5 ( 1... c5 2. Nf3 ( 2. Nc3 Nc6 ) 2... d6 ) 2. Nf3 *
    EXPECT_EQ(s.meaning_reads(), std::vector<int>(19, 1));
}

// A variation before the first move is read from the position it stands in, the start
// (docs/rules/notation.md §1.7).
TEST(ChessReplay, VariationBeforeTheFirstMoveStartsFromTheStart) {
    Script s          = script("(1. d4 d5) 1. e4 *");
    const ReplayRun r = run(s, standard_start());

    EXPECT_EQ(r.seen.calls, (Calls{"start", "(", "move d2d4", "events", "move d7d5", "events", ")",
                                   "move e2e4", "events", "end"}));
    ASSERT_EQ(r.seen.variation_starts.size(), 1u);
    EXPECT_EQ(r.seen.variation_starts[0], standard_start());
    ASSERT_EQ(r.seen.plies.size(), 3u);
    EXPECT_EQ(r.seen.plies[2].before, standard_start());
    EXPECT_EQ(r.result.plies, 1u);
    EXPECT_EQ(r.result.last, standard_fen(AfterE4));
    EXPECT_TRUE(r.log.list().empty());
}

// After a move, the visitor hears its NAGs, then its events, then its comments, then its
// variations, whatever their order in the text (docs/rules/notation.md §4.1, §7.2).
TEST(ChessReplay, AnnotationsComeInCanonicalOrder) {
    Script s          = script("{intro} 1. e4 {first} (1. d4 $2) $1 {second} e5 *");
    const ReplayRun r = run(s, standard_start());

    EXPECT_EQ(r.seen.calls, (Calls{"start", "comment intro", "move e2e4", "nag 1", "events",
                                   "comment first", "comment second", "(", "move d2d4", "nag 2",
                                   "events", ")", "move e7e5", "events", "end"}));
    EXPECT_EQ(r.result.plies, 2u);
    EXPECT_TRUE(r.log.list().empty());
}

// ---- Errors ----

// An illegal move ends the main line (docs/rules/notation.md §7.5): the plies before it count,
// its diagnostic names the move, its ply and the position before it, and the rest of the line,
// its variations too, is handed over as text and never played.
TEST(ChessReplay, IllegalMoveEndsTheMainLine) {
    Script s          = script("1. e4 e5 2. Ke3 (2. Nf3) 2... Nc6 3. Nf3 *");
    const ReplayRun r = run(s, standard_start());

    EXPECT_EQ(r.seen.calls, (Calls{"start", "move e2e4", "events", "move e7e5", "events",
                                   "unplayed [Ke3 (2. Nf3) 2... Nc6 3. Nf3] illegal-move", "end"}));
    EXPECT_TRUE(r.seen.variation_starts.empty());

    ASSERT_EQ(r.log.list().size(), 1u);
    const rules::Diagnostic& d = r.log.list()[0];
    EXPECT_EQ(d.code, DiagCode::IllegalMove);
    EXPECT_EQ(d.severity, Severity::Error);
    EXPECT_EQ(d.span.begin, span_of(s.text(), "Ke3").begin);
    EXPECT_EQ(d.span.end, span_of(s.text(), "Ke3").end);
    EXPECT_EQ(d.ply, 3u);
    EXPECT_EQ(d.move, "2. Ke3");
    EXPECT_EQ(d.message, "2. Ke3: no king can reach e3");
    EXPECT_EQ(d.hint, rules::Hint::None);
    ASSERT_EQ(d.position, 0);
    ASSERT_EQ(r.positions.size(), 1u);
    EXPECT_EQ(r.positions[0], standard_fen(AfterE5));

    EXPECT_EQ(r.result.plies, 2u);
    EXPECT_TRUE(r.result.main_line_failed);
    EXPECT_EQ(r.result.last, standard_fen(AfterE5));
}

// An illegal move in a variation ends that variation only: its rest (a variation inside it too)
// is text, the next variation is walked, and the main line goes on to its end. The ply counts
// from the game's start.
TEST(ChessReplay, IllegalMoveInAVariationStopsOnlyThatVariation) {
    Script s          = script("1. e4 e5 (1... c5 2. Ke3 Nc6 (2... d6)) (1... e6) 2. Nf3 *");
    const ReplayRun r = run(s, standard_start());

    EXPECT_EQ(r.seen.calls,
              (Calls{"start", "move e2e4", "events", "move e7e5", "events", "(", "move c7c5",
                     "events", "unplayed [Ke3 Nc6 (2... d6)] illegal-move", ")", "(", "move e7e6",
                     "events", ")", "move g1f3", "events", "end"}));
    ASSERT_EQ(r.seen.variation_starts.size(), 2u);
    EXPECT_EQ(r.seen.variation_starts[0], standard_fen(AfterE4));
    EXPECT_EQ(r.seen.variation_starts[1], standard_fen(AfterE4));

    ASSERT_EQ(r.log.list().size(), 1u);
    const rules::Diagnostic& d = r.log.list()[0];
    EXPECT_EQ(d.code, DiagCode::IllegalMove);
    EXPECT_EQ(d.span.begin, span_of(s.text(), "Ke3").begin);
    EXPECT_EQ(d.span.end, span_of(s.text(), "Ke3").end);
    EXPECT_EQ(d.ply, 3u);
    EXPECT_EQ(d.move, "2. Ke3");
    EXPECT_EQ(d.message, "2. Ke3: no king can reach e3");
    ASSERT_EQ(d.position, 0);
    ASSERT_EQ(r.positions.size(), 1u);
    EXPECT_EQ(r.positions[0], standard_fen(AfterC5));

    EXPECT_EQ(r.result.plies, 3u);
    EXPECT_FALSE(r.result.main_line_failed);
    EXPECT_EQ(r.result.last, standard_fen(AfterNf3));
}

// ---- Null moves (docs/rules/notation.md §1.8) ----

// In the main line a null move is an error that ends the line, with the hint that names
// allowing them.
TEST(ChessReplay, NullMoveInTheMainLineIsAnErrorByDefault) {
    Script s          = script("1. e4 -- 2. d4 *");
    const ReplayRun r = run(s, standard_start());

    EXPECT_EQ(r.seen.calls,
              (Calls{"start", "move e2e4", "events", "unplayed [-- 2. d4] null-move", "end"}));
    ASSERT_EQ(r.log.list().size(), 1u);
    const rules::Diagnostic& d = r.log.list()[0];
    EXPECT_EQ(d.code, DiagCode::NullMove);
    EXPECT_EQ(d.severity, Severity::Error);
    EXPECT_EQ(d.span.begin, span_of(s.text(), "--").begin);
    EXPECT_EQ(d.span.end, span_of(s.text(), "--").end);
    EXPECT_EQ(d.ply, 2u);
    EXPECT_EQ(d.move, "1... --");
    EXPECT_EQ(d.message, "1... --: null move in the main line");
    EXPECT_EQ(d.hint, rules::Hint::AllowNullMoves);
    ASSERT_EQ(d.position, 0);
    ASSERT_EQ(r.positions.size(), 1u);
    EXPECT_EQ(r.positions[0], standard_fen(AfterE4));
    EXPECT_EQ(r.result.plies, 1u);
    EXPECT_TRUE(r.result.main_line_failed);
    EXPECT_EQ(r.result.last, standard_fen(AfterE4));
}

// With allow_null_moves the null move is played: the turn passes, nothing moves.
TEST(ChessReplay, NullMoveInTheMainLineIsPlayedWhenAllowed) {
    Script s = script("1. e4 -- 2. d4 *");
    Game::Options options;
    options.allow_null_moves = true;
    const ReplayRun r        = run(s, standard_start(), options);

    EXPECT_EQ(r.seen.calls, (Calls{"start", "move e2e4", "events", "move 0000", "events",
                                   "move d2d4", "events", "end"}));
    ASSERT_EQ(r.seen.plies.size(), 3u);
    EXPECT_EQ(r.seen.plies[1].move.kind, chess::MoveKind::Null);
    EXPECT_EQ(r.seen.plies[1].before, standard_fen(AfterE4));
    EXPECT_EQ(r.seen.plies[1].after,
              standard_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"));
    EXPECT_EQ(r.seen.plies[2].after,
              standard_fen("rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2"));
    EXPECT_TRUE(r.log.list().empty());
    EXPECT_EQ(r.result.plies, 3u);
    EXPECT_FALSE(r.result.main_line_failed);
}

// In a variation a null move is allowed without the option.
TEST(ChessReplay, NullMoveInAVariationIsAllowedWithoutTheOption) {
    Script s          = script("1. e4 e5 (1... -- 2. d4) 2. Nf3 *");
    const ReplayRun r = run(s, standard_start());

    EXPECT_EQ(r.seen.calls,
              (Calls{"start", "move e2e4", "events", "move e7e5", "events", "(", "move 0000",
                     "events", "move d2d4", "events", ")", "move g1f3", "events", "end"}));
    ASSERT_EQ(r.seen.plies.size(), 5u);
    EXPECT_EQ(r.seen.plies[2].after,
              standard_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"));
    EXPECT_TRUE(r.log.list().empty());
    EXPECT_EQ(r.result.plies, 3u);
}

// ---- The Ice Age and the end it decides (docs/rules/ice-age-chess.md §3.1, §4.1, §5.7) ----

// docs/rules/ice-age-chess.md §5.7 reached from Black's 19th move: no Ice Age after 19... Kh8, one
// after 20... h6, which freezes White's king; the record's event matches it, and 0-1 is the result
// the freeze forces.
const char* const Before19 = "6k1/6pp/8/8/8/8/8/1K6 b - - 0 19";
const char* const FrozenKing =
    "*******k/******p1/*******p/********/********/********/********/******** w - - 0 21";

TEST(ChessReplay, IceAgeAfterBlacksTwentiethMoveFreezesWhitesKing) {
    Script s          = script("19... Kh8 20. Ka1 h6 <ice age: Ka1> 0-1");
    const ReplayRun r = run(s, ice_fen(Before19));

    EXPECT_EQ(r.seen.calls, (Calls{"start", "move g8h8", "events", "move b1a1", "events",
                                   "move h7h6 ice Ka1", "events ice Ka1", "end"}));
    ASSERT_EQ(r.seen.plies.size(), 3u);
    EXPECT_EQ(r.seen.plies[0].after, ice_fen("7k/6pp/8/8/8/8/8/1K6 w - - 1 20"));
    EXPECT_EQ(r.seen.plies[1].after, ice_fen("7k/6pp/8/8/8/8/8/K7 b - - 2 20"));
    EXPECT_EQ(r.seen.plies[2].after, ice_fen(FrozenKing));
    const chess::IceAgeEvent& e = r.seen.plies[2].events;
    ASSERT_TRUE(e.happened);
    ASSERT_EQ(e.frozen_count, 1);
    EXPECT_EQ(e.frozen_pieces[0].first, square_of("a1"));
    EXPECT_EQ(e.frozen_pieces[0].second,
              (chess::Piece{chess::Color::White, chess::PieceType::King}));
    EXPECT_EQ(e.frozen, chess::bit(square_of("a1")));
    // Every empty square fills but h7, closed by g7, h8, h6 and the board's edge
    // (docs/rules/ice-age-chess.md §3.2).
    const chess::Bitboard kept = chess::bit(square_of("a1")) | chess::bit(square_of("g7")) |
                                 chess::bit(square_of("h6")) | chess::bit(square_of("h7")) |
                                 chess::bit(square_of("h8"));
    EXPECT_EQ(e.filled, ~kept);

    EXPECT_TRUE(r.log.list().empty());
    EXPECT_EQ(r.result.plies, 3u);
    EXPECT_FALSE(r.result.main_line_failed);
    EXPECT_EQ(r.result.last, ice_fen(FrozenKing));
    EXPECT_EQ(r.result.last.outcome().termination, chess::Termination::KingFrozen);
}

// The end is checked when the main line ends: 1-0 contradicts White's frozen king
// (docs/rules/ice-age-chess.md §4.5).
TEST(ChessReplay, AResultThatContradictsTheFrozenKingIsAWarning) {
    Script s          = script("19... Kh8 20. Ka1 h6 <ice age: Ka1> 1-0");
    const ReplayRun r = run(s, ice_fen(Before19));

    ASSERT_EQ(r.log.list().size(), 1u);
    const rules::Diagnostic& d = r.log.list()[0];
    EXPECT_EQ(d.code, DiagCode::ResultContradictsEnd);
    EXPECT_EQ(d.severity, Severity::Warning);
    EXPECT_EQ(d.message, "1-0 contradicts White's king froze (0-1)");
    EXPECT_EQ(d.span.begin, span_of(s.text(), "1-0").begin);
    EXPECT_EQ(d.span.end, span_of(s.text(), "1-0").end);
    EXPECT_EQ(d.ply, 3u);
    EXPECT_EQ(r.result.plies, 3u);
    EXPECT_FALSE(r.result.main_line_failed);
}

// A move after the frozen king is moves-after-end: the line stops there, and a line that stopped
// has no result checked (the 1-0 draws no warning).
TEST(ChessReplay, AMoveAfterTheFrozenKingEndsTheLine) {
    Script s          = script("19... Kh8 20. Ka1 h6 <ice age: Ka1> 21. Kb1 1-0");
    const ReplayRun r = run(s, ice_fen(Before19));

    EXPECT_EQ(r.seen.calls,
              (Calls{"start", "move g8h8", "events", "move b1a1", "events", "move h7h6 ice Ka1",
                     "events ice Ka1", "unplayed [Kb1] moves-after-end", "end"}));
    ASSERT_EQ(r.log.list().size(), 1u);
    const rules::Diagnostic& d = r.log.list()[0];
    EXPECT_EQ(d.code, DiagCode::MovesAfterEnd);
    EXPECT_EQ(d.severity, Severity::Error);
    EXPECT_EQ(d.message, "21. Kb1: the game has ended: White's king froze");
    EXPECT_EQ(d.span.begin, span_of(s.text(), "Kb1").begin);
    EXPECT_EQ(d.ply, 4u);
    ASSERT_EQ(d.position, 0);
    ASSERT_EQ(r.positions.size(), 1u);
    EXPECT_EQ(r.positions[0], ice_fen(FrozenKing));
    EXPECT_EQ(r.result.plies, 3u);
    EXPECT_TRUE(r.result.main_line_failed);
    EXPECT_EQ(r.result.last, ice_fen(FrozenKing));
}

// An Ice Age the record leaves out is a warning at the move that brought it
// (docs/rules/notation.md §4.4); the visitor still hears the event the rules computed.
TEST(ChessReplay, AnIceAgeNotRecordedIsAWarning) {
    Script s          = script("19... Kh8 20. Ka1 h6 0-1");
    const ReplayRun r = run(s, ice_fen(Before19));

    EXPECT_EQ(r.seen.calls, (Calls{"start", "move g8h8", "events", "move b1a1", "events",
                                   "move h7h6 ice Ka1", "events ice Ka1", "end"}));
    ASSERT_EQ(r.log.list().size(), 1u);
    const rules::Diagnostic& d = r.log.list()[0];
    EXPECT_EQ(d.code, DiagCode::MissingEvent);
    EXPECT_EQ(d.severity, Severity::Warning);
    EXPECT_EQ(d.message, "Ice Age not recorded (canonical: <ice age>)");
    EXPECT_EQ(d.span.begin, span_of(s.text(), "h6").begin);
    EXPECT_EQ(d.span.end, span_of(s.text(), "h6").end);
    EXPECT_EQ(d.ply, 3u);
    EXPECT_FALSE(r.result.main_line_failed);
}

// A recorded event that differs from the rules' ends the line at the event: the move that
// brought the Ice Age counts, the event is the rest (docs/rules/notation.md §4.4, §7.5).
TEST(ChessReplay, AWrongEventEndsTheLineAtTheEvent) {
    Script s          = script("19... Kh8 20. Ka1 h6 <ice age: Kh8> 21. Kb1 0-1");
    const ReplayRun r = run(s, ice_fen(Before19));

    EXPECT_EQ(r.seen.calls,
              (Calls{"start", "move g8h8", "events", "move b1a1", "events", "move h7h6 ice Ka1",
                     "events ice Ka1", "unplayed [<ice age: Kh8> 21. Kb1] wrong-event", "end"}));
    ASSERT_EQ(r.log.list().size(), 1u);
    const rules::Diagnostic& d = r.log.list()[0];
    EXPECT_EQ(d.code, DiagCode::WrongEvent);
    EXPECT_EQ(d.severity, Severity::Error);
    EXPECT_EQ(d.message, "recorded <ice age: Kh8> but the rules give <ice age: ka1>");
    EXPECT_EQ(d.span.begin, span_of(s.text(), "<ice age: Kh8>").begin);
    EXPECT_EQ(d.span.end, span_of(s.text(), "<ice age: Kh8>").end);
    EXPECT_EQ(d.ply, 3u);
    // The position before the move that brought the Ice Age.
    ASSERT_EQ(d.position, 0);
    ASSERT_EQ(r.positions.size(), 1u);
    EXPECT_EQ(r.positions[0], ice_fen("7k/6pp/8/8/8/8/8/K7 b - - 2 20"));
    EXPECT_EQ(r.result.plies, 3u);
    EXPECT_TRUE(r.result.main_line_failed);
}

// An event where the rules cause none (after Black's 19th move) is an error that ends the line.
TEST(ChessReplay, AnEventWhereNoneIsDueEndsTheLine) {
    Script s          = script("19... Kh8 <ice age> 20. Ka1 *");
    const ReplayRun r = run(s, ice_fen(Before19));

    EXPECT_EQ(r.seen.calls, (Calls{"start", "move g8h8", "events",
                                   "unplayed [<ice age> 20. Ka1] unexpected-event", "end"}));
    ASSERT_EQ(r.log.list().size(), 1u);
    const rules::Diagnostic& d = r.log.list()[0];
    EXPECT_EQ(d.code, DiagCode::UnexpectedEvent);
    EXPECT_EQ(d.message, "event <ice age> where the rules cause none");
    EXPECT_EQ(d.span.begin, span_of(s.text(), "<ice age>").begin);
    EXPECT_EQ(d.ply, 1u);
    // The position the event stands in.
    ASSERT_EQ(d.position, 0);
    ASSERT_EQ(r.positions.size(), 1u);
    EXPECT_EQ(r.positions[0], ice_fen("7k/6pp/8/8/8/8/8/1K6 w - - 1 20"));
    EXPECT_EQ(r.result.plies, 1u);
    EXPECT_TRUE(r.result.main_line_failed);
}

// Black's null 20th move brings the Ice Age too (docs/rules/notation.md §1.8): played when null
// moves are allowed, an error otherwise.
TEST(ChessReplay, BlacksNullTwentiethMoveBringsTheIceAge) {
    const char* const before = "7k/6pp/8/8/8/8/8/K7 b - - 0 20";
    {
        Script s = script("20... -- <ice age: Ka1> 0-1");
        Game::Options options;
        options.allow_null_moves = true;
        const ReplayRun r        = run(s, ice_fen(before), options);
        EXPECT_EQ(r.seen.calls, (Calls{"start", "move 0000 ice Ka1", "events ice Ka1", "end"}));
        ASSERT_EQ(r.seen.plies.size(), 1u);
        EXPECT_EQ(
            r.seen.plies[0].after,
            ice_fen("*******k/******pp/********/********/********/********/********/******** w "
                    "- - 0 21"));
        EXPECT_TRUE(r.log.list().empty());
        EXPECT_EQ(r.result.plies, 1u);
    }
    {
        Script s          = script("20... -- <ice age: Ka1> 0-1");
        const ReplayRun r = run(s, ice_fen(before));
        EXPECT_EQ(r.seen.calls, (Calls{"start", "unplayed [-- <ice age: Ka1>] null-move", "end"}));
        ASSERT_EQ(r.log.list().size(), 1u);
        EXPECT_EQ(r.log.list()[0].code, DiagCode::NullMove);
        EXPECT_EQ(r.log.list()[0].message, "20... --: null move in the main line");
        EXPECT_EQ(r.log.list()[0].ply, 1u);
        EXPECT_EQ(r.result.plies, 0u);
        EXPECT_TRUE(r.result.main_line_failed);
        EXPECT_EQ(r.result.last, ice_fen(before));
    }
}

// The Ice Age from the game's start, stated element by element (no text is read): knights
// shuttle for 20 moves; Black's 19th move brings nothing, Black's 20th the Ice Age, which fills
// f3 and f6, the two squares the first captures of ice emptied (docs/rules/ice-age-chess.md §3.1).
TEST(ChessReplay, IceAgeAfterBlacksTwentiethMoveFromTheStartFedElementByElement) {
    Script s;
    for (std::uint32_t n = 1; n <= 20; ++n) {
        s.number(n, false);
        if (n == 1)
            s.move("Nx*f3").move("Nx*f6");
        else if (n % 2 == 0)
            s.move("Ng1").move("Ng8");
        else
            s.move("Nf3").move("Nf6");
    }
    s.event("ice age").termination("*");
    const ReplayRun r = run(s, chess::Position::start(ice_age()));

    EXPECT_TRUE(r.log.list().empty());
    EXPECT_EQ(r.result.plies, 40u);
    EXPECT_FALSE(r.result.main_line_failed);
    ASSERT_EQ(r.seen.plies.size(), 40u);
    EXPECT_TRUE(r.seen.plies[0].move.captures_ice);
    EXPECT_TRUE(r.seen.plies[1].move.captures_ice);
    for (std::size_t i = 0; i < 39; ++i)
        EXPECT_FALSE(r.seen.plies[i].events.happened) << "ply " << i + 1;
    EXPECT_EQ(r.seen.plies[37].after,
              ice_fen("rnbqkb1r/pppppppp/*****n**/********/********/*****N**/PPPPPPPP/RNBQKB1R w "
                      "KQkq - 36 20"));
    EXPECT_EQ(r.seen.plies[38].after,
              ice_fen("rnbqkb1r/pppppppp/*****n**/********/********/*****1**/PPPPPPPP/RNBQKBNR b "
                      "KQkq - 37 20"));
    const chess::IceAgeEvent& e = r.seen.plies[39].events;
    ASSERT_TRUE(e.happened);
    EXPECT_EQ(e.frozen_count, 0);
    EXPECT_EQ(e.frozen, 0u);
    EXPECT_EQ(e.filled, chess::bit(square_of("f3")) | chess::bit(square_of("f6")));
    const chess::Position after = ice_fen(
        "rnbqkbnr/pppppppp/********/********/********/********/PPPPPPPP/RNBQKBNR w KQkq - 0 21");
    EXPECT_EQ(r.seen.plies[39].after, after);
    EXPECT_EQ(r.result.last, after);
    EXPECT_EQ(r.seen.calls[r.seen.calls.size() - 3], "move f6g8 ice");
    EXPECT_EQ(r.seen.calls[r.seen.calls.size() - 2], "events ice");
}

// ---- Warning grouping (docs/rules/notation.md §8.3) ----

// Warnings of one kind are grouped across the main line and its variations: one per code, with
// the count, at the occurrence earliest in the text even when it was found later. Here the main
// line's `5.` is read (with the group after 1... e5) before the variation's `4...` is walked.
TEST(ChessReplay, WarningsGroupAcrossTheMainLineAndItsVariations) {
    Script s          = script("1. e4+ e5 (1... c5+ 2. Nf3 4... d6) 5. Nf3 *");
    const ReplayRun r = run(s, standard_start());

    EXPECT_EQ(r.seen.calls, (Calls{"start", "move e2e4", "events", "move e7e5", "events", "(",
                                   "move c7c5", "events", "move g1f3", "events", "move d7d6",
                                   "events", ")", "move g1f3", "events", "end"}));
    ASSERT_EQ(r.log.list().size(), 2u);
    const rules::Diagnostic& check = r.log.list()[0];
    EXPECT_EQ(check.code, DiagCode::SuperfluousCheckMark);
    EXPECT_EQ(check.severity, Severity::Warning);
    EXPECT_EQ(check.count, 2);
    EXPECT_EQ(check.message, "2 superfluous check or mate marks");
    EXPECT_EQ(check.span.begin, span_of(s.text(), "e4+").begin);
    EXPECT_EQ(check.span.end, span_of(s.text(), "e4+").end);
    EXPECT_EQ(check.ply, 1u);
    const rules::Diagnostic& number = r.log.list()[1];
    EXPECT_EQ(number.code, DiagCode::MoveNumberMismatch);
    EXPECT_EQ(number.severity, Severity::Warning);
    EXPECT_EQ(number.count, 2);
    EXPECT_EQ(number.message, "2 move numbers do not match the position");
    EXPECT_EQ(number.span.begin, span_of(s.text(), "4...").begin);
    EXPECT_EQ(number.span.end, span_of(s.text(), "4...").end);
    EXPECT_EQ(number.ply, 4u);
    EXPECT_TRUE(r.positions.empty());
    EXPECT_EQ(r.result.plies, 3u);
    EXPECT_FALSE(r.result.main_line_failed);
}

// A single occurrence keeps its own message.
TEST(ChessReplay, ASingleWarningKeepsItsOwnMessage) {
    Script s          = script("1. e4 e5 5. Nf3 *");
    const ReplayRun r = run(s, standard_start());

    ASSERT_EQ(r.log.list().size(), 1u);
    const rules::Diagnostic& d = r.log.list()[0];
    EXPECT_EQ(d.code, DiagCode::MoveNumberMismatch);
    EXPECT_EQ(d.count, 1);
    EXPECT_EQ(d.message, "move number 5. does not match the position (expected 2.)");
    EXPECT_EQ(d.span.begin, span_of(s.text(), "5.").begin);
    EXPECT_EQ(d.ply, 3u);
    EXPECT_EQ(r.result.plies, 3u);
}

// ---- `e.p.` written apart ----

// Written after an en-passant capture it belongs to that move (a lenient form, no ply of its
// own); after any other move it is an error that ends the line.
TEST(ChessReplay, EnPassantSuffixWrittenApart) {
    {
        Script s          = script("1. e4 Nf6 2. e5 d5 3. exd6 e.p. *");
        const ReplayRun r = run(s, standard_start());
        EXPECT_EQ(r.result.plies, 5u);
        EXPECT_FALSE(r.result.main_line_failed);
        ASSERT_EQ(r.seen.plies.size(), 5u);
        EXPECT_EQ(r.seen.plies[4].move.kind, chess::MoveKind::EnPassant);
        EXPECT_EQ(r.seen.plies[4].after,
                  standard_fen("rnbqkb1r/ppp1pppp/3P1n2/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"));
        ASSERT_EQ(r.log.list().size(), 1u);
        EXPECT_EQ(r.log.list()[0].code, DiagCode::EnPassantSuffix);
        EXPECT_EQ(r.log.list()[0].severity, Severity::Warning);
        EXPECT_EQ(r.log.list()[0].span.begin, span_of(s.text(), "e.p.").begin);
        EXPECT_EQ(r.log.list()[0].ply, 5u);
    }
    {
        Script s          = script("1. e4 e.p. e5 *");
        const ReplayRun r = run(s, standard_start());
        EXPECT_EQ(r.seen.calls, (Calls{"start", "move e2e4", "events",
                                       "unplayed [e.p. e5] illegal-move", "end"}));
        ASSERT_EQ(r.log.list().size(), 1u);
        const rules::Diagnostic& d = r.log.list()[0];
        EXPECT_EQ(d.code, DiagCode::IllegalMove);
        EXPECT_EQ(d.message, "e.p. after a move that is no en passant capture");
        EXPECT_EQ(d.ply, 1u);
        ASSERT_EQ(d.position, 0);
        EXPECT_EQ(r.positions[0], standard_start());
        EXPECT_EQ(r.result.plies, 1u);
        EXPECT_TRUE(r.result.main_line_failed);
    }
}

// ---- Buffers ----

// A visitor that keeps nothing, as validate's.
struct Silent {
    static constexpr bool annotations = false;
    void start(const chess::Position&, const chess::IceAgeEvent&) {}
    void move(const chess::Position&, const chess::Move&, const chess::Position&,
              const chess::IceAgeEvent&) {}
    void nag(std::uint32_t) {}
    void events(const chess::IceAgeEvent&) {}
    void comment(std::string_view, bool) {}
    void variation_begin(const chess::Position&) {}
    void variation_end() {}
    void unplayed(std::string_view, std::optional<DiagCode>) {}
    void end() {}
};
static_assert(rules::GameVisitor<Silent, Game>);

TEST(ChessReplay, KeepsItsBuffersFromGameToGame) {
    // Issue 15: once a game has sized the driver's buffers, a game like it allocates nothing.
    Script s = script("1. e4 e5 (1... c5 2. Nf3 (2. Nc3) d6) 2. Nf3 *");
    Game::Options options;
    options.termination      = "*";
    options.termination_span = *s.termination_span();
    options.result_tag       = "*";
    std::vector<chess::Position> positions;
    Game game(options, positions);
    rules::DiagnosticLog log;
    Silent silent;
    const Game::State start = Game::start(standard_start());
    EXPECT_EQ(rules::replay(game, s, start, silent, log).plies, 3u);
    const std::size_t before = test::allocation_count();
    const auto again         = rules::replay(game, s, start, silent, log);
    EXPECT_EQ(test::allocation_count() - before, 0u);
    EXPECT_EQ(again.plies, 3u);
    EXPECT_TRUE(log.list().empty());
}

}  // namespace
}  // namespace floe::test
