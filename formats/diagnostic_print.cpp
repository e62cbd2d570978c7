#include "formats/diagnostic_print.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "formats/text_out.hpp"
#include "parser/tags.hpp"

namespace floe::formats {

namespace {

const char* severity_name(rules::Severity s) {
    return s == rules::Severity::Error ? "error" : "warning";
}

// ANSI SGR sequences, as GCC and Clang colour their diagnostics.
constexpr std::string_view Reset = "\x1b[0m", CaretColor = "\x1b[32m";

// Byte offset of the code point numbered `index` (0-based) in text, or text.size().
std::size_t offset_of(std::string_view text, std::uint32_t index) {
    std::size_t i = 0;
    for (; i < text.size() && index > 0; --index) {
        const std::uint32_t len = rules::utf8_length(text, i);
        i += len ? len : 1;
    }
    return i;
}

// Appends `text` (record bytes: UTF-8, any other byte read in `encoding`,
// docs/rules/notation.md §1.13) as the terminal is to show it, and returns the columns it takes
// there. Control characters (C0 but the tab, DEL and C1) show as `\xNN`, four columns, so that a
// record can never send an escape sequence to the terminal; a tab shows as a space, one column like
// any other character.
std::uint32_t append_visible(std::string& out, std::string_view text, rules::Encoding encoding) {
    std::uint32_t columns = 0;
    const auto escaped    = [&](unsigned code) {
        fmt::format_to(std::back_inserter(out), "\\x{:02X}", code);
        columns += 4;
    };
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            if ((c < 0x20 && c != '\t') || c == 0x7F) {
                escaped(c);
            } else {
                out += c == '\t' ? ' ' : static_cast<char>(c);
                ++columns;
            }
            ++i;
            continue;
        }
        const std::uint32_t len = rules::utf8_length(text, i);
        const char32_t code     = len == 2   ? (c & 0x1Fu) << 6 | (text[i + 1] & 0x3Fu)
                                  : len == 0 ? rules::fallback_code_point(c, encoding)
                                             : 0xFFFF;  // three or four bytes: no control
        if (code >= 0x80 && code < 0xA0) {
            escaped(static_cast<unsigned>(code));
        } else {
            if (len)
                out.append(text.data() + i, len);
            else
                rules::append_code_point(out, code);
            ++columns;
        }
        i += len ? len : 1;
    }
    return columns;
}

// Appends the source line and the caret line: the caret under the bytes [caret, caret_end) of
// the line (at least one column). A line longer than ExcerptWidth code points is cut to a window
// around the caret, marked with `…`, so a megabyte-long line prints as one screen line; the
// window is found from the caret, so the cost does not grow with the line. The caret counts the
// columns as shown: an escaped control character before it takes four.
void print_excerpt(std::string& out, std::uint32_t line_number, std::string_view line,
                   std::size_t caret, std::size_t caret_end, rules::Encoding encoding,
                   bool color = false) {
    constexpr std::uint32_t ExcerptWidth = 120, Lead = 40;
    // The line holds at least ContextBytes around the game (rules/record.hpp): the window, of at
    // most four bytes a character, never reaches a cut, and a cut line is still longer than it.
    static_assert(4 * ExcerptWidth < rules::SourceMap::ContextBytes);
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
    const bool cut = caret_end > end;  // the span runs past the window
    caret_end      = std::clamp(caret_end, caret, end);
    std::string shown(begin > 0 ? ellipsis : std::string_view());
    const std::uint32_t before =
        (begin > 0 ? 1 : 0) + append_visible(shown, line.substr(begin, caret - begin), encoding);
    std::uint32_t width = append_visible(shown, line.substr(caret, caret_end - caret), encoding);
    append_visible(shown, line.substr(caret_end, end - caret_end), encoding);
    if (end < line.size()) shown += ellipsis;
    // A span cut by the window's end is underlined up to the `…` (an empty span: one column).
    if (cut && end < line.size()) ++width;
    width = std::max<std::uint32_t>(width, 1);
    fmt::format_to(std::back_inserter(out), "{:>5} | {}\n", line_number, shown);
    out += "      | ";
    out.append(before, ' ');
    if (color) out += CaretColor;
    out += '^';
    out.append(width - 1, '~');
    if (color) out += Reset;
    out += '\n';
}

// Appends one line of a message (headline or note) with its record text as append_visible
// shows it, and a newline.
void print_line(std::string& out, std::string_view line, rules::Encoding encoding) {
    append_visible(out, line, encoding);
    out += '\n';
}

// Appends "`where`: `severity`: `text`" and a newline: a message line whose record text is
// shown as append_visible shows it, and its severity word coloured with `color` (the colour's
// escape sequences are floe's own, so they are not escaped with the record's).
void print_message_line(std::string& out, std::string_view where, std::string_view severity,
                        std::string_view text, rules::Encoding encoding, bool color) {
    append_visible(out, where, encoding);
    out += ": ";
    out += colored_severity(severity, color);
    out += ": ";
    print_line(out, text, encoding);
}

}  // namespace

