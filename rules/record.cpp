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

void SourceMap::seek(std::uint32_t offset) const {
    offset = std::min<std::uint32_t>(offset, static_cast<std::uint32_t>(text.size()));
    if (offset < at_) at_ = line_ = column_ = line_start_ = 0;  // behind: count from the start
    while (at_ < offset) {
        const char c = text[at_];
        if (c == '\n' || c == '\r') {
            at_ += c == '\r' && at_ + 1 < text.size() && text[at_ + 1] == '\n' ? 2 : 1;
            ++line_;
            column_     = 0;
            line_start_ = at_;
            continue;
        }
        const std::uint32_t len = static_cast<unsigned char>(c) < 0x80 ? 1 : utf8_length(text, at_);
        at_ += len ? len : 1;  // an invalid byte is one character
        ++column_;
    }
}

SourceMap::Position SourceMap::locate(std::uint32_t offset) const {
    seek(offset);
    return {first_line + line_, (line_ == 0 ? first_column : 1) + column_};
}

std::string_view SourceMap::line_text(std::uint32_t offset) const {
    seek(offset);
    const char* begin = text.data() + line_start_;
    if (line_ == 0) begin -= prefix_bytes;
    if (end_line_ != line_) {  // found once per line: many diagnostics may share a long one
        std::size_t end = at_;
        while (end < text.size() && text[end] != '\n' && text[end] != '\r') ++end;
        line_end_ = static_cast<std::uint32_t>(end);
        end_line_ = line_;
    }
    const char* stop = text.data() + line_end_;
    if (line_end_ == text.size()) stop += suffix_bytes;  // the last line runs on after the game
    return {begin, static_cast<std::size_t>(stop - begin)};
}

}  // namespace floe::rules
