#include "formats/line_rest.hpp"

namespace floe::formats {

namespace {
bool is_ascii_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
}  // namespace

std::vector<LineExtent> line_extents(const rules::GameRecord& record) {
    std::vector<LineExtent> lines(record.lines.size());
    if (lines.empty()) return lines;
    lines[0].end = static_cast<std::uint32_t>(
        record.termination.empty() ? record.text.size() : record.termination_span.begin);
    for (const rules::Line& line : record.lines)
        for (const rules::Element& e : line.elements) {
            if (e.kind != rules::ElementKind::Variation) continue;
            LineExtent& child = lines[e.value];
            child.begin       = e.span.begin + 1;
            const bool closed =
                e.span.end - e.span.begin >= 2 && record.text[e.span.end - 1] == ')';
            child.end = closed ? e.span.end - 1 : e.span.end;
        }
    return lines;
}

std::string_view trimmed(std::string_view text, std::uint32_t from, std::uint32_t to) {
    while (from < to && is_ascii_space(text[from])) ++from;
    while (to > from && is_ascii_space(text[to - 1])) --to;
    return text.substr(from, to - from);
}

}  // namespace floe::formats
