// `floe fen --all --to epd` (issue 16): EPD lines, the four FEN fields and an id naming the game
// and ply, like pgn-extract's -Wepd; Crazyhouse pockets, the Ice Age fullmove number, Glacial Shift
// position strings, a broken game, and `--jobs 2` writing what `--jobs 1` writes.
#include <gtest/gtest.h>

#include <string>

#include "support/test_support.hpp"

namespace floe::test {
namespace {

// The second game fails at its second ply.
const std::string TwoGames =
    "[Variant \"Standard\"]\n\n1. e4 e5 *\n\n[Variant \"Standard\"]\n\n1. d4 Ke7 2. c4 *\n";

TEST(FenEpd, EveryGameWithAnIdAndABrokenGameStopsAtItsError) {
    const RunResult r = run_floe("fen --all --to epd -", TwoGames);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out,
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"game 1 ply 0\";\n"
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"game 1 ply 1\";\n"
              "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id \"game 1 ply 2\";\n"
              "\n"
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"game 2 ply 0\";\n"
              "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - id \"game 2 ply 1\";\n");
    EXPECT_NE(r.err.find("Ke7"), std::string::npos);
}

TEST(FenEpd, OneGameKeepsItsNumberInTheFile) {
    const RunResult r = run_floe("fen --all --to epd --game 2 -", TwoGames);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out,
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"game 2 ply 0\";\n"
              "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - id \"game 2 ply 1\";\n");
}

TEST(FenEpd, CrazyhousePocketsStayInTheBoardField) {
    const RunResult r =
        run_floe("fen --all --to epd -", "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 *\n");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out,
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - id \"game 1 ply 0\";\n"
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - id \"game 1 ply 1\";\n"
              "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR[] w KQkq - id \"game 1 ply 2\";\n"
              "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[P] b KQkq - id \"game 1 ply 3\";\n"
              "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - id \"game 1 ply 4\";\n");
}

// The fullmove number decides the next Ice Age: it stays, as the fmvn operation.
TEST(FenEpd, IceAgeKeepsTheFullmoveNumber) {
    const RunResult r =
        run_floe("fen --all --to epd " + quoted_source("samples/ice-age/reference-3.pgn"));
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out,
              "2rq1rk1/3bpp2/1*1p1bP1/1p2n3/4P2P/1NN2P1*/PPPQ4/1K1R3R b - - fmvn 20; id \"game 1 "
              "ply 0\";\n"
              "***q1rk*/***bpp**/***p1bP*/****n***/****P***/*Nr**P**/PPPQ****/1K1R**** w - - fmvn "
              "21; id \"game 1 ply 1\";\n");
}

// Glacial Shift has no EPD: its position string, whole, with the same id.
TEST(FenEpd, GlacialShiftPositionStringWithAnId) {
    const RunResult r =
        run_floe("fen --all --to epd -", "[Variant \"Glacial Shift\"]\n\n1. Y: y1e3-e4 *\n");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out,
              "2,Bb2,By2,Bb3,By2,Bb2,2/3,Bb1,Br2,Bb1,3/Gg2,3,Bb1,3,Rr2/Gr2,Gg1,5,Rr1,Rg2/"
              "Gg3,Gb2,Gg1,3,Rr1,Ry2,Rr3/Gr2,Gg1,5,Rr1,Rg2/Gg2,3,Yy1,3,Rr2/3,Yy1,Yg2,Yy1,3/"
              "2,Yy2,Yb2,Yy3,Yb2,Yy2,2 Y -/-/-/- 204/204/204/204 -/-/-/- 1 id \"game 1 ply 0\";\n"
              "2,Bb2,By2,Bb3,By2,Bb2,2/3,Bb1,Br2,Bb1,3/Gg2,3,Bb1,3,Rr2/Gr2,Gg1,5,Rr1,Rg2/"
              "Gg3,Gb2,Gg1,3,Rr1,Ry2,Rr3/Gr2,Gg1,2,Yy1,2,Rr1,Rg2/Gg2,7,Rr2/3,Yy1,Yg2,Yy1,3/"
              "2,Yy2,Yb2,Yy3,Yb2,Yy2,2 G -/-/-/- 204/204/204/204 -/-/-/- 2 id \"game 1 ply 1\";\n");
}

TEST(FenEpd, NeedsAll) {
    const RunResult r = run_floe("fen --to epd -", TwoGames);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_TRUE(r.out.empty());
    EXPECT_EQ(r.err, "floe fen: --to epd requires --all\n");
    // --epd, its old spelling, still works, with a warning.
    const RunResult old = run_floe("fen --all --epd -", TwoGames);
    EXPECT_EQ(old.out, run_floe("fen --all --to epd -", TwoGames).out);
    EXPECT_EQ(
        old.err.rfind("floe fen: warning: --epd is deprecated; use --to epd\n<stdin>:7:7: ", 0), 0u)
        << old.err;
}

TEST(FenEpd, JobsTwoWritesWhatJobsOneWrites) {
    std::string input;
    for (int i = 0; i < 60; ++i) input += TwoGames + "\n";
    const RunResult one = run_floe("fen --all --to epd --jobs 1 -", input);
    const RunResult two = run_floe("fen --all --to epd --jobs 2 -", input);
    EXPECT_EQ(one.exit_code, 1);
    EXPECT_EQ(two.out, one.out);
    EXPECT_EQ(two.err, one.err);
    EXPECT_NE(one.out.find("id \"game 120 ply 1\";\n"), std::string::npos);
}

}  // namespace
}  // namespace floe::test
