#include "rules/glacial/explain.hpp"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "rules/glacial/board.hpp"

namespace floe::rules::glacial {

namespace {

constexpr const char* SeatNames[]   = {"Yellow", "Green", "Blue", "Red"};
constexpr const char* Forward[]     = {"north", "east", "south", "west"};
constexpr const char* FamilyNames[] = {"Royal", "Left", "Center", "Right"};
constexpr const char* RankNames[]   = {"Pawn", "Knight", "General"};
// docs/rules/glacial-shift.md §4.1's table in words, [family][rank - 1]; "forward" is the owner's.
constexpr const char* Moves[4][3] = {
    {"steps 1 square forward", "steps 1 square forward or diagonally",
     "slides forward or diagonally"},
    {"slides forward", "slides orthogonally", "slides orthogonally or steps 1 square diagonally"},
    {"steps 1 square diagonally forward", "steps 1 square diagonally forward or orthogonally",
     "slides diagonally forward or orthogonally"},
    {"slides diagonally forward", "slides diagonally",
     "slides diagonally or steps 1 square orthogonally"},
};

std::string square_name(Square s) {
    return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

int rank_of_cell(const Cell& c) { return largest_size(c.sizes & SizeBits); }

// `g2`: a piece's colour letter and rank.
std::string piece_name(const Cell& c) {
    return std::string(1, colour_letter(c.colour)) + static_cast<char>('0' + rank_of_cell(c));
}

// "Green's g3 on e5".
std::string owned_piece(const Position& p, Square s) {
    const Cell& c = p.at(s);
    return std::string(SeatNames[c.owner]) + "'s " + piece_name(c) + " on " + square_name(s);
}

// The squares of the lying pieces of live players other than `except` that attack `s` (§4.3),
// as Position::attackers finds their seats.
std::vector<Square> attacking_squares(const Position& p, Square s, int except) {
    std::vector<Square> out;
    for (int d = 0; d < DirectionCount; ++d) {
        int distance = 1;
        for (Square t = neighbour(s, d); t != NoSquare; t = neighbour(t, d), ++distance) {
            const Cell& c = p.at(t);
            if (c.occupant == Occupant::Empty) continue;
            if (c.occupant == Occupant::Lying && c.owner != except && p.live(c.owner)) {
                const Pattern pat = pattern_of(c.owner, c.colour, rank_of_cell(c));
                const auto back   = static_cast<std::uint8_t>(1 << opposite(d));
                if ((pat.slides & back) || (distance == 1 && (pat.steps & back))) out.push_back(t);
            }
            break;
        }
    }
    return out;
}

// Why `seat` is in check in `p`: "his lone Royal on e1 would be attacked by Green's g3 on e5"
// (`would`: the position after a ply not made), or bare check.
std::string check_reason(const Position& p, int seat, const char* verb) {
    const Square royal = p.lone_royal(seat);
    std::string out    = std::string("his lone Royal on ") + square_name(royal) + " " + verb;
    const std::vector<Square> by = attacking_squares(p, royal, seat);
    if (by.empty()) return out + " be his only lying piece (bare check)";
    out += " be attacked by ";
    for (std::size_t i = 0; i < by.size(); ++i) {
        if (i > 0) out += i + 1 == by.size() ? " and " : ", ";
        out += owned_piece(p, by[i]);
    }
    return out;
}

// The pattern rule (§4.1, §4.2) for a move from `from` to `to` of the piece there: "" when the
// piece's pattern reaches `to` unblocked (whatever stands there).
std::string pattern_reason(const Position& p, Square from, Square to) {
    const Cell& c      = p.at(from);
    const int rank     = rank_of_cell(c);
    const Pattern pat  = pattern_of(c.owner, c.colour, rank);
    const int df       = file_of(to) - file_of(from);
    const int dr       = rank_of(to) - rank_of(from);
    const int distance = std::max(std::abs(df), std::abs(dr));
    int dir            = -1;
    if (distance > 0 && (df == 0 || dr == 0 || std::abs(df) == std::abs(dr))) {
        for (int d = 0; d < DirectionCount; ++d)
            if (DirectionFile[d] * distance == df && DirectionRank[d] * distance == dr) dir = d;
    }
    const auto bit        = static_cast<std::uint8_t>(dir < 0 ? 0 : 1 << dir);
    const bool in_pattern = (pat.slides & bit) || (distance == 1 && (pat.steps & bit));
    if (!in_pattern) {
        const int family = static_cast<int>(family_of(c.colour, c.owner));
        std::string how  = Moves[family][rank - 1];
        if (how.find("forward") != std::string::npos)
            how +=
                std::string(" (") + SeatNames[c.owner] + "'s forward is " + Forward[c.owner] + ")";
        return "the " + piece_name(c) + " on " + square_name(from) + " is " + SeatNames[c.owner] +
               "'s " + FamilyNames[family] + " " + RankNames[rank - 1] + ", which " + how +
               ": it cannot reach " + square_name(to);
    }
    for (Square t = neighbour(from, dir); t != to; t = neighbour(t, dir))
        if (p.at(t).occupant != Occupant::Empty)
            return square_name(t) + " is in the way (no piece leaps)";
    return {};
}

}  // namespace

std::string describe_illegal_ply(const Position& p, const Move& m, const History& history) {
    if (p.game_over()) return "the game is over";
    const int seat        = p.turn();
    const std::string who = SeatNames[seat];
    if (m.is_drop()) {
        if (p.hand_count(seat, m.drop_colour, m.drop_size) == 0)
            return who + " has no " + colour_letter(m.drop_colour) +
                   static_cast<char>('0' + m.drop_size) + " in hand";
        if (p.at(m.to).occupant != Occupant::Empty) return square_name(m.to) + " is not empty";
    } else {
        const Cell& piece = p.at(m.from);
        if (piece.occupant == Occupant::Empty) return "no piece stands on " + square_name(m.from);
        if (piece.occupant == Occupant::Upright)
            return "the pyramid on " + square_name(m.from) + " stands upright: it never moves";
        if (piece.owner != seat) {
            std::string out = "the piece on " + square_name(m.from) + " is " +
                              SeatNames[static_cast<int>(piece.owner)] + "'s";
            if (p.in_check(seat))
                out += ", and " + who + " moves now: he is in check (check priority)";
            return out;
        }
        if (std::string why = pattern_reason(p, m.from, m.to); !why.empty()) return why;
        const Cell& target = p.at(m.to);
        if (target.occupant == Occupant::Upright)
            return "the upright pyramid on " + square_name(m.to) + " cannot be captured";
        if (target.occupant == Occupant::Lying && target.owner == seat)
            return square_name(m.to) + " holds " + who + "'s own piece";
        if (target.occupant == Occupant::Lying && !p.capturable(m.to))
            return std::string(SeatNames[static_cast<int>(target.owner)]) + "'s lone Royal on " +
                   square_name(m.to) + " cannot be captured";
    }
    // The legality tests of §7.1, in Position::legal_moves' order.
    Position after = p;
    after.play(m);
    if (after.royals_in_quadrant(seat) == 0)
        return "it would leave " + who + " no Royal in his quadrant (quadrant rule)";
    if (after.in_check(seat)) {
        if (p.in_check(seat))
            return who + " is in check and the ply does not avert it: " +
                   check_reason(after, seat, "would");
        return "it would put " + who + " in check: " + check_reason(after, seat, "would");
    }
    if (history.contains(after.board_hash()))
        return "it would recreate an earlier board position (repetition ban)";
    if (p.in_check(seat)) {
        // His checkers (§7.3): the seats attacking his lone Royal, and in bare check his last
        // attacker; those not in check already may not be put in check.
        int checkers = p.attackers(p.lone_royal(seat), seat);
        if (p.bare_check(seat) && p.last_attacker(seat) != NoSeat)
            checkers |= seat_bit(p.last_attacker(seat));
        for (int q = 0; q < SeatCount; ++q) {
            if (!(checkers & seat_bit(q)) || p.in_check(q) || !after.in_check(q)) continue;
            return who + " is in check from " + SeatNames[q] + " and may not put " + SeatNames[q] +
                   " in check (counter-check ban)";
        }
    }
    return {};
}

std::string describe_turn(const Position& p) {
    if (p.game_over() || !p.in_check(p.turn())) return {};
    return std::string(": ") + SeatNames[p.turn()] +
           " is in check and moves first (check priority)";
}

}  // namespace floe::rules::glacial
