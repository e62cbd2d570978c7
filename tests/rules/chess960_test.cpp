// Chess960 castling in the engine (docs/rules/notation.md §2.6): the king and its rook anywhere on
// the first rank, the king to g1/c1 and the rook to f1/d1, every square either crosses empty but
// for the two of them, no square of the king's attacked; rights as rook squares; reading `O-O`,
// `0-0` and UCI's king-takes-rook.

#include <gtest/gtest.h>

#include "rules/chess/move_reader.hpp"
#include "rules/chess/position.hpp"
#include "rules/chess/variant.hpp"
#include "tests/rules/chess_helpers.hpp"

namespace floe::test {
namespace {

using chess::Move;
using chess::MoveKind;
using chess::MoveList;
using chess::Position;

Position p960(std::string_view fen) { return fen_position(chess::chess960_variant(), fen); }

// The castling moves of the side to move, as "kind from to" strings: "O-O f1g1".
std::vector<std::string> castlings(const Position& p) {
    MoveList moves;
    p.legal_moves(moves);
    std::vector<std::string> out;
    for (const Move& m : moves) {
        if (m.kind == MoveKind::CastleKing) out.push_back("O-O " + uci(m));
        if (m.kind == MoveKind::CastleQueen) out.push_back("O-O-O " + uci(m));
    }
    return out;
}

// The FEN after the side to move castles on `king_side`.
std::string after_castling(const Position& p, bool king_side) {
    MoveList moves;
    p.legal_moves(moves);
    for (const Move& m : moves) {
        if (m.kind == (king_side ? MoveKind::CastleKing : MoveKind::CastleQueen)) {
            Position next = p;
            next.play(m);
            return fen_of(next);
        }
    }
    return "(no castling)";
}

using Castlings = std::vector<std::string>;

TEST(Chess960Castling, TheStartIsTheOrthodoxArrayWithItsFourRights) {
    const Position start = Position::start(chess::chess960_variant());
    EXPECT_EQ(fen_of(start), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EXPECT_EQ(start.castling_rook(chess::Color::White, true), square_of("h1"));
    EXPECT_EQ(start.castling_rook(chess::Color::Black, false), square_of("a8"));
}

TEST(Chess960Castling, KingAndRookSideBySide) {
    // f1 and g1: the king goes onto the rook's square, the rook onto the king's.
    const Position p = p960("4k3/8/8/8/8/8/8/5KR1 w G - 0 1");
    EXPECT_EQ(castlings(p), Castlings{"O-O f1g1"});
    EXPECT_EQ(after_castling(p, true), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

TEST(Chess960Castling, RookOnTheKingsDestination) {
    const Position p = p960("4k3/8/8/8/8/8/8/4K1R1 w G - 0 1");
    EXPECT_EQ(castlings(p), Castlings{"O-O e1g1"});
    EXPECT_EQ(after_castling(p, true), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

TEST(Chess960Castling, KingAlreadyOnG1) {
    // The king stays; only the rook moves, and f1 must be empty.
    const Position p = p960("4k3/8/8/8/8/8/8/6KR w H - 0 1");
    EXPECT_EQ(castlings(p), Castlings{"O-O g1g1"});
    EXPECT_EQ(after_castling(p, true), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    EXPECT_EQ(castlings(p960("4k3/8/8/8/8/8/8/5BKR w H - 0 1")), Castlings{});
}

TEST(Chess960Castling, QueenSideFromB1) {
    const Position p = p960("4k3/8/8/8/8/8/8/RK6 w A - 0 1");
    EXPECT_EQ(castlings(p), Castlings{"O-O-O b1c1"});
    EXPECT_EQ(after_castling(p, false), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    // The rook's way (b1, c1, d1) and the king's (c1) must be empty: d1 blocks.
    EXPECT_EQ(castlings(p960("4k3/8/8/8/8/8/8/RK1N4 w A - 0 1")), Castlings{});
}

TEST(Chess960Castling, BlockedPaths) {
    // A knight on e1 between b1 and g1 blocks the king's way.
    EXPECT_EQ(castlings(p960("4k3/8/8/8/8/8/8/1K2N2R w H - 0 1")), Castlings{});
    // Between the rook and f1: the bishop on g1 (king on d1, rook on h1).
    EXPECT_EQ(castlings(p960("4k3/8/8/8/8/8/8/3K2BR w H - 0 1")), Castlings{});
    // Squares outside both ways do not matter: a knight on e1, the king going from b1 to c1 and
    // the rook from a1 to d1.
    const Position q = p960("4k3/8/8/8/8/8/8/RK2N3 w A - 0 1");
    EXPECT_EQ(castlings(q), Castlings{"O-O-O b1c1"});
    EXPECT_EQ(after_castling(q, false), "4k3/8/8/8/8/8/8/2KRN3 b - - 1 1");
    // A rook on c1 is on the king side of a king on b1: O-O takes the king to g1 and the rook
    // to f1, past nothing but empty squares; the knight on a1 is behind them.
    const Position k = p960("4k3/8/8/8/8/8/8/NKR5 w C - 0 1");
    EXPECT_EQ(castlings(k), Castlings{"O-O b1g1"});
    EXPECT_EQ(after_castling(k, true), "4k3/8/8/8/8/8/8/N4RK1 b - - 1 1");
    // The other rook of the same side blocks when it stands on a crossed square.
    EXPECT_EQ(castlings(p960("4k3/8/8/8/8/8/8/1K1R3R w H - 0 1")), Castlings{});
}

TEST(Chess960Castling, AttackedSquares) {
    // The king crosses e1, attacked by the rook on e8.
    EXPECT_EQ(castlings(p960("k3r3/8/8/8/8/8/8/1K5R w H - 0 1")), Castlings{});
    // The king lands on g1, attacked by the bishop on c5.
    EXPECT_EQ(castlings(p960("k7/8/8/2b5/8/8/8/1K5R w H - 0 1")), Castlings{});
    // The king in check castles not at all.
    EXPECT_EQ(castlings(p960("k7/8/8/8/8/8/8/rK5R w H - 0 1")), Castlings{});
    // Only the rook crosses b1, attacked by the rook on b8: castling stays legal.
    EXPECT_EQ(castlings(p960("kr6/8/8/8/8/8/8/R4K2 w A - 0 1")), Castlings{"O-O-O f1c1"});
    // d1, which the king crosses, attacked by the rook on d8: illegal.
    EXPECT_EQ(castlings(p960("k2r4/8/8/8/8/8/8/R4K2 w A - 0 1")), Castlings{});
}

TEST(Chess960Castling, TheRookShieldsNothingOnceItMoves) {
    // King c1, castling rook b1, Black's rook a1: the king stays on c1 and the rook goes to d1,
    // after which a1 attacks c1 along the rank. Illegal, though c1 is not attacked now.
    EXPECT_EQ(castlings(p960("k7/8/8/8/8/8/8/rRK5 w B - 0 1")), Castlings{});
    // With a knight on a1 instead, nothing attacks c1 after castling.
    EXPECT_EQ(castlings(p960("k7/8/8/8/8/8/8/nRK5 w B - 0 1")), Castlings{"O-O-O c1c1"});
}

TEST(Chess960Castling, RightsFollowTheirRooks) {
    const Position p = p960("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1");
    EXPECT_EQ(p.castling_rooks(), chess::bit(square_of("b1")) | chess::bit(square_of("g1")) |
                                      chess::bit(square_of("b8")) | chess::bit(square_of("g8")));
    // O-O would put the king on g1, which the g8 rook sees once the g1 rook has gone to f1.
    EXPECT_EQ(castlings(p), Castlings{"O-O-O e1c1"});
    // Taking the g1 rook drops White's king-side right; moving the b8 rook Black's queen-side.
    Position next = p;
    next.play(*p.find_legal(square_of("g1"), square_of("g8")));
    EXPECT_EQ(next.castling_rooks(), chess::bit(square_of("b1")) | chess::bit(square_of("b8")));
    // A king move drops both of its side's rights.
    Position king = p;
    king.play(*p.find_legal(square_of("e1"), square_of("e2")));
    EXPECT_EQ(king.castling_rooks() & 0xFF, 0u);
}

TEST(Chess960Castling, KqkqNameTheOutermostRook) {
    // Two white rooks on the king side: K is the h1 rook; a file letter names the other.
    EXPECT_EQ(p960("4k3/8/8/8/8/8/8/4KR1R w K - 0 1").castling_rook(chess::Color::White, true),
              square_of("h1"));
    EXPECT_EQ(p960("4k3/8/8/8/8/8/8/4KR1R w F - 0 1").castling_rook(chess::Color::White, true),
              square_of("f1"));
    // A right whose rook is not there is dropped.
    EXPECT_EQ(p960("4k3/8/8/8/8/8/8/4K3 w KQ - 0 1").castling_rooks(), 0u);
}

chess::Resolution read(const Position& p, std::string_view token) {
    return chess::resolve_move(p, chess::decode_move(token));
}

TEST(Chess960Reading, CastlingTokens) {
    const Position p = p960("4k3/8/8/8/8/8/8/RK4R1 w GA - 0 1");
    EXPECT_EQ(read(p, "O-O").move.kind, MoveKind::CastleKing);
    EXPECT_EQ(read(p, "0-0-0").move.kind, MoveKind::CastleQueen);
    EXPECT_EQ(read(p, "0-0").forms, static_cast<std::uint32_t>(chess::FormCastlingZero));
    // UCI's Chess960 form, the king onto its rook: only the UCI warning.
    const chess::Resolution g = read(p, "b1g1");
    ASSERT_EQ(g.status, chess::ResolveStatus::Ok);
    EXPECT_EQ(g.move.kind, MoveKind::CastleKing);
    EXPECT_EQ(g.forms, static_cast<std::uint32_t>(chess::FormUci));
    EXPECT_EQ(read(p, "b1a1").move.kind, MoveKind::CastleQueen);
    // The king's one-file step to c1 is a king move, never the castling that ends there.
    const chess::Resolution c = read(p, "b1c1");
    ASSERT_EQ(c.status, chess::ResolveStatus::Ok);
    EXPECT_EQ(c.move.kind, MoveKind::Normal);
    // LAN's king onto its rook keeps its own warning.
    EXPECT_EQ(read(p, "Kb1-a1").forms,
              static_cast<std::uint32_t>(chess::FormLan | chess::FormKingTakesRook));
}

TEST(Chess960Reading, KingAlreadyOnItsSquareAndAdjacentRook) {
    // King on g1: only `g1h1` (or O-O) names the castling.
    const Position g = p960("4k3/8/8/8/8/8/8/6KR w H - 0 1");
    EXPECT_EQ(read(g, "g1h1").move.kind, MoveKind::CastleKing);
    EXPECT_EQ(read(g, "O-O").move.kind, MoveKind::CastleKing);
    // King f1, rook g1: `f1g1` is the king taking its rook, the king's destination as well.
    const Position f = p960("4k3/8/8/8/8/8/8/5KR1 w G - 0 1");
    EXPECT_EQ(read(f, "f1g1").move.kind, MoveKind::CastleKing);
    // King e1, rook h1 in Chess960: the orthodox `e1g1` reads as the castling too.
    const Position e = p960("4k3/8/8/8/8/8/8/4K2R w H - 0 1");
    EXPECT_EQ(read(e, "e1g1").move.kind, MoveKind::CastleKing);
    EXPECT_EQ(read(e, "e1h1").move.kind, MoveKind::CastleKing);
}

}  // namespace
}  // namespace floe::test
