#pragma once
// Random legal Glacial Shift games, for `floe generate --variant "Glacial Shift"`, the sample
// games and property tests, optionally steered towards the events a test needs. Reproducible
// everywhere: the numbers come from splitmix64 (rules/common/split_mix64.hpp) and are mapped to
// ranges by this code. The chess twin: rules/chess/random_game.hpp.

#include <cstdint>
#include <string_view>
#include <vector>

#include "rules/common/split_mix64.hpp"
#include "rules/glacial/position.hpp"

namespace floe::rules::glacial {

/// What a ply (with the mates it triggers) shows of the game, as bits (issue 8's sample list).
enum Feature : std::uint32_t {
    FeatureDrop        = 1,   ///< a drop from hand
    FeatureNestCapture = 2,   ///< a capture of a nest (a promoted piece)
    FeaturePromotion   = 4,   ///< `^`
    FeatureRefusal     = 8,   ///< `^0`
    FeatureOutOfTurn   = 16,  ///< a checked player moves before his normal turn
    FeatureMate        = 32,  ///< a mate (of either kind)
    FeatureBareMate    = 64,  ///< a bare mate
    FeatureAll         = 127,
};

/// The feature names `drops nests promotions refusals out-of-turn mates bare-mates`, in bit
/// order, for options and messages.
std::string_view feature_name(int bit);

/// The features of a legal ply `move` of `before.turn()`, which was played with `info` and
/// triggered `mates`. `previous_mover` is the seat of the ply before (NoSeat for the first
/// ply): a mover who is not the next live seat clockwise after it moves out of turn.
std::uint32_t ply_features(const Position& before, const Move& move, const PlyInfo& info,
                           const MateEvents& mates, int previous_mover);

/// A random game from `start` (its due mates carried out first by the caller's replay), at most
/// `max_plies` plies, ending early when one player is left. Without steering each ply is
/// uniform among the legal ones. With `steer` (Feature bits), plies are scored one ply ahead:
/// mates first, then the steered features the game has not shown yet, captures, checks and
/// Pawns and Knights advancing to their far rank; the best of a few random picks is played.
/// Returns the plies; `seen` receives the features the game showed.
std::vector<Move> random_game(const Position& start, SplitMix64& rng, int max_plies,
                              std::uint32_t steer, std::uint32_t* seen = nullptr);

}  // namespace floe::rules::glacial
