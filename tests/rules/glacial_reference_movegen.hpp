#pragma once
// A second, deliberately simple Glacial Shift rules model, written only for the tests, to
// cross-check the engine's legal moves and perft counts (docs/rules/glacial-shift.md §2-§8,
// docs/rules/notation.md §5 and §9.4). It shares nothing with rules/glacial/ but the Setup it
// starts from: boards are 9x9 arrays indexed [file][rank], patterns are direction vectors written
// out from the spec's table, attacks are found by enumerating every piece's attacked squares, moves
// are their canonical strings and earlier positions are compared as board strings. It is slow; use
// it on small depths only.

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "rules/glacial/position.hpp"

namespace floe::test::reference {

struct Vec {
    int dx, dy;
};

struct RefPiece {
    char state = '.';  // '.' empty, 'L' lying, 'U' upright
    int owner  = -1;
    int colour = 0;
    bool size[4]{};  // size[1..3]
    bool spent = false;

    int largest() const { return size[3] ? 3 : size[2] ? 2 : size[1] ? 1 : 0; }
    int smallest() const { return size[1] ? 1 : size[2] ? 2 : size[3] ? 3 : 0; }
};

struct RefState {
    RefPiece b[9][9];     // [file][rank]
    int hand[4][4][4]{};  // [seat][colour][size]
    int stash[4][4]{};    // [colour][size]
    int last[4]{-1, -1, -1, -1};
    int turn = 0;  // -1 when the game is over
    bool alive[4]{};
};

inline RefState from_setup(const rules::glacial::Setup& s) {
    RefState r;
    for (int sq = 0; sq < 81; ++sq) {
        const auto& c = s.board[sq];
        RefPiece& p   = r.b[sq % 9][sq / 9];
        if (c.occupant == rules::glacial::Occupant::Empty) continue;
        p.state  = c.occupant == rules::glacial::Occupant::Lying ? 'L' : 'U';
        p.owner  = c.owner;
        p.colour = c.colour;
        for (int k = 1; k <= 3; ++k) p.size[k] = (c.sizes >> (k - 1)) & 1;
        p.spent = (c.sizes & 8) != 0;
        if (p.state == 'L') r.alive[p.owner] = true;
    }
    for (int seat = 0; seat < 4; ++seat)
        for (int k = 0; k < 12; ++k) r.hand[seat][k / 3][k % 3 + 1] = s.hands[seat][k];
    for (int k = 0; k < 12; ++k) r.stash[k / 3][k % 3 + 1] = s.stash[k];
    for (int seat = 0; seat < 4; ++seat) r.last[seat] = s.last_attacker[seat];
    r.turn = s.turn;
    return r;
}

// The seat's forward is north, east, south, west; rotate Yellow's frame to it.
inline Vec turn_to(int seat, Vec v) {
    switch (seat) {
        case 0:
            return v;
        case 1:
            return {v.dy, -v.dx};
        case 2:
            return {-v.dx, -v.dy};
        default:
            return {-v.dy, v.dx};
    }
}

// docs/rules/glacial-shift.md §4.1's table in Yellow's frame: steps and slides per family (0 Royal,
// 1 Left, 2 Center, 3 Right) and rank.
inline void pattern(int family, int rank, std::vector<Vec>& steps, std::vector<Vec>& slides) {
    const Vec f{0, 1}, b{0, -1}, l{-1, 0}, r{1, 0}, fl{-1, 1}, fr{1, 1}, bl{-1, -1}, br{1, -1};
    const std::vector<Vec> royal{f, fl, fr, bl, br}, center{fl, fr, f, b, l, r}, orth{f, b, l, r},
        diag{fl, fr, bl, br};
    steps.clear();
    slides.clear();
    if (family == 0) {
        if (rank == 1) steps = {f};
        if (rank == 2) steps = royal;
        if (rank == 3) slides = royal;
    } else if (family == 2) {
        if (rank == 1) steps = {fl, fr};
        if (rank == 2) steps = center;
        if (rank == 3) slides = center;
    } else if (family == 1) {
        if (rank == 1) slides = {f};
        if (rank == 2) slides = orth;
        if (rank == 3) slides = orth, steps = diag;
    } else {
        if (rank == 1) slides = {fl, fr};
        if (rank == 2) slides = diag;
        if (rank == 3) slides = diag, steps = orth;
    }
}

inline bool on_board(int x, int y) { return x >= 0 && x < 9 && y >= 0 && y < 9; }

inline int edge_distance(int seat, int x, int y) {
    return seat == 0 ? y : seat == 1 ? x : seat == 2 ? 8 - y : 8 - x;
}
inline bool in_quadrant(int seat, int x, int y) {
    for (int other = 0; other < 4; ++other)
        if (other != seat && edge_distance(other, x, y) <= edge_distance(seat, x, y)) return false;
    return true;
}
inline bool far_rank(int seat, int x, int y) { return edge_distance(seat, x, y) == 8; }

class Model {
public:
    RefState s;
    std::vector<std::string> history;  // board strings of earlier positions

