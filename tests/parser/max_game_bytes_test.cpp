// A game larger than --max-game-bytes (issue 13): GameSource keeps only its start, reads on to
// where it ends without holding it (docs/decisions.md), and the next game is read as usual, over
// a whole buffer and over a stream alike; open_game reports it as one game-too-large error.
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
// game, after a blank line or a line ending with a termination marker; an earlier one, or one
// after another line, does not end it.
TEST(MaxGameBytes, ASkippedGameEndsAtATagLineAfterABlankOrResultLinePastTheLimit) {
    const std::string text =
        "1. e4 e5 1-0\n"                             // line 1: game 1
        "[Event \"big\"]\n"                          // 2: game 2
        "\n"                                         // 3
        "[Site \"early\"]\n"                         // 4: after a blank line, within 40 bytes
        "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7\n"  // 5
        "[Round \"late\"]\n"                         // 6: past 40 bytes, after a move line
        "{ text }\r\n"                               // 7
        "[Date \"x\"] 5. e3 0-1\r\n"                 // 8: after neither
        "[Event \"c\"]\n"                            // 9: after a result line: game 3
        "1. c4 *";
    const std::vector<Cut> expected = {
        {"1. e4 e5 1-0", 1, 1, 1, false, 12},
        {"[Event \"big\"]\n\n[Site \"early\"]", 2, 2, 1, true, 29},
        {"[Event \"c\"]\n1. c4 *", 3, 9, 1, false, 19},
    };
    EXPECT_EQ(whole(text, limit(40)), expected);
    for (std::size_t chunk : {1, 3, 16, 1000}) {
        SCOPED_TRACE(chunk);
        EXPECT_EQ(streamed(text, chunk, limit(40)), expected);
    }
}

// With no such line the skipped game runs to the end of the input, even past where the scanner
// would have cut it (before `{end}`, which is not a termination marker).
TEST(MaxGameBytes, ASkippedGameWithoutSuchALineRunsToTheEnd) {
    const std::string text =
        "1. e4 e5 1-0 [White \"b\"] 1. d4 d5 2. c4 e6 3. Nc3 * {end}\n[Event \"c\"]\n*";
    const std::vector<Cut> expected = {
        {"1. e4 e5 1-0", 1, 1, 1, false, 57},  // its line is game 2's first
        {"[White \"b\"] 1. d4 d5", 2, 1, 14, true, 33},
    };
    EXPECT_EQ(whole(text, limit(20)), expected);
    for (std::size_t chunk : {1, 5, 1000}) EXPECT_EQ(streamed(text, chunk, limit(20)), expected);
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
