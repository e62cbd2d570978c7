#include "formats/comment_commands.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <string>

#include "rules/common/ascii.hpp"

namespace floe::formats {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The leading digits of `text`.
std::string_view digits(std::string_view text) {
    std::size_t n = 0;
    while (n < text.size() && is_digit(text[n])) ++n;
    return text.substr(0, n);
}

template <class T>
std::optional<T> number(std::string_view text) {
    T value{};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// A two-digit minute or second field, below 60.
std::optional<int> sixty(std::string_view text) {
    if (text.size() != 2 || !is_digit(text[0]) || !is_digit(text[1])) return std::nullopt;
    const int value = (text[0] - '0') * 10 + (text[1] - '0');
    if (value >= 60) return std::nullopt;
    return value;
}

bool is_color(char c) { return c == 'R' || c == 'G' || c == 'B' || c == 'Y'; }

// A square of the board (files from a, ranks from 1, one digit each: boards are at most 9 wide).
bool is_square(std::string_view text, int board_size) {
    return text.size() == 2 && text[0] >= 'a' && text[0] < 'a' + board_size && text[1] >= '1' &&
           text[1] < '1' + board_size;
}

// Calls `item` on each comma-separated item of `value`; false as soon as one is refused.
template <class F>
bool each_item(std::string_view value, F&& item) {
    if (value.empty()) return true;
    for (;;) {
        const std::size_t comma = value.find(',');
        if (!item(value.substr(0, comma))) return false;
        if (comma == std::string_view::npos) return true;
        value.remove_prefix(comma + 1);
    }
}

}  // namespace

std::vector<CommentCommand> find_comment_commands(std::string_view text) {
    static constexpr std::array<std::string_view, 5> Known = {"clk", "emt", "eval", "csl", "cal"};
    std::vector<CommentCommand> commands;
    for (std::size_t at = text.find("[%"); at != std::string_view::npos;
         at             = text.find("[%", at + 2)) {
        const std::size_t close = text.find(']', at);
        if (close == std::string_view::npos) break;
        const std::string_view body = text.substr(at + 2, close - at - 2);
        // Blanks are spaces, tabs or line breaks: a writer that wraps a long comment may break
        // the line inside a command (`[%clk\n0:09:35]`), and the comment keeps those bytes.
        std::size_t gap = 0;
        while (gap < body.size() && !rules::is_ascii_space(body[gap])) ++gap;
        const std::string_view name = body.substr(0, gap);
        std::string_view value      = body.substr(gap);
        while (!value.empty() && rules::is_ascii_space(value.front())) value.remove_prefix(1);
        while (!value.empty() && rules::is_ascii_space(value.back())) value.remove_suffix(1);
        if (std::find(Known.begin(), Known.end(), name) != Known.end())
            commands.push_back({name, value});
    }
    return commands;
}

std::optional<double> clock_seconds(std::string_view value) {
    const std::string_view hours = digits(value);
    if (hours.empty() || hours.size() > 9 || value.size() < hours.size() + 6) return std::nullopt;
    value.remove_prefix(hours.size());
    if (value[0] != ':' || value[3] != ':') return std::nullopt;
    const auto minutes = sixty(value.substr(1, 2));
    const auto seconds = sixty(value.substr(4, 2));
    if (!minutes || !seconds) return std::nullopt;
    std::string_view fraction = value.substr(6);
    if (!fraction.empty()) {
        fraction.remove_prefix(1);
        if (value[6] != '.' || fraction.empty() || digits(fraction).size() != fraction.size())
            return std::nullopt;
    }
    // Written out as one decimal and read once, so that 1:30:05.1 is the double nearest 5405.1.
    const std::int64_t whole = *number<std::int64_t>(hours) * 3600 + *minutes * 60 + *seconds;
    std::string decimal      = std::to_string(whole);
    if (!fraction.empty()) (decimal += '.') += fraction;
    return number<double>(decimal);
}

std::optional<Evaluation> evaluation(std::string_view value) {
    Evaluation e;
    const std::size_t comma = value.find(',');
    if (comma != std::string_view::npos) {
        e.depth = number<int>(value.substr(comma + 1));
        if (!e.depth || !is_digit(value[comma + 1])) return std::nullopt;
        value = value.substr(0, comma);
    }
    const bool mate = !value.empty() && value[0] == '#';
    if (mate) value.remove_prefix(1);
    const bool negative = !value.empty() && value[0] == '-';
    if (!value.empty() && (value[0] == '-' || value[0] == '+')) value.remove_prefix(1);
    const std::string_view whole = digits(value);
    if (whole.empty()) return std::nullopt;
    if (mate) {
        e.mate = number<int>(value);
        if (!e.mate) return std::nullopt;
        if (negative) e.mate = -*e.mate;
        return e;
    }
    const std::string_view fraction = value.substr(whole.size());
    if (!fraction.empty() && (fraction[0] != '.' || fraction.size() == 1 ||
                              digits(fraction.substr(1)).size() != fraction.size() - 1))
        return std::nullopt;
    e.pawns = number<double>(value);
    if (!e.pawns) return std::nullopt;
    if (negative && *e.pawns != 0) e.pawns = -*e.pawns;  // -0.00 is an even game: 0, not -0
    return e;
}

std::optional<std::vector<ColoredSquare>> colored_squares(std::string_view value, int board_size) {
    std::vector<ColoredSquare> squares;
    const bool read = each_item(value, [&](std::string_view item) {
        if (item.size() != 3 || !is_color(item[0]) || !is_square(item.substr(1), board_size))
            return false;
        squares.push_back({item[0], item.substr(1)});
        return true;
    });
    if (!read) return std::nullopt;
    return squares;
}

std::optional<std::vector<Arrow>> arrows(std::string_view value, int board_size) {
    std::vector<Arrow> list;
    const bool read = each_item(value, [&](std::string_view item) {
        if (item.size() != 5 || !is_color(item[0]) || !is_square(item.substr(1, 2), board_size) ||
            !is_square(item.substr(3), board_size))
            return false;
        list.push_back({item[0], item.substr(1, 2), item.substr(3)});
        return true;
    });
    if (!read) return std::nullopt;
    return list;
}

}  // namespace floe::formats
