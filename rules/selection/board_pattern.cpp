#include "rules/selection/board_pattern.hpp"

#include <optional>
#include <string>
#include <vector>

namespace floe::rules::selection {

namespace {

std::string quoted(char c) { return std::string("'") + c + "'"; }

ParseError error_at(std::size_t offset, std::string reason) {
    return {static_cast<int>(offset) + 1, std::move(reason)};
}

// The text's ranks, top rank first, as [begin, end) offsets into `text`.
struct Rank {
    std::size_t begin = 0;
    std::size_t end   = 0;
};

std::vector<Rank> split_ranks(std::string_view text, std::size_t base) {
    std::vector<Rank> ranks;
    std::size_t begin = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i == text.size() || text[i] == '/') {
            ranks.push_back({base + begin, base + i});
            begin = i + 1;
        }
    }
    return ranks;
}

std::string covers(int rank, int squares, int expected) {
    return "rank " + std::to_string(rank) + " covers " + std::to_string(squares) +
           " squares (expected " + std::to_string(expected) + ")";
}

// Reads one chess rank (docs/rules/selection.md §2.1) into `out`; returns an error or nothing.
std::optional<ParseError> read_chess_rank(std::string_view text, Rank r, int rank, auto& out) {
    int file         = 0;
    bool after_piece = false;  // `~` may follow a piece letter
    for (std::size_t i = r.begin; i < r.end; ++i) {
        const char c = text[i];
        if (c == '~' && after_piece) {
            after_piece = false;  // a promoted piece is that piece on the board (§2.1)
            continue;
        }
        after_piece = false;
        if (c >= '1' && c <= '9') {  // a 9 is counted, and reported as too many
            for (int n = c - '0'; n > 0; --n, ++file) {
                if (file < 8) out.care |= chess::bit(chess::make_square(file, rank));
            }
            continue;
        }
        // Past the eighth file the squares are only counted, for the message.
        const chess::Bitboard square = file < 8 ? chess::bit(chess::make_square(file, rank)) : 0;
        if (c == '?') {
            ++file;
            continue;
        }
        const auto at = std::string_view("PNBRQKpnbrqk").find(c);
        if (c == '*') {
            out.ice |= square;
        } else if (at != std::string_view::npos) {
            out.pieces[at / 6][at % 6] |= square;
            after_piece = true;
        } else if (c == '0') {
            return error_at(i, "a run of empty squares counts from 1 to 8, not 0");
        } else if (c == '[') {
            return error_at(i, "the pockets are not part of a board pattern");
        } else {
            return error_at(i, quoted(c) + " is not a piece letter, `*`, `?` or a digit");
        }
        out.care |= square;
        ++file;
    }
    if (file != 8) return error_at(r.begin, covers(rank + 1, file, 8));
    return std::nullopt;
}

// Reads one Glacial Shift cell (docs/rules/notation.md §6.8), [begin, end) of `text`, that is
// neither a run nor `?`.
std::variant<glacial::Cell, ParseError> read_glacial_cell(std::string_view text, std::size_t begin,
                                                          std::size_t end) {
    const auto owner = std::string_view("YGBRX").find(text[begin]);
    if (owner == std::string_view::npos)
        return error_at(begin, quoted(text[begin]) + " is not a seat letter, `X`, `?` or a digit");
    if (begin + 1 >= end) return error_at(begin, "a cell needs its colour and size");
    const auto colour = std::string_view("ygbr").find(text[begin + 1]);
    if (colour == std::string_view::npos)
        return error_at(begin + 1, quoted(text[begin + 1]) + " is not a colour letter");
    std::uint8_t sizes = 0;
    int last           = 0;
    std::size_t i      = begin + 2;
    for (; i < end && text[i] >= '1' && text[i] <= '3'; ++i) {
        const int size = text[i] - '0';
        if (last != 0 && size != last + 1)
            return error_at(i, "a nest's sizes are consecutive and ascending");
        sizes |= glacial::size_bit(size);
        last = size;
    }
    if (sizes == 0) return error_at(i < end ? i : begin, "a cell needs a size 1, 2 or 3");
    const bool is_upright = owner == 4;
    if (is_upright && (sizes & (sizes - 1)))
        return error_at(begin, "an upright cell is one pyramid");
    if (i < end && text[i] == '\'') {
        if (is_upright) return error_at(i, "`'` marks a lying piece as spent, not an upright one");
        sizes |= glacial::SpentBit;
        ++i;
    }
    if (i < end) return error_at(i, quoted(text[i]) + " does not belong in a cell");
    return is_upright ? glacial::upright(static_cast<int>(colour), last)
                      : glacial::lying(static_cast<int>(owner), static_cast<int>(colour), sizes);
}

