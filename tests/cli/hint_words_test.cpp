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
    EXPECT_EQ(hint_words(with_hint(rules::Hint::None)).note, "");
    EXPECT_EQ(hint_words(with_hint(rules::Hint::AllowNullMoves)).note,
              "--allow-null-moves reads null moves in the main line");
    EXPECT_EQ(hint_words(with_hint(rules::Hint::VariantCrazyhouseDrop)).note,
              "drops are Crazyhouse moves: use --variant crazyhouse");
    EXPECT_EQ(hint_words(with_hint(rules::Hint::VariantCrazyhousePocket)).note,
              "pockets are Crazyhouse's: use --variant crazyhouse");
    EXPECT_EQ(hint_words(with_hint(rules::Hint::MaxGameBytes)).note,
              "--max-game-bytes sets the limit");
}

// A hint shown once per file is a note, never words of the message: the message, and so the
// diagnostic's line, is the same whether a run (or a --shard part) shows the hint or not.
TEST(HintWords, TheOncePerFileHintsAreNotesNotSuffixes) {
    for (const rules::Hint hint :
         {rules::Hint::AllowNullMoves, rules::Hint::VariantCrazyhouseDrop,
          rules::Hint::VariantCrazyhousePocket, rules::Hint::MaxGameBytes}) {
        SCOPED_TRACE(static_cast<int>(hint));
        EXPECT_EQ(hint_words(with_hint(hint)).message_suffix, "");
        EXPECT_EQ(formats::shown_message(with_hint(hint), hint_words), "msg");
    }
}

TEST(HintWords, AnOverriddenVariantIsNamedAsTheOptionTakesIt) {
    rules::Diagnostic d = with_hint(rules::Hint::OverriddenVariant);
    EXPECT_EQ(hint_words(d).message_suffix, "");  // no variant named: no words
    d.hint_variant = rules::find_variant("crazyhouse");
    ASSERT_NE(d.hint_variant, nullptr);
    EXPECT_EQ(hint_words(d).message_suffix, " --variant Crazyhouse");
    EXPECT_EQ(hint_words(d).note, "");  // not shown once per file: it finishes the sentence
    d.hint_variant = rules::find_variant("glacial shift");
    ASSERT_NE(d.hint_variant, nullptr);
    EXPECT_EQ(hint_words(d).message_suffix, " --variant \"Glacial Shift\"");
}

TEST(HintWords, TheShownMessageEndsWithTheSuffixOnlyWhenWordsAreGiven) {
    rules::Diagnostic d = with_hint(rules::Hint::OverriddenVariant);
    d.hint_variant      = rules::find_variant("crazyhouse");
    ASSERT_NE(d.hint_variant, nullptr);
    EXPECT_EQ(formats::shown_message(d, hint_words), "msg --variant Crazyhouse");
    EXPECT_EQ(formats::shown_message(d, nullptr), "msg");
}

}  // namespace
}  // namespace floe::cli
