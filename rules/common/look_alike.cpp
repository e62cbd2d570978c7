#include "rules/common/look_alike.hpp"

#include <array>
#include <cstdio>

#include "rules/encoding.hpp"

namespace floe::rules {

namespace {

// clang-format off
constexpr std::array<LookAlike, 27> LookAlikes = {{
    {U'\u039F', 'O', "GREEK CAPITAL LETTER OMICRON"},
    {U'\u03BF', 'o', "GREEK SMALL LETTER OMICRON"},
    {U'\u041E', 'O', "CYRILLIC CAPITAL LETTER O"},
    {U'\u043E', 'o', "CYRILLIC SMALL LETTER O"},
    {U'\u2010', '-', "HYPHEN"},
    {U'\u2011', '-', "NON-BREAKING HYPHEN"},
    {U'\u2012', '-', "FIGURE DASH"},
    {U'\u2013', '-', "EN DASH"},
    {U'\u2014', '-', "EM DASH"},
    {U'\u2015', '-', "HORIZONTAL BAR"},
    {U'\u2212', '-', "MINUS SIGN"},
    {U'\uFE58', '-', "SMALL EM DASH"},
    {U'\uFE63', '-', "SMALL HYPHEN-MINUS"},
    {U'\uFF0D', '-', "FULLWIDTH HYPHEN-MINUS"},
    {U'\uFF0E', '.', "FULLWIDTH FULL STOP"},
    {U'\uFF10', '0', "FULLWIDTH DIGIT ZERO"},
    {U'\uFF11', '1', "FULLWIDTH DIGIT ONE"},
    {U'\uFF12', '2', "FULLWIDTH DIGIT TWO"},
    {U'\uFF13', '3', "FULLWIDTH DIGIT THREE"},
    {U'\uFF14', '4', "FULLWIDTH DIGIT FOUR"},
    {U'\uFF15', '5', "FULLWIDTH DIGIT FIVE"},
    {U'\uFF16', '6', "FULLWIDTH DIGIT SIX"},
    {U'\uFF17', '7', "FULLWIDTH DIGIT SEVEN"},
    {U'\uFF18', '8', "FULLWIDTH DIGIT EIGHT"},
    {U'\uFF19', '9', "FULLWIDTH DIGIT NINE"},
    {U'\uFF2F', 'O', "FULLWIDTH LATIN CAPITAL LETTER O"},
    {U'\uFF4F', 'o', "FULLWIDTH LATIN SMALL LETTER O"},
}};

struct SpaceName {
    char32_t code_point;
    std::string_view name;
};
constexpr std::array<SpaceName, 18> SpaceNames = {{
    {U'\u00A0', "NO-BREAK SPACE"},         {U'\u1680', "OGHAM SPACE MARK"},
    {U'\u2000', "EN QUAD"},                {U'\u2001', "EM QUAD"},
    {U'\u2002', "EN SPACE"},               {U'\u2003', "EM SPACE"},
    {U'\u2004', "THREE-PER-EM SPACE"},     {U'\u2005', "FOUR-PER-EM SPACE"},
    {U'\u2006', "SIX-PER-EM SPACE"},       {U'\u2007', "FIGURE SPACE"},
    {U'\u2008', "PUNCTUATION SPACE"},      {U'\u2009', "THIN SPACE"},
    {U'\u200A', "HAIR SPACE"},             {U'\u200B', "ZERO WIDTH SPACE"},
    {U'\u202F', "NARROW NO-BREAK SPACE"},  {U'\u205F', "MEDIUM MATHEMATICAL SPACE"},
    {U'\u3000', "IDEOGRAPHIC SPACE"},      {U'\uFEFF', "ZERO WIDTH NO-BREAK SPACE"},
}};
// clang-format on

// The code point of the valid UTF-8 sequence of `length` bytes at text[pos].
char32_t decode(std::string_view text, std::size_t pos, std::size_t length) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[pos + i]); };
    if (length == 2) return static_cast<char32_t>(((byte(0) & 0x1F) << 6) | (byte(1) & 0x3F));
    if (length == 3)
        return static_cast<char32_t>(((byte(0) & 0x0F) << 12) | ((byte(1) & 0x3F) << 6) |
                                     (byte(2) & 0x3F));
    return static_cast<char32_t>(((byte(0) & 0x07) << 18) | ((byte(1) & 0x3F) << 12) |
                                 ((byte(2) & 0x3F) << 6) | (byte(3) & 0x3F));
}

}  // namespace

const LookAlike* look_alike_at(std::string_view text, std::size_t pos, std::size_t& length) {
    if (pos >= text.size() || static_cast<unsigned char>(text[pos]) < 0x80) return nullptr;
    const std::uint32_t len = utf8_length(text, pos);
    if (len < 2) return nullptr;
    const char32_t cp = decode(text, pos, len);
    for (const LookAlike& l : LookAlikes)
        if (l.code_point == cp) {
            length = len;
            return &l;
        }
    return nullptr;
}

std::string_view unicode_space_name(char32_t code_point) {
    for (const SpaceName& s : SpaceNames)
        if (s.code_point == code_point) return s.name;
    return {};
}

std::string code_point_label(char32_t code_point, std::string_view name) {
    char hex[16];
    std::snprintf(hex, sizeof hex, "U+%04X", static_cast<unsigned>(code_point));
    std::string out = hex;
    if (!name.empty()) {
        out += ' ';
        out += name;
    }
    return out;
}

std::size_t fold_castling(std::string_view token, char* out, std::size_t capacity,
                          const LookAlike*& first) {
    first         = nullptr;
    std::size_t n = 0;
    for (std::size_t i = 0; i < token.size();) {
        if (n == capacity) return 0;
        const auto c = static_cast<unsigned char>(token[i]);
        if (c < 0x80) {
            out[n++] = token[i++];
            continue;
        }
        std::size_t len     = 0;
        const LookAlike* la = look_alike_at(token, i, len);
        // Only what castling is made of: a digit look-alike other than zero, or a dot, makes
        // no castling.
        if (!la || !(la->ascii == '-' || la->ascii == 'O' || la->ascii == 'o' || la->ascii == '0'))
            return 0;
        if (!first) first = la;
        out[n++] = la->ascii;
        i += len;
    }
    return first ? n : 0;
}

const LookAlike* first_look_alike(std::string_view text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        std::size_t len = 0;
        if (const LookAlike* la = look_alike_at(text, i, len)) return la;
    }
    return nullptr;
}

}  // namespace floe::rules
