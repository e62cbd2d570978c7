// Why a Glacial Shift ply is illegal (issue 12 item 7): each rule the move generator enforces
// (docs/rules/glacial-shift.md §4-§7) has its own reason, pinned here with its exact text.
#include <gtest/gtest.h>

#include <string>

#include "notation/glacial_position.hpp"
#include "rules/glacial/explain.hpp"
#include "tests/rules/glacial_game.hpp"

namespace floe::test {
namespace {

using glacial::Move;

glacial::Square sq(const char* name) { return glacial::make_square(name[0] - 'a', name[1] - '1'); }

// The seed's example (docs/rules/glacial-shift.md §7.6), Yellow to move.
constexpr const char* Seed =
    "Bb1,7,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,3,Rr2,2/9/9/4,Yg2,4/4,Yy3,4 Y -/-/-/- 544/445/445/445 "
    "-/-/-/- 1";
// After the example's four plies, Yellow to move again.
constexpr const char* SeedPly5 =
    "Bb1,4,Bb2,2,Rr1/9/9/7,Rr2,1/2,Gg1,Gy2,Yg2,4/9/9/9/4,Yy3,4 Y -/-/-/- 544/445/445/445 "
    "-/-/-/- 5";
// Green in check from Yellow's General on a2 (glacial_rules_test: counter-check).
constexpr const char* CounterCheck =
    "1,Gg1,4,Bb2,1,Rr1/9/9/9/Gg3,3,Bb1,3,Rr3/9/9/Yg3,8/5,Yy2,2,Yr1 G -/-/-/- 545/453/445/354 "
    "-/Y/-/- 1";
// Green in bare check: his only piece is his Royal Knight on a5 (glacial_rules_test).
constexpr const char* BareCheck =
    "4,Bb2,3,Rr1/4,Bb1,4/9/9/Gg2,8/9/8,Rr3/1,Yg3,7/4,Yy3,4 G -/r1/-/- 554/544/445/354 -/Y/-/- 7";

std::string why(const glacial::Position& p, const Move& m) {
    glacial::History history;
    history.push(p.board_hash());
    return glacial::describe_illegal_ply(p, m, history);
}
std::string why(const char* text, const Move& m) { return why(glacial_position(text), m); }
Move move(const char* from, const char* to) { return Move::move(sq(from), sq(to)); }

TEST(GlacialExplain, LegalPlyHasNoReason) {
    EXPECT_EQ(why(Seed, move("e2", "e5")), "");
    EXPECT_EQ(why(BareCheck, Move::drop(3, 1, sq("c3"))), "");
}

TEST(GlacialExplain, DropRules) {
    EXPECT_EQ(why(Seed, Move::drop(1, 1, sq("d4"))), "Yellow has no g1 in hand");
    EXPECT_EQ(why(BareCheck, Move::drop(3, 1, sq("b2"))), "b2 is not empty");
}

TEST(GlacialExplain, ThePieceMustBeTheMoversOwn) {
    EXPECT_EQ(why(Seed, move("d4", "d5")), "no piece stands on d4");
    EXPECT_EQ(why(Seed, move("c5", "d5")), "the piece on c5 is Green's");
    // Check priority (§7.4): Green moves because he is in check.
    EXPECT_EQ(why(CounterCheck, move("f1", "f2")),
              "the piece on f1 is Yellow's, and Green moves now: he is in check (check priority)");
    EXPECT_EQ(glacial::describe_turn(glacial_position(CounterCheck)),
              ": Green is in check and moves first (check priority)");
    EXPECT_EQ(glacial::describe_turn(glacial_position(Seed)), "");
}

TEST(GlacialExplain, MovePatterns) {
    EXPECT_EQ(
        why(Seed, move("e2", "f3")),
        "the g2 on e2 is Yellow's Left Knight, which slides orthogonally: it cannot reach f3");
    EXPECT_EQ(why(Seed, move("e1", "a1")),
              "the y3 on e1 is Yellow's Royal General, which slides forward or diagonally "
              "(Yellow's forward is north): it cannot reach a1");
    EXPECT_EQ(why(CounterCheck, move("b9", "b8")),
              "the g1 on b9 is Green's Royal Pawn, which steps 1 square forward (Green's forward "
              "is east): it cannot reach b8");
    EXPECT_EQ(why(Seed, move("e1", "e3")), "e2 is in the way (no piece leaps)");
}

TEST(GlacialExplain, Targets) {
    EXPECT_EQ(why(Seed, move("e1", "e2")), "e2 holds Yellow's own piece");
    // Yellow's General on a2 could slide up the a-file onto Green's lone Royal on a5 (§4.6).
    auto setup = glacial_position(CounterCheck).to_setup();
    setup.turn = glacial::Yellow;
    EXPECT_EQ(why(glacial::Position::from_setup(setup), move("a2", "a5")),
              "Green's lone Royal on a5 cannot be captured");
}

TEST(GlacialExplain, UprightPyramids) {
    // After the bare mate of glacial_rules_test, Green's General stands upright on a5 (§8.6).
    auto setup = glacial_position(
                     "5,Bb2,3/5,Bb1,3/9/8,Rr1/Xg3,7,Rr2/3,Yy3,5/9/9/5,Yy1,3 B "
                     "y1y1y1y1g1g1g1g1g1b1b1b1b1r1r1r1r1/-/-/- 054/054/045/045 -/-/-/- 2")
                     .to_setup();
    setup.turn = glacial::Yellow;
    // A Left Knight of Yellow's (green medium) on c5 slides west onto it.
    setup.board[sq("c5")] = glacial::lying(glacial::Yellow, glacial::Green, glacial::size_bit(2));
    const auto p          = glacial::Position::from_setup(setup);
    EXPECT_EQ(why(p, move("c5", "a5")), "the upright pyramid on a5 cannot be captured");
    EXPECT_EQ(why(p, move("a5", "a6")), "the pyramid on a5 stands upright: it never moves");
}

TEST(GlacialExplain, QuadrantRule) {
    EXPECT_EQ(why(Seed, move("e1", "c3")),
              "it would leave Yellow no Royal in his quadrant (quadrant rule)");
}

TEST(GlacialExplain, Check) {
    EXPECT_EQ(why(SeedPly5, move("e1", "e4")),
              "it would put Yellow in check: his lone Royal on e4 would be attacked by Green's y2 "
              "on d5");
    EXPECT_EQ(why(BareCheck, move("a5", "b4")),
              "Green is in check and the ply does not avert it: his lone Royal on b4 would be "
              "attacked by Yellow's y3 on e1 and Yellow's g3 on b2");
    EXPECT_EQ(why(BareCheck, Move::drop(3, 1, sq("i1"))),
              "Green is in check and the ply does not avert it: his lone Royal on a5 would be "
              "attacked by Yellow's y3 on e1");
    // Bare check with nothing attacking: the Royal would still be his only lying piece.
    auto setup            = glacial_position(BareCheck).to_setup();
    setup.board[sq("b2")] = glacial::empty_cell();
    setup.board[sq("e1")] = glacial::empty_cell();
    setup.board[sq("d1")] = glacial::lying(glacial::Yellow, glacial::Yellow, 4);
    const auto bare       = glacial::Position::from_setup(setup);
    EXPECT_EQ(why(bare, move("a5", "b5")),
              "Green is in check and the ply does not avert it: his lone Royal on b5 would be his "
              "only lying piece (bare check)");
}

TEST(GlacialExplain, CounterCheckBan) {
    EXPECT_EQ(why(CounterCheck, move("a5", "b5")),
              "Green is in check from Yellow and may not put Yellow in check (counter-check ban)");
}

TEST(GlacialExplain, RepetitionBan) {
    // glacial_rules_test's RepeatedBoardPositionRefused: r2h2-i3 would recreate the start.
    auto p = glacial::Position::start();
    glacial::History history;
    history.push(p.board_hash());
    for (const auto& [from, to] : {std::pair{"c1", "b2"},
                                   {"a7", "b8"},
                                   {"g9", "h8"},
                                   {"i3", "h2"},
                                   {"b2", "c1"},
                                   {"b8", "a7"},
                                   {"h8", "g9"}}) {
        ASSERT_EQ(glacial::describe_illegal_ply(p, move(from, to), history), "") << from << to;
        p.play(move(from, to));
        history.push(p.board_hash());
    }
    EXPECT_EQ(glacial::describe_illegal_ply(p, move("h2", "i3"), history),
              "it would recreate an earlier board position (repetition ban)");
}

}  // namespace
}  // namespace floe::test
