#pragma once
// The command line's words for the hints of diagnostics (rules::Hint): the options that act on
// them. rules/ and formats/ name no option; every command hands hint_words to the writers of
// formats/ (formats::HintWords), which put the words in place.

#include "formats/hint_words.hpp"
#include "rules/diagnostic.hpp"

namespace floe::cli {

/// The words of `d`'s hint:
/// - Hint::AllowNullMoves: " (use --allow-null-moves)" after the message;
/// - Hint::VariantCrazyhouseDrop: "; use --variant crazyhouse" after the message;
/// - Hint::VariantCrazyhousePocket: " (Crazyhouse has: use --variant crazyhouse)" after it;
/// - Hint::OverriddenVariant: " --variant NAME" after the message, NAME the canonical name of
///   d.hint_variant (in double quotes for Glacial Shift, as floe has always written it);
/// - Hint::None: nothing.
formats::HintText hint_words(const rules::Diagnostic& d);

}  // namespace floe::cli
