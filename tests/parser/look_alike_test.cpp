// Hand-typed look-alikes in the lexer (docs/rules/notation.md §1.15): move numbers in full-width
// digits or with a letter O of another script for zero, and the glyphs written with look-alike
// dashes, cut the same way by the scanner's and the tokenizer's shared measures.
#include <gtest/gtest.h>

#include <string>

#include "parser/game_grammar.hpp"
#include "parser/lexical.hpp"

namespace floe::parser::detail {
namespace {

TEST(LookAlike, MoveNumbersInFullWidthDigits) {
    const std::string text = "\xEF\xBC\x91\xEF\xBC\x92\xEF\xBC\x8E e4";  // １２．
    const NumberPrefix n   = number_prefix(text, 0);
    EXPECT_EQ(n.end, 9u);
    EXPECT_EQ(n.value, 12u);
    EXPECT_EQ(n.dots, 1u);
    EXPECT_TRUE(n.look_alike);
    const Token t = next_token(text, 0, true);
    EXPECT_EQ(t.kind, TokenKind::MoveNumber);
    EXPECT_EQ(t.end, 9u);
    EXPECT_EQ(t.value, 12u);
    EXPECT_TRUE(t.look_alike);
}

TEST(LookAlike, ACyrillicOIsAZeroOnlyAfterADigitAndBeforeTheDot) {
    const std::string ten = "1\xD0\x9E...";  // 1О...
    const NumberPrefix n  = number_prefix(ten, 0);
    EXPECT_EQ(n.value, 10u);
    EXPECT_EQ(n.dots, 3u);
    EXPECT_TRUE(n.look_alike);
    EXPECT_TRUE(next_token(ten, 0, true).black_dots);
    EXPECT_EQ(number_prefix("1\xD0\x9E e4", 0).end, 0u);       // no dot: no number
    EXPECT_EQ(number_prefix("\xD0\x9E-\xD0\x9E", 0).end, 0u);  // О-О: castling, no number
    // An ASCII number is no look-alike; a result with a dash look-alike is no number either.
    EXPECT_FALSE(number_prefix("12.", 0).look_alike);
    EXPECT_EQ(number_prefix("1\xE2\x80\x93"
                            "0",
                            0)
                  .end,
              0u);
}

TEST(LookAlike, GlyphsWithLookAlikeDashes) {
    EXPECT_EQ(glyph_nag("+\xE2\x88\x92"), 18u);   // +− (U+2212)
    EXPECT_EQ(glyph_nag("\xE2\x88\x92+"), 19u);   // −+
    EXPECT_EQ(glyph_nag("+/\xE2\x88\x92"), 16u);  // +/−
    EXPECT_EQ(glyph_nag("\xE2\x80\x93/+"), 17u);  // –/+ (en dash)
    EXPECT_EQ(glyph_nag("+/="), 14u);
    EXPECT_EQ(glyph_nag("RR"), 145u);
    EXPECT_EQ(glyph_nag("Rxf3"), 0u);           // a rook's move
    EXPECT_EQ(glyph_nag("=\xE2\x88\x92"), 0u);  // no glyph `=-`
    EXPECT_EQ(glyph_nag("+\xE2\x80\xA2"), 0u);  // U+2022 BULLET is no dash
}

}  // namespace
}  // namespace floe::parser::detail
