// A tag section ends only at movetext or at a blank line; a repeated tag name is a warning of the
// one game, its first value the tag's, the later pair kept in the output (docs/rules/notation.md
// §1.12; issue 24).

#include <gtest/gtest.h>

#include <string>

#include "support/test_support.hpp"

namespace floe::test {
namespace {

const std::string Repeated =
    "[Event \"a\"]\n[Site \"s\"]\n[Event \"b\"]\n[Opening \"x\"]\n[Opening \"y\"]\n\n1. e4 e5 *\n";

const std::string RepeatedWarnings =
    "<stdin>:3:1: warning: game 1, tag \"Event\" given again in this tag section: the first value "
    "is the tag's, this value \"b\" is kept as written [repeated-tag]\n"
    "    3 | [Event \"b\"]\n"
    "      | ^~~~~~~~~~~\n"
    "<stdin>:5:1: warning: game 1, tag \"Opening\" given again in this tag section: the first "
    "value is the tag's, this value \"y\" is kept as written [repeated-tag]\n"
    "    5 | [Opening \"y\"]\n"
    "      | ^~~~~~~~~~~~~\n";

TEST(TagSection, ARepeatedRosterTagIsKeptInPgnAndJson) {
    const RunResult pgn = run_floe("convert -", Repeated);
    EXPECT_EQ(pgn.exit_code, 0);
    // The roster has the first value; the later pairs follow it as read.
    EXPECT_EQ(pgn.out,
              "[Event \"a\"]\n[Site \"s\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
              "[Black \"?\"]\n[Result \"*\"]\n[Event \"b\"]\n[Opening \"x\"]\n[Opening \"y\"]\n\n"
              "1. e4 e5 *\n");
    EXPECT_EQ(pgn.err.substr(0, RepeatedWarnings.size()), RepeatedWarnings);
    // Read again, the output is the same game and warns again: a fixed point.
    const RunResult again = run_floe("convert -", pgn.out);
    EXPECT_EQ(again.out, pgn.out);
    EXPECT_NE(again.err.find("<stdin>:8:1: warning: game 1, tag \"Event\" given again"),
              std::string::npos)
        << again.err;
    // JSON: one value per name in "tags", the later pairs in "repeated_tags".
    const RunResult json = run_floe("convert --to json -", Repeated);
    EXPECT_NE(json.out.find("\"tags\":{\"Event\":\"a\",\"Site\":\"s\",\"Opening\":\"x\"},"
                            "\"repeated_tags\":[{\"name\":\"Event\",\"value\":\"b\"},"
                            "{\"name\":\"Opening\",\"value\":\"y\"}],"),
              std::string::npos)
        << json.out;
    // --where reads the first value.
    EXPECT_EQ(run_floe("select --count --where 'Event == \"a\"' -", Repeated).out, "1\n");
    EXPECT_EQ(run_floe("select --count --where 'Event == \"b\"' -", Repeated).out, "0\n");
}

// shared/cases/properties/roundtrip-nbsp-repeated-tag-splits-game: convert read 1 game and
// wrote 2.
TEST(TagSection, TheNoBreakSpaceReproducerIsOneGameReadAndWritten) {
    const std::string text = "[A \"1\"]\xC2\xA0[A \"2\"]\n";
    const RunResult r      = run_floe("validate -", text);
    EXPECT_EQ(r.out, "<stdin>: 1 games, 0 plies, 0 errors, 3 warnings\n");
    EXPECT_NE(r.err.find("<stdin>:1:9: warning: game 1, tag \"A\" given again in this tag section: "
                         "the first value is the tag's, this value \"2\" is kept as written "
                         "[repeated-tag]"),
              std::string::npos)
        << r.err;
    const RunResult converted = run_floe("convert -", text);
    EXPECT_EQ(run_floe("validate -", converted.out).out,
              "<stdin>: 1 games, 0 plies, 0 errors, 1 warnings\n");
    EXPECT_EQ(run_floe("convert -", converted.out).out, converted.out);
}

TEST(TagSection, TagSectionsWithABlankLineBetweenAreSeparateGames) {
    const std::string text =
        "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n"
        "[White \"c\"]\n[Black \"d\"]\n[Result \"0-1\"]\n\n"
        "[White \"e\"]\n\n1. e4 *\n";
    const RunResult r = run_floe("select --count -", text);
    EXPECT_EQ(r.out, "3\n");
    const RunResult json = run_floe("convert --to json -", text);
    EXPECT_NE(
        json.out.find("\"game\":2,\"tags\":{\"White\":\"c\",\"Black\":\"d\",\"Result\":\"0-1\"}"),
        std::string::npos)
        << json.out;
}

// python-chess's chessbase-empty-line.pgn: a blank line after [Event], then the other tags.
TEST(TagSection, ChessBasesBlankLineInTheTagSectionIsOneGame) {
    FLOE_REQUIRE_SHARED(shared);
    const std::string file =
        (shared / "corpora/python-chess-data/chessbase-empty-line.pgn").string();
    const RunResult r = run_floe("validate '" + file + "'");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, file + ": 1 games, 134 plies, 0 errors, 0 warnings\n");
}

}  // namespace
}  // namespace floe::test
