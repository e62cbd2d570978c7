// `floe moves` and `floe perft` with --variant "Glacial Shift" (docs/rules/notation.md §9.3,
// §9.4): the numbers of docs/rules/glacial-shift.md §9.4 from the start position and the seed's
// example, --divide, a rejected position, and chess behaviour unchanged.

#include <gtest/gtest.h>

#include <string>

#include "support/test_support.hpp"

namespace floe::test {
namespace {

const std::string Start =
    "'2,Bb2,By2,Bb3,By2,Bb2,2/3,Bb1,Br2,Bb1,3/Gg2,3,Bb1,3,Rr2/Gr2,Gg1,5,Rr1,Rg2/"
    "Gg3,Gb2,Gg1,3,Rr1,Ry2,Rr3/Gr2,Gg1,5,Rr1,Rg2/Gg2,3,Yy1,3,Rr2/3,Yy1,Yg2,Yy1,3/"
    "2,Yy2,Yb2,Yy3,Yb2,Yy2,2 Y -/-/-/- 204/204/204/204 -/-/-/- 1'";

const std::string Seed =
    "'Bb1,7,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,3,Rr2,2/9/9/4,Yg2,4/4,Yy3,4 Y -/-/-/- 544/445/445/445 "
    "-/-/-/- 1'";

TEST(GlacialCli, MovesFromTheStart) {
    const RunResult r = run_floe("moves --variant 'Glacial Shift' " + Start);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out,
              "b2d1-c2\nb2f1-g2\ny1d2-d3\ny1e3-e4\ny1f2-f3\ny2c1-b2\ny2c1-c2\ny2g1-g2\ny2g1-h2\n");
}

TEST(GlacialCli, MovesOfTheSeedsExample) {
    const RunResult r = run_floe("moves --variant 'Glacial Shift' --fen " + Seed);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out,
              "g2e2-a2\ng2e2-b2\ng2e2-c2+\ng2e2-d2\ng2e2-e3\ng2e2-e4\ng2e2-e5+\ng2e2-e6\n"
              "g2e2-e7\ng2e2-e8+\ng2e2-e9^\ng2e2-f2\ng2e2-g2+\ng2e2-h2\ng2e2-i2\ny3e1-d2+\n"
              "y3e1-f2+\n");
}

TEST(GlacialCli, PerftFromTheStart) {
    for (const auto& [depth, count] :
         {std::pair{"1", "9\n"}, {"2", "81\n"}, {"3", "729\n"}, {"4", "6561\n"}}) {
        const RunResult r = run_floe("perft --variant glacial-shift " + Start + " " + depth);
        EXPECT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(r.out, count) << depth;
    }
}

TEST(GlacialCli, PerftDivideOfTheSeedsExample) {
    const RunResult r = run_floe("perft --divide --variant 'Glacial Shift' --fen " + Seed + " 2");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    // Cross-checked with the reference model (tests/rules/glacial_reference_movegen.hpp).
    EXPECT_EQ(r.out,
              "g2e2-a2: 11\ng2e2-b2: 11\ng2e2-c2+: 1\ng2e2-d2: 10\ng2e2-e3: 11\ng2e2-e4: 8\n"
              "g2e2-e5+: 1\ng2e2-e6: 11\ng2e2-e7: 11\ng2e2-e8+: 2\ng2e2-e9^: 11\ng2e2-f2: 11\n"
              "g2e2-g2+: 2\ng2e2-h2: 11\ng2e2-i2: 11\ny3e1-d2+: 2\ny3e1-f2+: 1\n126\n");
}

TEST(GlacialCli, InvalidPositionExitsOneWithTheNamedError) {
    const RunResult r = run_floe(
        "moves --variant 'Glacial Shift' 'Bb1,8,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,3,Rr2,2/9/9/4,Yg2,4/"
        "4,Yy3,4 Y -/-/-/- 544/445/445/445 -/-/-/- 1'");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_TRUE(r.out.empty());
    EXPECT_NE(r.err.find("FEN:1:1: error: board: rank 9 has 10 squares (expected 9) "
                         "[glacial-rank-length]"),
              std::string::npos)
        << r.err;
}

TEST(GlacialCli, ChessUnchangedAndOtherCommandsStillChessOnly) {
    const RunResult chess = run_floe(
        "perft --variant standard 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 3");
    EXPECT_EQ(chess.exit_code, 0) << chess.err;
    EXPECT_EQ(chess.out, "8902\n");
    // Every command reads Glacial Shift records (issue 8), replay included.
    const RunResult replay = run_floe("replay --variant 'Glacial Shift' -", "1. Y: y1e3-e4 *\n");
    EXPECT_EQ(replay.exit_code, 0) << replay.err;
    EXPECT_NE(replay.out.find("\"s\":\"y1e3-e4\""), std::string::npos);
}

}  // namespace
}  // namespace floe::test
