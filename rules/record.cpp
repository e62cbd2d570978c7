#include "rules/record.hpp"

#include <algorithm>

namespace floe::rules {

std::uint32_t utf8_length(std::string_view text, std::size_t pos) {
    const auto* p         = reinterpret_cast<const unsigned char*>(text.data()) + pos;
    const std::size_t rem = text.size() - pos;
    const unsigned char c = p[0];
    if (c < 0x80) return 1;
    auto cont = [&](std::size_t i) { return i < rem && (p[i] & 0xC0) == 0x80; };
    if (c >= 0xC2 && c <= 0xDF) return cont(1) ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        if (!cont(1) || !cont(2)) return 0;
        if (c == 0xE0 && p[1] < 0xA0) return 0;   // overlong
        if (c == 0xED && p[1] >= 0xA0) return 0;  // UTF-16 surrogate
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (!cont(1) || !cont(2) || !cont(3)) return 0;
        if (c == 0xF0 && p[1] < 0x90) return 0;   // overlong
        if (c == 0xF4 && p[1] >= 0x90) return 0;  // above U+10FFFF
        return 4;
    }
    return 0;  // continuation byte, C0/C1 or F5-FF
}

std::uint32_t code_point_count(std::string_view text) {
    std::uint32_t n = 0;
    for (std::size_t i = 0; i < text.size(); ++n) {
        if (static_cast<unsigned char>(text[i]) < 0x80) {
            ++i;
            continue;
        }
        const std::uint32_t len = utf8_length(text, i);
        i += len ? len : 1;
    }
    return n;
}

void append_utf8(std::string& out, std::string_view text, Encoding encoding) {
    std::size_t run = 0;  // start of the valid bytes not yet appended: they go in one piece
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            ++i;
            continue;
        }
        if (const std::uint32_t len = utf8_length(text, i)) {
            i += len;
            continue;
        }
        out.append(text.data() + run, i - run);
        append_code_point(out, fallback_code_point(c, encoding));
        run = ++i;
    }
    out.append(text.data() + run, text.size() - run);
}

std::string to_utf8(std::string_view text, Encoding encoding) {
    std::string out;
    out.reserve(text.size());
    append_utf8(out, text, encoding);
    return out;
}

SourceMap::Position SourceMap::locate(std::uint32_t offset) const {
    offset = std::min<std::uint32_t>(offset, static_cast<std::uint32_t>(text.size()));
    // The last line start <= offset.
    std::uint32_t index = 0;
    if (!line_starts.empty()) {
        const auto it = std::upper_bound(line_starts.begin(), line_starts.end(), offset);
        index         = it == line_starts.begin()
                            ? 0
                            : static_cast<std::uint32_t>(it - line_starts.begin()) - 1;
    }
    // Count from the line's start, or from a position located before on this line, at or
    // before offset, whichever is nearer.
    std::uint32_t from   = line_starts.empty() ? 0 : line_starts[index];
    std::uint32_t column = index == 0 ? first_column : 1;
    for (const Located& l : located_)
        if (l.line == index && l.offset <= offset && l.offset > from) {
            from   = l.offset;
            column = l.column;
        }
    // Characters from `from` on, as whole characters of the text: when offset falls inside a
    // UTF-8 sequence, the count up to it reads the cut sequence byte by byte (as
    // code_point_count does), and such an offset is not remembered, since counting on from it
    // would differ from counting from the line's start.
    std::size_t i   = from;
    std::uint32_t n = 0;
    while (i < offset) {
        const std::uint32_t len =
            static_cast<unsigned char>(text[i]) < 0x80 ? 1 : utf8_length(text, i);
        i += len ? len : 1;
        ++n;
    }
    if (i != offset)
        return {first_line + index, column + code_point_count(text.substr(from, offset - from))};
    column += n;
    // Remember this one in place of the older of the two.
    located_[oldest_] = Located{index, offset, column};
    oldest_ ^= 1;
    return {first_line + index, column};
}

std::string_view SourceMap::line_text(std::uint32_t offset) const {
    offset            = std::min<std::uint32_t>(offset, static_cast<std::uint32_t>(text.size()));
    std::size_t index = 0;
    if (!line_starts.empty()) {
        const auto it = std::upper_bound(line_starts.begin(), line_starts.end(), offset);
        index         = it == line_starts.begin() ? 0 : (it - line_starts.begin()) - 1;
    }
    const bool first  = index == 0;
    const bool last   = index + 1 >= line_starts.size();
    const char* begin = text.data() + (line_starts.empty() ? 0 : line_starts[index]);
    const char* end   = text.data() + text.size();
    if (first) begin -= prefix_bytes;
    if (last) {
        end += suffix_bytes;
    } else {
        end = text.data() + line_starts[index + 1];
        // Drop the line end: LF, CR or CRLF.
        if (end > begin && end[-1] == '\n') --end;
        if (end > begin && end[-1] == '\r') --end;
    }
    return {begin, static_cast<std::size_t>(end - begin)};
}

const std::string* GameRecord::tag(std::string_view name) const {
    for (const TagPair& t : tags)
        if (t.name == name) return &t.value;
    return nullptr;
}

}  // namespace floe::rules
