#include "rules/record.hpp"

#include <algorithm>

namespace floe::rules {

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
