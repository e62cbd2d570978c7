#pragma once
// The Glacial Shift position (docs/rules/glacial-shift.md §1-§8): the 9x9 board of lying and
// upright pyramids, four hands, the public stash, each seat's last attacker, the seat to move and
// the ply number. Copy-make: a Position is small and trivially copyable; undo is a copy.
//
// The repetition ban (§7.2) needs the earlier board positions, which a Position does not hold:
// callers keep a History and pass it to the functions that judge legality.

#include <array>
#include <cstdint>
#include <vector>

#include "rules/glacial/move.hpp"
#include "rules/glacial/types.hpp"

namespace floe::rules::glacial {

/// An unvalidated position, as the position-string reader produces it (docs/rules/notation.md
/// §6.8). notation/glacial_position.hpp validates it before Position::from_setup.
struct Setup {
    std::array<Cell, SquareCount> board{};
    std::array<std::array<std::uint8_t, KindCount>, SeatCount> hands{};  ///< [seat][kind_index]
    std::array<std::uint8_t, KindCount> stash{};                         ///< [kind_index]
    std::array<std::int8_t, SeatCount> last_attacker{NoSeat, NoSeat, NoSeat, NoSeat};
    int turn          = Yellow;  ///< NoSeat when the game is over
    std::uint32_t ply = 1;       ///< number of the next ply, from 1
};

/// The board positions a game has been in (docs/rules/glacial-shift.md §7.2), as board hashes: the
/// start, the position after every ply, and the position after every mate.
class History {
public:
    void push(std::uint64_t board_hash) { hashes_.push_back(board_hash); }
    void pop() { hashes_.pop_back(); }
    void truncate(std::size_t size) { hashes_.resize(size); }
    std::size_t size() const { return hashes_.size(); }
    std::uint64_t at(std::size_t i) const { return hashes_[i]; }
    bool contains(std::uint64_t board_hash) const;
    void reserve(std::size_t n) { hashes_.reserve(n); }

private:
    std::vector<std::uint64_t> hashes_;
};

/// What a promotion did on a ply (§5.2, §5.3; docs/rules/notation.md §5.2 `^` and `^0`).
enum class Promotion : std::uint8_t { None, Made, Spent };

/// What play() did: the notation's suffixes and the capture mark.
struct PlyInfo {
    bool capture        = false;
    Promotion promotion = Promotion::None;
    bool gives_check    = false;  ///< another player is in check now who was not before (`+`)
};

/// One mate (docs/rules/glacial-shift.md §8.6): who was mated, who is credited, and whether it was
/// a bare mate.
struct MateEvent {
    int mated = NoSeat;
    int by    = NoSeat;
    bool bare = false;
};

/// The mates one ply triggers, in order (at most three: then one player is left).
struct MateEvents {
    std::array<MateEvent, SeatCount> events{};
    int count = 0;
};

class Position {
public:
    /// The start position of §9: Yellow to move, empty hands, stash 204/204/204/204.
    static Position start();
    /// Builds a position from a setup the caller has validated. Liveness is taken from the
    /// board: a seat is live when it owns a lying piece (docs/rules/notation.md §6.8).
    static Position from_setup(const Setup& setup);
    /// The setup of this position (for the position-string writer).
    Setup to_setup() const;

    const Cell& at(Square s) const { return board_[s]; }
    /// The seat to move, or NoSeat when the game is over.
    int turn() const { return turn_; }
    bool game_over() const { return turn_ == NoSeat; }
    /// The only live seat once the game is over, else NoSeat (docs/rules/glacial-shift.md §8.8).
    int winner() const;
    bool live(int seat) const { return (live_ >> seat) & 1; }
    int live_count() const;
    int hand_count(int seat, int colour, int size) const {
        return hands_[seat][kind_index(colour, size)];
    }
    int stash_count(int colour, int size) const { return stash_[kind_index(colour, size)]; }
    /// The last attacker of `seat` (§8.4), or NoSeat.
    int last_attacker(int seat) const { return last_attacker_[seat]; }
    std::uint32_t ply_number() const { return ply_; }
    /// A hash of the board alone (§7.2 "same board position": spent flags, hands, stash and the
    /// seat to move are ignored), kept incrementally.
    std::uint64_t board_hash() const { return hash_; }
    /// True when the boards are the same in the sense of §7.2.
    bool same_board(const Position& other) const;

