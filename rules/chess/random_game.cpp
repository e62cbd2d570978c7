#include "rules/chess/random_game.hpp"

namespace floe::rules::chess {

std::vector<Move> random_game(const Position& start, SplitMix64& rng, int max_plies) {
    std::vector<Move> moves;
    Position pos = start;
    MoveList legal;
    for (int ply = 0; ply < max_plies; ++ply) {
        // A decided end, a frozen king included (docs/rules/ice-age-chess.md §4.1).
        if (pos.outcome().termination != Termination::None) break;
        pos.legal_moves(legal);
        if (legal.empty()) break;
        const Move m = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
        moves.push_back(m);
        pos.play(m);
    }
    return moves;
}

}  // namespace floe::rules::chess
