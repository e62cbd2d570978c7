#pragma once
// The X3 grammar of one game's text (docs/rules/notation.md §1.3): its lexical tokens with byte
// offsets, one at a time. Parentheses stay flat tokens; the movetext reader matches them.
// Internal to parser/.

#include <cstdint>
#include <string_view>

#include "parser/lexical.hpp"

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
    UnicodeSpace,  ///< one Unicode space character (docs/rules/notation.md §1.14)
    Stray,         ///< any other single character: a syntax error
    End,           ///< no token left (next_token only)
};

/// One token: its kind and its bytes [begin, end) in the game text, with what the grammar
/// measured while cutting it, so that the readers do not measure it again (issue 15).
struct Token {
    TokenKind kind;
    std::uint32_t begin;
    std::uint32_t end;
    /// MoveNumber: the number (saturated, see number_prefix). TagPair: the offset of the
    /// value's closing quote (find_tag_value_end). Otherwise 0.
    std::uint32_t value = 0;
    bool black_dots     = false;  ///< MoveNumber: two dots or more (`12...`, `12…`)
    bool too_large      = false;  ///< MoveNumber: above 2^32 - 1
    bool lenient        = false;  ///< TagPair: the value has no closing quote before `]`
    bool look_alike     = false;  ///< MoveNumber: written with Unicode look-alikes (`１２．`)
};

/// The first token of `text` at or after `pos`, past ASCII white space; kind End (at
/// text.size()) when none is left. Never fails: a character no rule accepts is a Stray token.
/// `starts_line` tells whether text[0] is in column 1 (for `%` escape lines). `memo`, one per
/// text and kept between calls, makes the lenient tag-value searches of many tag pairs on one
/// long line linear (TagLineMemo); a lone byte is a no-break space as set_encoding last said.
/// The readers (parser/tags.hpp, parser/movetext_reader.hpp) read a game's text as a cursor.
Token next_token(std::string_view text, std::size_t pos, bool starts_line,
                 TagLineMemo* memo = nullptr);

}  // namespace floe::parser::detail
