// The Ice Age (docs/rules/ice-age-chess.md §3) and the game ends it decides (§4): reference
// positions 2, 3 and 6-9 of §5, and the [decided] details of §3.

#include <gtest/gtest.h>

#include "rules/chess/position.hpp"
#include "rules/chess/variant.hpp"
#include "tests/rules/chess_helpers.hpp"

namespace floe::test {
namespace {

using chess::Color;
using chess::PieceType;
using chess::Termination;

const chess::Variant& ice_age() { return chess::ice_age_variant(); }

chess::Bitboard squares(std::initializer_list<std::string_view> names) {
    chess::Bitboard b = 0;
    for (const auto n : names) b |= chess::bit(square_of(n));
    return b;
}

// §5.2: BrainKing's first-move example, 1. hxg3 Nxf6.
TEST(IceAgePlay, BrainKingFirstMoves) {
    const auto p = after(after(chess::Position::start(ice_age()), "h2g3"), "g8f6");
    EXPECT_EQ(
        fen_of(p),
        "rnbqkb1r/pppppppp/*****n**/********/********/******P*/PPPPPPP1/RNBQKBNR w KQkq - 0 2");
}

// §5.3: 20...Rxc3 triggers the Ice Age; Rh1, Ph4 and pb5 freeze, a1, c1, e8 and e6 stay empty.
TEST(IceAge, VchessRulesPagePair) {
    auto p = fen_position(ice_age(),
                          "2rq1rk1/3bpp2/1*1p1bP1/1p2n3/4P2P/1NN2P1*/PPPQ4/1K1R3R b - - 0 20");
    ASSERT_TRUE(p.ice_age_due());
    const chess::Move m = legal_move(p, "c8c3");
    EXPECT_EQ(m.captured, PieceType::Knight);
    const chess::IceAgeEvent event = p.play(m);
    EXPECT_EQ(fen_of(p),
              "***q1rk*/***bpp**/***p1bP*/****n***/****P***/*Nr**P**/PPPQ****/1K1R**** w - - 0 21");
    ASSERT_TRUE(event.happened);
    ASSERT_EQ(event.frozen_count, 3);
    EXPECT_EQ(event.frozen_pieces[0].first, square_of("h1"));
    EXPECT_EQ(event.frozen_pieces[0].second, (chess::Piece{Color::White, PieceType::Rook}));
    EXPECT_EQ(event.frozen_pieces[1].first, square_of("h4"));
    EXPECT_EQ(event.frozen_pieces[1].second, (chess::Piece{Color::White, PieceType::Pawn}));
    EXPECT_EQ(event.frozen_pieces[2].first, square_of("b5"));
    EXPECT_EQ(event.frozen_pieces[2].second, (chess::Piece{Color::Black, PieceType::Pawn}));
    EXPECT_EQ(event.frozen, squares({"h1", "h4", "b5"}));
    // The board edge closes a side: a1, c1 and e8 stay empty, and so does e6.
    for (const auto s : {"a1", "c1", "e8", "e6"}) {
        EXPECT_FALSE(p.is_ice(square_of(s))) << s;
        EXPECT_EQ(p.piece_at(square_of(s)).type, PieceType::None) << s;
    }
    // Pg6 touches only black pieces and survives.
    EXPECT_EQ(p.piece_at(square_of("g6")), (chess::Piece{Color::White, PieceType::Pawn}));
    EXPECT_EQ(event.filled & event.frozen, 0u);
    EXPECT_EQ(p.outcome().termination, Termination::None);
}

// §5.6: the Ice Age after Black's 20th move cancels the back-rank mate; after the 19th it
// does not come, and 19...Ra1 is mate.
TEST(IceAge, MateCancelledOnlyAtMoveTwenty) {
    const auto twenty =
        after(fen_position(ice_age(), "r5k1/5ppp/8/8/8/8/1P4PP/7K b - - 0 20"), "a8a1");
    EXPECT_EQ(fen_of(twenty),
              "******k1/*****ppp/********/********/********/********/*P****PP/r******K w - - 0 21");
    EXPECT_FALSE(twenty.in_check());
    EXPECT_EQ(twenty.outcome().termination, Termination::None);

    const auto nineteen =
        after(fen_position(ice_age(), "r5k1/5ppp/8/8/8/8/1P4PP/7K b - - 0 19"), "a8a1");
    EXPECT_EQ(fen_of(nineteen), "6k1/5ppp/8/8/8/8/1P4PP/r6K w - - 1 20");
    EXPECT_TRUE(nineteen.in_check());
    EXPECT_EQ(nineteen.outcome().termination, Termination::Checkmate);
    EXPECT_EQ(nineteen.outcome().winner, Color::Black);
}

// The timing follows the FEN's full-move number, not the plies played (§3.1 [decided]).
TEST(IceAge, TimingUsesFullMoveNumber) {
    EXPECT_TRUE(fen_position(ice_age(), "r5k1/5ppp/8/8/8/8/1P4PP/7K b - - 0 20").ice_age_due());
    EXPECT_TRUE(fen_position(ice_age(), "r5k1/5ppp/8/8/8/8/1P4PP/7K b - - 0 40").ice_age_due());
    EXPECT_FALSE(fen_position(ice_age(), "r5k1/5ppp/8/8/8/8/1P4PP/7K b - - 0 19").ice_age_due());
    EXPECT_FALSE(fen_position(ice_age(), "r5k1/5ppp/8/8/8/8/1P4PP/7K w - - 0 20").ice_age_due());
    EXPECT_FALSE(fen_position(chess::standard_variant(), "r5k1/5ppp/8/8/8/8/1P4PP/7K b - - 0 20")
                     .ice_age_due());
}

// §5.7: 20...h6 leaves the white king alone: it freezes, 0-1.
TEST(IceAge, FrozenKing) {
    auto p           = fen_position(ice_age(), "7k/6pp/8/8/8/8/8/K7 b - - 0 20");
    const auto event = p.play(legal_move(p, "h7h6"));
    EXPECT_EQ(fen_of(p),
              "*******k/******p1/*******p/********/********/********/********/******** w - - 0 21");
    ASSERT_EQ(event.frozen_count, 1);
    EXPECT_EQ(event.frozen_pieces[0].second, (chess::Piece{Color::White, PieceType::King}));
    EXPECT_EQ(p.outcome().termination, Termination::KingFrozen);
    EXPECT_EQ(p.outcome().winner, Color::Black);
    EXPECT_EQ(p.king_square(Color::White), chess::NoSquare);
    EXPECT_TRUE(uci_moves(p).empty());
}

// §5.8: both kings freeze; the whole board is ice, a draw.
TEST(IceAge, BothKingsFrozen) {
    const auto p = after(fen_position(ice_age(), "7k/8/8/8/8/8/8/K7 b - - 0 20"), "h8g8");
    EXPECT_EQ(fen_of(p),
              "********/********/********/********/********/********/********/******** w - - 0 21");
    EXPECT_EQ(p.ice(), ~chess::Bitboard{0});
    EXPECT_EQ(p.outcome().termination, Termination::BothKingsFrozen);
    EXPECT_FALSE(p.outcome().winner.has_value());
}

// §5.9: a king may walk into isolation; it freezes, 1-0.
TEST(IceAge, KingWalksIntoIsolation) {
    const auto p = after(fen_position(ice_age(), "8/8/8/8/8/6k1/5P2/5K2 b - - 0 20"), "g3h4");
    EXPECT_EQ(fen_of(p),
              "********/********/********/********/********/********/*****P**/*****K** w - - 0 21");
    EXPECT_EQ(p.outcome().termination, Termination::KingFrozen);
    EXPECT_EQ(p.outcome().winner, Color::White);
}

// §3.2, §3.3: fill leaves a square whose four orthogonal neighbours are pieces or the edge; ice
// does not close a side. Freeze takes pieces with no piece among their 8 neighbours.
TEST(IceAgeSquares, FillAndFreezeRules) {
    // d4 is closed by pieces on d5, d3, c4 and e4; a1 by the edge and pieces on a2 and b1.
    const chess::Bitboard pieces = squares({"d5", "d3", "c4", "e4", "a2", "b1"});
    const auto s                 = chess::ice_age_squares(pieces, 0);
    EXPECT_FALSE(s.filled & squares({"d4", "a1"}));
    EXPECT_EQ(s.filled, ~(pieces | squares({"d4", "a1"})));
    // d5, d3, c4 and e4 touch each other diagonally; a2 and b1 touch diagonally.
    EXPECT_EQ(s.frozen, 0u);

    // Ice on e4 instead of a piece: d4 is open on one side and fills; c4-d5-d3 still touch.
    const auto with_ice = chess::ice_age_squares(squares({"d5", "d3", "c4"}), squares({"e4"}));
    EXPECT_TRUE(with_ice.filled & squares({"d4"}));
    EXPECT_FALSE(with_ice.filled & squares({"e4"}));

    // A lone piece freezes even next to ice; two touching pieces (also across files a/h) do not
    // wrap around the board edge.
    const auto lone = chess::ice_age_squares(squares({"h4", "a5"}), squares({"g4", "h5"}));
    EXPECT_EQ(lone.frozen, squares({"h4", "a5"}));
    const auto pair = chess::ice_age_squares(squares({"h4", "g5"}), 0);
    EXPECT_EQ(pair.frozen, 0u);
}

// §3.5 [decided]: the Ice Age resets the halfmove clock.
TEST(IceAge, ResetsHalfmoveClock) {
    const auto twenty =
        after(fen_position(ice_age(), "r5k1/5ppp/8/8/8/8/1P4PP/7K b - - 7 20"), "g7g6");
    EXPECT_EQ(twenty.halfmove_clock(), 0);
    const auto quiet =
        after(fen_position(ice_age(), "r5k1/5ppp/8/8/8/8/1P4PP/7K b - - 7 20"), "a8a7");
    EXPECT_EQ(quiet.halfmove_clock(), 0);
    const auto nineteen =
        after(fen_position(ice_age(), "r5k1/5ppp/8/8/8/8/1P4PP/7K b - - 7 19"), "a8a7");
    EXPECT_EQ(nineteen.halfmove_clock(), 8);
}

// §3.5 [decided]: a castling right whose rook (or king) froze is lost.
TEST(IceAge, FrozenRookLosesCastlingRight) {
    const auto p =
        after(fen_position(ice_age(), "r3k2r/pppppppp/8/8/8/8/3PPP2/R3K2R b KQkq - 0 20"), "a7a6");
    EXPECT_TRUE(p.is_ice(square_of("a1")));
    EXPECT_TRUE(p.is_ice(square_of("h1")));
    EXPECT_EQ(p.piece_at(square_of("e1")).type, PieceType::King);
    EXPECT_EQ(p.castling_rights(), chess::BlackKingSide | chess::BlackQueenSide);

    const auto king =
        after(fen_position(ice_age(), "r3k2r/pppppppp/8/8/8/8/P6P/R3K2R b KQkq - 0 20"), "a7a6");
    EXPECT_EQ(king.king_square(Color::White), chess::NoSquare);
    EXPECT_EQ(king.castling_rights() & (chess::WhiteKingSide | chess::WhiteQueenSide), 0);
}

// §3.5 [decided]: no en-passant capture survives an Ice Age.
TEST(IceAge, ClearsEnPassant) {
    const std::string before = "4k3/3pp3/8/4P3/8/8/3PP3/4K3 b - - 0 ";
    const auto nineteen      = after(fen_position(ice_age(), before + "19"), "d7d5");
    EXPECT_EQ(nineteen.en_passant_square(), square_of("d6"));
    const auto twenty = after(fen_position(ice_age(), before + "20"), "d7d5");
    EXPECT_EQ(twenty.en_passant_square(), chess::NoSquare);
    EXPECT_TRUE(twenty.is_ice(square_of("d6")));
    // e5xd6 is still legal, but as a capture of the new ice cube, not en passant.
    chess::MoveList moves;
    twenty.legal_moves(moves);
    for (const chess::Move& m : moves) EXPECT_NE(m.kind, chess::MoveKind::EnPassant) << uci(m);
    EXPECT_TRUE(legal_move(twenty, "e5d6").captures_ice);
}

// docs/rules/ice-age-chess.md §3.1: Black's null 20th move triggers the Ice Age; other null moves
// do not.
TEST(IceAge, NullMoveTriggersIceAge) {
    chess::Move null;
    null.kind        = chess::MoveKind::Null;
    auto black       = fen_position(ice_age(), "r5k1/5ppp/8/8/8/8/1P4PP/7K b - - 3 20");
    const auto event = black.play(null);
    EXPECT_TRUE(event.happened);
    EXPECT_EQ(fen_of(black),
              "******k1/*****ppp/********/********/********/********/******PP/*******K w - - 0 21");
    EXPECT_EQ(event.frozen, squares({"b2", "a8"}));

    auto white = fen_position(ice_age(), "r5k1/5ppp/8/8/8/8/1P4PP/7K w - - 3 20");
    EXPECT_FALSE(white.play(null).happened);
    EXPECT_EQ(fen_of(white), "r5k1/5ppp/8/8/8/8/1P4PP/7K b - - 4 20");

    auto nineteen = fen_position(ice_age(), "r5k1/5ppp/8/8/8/8/1P4PP/7K b - - 3 19");
    EXPECT_FALSE(nineteen.play(null).happened);
    EXPECT_EQ(fen_of(nineteen), "r5k1/5ppp/8/8/8/8/1P4PP/7K w - - 4 20");
}

// §3.6 [decided]: when a freeze and a mate could both apply, the freeze decides. After 20...Qg2
// the board shows White mated (the h3 pawn guards g2), but the lone black king froze: 1-0.
TEST(IceAge, FreezeDecidesOverMate) {
    const auto p = after(fen_position(ice_age(), "k7/8/8/6q1/8/7p/8/7K b - - 0 20"), "g5g2");
    EXPECT_EQ(p.king_square(Color::Black), chess::NoSquare);
    EXPECT_TRUE(p.in_check());
    EXPECT_EQ(p.outcome().termination, Termination::KingFrozen);
    EXPECT_EQ(p.outcome().winner, Color::White);
}

}  // namespace
}  // namespace floe::test
