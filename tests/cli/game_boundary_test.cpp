// Where one game ends and the next begins without a termination marker (issue 12, item 1;
// docs/rules/notation.md §1.12): two games never merge, and one game is never split.
#include <gtest/gtest.h>

#include <string>

#include "support/test_support.hpp"

namespace floe::test {
namespace {

RunResult validate(const std::string& pgn) {
    return run_floe("validate --variant standard -", pgn);
}

TEST(GameBoundary, AMoveNumberOneAfterOneMoveStartsANewGame) {
    // The case: the first game stopped after Black's first move, with no result.
    RunResult r = validate("1. e4 e5\n\n1. d4 d5 *\n");
    EXPECT_EQ(r.out, "<stdin>: 2 games, 4 plies, 0 errors, 1 warnings\n");
    EXPECT_EQ(r.err,
              "<stdin>:1:9: warning: game 1, no termination marker before the next game begins: "
              "the game ends here, read as * [game-boundary]\n"
              "    1 | 1. e4 e5\n"
              "      |         ^\n");
    EXPECT_EQ(r.exit_code, 0);

    // One move is enough, with or without a blank line, and glued numbers too.
    r = validate("1. e4\n1. d4 *\n");
    EXPECT_EQ(r.out, "<stdin>: 2 games, 2 plies, 0 errors, 1 warnings\n");
    r = validate("1.e4 1.d4 *\n");
    EXPECT_EQ(r.out, "<stdin>: 2 games, 2 plies, 0 errors, 1 warnings\n");
    EXPECT_NE(r.err.find("<stdin>:1:5: warning: game 1, no termination marker before the next "
                         "game begins"),
              std::string::npos);
}

TEST(GameBoundary, BlacksMoveNumberOneAfterWhitesFirstMoveStaysInTheGame) {
    // `1. e4 {…} 1... e5` repeats Black's number after a comment: one game, no warning.
    for (const char* pgn : {"1. e4 {c} 1... e5 *\n", "1. e4 1. ... e5 *\n", "1. e4 1…e5 *\n",
                            "1. e4 !? 1... e5 *\n"}) {
        const RunResult r = validate(pgn);
        EXPECT_EQ(r.out, "<stdin>: 1 games, 2 plies, 0 errors, " +
                             std::string(pgn[6] == '!' ? "1" : "0") + " warnings\n")
            << pgn;
        EXPECT_EQ(r.err.find("game-boundary"), std::string::npos) << pgn;
    }
    // After two moves it is a new game, which is then visibly wrong, not silently joined.
    const RunResult r = validate("1. e4 e5 1... c5 *\n");
    EXPECT_EQ(r.out, "<stdin>: 2 games, 2 plies, 1 errors, 2 warnings\n");
    EXPECT_NE(r.err.find("game 2, 1. c5: no pawn can reach c5 [illegal-move]"), std::string::npos);
}

TEST(GameBoundary, VariationsAndGlacialPliesFollowTheSameRule) {
    // A move number 1 inside a variation starts nothing.
    EXPECT_EQ(validate("1. e4 (1. d4 d5) 1... e5 *\n").out,
              "<stdin>: 1 games, 2 plies, 0 errors, 0 warnings\n");
    // Glacial Shift numbers its plies: a second `1.` after a ply is a new game.
    const RunResult r =
        run_floe("validate --variant 'Glacial Shift' -", "1. Y: y1e3-e4\n\n1. Y: y1e3-e4 *\n");
    EXPECT_EQ(r.out, "<stdin>: 2 games, 2 plies, 0 errors, 1 warnings\n");
}

TEST(GameBoundary, ConvertKeepsTheGamesApart) {
    const RunResult r = run_floe("convert --variant standard -", "1. e4 e5\n\n1. d4 d5 *\n");
    EXPECT_EQ(r.out.substr(r.out.find("\n\n1.") + 2, 10), "1. e4 e5 *");
    EXPECT_NE(r.out.find("\n\n1. d4 d5 *\n"), std::string::npos);
    EXPECT_EQ(run_floe("validate --variant standard -", r.out).out,
              "<stdin>: 2 games, 4 plies, 0 errors, 0 warnings\n");
}

}  // namespace
}  // namespace floe::test
