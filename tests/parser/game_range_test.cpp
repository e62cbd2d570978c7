// GameSource::set_range (--shard, docs/decisions/performance.md "Sharding a file"): the parts [0,
// b) and [b, end) of an input return together exactly the games of the whole input, with the same
// numbers, lines, columns and surrounding bytes, for every split point b, over a buffer and a
// stream read in chunks of every size, with games larger than max_game_bytes passed over.
#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "parser/parse_record.hpp"
#include "support/test_support.hpp"

namespace floe::parser {
namespace {

struct Cut {
    std::string lines;
    std::uint32_t begin, end, number, first_line, first_column;
    int ended_by;
    const rules::VariantEntry* token_variant;
    bool too_large;
    bool operator==(const Cut&) const = default;
};

Cut cut_of(const GameText& t) {
    return {std::string(t.lines()), t.begin,    t.end,           t.number,   t.first_line,
            t.first_column,         t.ended_by, t.token_variant, t.too_large};
}

// The games of [begin, end) of `text`: over the buffer when chunk is 0, else streamed.
std::vector<Cut> ranged(const std::string& text, std::uint64_t begin, std::uint64_t end,
                        std::size_t chunk, ParseOptions options, GameSource::Passed* passed = {}) {
    std::istringstream in(text);
    GameSource source          = chunk ? GameSource(in, options, chunk) : GameSource(text, options);
    const GameSource::Passed p = source.set_range(begin, end);
    if (passed) *passed = p;
    std::vector<Cut> cuts;
    for (GameText t; source.next(t);) cuts.push_back(cut_of(t));
    return cuts;
}

// Games that start mid-line, after a BOM, across CRLF and CR line ends, a game boundary without
// a result, an unterminated comment, a game too large (over 60 bytes), UTF-8 before a game on
// its line, and tag sections that end at a blank line.
const std::vector<std::string> Inputs = {
    "\xEF\xBB\xBF[Event \"bom\"]\r\n\r\n1. e4 e5 1-0 [Event \"b\"] 1. d4 *\r\n\r\n1. c4 0-1\r\n",
    "1. e4 e5 1-0 1. d4 d5 0-1 1. c4 * \xC3\xA9 1. Nf3 *\n% escape\n1. g3 *",
    "[Event \"a\"]\n\n1. e4 e5 2. Nf3\n[Event \"b\"]\n1. d4 {unterminated\n\n[Event \"c\"]\n1. c4 "
    "*",
    "[Event \"small\"]\n1. e4 *\n[Event \"big\"]\n1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 "
    "O-O "
    "6. Nf3 Nbd7 *\n[Event \"after\"]\n1. c4 *\n",
    "1. e4\re5\r2. Nf3 *\r1. d4 *\r\r{trailing}\n",
    // Tag sections without moves, a blank line between (separate games) or not (a repeated
    // name: one game), and a blank line inside a comment between pairs.
    "[A \"1\"]\n[R \"1-0\"]\n\n[A \"2\"]\xC2\xA0[A \"3\"]\r\n\r\n[B \"x\"]\n{c\n\nd}\n[B "
    "\"y\"]\n1. e4 *\n",
};

TEST(GameRange, TwoPartsSplitAnywhereReturnTheWholeInputsGames) {
    ParseOptions options;
    options.max_game_bytes = 60;
    for (const std::string& text : Inputs) {
        SCOPED_TRACE(text);
        for (std::size_t chunk : {0, 1, 3, 16, 4096}) {
            SCOPED_TRACE(chunk);
            // A stream and a buffer may differ in ended_by of a game too large, which nothing
            // reads: the parts are compared with the whole read the same way.
            const std::vector<Cut> whole = ranged(text, 0, UINT64_MAX, chunk, options);
            ASSERT_FALSE(whole.empty());
            for (std::uint64_t b = 0; b <= text.size() + 1; ++b) {
                SCOPED_TRACE(b);
                std::vector<Cut> parts = ranged(text, 0, b, chunk, options);
                GameSource::Passed passed;
                const std::vector<Cut> rest = ranged(text, b, UINT64_MAX, chunk, options, &passed);
                EXPECT_EQ(passed.games, parts.size());
                std::uint32_t too_large = 0;
                for (const Cut& c : parts) too_large += c.too_large;
                EXPECT_EQ(passed.too_large, too_large);
                parts.insert(parts.end(), rest.begin(), rest.end());
                EXPECT_EQ(parts, whole);
            }
        }
    }
}

TEST(GameRange, ThreePartsOfTheBooksFirst2000GamesReturnItsGames) {
    const auto shared = floe::test::shared_dir();
    if (!shared) GTEST_SKIP() << "shared/ not found (set FLOE_SHARED)";
    const std::string text =
        floe::test::read_file(*shared / "corpora/gnuchess-book/book_1.02.first2000.pgn");
    const std::vector<Cut> whole = ranged(text, 0, UINT64_MAX, 0, {});
    ASSERT_EQ(whole.size(), 2000u);
    const std::uint64_t a = text.size() / 3, b = 2 * text.size() / 3;
    for (std::size_t chunk : {0, 4096, 1 << 18}) {
        SCOPED_TRACE(chunk);
        std::vector<Cut> parts = ranged(text, 0, a, chunk, {});
        for (const auto& [from, to] : {std::pair{a, b}, std::pair{b, std::uint64_t{UINT64_MAX}}}) {
            const std::vector<Cut> part = ranged(text, from, to, chunk, {});
            ASSERT_FALSE(part.empty());
            EXPECT_EQ(part.front().number, parts.size() + 1);
            parts.insert(parts.end(), part.begin(), part.end());
        }
        EXPECT_EQ(parts, whole);
    }
}

// A part past the last game, or an empty part, has no games.
TEST(GameRange, EmptyPartsHaveNoGames) {
    const std::string text = "1. e4 *\n1. d4 *\n";
    EXPECT_TRUE(ranged(text, 5, 5, 0, {}).empty());
    EXPECT_TRUE(ranged(text, text.size(), UINT64_MAX, 4, {}).empty());
    GameSource::Passed passed;
    EXPECT_EQ(ranged(text, 1, 9, 0, {}, &passed).size(), 1u);  // 1. d4 starts at byte 8
    EXPECT_EQ(passed.games, 1u);
    EXPECT_EQ(passed.too_large, 0u);
}

}  // namespace
}  // namespace floe::parser
