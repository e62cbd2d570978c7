// Legal move generation: the move-set reference positions of docs/rules/ice-age-chess.md §5 (1,
// 4, 5, 10-15) and the ice rules of §2. Expected moves are UCI strings derived by hand from the
// spec's SAN.

#include <gtest/gtest.h>

#include "rules/chess/position.hpp"
#include "rules/chess/variant.hpp"
#include "tests/rules/chess_helpers.hpp"

namespace floe::test {
namespace {

using chess::MoveKind;
using chess::PieceType;

const chess::Variant& ice_age() { return chess::ice_age_variant(); }

// The legal moves of the piece on `from`, as sorted UCI strings.
std::vector<std::string> moves_from(const chess::Position& p, std::string_view from) {
    std::vector<std::string> out;
    for (const std::string& m : uci_moves(p)) {
        if (m.substr(0, 2) == from) out.push_back(m);
    }
    return out;
}

// The castling moves among the legal moves.
std::vector<std::string> castles(const chess::Position& p) {
    chess::MoveList list;
    p.legal_moves(list);
    std::vector<std::string> out;
    for (const chess::Move& m : list) {
        if (m.kind == MoveKind::CastleKing || m.kind == MoveKind::CastleQueen) {
            out.push_back(uci(m));
        }
    }
    return sorted(out);
}

// §5.1: from the start only captures exist: 14 pawn captures and 4 knight captures, all of ice.
TEST(IceAgeMoveGen, StartHasEighteenIceCaptures) {
    const chess::Position p = chess::Position::start(ice_age());
    EXPECT_EQ(uci_moves(p),
              sorted({"a2b3", "b2a3", "b2c3", "c2b3", "c2d3", "d2c3", "d2e3", "e2d3", "e2f3",
                      "f2e3", "f2g3", "g2f3", "g2h3", "h2g3", "b1a3", "b1c3", "g1f3", "g1h3"}));
    chess::MoveList list;
    p.legal_moves(list);
    for (const chess::Move& m : list) {
        EXPECT_TRUE(m.captures_ice) << uci(m);
        EXPECT_EQ(m.captured, PieceType::None) << uci(m);
        EXPECT_TRUE(m.is_capture()) << uci(m);
    }
}

// §5.4: the a1 rook's moves are exactly Ra2, Rx*a3, Rb1 and Rc1.
TEST(IceAgeMoveGen, RookBehindIce) {
    const auto p = fen_position(
        ice_age(),
        "r3kb1r/1bqnnpp1/*pppppp*/********/********/*PPPPPP*/1BPNNPB1/R2QK2R w KQkq - 0 11");
    EXPECT_EQ(moves_from(p, "a1"), sorted({"a1a2", "a1a3", "a1b1", "a1c1"}));
    EXPECT_TRUE(legal_move(p, "a1a3").captures_ice);
}

// §5.5: Black's O-O-O through the cleared b-file is legal.
TEST(IceAgeMoveGen, LongCastleThroughClearedBFile) {
    const auto p = fen_position(
        ice_age(),
        "r3kb1r/1bqnnpp1/*p1pppp*/***1****/***PP***/*P2P1P*/1BPNNPB1/R2QK2R b KQkq - 0 13");
    const chess::Move m = legal_move(p, "e8c8");
    EXPECT_EQ(m.kind, MoveKind::CastleQueen);
    EXPECT_EQ(fen_of(after(p, "e8c8")),
              "2kr1b1r/1bqnnpp1/*p1pppp*/***1****/***PP***/*P2P1P*/1BPNNPB1/R2QK2R w KQ - 1 14");
}

// §5.10: ice between king and rook forbids castling, including on b1; an attacked f1 too.
TEST(IceAgeMoveGen, CastlingAndIce) {
    EXPECT_EQ(castles(fen_position(ice_age(), "2k5/8/8/8/8/8/8/R3K*1R w KQ - 0 6")),
              std::vector<std::string>{"e1c1"});
    EXPECT_EQ(castles(fen_position(ice_age(), "2k5/8/8/8/8/8/8/R*2K2R w KQ - 0 6")),
              std::vector<std::string>{"e1g1"});
    EXPECT_EQ(castles(fen_position(ice_age(), "2k2r2/8/8/8/8/8/8/R3K2R w KQ - 0 6")),
              std::vector<std::string>{"e1c1"});
}

// §5.11: ice on the first square blocks both steps; on the second, only the double step.
TEST(IceAgeMoveGen, PawnStepsAndIce) {
    EXPECT_TRUE(
        moves_from(fen_position(ice_age(), "k7/8/8/8/3p4/4*3/4P3/K7 w - - 0 6"), "e2").empty());
    EXPECT_EQ(moves_from(fen_position(ice_age(), "k7/8/8/8/4*3/8/4P3/K7 w - - 0 6"), "e2"),
              std::vector<std::string>{"e2e3"});
}

// §5.12: after 6. e4, Black's dxe3 is en passant.
TEST(IceAgeMoveGen, EnPassant) {
    const auto p = after(fen_position(ice_age(), "k7/8/8/8/3p4/8/4P3/K7 w - - 0 6"), "e2e4");
    EXPECT_EQ(fen_of(p), "k7/8/8/8/3pP3/8/8/K7 b - e3 0 6");
    const chess::Move m = legal_move(p, "d4e3");
    EXPECT_EQ(m.kind, MoveKind::EnPassant);
    EXPECT_EQ(fen_of(after(p, "d4e3")), "k7/8/8/8/8/4p3/8/K7 w - - 0 7");
}

// §5.13: capturing ice on the last rank promotes; there is no push into ice.
TEST(IceAgeMoveGen, PromotionByCapturingIce) {
    const auto p = fen_position(ice_age(), "***4k/1P6/8/8/8/8/8/K7 w - - 0 6");
    EXPECT_EQ(uci_moves(p), sorted({"b7a8q", "b7a8r", "b7a8b", "b7a8n", "b7c8q", "b7c8r", "b7c8b",
                                    "b7c8n", "a1a2", "a1b1", "a1b2"}));
    // The spec writes bx*c8=Q+ and bx*c8=R+: the new piece checks along the eighth rank.
    EXPECT_TRUE(after(p, "b7c8q").in_check());
    EXPECT_TRUE(after(p, "b7c8r").in_check());
    EXPECT_FALSE(after(p, "b7c8b").in_check());
    EXPECT_FALSE(after(p, "b7a8q").in_check());
    EXPECT_EQ(fen_of(after(p, "b7a8n")), "N**4k/8/8/8/8/8/8/K7 b - - 0 6");
}

// §5.14: ice gives no check; the king moves freely beside the blocked file.
TEST(IceAgeMoveGen, NoCheckThroughIce) {
    const auto p = fen_position(ice_age(), "k7/8/8/*7/8/8/8/R6K b - - 0 6");
    EXPECT_FALSE(p.in_check());
    EXPECT_EQ(uci_moves(p), sorted({"a8a7", "a8b8", "a8b7"}));
}

// §5.15: the Ice Age reading admits Kf6, Kf7, Kf8, Kg6, Kg8; vchess also Kh6, Kh7, Kh8.
TEST(IceAgeMoveGen, TwoLegalityReadings) {
    const std::string fen = "8/6k1/8/8/8/8/P7/K6R b - - 0 20";
    const auto brainking  = fen_position(ice_age(), fen);
    const auto vchess     = fen_position(chess::ice_age_vchess_variant(), fen);
    EXPECT_EQ(uci_moves(brainking), sorted({"g7f6", "g7f7", "g7f8", "g7g6", "g7g8"}));
    EXPECT_EQ(uci_moves(vchess),
              sorted({"g7f6", "g7f7", "g7f8", "g7g6", "g7g8", "g7h6", "g7h7", "g7h8"}));
    // Every move isolates the black king: it freezes, 1-0.
    for (const auto* p : {&brainking, &vchess}) {
        for (const std::string& m : uci_moves(*p)) {
            const auto next = after(*p, m);
            EXPECT_EQ(next.outcome().termination, chess::Termination::KingFrozen) << m;
            EXPECT_EQ(next.outcome().winner, chess::Color::White) << m;
        }
    }
}

// The vchess reading changes nothing when no Ice Age follows the move.
TEST(IceAgeMoveGen, VchessReadingOnlyOnIceAgeMoves) {
    const std::string fen = "8/6k1/8/8/8/8/P7/K6R b - - 0 19";
    EXPECT_EQ(uci_moves(fen_position(chess::ice_age_vchess_variant(), fen)),
              uci_moves(fen_position(ice_age(), fen)));
}

// §2.3: a pawn captures ice only diagonally, and never pushes into it.
TEST(IceAgeMoveGen, PawnCapturesIceDiagonally) {
    const auto p = fen_position(ice_age(), "k7/8/8/8/8/3***2/4P3/K7 w - - 0 6");
    EXPECT_EQ(moves_from(p, "e2"), sorted({"e2d3", "e2f3"}));
}

// §2.2, §2.3: knights jump over ice; sliders stop at the first ice cube and may capture it.
TEST(IceAgeMoveGen, KnightsJumpSlidersStop) {
    const auto p = fen_position(ice_age(), "k7/8/8/8/8/*****3/*N**4/B*Q*3K w - - 0 6");
    EXPECT_EQ(moves_from(p, "b2"), sorted({"b2a4", "b2c4", "b2d1", "b2d3"}));
    EXPECT_EQ(moves_from(p, "c1"), sorted({"c1b1", "c1c2", "c1d1", "c1d2"}));
    EXPECT_TRUE(moves_from(p, "a1").empty());
}

// §2.5: ice protects nothing. The knight behind ice is undefended, so the king may take it.
TEST(IceAgeMoveGen, IceProtectsNothing) {
    const auto p = fen_position(ice_age(), "k7/8/8/8/8/r*n5/1K6/8 w - - 0 6");
    EXPECT_EQ(uci_moves(p), sorted({"b2a3", "b2c1", "b2c2", "b2c3"}));
}

// A king may capture ice like any piece.
TEST(IceAgeMoveGen, KingCapturesIce) {
    const auto p = fen_position(ice_age(), "k7/8/8/8/8/8/**6/K*6 w - - 0 6");
    EXPECT_EQ(uci_moves(p), sorted({"a1a2", "a1b1", "a1b2"}));
    EXPECT_TRUE(legal_move(p, "a1b2").captures_ice);
}

// A pinned piece may not move off the line; ice between breaks the pin.
TEST(IceAgeMoveGen, IceBreaksPin) {
    const auto pinned = fen_position(ice_age(), "k3r3/8/8/8/8/8/4N3/4K3 w - - 0 6");
    EXPECT_TRUE(moves_from(pinned, "e2").empty());
    const auto unpinned = fen_position(ice_age(), "k3r3/8/4*3/8/8/8/4N3/4K3 w - - 0 6");
    EXPECT_EQ(moves_from(unpinned, "e2").size(), 6u);
}

// Orthodox chess: the variant data leaves out ice and Ice Ages; 20 moves from the start.
TEST(OrthodoxMoveGen, StartHasTwentyMoves) {
    const chess::Position p = chess::Position::start(chess::standard_variant());
    EXPECT_EQ(uci_moves(p).size(), 20u);
    EXPECT_EQ(p.ice(), 0u);
    EXPECT_FALSE(p.ice_age_due());
}

// is_legal and find_legal agree with legal_moves.
TEST(OrthodoxMoveGen, IsLegalAndFindLegal) {
    const chess::Position p = chess::Position::start(chess::standard_variant());
    const chess::Move e4    = legal_move(p, "e2e4");
    EXPECT_EQ(e4.kind, MoveKind::DoublePush);
    EXPECT_TRUE(p.is_legal(e4));
    chess::Move bogus = e4;
    bogus.to          = chess::make_square(4, 4);
    EXPECT_FALSE(p.is_legal(bogus));
    EXPECT_FALSE(p.find_legal(chess::make_square(4, 1), chess::make_square(4, 4)).has_value());
}

// Under promotion with capture: every promotion piece is generated once.
TEST(OrthodoxMoveGen, PromotionsWithCapture) {
    const auto p = fen_position(chess::standard_variant(), "1n5k/P7/8/8/8/8/8/K7 w - - 0 1");
    EXPECT_EQ(moves_from(p, "a7"),
              sorted({"a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8r", "a7b8b", "a7b8n"}));
    EXPECT_EQ(legal_move(p, "a7b8n").captured, PieceType::Knight);
}

// The check and pin masks kept with a position (Position::checkers, Position::pinned).
TEST(OrthodoxMoveGen, CheckersAndPinnedAreKeptWithThePosition) {
    using chess::bit;
    const auto& standard = chess::standard_variant();
    // The e2 knight is pinned by the e8 rook, the d2 bishop by the b4 bishop; the a3 knight
    // stands on no line of the king. Nothing checks.
    const auto p = fen_position(standard, "4r1k1/8/8/8/1b6/N7/3BN3/4K3 w - - 0 1");
    EXPECT_EQ(p.checkers(), 0u);
    EXPECT_EQ(p.pinned(), bit(square_of("e2")) | bit(square_of("d2")));
    EXPECT_FALSE(p.in_check());
    // Two pieces on a line pin neither; an enemy piece in between pins nothing.
    const auto two = fen_position(standard, "4r1k1/8/8/8/8/4N3/4N3/4K3 w - - 0 1");
    EXPECT_EQ(two.pinned(), 0u);
    const auto theirs = fen_position(standard, "4r1k1/8/8/8/8/4n3/8/4K3 w - - 0 1");
    EXPECT_EQ(theirs.pinned(), 0u);
    // A double check: the rook and the knight.
    const auto dbl = fen_position(standard, "4r1k1/8/8/8/8/3n4/8/4K3 w - - 0 1");
    EXPECT_EQ(dbl.checkers(), bit(square_of("e8")) | bit(square_of("d3")));
    EXPECT_TRUE(dbl.in_check());
    // They follow the moves, and are the side to move's: Rh8+ checks Black.
    chess::Position after = fen_position(standard, "4k3/8/8/8/8/8/4N3/4K2R w K - 0 1");
    after.play(legal_move(after, "h1h8"));
    EXPECT_EQ(after.checkers(), bit(square_of("h8")));
    EXPECT_EQ(after.pinned(), 0u);
}

// Ice blocks a line: a lone ice cube between king and slider pins nothing and checks nothing
// (docs/rules/ice-age-chess.md §2.2).
TEST(IceAgeMoveGen, IcePinsNothing) {
    const auto p = fen_position(ice_age(), "k3r3/8/4*3/8/8/8/4N3/4K3 w - - 0 6");
    EXPECT_EQ(p.pinned(), 0u);
    const auto q = fen_position(ice_age(), "k3r3/8/4*3/8/8/8/8/4K3 w - - 0 6");
    EXPECT_EQ(q.checkers(), 0u);
    EXPECT_EQ(q.pinned(), 0u);
}

// legal_moves_to: the moves of one piece type to one square, straight from the attack tables,
// in legal_moves() order, without castling.
TEST(OrthodoxMoveGen, LegalMovesToOneSquare) {
    const auto& standard = chess::standard_variant();
    auto to_uci          = [](const chess::MoveList& list) {
        std::vector<std::string> out;
        for (const chess::Move& m : list) out.push_back(uci(m));
        return out;
    };
    chess::MoveList list;
    // The pinned d2 knight may not go to e4 (bishop on b4); the other one may.
    const auto p = fen_position(standard, "4k3/8/8/8/1b6/8/3N1N2/4K3 w - - 0 1");
    p.legal_moves_to(list, PieceType::Knight, square_of("e4"));
    EXPECT_EQ(to_uci(list), std::vector<std::string>{"f2e4"});
    // Pawns: a push and a capture onto the same square, in square order; promotions Q R B N.
    const auto q = fen_position(standard, "1n5k/P1P5/8/8/8/8/8/K7 w - - 0 1");
    q.legal_moves_to(list, PieceType::Pawn, square_of("b8"));
    EXPECT_EQ(to_uci(list), (std::vector<std::string>{"a7b8q", "a7b8r", "a7b8b", "a7b8n", "c7b8q",
                                                      "c7b8r", "c7b8b", "c7b8n"}));
    // A double push needs both squares empty; en passant comes after the other pawn moves.
    const auto ep = fen_position(standard, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    ep.legal_moves_to(list, PieceType::Pawn, square_of("d6"));
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0].kind, MoveKind::EnPassant);
    EXPECT_EQ(list[0].captured, PieceType::Pawn);
    const auto start = chess::Position::start(standard);
    start.legal_moves_to(list, PieceType::Pawn, square_of("e4"));
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0].kind, MoveKind::DoublePush);
    // The king: its step, never castling (e1g1 is castling, and left out).
    const auto k = fen_position(standard, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    k.legal_moves_to(list, PieceType::King, square_of("g1"));
    EXPECT_TRUE(list.empty());
    k.legal_moves_to(list, PieceType::King, square_of("f1"));
    EXPECT_EQ(to_uci(list), std::vector<std::string>{"e1f1"});
    // Own pieces and the other king are no targets.
    k.legal_moves_to(list, PieceType::Rook, square_of("e1"));
    EXPECT_TRUE(list.empty());
}

}  // namespace
}  // namespace floe::test
