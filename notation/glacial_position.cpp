#include "notation/glacial_position.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>

#include "rules/common/ascii.hpp"
#include "rules/encoding.hpp"
#include "rules/glacial/board.hpp"

namespace floe::formats {

namespace {

namespace glacial = rules::glacial;
using glacial::Cell;
using glacial::NoSeat;
using glacial::Occupant;
using glacial::SeatCount;
using rules::DiagCode;

constexpr std::string_view SeatLetters   = "YGBR";
constexpr std::string_view ColourLetters = "ygbr";
constexpr std::array<const char*, 4> ColourNames{"yellow", "green", "blue", "red"};
constexpr std::array<const char*, 4> SeatNames{"Yellow", "Green", "Blue", "Red"};
constexpr std::array<const char*, 4> SizeNames{"", "small", "medium", "large"};

// A piece of the text and its byte offset in the whole string.
struct Part {
    std::string_view text;
    std::uint32_t begin = 0;
    std::uint32_t end() const { return begin + static_cast<std::uint32_t>(text.size()); }
};

// The whole character at text[i] (a byte that is not UTF-8 alone): a message quotes characters,
// never half of one.
std::string_view character_at(std::string_view text, std::size_t i) {
    const std::uint32_t len = rules::utf8_length(text, i);
    return text.substr(i, len ? len : 1);
}

// Splits on runs of blanks (fields) or on one separator character (ranks, cells, seats).
std::vector<Part> split_blanks(std::string_view text) {
    std::vector<Part> out;
    rules::for_each_blank_separated(text, [&](std::size_t begin, std::size_t end) {
        out.push_back({text.substr(begin, end - begin), static_cast<std::uint32_t>(begin)});
    });
    return out;
}

std::vector<Part> split(const Part& whole, char separator) {
    std::vector<Part> out;
    std::size_t from = 0;
    while (true) {
        const std::size_t at = whole.text.find(separator, from);
        const std::size_t to = at == std::string_view::npos ? whole.text.size() : at;
        out.push_back(
            {whole.text.substr(from, to - from), static_cast<std::uint32_t>(whole.begin + from)});
        if (at == std::string_view::npos) break;
        from = at + 1;
    }
    return out;
}

int seat_of_letter(char c) {
    const auto at = SeatLetters.find(c);
    return at == std::string_view::npos ? NoSeat : static_cast<int>(at);
}
int colour_of_letter(char c) {
    const auto at = ColourLetters.find(c);
    return at == std::string_view::npos ? -1 : static_cast<int>(at);
}

// Reads one position string: each field into a Setup, then the rules that need several
// fields. Every problem is recorded; the position is built only when none was found.
class Reader {
public:
    explicit Reader(std::string_view text) : text_(text) {}

    GlacialPositionResult read() {
        const std::vector<Part> fields = split_blanks(text_);
        if (fields.size() != 6) {
            report_field_count(fields);
            return finish();
        }
        const bool board_ok = read_board(fields[0]);
        const bool turn_ok  = read_turn(fields[1]);
        const bool hands_ok = read_hands(fields[2]);
        const bool stash_ok = read_stash(fields[3]);
        const bool last_ok  = read_last_attackers(fields[4]);
        read_ply(fields[5]);
        if (!(board_ok && turn_ok && hands_ok && stash_ok && last_ok)) return finish();
        check_totals(fields[3]);
        check_seats(fields[0], fields[1]);
        return finish();
    }

private:
    void error(DiagCode code, std::uint32_t begin, std::uint32_t end, std::string message) {
        diagnostics_.push_back(
            rules::make_error(code, rules::Span{begin, end}, std::move(message)));
    }
    void error(DiagCode code, const Part& part, std::string message) {
        error(code, part.begin, part.end(), std::move(message));
    }

