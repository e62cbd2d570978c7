#pragma once
// A game's result: what its termination marker, or without one its Result tag, says
// (docs/rules/notation.md §1.9, §1.12, §7.1), read once per game for the rules' checks and for
// every writer, so that the PGN, the JSON and `select`'s `result` agree and no result is lost.

#include <optional>
#include <string>

#include "parser/tags.hpp"
#include "rules/diagnostic.hpp"
#include "rules/record.hpp"
#include "rules/variants.hpp"

namespace floe::formats {

struct GameResult {
    /// The termination marker the movetext ends with: one of PGN's four (or Glacial Shift's, or
    /// a Glacial Shift game's marker as read), `*` when the result has no PGN form.
    std::string marker = "*";
    /// The Result tag's value to write (escapes read, bytes as in the record): the marker, or a
    /// value that says more than a marker can (a forfeit, a score with no PGN form, a value that
    /// is no result), kept as written.
    std::string tag = "*";
    /// The JSON `result`: the marker, or the value kept in the tag when the marker is `*`.
    std::string json = "*";
    /// What the rules check against the game's end and its Result tag (the engines' options):
    /// the marker, or the Result tag's value standing for a missing one; empty: nothing.
    std::string checked;
    rules::Span span;  ///< where `checked` is written: the marker, or the Result tag's value
    /// The Result tag the rules compare `checked` with (result-tag-mismatch); none when the tag
    /// stands for the marker or agrees with it.
    std::optional<std::string> compared_tag;
};

/// Reads `record`'s result: its termination marker, else its Result tag `tag` (the first, when
/// any), a game of `variant` (Glacial Shift reads only its own markers; nullptr: a variant floe
/// does not know, read as chess). Reports each form that is not PGN's into `log`:
/// `unicode-result`, `result-form`, `forfeit-result`, `non-pgn-result`.
GameResult game_result(const rules::GameRecord& record, const std::optional<parser::Tag>& tag,
                       const rules::VariantEntry* variant, rules::DiagnosticLog& log);

}  // namespace floe::formats
