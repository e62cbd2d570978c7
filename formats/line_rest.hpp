#pragma once
// What both walkers (game_walk, glacial_walk) need of a line's place in the text, and the rest
// of a line that stopped at its first error (notation.md §7 "A game with an error").

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "rules/diagnostic.hpp"
#include "rules/record.hpp"

namespace floe::formats {

/// Where a line's text lies in the game text, [begin, end): a closed variation ends before its
/// `)`, the main line before the termination marker.
struct LineExtent {
    std::uint32_t begin = 0;
    std::uint32_t end   = 0;
};

/// The extent of every line of `record`, index-aligned with record.lines.
std::vector<LineExtent> line_extents(const rules::GameRecord& record);

/// `text` from `from` to `to`, without the ASCII white space at either end.
std::string_view trimmed(std::string_view text, std::uint32_t from, std::uint32_t to);

/// Hands the rest of a line that stopped (`stop`) to `visitor`, from the stop to `end`.
/// `next` indexes the first element of the line at or after the stop.
/// - A fresh stop: `visitor.unplayed(rest, code)`; the writer marks it with the code.
/// - A marker stop (a conversion's own `[%floe CODE]` comment): the marker and the comments
///   right after it go to `visitor.comment` with their bytes, and only what follows them to
///   `visitor.unplayed(rest, std::nullopt)`. Written again, the same comments come out: the
///   canonical writer is a fixed point on its own output.
template <class Visitor>
void visit_rest(const rules::GameRecord& record, const rules::Line& line, std::size_t next,
                const rules::LineStop& stop, std::uint32_t end, Visitor& visitor) {
    std::uint32_t at = stop.at;
    if (at >= end) return;
    if (stop.marker) {
        for (; next < line.elements.size(); ++next) {
            const rules::Element& e = line.elements[next];
            const bool comment =
                e.kind == rules::ElementKind::Comment || e.kind == rules::ElementKind::LineComment;
            // Only a comment that stands right there: a stray byte between is rest text.
            if (!comment || e.span.begin < at || e.span.end > end ||
                !trimmed(record.text, at, e.span.begin).empty())
                break;
            visitor.comment(e.text, e.kind == rules::ElementKind::LineComment);
            at = e.span.end;
        }
    }
    const std::string_view rest = trimmed(record.text, at, end);
    if (!rest.empty())
        visitor.unplayed(rest, stop.marker ? std::nullopt : std::optional(stop.code));
}

}  // namespace floe::formats
