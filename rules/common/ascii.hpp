#pragma once
// ASCII byte classes shared by every layer (the record reader, both engines, the writers), so
// that "white space" means the same bytes wherever a record, a move or a position string is cut.

#include <cstddef>
#include <string_view>

namespace floe::rules {

/// A blank: space or tab (between tokens on a line, between position-string fields).
constexpr bool is_blank(char c) { return c == ' ' || c == '\t'; }
/// A line end: LF or CR.
constexpr bool is_line_end(char c) { return c == '\n' || c == '\r'; }
/// ASCII white space: space, tab, LF, CR, form feed, vertical tab.
constexpr bool is_ascii_space(char c) {
    return is_blank(c) || is_line_end(c) || c == '\f' || c == '\v';
}
/// `c` in lower case when it is an ASCII capital, else `c`.
constexpr char ascii_lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

/// Calls `field(begin, end)` for each run of bytes of `text` between blanks (spaces and tabs),
/// in order: the fields of a position string, whatever blanks stand before, between and after.
template <class F>
void for_each_blank_separated(std::string_view text, F field) {
    std::size_t i = 0;
    while (i < text.size()) {
        if (is_blank(text[i])) {
            ++i;
            continue;
        }
        const std::size_t start = i;
        while (i < text.size() && !is_blank(text[i])) ++i;
        field(start, i);
    }
}

}  // namespace floe::rules