    GlacialPositionResult finish() {
        std::stable_sort(diagnostics_.begin(), diagnostics_.end(),
                         [](const auto& a, const auto& b) { return a.span.begin < b.span.begin; });
        GlacialPositionResult result;
        if (diagnostics_.empty()) result.position = glacial::Position::from_setup(setup_);
        result.diagnostics = std::move(diagnostics_);
        return result;
    }

    void report_field_count(const std::vector<Part>& fields) {
        if (fields.empty()) {
            error(DiagCode::GlacialSyntax, 0, static_cast<std::uint32_t>(text_.size()),
                  "position string is empty");
        } else if (fields.size() > 6) {
            error(DiagCode::GlacialSyntax, fields[6].begin, fields.back().end(),
                  fmt::format("position string has {} fields (expected 6)", fields.size()));
        } else {
            error(DiagCode::GlacialSyntax, fields[0].begin, fields.back().end(),
                  fmt::format("position string has {} fields (expected 6: board, seat to move, "
                              "hands, stash, last attackers, ply number)",
                              fields.size()));
        }
    }

    // Field 1: nine ranks, rank 9 first.
    bool read_board(const Part& board) {
        const std::vector<Part> ranks = split(board, '/');
        bool ok                       = true;
        for (std::size_t i = 0; i < ranks.size() && i < 9; ++i)
            ok &= read_rank(ranks[i], static_cast<int>(8 - i));
        if (ranks.size() != 9) {
            const std::uint32_t at = ranks.size() > 9 ? ranks[9].begin : board.begin;
            error(DiagCode::GlacialRankLength, at, board.end(),
                  fmt::format("board: {} ranks (expected 9)", ranks.size()));
            ok = false;
        }
        return ok;
    }

    bool read_rank(const Part& rank, int rank_index) {
        bool ok          = true;
        int file         = 0;  // squares covered so far
        const auto cells = split(rank, ',');
        for (const Part& cell : cells) {
            if (cell.text.empty()) {
                error(DiagCode::GlacialSyntax, cell.begin, cell.begin + 1,
                      fmt::format("board: empty cell in rank {}", rank_index + 1));
                ok = false;
            } else if (cell.text[0] >= '0' && cell.text[0] <= '9') {
                if (cell.text.size() != 1 || cell.text[0] == '0') {
                    error(
                        DiagCode::GlacialSyntax, cell,
                        fmt::format("board: '{}' is not a run of empty squares (1-9)", cell.text));
                    ok = false;
                } else {
                    file += cell.text[0] - '0';
                }
            } else {
                Cell c;
                if (read_cell(cell, c)) {
                    if (file < 9) setup_.board[glacial::make_square(file, rank_index)] = c;
                } else {
                    ok = false;
                }
                ++file;
            }
        }
        if (file != 9) {
            error(DiagCode::GlacialRankLength, rank,
                  fmt::format("board: rank {} has {} squares (expected 9)", rank_index + 1, file));
            ok = false;
        }
        return ok;
    }

