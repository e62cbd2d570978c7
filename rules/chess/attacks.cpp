#include "rules/chess/attacks.hpp"

namespace floe::rules::chess::attacks {

namespace {

constexpr bool on_board(int file, int rank) {
    return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

// Attacks of a stepping piece: one step along each (file, rank) offset.
template <std::size_t N>
constexpr std::array<Bitboard, 64> step_table(const std::array<std::array<int, 2>, N>& steps) {
    std::array<Bitboard, 64> t{};
    for (int s = 0; s < 64; ++s) {
        for (const auto& [df, dr] : steps) {
            const int f = file_of(static_cast<Square>(s)) + df;
            const int r = rank_of(static_cast<Square>(s)) + dr;
            if (on_board(f, r)) t[s] |= bit(make_square(f, r));
        }
    }
    return t;
}

// File and rank steps of each Direction, in enum order.
constexpr std::array<std::array<int, 2>, 8> DirectionSteps = {
    {{0, 1}, {1, 0}, {1, 1}, {-1, 1}, {0, -1}, {-1, 0}, {-1, -1}, {1, -1}}};

constexpr std::array<std::array<Bitboard, 64>, 8> ray_table() {
    std::array<std::array<Bitboard, 64>, 8> t{};
    for (int d = 0; d < 8; ++d) {
        for (int s = 0; s < 64; ++s) {
            int f = file_of(static_cast<Square>(s)) + DirectionSteps[d][0];
            int r = rank_of(static_cast<Square>(s)) + DirectionSteps[d][1];
            while (on_board(f, r)) {
                t[d][s] |= bit(make_square(f, r));
                f += DirectionSteps[d][0];
                r += DirectionSteps[d][1];
            }
        }
    }
    return t;
}

constexpr std::array<std::array<Bitboard, 64>, 8> RayTable = ray_table();

constexpr std::array<std::array<Bitboard, 64>, 64> between_table() {
    std::array<std::array<Bitboard, 64>, 64> t{};
    for (int a = 0; a < 64; ++a) {
        for (int d = 0; d < 8; ++d) {
            Bitboard r = RayTable[d][a];
            for (int b = 0; b < 64; ++b) {
                // b lies on ray d from a: the squares between are a's ray minus b's ray minus b.
                if (r & bit(static_cast<Square>(b))) {
                    t[a][b] = r & ~RayTable[d][b] & ~bit(static_cast<Square>(b));
                }
            }
        }
    }
    return t;
}

}  // namespace

namespace detail {
// clang-format off
constinit const std::array<Bitboard, 64> Knight = step_table<8>(
    {{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}});
constinit const std::array<Bitboard, 64> King = step_table<8>(
    {{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}});
constinit const std::array<std::array<Bitboard, 64>, 2> Pawn = {
    step_table<2>({{{-1, 1}, {1, 1}}}), step_table<2>({{{-1, -1}, {1, -1}}})};
// clang-format on
constinit const std::array<std::array<Bitboard, 64>, 8> Rays     = RayTable;
constinit const std::array<std::array<Bitboard, 64>, 64> Between = between_table();
}  // namespace detail

Bitboard neighbours(Bitboard set) {
    constexpr Bitboard FileA = 0x0101010101010101ULL;
    constexpr Bitboard FileH = FileA << 7;
    // The eight one-step shifts of the set, masking the wrap-around between files a and h. The
    // identity is left out, so a lone square is not its own neighbour.
    const Bitboard side = ((set & ~FileH) << 1) | ((set & ~FileA) >> 1);
    return side | (side << 8) | (side >> 8) | (set << 8) | (set >> 8);
}

}  // namespace floe::rules::chess::attacks
