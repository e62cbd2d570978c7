#include "rules/glacial/random_game.hpp"

#include <array>

#include "rules/glacial/board.hpp"

namespace floe::rules::glacial {

namespace {

// Steps a piece of `seat` standing on `s` still has to go to reach his far rank
// (docs/rules/glacial-shift.md §2.2).
int distance_to_far_rank(int seat, Square s) {
    switch (seat) {
        case Yellow:
            return BoardSize - 1 - rank_of(s);
        case Green:
            return BoardSize - 1 - file_of(s);
        case Blue:
            return rank_of(s);
        default:
            return file_of(s);
    }
}

// The next live seat clockwise after `seat` in `p`.
int next_live(const Position& p, int seat) {
    for (int k = 1; k <= SeatCount; ++k)
        if (p.live(seat_after(seat, k))) return seat_after(seat, k);
    return NoSeat;
}

// One ply ahead: how much the steering wants `m` (notation of the features: random_game.hpp).
int score(const Position& before, const Move& m, const PlyInfo& info, const MateEvents& mates,
          std::uint32_t features, std::uint32_t wanted) {
    int s = 1000 * mates.count;
    for (int bit = 0; bit < 7; ++bit)
        if (features & wanted & (1u << bit)) s += 300;
    if (info.capture) s += 20 + 10 * largest_size(before.at(m.to).sizes & SizeBits);
    if (info.gives_check) s += 15;
    if (!m.is_drop() && (wanted & (FeaturePromotion | FeatureRefusal))) {
        const Cell& piece = before.at(m.from);
        const int rank    = largest_size(piece.sizes & SizeBits);
        if (rank < Large && !(piece.sizes & SpentBit))
            s += 3 * (distance_to_far_rank(before.turn(), m.from) -
                      distance_to_far_rank(before.turn(), m.to));
    }
    return s;
}

}  // namespace

std::string_view feature_name(int bit) {
    static constexpr std::array<std::string_view, 7> Names = {
        "drops", "nests", "promotions", "refusals", "out-of-turn", "mates", "bare-mates"};
    return Names[bit];
}

std::uint32_t ply_features(const Position& before, const Move& move, const PlyInfo& info,
                           const MateEvents& mates, int previous_mover) {
    std::uint32_t f = 0;
    if (move.is_drop()) f |= FeatureDrop;
    const std::uint8_t captured = before.at(move.to).sizes & SizeBits;
    if (info.capture && captured != size_bit(smallest_size(captured)))  // more than one pyramid
        f |= FeatureNestCapture;
    if (info.promotion == Promotion::Made) f |= FeaturePromotion;
    if (info.promotion == Promotion::Spent) f |= FeatureRefusal;
    if (previous_mover != NoSeat && before.in_check(before.turn()) &&
        next_live(before, previous_mover) != before.turn())
        f |= FeatureOutOfTurn;
    for (int i = 0; i < mates.count; ++i)
        f |= mates.events[i].bare ? (FeatureMate | FeatureBareMate) : FeatureMate;
    return f;
}

std::vector<Move> random_game(const Position& start, SplitMix64& rng, int max_plies,
                              std::uint32_t steer, std::uint32_t* seen) {
    std::vector<Move> plies;
    std::uint32_t shown = 0;
    History history;
    history.push(start.board_hash());
    Position pos = start;
    pos.resolve_mates(history);
    int previous = NoSeat;
    MoveList legal;
    while (!pos.game_over() && static_cast<int>(plies.size()) < max_plies) {
        pos.legal_moves(legal, history);
        if (legal.empty()) break;  // resolve_mates leaves a seat with a move, or the game over
        const std::size_t mark = history.size();
        std::size_t pick       = rng.below(static_cast<std::uint32_t>(legal.size()));
        if (steer && rng.below(4) != 0) {
            int best = -1;
            for (std::size_t i = 0; i < legal.size(); ++i) {
                Position next      = pos;
                const PlyInfo info = next.play(legal[i]);
                history.push(next.board_hash());
                const MateEvents mates = next.resolve_mates(history);
                history.truncate(mark);
                const std::uint32_t feat = ply_features(pos, legal[i], info, mates, previous);
                const int s              = score(pos, legal[i], info, mates, feat, steer & ~shown) +
                              static_cast<int>(rng.below(30));
                if (s > best) {
                    best = s;
                    pick = i;
                }
            }
        }
        const Move m          = legal[pick];
        const Position before = pos;
        const PlyInfo info    = pos.play(m);
        history.push(pos.board_hash());
        const MateEvents mates = pos.resolve_mates(history);
        shown |= ply_features(before, m, info, mates, previous);
        previous = before.turn();
        plies.push_back(m);
    }
    if (seen) *seen = shown;
    return plies;
}

}  // namespace floe::rules::glacial