    explicit Model(const RefState& state) : s(state) { history.push_back(board_string(s)); }

    static std::string board_string(const RefState& st) {
        std::string out;
        for (int y = 0; y < 9; ++y)
            for (int x = 0; x < 9; ++x) {
                const RefPiece& p = st.b[x][y];
                out += p.state;
                out += static_cast<char>('0' + p.owner + 1);
                out += static_cast<char>('0' + p.colour);
                for (int k = 1; k <= 3; ++k) out += p.size[k] ? '1' : '0';
            }
        return out;
    }

    // The whole state as text: board (with spent flags), hands, stash, last attackers, turn.
    static std::string state_string(const RefState& st) {
        std::string out = board_string(st);
        for (int x = 0; x < 9; ++x)
            for (int y = 0; y < 9; ++y) out += st.b[x][y].spent ? '\'' : '.';
        for (int seat = 0; seat < 4; ++seat)
            for (int c = 0; c < 4; ++c)
                for (int k = 1; k <= 3; ++k) out += std::to_string(st.hand[seat][c][k]) + ",";
        for (int c = 0; c < 4; ++c)
            for (int k = 1; k <= 3; ++k) out += std::to_string(st.stash[c][k]);
        for (int seat = 0; seat < 4; ++seat) out += std::to_string(st.last[seat]);
        return out + std::to_string(st.turn);
    }

    // Squares attacked by the lying piece at (x, y).
    static std::vector<std::pair<int, int>> attacked(const RefState& st, int x, int y) {
        const RefPiece& p = st.b[x][y];
        std::vector<Vec> steps, slides;
        pattern(((p.colour - p.owner) % 4 + 4) % 4, p.largest(), steps, slides);
        std::vector<std::pair<int, int>> out;
        for (Vec v : steps) {
            v = turn_to(p.owner, v);
            if (on_board(x + v.dx, y + v.dy)) out.push_back({x + v.dx, y + v.dy});
        }
        for (Vec v : slides) {
            v = turn_to(p.owner, v);
            for (int tx = x + v.dx, ty = y + v.dy; on_board(tx, ty); tx += v.dx, ty += v.dy) {
                out.push_back({tx, ty});
                if (st.b[tx][ty].state != '.') break;
            }
        }
        return out;
    }

    // Royals of `seat` in his quadrant.
    static std::vector<std::pair<int, int>> royals_in_quadrant(const RefState& st, int seat) {
        std::vector<std::pair<int, int>> out;
        for (int x = 0; x < 9; ++x)
            for (int y = 0; y < 9; ++y) {
                const RefPiece& p = st.b[x][y];
                if (p.state == 'L' && p.owner == seat && p.colour == seat &&
                    in_quadrant(seat, x, y))
                    out.push_back({x, y});
            }
        return out;
    }
    static int lying_count(const RefState& st, int seat) {
        int n = 0;
        for (int x = 0; x < 9; ++x)
            for (int y = 0; y < 9; ++y) n += st.b[x][y].state == 'L' && st.b[x][y].owner == seat;
        return n;
    }
    static bool bare(const RefState& st, int seat) {
        return royals_in_quadrant(st, seat).size() == 1 && lying_count(st, seat) == 1;
    }
    // Seats other than `seat` attacking his lone Royal (empty set without one).
    static std::set<int> attackers_of(const RefState& st, int seat) {
        std::set<int> out;
        const auto royals = royals_in_quadrant(st, seat);
        if (royals.size() != 1) return out;
        for (int x = 0; x < 9; ++x)
            for (int y = 0; y < 9; ++y) {
                const RefPiece& p = st.b[x][y];
                if (p.state != 'L' || p.owner == seat) continue;
                for (auto sq : attacked(st, x, y))
                    if (sq == royals[0]) out.insert(p.owner);
            }
        return out;
    }
    static bool checked(const RefState& st, int seat) {
        if (!st.alive[seat]) return false;
        return bare(st, seat) || !attackers_of(st, seat).empty();
    }

    static std::string sq(int x, int y) {
        return {static_cast<char>('a' + x), static_cast<char>('1' + y)};
    }

    // The pseudo-legal plies as (text without suffixes, resulting state, promotion suffix,
    // captured seat).
    struct Candidate {
        std::string text;
        RefState after;
        std::string promo;
        int captured = -1;
    };