    // A piece: owner (Y G B R) or X, colour, sizes ascending, optional `'`.
    bool read_cell(const Part& cell, Cell& out) {
        const std::string_view t = cell.text;
        const bool is_upright    = t[0] == 'X';
        const int owner          = seat_of_letter(t[0]);
        if (!is_upright && owner == NoSeat) {
            const std::string_view c = character_at(t, 0);
            error(DiagCode::GlacialSyntax, cell.begin,
                  cell.begin + static_cast<std::uint32_t>(c.size()),
                  fmt::format("board: unknown owner '{}' (expected Y, G, B, R or X)", c));
            return false;
        }
        const int colour = t.size() > 1 ? colour_of_letter(t[1]) : -1;
        if (colour < 0) {
            const std::string_view c = t.size() > 1 ? character_at(t, 1) : std::string_view();
            error(DiagCode::GlacialSyntax, cell.begin + 1,
                  cell.begin + 1 + static_cast<std::uint32_t>(std::max<std::size_t>(c.size(), 1)),
                  t.size() > 1
                      ? fmt::format("board: unknown colour '{}' (expected y, g, b or r)", c)
                      : std::string("board: piece without a colour"));
            return false;
        }
        std::size_t i     = 2;
        std::uint8_t mask = 0;
        int count = 0, last = 0;
        bool ordered = true;
        for (; i < t.size() && t[i] != '\''; ++i) {
            if (t[i] < '1' || t[i] > '3') {
                const std::string_view c = character_at(t, i);
                error(DiagCode::GlacialSyntax, cell.begin + static_cast<std::uint32_t>(i),
                      cell.begin + static_cast<std::uint32_t>(i + c.size()),
                      fmt::format("board: unknown size '{}' (expected 1, 2 or 3)", c));
                return false;
            }
            const int size = t[i] - '0';
            if (count > 0 && size != last + 1) ordered = false;
            last = size;
            mask |= glacial::size_bit(size);
            ++count;
        }
        if (count == 0) {
            error(DiagCode::GlacialSyntax, cell, fmt::format("board: '{}' has no size", t));
            return false;
        }
        const bool spent = i < t.size();
        if (spent && i + 1 != t.size()) {
            error(DiagCode::GlacialSyntax, cell.begin + static_cast<std::uint32_t>(i + 1),
                  cell.end(), fmt::format("board: unexpected text after ' in '{}'", t));
            return false;
        }
        if (!ordered) {
            error(DiagCode::GlacialNest, cell,
                  fmt::format("board: '{}': a nest's sizes must be consecutive and ascending", t));
            return false;
        }
        if (is_upright && count != 1) {
            error(DiagCode::GlacialNest, cell,
                  fmt::format("board: '{}': an upright cell is one pyramid", t));
            return false;
        }
        if (spent && (is_upright || glacial::largest_size(mask) == glacial::Large)) {
            error(DiagCode::GlacialSpent, cell.begin + static_cast<std::uint32_t>(i), cell.end(),
                  fmt::format("board: '{}': only a lying Pawn or Knight can be spent", t));
            return false;
        }
        out = is_upright ? glacial::upright(colour, glacial::largest_size(mask))
                         : glacial::lying(owner, colour, mask);
        if (spent) out.sizes |= glacial::SpentBit;
        return true;
    }

    // Field 2: Y G B R, or - when the game is over.
    bool read_turn(const Part& turn) {
        if (turn.text == "-") {
            setup_.turn = NoSeat;
            return true;
        }
        const int seat = turn.text.size() == 1 ? seat_of_letter(turn.text[0]) : NoSeat;
        if (seat == NoSeat) {
            error(DiagCode::GlacialSyntax, turn,
                  fmt::format("seat to move: '{}' (expected Y, G, B, R or -)", turn.text));
            return false;
        }
        setup_.turn = seat;
        return true;
    }

    // Field 3: four hands, each `-` or colour-size tokens.
    bool read_hands(const Part& field) {
        const auto parts = split(field, '/');
        if (parts.size() != 4) {
            error(DiagCode::GlacialSyntax, field,
                  fmt::format("hands: {} hands (expected 4, separated by /)", parts.size()));
            return false;
        }
        bool ok = true;
        for (int seat = 0; seat < SeatCount; ++seat) {
            const Part& p     = parts[seat];
            hand_parts_[seat] = p;
            if (p.text == "-") continue;
            if (p.text.empty() || p.text.size() % 2 != 0) {
                error(DiagCode::GlacialSyntax, p,
                      fmt::format("hands: '{}' is not '-' or colour-size pairs like g1b2", p.text));
                ok = false;
                continue;
            }
            for (std::size_t i = 0; i < p.text.size(); i += 2) {
                const int colour = colour_of_letter(p.text[i]);
                const char size  = p.text[i + 1];
                if (colour < 0 || size < '1' || size > '3') {
                    // The two characters as written, whole (`€€` is six bytes, not two).
                    const std::size_t first = character_at(p.text, i).size();
                    const std::size_t both =
                        first +
                        (i + first < p.text.size() ? character_at(p.text, i + first).size() : 0);
                    error(DiagCode::GlacialSyntax, p.begin + static_cast<std::uint32_t>(i),
                          p.begin + static_cast<std::uint32_t>(i + both),
                          fmt::format("hands: '{}' is not a colour and a size",
                                      p.text.substr(i, both)));
                    ok = false;
                    break;
                }
                auto& n = setup_.hands[seat][glacial::kind_index(colour, size - '0')];
                if (n < 99) ++n;
            }
        }
        return ok;
    }

