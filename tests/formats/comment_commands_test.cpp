// Comment commands as data (formats/comment_commands.hpp, comment_json): every form lichess and
// ChessBase write, each malformed one kept as text, repeated ones, and Glacial Shift's squares.
#include "formats/comment_commands.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "formats/json_writer.hpp"

namespace {

using namespace floe::formats;

// The JSON of a comment, as one line.
std::string json(std::string_view comment, int board_size = 8) {
    return dump_line(comment_json(comment, floe::rules::Encoding::Cp1252, board_size));
}

TEST(CommentCommands, FindsKnownOnesInOrderWithRepeats) {
    const auto commands =
        find_comment_commands("[%clk 0:01:00] x [%c_effect d5;x] [%eval  0.3 ] [%clk 0:00:59]");
    ASSERT_EQ(commands.size(), 3u);
    EXPECT_EQ(commands[0].name, "clk");
    EXPECT_EQ(commands[0].value, "0:01:00");
    EXPECT_EQ(commands[1].name, "eval");
    EXPECT_EQ(commands[1].value, "0.3");
    EXPECT_EQ(commands[2].name, "clk");
    EXPECT_EQ(commands[2].value, "0:00:59");
    EXPECT_TRUE(find_comment_commands("[%clk 0:01:00").empty());
    EXPECT_TRUE(find_comment_commands("no commands").empty());
}

TEST(CommentCommands, ALineBreakOrTabInsideACommandIsABlank) {
    // A writer that wraps long comments may break a line after the name; the comment keeps the
    // bytes, and the command is still read.
    const auto commands = find_comment_commands("[%clk\n0:09:35] [%eval\t0.3\r\n] [%csl\r\nRf7]");
    ASSERT_EQ(commands.size(), 3u);
    EXPECT_EQ(commands[0].name, "clk");
    EXPECT_EQ(commands[0].value, "0:09:35");
    EXPECT_EQ(commands[1].name, "eval");
    EXPECT_EQ(commands[1].value, "0.3");
    EXPECT_EQ(commands[2].name, "csl");
    EXPECT_EQ(commands[2].value, "Rf7");
    EXPECT_EQ(json("[%clk\n0:09:35]"),
              R"({"text":"[%clk\n0:09:35]","commands":{"clk":"0:09:35"},)"
              R"("command_data":[{"command":"clk","text":"0:09:35","seconds":575.0}]})");
    // A name glued to a line break with nothing after it is a command without value.
    ASSERT_EQ(find_comment_commands("[%clk\n]").size(), 1u);
    EXPECT_EQ(find_comment_commands("[%clk\n]")[0].value, "");
}

TEST(CommentCommands, ClockSeconds) {
    EXPECT_EQ(clock_seconds("1:30:05"), 5405.0);
    EXPECT_EQ(clock_seconds("1:30:05.5"), 5405.5);
    EXPECT_EQ(clock_seconds("0:00:05.3"), 5.3);
    EXPECT_EQ(clock_seconds("0:01:05.1"), 65.1);
    EXPECT_EQ(clock_seconds("123:00:00"), 442800.0);
    EXPECT_EQ(clock_seconds("abc"), std::nullopt);
    EXPECT_EQ(clock_seconds(""), std::nullopt);
    EXPECT_EQ(clock_seconds("1:5:00"), std::nullopt);
    EXPECT_EQ(clock_seconds("1:60:00"), std::nullopt);
    EXPECT_EQ(clock_seconds("1:00:60"), std::nullopt);
    EXPECT_EQ(clock_seconds("0:00:05."), std::nullopt);
    EXPECT_EQ(clock_seconds("0:00:05,5"), std::nullopt);
    EXPECT_EQ(clock_seconds("-1:00:00"), std::nullopt);
    EXPECT_EQ(clock_seconds("1234567890:00:00"), std::nullopt);
}

TEST(CommentCommands, Evaluation) {
    const auto pawns = evaluation("-1.25");
    ASSERT_TRUE(pawns);
    EXPECT_EQ(pawns->pawns, -1.25);
    EXPECT_EQ(pawns->mate, std::nullopt);
    EXPECT_EQ(pawns->depth, std::nullopt);
    EXPECT_EQ(evaluation("+3")->pawns, 3.0);
    EXPECT_EQ(evaluation("0.35,20")->depth, 20);
    EXPECT_EQ(evaluation("#-3")->mate, -3);
    EXPECT_EQ(evaluation("#+3")->mate, 3);
    EXPECT_EQ(evaluation("#3,18")->depth, 18);
    EXPECT_EQ(evaluation("#3")->pawns, std::nullopt);
    for (const char* bad : {"", "abc", "#", "#-", "#1.5", "1.", ".5", "1e3", "0.3,", "0.3,-2",
                            "0.3,x", "--1", "inf", "0.3 x"})
        EXPECT_EQ(evaluation(bad).has_value(), false) << bad;
}

TEST(CommentCommands, SquaresAndArrowsOnEachBoard) {
    const auto squares = colored_squares("Re4,Gd5", 8);
    ASSERT_TRUE(squares);
    ASSERT_EQ(squares->size(), 2u);
    EXPECT_EQ((*squares)[1].color, 'G');
    EXPECT_EQ((*squares)[1].square, "d5");
    EXPECT_EQ(colored_squares("", 8)->size(), 0u);
    EXPECT_EQ(colored_squares("Ri9", 8), std::nullopt);
    EXPECT_EQ(colored_squares("Ri9", 9)->size(), 1u);
    EXPECT_EQ(colored_squares("Xe4", 8), std::nullopt);
    EXPECT_EQ(colored_squares("re4", 8), std::nullopt);
    EXPECT_EQ(colored_squares("Re4,", 8), std::nullopt);
    EXPECT_EQ(colored_squares("Re4, Gd5", 8), std::nullopt);
    const auto list = arrows("Ge2e4", 8);
    ASSERT_TRUE(list);
    ASSERT_EQ(list->size(), 1u);
    EXPECT_EQ((*list)[0].from, "e2");
    EXPECT_EQ((*list)[0].to, "e4");
    EXPECT_EQ(arrows("Ya1i9", 8), std::nullopt);
    EXPECT_EQ(arrows("Ya1i9", 9)->size(), 1u);
    EXPECT_EQ(arrows("Ge2", 8), std::nullopt);
}

TEST(CommentJson, EveryForm) {
    EXPECT_EQ(json("[%clk 1:30:05.5]"),
              R"({"text":"[%clk 1:30:05.5]","commands":{"clk":"1:30:05.5"},)"
              R"("command_data":[{"command":"clk","text":"1:30:05.5","seconds":5405.5}]})");
    EXPECT_EQ(json("[%emt 0:00:07]"),
              R"({"text":"[%emt 0:00:07]","commands":{"emt":"0:00:07"},)"
              R"("command_data":[{"command":"emt","text":"0:00:07","seconds":7.0}]})");
    EXPECT_EQ(json("[%eval 0.35]"),
              R"({"text":"[%eval 0.35]","commands":{"eval":"0.35"},)"
              R"("command_data":[{"command":"eval","text":"0.35","pawns":0.35}]})");
    EXPECT_EQ(json("[%eval -0.00]"),
              R"({"text":"[%eval -0.00]","commands":{"eval":"-0.00"},)"
              R"("command_data":[{"command":"eval","text":"-0.00","pawns":0.0}]})");
    EXPECT_EQ(json("[%eval 0.35,20]"),
              R"({"text":"[%eval 0.35,20]","commands":{"eval":"0.35,20"},)"
              R"("command_data":[{"command":"eval","text":"0.35,20","pawns":0.35,"depth":20}]})");
    EXPECT_EQ(json("[%eval #-3]"),
              R"({"text":"[%eval #-3]","commands":{"eval":"#-3"},)"
              R"("command_data":[{"command":"eval","text":"#-3","mate":-3}]})");
    EXPECT_EQ(json("[%csl Re4,Gd5]"),
              R"({"text":"[%csl Re4,Gd5]","commands":{"csl":"Re4,Gd5"},)"
              R"("command_data":[{"command":"csl","text":"Re4,Gd5","squares":)"
              R"([{"color":"R","square":"e4"},{"color":"G","square":"d5"}]}]})");
    EXPECT_EQ(json("[%cal Ge2e4,Bb1c3]"),
              R"({"text":"[%cal Ge2e4,Bb1c3]","commands":{"cal":"Ge2e4,Bb1c3"},)"
              R"("command_data":[{"command":"cal","text":"Ge2e4,Bb1c3","arrows":)"
              R"([{"color":"G","from":"e2","to":"e4"},{"color":"B","from":"b1","to":"c3"}]}]})");
    EXPECT_EQ(json("[%cal ]"), R"({"text":"[%cal ]","commands":{"cal":""},)"
                               R"("command_data":[{"command":"cal","text":"","arrows":[]}]})");
    EXPECT_EQ(json("plain"), R"({"text":"plain"})");
}

TEST(CommentJson, MalformedOnesKeepTheirTextOnly) {
    EXPECT_EQ(json("[%clk abc]"), R"({"text":"[%clk abc]","commands":{"clk":"abc"},)"
                                  R"("command_data":[{"command":"clk","text":"abc"}]})");
    EXPECT_EQ(json("[%emt 5s]"), R"({"text":"[%emt 5s]","commands":{"emt":"5s"},)"
                                 R"("command_data":[{"command":"emt","text":"5s"}]})");
    EXPECT_EQ(json("[%eval +-]"), R"({"text":"[%eval +-]","commands":{"eval":"+-"},)"
                                  R"("command_data":[{"command":"eval","text":"+-"}]})");
    EXPECT_EQ(json("[%csl Re4,Gz9]"), R"({"text":"[%csl Re4,Gz9]","commands":{"csl":"Re4,Gz9"},)"
                                      R"("command_data":[{"command":"csl","text":"Re4,Gz9"}]})");
    EXPECT_EQ(json("[%cal Ge2]"), R"({"text":"[%cal Ge2]","commands":{"cal":"Ge2"},)"
                                  R"("command_data":[{"command":"cal","text":"Ge2"}]})");
}

TEST(CommentJson, SeveralAndRepeatedCommands) {
    // "commands" keeps the last value of a repeated name at its first place, as it always has;
    // "command_data" has them all, in order.
    EXPECT_EQ(json("[%clk 0:01:00] note [%eval 1.5] [%clk 0:00:59]"),
              R"({"text":"[%clk 0:01:00] note [%eval 1.5] [%clk 0:00:59]",)"
              R"("commands":{"clk":"0:00:59","eval":"1.5"},"command_data":[)"
              R"({"command":"clk","text":"0:01:00","seconds":60.0},)"
              R"({"command":"eval","text":"1.5","pawns":1.5},)"
              R"({"command":"clk","text":"0:00:59","seconds":59.0}]})");
}

TEST(CommentJson, GlacialShiftSquaresOnItsBoard) {
    EXPECT_EQ(json("[%csl Yi9]", 9), R"({"text":"[%csl Yi9]","commands":{"csl":"Yi9"},)"
                                     R"("command_data":[{"command":"csl","text":"Yi9","squares":)"
                                     R"([{"color":"Y","square":"i9"}]}]})");
    EXPECT_EQ(json("[%csl Yi9]"), R"({"text":"[%csl Yi9]","commands":{"csl":"Yi9"},)"
                                  R"("command_data":[{"command":"csl","text":"Yi9"}]})");
}

}  // namespace
