#include "formats/diagnostic_print.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace floe::formats {

namespace {

const char* severity_name(rules::Severity s) {
    return s == rules::Severity::Error ? "error" : "warning";
}

// Byte offset of the code point numbered `index` (0-based) in text, or text.size().
std::size_t offset_of(std::string_view text, std::uint32_t index) {
    std::size_t i = 0;
    for (; i < text.size() && index > 0; --index) {
        const std::uint32_t len = rules::utf8_length(text, i);
        i += len ? len : 1;
    }
    return i;
}

// Appends the source line and the caret line: the caret under the character at byte `caret`
// of the line, with `width` columns underlined. A line longer than ExcerptWidth code points is
// cut to a window around the caret, marked with `…`, so a megabyte-long line prints as one
// screen line; the window is found from the caret, so the cost does not grow with the line.
void print_excerpt(std::string& out, std::uint32_t line_number, std::string_view line,
                   std::size_t caret, std::uint32_t width, rules::Encoding encoding) {
    constexpr std::uint32_t ExcerptWidth = 120, Lead = 40;
    const std::string_view ellipsis = "\xE2\x80\xA6";
    caret                           = std::min(caret, line.size());
    std::size_t begin = 0, end = line.size();
    if (offset_of(line, ExcerptWidth) < line.size()) {  // longer than the window
        begin = caret;
        for (std::uint32_t k = 0; k < Lead && begin > 0; ++k) {
            --begin;  // back one character: over UTF-8 continuation bytes to their lead byte
            while (begin > 0 && (static_cast<unsigned char>(line[begin]) & 0xC0) == 0x80) --begin;
        }
        end = begin + offset_of(line.substr(begin), ExcerptWidth);
    }
    const std::uint32_t lead_columns = begin > 0 ? 1 : 0;  // the `…`
    const std::uint32_t column =
        lead_columns + rules::code_point_count(line.substr(begin, caret - begin)) + 1;
    const std::uint32_t shown_columns =
        lead_columns + rules::code_point_count(line.substr(begin, end - begin));
    width = std::max<std::uint32_t>(
        1, std::min(width, shown_columns + 1 - std::min(column, shown_columns)));
    std::string shown(begin > 0 ? ellipsis : std::string_view());
    rules::append_utf8(shown, line.substr(begin, end - begin), encoding);  // the record's (§1)
    if (end < line.size()) shown += ellipsis;
    // One column per character (§8): a tab shows as a space, and other control characters as
    // U+FFFD, so that a record cannot send escape sequences to the terminal.
    std::string safe;
    safe.reserve(shown.size());
    for (const char c : shown) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '\t')
            safe += ' ';
        else if (u < 0x20 || u == 0x7F)
            safe += "\xEF\xBF\xBD";
        else
            safe += c;
    }
    fmt::format_to(std::back_inserter(out), "{:>5} | {}\n", line_number, safe);
    out += "      | ";
    out.append(column > 0 ? column - 1 : 0, ' ');
    out += '^';
    if (width > 1) out.append(width - 1, '~');
    out += '\n';
}

}  // namespace

std::string game_identity(const rules::GameRecord& game) {
    auto player = [&](std::string_view tag) -> std::string {
        const std::string* v = game.tag(tag);
        return v && !v->empty() && *v != "?" ? *v : std::string();
    };
    const std::string white = player("White"), black = player("Black");
    if (white.empty() && black.empty()) return fmt::format("game {}", game.number);
    return fmt::format("game {} ({} vs {})", game.number, white.empty() ? "?" : white,
                       black.empty() ? "?" : black);
}

void print_diagnostic(std::string& out, std::string_view file, const rules::GameRecord& game,
                      const rules::Diagnostic& d) {
    const auto pos  = game.source.locate(d.span.begin);
    const auto line = game.source.line_text(d.span.begin);
    // Tag values and tokens in the message may hold bytes that are not UTF-8: read in the
    // record's encoding (§1).
    rules::append_utf8(out,
                       fmt::format("{}:{}:{}: {}: {}, {} [{}]\n", file, pos.line, pos.column,
                                   severity_name(d.severity), game_identity(game), d.message,
                                   rules::code_name(d.code)),
                       game.encoding);
    // The underline stays on the span's first line.
    const std::size_t line_begin = static_cast<std::size_t>(line.data() - game.text.data());
    const std::size_t line_end   = line_begin + line.size();
    const std::size_t end        = std::clamp<std::size_t>(d.span.end, d.span.begin, line_end);
    const std::uint32_t width    = std::max<std::uint32_t>(
        1, rules::code_point_count(game.text.substr(d.span.begin, end - d.span.begin)));
    print_excerpt(out, pos.line, line,
                  static_cast<std::size_t>(game.text.data() + d.span.begin - line.data()), width,
                  game.encoding);
    for (const std::string& note : d.notes)
        fmt::format_to(std::back_inserter(out), "{}:{}:{}: note: {}\n", file, pos.line, pos.column,
                       note);
    if (!d.fen.empty())
        fmt::format_to(std::back_inserter(out), "{}:{}:{}: note: position before the move: {}\n",
                       file, pos.line, pos.column, d.fen);
}

void print_fen_diagnostic(std::string& out, std::string_view label, std::string_view fen,
                          const rules::Diagnostic& d) {
    const std::uint32_t begin  = std::min<std::uint32_t>(d.span.begin, fen.size());
    const std::uint32_t end    = std::clamp<std::uint32_t>(d.span.end, begin, fen.size());
    const std::uint32_t column = rules::code_point_count(fen.substr(0, begin)) + 1;
    fmt::format_to(std::back_inserter(out), "{}:1:{}: {}: {} [{}]\n", label, column,
                   severity_name(d.severity), d.message, rules::code_name(d.code));
    print_excerpt(
        out, 1, fen, begin,
        std::max<std::uint32_t>(1, rules::code_point_count(fen.substr(begin, end - begin))),
        rules::Encoding::Cp1252);  // a position from the command line has no record
    for (const std::string& note : d.notes)
        fmt::format_to(std::back_inserter(out), "{}:1:{}: note: {}\n", label, column, note);
}

}  // namespace floe::formats