    // Field 4: four parts of three digits, small, medium, large, each 0-5.
    bool read_stash(const Part& field) {
        const auto parts = split(field, '/');
        bool ok          = parts.size() == 4;
        for (const Part& p : parts)
            if (p.text.size() != 3 || !std::all_of(p.text.begin(), p.text.end(),
                                                   [](char c) { return c >= '0' && c <= '9'; }))
                ok = false;
        if (!ok) {
            error(DiagCode::GlacialSyntax, field,
                  fmt::format("stash: '{}' (expected four groups of three digits, like "
                              "204/204/204/204)",
                              field.text));
            return false;
        }
        for (int colour = 0; colour < SeatCount; ++colour) {
            for (int size = 1; size <= 3; ++size) {
                const int n            = parts[colour].text[size - 1] - '0';
                const std::uint32_t at = parts[colour].begin + static_cast<std::uint32_t>(size - 1);
                if (n > glacial::PyramidsPerKind) {
                    error(DiagCode::GlacialPyramidCount, at, at + 1,
                          fmt::format("stash: {} {} {} pyramids (at most 5)", n,
                                      ColourNames[colour], SizeNames[size]));
                    ok = false;
                }
                setup_.stash[glacial::kind_index(colour, size)] = static_cast<std::uint8_t>(n);
            }
        }
        return ok;
    }

    // Field 5: four last attackers, each a seat or -.
    bool read_last_attackers(const Part& field) {
        const auto parts = split(field, '/');
        if (parts.size() != 4) {
            error(DiagCode::GlacialSyntax, field,
                  fmt::format("last attackers: {} entries (expected 4, separated by /)",
                              parts.size()));
            return false;
        }
        bool ok = true;
        for (int seat = 0; seat < SeatCount; ++seat) {
            const Part& p     = parts[seat];
            last_parts_[seat] = p;
            if (p.text == "-") continue;
            const int by = p.text.size() == 1 ? seat_of_letter(p.text[0]) : NoSeat;
            if (by == NoSeat) {
                error(DiagCode::GlacialSyntax, p,
                      fmt::format("last attackers: '{}' (expected Y, G, B, R or -)", p.text));
                ok = false;
            }
            setup_.last_attacker[seat] = static_cast<std::int8_t>(by);
        }
        return ok;
    }

    // Field 6: the ply number, from 1.
    void read_ply(const Part& field) {
        const bool digits = !field.text.empty() && field.text.size() <= 9 &&
                            std::all_of(field.text.begin(), field.text.end(),
                                        [](char c) { return c >= '0' && c <= '9'; });
        const std::uint32_t n =
            digits ? static_cast<std::uint32_t>(std::stoul(std::string(field.text))) : 0;
        if (n == 0) {
            error(DiagCode::GlacialSyntax, field,
                  fmt::format("ply number: '{}' (expected a number from 1)", field.text));
            return;
        }
        setup_.ply = n;
    }

    // Every colour and size totals 5 over board, hands and stash.
    void check_totals(const Part& stash) {
        std::array<int, glacial::KindCount> total{};
        for (const Cell& c : setup_.board)
            for (int size = 1; size <= 3; ++size)
                if (c.occupant != Occupant::Empty && (c.sizes & glacial::size_bit(size)))
                    ++total[glacial::kind_index(c.colour, size)];
        for (int k = 0; k < glacial::KindCount; ++k) {
            for (int seat = 0; seat < SeatCount; ++seat) total[k] += setup_.hands[seat][k];
            total[k] += setup_.stash[k];
            if (total[k] != glacial::PyramidsPerKind)
                error(DiagCode::GlacialPyramidCount, stash,
                      fmt::format("stash: {} {} pyramids total {} over board, hands and stash "
                                  "(expected 5)",
                                  ColourNames[k / 3], SizeNames[k % 3 + 1], total[k]));
        }
    }

