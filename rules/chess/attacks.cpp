#include "rules/chess/attacks.hpp"

#include <bit>
#include <cstdint>

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

// File and rank steps of the eight ray directions: the four rook lines, then the four diagonals.
constexpr std::array<std::array<int, 2>, 8> DirectionSteps = {
    {{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {-1, 1}, {-1, -1}, {1, -1}}};

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

// The squares a slider on `s` reaches along directions [first, first + 4) of DirectionSteps,
// each line cut after its first blocker: the slow reference the magic tables are filled from.
Bitboard slide(Square s, Bitboard occupied, int first) {
    Bitboard result = 0;
    for (int d = first; d < first + 4; ++d) {
        int f = file_of(s) + DirectionSteps[d][0];
        int r = rank_of(s) + DirectionSteps[d][1];
        while (on_board(f, r)) {
            const Bitboard b = bit(make_square(f, r));
            result |= b;
            if (occupied & b) break;
            f += DirectionSteps[d][0];
            r += DirectionSteps[d][1];
        }
    }
    return result;
}

// Magic multipliers per square, a1 to h8. They were found once by the usual trial search
// (sparse xorshift64* candidates, kept when no two blocker sets needing different attacks share
// an index); searching at every start took 30 ms, filling the tables with them takes little.
// clang-format off
constexpr std::array<Bitboard, 64> RookMagicNumbers = {
    0x0A80004000801220ULL, 0x8040004010002008ULL, 0x2080200010008008ULL,
    0x1100100008210004ULL, 0xC200209084020008ULL, 0x2100010004000208ULL,
    0x0400081000822421ULL, 0x0200010422048844ULL, 0x0800800080400024ULL,
    0x0001402000401000ULL, 0x3000801000802001ULL, 0x4400800800100083ULL,
    0x0904802402480080ULL, 0x4040800400020080ULL, 0x0018808042000100ULL,
    0x4040800080004100ULL, 0x0040048001458024ULL, 0x00A0004000205000ULL,
    0x3100808010002000ULL, 0x4825010010000820ULL, 0x5004808008000401ULL,
    0x2024818004000A00ULL, 0x0005808002000100ULL, 0x2100060004806104ULL,
    0x0080400880008421ULL, 0x4062220600410280ULL, 0x010A004A00108022ULL,
    0x0000100080080080ULL, 0x0021000500080010ULL, 0x0044000202001008ULL,
    0x0000100400080102ULL, 0xC020128200040545ULL, 0x0080002000400040ULL,
    0x0000804000802004ULL, 0x0000120022004080ULL, 0x010A386103001001ULL,
    0x9010080080800400ULL, 0x8440020080800400ULL, 0x0004228824001001ULL,
    0x000000490A000084ULL, 0x0080002000504000ULL, 0x200020005000C000ULL,
    0x0012088020420010ULL, 0x0010010080080800ULL, 0x0085001008010004ULL,
    0x0002000204008080ULL, 0x0040413002040008ULL, 0x0000304081020004ULL,
    0x0080204000800080ULL, 0x3008804000290100ULL, 0x1010100080200080ULL,
    0x2008100208028080ULL, 0x5000850800910100ULL, 0x8402019004680200ULL,
    0x0120911028020400ULL, 0x0000008044010200ULL, 0x0020850200244012ULL,
    0x0020850200244012ULL, 0x0000102001040841ULL, 0x140900040A100021ULL,
    0x000200282410A102ULL, 0x000200282410A102ULL, 0x000200282410A102ULL,
    0x4048240043802106ULL};
constexpr std::array<Bitboard, 64> BishopMagicNumbers = {
    0x40106000A1160020ULL, 0x0020010250810120ULL, 0x2010010220280081ULL,
    0x002806004050C040ULL, 0x0002021018000000ULL, 0x2001112010000400ULL,
    0x0881010120218080ULL, 0x1030820110010500ULL, 0x0000120222042400ULL,
    0x2000020404040044ULL, 0x8000480094208000ULL, 0x0003422A02000001ULL,
    0x000A220210100040ULL, 0x8004820202226000ULL, 0x0018234854100800ULL,
    0x0100004042101040ULL, 0x0004001004082820ULL, 0x0010000810010048ULL,
    0x1014004208081300ULL, 0x2080818802044202ULL, 0x0040880C00A00100ULL,
    0x0080400200522010ULL, 0x0001000188180B04ULL, 0x0080249202020204ULL,
    0x1004400004100410ULL, 0x00013100A0022206ULL, 0x2148500001040080ULL,
    0x4241080011004300ULL, 0x4020848004002000ULL, 0x10101380D1004100ULL,
    0x0008004422020284ULL, 0x01010A1041008080ULL, 0x0808080400082121ULL,
    0x0808080400082121ULL, 0x0091128200100C00ULL, 0x0202200802010104ULL,
    0x8C0A020200440085ULL, 0x01A0008080B10040ULL, 0x0889520080122800ULL,
    0x100902022202010AULL, 0x04081A0816002000ULL, 0x0000681208005000ULL,
    0x8170840041008802ULL, 0x0A00004200810805ULL, 0x0830404408210100ULL,
    0x2602208106006102ULL, 0x1048300680802628ULL, 0x2602208106006102ULL,
    0x0602010120110040ULL, 0x0941010801043000ULL, 0x000040440A210428ULL,
    0x0008240020880021ULL, 0x0400002012048200ULL, 0x00AC102001210220ULL,
    0x0220021002009900ULL, 0x84440C080A013080ULL, 0x0001008044200440ULL,
    0x0004C04410841000ULL, 0x2000500104011130ULL, 0x1A0C010011C20229ULL,
    0x0044800112202200ULL, 0x0434804908100424ULL, 0x0300404822C08200ULL,
    0x48081010008A2A80ULL};
// clang-format on

// Sets up each square's magic and fills its slice of `table` with the attacks of every subset
// of its relevant blockers (mask without line ends). A blocker on the last square of a line
// changes nothing, so edges leave the mask, except those of the piece's own rank and file.
void init_magics(std::array<detail::Magic, 64>& magics, const std::array<Bitboard, 64>& numbers,
                 Bitboard* table, int first_direction) {
    constexpr Bitboard Rank1 = 0xFF, Rank8 = Rank1 << 56;
    constexpr Bitboard FileA = 0x0101010101010101ULL, FileH = FileA << 7;
    for (int i = 0; i < 64; ++i) {
        const auto s         = static_cast<Square>(i);
        const Bitboard edges = ((Rank1 | Rank8) & ~(Rank1 << (8 * rank_of(s)))) |
                               ((FileA | FileH) & ~(FileA << file_of(s)));
        detail::Magic& m = magics[i];
        m.mask           = slide(s, 0, first_direction) & ~edges;
        m.magic          = numbers[i];
        m.shift          = 64 - std::popcount(m.mask);
        m.attacks        = table;
        // Every subset of the mask, by carry-rippler enumeration.
        Bitboard b = 0;
        do {
            table[((b & m.mask) * m.magic) >> m.shift] = slide(s, b, first_direction);
            b                                          = (b - m.mask) & m.mask;
        } while (b);
        table += Bitboard{1} << (64 - m.shift);
    }
}

// Sum over the squares of 2^(relevant blockers): the exact sizes of the two shared tables.
std::array<Bitboard, 5248> BishopTable;
std::array<Bitboard, 102400> RookTable;

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
constinit const std::array<std::array<Bitboard, 64>, 64> Between = between_table();

namespace {
// The four lines of directions [first, first + 4) from each square, to the board's edge.
constexpr std::array<Bitboard, 64> lines_table(int first) {
    std::array<Bitboard, 64> t{};
    for (int s = 0; s < 64; ++s)
        for (int d = first; d < first + 4; ++d) t[s] |= RayTable[d][s];
    return t;
}
}  // namespace

constinit const std::array<Bitboard, 64> Diagonals  = lines_table(4);
constinit const std::array<Bitboard, 64> Orthogonal = lines_table(0);

std::array<Magic, 64> BishopMagics;
std::array<Magic, 64> RookMagics;

namespace {
// Fills the magic tables before any other static initializer (priority 101 runs first) could
// generate moves.
struct MagicInit {
    MagicInit() {
        init_magics(RookMagics, RookMagicNumbers, RookTable.data(), 0);
        init_magics(BishopMagics, BishopMagicNumbers, BishopTable.data(), 4);
    }
};
[[gnu::init_priority(101)]] const MagicInit magic_init;
}  // namespace
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
