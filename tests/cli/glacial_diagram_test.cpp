// The diagram and replay commands on Glacial Shift games (issue 8): text and Unicode goldens,
// position strings through --fen, the SVG's squares against `floe fen`, and the replay page's
// positions (its data, rebuilt), ply by ply, against `floe fen --all`, with the mates as events.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "support/glacial_squares.hpp"
#include "support/replay_page_data.hpp"
#include "support/test_support.hpp"

namespace floe::test {
namespace {

const char* const Samples[] = {"samples/glacial/yellow-wins.pgn", "samples/glacial/green-wins.pgn",
                               "samples/glacial/blue-wins.pgn"};

std::string golden(const std::string& name) {
    return read_file(source_path("tests/cli/golden/diagram/" + name));
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

TEST(GlacialDiagramCli, TextAndUnicodeMatchTheGoldenFiles) {
    const std::pair<const char*, const char*> cases[] = {
        {"--ply 0 samples/glacial/yellow-wins.pgn", "glacial-yellow-wins-start.text"},
        {"--to unicode --ply 60 samples/glacial/yellow-wins.pgn",
         "glacial-yellow-wins-ply60.unicode"},
        {"--ply 38 samples/glacial/blue-wins.pgn", "glacial-blue-wins-ply38.text"},
        {"--to unicode --flip --no-coords --ply 38 samples/glacial/blue-wins.pgn",
         "glacial-blue-wins-ply38-flipped-no-coords.unicode"},
        {"samples/glacial/green-wins.pgn", "glacial-green-wins-final.text"},
    };
    for (const auto& [args, file] : cases) {
        std::string a     = args;
        const auto at     = a.rfind(' ') + 1;
        a                 = a.substr(0, at) + quoted_source(a.substr(at));
        const RunResult r = run_floe("diagram " + a);
        EXPECT_EQ(r.exit_code, 0) << args << '\n' << r.err;
        EXPECT_EQ(r.out, golden(file)) << args;
    }
}

TEST(GlacialDiagramCli, PositionStringsThroughFen) {
    const RunResult text =
        run_floe("diagram --variant 'Glacial Shift' --fen '" + GlacialStart + "'");
    EXPECT_EQ(text.exit_code, 0) << text.err;
    EXPECT_EQ(text.out, golden("glacial-yellow-wins-start.text"));
    const RunResult svg =
        run_floe("diagram --to svg --variant 'Glacial Shift' --fen-file -", GlacialStart + "\n");
    EXPECT_EQ(svg.exit_code, 0) << svg.err;
    EXPECT_EQ(svg_squares(svg.out), position_string_squares(GlacialStart));
    // A wrong position string is reported with its field and column, exit 1.
    const RunResult bad = run_floe("diagram --variant 'Glacial Shift' --fen '9/9 Y'");
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_NE(bad.err.find("[glacial-syntax]"), std::string::npos) << bad.err;
}

TEST(GlacialDiagramCli, SvgSquaresMatchFenAtEveryTenthPly) {
    for (const char* sample : Samples) {
        const auto fens = lines(run_floe("fen --all " + quoted_source(sample)).out);
        ASSERT_GT(fens.size(), 100u) << sample;
        for (std::size_t ply = 0; ply < fens.size(); ply += 10) {
            const RunResult svg = run_floe("diagram --to svg --ply " + std::to_string(ply) + " " +
                                           quoted_source(sample));
            ASSERT_EQ(svg.exit_code, 0) << svg.err;
            EXPECT_EQ(svg_squares(svg.out), position_string_squares(fens[ply]))
                << sample << " ply " << ply;
            EXPECT_NE(svg.out.find("data-position=\"" + fens[ply] + "\""), std::string::npos);
        }
    }
}

TEST(GlacialReplay, EveryPlysPositionMatchesFenAndTheMatesAreEvents) {
    const std::string sample = quoted_source("samples/glacial/yellow-wins.pgn");
    const RunResult r        = run_floe("replay " + sample);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto fens           = lines(run_floe("fen --all " + sample).out);
    const nlohmann::json game = page_game(r.out);
    ASSERT_TRUE(game.is_object());
    EXPECT_EQ(game["game"], "glacial");
    ASSERT_EQ(fens.size(), 119u);
    EXPECT_EQ(page_main_line(game), fens);
    const nlohmann::json& nodes = game["nodes"];
    EXPECT_EQ(nodes[1]["s"], "b2d1-c2");
    EXPECT_FALSE(nodes[0].contains("t"));  // "Yellow to move": the script's default
    // The three mates of the game (docs/notation.md): each ply's move and its event.
    const std::tuple<int, const char*, const char*> mates[] = {
        {57, "y3i6xh5+", "<bare mate: R by Y>"},
        {84, "b2b5xb6+", "<mate: G by Y>"},
        {118, "g3@e8+", "<mate: B by Y>"},
    };
    int events = 0;
    for (const auto& n : nodes) events += n.contains("e");
    EXPECT_EQ(events, 3);
    for (const auto& [ply, move, event] : mates) {
        EXPECT_EQ(nodes[ply]["s"], move);
        EXPECT_EQ(nodes[ply]["e"], event);
    }
    EXPECT_EQ(nodes.back()["t"], "Yellow wins (1-0-0-0)");
    EXPECT_EQ(game["result"], "1-0-0-0");
    // Self-contained: no network, no external script, style or font.
    for (const char* banned :
         {"<script src", "<link", "@import", "@font-face", "url(http", "src=\"http", "href=\"http"})
        EXPECT_EQ(r.out.find(banned), std::string::npos) << banned;
}

TEST(GlacialReplay, StopsAtAFailingPly) {
    const std::string record =
        "[Variant \"Glacial Shift\"]\n\n1. Y: b2d1-c2 2. G: g1b4-c4 3. B: b2g9-g5 *\n";
    const RunResult r = run_floe("replay -", record);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(page_game(r.out)["nodes"].size(), 3u);
    EXPECT_NE(r.out.find("The main line stops here: "), std::string::npos);
}

}  // namespace
}  // namespace floe::test
