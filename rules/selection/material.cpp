#include "rules/selection/material.hpp"

#include <string>
#include <vector>

namespace floe::rules::selection {

namespace {

ParseError error_at(std::size_t offset, std::string reason) {
    return {static_cast<int>(offset) + 1, std::move(reason)};
}

std::string quoted(char c) { return std::string("'") + c + "'"; }

bool is_blank(char c) { return c == ' ' || c == '\t'; }

// The sides of the text, [begin, end) offsets, cut at each `vs` in any case: no side letter is
// a `v` or an `s`, so the cut is never ambiguous.
struct Span {
    std::size_t begin = 0;
    std::size_t end   = 0;
};
std::vector<Span> split_sides(std::string_view text) {
    std::vector<Span> sides;
    std::size_t begin = 0;
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
        if ((text[i] == 'v' || text[i] == 'V') && (text[i + 1] == 's' || text[i + 1] == 'S')) {
            sides.push_back({begin, i});
            begin = i + 2;
            ++i;
        }
    }
    sides.push_back({begin, text.size()});
    return sides;
}

enum class SideKind { ChessPieces, Ice, Glacial };

std::string side_name(SideKind kind) {
    switch (kind) {
        case SideKind::ChessPieces:
            return "a piece letter (K Q R B N P)";
        case SideKind::Ice:
            return "`*` (an ice cube)";
        default:
            return "a colour letter (y g b r)";
    }
}

}  // namespace

Parsed<Material> parse_material(std::string_view text) {
    const std::vector<Span> spans = split_sides(text);
    if (spans.size() < 2 || spans.size() > 5)
        return error_at(0,
                        "a material balance has 2 or 3 sides (chess: White vs Black, vs the ice) "
                        "or 4 or 5 (Glacial Shift: Y vs G vs B vs R, vs the upright "
                        "pyramids), not " +
                            std::to_string(spans.size()));
    Material material;
    material.engine_ = spans.size() <= 3 ? Engine::Chess : Engine::GlacialShift;
    for (std::size_t k = 0; k < spans.size(); ++k) {
        const SideKind kind  = material.engine_ == Engine::GlacialShift ? SideKind::Glacial
                               : k < 2                                  ? SideKind::ChessPieces
                                                                        : SideKind::Ice;
        Material::Side& side = material.sides_[k];
        side.given           = true;
        bool none = false, pieces = false;
        for (std::size_t i = spans[k].begin; i < spans[k].end; ++i) {
            const char c = text[i];
            if (is_blank(c)) continue;
            if (side.at_least) return error_at(i, "`+` comes at the end of a side");
            if (c == '+') {
                if (!none && !pieces) return error_at(i, "`+` follows the side's pieces");
                side.at_least = true;
                continue;
            }
            if (none) return error_at(i, "`-` stands alone, for no pieces");
            if (c == '-') {
                if (pieces) return error_at(i, "`-` stands alone, for no pieces");
                none = true;
                continue;
            }
            if (kind == SideKind::ChessPieces) {
                const auto at = std::string_view("PNBRQKpnbrqk").find(c);
                if (at == std::string_view::npos)
                    return error_at(i, quoted(c) + " is not " + side_name(kind));
                ++side.counts[at % 6];
            } else if (kind == SideKind::Ice) {
                if (c != '*') return error_at(i, quoted(c) + " is not " + side_name(kind));
                ++side.counts[0];
            } else {
                const auto colour = std::string_view("ygbr").find(c);
                if (colour == std::string_view::npos)
                    return error_at(i, quoted(c) + " is not " + side_name(kind));
                if (i + 1 >= spans[k].end || text[i + 1] < '1' || text[i + 1] > '3')
                    return error_at(i + 1, "a colour letter is followed by a size, 1 2 or 3");
                ++side.counts[glacial::kind_index(static_cast<int>(colour), text[++i] - '0')];
            }
            pieces = true;
        }
        if (!none && !pieces)
            return error_at(spans[k].begin,
                            "side " + std::to_string(k + 1) + " is empty: write `-` for no pieces");
    }
    return material;
}

bool Material::fits(const Side& side, const std::array<int, glacial::KindCount>& have) const {
    if (!side.given) return true;
    for (std::size_t i = 0; i < have.size(); ++i) {
        if (side.at_least ? have[i] < side.counts[i] : have[i] != side.counts[i]) return false;
    }
    return true;
}

bool Material::matches(const chess::Position& position) const {
    if (engine_ != Engine::Chess) return false;
    for (const chess::Color c : {chess::Color::White, chess::Color::Black}) {
        std::array<int, glacial::KindCount> have{};
        for (int t = 0; t < 6; ++t)
            have[t] = chess::square_count(position.pieces(c, static_cast<chess::PieceType>(t)));
        if (!fits(sides_[index(c)], have)) return false;
    }
    std::array<int, glacial::KindCount> ice{};
    ice[0] = chess::square_count(position.ice());
    return fits(sides_[2], ice);
}

bool Material::matches(const glacial::Position& position) const {
    if (engine_ != Engine::GlacialShift) return false;
    // Index 0..3: the seats' lying pieces by colour and rank; 4: the upright pyramids.
    std::array<std::array<int, glacial::KindCount>, 5> have{};
    for (int s = 0; s < glacial::SquareCount; ++s) {
        const glacial::Cell& cell = position.at(static_cast<glacial::Square>(s));
        const int size            = glacial::largest_size(cell.sizes & glacial::SizeBits);
        if (cell.occupant == glacial::Occupant::Lying)
            ++have[cell.owner][glacial::kind_index(cell.colour, size)];
        else if (cell.occupant == glacial::Occupant::Upright)
            ++have[4][glacial::kind_index(cell.colour, size)];
    }
    for (int k = 0; k < 5; ++k) {
        if (!fits(sides_[k], have[k])) return false;
    }
    return true;
}

}  // namespace floe::rules::selection
