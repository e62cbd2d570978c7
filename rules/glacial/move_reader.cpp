#include "rules/glacial/move_reader.hpp"

#include "rules/common/ascii.hpp"

namespace floe::rules::glacial {

int seat_of_letter(char c) {
    switch (c) {
        case 'Y':
            return Yellow;
        case 'G':
            return Green;
        case 'B':
            return Blue;
        case 'R':
            return Red;
        default:
            return NoSeat;
    }
}

int colour_of_letter(char c) {
    switch (c) {
        case 'y':
            return 0;
        case 'g':
            return 1;
        case 'b':
            return 2;
        case 'r':
            return 3;
        default:
            return -1;
    }
}

Square square_at(std::string_view s) {
    if (s.size() < 2 || s[0] < 'a' || s[0] > 'i' || s[1] < '1' || s[1] > '9') return NoSquare;
    return make_square(s[0] - 'a', s[1] - '1');
}

std::string square_name(Square s) {
    return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

PlyToken decode_ply(std::string_view text) {
    PlyToken t;
    if (text.size() >= 2 && text[1] == ':' && seat_of_letter(text[0]) != NoSeat) {
        t.seat = seat_of_letter(text[0]);
        text.remove_prefix(2);
        t.seat_glued = !text.empty() && !is_blank(text.front());
        while (!text.empty() && (is_blank(text.front()) || is_line_end(text.front())))
            text.remove_prefix(1);
    }
    if (!text.empty() && text.back() == '+') {
        t.check = true;
        text.remove_suffix(1);
    }
    if (text.size() >= 2 && text.substr(text.size() - 2) == "^0") {
        t.promotion = Promotion::Spent;
        text.remove_suffix(2);
    } else if (!text.empty() && text.back() == '^') {
        t.promotion = Promotion::Made;
        text.remove_suffix(1);
    }
    auto piece = [&](std::string_view s) {
        t.colour = colour_of_letter(s[0]);
        t.size   = s[1] >= '1' && s[1] <= '3' ? s[1] - '0' : 0;
        return t.colour >= 0 && t.size > 0;
    };
    if (text.size() == 5 && text[2] == '@') {  // g1@d4
        t.drop = true;
        t.to   = square_at(text.substr(3));
        t.ok   = piece(text) && t.to != NoSquare;
        return t;
    }
    if (text.size() == 7) {  // y1e3-e4
        if (!piece(text)) return t;
        text.remove_prefix(2);
    }
    if (text.size() != 5 || (text[2] != '-' && text[2] != 'x')) return t;
    t.from    = square_at(text);
    t.to      = square_at(text.substr(3));
    t.capture = text[2];
    t.ok      = t.from != NoSquare && t.to != NoSquare;
    return t;
}

}  // namespace floe::rules::glacial
