// Glacial Shift rules, section by section (docs/rules/glacial-shift.md §2-§9): positions with their
// exact legal plies or the exact position string after a ply. Every legal-ply list is also checked
// against the reference model (glacial_reference_movegen.hpp) by GlacialGame.

#include <gtest/gtest.h>

#include "rules/glacial/board.hpp"
#include "tests/rules/glacial_game.hpp"

namespace floe::test {
namespace {

using glacial::Family;

constexpr const char* Start =
    "2,Bb2,By2,Bb3,By2,Bb2,2/3,Bb1,Br2,Bb1,3/Gg2,3,Bb1,3,Rr2/Gr2,Gg1,5,Rr1,Rg2/"
    "Gg3,Gb2,Gg1,3,Rr1,Ry2,Rr3/Gr2,Gg1,5,Rr1,Rg2/Gg2,3,Yy1,3,Rr2/3,Yy1,Yg2,Yy1,3/"
    "2,Yy2,Yb2,Yy3,Yb2,Yy2,2 Y -/-/-/- 204/204/204/204 -/-/-/- 1";

// The seed's example (§7.6).
constexpr const char* Seed =
    "Bb1,7,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,3,Rr2,2/9/9/4,Yg2,4/4,Yy3,4 Y -/-/-/- "
    "544/445/445/445 -/-/-/- 1";

glacial::Square sq(const char* name) { return glacial::make_square(name[0] - 'a', name[1] - '1'); }

// --- §2 Board, seats, quadrants ---------------------------------------------------------------

TEST(GlacialBoard, QuadrantsHoldSixteenSquaresAndTheDiagonalsNobody) {
    int count[4] = {}, nobody = 0;
    for (int s = 0; s < glacial::SquareCount; ++s) {
        const int q = glacial::quadrant_of(static_cast<glacial::Square>(s));
        if (q == glacial::NoSeat)
            ++nobody;
        else
            ++count[q];
    }
    EXPECT_EQ(nobody, 17);
    for (int seat = 0; seat < 4; ++seat) EXPECT_EQ(count[seat], 16);
    for (const char* s : {"b1", "h1", "c2", "g2", "d3", "f3", "e4"})
        EXPECT_EQ(glacial::quadrant_of(sq(s)), glacial::Yellow) << s;
    EXPECT_EQ(glacial::quadrant_of(sq("a1")), glacial::NoSeat);
    EXPECT_EQ(glacial::quadrant_of(sq("e5")), glacial::NoSeat);
    EXPECT_EQ(glacial::quadrant_of(sq("d5")), glacial::Green);
    EXPECT_EQ(glacial::quadrant_of(sq("e6")), glacial::Blue);
    EXPECT_EQ(glacial::quadrant_of(sq("f5")), glacial::Red);
}

TEST(GlacialBoard, FarRanksAreTheOppositeEdges) {
    EXPECT_TRUE(glacial::in_promotion_zone(glacial::Yellow, sq("a9")));
    EXPECT_FALSE(glacial::in_promotion_zone(glacial::Yellow, sq("a8")));
    EXPECT_TRUE(glacial::in_promotion_zone(glacial::Green, sq("i1")));
    EXPECT_TRUE(glacial::in_promotion_zone(glacial::Blue, sq("e1")));
    EXPECT_TRUE(glacial::in_promotion_zone(glacial::Red, sq("a5")));
    EXPECT_FALSE(glacial::in_promotion_zone(glacial::Red, sq("i5")));
}

// --- §3 Families ------------------------------------------------------------------------------

TEST(GlacialFamilies, ColourSeenFromTheOwner) {
    EXPECT_EQ(glacial::family_of(glacial::Yellow, glacial::Yellow), Family::Royal);
    EXPECT_EQ(glacial::family_of(glacial::Green, glacial::Yellow), Family::Left);
    EXPECT_EQ(glacial::family_of(glacial::Blue, glacial::Yellow), Family::Center);
    EXPECT_EQ(glacial::family_of(glacial::Red, glacial::Yellow), Family::Right);
    EXPECT_EQ(glacial::family_of(glacial::Yellow, glacial::Red), Family::Left);
    EXPECT_EQ(glacial::family_of(glacial::Blue, glacial::Green), Family::Left);
    EXPECT_EQ(glacial::family_of(glacial::Yellow, glacial::Green), Family::Right);
}

// --- §4 Moves, captures, drops ----------------------------------------------------------------

// Directions: bit 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW.
TEST(GlacialMoves, TheTwelveKindsForYellowAndRotatedForGreen) {
    constexpr int Y = glacial::Yellow;
    const auto p    = [](int owner, int colour, int rank) {
        const auto x = glacial::pattern_of(owner, colour, rank);
        return std::pair<int, int>(x.steps, x.slides);
    };
    // Royal (yellow): forward; forward and diagonals; the same sliding.
    EXPECT_EQ(p(Y, 0, 1), std::pair(0x01, 0));
    EXPECT_EQ(p(Y, 0, 2), std::pair(0xAB, 0));
    EXPECT_EQ(p(Y, 0, 3), std::pair(0, 0xAB));
    // Left (green): slides forward; slides orthogonally; adds diagonal steps.
    EXPECT_EQ(p(Y, 1, 1), std::pair(0, 0x01));
    EXPECT_EQ(p(Y, 1, 2), std::pair(0, 0x55));
    EXPECT_EQ(p(Y, 1, 3), std::pair(0xAA, 0x55));
    // Center (blue): diagonal forward steps; adds orthogonal steps; the same sliding.
    EXPECT_EQ(p(Y, 2, 1), std::pair(0x82, 0));
    EXPECT_EQ(p(Y, 2, 2), std::pair(0xD7, 0));
    EXPECT_EQ(p(Y, 2, 3), std::pair(0, 0xD7));
    // Right (red): slides diagonally forward; slides diagonally; adds orthogonal steps.
    EXPECT_EQ(p(Y, 3, 1), std::pair(0, 0x82));
    EXPECT_EQ(p(Y, 3, 2), std::pair(0, 0xAA));
    EXPECT_EQ(p(Y, 3, 3), std::pair(0x55, 0xAA));
    // Green faces east: his Royal Pawn (green) steps east, his Center Pawn (red) NE and SE.
    EXPECT_EQ(p(glacial::Green, 1, 1), std::pair(0x04, 0));
    EXPECT_EQ(p(glacial::Green, 3, 1), std::pair(0x0A, 0));
    // Blue faces south, Red west.
    EXPECT_EQ(p(glacial::Blue, 2, 1), std::pair(0x10, 0));
    EXPECT_EQ(p(glacial::Red, 3, 1), std::pair(0x40, 0));
}

TEST(GlacialMoves, PiecesOfEveryFamilyInOnePosition) {
    // Yellow: Royal General d1, Royal Pawn f1; Green's yellow nest on d4.
    GlacialGame g(
        "5,Bb2,3/5,Bb1,3/9/8,Rr1/Gg3,7,Rr2/3,Gy12,5/9/1,Gg1,7/3,Yy3,1,Yy1,3 Y -/-/-/- "
        "344/454/445/445 -/-/-/- 1");
    EXPECT_EQ(g.moves(),
              (Moves{"y1f1-f2", "y3d1-a4+", "y3d1-b3", "y3d1-c2", "y3d1-d2+", "y3d1-d3", "y3d1-e2",
                     "y3d1-f3", "y3d1-g4", "y3d1-h5", "y3d1xd4", "y3d1xi6+"}));
}

TEST(GlacialMoves, CapturedNestSplitsBetweenHandAndStash) {
    GlacialGame g(
        "5,Bb2,3/5,Bb1,3/9/8,Rr1/Gg3,7,Rr2/3,Gy12,5/9/1,Gg1,7/3,Yy3,1,Yy1,3 Y -/-/-/- "
        "344/454/445/445 -/-/-/- 1");
    EXPECT_EQ(g.play("y3d1xd4"), "");
    // The yellow small goes to Yellow's hand, the yellow medium back to the stash.
    EXPECT_EQ(g.text(),
              "5,Bb2,3/5,Bb1,3/9/8,Rr1/Gg3,7,Rr2/3,Yy3,5/9/1,Gg1,7/5,Yy1,3 G y1/-/-/- "
              "354/454/445/445 -/-/-/- 2");
}

TEST(GlacialMoves, CaptureThatLeavesBareCheckCreditsTheCapturer) {
    // Green's last piece besides his General is taken: bare check, no escape, bare mate.
    GlacialGame g(
        "5,Bb2,3/5,Bb1,3/9/8,Rr1/Gg3,7,Rr2/3,Gy12,5/9/9/3,Yy3,1,Yy1,3 Y -/-/-/- "
        "344/554/445/445 -/-/-/- 1");
    EXPECT_EQ(g.play("y3d1xd4+"), "<bare mate: G by Y>");
    EXPECT_EQ(g.text(),
              "5,Bb2,3/5,Bb1,3/9/8,Rr1/Xg3,7,Rr2/3,Yy3,5/9/9/5,Yy1,3 B "
              "y1y1y1y1g1g1g1g1g1b1b1b1b1r1r1r1r1/-/-/- 054/054/045/045 -/-/-/- 2");
}

TEST(GlacialMoves, LoneRoyalCannotBeCaptured) {
    // Yellow (in check from Red) attacks Green's lone Royal on a5 along the a-file, but may
    // not take it; Red's checking General on i4 is a lone Royal too.
    GlacialGame g(
        "1,Gg1,4,Bb2,1,Rr1/9/9/9/Gg3,3,Bb1,4/8,Rr3/9/Yg3,8/5,Yy2,2,Yr1 Y -/-/-/- "
        "545/453/445/354 R/Y/-/- 1");
    EXPECT_EQ(g.moves(), (Moves{"g3a2-g2+", "y2f1-e2", "y2f1-f2"}));
    EXPECT_FALSE(g.position().capturable(sq("a5")));
    EXPECT_FALSE(g.position().capturable(sq("i4")));
    EXPECT_TRUE(g.position().capturable(sq("b9")));
}

TEST(GlacialMoves, DropOnTheFarRank) {
    // The start with a blue small in Yellow's hand: it may go to rank 9, where it never moves.
    GlacialGame g(
        "2,Bb2,By2,Bb3,By2,Bb2,2/3,Bb1,Br2,Bb1,3/Gg2,3,Bb1,3,Rr2/Gr2,Gg1,5,Rr1,Rg2/"
        "Gg3,Gb2,Gg1,3,Rr1,Ry2,Rr3/Gr2,Gg1,5,Rr1,Rg2/Gg2,3,Yy1,3,Rr2/3,Yy1,Yg2,Yy1,3/"
        "2,Yy2,Yb2,Yy3,Yb2,Yy2,2 Y b1/-/-/- 204/204/104/204 -/-/-/- 1");
    const Moves moves = g.moves();
    EXPECT_EQ(moves.size(), 9u + 45u);  // 9 moves and one drop per empty square (45)
    EXPECT_NE(std::find(moves.begin(), moves.end(), "b1@a9"), moves.end());
    EXPECT_EQ(g.play("b1@a9"), "");
    EXPECT_EQ(g.text().substr(0, 4), "Yb1,");
    EXPECT_EQ(g.text().substr(g.text().find(' ')), " G -/-/-/- 204/204/104/204 -/-/-/- 2");
}

// --- §5 Promotion -----------------------------------------------------------------------------

constexpr const char* Promotions =
    "Yg2',8/2,Yy2,1,Yy1,1,Yy12,2/3,Bb2,1,Bb1,3/9/Gg3,Gg1,6,Rr3/8,Rr1/9/9/3,Yy3,5 Y -/y2y2y2/-/- "
    "304/444/445/454 -/-/-/- 1";

TEST(GlacialPromotion, MadeRefusedSecondAndSpentArrival) {
    GlacialGame g(Promotions);
    EXPECT_EQ(
        g.moves(),
        (Moves{"g2a9-a6",  "g2a9-a7",  "g2a9-a8",  "g2a9-b9",  "g2a9-c9",  "g2a9-d9",   "g2a9-e9",
               "g2a9-f9",  "g2a9-g9",  "g2a9-h9",  "g2a9-i9",  "g2a9xa5+", "y1e8-e9^0", "y2c8-b7",
               "y2c8-b9^", "y2c8-c9^", "y2c8-d9^", "y2c8xd7+", "y2g8-f9^", "y2g8-g9^",  "y2g8-h7",
               "y2g8-h9^", "y2g8xf7+", "y3d1-c2",  "y3d1-d3",  "y3d1-e2",  "y3d1-f3"}));
}

TEST(GlacialPromotion, PawnWithoutAMediumInTheStashIsSpent) {
    GlacialGame g(Promotions);
    EXPECT_EQ(g.play("y1e8-e9^0"), "");
    EXPECT_EQ(g.text(),
              "Yg2',3,Yy1',4/2,Yy2,3,Yy12,2/3,Bb2,1,Bb1,3/9/Gg3,Gg1,6,Rr3/8,Rr1/9/9/3,Yy3,5 G "
              "-/y2y2y2/-/- 304/444/445/454 -/-/-/- 2");
}

TEST(GlacialPromotion, KnightTakesALarge) {
    GlacialGame g(Promotions);
    EXPECT_EQ(g.play("y2c8-c9^"), "");
    EXPECT_EQ(g.text(),
              "Yg2',1,Yy23,6/4,Yy1,1,Yy12,2/3,Bb2,1,Bb1,3/9/Gg3,Gg1,6,Rr3/8,Rr1/9/9/3,Yy3,5 G "
              "-/y2y2y2/-/- 303/444/445/454 -/-/-/- 2");
}

TEST(GlacialPromotion, PromotedPawnPromotesAgain) {
    GlacialGame g(Promotions);
    EXPECT_EQ(g.play("y2g8-g9^"), "");
    EXPECT_EQ(g.text(),
              "Yg2',5,Yy123,2/2,Yy2,1,Yy1,4/3,Bb2,1,Bb1,3/9/Gg3,Gg1,6,Rr3/8,Rr1/9/9/3,Yy3,5 G "
              "-/y2y2y2/-/- 303/444/445/454 -/-/-/- 2");
}

TEST(GlacialPromotion, SpentPieceArrivesWithoutMark) {
    GlacialGame g(Promotions);
    EXPECT_EQ(g.play("g2a9-e9"), "");
    EXPECT_EQ(g.text().substr(0, 10), "4,Yg2',4/2");
}

// --- §6 Check ---------------------------------------------------------------------------------

TEST(GlacialCheck, BareCheckIsAvertedOnlyByADropThatBlocksTheAttack) {
    // Green's only piece is his Royal Knight on a5 (bare check), also attacked by Yellow's
    // General along e1-a5. Moving the Knight leaves him bare; only a drop on the line helps.
    GlacialGame g(
        "4,Bb2,3,Rr1/4,Bb1,4/9/9/Gg2,8/9/8,Rr3/1,Yg3,7/4,Yy3,4 G -/r1/-/- "
        "554/544/445/354 -/Y/-/- 7");
    EXPECT_TRUE(g.position().bare_check(glacial::Green));
    EXPECT_TRUE(g.position().in_check(glacial::Green));
    EXPECT_EQ(g.moves(), (Moves{"r1@b4", "r1@c3"}));
    EXPECT_EQ(g.play("r1@c3"), "");
    EXPECT_FALSE(g.position().in_check(glacial::Green));
}

TEST(GlacialCheck, TwoRoyalsInTheQuadrantMeanNoCheck) {
    const auto p = glacial_position(Promotions);
    // Blue has Royals on d7 and f7: no lone Royal, so Yellow's Knight on c8 does not check.
    EXPECT_EQ(p.royals_in_quadrant(glacial::Blue), 2);
    EXPECT_EQ(p.lone_royal(glacial::Blue), glacial::NoSquare);
    EXPECT_FALSE(p.in_check(glacial::Blue));
}

// --- §7 Legal moves and turn order ------------------------------------------------------------

TEST(GlacialTurns, TheSeedsExamplePlyByPly) {
    GlacialGame g(Seed);
    EXPECT_EQ(g.moves(), (Moves{"g2e2-a2", "g2e2-b2", "g2e2-c2+", "g2e2-d2", "g2e2-e3", "g2e2-e4",
                                "g2e2-e5+", "g2e2-e6", "g2e2-e7", "g2e2-e8+", "g2e2-e9^", "g2e2-f2",
                                "g2e2-g2+", "g2e2-h2", "g2e2-i2", "y3e1-d2+", "y3e1-f2+"}));
    EXPECT_EQ(g.play("g2e2-e5+"), "");
    EXPECT_EQ(g.text(),
              "Bb1,7,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,1,Yg2,1,Rr2,2/9/9/9/4,Yy3,4 G -/-/-/- "
              "544/445/445/445 -/Y/-/Y 2");
    EXPECT_EQ(g.position().checks(),
              glacial::seat_bit(glacial::Green) | glacial::seat_bit(glacial::Red));
    EXPECT_EQ(g.moves(), (Moves{"y2b7-d5+"}));
    EXPECT_EQ(g.play("y2b7-d5+"), "");
    EXPECT_EQ(g.text(),
              "Bb1,7,Rr1/6,Bb2,2/9/9/2,Gg1,Gy2,Yg2,1,Rr2,2/9/9/9/4,Yy3,4 B -/-/-/- "
              "544/445/445/445 -/-/G/Y 3");
    EXPECT_EQ(g.moves(), (Moves{"b2g8-f9"}));
    EXPECT_EQ(g.play("b2g8-f9"), "");
    EXPECT_EQ(g.text(),
              "Bb1,4,Bb2,2,Rr1/9/9/9/2,Gg1,Gy2,Yg2,1,Rr2,2/9/9/9/4,Yy3,4 R -/-/-/- "
              "544/445/445/445 -/-/-/Y 4");
    EXPECT_EQ(g.moves(), (Moves{"r2g5-h6"}));
    EXPECT_EQ(g.play("r2g5-h6"), "");
    EXPECT_EQ(g.text(),
              "Bb1,4,Bb2,2,Rr1/9/9/7,Rr2,1/2,Gg1,Gy2,Yg2,4/9/9/9/4,Yy3,4 Y -/-/-/- "
              "544/445/445/445 -/-/-/- 5");
}

TEST(GlacialTurns, CounterCheckRefusedAndCheckOfANonCheckerAllowed) {
    // Yellow's General on a2 checks Green's lone Royal on a5. a5-b5 would check Yellow's
    // Knight on f1 along the diagonal, and Yellow is his checker: refused. b4 and c5 check Blue,
    // who is not his checker: allowed.
    const char* text =
        "1,Gg1,4,Bb2,1,Rr1/9/9/9/Gg3,3,Bb1,3,Rr3/9/9/Yg3,8/5,Yy2,2,Yr1 G -/-/-/- "
        "545/453/445/354 -/Y/-/- 1";
    GlacialGame g(text);
    EXPECT_EQ(g.moves(), (Moves{"g3a5-b4+", "g3a5-b6", "g3a5-c5+", "g3a5-d5"}));
    // a5-b5 is refused for the counter-check alone: after it Green is safe, Yellow in check.
    auto after = glacial_position(text);
    after.play(glacial::Move::move(sq("a5"), sq("b5")));
    EXPECT_FALSE(after.in_check(glacial::Green));
    EXPECT_TRUE(after.in_check(glacial::Yellow));
}

TEST(GlacialTurns, RepeatedBoardPositionRefused) {
    GlacialGame g(Start);
    for (const char* ply :
         {"y2c1-b2", "g2a7-b8", "b2g9-h8", "r2i3-h2", "y2b2-c1", "g2b8-a7", "b2h8-g9"})
        EXPECT_EQ(g.play(ply), "") << ply;
    // r2h2-i3 would recreate the start position.
    EXPECT_EQ(g.moves(), (Moves{"g2i4-h3", "g2i4-i3", "g2i6-h7", "r1g5-f5", "r1h4-g4", "r1h6-g6",
                                "r2h2-g2", "r2h2-g3", "r2h2-i1", "r2h2xg1", "r2i7-h7", "r2i7-h8"}));
}

// --- §8 Mate ----------------------------------------------------------------------------------

TEST(GlacialMate, SixConsequencesWithANest) {
    // Green is checked by Yellow on a4 and cannot escape. His Royal is a 1-2 nest; he has a red
    // small in hand, a yellow nest on h9, a blue small in Yellow's quadrant (e2), a red medium
    // on e7.
    GlacialGame g(
        "4,Bb2,2,Gy12,Rr1/4,Bb1,4/4,Gr2,4/8,Rr3/Gg12,8/Yg3,8/9/4,Gb1,4/4,Yy3,4 G "
        "-/r1/-/- 444/444/345/344 -/Y/-/- 1");
    EXPECT_TRUE(g.moves().empty());
    EXPECT_EQ(g.resolve(), "<mate: G by Y>");
    // 1. the nest's medium stands upright on a5, its small to Yellow; 2. Green's hand (r1) to
    // Yellow; 3. the yellow nest's medium and the blue small on e2 to Yellow, the yellow small
    // to the stash; 4. the red medium to the stash; 6. Blue moves next.
    EXPECT_EQ(g.text(),
              "4,Bb2,3,Rr1/4,Bb1,4/9/8,Rr3/Xg2,8/Yg3,8/9/9/4,Yy3,4 B y2g1b1r1/-/-/- "
              "544/444/345/354 -/-/-/- 1");
}

TEST(GlacialMate, BareMateTakesTheStashsPawns) {
    GlacialGame g(
        "4,Bb2,3,Rr1/4,Bb1,4/9/8,Rr3/Gg2,8/Yg3,8/9/9/4,Yy3,4 G -/r1/-/- "
        "554/544/445/354 -/Y/-/- 1");
    EXPECT_EQ(g.resolve(), "<bare mate: G by Y>");
    EXPECT_EQ(g.text(),
              "4,Bb2,3,Rr1/4,Bb1,4/9/8,Rr3/Xg2,8/Yg3,8/9/9/4,Yy3,4 B "
              "y1y1y1y1y1g1g1g1g1g1b1b1b1b1r1r1r1r1/-/-/- 054/044/045/054 -/-/-/- 1");
}

TEST(GlacialMate, BareMateWithNoPawnInTheStash) {
    GlacialGame g(
        "4,Bb2,3,Rr1/4,Bb1,4/9/8,Rr3/Gg2,8/Yg3,8/9/9/4,Yy3,4 G "
        "-/-/y1y1y1y1y1g1g1g1g1g1b1b1b1b1r1r1r1r1/- 054/044/045/054 -/Y/-/- 1");
    EXPECT_EQ(g.resolve(), "<bare mate: G by Y>");
    EXPECT_EQ(g.text(),
              "4,Bb2,3,Rr1/4,Bb1,4/9/8,Rr3/Xg2,8/Yg3,8/9/9/4,Yy3,4 B "
              "-/-/y1y1y1y1y1g1g1g1g1g1b1b1b1b1r1r1r1r1/- 054/044/045/054 -/-/-/- 1");
}

TEST(GlacialMate, NoLegalMoveWithoutCheckThenChainedMatesAndAWinner) {
    // Every piece of Green, Blue and Red is blocked by an upright pyramid or the board edge.
    GlacialGame g(
        "Rr1,3,Bb1,3,Gg1/4,Xb3,4/9/9/Gg1,Xy3,5,Xr3,Rr1/9/9/9/Bb1,2,Yy3,1,Yy1,3 Y "
        "-/-/-/- 453/355/354/354 -/-/-/- 1");
    EXPECT_EQ(g.position().checks(), 0);
    EXPECT_EQ(g.play("y1f1-f2"), "<mate: G by Y> <mate: B by Y> <mate: R by Y>");
    EXPECT_EQ(g.text(),
              "4,Xb1,4/4,Xb3,4/9/9/Xg1,Xy3,5,Xr3,Xr1/9/9/5,Yy1,3/3,Yy3,5 - -/-/-/- "
              "453/455/454/454 -/-/-/- 2");
    EXPECT_TRUE(g.position().game_over());
    EXPECT_EQ(g.position().winner(), glacial::Yellow);
}

TEST(GlacialMate, MateCreditedToTheLastAttackerNotTheLastMover) {
    // After the seed's ply 1, Red is in check from Yellow; Green and Blue move in between and
    // Red's last attacker stays Yellow (§7.6).
    GlacialGame g(Seed);
    g.play("g2e2-e5+");
    EXPECT_EQ(g.position().last_attacker(glacial::Red), glacial::Yellow);
    g.play("y2b7-d5+");
    EXPECT_EQ(g.position().last_attacker(glacial::Red), glacial::Yellow);
    EXPECT_EQ(g.position().last_attacker(glacial::Blue), glacial::Green);
    g.play("b2g8-f9");
    EXPECT_EQ(g.position().last_attacker(glacial::Red), glacial::Yellow);
}

// --- §9 Start position ------------------------------------------------------------------------

TEST(GlacialStart, TheStartPositionString) {
    EXPECT_EQ(formats::make_glacial_position(glacial::Position::start()), Start);
}

TEST(GlacialStart, NineMovesPerSeatNoCaptureNoCheckAndTheStash) {
    const auto start = glacial::Position::start();
    EXPECT_EQ(start.checks(), 0);
    for (int colour = 0; colour < 4; ++colour) {
        EXPECT_EQ(start.stash_count(colour, 1), 2);
        EXPECT_EQ(start.stash_count(colour, 2), 0);
        EXPECT_EQ(start.stash_count(colour, 3), 4);
    }
    for (const char seat : {'Y', 'G', 'B', 'R'}) {
        std::string s         = Start;
        s[s.find(" Y -") + 1] = seat;
        GlacialGame g(s);
        const Moves moves = g.moves();
        EXPECT_EQ(moves.size(), 9u) << seat;
        for (const auto& m : moves) EXPECT_EQ(m.find('x'), std::string::npos) << seat << " " << m;
    }
    GlacialGame g(Start);
    EXPECT_EQ(g.moves(), (Moves{"b2d1-c2", "b2f1-g2", "y1d2-d3", "y1e3-e4", "y1f2-f3", "y2c1-b2",
                                "y2c1-c2", "y2g1-g2", "y2g1-h2"}));
}

TEST(GlacialStart, TheFirstCapturePossible) {
    GlacialGame g(Start);
    g.play("y2c1-b2");
    const Moves moves = g.moves();
    EXPECT_NE(std::find(moves.begin(), moves.end(), "g2a3xb2"), moves.end());
}

}  // namespace
}  // namespace floe::test
