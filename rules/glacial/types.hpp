#pragma once
// Glacial Shift's vocabulary (docs/rules/glacial-shift.md §1-§3): seats and colours, pyramid sizes,
// the 9x9 board's squares and the eight directions, and a board cell.
// Squares are 0..80: a1 = 0, b1 = 1, ..., i1 = 8, a2 = 9, ..., i9 = 80.

#include <cstdint>

namespace floe::rules::glacial {

constexpr int BoardSize   = 9;
constexpr int SquareCount = BoardSize * BoardSize;
constexpr int SeatCount   = 4;

using Square              = std::int8_t;
constexpr Square NoSquare = -1;
constexpr int file_of(Square s) { return s % BoardSize; }
constexpr int rank_of(Square s) { return s / BoardSize; }
constexpr Square make_square(int file, int rank) {
    return static_cast<Square>(rank * BoardSize + file);
}

/// Seats in turn order (clockwise, §2.3). A colour is numbered like the seat that owns it at the
/// start: Yellow = yellow = 0, Green = green = 1, Blue = blue = 2, Red = red = 3.
enum Seat : std::int8_t { Yellow = 0, Green = 1, Blue = 2, Red = 3 };
constexpr int NoSeat = -1;
/// The seat `k` places clockwise after `seat` (k may be negative).
constexpr int seat_after(int seat, int k) {
    return ((seat + k) % SeatCount + SeatCount) % SeatCount;
}
constexpr int seat_bit(int seat) { return 1 << seat; }

/// Seat letters of the notation and the position string: `Y G B R` (docs/rules/notation.md §5.1).
constexpr char seat_letter(int seat) { return "YGBR"[seat]; }
/// Colour letters: `y g b r`.
constexpr char colour_letter(int colour) { return "ygbr"[colour]; }

/// Pyramid sizes: 1 small (Pawn), 2 medium (Knight), 3 large (General)
/// (docs/rules/glacial-shift.md §1.2).
constexpr int Small  = 1;
constexpr int Medium = 2;
constexpr int Large  = 3;
/// Index of a (colour, size) pair in hands and the stash: colour * 3 + size - 1.
constexpr int kind_index(int colour, int size) { return colour * 3 + size - 1; }
constexpr int KindCount = 12;

/// Family of a live piece: its colour seen from its owner (§3.1).
enum class Family : std::uint8_t { Royal, Left, Center, Right };
constexpr Family family_of(int colour, int owner) {
    return static_cast<Family>(seat_after(colour, -owner));
}

/// What stands on a square.
enum class Occupant : std::uint8_t { Empty, Lying, Upright };

/// A square's content, 4 bytes. `sizes` has bit (size - 1) set for each pyramid of a nest;
/// an upright blocker has exactly one. `owner` is a seat for lying pieces only.
struct Cell {
    Occupant occupant   = Occupant::Empty;
    std::int8_t owner   = NoSeat;
    std::uint8_t colour = 0;
    std::uint8_t sizes  = 0;  ///< bit 0 small, bit 1 medium, bit 2 large; bit 3 = spent flag
    friend constexpr bool operator==(Cell, Cell) = default;
};
constexpr std::uint8_t SpentBit = 8;
constexpr std::uint8_t SizeBits = 7;

/// The rank of a set of sizes: its largest pyramid (1..3), 0 for none.
constexpr int largest_size(std::uint8_t sizes) {
    return (sizes & 4) ? 3 : (sizes & 2) ? 2 : (sizes & 1) ? 1 : 0;
}
/// The smallest pyramid of a set of sizes (1..3), 0 for none.
constexpr int smallest_size(std::uint8_t sizes) {
    return (sizes & 1) ? 1 : (sizes & 2) ? 2 : (sizes & 4) ? 3 : 0;
}
constexpr std::uint8_t size_bit(int size) { return static_cast<std::uint8_t>(1 << (size - 1)); }

constexpr Cell empty_cell() { return {}; }
constexpr Cell lying(int owner, int colour, std::uint8_t sizes) {
    return {Occupant::Lying, static_cast<std::int8_t>(owner), static_cast<std::uint8_t>(colour),
            sizes};
}
constexpr Cell upright(int colour, int size) {
    return {Occupant::Upright, NoSeat, static_cast<std::uint8_t>(colour), size_bit(size)};
}

/// The eight directions, clockwise from north: N, NE, E, SE, S, SW, W, NW. A seat's forward
/// direction is 2 * seat (§2.2: Yellow north, Green east, Blue south, Red west).
constexpr int DirectionCount   = 8;
constexpr int DirectionFile[8] = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr int DirectionRank[8] = {1, 1, 0, -1, -1, -1, 0, 1};
constexpr int opposite(int dir) { return (dir + 4) % 8; }

}  // namespace floe::rules::glacial
