// A game larger than --max-game-bytes (issue 13): GameSource keeps only its start, reads on to
// where it ends without holding it (docs/decisions/hostile-input.md), and the next game is read as
// usual, over a whole buffer and over a stream alike; open_game reports it as one game-too-large
// error.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "parser/parse_record.hpp"
#include "support/max_game_bytes_sample.hpp"

namespace floe::parser {
namespace {

struct Cut {
    std::string game;
    std::uint32_t number, first_line, first_column;
    bool too_large;
    std::size_t kept;  // bytes the GameText holds
    bool operator==(const Cut&) const = default;
};

std::ostream& operator<<(std::ostream& os, const Cut& c) {
    return os << "game " << c.number << " at " << c.first_line << ':' << c.first_column
              << (c.too_large ? " too large" : "") << " kept " << c.kept << ": " << c.game;
}

Cut cut_of(const GameText& t) {
    return {std::string(t.game()), t.number,    t.first_line,
            t.first_column,        t.too_large, t.lines().size()};
}

ParseOptions limit(std::size_t bytes) {
    ParseOptions options;
    options.max_game_bytes = bytes;
    return options;
}

std::vector<Cut> whole(std::string_view text, ParseOptions options) {
    GameSource source(text, options);
    std::vector<Cut> cuts;
    for (GameText t; source.next(t);) cuts.push_back(cut_of(t));
    return cuts;
}

std::vector<Cut> streamed(const std::string& text, std::size_t chunk, ParseOptions options) {
    std::istringstream in(text);
    GameSource source(in, options, chunk);
    std::vector<Cut> cuts;
    for (GameText t; source.next(t);) cuts.push_back(cut_of(t));
    return cuts;
}

// Game 2 is 138 bytes, over a limit of 100.
const std::string& Three = floe::test::ThreeGamesSecondOver100Bytes;

const std::vector<Cut> ThreeCuts = {
    {"[Event \"a\"]\n[White \"A\"]\n\n1. e4 e5 1-0", 1, 1, 1, false, 37},
    // Only its tags, up to the last line end in its first 100 bytes.
    {"[Event \"big\"]\n[White \"X\"]\n[Black \"Y\"]", 2, 6, 1, true, 37},
    {"[Event \"c\"]\n\n1. d4 d5 0-1", 3, 12, 1, false, 25},
};

TEST(MaxGameBytes, AGameOverTheLimitIsCutShortAndTheNextIsReadOverABuffer) {
    EXPECT_EQ(whole(Three, limit(100)), ThreeCuts);
    // Within the limit, game 2 is whole.
    const auto all = whole(Three, limit(138));
    ASSERT_EQ(all.size(), 3u);
    EXPECT_FALSE(all[1].too_large);
    EXPECT_EQ(all[1].game.size(), 138u);
    EXPECT_TRUE(whole(Three, limit(137))[1].too_large);
}

TEST(MaxGameBytes, AStreamInAnyChunkCutsAsTheBuffer) {
    for (std::size_t chunk : {1, 2, 7, 64, 100, 4096}) {
        SCOPED_TRACE(chunk);
        EXPECT_EQ(streamed(Three, chunk, limit(100)), ThreeCuts);
        // Around game 2's size, too (its end needs no lookahead past the limit).
        for (std::size_t bytes = 130; bytes <= 146; ++bytes)
            EXPECT_EQ(streamed(Three, chunk, limit(bytes)), whole(Three, limit(bytes))) << bytes;
    }
}

// open_game reports one error at the game's first byte, and nothing else.
TEST(MaxGameBytes, OpenGameReportsOneErrorAndMarksTheRecord) {
    GameSource source(Three, limit(100));
    GameText text;
    ASSERT_TRUE(source.next(text));
    ASSERT_TRUE(source.next(text));
    rules::GameRecord record;
    rules::DiagnosticLog log;
    open_game(text, record, log, limit(100));
    EXPECT_TRUE(record.too_large);
    EXPECT_EQ(record.number, 2u);
    ASSERT_EQ(log.list().size(), 1u);
    const rules::Diagnostic& d = log.list()[0];
    EXPECT_EQ(d.severity, rules::Severity::Error);
    EXPECT_EQ(rules::code_name(d.code), "game-too-large");
    EXPECT_EQ(d.message, "larger than 100 bytes: not read");
    EXPECT_EQ(d.hint, rules::Hint::MaxGameBytes);
    EXPECT_EQ(d.span.begin, 0u);
    EXPECT_EQ(d.span.end, 0u);
    const auto at = record.source.locate(0);
    EXPECT_EQ(at.line, 6u);
    EXPECT_EQ(at.column, 1u);
}

// Where a skipped game ends: the first line starting with `[`, at least the limit into the
// game, whatever the line before (as the scanner ends movetext at a tag line: a game after a
// skipped one is never swallowed by it); an earlier one does not end it.
TEST(MaxGameBytes, ASkippedGameEndsAtTheFirstTagLinePastTheLimit) {
    const std::string text =
        "1. e4 e5 1-0\n"                             // line 1: game 1
        "[Event \"big\"]\n"                          // 2: game 2
        "\n"                                         // 3
        "[Site \"early\"]\n"                         // 4: after a blank line, within 40 bytes
        "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7\n"  // 5
        "[Round \"late\"]\n"                         // 6: past 40 bytes: game 3, large too
        "{ text }\r\n"                               // 7
        "[Date \"x\"] 5. e3 0-1\r\n"                 // 8: game 3's tags go on
        "[Event \"c\"]\n"                            // 9: past 40 bytes of game 3: game 4
        "1. c4 *";
    const std::vector<Cut> expected = {
        {"1. e4 e5 1-0", 1, 1, 1, false, 12},
        {"[Event \"big\"]\n\n[Site \"early\"]", 2, 2, 1, true, 29},
        {"[Round \"late\"]\n{ text }", 3, 6, 1, true, 23},
        {"[Event \"c\"]\n1. c4 *", 4, 9, 1, false, 19},
    };
    EXPECT_EQ(whole(text, limit(40)), expected);
    for (std::size_t chunk : {1, 3, 16, 1000}) {
        SCOPED_TRACE(chunk);
        EXPECT_EQ(streamed(text, chunk, limit(40)), expected);
    }
}

// A tag line ends the skipped game even after a line that ends with no termination marker
// (`{end}`): the game after it is read, never swallowed (issue 16's hostile input). With no tag
// line at all, the skipped game runs to the end of the input.
TEST(MaxGameBytes, ASkippedGameEndsAtATagLineAfterAnyLine) {
    const std::string text =
        "1. e4 e5 1-0 [White \"b\"] 1. d4 d5 2. c4 e6 3. Nc3 * {end}\n[Event \"c\"]\n*";
    const std::vector<Cut> expected = {
        {"1. e4 e5 1-0", 1, 1, 1, false, 57},  // its line is game 2's first
        {"[White \"b\"] 1. d4 d5", 2, 1, 14, true, 33},
        {"[Event \"c\"]\n*", 3, 2, 1, false, 13},
    };
    EXPECT_EQ(whole(text, limit(20)), expected);
    for (std::size_t chunk : {1, 5, 1000}) EXPECT_EQ(streamed(text, chunk, limit(20)), expected);
    const std::string no_tag_line =
        "1. e4 e5 1-0 [White \"b\"] 1. d4 d5 2. c4 e6 3. Nc3 * {end}\n5. e4 *\n";
    const std::vector<Cut> to_the_end(expected.begin(), expected.begin() + 2);
    EXPECT_EQ(whole(no_tag_line, limit(20)), to_the_end);
    for (std::size_t chunk : {1, 5, 1000})
        EXPECT_EQ(streamed(no_tag_line, chunk, limit(20)), to_the_end);
}

// A game of one line of 4 MB, streamed in 4 KB chunks under a limit of 1000 bytes: the game
// keeps its first 1000 bytes at most, the next game is read with its line and column.
TEST(MaxGameBytes, AHugeOneLineGameIsNotKept) {
    std::string text = "[Event \"a\"]\n1. e4 *\n\n[Event \"huge\"]\n\n1. e4 {";
    text.append(std::size_t{4} << 20, 'x');
    text += "} *\n\n[Event \"b\"]\n\n1. d4 *\n";
    std::istringstream in(text);
    GameSource source(in, limit(1000), 4096);
    GameText t;
    ASSERT_TRUE(source.next(t));
    EXPECT_EQ(t.number, 1u);
    ASSERT_TRUE(source.next(t));
    EXPECT_EQ(t.number, 2u);
    EXPECT_TRUE(t.too_large);
    EXPECT_EQ(t.first_line, 4u);
    EXPECT_EQ(t.game(), "[Event \"huge\"]");
    EXPECT_LE(t.lines().size(), 1000u);
    ASSERT_TRUE(source.next(t));
    EXPECT_EQ(t.number, 3u);
    EXPECT_FALSE(t.too_large);
    EXPECT_EQ(t.first_line, 8u);
    EXPECT_EQ(t.first_column, 1u);
    EXPECT_EQ(t.game(), "[Event \"b\"]\n\n1. d4 *");
    EXPECT_FALSE(source.next(t));
    EXPECT_FALSE(source.read_failed());
}

}  // namespace
}  // namespace floe::parser
