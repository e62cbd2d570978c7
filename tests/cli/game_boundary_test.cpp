// Where one game ends and the next begins without a termination marker (issue 12, item 1;
// docs/rules/notation.md §1.12): two games never merge, and one game is never split.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
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

// A byte-order mark in the middle of a file (`cat a.pgn b.pgn`) at a line start is white space:
// a `%` escape line after it is an escape line, and a tag pair after it starts a game, for every
// command alike (issue 25 item 9, ../shared/cases/hostile/midfile_bom_before_percent.pgn: the
// `%` line was a phantom third game).
TEST(GameBoundary, AByteOrderMarkMidFileIsWhiteSpaceAtItsLineStart) {
    const std::string bom = "\xEF\xBB\xBF";
    const std::string a   = "[Event \"a\"]\n[Variant \"Standard\"]\n\n1. e4 *\n\n";
    const std::string b   = "[Event \"b\"]\n[Variant \"Standard\"]\n\n1. d4 *\n";
    // Between games the mark is skipped as white space; inside a game it is a Unicode space,
    // with its warning (docs/rules/notation.md §1.14).
    const std::string clean = "<stdin>: 2 games, 2 plies, 0 errors, 0 warnings\n";
    for (const auto& [text, summary] :
         {std::pair{a + bom + "% comment line\n" + b, clean}, std::pair{a + bom + b, clean},
          std::pair{a + bom + bom + "% two marks\n" + b, clean},
          std::pair{"[Event \"a\"]\n[Variant \"Standard\"]\n\n1. e4\n" + bom +
                        "% inside the movetext\n*\n\n" + b,
                    std::string("<stdin>: 2 games, 2 plies, 0 errors, 1 warnings\n")}}) {
        SCOPED_TRACE(text);
        EXPECT_EQ(run_floe("select --count -", text).out, "2\n");
        const RunResult v = run_floe("validate -", text);
        EXPECT_EQ(v.out, summary) << v.err;
        const RunResult c = run_floe("convert -", text);
        EXPECT_EQ(c.exit_code, 0) << c.err;
        EXPECT_EQ(run_floe("select --count -", c.out).out, "2\n");
        // The parts of a sharded run hold the two games between them.
        const std::string path = (std::filesystem::temp_directory_path() /
                                  ("floe-bom-" + std::to_string(::getpid()) + ".pgn"))
                                     .string();
        std::ofstream(path, std::ios::binary) << text;
        int games = 0;
        for (const char* part : {"1/2", "2/2"})
            games += std::stoi(
                run_floe(std::string("select --count --shard ") + part + " '" + path + "'").out);
        std::filesystem::remove(path);
        EXPECT_EQ(games, 2);
    }
}

}  // namespace
}  // namespace floe::test