// Reads one Glacial Shift rank (docs/rules/selection.md §2.2) into `out`.
std::optional<ParseError> read_glacial_rank(std::string_view text, Rank r, int rank, auto& out) {
    int file          = 0;
    std::size_t begin = r.begin;
    for (std::size_t i = r.begin; i <= r.end; ++i) {
        if (i < r.end && text[i] != ',') continue;
        if (begin == i) return error_at(begin, "empty cell");
        const char c = text[begin];
        if (c >= '0' && c <= '9' && i == begin + 1) {
            if (c == '0')
                return error_at(begin, "a run of empty squares counts from 1 to 9, not 0");
            for (int n = c - '0'; n > 0; --n, ++file) {
                if (file < glacial::BoardSize) {
                    const glacial::Square s = glacial::make_square(file, rank);
                    out.care[s]             = true;
                    out.cells[s]            = glacial::empty_cell();
                }
            }
        } else if (c == '?' && i == begin + 1) {
            ++file;
        } else {
            auto cell = read_glacial_cell(text, begin, i);
            if (auto* e = std::get_if<ParseError>(&cell)) return *e;
            if (file < glacial::BoardSize) {
                const glacial::Square s = glacial::make_square(file, rank);
                out.care[s]             = true;
                out.cells[s]            = std::get<glacial::Cell>(cell);
            }
            ++file;
        }
        begin = i + 1;
    }
    if (file != glacial::BoardSize) return error_at(r.begin, covers(rank + 1, file, 9));
    return std::nullopt;
}

}  // namespace

Parsed<BoardPattern> parse_board_pattern(std::string_view text) {
    std::size_t first = 0, last = text.size();
    while (first < last && (text[first] == ' ' || text[first] == '\t')) ++first;
    while (last > first && (text[last - 1] == ' ' || text[last - 1] == '\t')) --last;
    for (std::size_t i = first; i < last; ++i) {
        if (text[i] == ' ' || text[i] == '\t')
            return error_at(i, "a board pattern is the board field alone, without blanks");
    }
    const std::vector<Rank> ranks = split_ranks(text.substr(first, last - first), first);
    BoardPattern pattern;
    if (ranks.size() == 8) {
        pattern.engine_ = Engine::Chess;
        for (int k = 0; k < 8; ++k) {
            if (auto e = read_chess_rank(text, ranks[k], 7 - k, pattern.chess_)) return *e;
        }
    } else if (ranks.size() == 9) {
        pattern.engine_ = Engine::GlacialShift;
        for (int k = 0; k < 9; ++k) {
            if (auto e = read_glacial_rank(text, ranks[k], 8 - k, pattern.glacial_)) return *e;
        }
    } else {
        return error_at(first, "a board pattern has 8 ranks (chess) or 9 (Glacial Shift), not " +
                                   std::to_string(ranks.size()));
    }
    return pattern;
}

bool BoardPattern::matches(const chess::Position& position) const {
    if (engine_ != Engine::Chess) return false;
    const chess::Bitboard care = chess_.care;
    if ((position.ice() & care) != chess_.ice) return false;
    for (const chess::Color c : {chess::Color::White, chess::Color::Black}) {
        for (int t = 0; t < 6; ++t) {
            const chess::Bitboard have = position.pieces(c, static_cast<chess::PieceType>(t));
            if ((have & care) != chess_.pieces[index(c)][t]) return false;
        }
    }
    return true;
}

bool BoardPattern::matches(const glacial::Position& position) const {
    if (engine_ != Engine::GlacialShift) return false;
    for (int s = 0; s < glacial::SquareCount; ++s) {
        if (glacial_.care[s] &&
            !(position.at(static_cast<glacial::Square>(s)) == glacial_.cells[s]))
            return false;
    }
    return true;
}

}  // namespace floe::rules::selection
