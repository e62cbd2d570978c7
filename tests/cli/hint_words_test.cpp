// The command line words the hints of diagnostics (rules::Hint): rules/ and formats/ name no
// option, so each hint's exact words are checked here, and how the writers place them.
#include "cli/hint_words.hpp"

#include <gtest/gtest.h>

#include "rules/variants.hpp"

namespace floe::cli {
namespace {

rules::Diagnostic with_hint(rules::Hint hint) {
    rules::Diagnostic d = rules::make_error(rules::DiagCode::IllegalMove, {1, 1}, "msg");
    d.hint              = hint;
    return d;
}

TEST(HintWords, EachHintHasItsWords) {
    EXPECT_EQ(hint_words(with_hint(rules::Hint::None)).message_suffix, "");
    EXPECT_EQ(hint_words(with_hint(rules::Hint::AllowNullMoves)).message_suffix,
              " (use --allow-null-moves)");
    EXPECT_EQ(hint_words(with_hint(rules::Hint::VariantCrazyhouseDrop)).message_suffix,
              "; use --variant crazyhouse");
    EXPECT_EQ(hint_words(with_hint(rules::Hint::VariantCrazyhousePocket)).message_suffix,
              " (Crazyhouse has: use --variant crazyhouse)");
}

TEST(HintWords, AnOverriddenVariantIsNamedAsTheOptionTakesIt) {
    rules::Diagnostic d = with_hint(rules::Hint::OverriddenVariant);
    EXPECT_EQ(hint_words(d).message_suffix, "");  // no variant named: no words
    d.hint_variant = rules::find_variant("crazyhouse");
    ASSERT_NE(d.hint_variant, nullptr);
    EXPECT_EQ(hint_words(d).message_suffix, " --variant Crazyhouse");
    d.hint_variant = rules::find_variant("glacial shift");
    ASSERT_NE(d.hint_variant, nullptr);
    EXPECT_EQ(hint_words(d).message_suffix, " --variant \"Glacial Shift\"");
}

TEST(HintWords, TheShownMessageEndsWithTheSuffixOnlyWhenWordsAreGiven) {
    const rules::Diagnostic d = with_hint(rules::Hint::AllowNullMoves);
    EXPECT_EQ(formats::shown_message(d, hint_words), "msg (use --allow-null-moves)");
    EXPECT_EQ(formats::shown_message(d, nullptr), "msg");
}

}  // namespace
}  // namespace floe::cli
