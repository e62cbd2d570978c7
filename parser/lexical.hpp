#pragma once
// Byte-level helpers shared by the game scanner (scanner.cpp) and the X3 game grammar
// (game_grammar.cpp), so that both cut the input in exactly the same places. Internal to
// parser/: other layers include parse_record.hpp, tags.hpp and movetext_reader.hpp only.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "rules/common/ascii.hpp"
#include "rules/record.hpp"

namespace floe::parser::detail {

// The byte classes every layer shares (rules/common/ascii.hpp).
using rules::is_ascii_space;
using rules::is_blank;
using rules::is_line_end;

/// `pos` moved back over the byte-order marks (U+FEFF, `EF BB BF`) just before it. A BOM in the
/// middle of a file (`cat a.pgn b.pgn`) at a line start is white space there: a `%` escape line
/// or a tag pair after it still starts its line, for the scanner and the grammar alike
/// (docs/rules/notation.md §1.10, §1.14; issue 25: it made a phantom game).
inline std::size_t before_boms(std::string_view text, std::size_t pos) {
    while (pos >= 3 && text.substr(pos - 3, 3) == "\xEF\xBB\xBF") pos -= 3;
    return pos;
}

/// Length of the Unicode space at text[pos] (docs/rules/notation.md §1.14: U+00A0, U+1680,
/// U+2000-U+200B, U+202F, U+205F, U+3000, U+FEFF), or 0. A lone byte that is not UTF-8 and that the
/// record's encoding reads as U+00A0 is one too: 0xA0 in Windows-1252 and Latin-1, 0xFF in CP437
/// (set_encoding).
std::size_t unicode_space_length(std::string_view text, std::size_t pos);

/// How a warning names the Unicode space at text[pos] (unicode_space_length > 0):
/// "U+00A0 NO-BREAK SPACE", or for a lone byte "U+00A0 NO-BREAK SPACE (byte 0xA0, not UTF-8)".
std::string unicode_space_label(std::string_view text, std::size_t pos);

/// The encoding unicode_space_length reads lone bytes in, for the calling thread: the scanner
/// and the tokenizer set it from ParseOptions::encoding before they read, so that a byte is a
/// space exactly when the writers, which decode it in that encoding, write a space (issue 13:
/// `--encoding cp437` read 0xA0 as a space and wrote it as `á`, and wrote 0xFF, read as part of
/// a word, as a no-break space; a conversion's output then read differently).
void set_encoding(rules::Encoding encoding);

/// True for the ASCII bytes that continue a move token: not white space, not a control character
/// and not one of `{ } ( ) [ ] < > ; " $ %` (a table: the scanner and the tokenizer look every
/// byte of the movetext up, docs/performance.md).
inline constexpr std::array<bool, 128> AsciiTokenChar = [] {
    std::array<bool, 128> t{};
    for (int c = 0x21; c < 0x7F; ++c) t[static_cast<std::size_t>(c)] = true;
    for (const char c : std::string_view("{}()[]<>;\"$%")) t[static_cast<unsigned char>(c)] = false;
    return t;
}();

/// True when text[pos] starts U+FFFD REPLACEMENT CHARACTER.
inline bool replacement_character(std::string_view text, std::size_t pos) {
    return text.substr(pos, 3) == "\xEF\xBF\xBD";
}

/// Length of the move-token character at text[pos] (a whole UTF-8 sequence, or 1 for an
/// invalid byte), or 0 when text[pos] ends a token: white space, a Unicode space, a control
/// character, U+FFFD or one of `{ } ( ) [ ] < > ; " $ %`. U+FFFD is no token character because
/// the writers put it for a NUL, which is none: read again, it must stay outside every move,
/// or a conversion's output would read differently (a NUL between a game's tags and a move
/// number 1 became a move there, and the game split in two; round-trip fuzz finding).
/// pos < text.size().
inline std::size_t token_char_length(std::string_view text, std::size_t pos) {
    const auto c = static_cast<unsigned char>(text[pos]);
    if (c < 0x80) return AsciiTokenChar[c] ? 1 : 0;
    if (unicode_space_length(text, pos) || replacement_character(text, pos)) return 0;
    const std::uint32_t len = rules::utf8_length(text, pos);
    return len ? len : 1;
}

/// End of the move token starting at pos (pos itself when text[pos] is no token character).
inline std::size_t token_end(std::string_view text, std::size_t pos) {
    const char* data = text.data();
    while (pos < text.size()) {
        const auto c = static_cast<unsigned char>(data[pos]);
        if (c < 0x80) {  // most bytes: one lookup
            if (!AsciiTokenChar[c]) break;
            ++pos;
            continue;
        }
        const std::size_t len = token_char_length(text, pos);
        if (!len) break;
        pos += len;
    }
    return pos;
}

/// A move-number prefix at pos: digits, then dots/ellipses or the token's end (see look_alike).
/// `end` is where the prefix ends (0 if none); `dots` counts `.` as 1 and `…` as 3. A number above
/// 2^32 - 1 is still a move number (`99999999999999999999.`), with `value` saturated and
/// `too_large` set, so that it is reported as a move number and not read as a move. `0000` without
/// dots is no number: it is UCI's null move.
struct NumberPrefix {
    std::size_t end     = 0;
    std::uint32_t value = 0;
    std::uint32_t dots  = 0;
    bool too_large      = false;
    /// Written with Unicode look-alikes (docs/rules/notation.md §1.15): full-width digits and
    /// full stops (`１２．`), or a letter O of another script for a zero after a digit (`1О.`).
    /// Such a number needs its dots: `1О` alone is no number.
    bool look_alike = false;
};
NumberPrefix number_prefix(std::string_view text, std::size_t pos);

/// True when `c` may start an annotation glyph (`! ? = + - ~ N R i`, the first byte of `±` and
/// of the three-byte glyphs): most words are moves, and this test spares them the comparisons.
constexpr bool may_start_glyph(char c) {
    return c == '!' || c == '?' || c == '=' || c == '+' || c == '-' || c == '~' || c == 'N' ||
           c == 'R' || c == 'i' || c == '\xC2' || c == '\xE2';
}

/// glyph_nag's comparisons with the glyph table (docs/rules/notation.md §1.6).
std::uint32_t find_glyph_nag(std::string_view word);

/// The NAG of a glyph written with look-alikes of `-` (`+−`, `−/+` with U+2212 MINUS SIGN or an
/// en dash, as word processors write them: docs/rules/notation.md §1.15), or 0.
std::uint32_t find_look_alike_glyph_nag(std::string_view word);

/// The NAG of an annotation glyph standing alone (`!?` 5, `±` 16, `N` 146, …;
/// docs/rules/notation.md §1.6), or 0 when `word` is no glyph. `N` is a glyph only when no square
/// follows: the caller decides. The move suffixes standing apart from their move (`e4 !?`) are read
/// the same way (docs/decisions/writers.md).
inline std::uint32_t glyph_nag(std::string_view word) {
    // No glyph is longer than three bytes, but one written with look-alike dashes (`+−`, with
    // U+2212 MINUS SIGN; at most two of three bytes each and a `/`).
    if (word.empty() || word.size() > 7 || !may_start_glyph(word[0])) return 0;
    if (word[0] == 'N') return word.size() == 1 ? 146 : 0;  // a knight's move is no glyph
    if (word.size() > 3)  // only `+ - /` glyphs have look-alikes: a rook's move is none
        return word[0] == '+' || static_cast<unsigned char>(word[0]) >= 0x80
                   ? find_look_alike_glyph_nag(word)
                   : 0;
    return find_glyph_nag(word);
}

/// only_dots's walk over the word, for words that start with a dot or an ellipsis's first byte.
bool dots_and_ellipses(std::string_view word);

/// True when `word` is only dots and ellipses (`...`, `…`): Black's mark after a move number.
inline bool only_dots(std::string_view word) {
    return !word.empty() && (word[0] == '.' || word[0] == '\xE2') && dots_and_ellipses(word);
}

/// True when `c` may start a termination marker (docs/rules/notation.md §1.9): `1`, `0`, `*`,
/// the first byte of `½`, or the `+` and `-` of a forfeit (`+:-`). A move never does, but
/// castling's `0-0` and the null move `--`.
constexpr bool may_start_termination(char c) {
    return c == '1' || c == '0' || c == '*' || c == '\xC2' || c == '+' || c == '-';
}

/// is_termination's comparisons with the markers (docs/rules/notation.md §1.9, §5.9).
bool find_termination(std::string_view token, const rules::VariantEntry* variant);

/// True when text[begin, end) is a termination marker: `1-0 0-1 1/2-1/2 *` and the other forms
/// rules::read_result reads (`1:0`, `1–0`, `½-½`, `+:-`, `½-0`…; never zeros joined by a dash,
/// which are castling too), plus `1-0-0-0 0-1-0-0 0-0-1-0 0-0-0-1` when `variant` is played by
/// the Glacial Shift engine (docs/rules/notation.md §1.9, §5.9). nullptr: no variant named, PGN's
/// markers only (rules::read_result).
inline bool is_termination(std::string_view token, const rules::VariantEntry* variant) {
    return !token.empty() && may_start_termination(token[0]) && find_termination(token, variant);
}

/// The end of a `{` comment whose text starts at pos. Terminated: `close` is the `}`.
/// Unterminated: the comment runs up to the line before the next line that starts, after
/// blanks, with a tag pair `[Name "`, or to `limit`; `close` is then the end of its last
/// non-blank byte, so the comment never swallows the next game (docs/rules/notation.md §1.5,
/// §1.12).
struct CommentEnd {
    std::size_t close = 0;
    bool terminated   = false;
};
CommentEnd find_comment_end(std::string_view text, std::size_t pos, std::size_t limit);

/// The end of a `<` event whose text starts at pos: the first `>` (`terminated`), else the
/// line end or the end of text (an unterminated event never runs past its line).
struct EventEnd {
    std::size_t close = 0;
    bool terminated   = false;
};
EventEnd find_event_end(std::string_view text, std::size_t pos);

/// Where a quoted tag value starting at pos (just after the opening quote) ends.
/// Normal: at the first unescaped `"` followed by blanks and `]`. Lenient (`lenient`): a value
/// without such a quote before its line end runs to the line's last `"]`
/// (docs/rules/notation.md §1.2). Neither: `found` is false (an unterminated tag).
struct TagValueEnd {
    std::size_t close = 0;  ///< the closing quote
    bool found        = false;
    bool lenient      = false;
};
/// What a lenient search learnt about its line: where the line ends, and its last `"]` after
/// `from`. Given to the next search, it spares a line of many tag pairs (`[a "x ] [b "x ] …`)
/// the walk to the line's end per tag, which made its time quadratic (issue 13). It holds
/// pointers into one text: a new text needs a new memo.
struct TagLineMemo {
    const char* from = nullptr;  ///< no line end in [from, end)
    const char* end  = nullptr;  ///< the line's end
    const char* last = nullptr;  ///< the line's last `"]` if at or after from, else nullptr
};
TagValueEnd find_tag_value_end(std::string_view text, std::size_t pos, TagLineMemo* memo = nullptr);

/// Tag-name characters: anything but blanks, line ends, `"`, `[`, `]`, `{`, `}`.
inline bool is_tag_name_char(char c) {
    return !(static_cast<unsigned char>(c) <= 0x20 || c == '"' || c == '[' || c == ']' ||
             c == '{' || c == '}');
}

/// The end of the tag name at pos: tag-name characters up to a Unicode space. A word processor's
/// no-break space between the name and its value (`[Event\u00A0"x"]`) is a space, read with a
/// warning (docs/rules/notation.md §1.14), never a part of the name: `Event\u00A0` silently lost
/// the Event tag.
inline std::size_t tag_name_end(std::string_view text, std::size_t pos) {
    while (pos < text.size() && is_tag_name_char(text[pos]) &&
           (static_cast<unsigned char>(text[pos]) < 0x80 || !unicode_space_length(text, pos)))
        ++pos;
    return pos;
}

/// Past the white space (line ends too: a tag pair may span lines) and Unicode spaces at pos,
/// inside a tag pair.
inline std::size_t skip_tag_blanks(std::string_view text, std::size_t pos) {
    for (;;) {
        if (pos < text.size() && is_ascii_space(text[pos])) {
            ++pos;
        } else if (const std::size_t u =
                       pos < text.size() && static_cast<unsigned char>(text[pos]) >= 0x80
                           ? unicode_space_length(text, pos)
                           : 0) {
            pos += u;
        } else {
            return pos;
        }
    }
}

}  // namespace floe::parser::detail
