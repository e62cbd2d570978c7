// Property test over 1,000 random Glacial Shift games (fixed seed, splitmix64): at every ply,
// after its mates, the pyramid totals stay 5 per colour and size, and the position string
// round-trips (read back with no diagnostic, equal position, same text).

#include <gtest/gtest.h>

#include <array>
#include <cstdint>

#include "notation/glacial_position.hpp"
#include "rules/common/split_mix64.hpp"
#include "rules/glacial/board.hpp"

namespace floe::test {
namespace {

namespace glacial = rules::glacial;

std::array<int, glacial::KindCount> totals(const glacial::Position& p) {
    const glacial::Setup s = p.to_setup();
    std::array<int, glacial::KindCount> t{};
    for (const auto& c : s.board)
        if (c.occupant != glacial::Occupant::Empty)
            for (int size = 1; size <= 3; ++size)
                if (c.sizes & glacial::size_bit(size)) ++t[glacial::kind_index(c.colour, size)];
    for (int k = 0; k < glacial::KindCount; ++k) {
        for (int seat = 0; seat < 4; ++seat) t[k] += s.hands[seat][k];
        t[k] += s.stash[k];
    }
    return t;
}

void check(const glacial::Position& p, int game, int ply) {
    for (const int n : totals(p)) ASSERT_EQ(n, glacial::PyramidsPerKind) << game << ":" << ply;
    const std::string text = formats::make_glacial_position(p);
    const auto read        = formats::parse_glacial_position(text);
    ASSERT_TRUE(read.diagnostics.empty())
        << "game " << game << " ply " << ply << ": " << text << ": " << read.diagnostics[0].message;
    ASSERT_TRUE(read.position);
    ASSERT_TRUE(*read.position == p) << text;
    ASSERT_EQ(formats::make_glacial_position(*read.position), text);
}

TEST(GlacialProperty, ThousandRandomGames) {
    rules::SplitMix64 random{20261201};
    constexpr int Games    = 1000;
    constexpr int MaxPlies = 300;
    int finished = 0, mates = 0, plies = 0;
    for (int game = 0; game < Games; ++game) {
        glacial::Position p = glacial::Position::start();
        glacial::History history;
        history.push(p.board_hash());
        check(p, game, 0);
        for (int ply = 1; ply <= MaxPlies && !p.game_over(); ++ply) {
            glacial::MoveList moves;
            p.legal_moves(moves, history);
            ASSERT_FALSE(moves.empty());  // mates were carried out before this turn
            p.play(moves[random.below(moves.size())]);
            history.push(p.board_hash());
            mates += p.resolve_mates(history).count;
            ++plies;
            check(p, game, ply);
            if (testing::Test::HasFatalFailure()) return;
        }
        finished += p.game_over();
    }
    // The games exercise mates and the end of the game, not only openings.
    EXPECT_GT(mates, 0);
    EXPECT_GT(plies, 10000);
    RecordProperty("mates", mates);
    RecordProperty("finished", finished);
}

}  // namespace
}  // namespace floe::test
