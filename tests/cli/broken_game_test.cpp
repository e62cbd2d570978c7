// A broken game stays visibly broken, and every subcommand reads it the same way (issue 12,
// items 4, 5 and 6; docs/rules/notation.md §7.5):
// - the first error of a line ends it, a syntax error as much as an illegal move: the plies
//   before it count, the rest is kept as text, in validate, fen, convert and the JSON alike;
// - convert keeps that rest behind a marker `[%floe CODE]` that reports CODE again when read;
// - convert's output, converted again, gives the same bytes and the same games.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "support/json_moves.hpp"
#include "support/test_support.hpp"

namespace floe::test {
namespace {

// The movetext of `convert OPTIONS -` (after the tag section).
std::string movetext(const std::string& converted) {
    return converted.substr(converted.find("\n\n") + 2);
}

// Plies of the first game as each command counts them.
struct PlyCounts {
    int validate = -1, fen = -1, json = -1, converted = -1;
};
PlyCounts ply_counts(const std::string& pgn) {
    PlyCounts c;
    const std::string summary = run_floe("validate --to json --variant standard -", pgn).out;
    c.validate                = nlohmann::json::parse(summary.substr(summary.rfind('{')))["plies"];
    const std::string fens    = run_floe("fen --all --variant standard -", pgn).out;
    c.fen = static_cast<int>(std::count(fens.begin(), fens.end(), '\n')) - 1;  // the start too
    const auto json =
        nlohmann::json::parse(run_floe("convert --to json --variant standard -", pgn).out);
    c.json                  = static_cast<int>(line_plies(json["moves"]).size());
    const std::string again = run_floe("convert --variant standard -", pgn).out;
    const std::string check = run_floe("validate --to json --variant standard -", again).out;
    c.converted             = nlohmann::json::parse(check.substr(check.rfind('{')))["plies"];
    return c;
}

TEST(BrokenGame, ASyntaxErrorEndsItsLineInEverySubcommand) {
    // Item 6: a NAG out of range, a stray `)`, a NUL byte, a tag in the movetext. Before, validate
    // and fen replayed e5 and Nf3 while convert kept them as text.
    for (const std::string& bad :
         std::vector<std::string>{"$256", ")", std::string(1, '\0'), "[Foo \"x\"]"}) {
        const std::string pgn = "1. e4 " + bad + " e5 2. Nf3 *\n";
        const PlyCounts c     = ply_counts(pgn);
        EXPECT_EQ(c.validate, 1) << bad;
        EXPECT_EQ(c.fen, 1) << bad;
        EXPECT_EQ(c.json, 1) << bad;
        EXPECT_EQ(c.converted, 1) << bad;
    }
    // The last position is not the game's: fen exits 1, printing the error, as for an illegal
    // move (docs/decisions/command-line.md).
    const RunResult fen = run_floe("fen --variant standard -", "1. e4 $256 e5 2. Nf3 *\n");
    EXPECT_EQ(fen.exit_code, 1);
    EXPECT_EQ(fen.out, "");
    EXPECT_NE(fen.err.find("<stdin>:1:7: error: game 1, NAG $256 out of range: expected $0 to "
                           "$255 [syntax-error]"),
              std::string::npos);
    EXPECT_EQ(run_floe("fen --ply 1 --variant standard -", "1. e4 $256 e5 2. Nf3 *\n").out,
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
    // An error in a variation ends that variation only.
    EXPECT_EQ(ply_counts("1. e4 (1. d4 $300 d5) 1... e5 2. Nf3 *\n").validate, 3);
}

TEST(BrokenGame, ConvertMarksTheRestSoThatItIsReportedAgain) {
    // Item 4: the output of a broken game is a broken game, with the same code at the marker.
    const RunResult once = run_floe("convert " + quoted_source("samples/broken/three-faults.pgn"));
    EXPECT_EQ(once.exit_code, 1);
    EXPECT_NE(once.out.find("1. dx*e3 dx*e6 2. bx*c3 bx*c6 {[%floe illegal-move] e4} *\n"),
              std::string::npos);
    EXPECT_NE(once.out.find("Nx*f5 {[%floe ambiguous-move] Nx*d5} *\n"), std::string::npos);
    EXPECT_NE(once.out.find("1. dx*e3 dx*e6 {[%floe unterminated-comment] {unclosed comment "
                            "bx*c3 *} *\n"),
              std::string::npos);
    for (const std::string strict : {std::string(), std::string("--strict ")}) {
        const RunResult again = run_floe("validate --to json " + strict + "-", once.out);
        EXPECT_EQ(again.exit_code, 1);
        std::istringstream lines(again.out);
        std::vector<std::string> found;
        for (std::string line; std::getline(lines, line);) {
            const auto j = nlohmann::json::parse(line);
            if (j.contains("code"))
                found.push_back(std::to_string(j["line"].get<int>()) + ":" +
                                std::to_string(j["column"].get<int>()) + " " +
                                j["severity"].get<std::string>() + " " +
                                j["code"].get<std::string>());
        }
        EXPECT_EQ(found, (std::vector<std::string>{"10:31 error illegal-move",
                                                   "21:46 error ambiguous-move",
                                                   "32:16 error unterminated-comment"}))
            << strict;
    }
    const RunResult validate = run_floe("validate -", once.out);
    EXPECT_EQ(validate.out, "<stdin>: 3 games, 12 plies, 3 errors, 0 warnings\n");
    EXPECT_NE(validate.err.find("<stdin>:10:31: error: game 1 (Ann vs Bob), marker of an earlier "
                                "conversion: the line stopped here at an error, and its unread "
                                "rest is kept in this comment [illegal-move]"),
              std::string::npos);
    // And converting it again changes nothing.
    EXPECT_EQ(run_floe("convert -", once.out).out, once.out);
}

TEST(BrokenGame, MarkersOfEveryForm) {
    // A rest holding `}` is one comment per source line, the marker on the first.
    EXPECT_EQ(movetext(run_floe("convert --variant standard -", "1. e4 Kxe4 {x}\n2. d4 *").out),
              "1. e4 ;[%floe illegal-move] Kxe4 {x}\n{2. d4} *\n");
    // A malformed tag of the tag section stops no line: it is kept before the movetext.
    const RunResult tag =
        run_floe("convert --variant standard -", "[White \"Ann\n[Black \"Bob\"]\n\n1. e4 e5 *\n");
    EXPECT_EQ(movetext(tag.out), "{[%floe unterminated-tag] [White \"Ann} 1. e4 e5 *\n");
    EXPECT_NE(tag.out.find("[Black \"Bob\"]\n"), std::string::npos);
    const RunResult read = run_floe("validate --variant standard -", tag.out);
    EXPECT_EQ(read.out, "<stdin>: 1 games, 2 plies, 1 errors, 0 warnings\n");
    EXPECT_NE(read.err.find("a malformed tag pair, kept in this comment [unterminated-tag]"),
              std::string::npos);
    // A marker that names no code is a syntax error, and still ends its line.
    const RunResult unknown =
        run_floe("validate --variant standard -", "1. e4 {[%floe no-such-code] e5} 2. d4 *\n");
    EXPECT_EQ(unknown.out, "<stdin>: 1 games, 1 plies, 1 errors, 0 warnings\n");
    EXPECT_NE(unknown.err.find("[%floe no-such-code] names no floe diagnostic"), std::string::npos);
    // Moves written by hand after a marker are kept behind it as plain text, once.
    const std::string once =
        run_floe("convert --variant standard -", "1. e4 {[%floe illegal-move] x} e5 *\n").out;
    EXPECT_EQ(movetext(once), "1. e4 {[%floe illegal-move] x} {e5} *\n");
    EXPECT_EQ(run_floe("convert --variant standard -", once).out, once);
}

// Item 5: the four ways the fuzzing campaign found that convert of convert's output differed.
TEST(BrokenGame, TheCanonicalWriterIsAFixedPointOnWhatTheFuzzerFound) {
    auto fixed_point = [](const std::string& pgn, int games) {
        const RunResult once  = run_floe("convert --variant standard -", pgn);
        const RunResult twice = run_floe("convert --variant standard -", once.out);
        EXPECT_EQ(twice.out, once.out) << pgn;
        const std::string summary = run_floe("validate --variant standard -", once.out).out;
        EXPECT_EQ(summary.substr(0, summary.find(" games")), "<stdin>: " + std::to_string(games))
            << pgn;
        return once.out;
    };
    // 1. A written comment held a line that reads as a tag (the rest of a malformed tag
    //    section), and the game split in two.
    fixed_point("[Bad\n[White \"x\"]\n\n1. e4 *\n", 1);
    // 2. The comment holding the rest moved before the variations on the second pass.
    EXPECT_EQ(movetext(fixed_point("1. e4 (1. d4) Kxe4 *\n", 1)),
              "1. e4 (1. d4) {[%floe illegal-move] Kxe4} *\n");
    // 3. A game written as read (its variant unknown) absorbed the next game's roster tags: it
    //    ended with no termination marker. It is written with one (and an unterminated
    //    comment closed first, followed by the marker of its error). A repeated tag name stays
    //    in its game (docs/rules/notation.md §1.12): the first game keeps both Variant tags.
    const std::string as_read = fixed_point(
        "[Variant \"Atomic\"]\n[Variant \"Standard\"]\n\n1. e4 *\n\n[Variant \"Atomic\"]\n\n1. "
        "e4 {open\n",
        2);
    EXPECT_EQ(as_read.substr(0, as_read.find("\n\n")),
              "[Variant \"Atomic\"]\n[Variant \"Standard\"]");
    EXPECT_TRUE(as_read.ends_with(
        "[Variant \"Atomic\"]\n\n1. e4 {open} {[%floe unterminated-comment]}\n*\n"))
        << as_read;
    // 4. validate counted a ply that convert and the JSON kept only as comment text: a wrong
    //    event (here an Ice Age where none is due) ends its line like any error.
    EXPECT_EQ(run_floe("validate --variant standard -", "1. e4 <ice age> e5 *\n").out,
              "<stdin>: 1 games, 1 plies, 1 errors, 0 warnings\n");
    EXPECT_EQ(movetext(fixed_point("1. e4 <ice age> e5 *\n", 1)),
              "1. e4 {[%floe unexpected-event] <ice age> e5} *\n");
}

// A game passed through as written (a variant floe cannot replay) whose comment is never
// closed: the writer closes it, and adds the marker of its error, so that converting the output
// again reports it again and gives the same bytes (found by the round-trip fuzz target).
TEST(BrokenGame, APassedThroughGameKeepsItsUnterminatedComment) {
    const std::string pgn = "[Variant \"Foo\"]\n\n1. e4 {unclosed\n";
    const RunResult once  = run_floe("convert -", pgn);
    const std::string text =
        "[Variant \"Foo\"]\n\n1. e4 {unclosed} {[%floe unterminated-comment]}\n*\n";
    EXPECT_EQ(once.out, text);
    EXPECT_EQ(once.exit_code, 1);
    const RunResult twice = run_floe("convert -", once.out);
    EXPECT_EQ(twice.out, text);
    EXPECT_EQ(twice.exit_code, 1);
    EXPECT_NE(twice.err.find(":3:18: error: game 1, marker of an earlier conversion: the line "
                             "stopped here at an error, and its unread rest is kept in this "
                             "comment [unterminated-comment]"),
              std::string::npos)
        << twice.err;
}

}  // namespace
}  // namespace floe::test
