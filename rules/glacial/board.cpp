#include "rules/glacial/board.hpp"

#include <algorithm>

namespace floe::rules::glacial {

namespace {

// docs/rules/glacial-shift.md §2.2, §2.4: a square's distance to each seat's own edge (south, west,
// north, east).
constexpr int edge_distance(int seat, int file, int rank) {
    switch (seat) {
        case Yellow:
            return rank;
        case Green:
            return file;
        case Blue:
            return BoardSize - 1 - rank;
        default:
            return BoardSize - 1 - file;
    }
}

constexpr std::array<std::int8_t, SquareCount> make_quadrants() {
    std::array<std::int8_t, SquareCount> q{};
    for (int s = 0; s < SquareCount; ++s) {
        const int file = s % BoardSize, rank = s / BoardSize;
        q[s] = NoSeat;
        for (int seat = 0; seat < SeatCount; ++seat) {
            bool nearest = true;
            for (int other = 0; other < SeatCount; ++other) {
                if (other != seat &&
                    edge_distance(seat, file, rank) >= edge_distance(other, file, rank))
                    nearest = false;
            }
            if (nearest) q[s] = static_cast<std::int8_t>(seat);
        }
    }
    return q;
}

constexpr std::array<std::int8_t, SquareCount> Quadrants = make_quadrants();

constexpr std::array<std::array<Square, DirectionCount>, SquareCount> make_neighbours() {
    std::array<std::array<Square, DirectionCount>, SquareCount> n{};
    for (int s = 0; s < SquareCount; ++s) {
        for (int d = 0; d < DirectionCount; ++d) {
            const int f = s % BoardSize + DirectionFile[d], r = s / BoardSize + DirectionRank[d];
            n[s][d] =
                (f < 0 || f >= BoardSize || r < 0 || r >= BoardSize) ? NoSquare : make_square(f, r);
        }
    }
    return n;
}

constexpr std::array<std::array<Square, DirectionCount>, SquareCount> Neighbours =
    make_neighbours();

// §9.1, Yellow's footprint: colour offsets 0 = Royal (own), 1 = Left, 2 = Center.
constexpr std::array<StartPiece, 9> Footprint = {{
    {2, 0, 0, Medium},  // c1 Royal Knight
    {3, 0, 2, Medium},  // d1 Center Knight
    {4, 0, 0, Large},   // e1 Royal General
    {5, 0, 2, Medium},  // f1 Center Knight
    {6, 0, 0, Medium},  // g1 Royal Knight
    {3, 1, 0, Small},   // d2 Royal Pawn
    {4, 1, 1, Medium},  // e2 Left Knight
    {5, 1, 0, Small},   // f2 Royal Pawn
    {4, 2, 0, Small},   // e3 Royal Pawn
}};

constexpr std::array<int, 3> StartStash = {2, 0, 4};

}  // namespace

int quadrant_of(Square s) { return Quadrants[s]; }

bool in_promotion_zone(int seat, Square s) {
    return edge_distance(seat, file_of(s), rank_of(s)) == BoardSize - 1;
}

Square neighbour(Square s, int dir) { return Neighbours[s][dir]; }

const std::array<StartPiece, 9>& start_footprint() { return Footprint; }

Square start_square(int seat, int u, int v) {
    constexpr int M = BoardSize - 1;
    switch (seat) {
        case Yellow:
            return make_square(u, v);
        case Green:
            return make_square(v, M - u);
        case Blue:
            return make_square(M - u, M - v);
        default:
            return make_square(M - v, u);
    }
}

const std::array<int, 3>& start_stash() { return StartStash; }

}  // namespace floe::rules::glacial
