#pragma once
// The chess engine's vocabulary: colours, piece types, squares and bitboards.
// Squares are 0..63, a1 = 0, b1 = 1, ..., h8 = 63 (little-endian rank-file mapping).

#include <cstdint>

namespace floe::rules::chess {

using Bitboard = std::uint64_t;

enum class Color : std::uint8_t { White, Black };
constexpr Color operator~(Color c) { return c == Color::White ? Color::Black : Color::White; }
constexpr int index(Color c) { return static_cast<int>(c); }

enum class PieceType : std::uint8_t { Pawn, Knight, Bishop, Rook, Queen, King, None };
constexpr int index(PieceType t) { return static_cast<int>(t); }

/// A set of piece types: bit index(t) is set for each type t in it.
using PieceSet = std::uint8_t;
constexpr PieceSet piece_set(PieceType t) { return static_cast<PieceSet>(1u << index(t)); }
constexpr PieceSet AllPieceTypes = 0x3F;

struct Piece {
    Color color                                    = Color::White;
    PieceType type                                 = PieceType::None;
    friend constexpr bool operator==(Piece, Piece) = default;
};

using Square              = std::int8_t;
constexpr Square NoSquare = -1;
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return static_cast<Square>(rank * 8 + file); }
constexpr Bitboard bit(Square s) { return Bitboard{1} << s; }
/// Number of squares in `b`. Bit-parallel rather than std::popcount, which becomes a library call
/// on x86-64 CPUs without the POPCNT instruction (floe does not assume it).
constexpr int square_count(Bitboard b) {
    b = b - ((b >> 1) & 0x5555555555555555ULL);
    b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
    b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return static_cast<int>((b * 0x0101010101010101ULL) >> 56);
}

/// Upper-case letter of a piece type ('P', 'N', 'B', 'R', 'Q', 'K').
constexpr char piece_letter(PieceType t) { return "PNBRQK?"[index(t)]; }

/// Castling rights as bits: White king side, White queen side, Black king side, Black queen side.
enum CastlingRight : std::uint8_t {
    WhiteKingSide  = 1,
    WhiteQueenSide = 2,
    BlackKingSide  = 4,
    BlackQueenSide = 8,
};

}  // namespace floe::rules::chess
