// The slider attack tables (magic bitboards, rules/chess/attacks.cpp) against rays traced
// square by square here, for every square with random blocker sets (pieces and ice alike,
// docs/rules/ice-age-chess.md §2.2: ice blocks lines), plus between() on every pair of squares.

#include "rules/chess/attacks.hpp"

#include <gtest/gtest.h>

#include "rules/common/split_mix64.hpp"

namespace floe::test {
namespace {

namespace chess = rules::chess;
using chess::Bitboard;

// The squares reached from (file, rank) along each (df, dr), each line cut after its first
// blocker.
Bitboard traced(int file, int rank, Bitboard occupied, const int (&steps)[4][2]) {
    Bitboard out = 0;
    for (const auto& step : steps) {
        for (int f = file + step[0], r = rank + step[1]; f >= 0 && f < 8 && r >= 0 && r < 8;
             f += step[0], r += step[1]) {
            const Bitboard b = Bitboard{1} << (r * 8 + f);
            out |= b;
            if (occupied & b) break;
        }
    }
    return out;
}

constexpr int Orthogonal[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int Diagonal[4][2]   = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

TEST(SliderAttacks, MatchRaysTracedSquareBySquare) {
    rules::SplitMix64 rng(7);
    for (int s = 0; s < 64; ++s) {
        const auto square = static_cast<chess::Square>(s);
        for (int i = 0; i < 2000; ++i) {
            // Sparse, middling and dense boards: one, two or three random words ANDed or ORed.
            Bitboard occupied = rng.next();
            if (i % 3 == 0) occupied &= rng.next() & rng.next();
            if (i % 3 == 1) occupied |= rng.next();
            if (i == 0) occupied = 0;
            const int file = s % 8, rank = s / 8;
            ASSERT_EQ(chess::attacks::rook(square, occupied),
                      traced(file, rank, occupied, Orthogonal))
                << "rook on " << s << ", blockers " << std::hex << occupied;
            ASSERT_EQ(chess::attacks::bishop(square, occupied),
                      traced(file, rank, occupied, Diagonal))
                << "bishop on " << s << ", blockers " << std::hex << occupied;
            ASSERT_EQ(
                chess::attacks::queen(square, occupied),
                traced(file, rank, occupied, Orthogonal) | traced(file, rank, occupied, Diagonal));
        }
    }
}

TEST(SliderAttacks, LinesAreTheAttacksOnAnEmptyBoard) {
    for (chess::Square s = 0; s < 64; ++s) {
        ASSERT_EQ(chess::attacks::diagonals(s), chess::attacks::bishop(s, 0)) << int{s};
        ASSERT_EQ(chess::attacks::orthogonals(s), chess::attacks::rook(s, 0)) << int{s};
    }
    // d4: 13 squares on its diagonals, 14 on its rank and file.
    EXPECT_EQ(chess::square_count(chess::attacks::diagonals(chess::make_square(3, 3))), 13);
    EXPECT_EQ(chess::square_count(chess::attacks::orthogonals(chess::make_square(3, 3))), 14);
}

TEST(SliderAttacks, BetweenIsTheOpenLineOfTwoSquares) {
    for (int a = 0; a < 64; ++a) {
        for (int b = 0; b < 64; ++b) {
            const auto sa = static_cast<chess::Square>(a), sb = static_cast<chess::Square>(b);
            // The squares stepped over going from a to b along a shared rank, file or diagonal.
            Bitboard want = 0;
            const int df = b % 8 - a % 8, dr = b / 8 - a / 8;
            const bool line = a != b && (df == 0 || dr == 0 || df == dr || df == -dr);
            if (line) {
                const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
                for (int f = a % 8 + sf, r = a / 8 + sr; f != b % 8 || r != b / 8; f += sf, r += sr)
                    want |= Bitboard{1} << (r * 8 + f);
            }
            ASSERT_EQ(chess::attacks::between(sa, sb), want) << a << " " << b;
        }
    }
    EXPECT_EQ(
        chess::attacks::between(static_cast<chess::Square>(0), static_cast<chess::Square>(63)),
        0x0040201008040200ULL);  // b2 .. g7
}

}  // namespace
}  // namespace floe::test
