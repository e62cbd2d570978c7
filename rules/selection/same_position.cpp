#include "rules/selection/same_position.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "rules/common/split_mix64.hpp"
#include "rules/glacial/board.hpp"

namespace floe::rules::selection {

namespace {

using chess::Bitboard;

// A pocket holds at most 64 of a piece (notation/fen.hpp); a larger count shares the last key,
// which only costs a confirmation by same_position.
constexpr int PocketCounts = 65;

struct ChessKeys {
    std::array<std::array<std::array<std::uint64_t, 64>, 6>, 2> piece{};
    std::array<std::uint64_t, 64> ice{};
    std::array<std::uint64_t, 64> castling_rook{};
    std::array<std::uint64_t, 64> en_passant{};
    std::array<std::uint64_t, 64> promoted{};
    std::array<std::array<std::array<std::uint64_t, PocketCounts>, 5>, 2> pocket{};
    std::uint64_t black_to_move = 0;

    ChessKeys() {
        SplitMix64 random(0x73656c6563742d63ULL);  // "select-c"
        for (auto& colour : piece)
            for (auto& type : colour)
                for (auto& key : type) key = random.next();
        for (auto* table : {&ice, &castling_rook, &en_passant, &promoted})
            for (auto& key : *table) key = random.next();
        for (auto& colour : pocket)
            for (auto& type : colour)
                for (std::size_t n = 1; n < type.size(); ++n) type[n] = random.next();  // 0: none
        black_to_move = random.next();
    }
};
const ChessKeys Chess;

std::uint64_t squares_key(Bitboard squares, const std::array<std::uint64_t, 64>& keys) {
    std::uint64_t key = 0;
    for (; squares; squares &= squares - 1) key ^= keys[std::countr_zero(squares)];
    return key;
}

// The en passant square as docs/rules/selection.md §1.1 counts it: only while an en passant capture
// is legal. The engine keeps the square only then (its move generation decides,
// keep_capturable_en_passant).
chess::Square capturable_en_passant(const chess::Position& p) {
    return p.en_passant_capturable() ? p.en_passant_square() : chess::NoSquare;
}

using glacial::KindCount;
using glacial::SeatCount;
using glacial::SquareCount;
// Counts of one colour and size: 0..5 (docs/rules/glacial-shift.md §1.1).
constexpr int KindCounts = glacial::PyramidsPerKind + 1;

struct GlacialKeys {
    std::array<std::uint64_t, SquareCount> spent{};
    std::array<std::uint64_t, SeatCount + 1> turn{};  // index turn + 1: NoSeat first
    std::array<std::array<std::array<std::uint64_t, KindCounts>, KindCount>, SeatCount> hand{};
    std::array<std::array<std::uint64_t, KindCounts>, KindCount> stash{};
    std::array<std::array<std::uint64_t, SeatCount + 1>, SeatCount> last_attacker{};

    GlacialKeys() {
        SplitMix64 random(0x73656c6563742d67ULL);  // "select-g"
        for (auto& key : spent) key = random.next();
        for (auto& key : turn) key = random.next();
        for (auto& seat : hand)
            for (auto& kind : seat)
                for (std::size_t n = 1; n < kind.size(); ++n) kind[n] = random.next();
        for (auto& kind : stash)
            for (auto& key : kind) key = random.next();
        for (auto& seat : last_attacker)
            for (std::size_t n = 1; n < seat.size(); ++n) seat[n] = random.next();  // 0: none
    }
};
const GlacialKeys Glacial;

int count_index(int count, int limit) { return std::clamp(count, 0, limit - 1); }

}  // namespace

bool same_position(const chess::Position& a, const chess::Position& b) {
    using chess::Color;
    for (const Color c : {Color::White, Color::Black}) {
        for (int t = 0; t < 6; ++t) {
            const auto type = static_cast<chess::PieceType>(t);
            if (a.pieces(c, type) != b.pieces(c, type)) return false;
        }
        if (a.pocket(c) != b.pocket(c)) return false;
    }
    return a.ice() == b.ice() && a.side_to_move() == b.side_to_move() &&
           a.castling_rooks() == b.castling_rooks() &&
           capturable_en_passant(a) == capturable_en_passant(b) && a.promoted() == b.promoted();
}

bool same_position(const glacial::Position& a, const glacial::Position& b) {
    if (a.turn() != b.turn()) return false;
    for (int s = 0; s < SquareCount; ++s) {
        if (!(a.at(static_cast<glacial::Square>(s)) == b.at(static_cast<glacial::Square>(s))))
            return false;  // the spent mark is part of the cell
    }
    for (int colour = 0; colour < SeatCount; ++colour) {
        for (int size = glacial::Small; size <= glacial::Large; ++size) {
            if (a.stash_count(colour, size) != b.stash_count(colour, size)) return false;
            for (int seat = 0; seat < SeatCount; ++seat) {
                if (a.hand_count(seat, colour, size) != b.hand_count(seat, colour, size))
                    return false;
            }
        }
    }
    for (int seat = 0; seat < SeatCount; ++seat) {
        if (a.last_attacker(seat) != b.last_attacker(seat)) return false;
    }
    return true;
}

std::uint64_t zobrist(const chess::Position& p) {
    using chess::Color;
    std::uint64_t key = 0;
    for (const Color c : {Color::White, Color::Black}) {
        for (int t = 0; t < 6; ++t) {
            key ^= squares_key(p.pieces(c, static_cast<chess::PieceType>(t)),
                               Chess.piece[index(c)][t]);
        }
        for (int t = 0; t < 5; ++t)
            key ^= Chess.pocket[index(c)][t][count_index(p.pocket(c)[t], PocketCounts)];
    }
    key ^= squares_key(p.ice(), Chess.ice);
    key ^= squares_key(p.castling_rooks(), Chess.castling_rook);
    key ^= squares_key(p.promoted(), Chess.promoted);
    if (const chess::Square ep = capturable_en_passant(p); ep != chess::NoSquare)
        key ^= Chess.en_passant[ep];
    if (p.side_to_move() == Color::Black) key ^= Chess.black_to_move;
    return key;
}

std::uint64_t zobrist(const glacial::Position& p) {
    // board_hash() already covers every cell but the spent mark (docs/rules/glacial-shift.md
    // §7.2), and the engine keeps it as it plays.
    std::uint64_t key = p.board_hash() ^ Glacial.turn[p.turn() + 1];
    for (int s = 0; s < SquareCount; ++s) {
        if (p.at(static_cast<glacial::Square>(s)).sizes & glacial::SpentBit)
            key ^= Glacial.spent[s];
    }
    for (int colour = 0; colour < SeatCount; ++colour) {
        for (int size = glacial::Small; size <= glacial::Large; ++size) {
            const int kind = glacial::kind_index(colour, size);
            key ^= Glacial.stash[kind][count_index(p.stash_count(colour, size), KindCounts)];
            for (int seat = 0; seat < SeatCount; ++seat)
                key ^= Glacial.hand[seat][kind]
                                   [count_index(p.hand_count(seat, colour, size), KindCounts)];
        }
    }
    for (int seat = 0; seat < SeatCount; ++seat)
        key ^= Glacial.last_attacker[seat][p.last_attacker(seat) + 1];
    return key;
}

}  // namespace floe::rules::selection
