#include "parser/lexical.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <limits>

#include "rules/common/look_alike.hpp"
#include "rules/encoding.hpp"
#include "rules/result_form.hpp"

namespace floe::parser::detail {

namespace {
// The lone byte the current encoding reads as U+00A0 (set_encoding).
thread_local unsigned char lone_space_byte = 0xA0;
// The current encoding leaves some lone bytes undefined (Windows-1252: set_encoding).
thread_local bool undefined_bytes = true;
}  // namespace

void set_encoding(rules::Encoding encoding) {
    lone_space_byte = encoding == rules::Encoding::Cp437 ? 0xFF : 0xA0;
    undefined_bytes = encoding == rules::Encoding::Cp1252;
}

bool lost_character(std::string_view text, std::size_t pos) {
    const auto byte = static_cast<unsigned char>(text[pos]);
    if (byte == 0xEF) return text.substr(pos, 3) == "\xEF\xBF\xBD";
    // A continuation byte where a character starts is a lone byte.
    return undefined_bytes && byte >= 0x80 && byte < 0xC0 &&
           rules::fallback_code_point(byte, rules::Encoding::Cp1252) == U'\uFFFD';
}

std::size_t unicode_space_length(std::string_view text, std::size_t pos) {
    const auto* p         = reinterpret_cast<const unsigned char*>(text.data()) + pos;
    const std::size_t rem = text.size() - pos;
    switch (p[0]) {
        case 0xA0:  // a lone continuation byte: Windows-1252's and Latin-1's no-break space
        case 0xFF:  // never UTF-8: CP437's no-break space
            return p[0] == lone_space_byte ? 1 : 0;
        case 0xC2:
            return rem >= 2 && p[1] == 0xA0 ? 2 : 0;
        case 0xE1:
            return rem >= 3 && p[1] == 0x9A && p[2] == 0x80 ? 3 : 0;
        case 0xE2:
            if (rem < 3) return 0;
            if (p[1] == 0x80 && ((p[2] >= 0x80 && p[2] <= 0x8B) || p[2] == 0xAF)) return 3;
            if (p[1] == 0x81 && p[2] == 0x9F) return 3;
            return 0;
        case 0xE3:
            return rem >= 3 && p[1] == 0x80 && p[2] == 0x80 ? 3 : 0;
        case 0xEF:
            return rem >= 3 && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0;
        default:
            return 0;
    }
}

std::string unicode_space_label(std::string_view text, std::size_t pos) {
    const auto byte = static_cast<unsigned char>(text[pos]);
    if (rules::utf8_length(text, pos) < 2) {  // a lone byte: the encoding's no-break space
        char hex[8];
        std::snprintf(hex, sizeof hex, "%02X", byte);
        return rules::code_point_label(U'\u00A0', rules::unicode_space_name(U'\u00A0')) +
               " (byte 0x" + hex + ", not UTF-8)";
    }
    const std::size_t len = unicode_space_length(text, pos);
    char32_t cp           = 0;
    if (len == 2)
        cp = static_cast<char32_t>(((byte & 0x1F) << 6) | (text[pos + 1] & 0x3F));
    else
        cp = static_cast<char32_t>(((byte & 0x0F) << 12) | ((text[pos + 1] & 0x3F) << 6) |
                                   (text[pos + 2] & 0x3F));
    return rules::code_point_label(cp, rules::unicode_space_name(cp));
}

namespace {
// The look-alike at text[i] when it stands for a digit of a move number: a full-width digit,
// or after a digit (`seen`) a letter O of another script for zero. `digit` gets the value.
std::size_t number_look_alike(std::string_view text, std::size_t i, bool seen, int& digit) {
    std::size_t len           = 0;
    const rules::LookAlike* l = rules::look_alike_at(text, i, len);
    if (!l) return 0;
    if (l->ascii >= '0' && l->ascii <= '9') {
        digit = l->ascii - '0';
        return len;
    }
    if (seen && (l->ascii == 'O' || l->ascii == 'o')) {
        digit = 0;
        return len;
    }
    return 0;
}

bool full_width_stop(std::string_view text, std::size_t i) {  // U+FF0E, EF BC 8E
    return i + 3 <= text.size() && text[i] == '\xEF' && text[i + 1] == '\xBC' &&
           text[i + 2] == '\x8E';
}
}  // namespace

NumberPrefix number_prefix(std::string_view text, std::size_t pos) {
    NumberPrefix r;
    std::size_t i               = pos;
    constexpr std::uint64_t Max = std::numeric_limits<std::uint32_t>::max();
    std::uint64_t value         = 0;
    bool look_alike             = false;
    for (;;) {
        int digit = 0;
        if (i < text.size() && text[i] >= '0' && text[i] <= '9') {
            digit = text[i] - '0';
            ++i;
        } else if (i < text.size() && static_cast<unsigned char>(text[i]) >= 0x80) {
            // Only a non-ASCII byte may start a look-alike: ASCII numbers pay one compare.
            const std::size_t len = number_look_alike(text, i, i > pos, digit);
            if (len == 0) break;
            look_alike = true;
            i += len;
        } else {
            break;
        }
        value = std::min(value * 10 + static_cast<std::uint64_t>(digit), Max + 1);
    }
    if (i == pos) return {};
    std::uint32_t dots = 0;
    for (;;) {
        if (i < text.size() && text[i] == '.') {
            ++dots;
            ++i;
        } else if (i + 3 <= text.size() && text[i] == '\xE2' && text[i + 1] == '\x80' &&
                   text[i + 2] == '\xA6') {  // …, compared bytewise: no memcmp call per number
            dots += 3;
            i += 3;
        } else if (full_width_stop(text, i)) {
            ++dots;
            i += 3;
            look_alike = true;
        } else {
            break;
        }
    }
    if (dots == 0 && (look_alike || (i < text.size() && token_char_length(text, i) != 0)))
        return {};
    // `0000` alone is UCI's null move, which floe writes with `--moves uci`: a move, read back
    // as `--` is (docs/rules/notation.md §1.8), not a move number 0.
    if (dots == 0 && i - pos == 4 && value == 0) return {};
    r.end        = i;
    r.value      = static_cast<std::uint32_t>(std::min(value, Max));
    r.dots       = dots;
    r.too_large  = value > Max;
    r.look_alike = look_alike;
    return r;
}

namespace {

struct Glyph {
    std::string_view text;
    std::uint32_t nag;
};
constexpr std::array<Glyph, 25> Glyphs = {{
    {"!", 1},
    {"?", 2},
    {"!!", 3},
    {"??", 4},
    {"!?", 5},
    {"?!", 6},
    {"\xE2\x96\xA1", 7},  // □, ChessBase's only move
    {"=", 10},
    {"\xE2\x88\x9E", 13},
    {"~", 13},    // unclear, in ASCII (pgn4web, kokopu)
    {"inf", 13},  // the same
    {"\xE2\xA9\xB2", 14},
    {"+=", 14},
    {"+/=", 14},  // ⩲ in ASCII as ChessBase's text export writes it
    {"\xE2\xA9\xB1", 15},
    {"=+", 15},
    {"=/+", 15},
    {"RR", 145},  // ChessBase's editorial comment
    {"\xC2\xB1", 16},
    {"+/-", 16},
    {"\xE2\x88\x93", 17},
    {"-/+", 17},
    {"+-", 18},
    {"-+", 19},
    {"N", 146},
}};

// may_start_glyph, which spares most words the comparisons, admits every glyph.
constexpr bool every_glyph_admitted() {
    for (const Glyph& g : Glyphs)
        if (!may_start_glyph(g.text[0])) return false;
    return true;
}
static_assert(every_glyph_admitted());

// glyph_nag reads a word that starts with `N` without the table: `N` alone is NAG 146.
constexpr bool only_n_starts_with_n() {
    for (const Glyph& g : Glyphs)
        if (g.text[0] == 'N' && (g.text != "N" || g.nag != 146)) return false;
    return true;
}
static_assert(only_n_starts_with_n());

}  // namespace

std::uint32_t find_glyph_nag(std::string_view word) {
    // Only the glyphs that start with the word's first byte are compared in full.
    for (const Glyph& g : Glyphs)
        if (g.text[0] == word[0] && word == g.text) return g.nag;
    return 0;
}

std::uint32_t find_look_alike_glyph_nag(std::string_view word) {
    char folded[4];
    std::size_t n = 0;
    bool any      = false;
    for (std::size_t i = 0; i < word.size();) {
        if (n == sizeof folded) return 0;
        std::size_t len           = 0;
        const rules::LookAlike* l = rules::look_alike_at(word, i, len);
        if (l && l->ascii == '-') {
            folded[n++] = '-';
            any         = true;
            i += len;
        } else if (static_cast<unsigned char>(word[i]) < 0x80) {
            folded[n++] = word[i++];
        } else {
            return 0;
        }
    }
    // Only the glyphs made of `+ - /`: `=` and the letters have no look-alikes here.
    const std::string_view ascii(folded, n);
    if (!any || ascii.find_first_not_of("+-/") != std::string_view::npos) return 0;
    return find_glyph_nag(ascii);
}

bool dots_and_ellipses(std::string_view word) {
    for (std::size_t i = 0; i < word.size();) {
        if (word[i] == '.') {
            ++i;
        } else if (i + 3 <= word.size() && word[i] == '\xE2' && word[i + 1] == '\x80' &&
                   word[i + 2] == '\xA6') {  // …, compared bytewise
            i += 3;
        } else {
            return false;
        }
    }
    return !word.empty();
}

bool find_termination(std::string_view token, const rules::VariantEntry* variant) {
    // Zeros joined by a dash are castling too: such a token ends a game only as its last word
    // (docs/rules/notation.md §1.9, play/game_result.cpp).
    const rules::ResultReading r = rules::read_result(token, variant);
    return r.kind != rules::ResultKind::NotAResult && !r.castling_lookalike;
}

namespace {

// True when the line starting at pos begins, after blanks, with `[Name` blanks `"`.
bool starts_with_tag_pair(std::string_view text, std::size_t pos, std::size_t limit) {
    while (pos < limit && is_blank(text[pos])) ++pos;
    if (pos >= limit || text[pos] != '[') return false;
    const std::string_view line = text.substr(0, limit);
    const std::size_t name      = skip_tag_blanks(line, pos + 1);
    pos                         = tag_name_end(line, name);
    if (pos == name) return false;
    pos = skip_tag_blanks(line, pos);
    return pos < limit && text[pos] == '"';
}

// Position after the last byte that is not ASCII white space in [from, to).
std::size_t trim_back(std::string_view text, std::size_t from, std::size_t to) {
    while (to > from && is_ascii_space(text[to - 1])) --to;
    return to;
}

}  // namespace

CommentEnd find_comment_end(std::string_view text, std::size_t pos, std::size_t limit) {
    const char* data = text.data();
    std::size_t i    = pos;
    while (i < limit) {
        const char c = data[i];
        if (c == '}') return {i, true};
        ++i;
        if (c == '\n' || c == '\r') {
            if (c == '\r' && i < limit && data[i] == '\n') ++i;
            if (starts_with_tag_pair(text, i, limit)) return {trim_back(text, pos, i), false};
        }
    }
    return {trim_back(text, pos, limit), false};
}

EventEnd find_event_end(std::string_view text, std::size_t pos) {
    std::size_t i = pos;
    while (i < text.size() && text[i] != '>' && !is_line_end(text[i])) ++i;
    return {i, i < text.size() && text[i] == '>'};
}

TagValueEnd find_tag_value_end(std::string_view text, std::size_t pos, TagLineMemo* memo) {
    std::size_t i = pos;
    while (i < text.size()) {
        const char c = text[i];
        if (c == '\\' && i + 1 < text.size() && !is_line_end(text[i + 1])) {
            i += 2;
            continue;
        }
        if (c == '"') {
            // White space before the `]` may hold line ends (PGN standard clause 8.1).
            std::size_t j = i + 1;
            while (j < text.size() && is_ascii_space(text[j])) ++j;
            if (j < text.size() && text[j] == ']') return {i, true, false};
            break;
        }
        if (is_line_end(c)) break;
        ++i;
    }
    // Lenient: the line's last `"]`, at or after pos.
    const char* data = text.data();
    if (memo && memo->from && memo->from <= data + pos && data + i <= memo->end) {
        if (memo->last && memo->last >= data + pos)
            return {static_cast<std::size_t>(memo->last - data), true, true};
        return {};
    }
    std::size_t line_end = i;
    while (line_end < text.size() && !is_line_end(text[line_end])) ++line_end;
    std::size_t last = std::string_view::npos;
    for (std::size_t q = line_end; q >= pos + 2; --q)
        if (text[q - 2] == '"' && text[q - 1] == ']') {
            last = q - 2;
            break;
        }
    if (memo)
        *memo = {data + pos, data + line_end,
                 last == std::string_view::npos ? nullptr : data + last};
    if (last == std::string_view::npos) return {};
    return {last, true, true};
}

}  // namespace floe::parser::detail