    // Liveness, Royals, the seat to move, check priority and last attackers.
    void check_seats(const Part& board, const Part& turn) {
        const glacial::Position p = glacial::Position::from_setup(setup_);
        for (int seat = 0; seat < SeatCount; ++seat) {
            if (p.live(seat)) {
                if (p.royals_in_quadrant(seat) == 0)
                    error(DiagCode::GlacialRoyal, board,
                          fmt::format("board: {} is live but has no Royal ({} piece) in his "
                                      "quadrant",
                                      SeatNames[seat], ColourNames[seat]));
            } else {
                if (hand_parts_[seat].text != "-")
                    error(DiagCode::GlacialDeadSeat, hand_parts_[seat],
                          fmt::format("hands: {} owns no lying piece (dead) but has a hand",
                                      SeatNames[seat]));
                if (setup_.last_attacker[seat] != NoSeat)
                    error(DiagCode::GlacialDeadSeat, last_parts_[seat],
                          fmt::format("last attackers: {} owns no lying piece (dead) but has a "
                                      "last attacker",
                                      SeatNames[seat]));
            }
        }
        if (!diagnostics_.empty()) return;  // the rules below assume Royals in place
        const int live = p.live_count();
        if (setup_.turn == NoSeat) {
            if (live != 1)
                error(DiagCode::GlacialSeatToMove, turn,
                      fmt::format("seat to move: '-' (game over) but {} seats are live", live));
            return;
        }
        if (!p.live(setup_.turn)) {
            error(DiagCode::GlacialSeatToMove, turn,
                  fmt::format("seat to move: {} owns no lying piece", SeatNames[setup_.turn]));
            return;
        }
        if (live == 1) {
            error(DiagCode::GlacialSeatToMove, turn,
                  "seat to move: only one seat is live, so the game is over (expected -)");
            return;
        }
        const int checks = p.checks();
        if (checks != 0 && !(checks & glacial::seat_bit(setup_.turn))) {
            std::string who;
            for (int seat = 0; seat < SeatCount; ++seat)
                if (checks & glacial::seat_bit(seat))
                    who += who.empty() ? SeatNames[seat] : std::string(", ") + SeatNames[seat];
            error(DiagCode::GlacialCheckPriority, turn,
                  fmt::format("seat to move: {} is in check, so {} cannot be to move", who,
                              SeatNames[setup_.turn]));
        }
        for (int seat = 0; seat < SeatCount; ++seat) {
            const int by      = setup_.last_attacker[seat];
            const Part& where = last_parts_[seat];
            if (!p.live(seat)) continue;
            if (!(checks & glacial::seat_bit(seat))) {
                if (by != NoSeat)
                    error(DiagCode::GlacialLastAttacker, where,
                          fmt::format("last attackers: {} is not in check (expected -)",
                                      SeatNames[seat]));
                continue;
            }
            if (by == NoSeat || by == seat || !p.live(by)) {
                error(DiagCode::GlacialLastAttacker, where,
                      fmt::format("last attackers: {} is in check and needs a live last attacker "
                                  "other than himself",
                                  SeatNames[seat]));
                continue;
            }
            if (!p.bare_check(seat) &&
                !(p.attackers(p.lone_royal(seat), seat) & glacial::seat_bit(by)))
                error(DiagCode::GlacialLastAttacker, where,
                      fmt::format("last attackers: no piece of {} attacks {}'s Royal",
                                  SeatNames[by], SeatNames[seat]));
        }
    }