    static std::vector<Candidate> candidates(const RefState& st) {
        std::vector<Candidate> out;
        const int me = st.turn;
        for (int x = 0; x < 9; ++x)
            for (int y = 0; y < 9; ++y) {
                const RefPiece& p = st.b[x][y];
                if (p.state != 'L' || p.owner != me) continue;
                std::vector<Vec> steps, slides;
                pattern(((p.colour - me) % 4 + 4) % 4, p.largest(), steps, slides);
                std::vector<std::pair<int, int>> targets;
                for (Vec v : steps) {
                    v = turn_to(me, v);
                    if (on_board(x + v.dx, y + v.dy)) targets.push_back({x + v.dx, y + v.dy});
                }
                for (Vec v : slides) {
                    v = turn_to(me, v);
                    for (int tx = x + v.dx, ty = y + v.dy; on_board(tx, ty);
                         tx += v.dx, ty += v.dy) {
                        targets.push_back({tx, ty});
                        if (st.b[tx][ty].state != '.') break;
                    }
                }
                for (auto [tx, ty] : targets) {
                    const RefPiece& t = st.b[tx][ty];
                    if (t.state == 'U' || (t.state == 'L' && t.owner == me)) continue;
                    if (t.state == 'L') {  // a lone Royal cannot be captured
                        const auto royals = royals_in_quadrant(st, t.owner);
                        if (royals.size() == 1 && royals[0] == std::make_pair(tx, ty)) continue;
                    }
                    Candidate c;
                    c.after = st;
                    if (t.state == 'L') {
                        c.captured = t.owner;
                        c.after.hand[me][t.colour][t.smallest()]++;
                        for (int k = t.smallest() + 1; k <= 3; ++k)
                            if (t.size[k]) c.after.stash[t.colour][k]++;
                    }
                    RefPiece moved  = p;
                    c.after.b[x][y] = RefPiece{};
                    if (moved.largest() < 3 && !moved.spent && far_rank(me, tx, ty)) {
                        const int next = moved.largest() + 1;
                        if (c.after.stash[moved.colour][next] > 0) {
                            c.after.stash[moved.colour][next]--;
                            moved.size[next] = true;
                            c.promo          = "^";
                        } else {
                            moved.spent = true;
                            c.promo     = "^0";
                        }
                    }
                    c.after.b[tx][ty] = moved;
                    c.text = std::string(1, "ygbr"[p.colour]) + std::to_string(p.largest()) +
                             sq(x, y) + (t.state == 'L' ? "x" : "-") + sq(tx, ty);
                    out.push_back(c);
                }
            }
        for (int colour = 0; colour < 4; ++colour)
            for (int size = 1; size <= 3; ++size) {
                if (st.hand[me][colour][size] == 0) continue;
                for (int y = 0; y < 9; ++y)
                    for (int x = 0; x < 9; ++x) {
                        if (st.b[x][y].state != '.') continue;
                        Candidate c;
                        c.after = st;
                        c.after.hand[me][colour][size]--;
                        RefPiece& p  = c.after.b[x][y];
                        p.state      = 'L';
                        p.owner      = me;
                        p.colour     = colour;
                        p.size[size] = true;
                        c.text =
                            std::string(1, "ygbr"[colour]) + std::to_string(size) + "@" + sq(x, y);
                        out.push_back(c);
                    }
            }
        return out;
    }

    // The legal plies (§7.1), each with its canonical text and the state right after it (the
    // last attackers and the turn not yet updated).
    std::vector<Candidate> legal() const {
        std::vector<Candidate> out;
        if (s.turn < 0) return out;
        const int me = s.turn;
        std::set<int> checkers;
        bool before[4];
        for (int q = 0; q < 4; ++q) before[q] = checked(s, q);
        if (before[me]) {
            checkers = attackers_of(s, me);
            if (bare(s, me) && s.last[me] >= 0) checkers.insert(s.last[me]);
        }
        for (Candidate& c : candidates(s)) {
            if (royals_in_quadrant(c.after, me).empty()) continue;
            if (checked(c.after, me)) continue;
            const std::string board = board_string(c.after);
            if (std::find(history.begin(), history.end(), board) != history.end()) continue;
            bool counter = false;
            for (int q : checkers)
                if (!before[q] && checked(c.after, q)) counter = true;
            if (counter) continue;
            bool plus = false;
            for (int q = 0; q < 4; ++q)
                if (q != me && !before[q] && checked(c.after, q)) plus = true;
            c.text += c.promo + (plus ? "+" : "");
            out.push_back(c);
        }
        return out;
    }

    std::vector<std::string> legal_texts() const {
        std::vector<std::string> out;
        for (const auto& c : legal()) out.push_back(c.text);
        std::sort(out.begin(), out.end());
        return out;
    }

