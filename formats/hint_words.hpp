#pragma once
// Where the words of a diagnostic's hint (rules::Hint) go. rules/ and formats/ name no
// command-line option: the command line words the hints (cli/hint_words.hpp) and hands that
// function to the writers here, which put its words in place, in text, JSON and HTML alike.

#include <string>

#include "rules/diagnostic.hpp"

namespace floe::formats {

/// The words of one hint. Either may be empty.
struct HintText {
    /// Follows the message on its line, e.g. " (use --allow-null-moves)".
    std::string message_suffix;
    /// A note line of its own (without "note: "), after the diagnostic's own notes; in JSON the
    /// diagnostic's key "hint".
    std::string note;
};

/// Words the hint of a diagnostic whose hint is not rules::Hint::None. A null HintWords leaves
/// hints unworded (tests of the layers below the command line).
using HintWords = HintText (*)(const rules::Diagnostic& d);

/// The words of `d`'s hint: none when it has no hint or `words` is null.
inline HintText hint_text(const rules::Diagnostic& d, HintWords words) {
    if (d.hint == rules::Hint::None || words == nullptr) return {};
    return words(d);
}

/// The message as shown: d.message followed by its hint's message suffix.
inline std::string shown_message(const rules::Diagnostic& d, HintWords words) {
    if (d.hint == rules::Hint::None || words == nullptr) return d.message;
    return d.message + words(d).message_suffix;
}

}  // namespace floe::formats