    std::string_view text_;
    glacial::Setup setup_;
    std::array<Part, 4> hand_parts_{};
    std::array<Part, 4> last_parts_{};
    std::vector<rules::Diagnostic> diagnostics_;
};

void append_cell(std::string& out, const Cell& c) {
    out += c.occupant == Occupant::Upright ? 'X' : SeatLetters[c.owner];
    out += ColourLetters[c.colour];
    for (int size = 1; size <= 3; ++size)
        if (c.sizes & glacial::size_bit(size)) out += static_cast<char>('0' + size);
    if (c.sizes & glacial::SpentBit) out += '\'';
}

}  // namespace

std::string make_glacial_cell(const Cell& cell) {
    std::string out;
    if (cell.occupant != Occupant::Empty) append_cell(out, cell);
    return out;
}

GlacialPositionResult parse_glacial_position(std::string_view text) { return Reader(text).read(); }

std::string glacial_square_name(glacial::Square s) {
    return {static_cast<char>('a' + glacial::file_of(s)),
            static_cast<char>('1' + glacial::rank_of(s))};
}

std::string make_glacial_position(const glacial::Position& position) {
    const glacial::Setup s = position.to_setup();
    std::string out;
    for (int rank = 8; rank >= 0; --rank) {
        int empty      = 0;
        bool first     = true;
        const auto sep = [&] {
            if (!first) out += ',';
            first = false;
        };
        for (int file = 0; file < 9; ++file) {
            const Cell& c = s.board[glacial::make_square(file, rank)];
            if (c.occupant == Occupant::Empty) {
                ++empty;
                continue;
            }
            if (empty > 0) {
                sep();
                out += static_cast<char>('0' + empty);
                empty = 0;
            }
            sep();
            append_cell(out, c);
        }
        if (empty > 0) {
            sep();
            out += static_cast<char>('0' + empty);
        }
        if (rank > 0) out += '/';
    }
    out += ' ';
    out += s.turn == NoSeat ? '-' : SeatLetters[s.turn];
    out += ' ';
    for (int seat = 0; seat < SeatCount; ++seat) {
        if (seat > 0) out += '/';
        const std::size_t before = out.size();
        for (int k = 0; k < glacial::KindCount; ++k)
            for (int n = 0; n < s.hands[seat][k]; ++n) {
                out += ColourLetters[k / 3];
                out += static_cast<char>('1' + k % 3);
            }
        if (out.size() == before) out += '-';
    }
    out += ' ';
    for (int colour = 0; colour < SeatCount; ++colour) {
        if (colour > 0) out += '/';
        for (int size = 1; size <= 3; ++size)
            out += static_cast<char>('0' + s.stash[glacial::kind_index(colour, size)]);
    }
    out += ' ';
    for (int seat = 0; seat < SeatCount; ++seat) {
        if (seat > 0) out += '/';
        out += s.last_attacker[seat] == NoSeat ? '-' : SeatLetters[s.last_attacker[seat]];
    }
    out += fmt::format(" {}", s.ply);
    return out;
}

std::string make_glacial_move(const glacial::Position& before, const glacial::Move& move) {
    std::string out;
    if (move.is_drop()) {
        out += ColourLetters[move.drop_colour];
        out += static_cast<char>('0' + move.drop_size);
        out += '@';
        out += glacial_square_name(move.to);
    } else {
        const Cell& piece = before.at(move.from);
        out += ColourLetters[piece.colour];
        out += static_cast<char>('0' + glacial::largest_size(piece.sizes & glacial::SizeBits));
        out += glacial_square_name(move.from);
        out += before.at(move.to).occupant == Occupant::Lying ? 'x' : '-';
        out += glacial_square_name(move.to);
    }
    glacial::Position after     = before;
    const glacial::PlyInfo info = after.play(move);
    if (info.promotion == glacial::Promotion::Made) out += '^';
    if (info.promotion == glacial::Promotion::Spent) out += "^0";
    if (info.gives_check) out += '+';
    return out;
}

}  // namespace floe::formats
