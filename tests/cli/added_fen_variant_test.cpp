// `convert --add-tags FEN` on a game without a Variant tag names the variant with the FEN tag it
// adds (issue 24 item 3, found by tests/readback/read_back_test.py): without it, an orthodox game
// whose plies made it Standard came back as Ice Age, since from the usual start written as a FEN
// tag `1. e4` is legal in Ice Age too (docs/rules/notation.md §2.7).
#include <gtest/gtest.h>

#include <string>

#include "support/test_support.hpp"

namespace floe::test {
namespace {

TEST(AddedFenVariant, AnOrthodoxGameReadByItsPliesKeepsItsVariant) {
    const std::string pgn = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n";
    const RunResult r     = run_floe("convert --add-tags FEN -", pgn);
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out,
              "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
              "[Black \"?\"]\n[Result \"*\"]\n[Variant \"Standard\"]\n[SetUp \"1\"]\n"
              "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n"
              "1. e4 e5 2. Nf3 *\n");
    // Read back, it gives the same positions as the input.
    EXPECT_EQ(run_floe("fen --all -", r.out).out, run_floe("fen --all -", pgn).out);
    // With a FEN tag of its own, the record already says how to read it: nothing is added.
    const std::string own = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O *\n";
    EXPECT_EQ(run_floe("convert --variant standard --add-tags FEN -", own).out.find("Variant"),
              std::string::npos);
    // Ice Age games were named already (Variant is written for every game that is not Standard).
    EXPECT_NE(run_floe("convert --add-tags FEN -", "1. Nf3 *\n").out.find("[Variant \"Ice Age\"]"),
              std::string::npos);
}

}  // namespace
}  // namespace floe::test
