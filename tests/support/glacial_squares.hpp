#pragma once
// Glacial Shift squares as the diagram tests read them, independently of floe's readers: from
// a position string's board field, and from an SVG's `<g data-square=…>` attributes
// (docs/rules/notation.md §6.8; docs/commands.md, diagram).

#include <cctype>
#include <map>
#include <ostream>
#include <string>

namespace floe::test {

/// The start position's string (docs/rules/glacial-shift.md §9.3).
inline const std::string GlacialStart =
    "2,Bb2,By2,Bb3,By2,Bb2,2/3,Bb1,Br2,Bb1,3/Gg2,3,Bb1,3,Rr2/Gr2,Gg1,5,Rr1,Rg2/"
    "Gg3,Gb2,Gg1,3,Rr1,Ry2,Rr3/Gr2,Gg1,5,Rr1,Rg2/Gg2,3,Yy1,3,Rr2/3,Yy1,Yg2,Yy1,3/"
    "2,Yy2,Yb2,Yy3,Yb2,Yy2,2 Y -/-/-/- 204/204/204/204 -/-/-/- 1";

/// What one square holds: owner letter (X upright), colour letter, sizes, and the whole cell
/// code; all empty for an empty square.
struct GlacialSquare {
    std::string owner, colour, nest, piece;
    bool operator==(const GlacialSquare&) const = default;
};

inline std::ostream& operator<<(std::ostream& os, const GlacialSquare& s) {
    return os << '{' << s.owner << ',' << s.colour << ',' << s.nest << ',' << s.piece << '}';
}

/// The board field of a position string: square name ("a1".."i9") -> what it holds.
inline std::map<std::string, GlacialSquare> position_string_squares(const std::string& position) {
    std::map<std::string, GlacialSquare> out;
    const std::string board = position.substr(0, position.find(' '));
    int rank = 8, file = 0;
    std::string cell;
    auto flush = [&] {
        if (cell.empty()) return;
        if (std::isdigit(static_cast<unsigned char>(cell[0]))) {
            for (int i = 0; i < std::stoi(cell); ++i, ++file)
                out[std::string{char('a' + file), char('1' + rank)}] = {};
        } else {
            std::string nest = cell.substr(2);
            if (!nest.empty() && nest.back() == '\'') nest.pop_back();  // spent
            out[std::string{char('a' + file), char('1' + rank)}] = {cell.substr(0, 1),
                                                                    cell.substr(1, 1), nest, cell};
            ++file;
        }
        cell.clear();
    };
    for (char c : board) {
        if (c == ',' || c == '/') {
            flush();
            if (c == '/') {
                --rank;
                file = 0;
            }
        } else {
            cell += c;
        }
    }
    flush();
    return out;
}

/// The value of attribute `name` in the tag text `tag`, or "" when missing.
inline std::string svg_attribute(const std::string& tag, const std::string& name) {
    const std::string key = " " + name + "=\"";
    const auto at         = tag.find(key);
    if (at == std::string::npos) return "";
    const auto begin = at + key.size();
    return tag.substr(begin, tag.find('"', begin) - begin);
}

/// Every `<g data-square=…>` of an SVG, read from its data-owner, data-colour, data-nest and
/// data-piece attributes (string search, not std::regex: thousands of boards are read).
/// `groups`, when given, receives the number of such groups (duplicates included).
inline std::map<std::string, GlacialSquare> svg_squares(const std::string& svg,
                                                        int* groups = nullptr) {
    std::map<std::string, GlacialSquare> out;
    int count = 0;
    for (auto at = svg.find("<g data-square="); at != std::string::npos;
         at      = svg.find("<g data-square=", at + 1), ++count) {
        const std::string tag                  = svg.substr(at, svg.find('>', at) - at);
        out[svg_attribute(tag, "data-square")] = {
            svg_attribute(tag, "data-owner"), svg_attribute(tag, "data-colour"),
            svg_attribute(tag, "data-nest"), svg_attribute(tag, "data-piece")};
    }
    if (groups) *groups = count;
    return out;
}

}  // namespace floe::test