void print_diagnostics(std::string& out, std::string_view file, const rules::GameRecord& game,
                       const rules::DiagnosticLog& log, HintWords words, std::ostream* stream) {
    if (log.list().empty()) return;
    const std::string identity = game_identity(game);
    for (const rules::Diagnostic& d : log.list()) {
        print_diagnostic(out, file, game, d, words, identity);
        TextOut(out, stream).spill();
    }
    if (const int more = log.dropped_errors() + log.dropped_warnings())
        print_line(out,
                   fmt::format("{}: note: {}, {} more diagnostics not shown ({} errors, {} "
                               "warnings): floe keeps {} a game",
                               file, identity, more, log.dropped_errors(), log.dropped_warnings(),
                               rules::DiagnosticLog::Kept),
                   game.encoding);
}

void print_note(std::string& out, std::string_view file, std::string_view message,
                rules::Encoding encoding, bool color, bool warning) {
    print_message_line(out, file, warning ? "warning" : "note", message, encoding, color);
}

std::string colored_severity(std::string_view severity, bool color) {
    const std::string_view sgr = severity == "error"     ? "\x1b[1;31m"
                                 : severity == "warning" ? "\x1b[1;35m"
                                 : severity == "note"    ? "\x1b[1;36m"
                                                         : "";
    if (!color || sgr.empty()) return std::string(severity);
    return fmt::format("{}{}{}", sgr, severity, Reset);
}

std::string game_identity(const rules::GameRecord& game) {
    auto player = [&](std::string_view tag) -> std::string {
        const std::optional<std::string> v = parser::find_tag(game, tag);
        return v && !v->empty() && *v != "?" ? *v : std::string();
    };
    const std::string white = player("White"), black = player("Black");
    if (white.empty() && black.empty()) return fmt::format("game {}", game.number);
    return fmt::format("game {} ({} vs {})", game.number, white.empty() ? "?" : white,
                       black.empty() ? "?" : black);
}

void print_diagnostic(std::string& out, std::string_view file, const rules::GameRecord& game,
                      const rules::Diagnostic& d, HintWords words,
                      std::optional<std::string_view> known_identity, bool color) {
    const HintText hint = hint_text(d, words);
    const auto pos      = game.source.locate(d.span.begin);
    const auto line     = game.source.line_text(d.span.begin);
    const std::string identity =
        known_identity ? std::string(*known_identity) : game_identity(game);
    // Tag values and tokens in the message are record text: decoded and escaped as the excerpt.
    const std::string where = fmt::format("{}:{}:{}", file, pos.line, pos.column);
    print_message_line(out, where, severity_name(d.severity),
                       fmt::format("{}, {} [{}]", identity, d.message + hint.message_suffix,
                                   rules::code_name(d.code)),
                       game.encoding, color);
    // The underline stays on the span's first line.
    const std::size_t line_begin = static_cast<std::size_t>(line.data() - game.text.data());
    const std::size_t line_end   = line_begin + line.size();
    const std::size_t end        = std::clamp<std::size_t>(d.span.end, d.span.begin, line_end);
    // The line may start before game.text (the first line of a game that starts mid-line).
    const auto caret = static_cast<std::size_t>(game.text.data() + d.span.begin - line.data());
    print_excerpt(out, pos.line, line, caret, caret + (end - d.span.begin), game.encoding, color);
    for (const std::string& note : d.notes)
        print_message_line(out, where, "note", note, game.encoding, color);
    if (!hint.note.empty()) print_message_line(out, where, "note", hint.note, game.encoding, color);
    if (!d.fen.empty())
        print_message_line(out, where, "note", "position before the move: " + d.fen, game.encoding,
                           color);
}

void print_fen_diagnostic(std::string& out, std::string_view label, std::string_view fen,
                          const rules::Diagnostic& d, HintWords words, bool color) {
    const HintText hint = hint_text(d, words);
    // A position given on the command line has no record: its stray bytes read as the default.
    constexpr rules::Encoding encoding = rules::Encoding::Cp1252;
    const std::uint32_t begin          = std::min<std::uint32_t>(d.span.begin, fen.size());
    const std::uint32_t end            = std::clamp<std::uint32_t>(d.span.end, begin, fen.size());
    const std::uint32_t column         = rules::code_point_count(fen.substr(0, begin)) + 1;
    const std::string where            = fmt::format("{}:1:{}", label, column);
    print_message_line(
        out, where, severity_name(d.severity),
        fmt::format("{} [{}]", d.message + hint.message_suffix, rules::code_name(d.code)), encoding,
        color);
    print_excerpt(out, 1, fen, begin, end, encoding, color);
    for (const std::string& note : d.notes)
        print_message_line(out, where, "note", note, encoding, color);
    if (!hint.note.empty()) print_message_line(out, where, "note", hint.note, encoding, color);
}

}  // namespace floe::formats