    /// Number of `seat`'s Royals (lying pieces of his own colour) inside his quadrant (§6.3).
    int royals_in_quadrant(int seat) const;
    /// `seat`'s lone Royal: his only Royal inside his quadrant, or NoSquare (§4.6).
    Square lone_royal(int seat) const;
    /// Bare check (§6.4): `seat`'s lying pieces are exactly one Royal, inside his quadrant.
    bool bare_check(int seat) const;
    /// Seat mask (bit = seat) of the players other than `except` whose lying pieces attack `s`
    /// (§4.3: the move pattern, slides stopping at the first occupied square; legality ignored).
    int attackers(Square s, int except) const;
    /// True when `seat` is in check (§6.4): his lone Royal is attacked, or bare check.
    bool in_check(int seat) const;
    /// Seat mask of the live seats in check.
    int checks() const;
    /// True when the lying piece on `s` may be captured (§4.6: not a lone Royal).
    bool capturable(Square s) const;

    /// Every legal ply of the seat to move (§7.1), in generation order; empty when the game is
    /// over. `history` holds the earlier board positions, this one included.
    void legal_moves(MoveList& out, const History& history) const;
    /// True when the seat to move has at least one legal ply.
    bool has_legal_move(const History& history) const;
    /// True when `m` is one of legal_moves(history).
    bool is_legal(const Move& m, const History& history) const;

    /// Plays a legal ply of the seat to move: the move or drop, its capture and promotion, the
    /// last attackers (§8.4), the next seat (§7.4) and the ply number.
    /// Mates are not carried out here: see resolve_mates().
    PlyInfo play(const Move& m);

    /// Mates the seat to move now (§8.6, its six consequences in order), whether or not he has a
    /// legal move. Returns the event; the game is over when one player is left.
    MateEvent mate();

    /// Carries out every mate due now: while the seat to move has no legal ply, he is mated
    /// (chained mates). Each position after a mate is pushed to `history`. Returns the mates.
    MateEvents resolve_mates(History& history);

    friend bool operator==(const Position&, const Position&) = default;

private:
    void set(Square s, Cell c);
    /// The move or drop alone: board, hands, stash, promotion. Returns the seat whose piece was
    /// captured, or NoSeat.
    int make(const Move& m, Promotion* promotion);
    void pseudo_legal_moves(MoveList& out) const;
    /// The squares a lying piece may move to, captures included (§4.1-§4.4).
    template <class Visit>
    void for_each_target(Square from, Visit visit) const;
    /// Recomputes every live seat's last attacker (§8.4, §8.5): after a ply with rule 2 (`rule2`),
    /// after a mate without it (docs/decisions/glacial-shift.md: a dead last attacker).
    void update_last_attackers(int mover, bool rule2, int captured_seat);
    /// The nearest live seat counter-clockwise from `seat` (§8.2, §8.4), or NoSeat.
    int previous_live(int seat) const;
    /// The seat to move after `from` moved or was mated (§7.4, §8.6 step 6).
    int next_turn(int from) const;

    std::array<Cell, SquareCount> board_{};
    std::array<std::array<std::uint8_t, KindCount>, SeatCount> hands_{};
    std::array<std::uint8_t, KindCount> stash_{};
    std::array<std::int8_t, SeatCount> last_attacker_{NoSeat, NoSeat, NoSeat, NoSeat};
    std::array<std::uint8_t, SeatCount> pieces_{};  ///< lying pieces per seat
    std::int8_t turn_   = Yellow;
    std::uint8_t live_  = 0;
    std::uint32_t ply_  = 1;
    std::uint64_t hash_ = 0;
};

/// The step and slide directions of a lying piece (docs/rules/glacial-shift.md §4.1), as masks of
/// global directions.
struct Pattern {
    std::uint8_t steps  = 0;
    std::uint8_t slides = 0;
};
Pattern pattern_of(int owner, int colour, int rank);

/// Perft as docs/rules/notation.md §9.4 defines it: the path is a game whose only earlier board
/// position is the root; mates after each ply are carried out (they are not plies); a position
/// where the game is over counts 0 below it; if the seat to move at the root cannot move, its mate
/// comes first.
std::uint64_t perft(const Position& root, int depth);

/// perft below a position reached in a game: `history` holds its earlier boards (this one
/// included) and the mates due at `position` must already be carried out. `history` is
/// restored on return.
std::uint64_t perft(const Position& position, int depth, History& history);

}  // namespace floe::rules::glacial
