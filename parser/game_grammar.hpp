#pragma once
// The X3 grammar of one game's text (notation.md §1): cuts it into a flat list of lexical
// tokens with byte offsets. Parentheses stay flat tokens; parse_record.cpp builds the
// variation tree with an explicit stack. Internal to parser/.

#include <cstdint>
#include <string_view>
#include <vector>

#include "rules/encoding.hpp"

namespace floe::parser::detail {

enum class TokenKind : std::uint8_t {
    TagPair,       ///< `[Name "value"]`, the value ending as find_tag_value_end says
    BadTag,        ///< a `[` that starts no well-formed tag pair, up to `]` or the line end
    MoveNumber,    ///< digits with their dots (`12.`, `12...`, `12…`), see number_prefix
    Word,          ///< a move, a termination marker, a glyph or stray dots: token_end's run
    Nag,           ///< `$` and digits
    Comment,       ///< `{` ... `}`, or `{` to the end of the game text when unterminated
    LineComment,   ///< `;` to the line end
    Event,         ///< `<` ... `>`, or `<` to the line end when unterminated
    Open,          ///< `(`
    Close,         ///< `)`
    Escape,        ///< `%` in column 1 to the line end (a `%` elsewhere is a Stray)
    UnicodeSpace,  ///< one Unicode space character (notation.md §1)
    Stray,         ///< any other single character: a syntax error
};

/// One token: its kind and its bytes [begin, end) in the game text.
struct Token {
    TokenKind kind;
    std::uint32_t begin;
    std::uint32_t end;
};

/// Cuts `text` (one game, as the scanner delimited it) into tokens, skipping ASCII white
/// space. Never fails: a character no rule accepts becomes a Stray token. `starts_line` tells
/// whether text[0] is in column 1 (for `%` escape lines). `out` is cleared first; it is reused
/// across games to avoid allocations. `encoding` says which lone byte is a no-break space
/// (set_encoding), as it did for the scanner.
void tokenize_game(std::string_view text, bool starts_line, std::vector<Token>& out,
                   rules::Encoding encoding = rules::Encoding::Cp1252);

}  // namespace floe::parser::detail