    // §8.4's last attacker rules.
    static void recompute_last(RefState& st, int mover, bool rule2, int captured) {
        for (int p = 0; p < 4; ++p) {
            if (!st.alive[p] || !checked(st, p)) {
                st.last[p] = -1;
                continue;
            }
            const std::set<int> att = attackers_of(st, p);
            const bool is_bare      = bare(st, p);
            if (rule2 && (att.count(mover) || (captured == p && is_bare))) {
                st.last[p] = mover;
                continue;
            }
            const int l = st.last[p];
            if (l >= 0 && st.alive[l] && (att.count(l) || is_bare)) continue;
            int pick = -1;
            for (int k = 1; k <= 4 && pick < 0; ++k)
                if (att.count((mover + k) % 4)) pick = (mover + k) % 4;
            if (pick <
                0)  // a bare check whose last attacker was mated (docs/decisions/glacial-shift.md)
                for (int k = 1; k < 4 && pick < 0; ++k)
                    if (st.alive[(p + 4 - k) % 4]) pick = (p + 4 - k) % 4;
            st.last[p] = pick;
        }
    }

    static int next_seat(const RefState& st, int from) {
        for (int k = 1; k < 4; ++k)
            if (checked(st, (from + k) % 4)) return (from + k) % 4;
        for (int k = 1; k < 4; ++k)
            if (st.alive[(from + k) % 4]) return (from + k) % 4;
        return -1;
    }

    void play(const Candidate& c) {
        const int me = s.turn;
        s            = c.after;
        recompute_last(s, me, true, c.captured);
        s.turn = next_seat(s, me);
        history.push_back(board_string(s));
    }

    // §8.6: the six consequences for the seat to move.
    void mate() {
        const int m        = s.turn;
        const bool in_chk  = checked(s, m);
        const bool is_bare = bare(s, m);
        int by             = in_chk ? s.last[m] : -1;
        if (by < 0 || !s.alive[by])
            for (int k = 1; k < 4 && (by < 0 || !s.alive[by]); ++k) by = (m + 4 - k) % 4;
        const auto royals = royals_in_quadrant(s, m);
        if (royals.size() == 1) {
            RefPiece& r   = s.b[royals[0].first][royals[0].second];
            const int top = r.largest();
            for (int k = 1; k < top; ++k)
                if (r.size[k]) s.hand[by][r.colour][k]++;
            RefPiece up;
            up.state     = 'U';
            up.colour    = r.colour;
            up.size[top] = true;
            r            = up;
        }
        for (int c = 0; c < 4; ++c)
            for (int k = 1; k <= 3; ++k) {
                s.hand[by][c][k] += s.hand[m][c][k];
                s.hand[m][c][k] = 0;
            }
        for (int x = 0; x < 9; ++x)
            for (int y = 0; y < 9; ++y) {
                RefPiece& p = s.b[x][y];
                if (p.state != 'L' || p.owner != m) continue;
                const bool take = p.colour == by || in_quadrant(by, x, y);
                for (int k = 1; k <= 3; ++k) {
                    if (!p.size[k]) continue;
                    if (take && k == p.largest())
                        s.hand[by][p.colour][k]++;
                    else
                        s.stash[p.colour][k]++;
                }
                p = RefPiece{};
            }
        if (is_bare)
            for (int c = 0; c < 4; ++c) {
                s.hand[by][c][1] += s.stash[c][1];
                s.stash[c][1] = 0;
            }
        s.alive[m] = false;
        s.last[m]  = -1;
        int alive  = 0;
        for (int q = 0; q < 4; ++q) alive += s.alive[q];
        if (alive <= 1) {
            for (int q = 0; q < 4; ++q) s.last[q] = -1;
            s.turn = -1;
        } else {
            recompute_last(s, m, false, -1);
            s.turn = next_seat(s, m);
        }
        history.push_back(board_string(s));
    }

    void resolve() {
        while (s.turn >= 0 && legal().empty()) mate();
    }

    std::uint64_t perft(int depth) {
        if (depth == 0) return 1;
        if (s.turn < 0) return 0;
        const auto moves = legal();
        if (depth == 1) return moves.size();
        std::uint64_t n = 0;
        for (const auto& c : moves) {
            Model child = *this;
            child.play(c);
            child.resolve();
            n += child.perft(depth - 1);
        }
        return n;
    }
};

/// Perft by the reference model, with docs/rules/notation.md §9.4's root rule.
inline std::uint64_t perft(const rules::glacial::Setup& setup, int depth) {
    Model m(from_setup(setup));
    m.resolve();
    return m.perft(depth);
}

}  // namespace floe::test::reference
