#pragma once
// Why the text of a selection criterion (a board pattern, a material balance) could not be read,
// and where (docs/rules/selection.md §2.4, §3.6).

#include <string>

namespace floe::rules::selection {

/// A reading error: the column of the offending character (from 1, as
/// docs/rules/notation.md §8.2 counts: the texts are ASCII, so a byte is a column up to the first
/// other byte, which is the error) and the reason, a sentence without the column
/// ("rank 3 has 9 squares (expected 8)").
struct ParseError {
    int column = 1;
    std::string reason;
    friend bool operator==(const ParseError&, const ParseError&) = default;
};

}  // namespace floe::rules::selection
