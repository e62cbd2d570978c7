#pragma once
// The command line's words for the hints of diagnostics (rules::Hint): the options that act on
// them. rules/ and formats/ name no option; every command hands hint_words to the writers of
// formats/ (formats::HintWords), which put the words in place.

#include "formats/hint_words.hpp"
#include "rules/diagnostic.hpp"

namespace floe::cli {

/// The words of `d`'s hint. The hints shown once per file (cli/diagnostic_report.hpp) are a note
/// line of their own, so that every run, or --shard part, shows the same diagnostic lines
/// (docs/rules/notation.md §8.1):
/// - Hint::AllowNullMoves: the note "--allow-null-moves reads null moves in the main line";
/// - Hint::VariantCrazyhouseDrop: the note "drops are Crazyhouse moves: use --variant crazyhouse";
/// - Hint::VariantCrazyhousePocket: the note "pockets are Crazyhouse's: use --variant crazyhouse";
/// - Hint::MaxGameBytes: the note "--max-game-bytes sets the limit";
/// - Hint::OverriddenVariant: " --variant NAME" after the message (its words end the sentence),
///   NAME the canonical name of d.hint_variant (in double quotes for Glacial Shift, as floe has
///   always written it);
/// - Hint::None: nothing.
formats::HintText hint_words(const rules::Diagnostic& d);

}  // namespace floe::cli
