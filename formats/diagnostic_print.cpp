#include "formats/diagnostic_print.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace floe::formats {

namespace {

const char* severity_name(rules::Severity s) {
    return s == rules::Severity::Error ? "error" : "warning";
}

// Appends the source line and the caret line under columns [column, column + width).
void print_excerpt(std::string& out, std::uint32_t line_number, std::string_view line,
                   std::uint32_t column, std::uint32_t width) {
    std::string shown(line);
    std::replace(shown.begin(), shown.end(), '\t', ' ');  // one column per tab (§8)
    fmt::format_to(std::back_inserter(out), "{:>5} | {}\n", line_number, shown);
    out += "      | ";
    out.append(column > 0 ? column - 1 : 0, ' ');
    out += '^';
    if (width > 1) out.append(width - 1, '~');
    out += '\n';
}

}  // namespace

std::uint32_t count_code_points(std::string_view text) {
    std::uint32_t n = 0;
    for (std::size_t i = 0; i < text.size();) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        std::size_t len       = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
        bool valid            = i + len <= text.size();
        for (std::size_t k = 1; valid && k < len; ++k)
            valid = (static_cast<unsigned char>(text[i + k]) >> 6) == 2;
        i += valid ? len : 1;
        ++n;
    }
    return n;
}

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
    fmt::format_to(std::back_inserter(out), "{}:{}:{}: {}: {}, {} [{}]\n", file, pos.line, pos.column,
                   severity_name(d.severity), game_identity(game), d.message,
                   rules::code_name(d.code));
    // The underline stays on the span's first line.
    const std::size_t line_begin = static_cast<std::size_t>(line.data() - game.text.data());
    const std::size_t line_end   = line_begin + line.size();
    const std::size_t end        = std::clamp<std::size_t>(d.span.end, d.span.begin, line_end);
    const std::uint32_t width =
        std::max<std::uint32_t>(1, count_code_points(game.text.substr(d.span.begin, end - d.span.begin)));
    print_excerpt(out, pos.line, line, pos.column, width);
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
    const std::uint32_t column = count_code_points(fen.substr(0, begin)) + 1;
    fmt::format_to(std::back_inserter(out), "{}:1:{}: {}: {} [{}]\n", label, column,
                   severity_name(d.severity), d.message, rules::code_name(d.code));
    print_excerpt(out, 1, fen, column, std::max<std::uint32_t>(1, count_code_points(fen.substr(begin, end - begin))));
    for (const std::string& note : d.notes)
        fmt::format_to(std::back_inserter(out), "{}:1:{}: note: {}\n", label, column, note);
}

}  // namespace floe::formats
