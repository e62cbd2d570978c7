// Comment commands through `convert`: typed in the JSON (formats/comment_commands.hpp), on the
// game's own board, and kept byte for byte by the canonical PGN writer.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "support/cli_checks.hpp"
#include "support/json_moves.hpp"

namespace floe::test {
namespace {

const std::string ChessGame =
    "{[%clk 1:30:00]} 1. e4 {[%clk 1:30:05.5] [%eval 0.35,20]  [%csl Re4,Gd5][%cal Ge2e4]"
    " [%emt 0:00:07]} e5 {[%clk abc] [%eval #-3] [%eval  -1.5 ]} (1... c5 {[%csl Ri9]}) *\n";

nlohmann::json comment(const nlohmann::json& line_or_ply) { return line_or_ply["comments"][0]; }

TEST(CommentCommandsCli, ChessCommandsAreTyped) {
    const RunResult r = run_floe("convert --to json --variant standard -", ChessGame);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto game = nlohmann::json::parse(r.out);
    EXPECT_EQ(comment(game["moves"][0])["command_data"], nlohmann::json::parse(R"([
        {"command": "clk", "text": "1:30:00", "seconds": 5400.0}])"));
    const auto plies = line_plies(game["moves"]);
    EXPECT_EQ(comment(plies[0])["command_data"], nlohmann::json::parse(R"([
        {"command": "clk", "text": "1:30:05.5", "seconds": 5405.5},
        {"command": "eval", "text": "0.35,20", "pawns": 0.35, "depth": 20},
        {"command": "csl", "text": "Re4,Gd5",
         "squares": [{"color": "R", "square": "e4"}, {"color": "G", "square": "d5"}]},
        {"command": "cal", "text": "Ge2e4", "arrows": [{"color": "G", "from": "e2", "to": "e4"}]},
        {"command": "emt", "text": "0:00:07", "seconds": 7.0}])"));
    EXPECT_EQ(comment(plies[0])["commands"], nlohmann::json::parse(R"({
        "clk": "1:30:05.5", "eval": "0.35,20", "csl": "Re4,Gd5", "cal": "Ge2e4",
        "emt": "0:00:07"})"));
    EXPECT_EQ(comment(plies[1])["command_data"], nlohmann::json::parse(R"([
        {"command": "clk", "text": "abc"},
        {"command": "eval", "text": "#-3", "mate": -3},
        {"command": "eval", "text": "-1.5", "pawns": -1.5}])"));
    EXPECT_EQ(comment(plies[1])["commands"],
              nlohmann::json::parse(R"({"clk": "abc", "eval": "-1.5"})"));
    // i9 is no chess square: the command keeps its text alone.
    EXPECT_EQ(
        comment(variation_plies(game["moves"], plies[1]["id"].get<long>())[0])["command_data"],
        nlohmann::json::parse(R"([{"command": "csl", "text": "Ri9"}])"));
}

TEST(CommentCommandsCli, GlacialShiftSquaresAreTypedOnItsBoard) {
    const RunResult r = run_floe("convert --to json -",
                                 "[Variant \"Glacial Shift\"]\n\n"
                                 "1. Y: y1e3-e4 {[%csl Yi9,Ge5] [%cal Ra1i9] [%csl Rj1]} *\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto game = nlohmann::json::parse(r.out);
    EXPECT_EQ(comment(line_plies(game["moves"])[0])["command_data"], nlohmann::json::parse(R"([
        {"command": "csl", "text": "Yi9,Ge5",
         "squares": [{"color": "Y", "square": "i9"}, {"color": "G", "square": "e5"}]},
        {"command": "cal", "text": "Ra1i9", "arrows": [{"color": "R", "from": "a1", "to": "i9"}]},
        {"command": "csl", "text": "Rj1"}])"));
}

TEST(CommentCommandsCli, CanonicalWriterKeepsTheCommentBytes) {
    // Lines are broken between tokens (79 columns), never inside a comment.
    EXPECT_EQ(convert_movetext(ChessGame, "--variant standard"),
              "{[%clk 1:30:00]} 1. e4\n"
              "{[%clk 1:30:05.5] [%eval 0.35,20]  [%csl Re4,Gd5][%cal Ge2e4] [%emt 0:00:07]}\n"
              "1... e5 {[%clk abc] [%eval #-3] [%eval  -1.5 ]} (1... c5 {[%csl Ri9]}) *");
}

}  // namespace
}  // namespace floe::test
