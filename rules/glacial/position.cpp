#include "rules/glacial/position.hpp"

#include <algorithm>

#include "rules/common/split_mix64.hpp"
#include "rules/glacial/board.hpp"

namespace floe::rules::glacial {

namespace {

// Local directions, clockwise from the owner's forward: F, FR, R, BR, B, BL, L, FL (bit i).
constexpr std::uint8_t F = 0x01, FR = 0x02, R = 0x04, BR = 0x08, B = 0x10, BL = 0x20, L = 0x40,
                       FL         = 0x80;
constexpr std::uint8_t Orthogonal = F | R | B | L;
constexpr std::uint8_t Diagonal   = FR | BR | BL | FL;
constexpr std::uint8_t RoyalDirs  = F | Diagonal;          // 5 directions
constexpr std::uint8_t CenterDirs = FR | FL | Orthogonal;  // 6 directions

// docs/rules/glacial-shift.md §4.1's table, [family][rank - 1], in the owner's frame.
constexpr Pattern LocalPatterns[4][3] = {
    // Royal: Pawn steps forward; Knight adds the 4 diagonal steps; General slides them.
    {{F, 0}, {RoyalDirs, 0}, {0, RoyalDirs}},
    // Left: Pawn slides forward; Knight slides orthogonally; General adds diagonal steps.
    {{0, F}, {0, Orthogonal}, {Diagonal, Orthogonal}},
    // Center: Pawn steps diagonally forward; Knight adds orthogonal steps; General slides them.
    {{FR | FL, 0}, {CenterDirs, 0}, {0, CenterDirs}},
    // Right: Pawn slides diagonally forward; Knight slides diagonally; General adds orthogonal
    // steps.
    {{0, FR | FL}, {0, Diagonal}, {Orthogonal, Diagonal}},
};

constexpr std::uint8_t rotate(std::uint8_t mask, int by) {
    return by == 0 ? mask : static_cast<std::uint8_t>((mask << by) | (mask >> (8 - by)));
}

// [owner][colour][rank - 1] in global directions: forward is direction 2 * owner.
struct PatternTable {
    Pattern p[SeatCount][SeatCount][3];
};
constexpr PatternTable make_patterns() {
    PatternTable t{};
    for (int owner = 0; owner < SeatCount; ++owner)
        for (int colour = 0; colour < SeatCount; ++colour)
            for (int rank = 0; rank < 3; ++rank) {
                const Pattern local =
                    LocalPatterns[static_cast<int>(family_of(colour, owner))][rank];
                t.p[owner][colour][rank] = {rotate(local.steps, 2 * owner),
                                            rotate(local.slides, 2 * owner)};
            }
    return t;
}
constexpr PatternTable Patterns = make_patterns();

const Pattern& pattern_of_cell(const Cell& c) {
    return Patterns.p[c.owner][c.colour][largest_size(c.sizes & SizeBits) - 1];
}

// Zobrist keys of the board (§7.2 identity: empty, upright colour and size, or lying owner,
// colour and nest; the spent flag is ignored).
constexpr int StateCount = 160;
int state_of(const Cell& c) {
    switch (c.occupant) {
        case Occupant::Empty:
            return 0;
        case Occupant::Upright:
            return 1 + c.colour * 8 + (c.sizes & SizeBits);
        default:
            return 32 + c.owner * 32 + c.colour * 8 + (c.sizes & SizeBits);
    }
}

struct Keys {
    std::array<std::array<std::uint64_t, StateCount>, SquareCount> key{};
    Keys() {
        SplitMix64 random(0x476c616369616cULL);
        for (auto& square : key) {
            for (std::size_t i = 1; i < square.size(); ++i) square[i] = random.next();
        }
    }
};
const Keys ZobristKeys;

std::uint64_t key_of(Square s, const Cell& c) { return ZobristKeys.key[s][state_of(c)]; }

// The 16 squares of each quadrant (§2.4).
struct QuadrantSquares {
    std::array<std::array<Square, 16>, SeatCount> squares{};
    QuadrantSquares() {
        std::array<int, SeatCount> n{};
        for (int s = 0; s < SquareCount; ++s) {
            const int q = quadrant_of(static_cast<Square>(s));
            if (q != NoSeat) squares[q][n[q]++] = static_cast<Square>(s);
        }
    }
};
const QuadrantSquares Quadrant;

}  // namespace

Pattern pattern_of(int owner, int colour, int rank) { return Patterns.p[owner][colour][rank - 1]; }

bool History::contains(std::uint64_t board_hash) const {
    return std::find(hashes_.begin(), hashes_.end(), board_hash) != hashes_.end();
}

// --- Construction ---------------------------------------------------------------------------

Position Position::start() {
    Setup setup;
    for (int seat = 0; seat < SeatCount; ++seat) {
        for (const StartPiece& p : start_footprint()) {
            const int colour                                = seat_after(seat, p.colour_offset);
            setup.board[start_square(seat, p.file, p.rank)] = lying(seat, colour, size_bit(p.size));
        }
        for (int size = Small; size <= Large; ++size)
            setup.stash[kind_index(seat, size)] =
                static_cast<std::uint8_t>(start_stash()[size - 1]);
    }
    return from_setup(setup);
}

Position Position::from_setup(const Setup& setup) {
    Position p;
    for (int s = 0; s < SquareCount; ++s) p.set(static_cast<Square>(s), setup.board[s]);
    for (int seat = 0; seat < SeatCount; ++seat) {
        if (p.pieces_[seat] > 0) p.live_ |= static_cast<std::uint8_t>(seat_bit(seat));
    }
    p.hands_         = setup.hands;
    p.stash_         = setup.stash;
    p.last_attacker_ = setup.last_attacker;
    p.turn_          = static_cast<std::int8_t>(setup.turn);
    p.ply_           = setup.ply;
    return p;
}

Setup Position::to_setup() const {
    Setup s;
    s.board         = board_;
    s.hands         = hands_;
    s.stash         = stash_;
    s.last_attacker = last_attacker_;
    s.turn          = turn_;
    s.ply           = ply_;
    return s;
}

void Position::set(Square s, Cell c) {
    const Cell old = board_[s];
    hash_ ^= key_of(s, old) ^ key_of(s, c);
    if (old.occupant == Occupant::Lying) --pieces_[old.owner];
    if (c.occupant == Occupant::Lying) ++pieces_[c.owner];
    board_[s] = c;
}

// --- Queries --------------------------------------------------------------------------------

int Position::live_count() const { return __builtin_popcount(live_); }

int Position::winner() const {
    if (!game_over() || live_count() != 1) return NoSeat;
    return __builtin_ctz(live_);
}

bool Position::same_board(const Position& other) const {
    for (int s = 0; s < SquareCount; ++s) {
        Cell a = board_[s], b = other.board_[s];
        a.sizes &= SizeBits;
        b.sizes &= SizeBits;
        if (!(a == b)) return false;
    }
    return true;
}

int Position::royals_in_quadrant(int seat) const {
    int n = 0;
    for (const Square s : Quadrant.squares[seat]) {
        const Cell& c = board_[s];
        n += c.occupant == Occupant::Lying && c.owner == seat && c.colour == seat;
    }
    return n;
}

Square Position::lone_royal(int seat) const {
    Square found = NoSquare;
    for (const Square s : Quadrant.squares[seat]) {
        const Cell& c = board_[s];
        if (c.occupant == Occupant::Lying && c.owner == seat && c.colour == seat) {
            if (found != NoSquare) return NoSquare;
            found = s;
        }
    }
    return found;
}

bool Position::bare_check(int seat) const {
    return pieces_[seat] == 1 && lone_royal(seat) != NoSquare;
}

int Position::attackers(Square s, int except) const {
    int mask = 0;
    for (int d = 0; d < DirectionCount; ++d) {
        int distance = 1;
        for (Square t = neighbour(s, d); t != NoSquare; t = neighbour(t, d), ++distance) {
            const Cell& c = board_[t];
            if (c.occupant == Occupant::Empty) continue;
            if (c.occupant == Occupant::Lying && c.owner != except) {
                const Pattern& p    = pattern_of_cell(c);
                const auto back     = static_cast<std::uint8_t>(1 << opposite(d));
                const bool attacked = (p.slides & back) || (distance == 1 && (p.steps & back));
                if (attacked) mask |= seat_bit(c.owner);
            }
            break;
        }
    }
    return mask;
}

bool Position::in_check(int seat) const {
    const Square royal = lone_royal(seat);
    if (royal == NoSquare) return false;
    return pieces_[seat] == 1 || attackers(royal, seat) != 0;
}

int Position::checks() const {
    int mask = 0;
    for (int seat = 0; seat < SeatCount; ++seat)
        if (live(seat) && in_check(seat)) mask |= seat_bit(seat);
    return mask;
}

bool Position::capturable(Square s) const {
    const Cell& c = board_[s];
    if (c.occupant != Occupant::Lying) return false;
    return !(c.colour == c.owner && in_quadrant(c.owner, s) && lone_royal(c.owner) == s);
}

int Position::previous_live(int seat) const {
    for (int k = 1; k < SeatCount; ++k) {
        const int q = seat_after(seat, -k);
        if (live(q)) return q;
    }
    return NoSeat;
}

// --- Moves ----------------------------------------------------------------------------------

template <class Visit>
void Position::for_each_target(Square from, Visit visit) const {
    const Cell& piece   = board_[from];
    const Pattern& p    = pattern_of_cell(piece);
    const auto consider = [&](Square to) {  // true when the square stops a slide
        const Cell& c = board_[to];
        if (c.occupant == Occupant::Empty) {
            visit(to);
            return false;
        }
        if (c.occupant == Occupant::Lying && c.owner != piece.owner && capturable(to)) visit(to);
        return true;
    };
    for (int d = 0; d < DirectionCount; ++d) {
        const auto bit = static_cast<std::uint8_t>(1 << d);
        if (p.slides & bit) {
            for (Square t = neighbour(from, d); t != NoSquare; t = neighbour(t, d))
                if (consider(t)) break;
        } else if (p.steps & bit) {
            if (const Square t = neighbour(from, d); t != NoSquare) consider(t);
        }
    }
}

void Position::pseudo_legal_moves(MoveList& out) const {
    const int seat = turn_;
    for (int s = 0; s < SquareCount; ++s) {
        const Cell& c = board_[s];
        if (c.occupant != Occupant::Lying || c.owner != seat) continue;
        const auto from = static_cast<Square>(s);
        for_each_target(from, [&](Square to) { out.push(Move::move(from, to)); });
    }
    for (int kind = 0; kind < KindCount; ++kind) {
        if (hands_[seat][kind] == 0) continue;
        for (int s = 0; s < SquareCount; ++s) {
            if (board_[s].occupant == Occupant::Empty)
                out.push(Move::drop(kind / 3, kind % 3 + 1, static_cast<Square>(s)));
        }
    }
}

int Position::make(const Move& m, Promotion* promotion) {
    const int seat = turn_;
    if (promotion) *promotion = Promotion::None;
    if (m.is_drop()) {
        --hands_[seat][kind_index(m.drop_colour, m.drop_size)];
        set(m.to, lying(seat, m.drop_colour, size_bit(m.drop_size)));
        return NoSeat;
    }
    Cell piece        = board_[m.from];
    const Cell target = board_[m.to];
    int captured      = NoSeat;
    if (target.occupant == Occupant::Lying) {
        // §4.5: the smallest pyramid of a nest to the hand, the others to the stash.
        captured        = target.owner;
        const int sizes = target.sizes & SizeBits;
        const int keep  = smallest_size(static_cast<std::uint8_t>(sizes));
        ++hands_[seat][kind_index(target.colour, keep)];
        for (int size = keep + 1; size <= Large; ++size)
            if (sizes & size_bit(size)) ++stash_[kind_index(target.colour, size)];
    }
    set(m.from, empty_cell());
    const int rank = largest_size(piece.sizes & SizeBits);
    if (rank < Large && !(piece.sizes & SpentBit) && in_promotion_zone(seat, m.to)) {
        // §5.1-§5.3: compulsory; one size larger from the stash, of the piece's colour, else spent.
        const int kind = kind_index(piece.colour, rank + 1);
        if (stash_[kind] > 0) {
            --stash_[kind];
            piece.sizes |= size_bit(rank + 1);
            if (promotion) *promotion = Promotion::Made;
        } else {
            piece.sizes |= SpentBit;
            if (promotion) *promotion = Promotion::Spent;
        }
    }
    set(m.to, piece);
    return captured;
}

void Position::legal_moves(MoveList& out, const History& history) const {
    out.clear();
    if (game_over()) return;
    const int seat   = turn_;
    const int checks = this->checks();
    int checkers     = 0;
    if (checks & seat_bit(seat)) {
        checkers = attackers(lone_royal(seat), seat);
        if (bare_check(seat) && last_attacker_[seat] != NoSeat)
            checkers |= seat_bit(last_attacker_[seat]);
    }
    // Checkers already in check cannot be put in check (§7.3).
    const int watched = checkers & ~checks;
    pseudo_legal_moves(out);
    out.retain([&](const Move& m) {
        Position after = *this;
        after.make(m, nullptr);
        if (after.royals_in_quadrant(seat) == 0) return false;  // keeps a Royal in his quadrant
        if (after.in_check(seat)) return false;                 // not in check after it
        if (history.contains(after.hash_)) return false;        // no repeated board
        for (int q = 0; q < SeatCount; ++q)                     // no counter-check
            if ((watched & seat_bit(q)) && after.in_check(q)) return false;
        return true;
    });
}

bool Position::has_legal_move(const History& history) const {
    MoveList moves;
    legal_moves(moves, history);
    return !moves.empty();
}

bool Position::is_legal(const Move& m, const History& history) const {
    MoveList moves;
    legal_moves(moves, history);
    return std::find(moves.begin(), moves.end(), m) != moves.end();
}

// --- Turn order and last attackers ----------------------------------------------------------

void Position::update_last_attackers(int mover, bool rule2, int captured_seat) {
    for (int p = 0; p < SeatCount; ++p) {
        if (!live(p)) {
            last_attacker_[p] = NoSeat;
            continue;
        }
        if (!in_check(p)) {  // rule 1
            last_attacker_[p] = NoSeat;
            continue;
        }
        const int att   = attackers(lone_royal(p), p);
        const bool bare = bare_check(p);
        const int last  = last_attacker_[p];
        if (rule2 && ((att & seat_bit(mover)) || (captured_seat == p && bare))) {  // rule 2
            last_attacker_[p] = static_cast<std::int8_t>(mover);
        } else if (last != NoSeat && live(last) && ((att & seat_bit(last)) || bare)) {  // rule 3
        } else {  // rule 4, first attacker clockwise from the mover
            int first = NoSeat;
            for (int k = 1; k <= SeatCount && first == NoSeat; ++k)
                if (att & seat_bit(seat_after(mover, k))) first = seat_after(mover, k);
            // A bare check whose last attacker was mated: docs/decisions/glacial-shift.md.
            last_attacker_[p] =
                static_cast<std::int8_t>(first != NoSeat ? first : previous_live(p));
        }
    }
}

int Position::next_turn(int from) const {
    const int checked = checks();
    for (int k = 1; k < SeatCount; ++k) {
        const int q = seat_after(from, k);
        if (checked & seat_bit(q)) return q;
    }
    for (int k = 1; k < SeatCount; ++k) {
        const int q = seat_after(from, k);
        if (live(q)) return q;
    }
    return NoSeat;
}

PlyInfo Position::play(const Move& m) {
    const int seat   = turn_;
    const int before = checks();
    PlyInfo info;
    info.capture     = !m.is_drop() && board_[m.to].occupant == Occupant::Lying;
    const int victim = make(m, &info.promotion);
    info.gives_check = (checks() & ~before & ~seat_bit(seat)) != 0;
    update_last_attackers(seat, true, victim);
    turn_ = static_cast<std::int8_t>(next_turn(seat));
    ++ply_;
    return info;
}

// --- Mate -----------------------------------------------------------------------------------

MateEvent Position::mate() {
    const int mated    = turn_;
    const bool checked = in_check(mated);
    const bool bare    = bare_check(mated);
    int by             = checked ? last_attacker_[mated] : NoSeat;
    if (by == NoSeat || !live(by)) by = previous_live(mated);
    auto& hand = hands_[by];

    // 1. The mated piece stands upright; the rest of its nest goes to the mating player's hand.
    if (const Square royal = lone_royal(mated); royal != NoSquare) {
        const Cell c    = board_[royal];
        const int sizes = c.sizes & SizeBits;
        const int top   = largest_size(static_cast<std::uint8_t>(sizes));
        for (int size = Small; size < top; ++size)
            if (sizes & size_bit(size)) ++hand[kind_index(c.colour, size)];
        set(royal, upright(c.colour, top));
    }
    // 2. The mating player takes the mated player's whole hand.
    for (int kind = 0; kind < KindCount; ++kind) {
        hand[kind]          = static_cast<std::uint8_t>(hand[kind] + hands_[mated][kind]);
        hands_[mated][kind] = 0;
    }
    // 3. and 4. His pieces of the mating player's colour or in the mating player's quadrant go
    // to that hand (a nest's largest pyramid only); everything else returns to the stash.
    for (int s = 0; s < SquareCount; ++s) {
        const Cell c = board_[s];
        if (c.occupant != Occupant::Lying || c.owner != mated) continue;
        const int sizes = c.sizes & SizeBits;
        const int top   = largest_size(static_cast<std::uint8_t>(sizes));
        const bool take = c.colour == by || in_quadrant(by, static_cast<Square>(s));
        for (int size = Small; size <= Large; ++size) {
            if (!(sizes & size_bit(size))) continue;
            if (take && size == top)
                ++hand[kind_index(c.colour, size)];
            else
                ++stash_[kind_index(c.colour, size)];
        }
        set(static_cast<Square>(s), empty_cell());
    }
    // 5. Bare mate: every small pyramid of the stash.
    if (bare) {
        for (int colour = 0; colour < SeatCount; ++colour) {
            const int kind = kind_index(colour, Small);
            hand[kind]     = static_cast<std::uint8_t>(hand[kind] + stash_[kind]);
            stash_[kind]   = 0;
        }
    }
    // 6. The turn, after the last attackers are recomputed from the mated player's seat.
    live_ &= static_cast<std::uint8_t>(~seat_bit(mated));
    last_attacker_[mated] = NoSeat;
    if (live_count() <= 1) {
        last_attacker_.fill(NoSeat);
        turn_ = NoSeat;
    } else {
        update_last_attackers(mated, false, NoSeat);
        turn_ = static_cast<std::int8_t>(next_turn(mated));
    }
    return {mated, by, bare};
}

MateEvents Position::resolve_mates(History& history) {
    MateEvents events;
    while (!game_over() && !has_legal_move(history)) {
        events.events[events.count++] = mate();
        history.push(hash_);
    }
    return events;
}

// --- Perft ----------------------------------------------------------------------------------

std::uint64_t perft(const Position& position, int depth, History& history) {
    if (depth == 0) return 1;
    if (position.game_over()) return 0;
    MoveList moves;
    position.legal_moves(moves, history);
    if (depth == 1) return moves.size();
    std::uint64_t total    = 0;
    const std::size_t mark = history.size();
    for (const Move& m : moves) {
        Position next = position;
        next.play(m);
        history.push(next.board_hash());
        next.resolve_mates(history);
        total += perft(next, depth - 1, history);
        history.truncate(mark);
    }
    return total;
}

std::uint64_t perft(const Position& root, int depth) {
    History history;
    history.reserve(64);
    history.push(root.board_hash());
    Position start = root;
    start.resolve_mates(history);
    return perft(start, depth, history);
}

}  // namespace floe::rules::glacial
