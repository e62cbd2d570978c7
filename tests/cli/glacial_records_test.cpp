// Glacial Shift records on the command line (issue 8): validate and fen (position strings)
// on the samples, a corrupted copy of each sample failing at its line and column, convert's
// canonical round trip, generate's reproducible steered games, --variant for untagged games.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "support/test_support.hpp"

namespace floe::test {
namespace {

const char* const Samples[] = {"samples/glacial/yellow-wins.pgn", "samples/glacial/green-wins.pgn",
                               "samples/glacial/blue-wins.pgn"};

// A sample's text with one substring replaced (which must occur).
std::string corrupted(const std::string& sample, const std::string& from, const std::string& to) {
    std::string text    = read_file(source_path(sample));
    const std::size_t a = text.find(from);
    EXPECT_NE(a, std::string::npos) << from;
    return text.replace(a, from.size(), to);
}

// The sample's bytes without its leading `%` lines (which the writer drops).
std::string canonical(const std::string& sample) {
    const std::string text = read_file(source_path(sample));
    std::size_t at         = 0;
    while (at < text.size() && text[at] == '%') at = text.find('\n', at) + 1;
    return text.substr(at);
}

TEST(GlacialRecords, SamplesValidate) {
    const RunResult r = run_floe("validate " + quoted_source(Samples[0]) + " " +
                                 quoted_source(Samples[1]) + " " + quoted_source(Samples[2]));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_NE(r.out.find("yellow-wins.pgn: 1 games, 118 plies, 0 errors, 0 warnings"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("green-wins.pgn: 1 games, 126 plies, 0 errors, 0 warnings"),
              std::string::npos);
    EXPECT_NE(r.out.find("blue-wins.pgn: 1 games, 154 plies, 0 errors, 0 warnings"),
              std::string::npos);
}

TEST(GlacialRecords, CorruptedCopiesFailAtTheirLineAndColumn) {
    struct Case {
        const char* sample;
        const char* from;
        const char* to;
        const char* where;
    };
    const Case cases[] = {
        {Samples[0], "20. R: b2h8-a1^", "20. Y: b2h8-a1^",
         "<stdin>:17:50: error: game 1, 20. Y: b2h8-a1^: it is Red's turn, not Yellow's "
         "[wrong-seat]"},
        {Samples[1], "23. B: r2a4-a1^", "23. B: r2a4-a2^",
         "<stdin>:19:14: error: game 1, 27. B: r3a1xg1: no piece stands on a1 [illegal-move]"},
        {Samples[2], "38. G: b2f1-i1^", "38. G: b2f1-i1^0",
         "<stdin>:21:5: error: game 1, 38. G: b2f1-i1^0: the promotion is made (canonical: "
         "b2f1-i1^) [wrong-promotion-mark]"},
    };
    for (const Case& c : cases) {
        const RunResult r = run_floe("validate -", corrupted(c.sample, c.from, c.to));
        EXPECT_EQ(r.exit_code, 1) << c.sample;
        EXPECT_NE(r.err.find(c.where), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("note: position before the move: "), std::string::npos) << r.err;
    }
}

TEST(GlacialRecords, ValidateBoardDrawsThePositionBeforeTheFailingPly) {
    const RunResult r =
        run_floe("validate --board -", corrupted(Samples[2], "1. Y: y1f2-f3", "1. Y: q9f2-f3"));
    EXPECT_EQ(r.exit_code, 1);
    // The start position (docs/rules/glacial-shift.md §9.3), after the note with its
    // position string.
    const std::string board =
        "204/204/204/204 -/-/-/- 1\n"
        "9 ·   ·   ▼b2 ▼y2 ▼b3 ▼y2 ▼b2 ·   ·\n"
        "8 ·   ·   ·   ▼b1 ▼r2 ▼b1 ·   ·   ·\n"
        "7 ▶g2 ·   ·   ·   ▼b1 ·   ·   ·   ◀r2\n"
        "6 ▶r2 ▶g1 ·   ·   ·   ·   ·   ◀r1 ◀g2\n"
        "5 ▶g3 ▶b2 ▶g1 ·   ·   ·   ◀r1 ◀y2 ◀r3\n"
        "4 ▶r2 ▶g1 ·   ·   ·   ·   ·   ◀r1 ◀g2\n"
        "3 ▶g2 ·   ·   ·   ▲y1 ·   ·   ·   ◀r2\n"
        "2 ·   ·   ·   ▲y1 ▲g2 ▲y1 ·   ·   ·\n"
        "1 ·   ·   ▲y2 ▲b2 ▲y3 ▲b2 ▲y2 ·   ·\n"
        "  a   b   c   d   e   f   g   h   i\n";
    EXPECT_NE(r.err.find(board), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("Families: Royal y, Left g, Center b, Right r\nYellow to move\n"),
              std::string::npos)
        << r.err;
}

TEST(GlacialRecords, FenGivesPositionStrings) {
    const std::string file = quoted_source(Samples[0]);
    const RunResult start  = run_floe("fen --ply 0 " + file);
    EXPECT_EQ(start.exit_code, 0) << start.err;
    EXPECT_EQ(start.out,
              "2,Bb2,By2,Bb3,By2,Bb2,2/3,Bb1,Br2,Bb1,3/Gg2,3,Bb1,3,Rr2/Gr2,Gg1,5,Rr1,Rg2/"
              "Gg3,Gb2,Gg1,3,Rr1,Ry2,Rr3/Gr2,Gg1,5,Rr1,Rg2/Gg2,3,Yy1,3,Rr2/3,Yy1,Yg2,Yy1,3/"
              "2,Yy2,Yb2,Yy3,Yb2,Yy2,2 Y -/-/-/- 204/204/204/204 -/-/-/- 1\n");
    const RunResult all = run_floe("fen --all " + file);
    EXPECT_EQ(all.exit_code, 0);
    EXPECT_EQ(std::count(all.out.begin(), all.out.end(), '\n'), 119);
    const RunResult last = run_floe("fen " + file);
    EXPECT_EQ(all.out.substr(all.out.rfind('\n', all.out.size() - 2) + 1), last.out);
    // The game is over: the seat to move is `-`.
    EXPECT_NE(last.out.find(" - "), std::string::npos) << last.out;
    const RunResult beyond = run_floe("fen --ply 119 " + file);
    EXPECT_EQ(beyond.exit_code, 2);
    EXPECT_NE(beyond.err.find("game 1 has 118 plies, not ply 119"), std::string::npos);
}

TEST(GlacialRecords, VariantOptionReadsUntaggedGames) {
    const std::string movetext = "1. Y: y1e3-e4 2. G: g1c5-d5 3. B: b1e7-e6 4. R: r1g5-f5 *\n";
    // Read as chess under a chess --variant (without one, the seats make it Glacial Shift).
    const RunResult chess = run_floe("validate --variant 'ice age' -", movetext);
    EXPECT_EQ(chess.exit_code, 1);
    const RunResult untagged = run_floe("validate -", movetext);
    EXPECT_EQ(untagged.exit_code, 0) << untagged.err;
    EXPECT_EQ(untagged.out, "<stdin>: 1 games, 4 plies, 0 errors, 0 warnings\n");
    const RunResult glacial = run_floe("validate --variant 'Glacial Shift' -", movetext);
    EXPECT_EQ(glacial.exit_code, 0) << glacial.err;
    EXPECT_EQ(glacial.out, "<stdin>: 1 games, 4 plies, 0 errors, 0 warnings\n");
    const RunResult fen = run_floe("fen --variant 'Glacial Shift' --ply 1 -", movetext);
    EXPECT_EQ(fen.exit_code, 0) << fen.err;
    EXPECT_NE(fen.out.find(" G -/-/-/- 204/204/204/204 -/-/-/- 2\n"), std::string::npos) << fen.out;
}

TEST(GlacialRecords, ConvertIsCanonical) {
    for (const char* sample : Samples) {
        const RunResult r = run_floe("convert " + quoted_source(sample));
        EXPECT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(r.out, canonical(sample)) << sample;
    }
    // Lenient input is written canonically, with its warnings.
    const RunResult lenient = run_floe("convert --variant 'Glacial Shift' -", "1. Y:e3-e4 *\n");
    EXPECT_EQ(lenient.exit_code, 0);
    EXPECT_NE(lenient.out.find("\n1. Y: y1e3-e4 *\n"), std::string::npos) << lenient.out;
    EXPECT_NE(lenient.err.find("[glued-seat]"), std::string::npos);
}

TEST(GlacialRecords, DiagramAndReplayDrawThem) {  // tests/cli/glacial_diagram_test.cpp
    const RunResult diagram = run_floe("diagram " + quoted_source(Samples[0]));
    EXPECT_EQ(diagram.exit_code, 0) << diagram.err;
    const RunResult replay = run_floe("replay " + quoted_source(Samples[0]));
    EXPECT_EQ(replay.exit_code, 0) << replay.err;
}

TEST(GlacialRecords, ConvertToJson) {
    const RunResult r = run_floe("convert --to json " + quoted_source(Samples[1]));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("\"variant\":\"Glacial Shift\""), std::string::npos);
    EXPECT_NE(r.out.find("\"kind\":\"ply\",\"line\":0,\"parent\":null,\"ply\":1,\"seat\":\"Y\","
                         "\"move\":\"y1d2-d3\",\"position\":"),
              std::string::npos)
        << r.out.substr(0, 400);
    EXPECT_NE(r.out.find("\"result\":\"0-1-0-0\""), std::string::npos);
}

TEST(GlacialRecords, GenerateReproducesTheSamples) {
    const RunResult r =
        run_floe("generate --variant 'Glacial Shift' --seed 7 --max-plies 1500 --steer all");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, canonical(Samples[0]));
    const RunResult two =
        run_floe("generate --variant 'Glacial Shift' --count 2 --seed 3 --max-plies 50");
    EXPECT_EQ(two.exit_code, 0);
    const RunResult checked = run_floe("validate -", two.out);
    EXPECT_EQ(checked.out, "<stdin>: 2 games, 100 plies, 0 errors, 0 warnings\n");
    EXPECT_EQ(run_floe("generate --steer mates").exit_code, 2);
}

}  // namespace
}  // namespace floe::test
