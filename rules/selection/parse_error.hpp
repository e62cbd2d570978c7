#pragma once
// What reading the text of a selection criterion gives (--where, --position, --pattern,
// --material, --opening): its value, or why it could not be read and where
// (docs/rules/selection.md §2.4, §3.6; docs/where.md). One form for every option language, so
// that `floe select` turns each into its usage error the same way.

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace floe::rules::selection {

/// A reading error: the column of the offending character (from 1, as
/// docs/rules/notation.md §8.2 counts: the texts are ASCII, so a byte is a column up to the first
/// other byte, which is the error; --where counts code points), or none when the whole text is
/// at fault (a position no variant has, moves no variant can play); and the reason, a sentence
/// without the column ("rank 3 has 9 squares (expected 8)").
struct ParseError {
    std::optional<int> column = 1;
    std::string reason;
    friend bool operator==(const ParseError&, const ParseError&) = default;
};

/// The value read from an option's text, or the ParseError that stopped the reading.
template <class T>
class Parsed {
public:
    Parsed(T value) : result_(std::move(value)) {}
    Parsed(ParseError error) : result_(std::move(error)) {}

    bool ok() const { return result_.index() == 0; }
    T& value() { return std::get<0>(result_); }
    const T& value() const { return std::get<0>(result_); }
    const ParseError& error() const { return std::get<1>(result_); }

private:
    std::variant<T, ParseError> result_;
};

}  // namespace floe::rules::selection
