// FEN reading and writing (docs/rules/notation.md §6): round trips of the orthodox and Ice Age
// reference positions (docs/rules/ice-age-chess.md §5), the en-passant policy, and one test per
// rejection with its code, span and message.

#include "notation/fen.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace {

namespace chess = floe::rules::chess;
using floe::formats::FenResult;
using floe::formats::make_fen;
using floe::formats::parse_fen;
using floe::rules::DiagCode;
using floe::rules::Severity;

const chess::Variant& standard() { return chess::standard_variant(); }
const chess::Variant& ice_age() { return chess::ice_age_variant(); }

constexpr std::string_view OrthodoxStart =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr std::string_view IceAgeStart =
    "rnbqkbnr/pppppppp/********/********/********/********/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// The position of a FEN that must be accepted without any diagnostic.
chess::Position accept(const chess::Variant& variant, std::string_view fen) {
    const FenResult r = parse_fen(variant, fen);
    EXPECT_TRUE(r.diagnostics.empty()) << fen << ": " << r.diagnostics.front().message;
    if (!r.position) {
        ADD_FAILURE() << "FEN rejected: " << fen;
        return chess::Position::start(variant);
    }
    return *r.position;
}

// parse_fen then make_fen gives the input back.
void expect_round_trip(const chess::Variant& variant, std::string_view fen) {
    EXPECT_EQ(make_fen(accept(variant, fen)), fen);
}

// The single diagnostic of a FEN, which must be an error that rejects the position.
floe::rules::Diagnostic only_error(const chess::Variant& variant, std::string_view fen,
                                   bool strict = false) {
    const FenResult r = parse_fen(variant, fen, strict);
    EXPECT_FALSE(r.position.has_value()) << fen;
    EXPECT_EQ(r.diagnostics.size(), 1u) << fen;
    if (r.diagnostics.empty()) return {};
    EXPECT_EQ(r.diagnostics[0].severity, Severity::Error) << fen;
    return r.diagnostics[0];
}

#define EXPECT_SPAN(d, b, e)          \
    do {                              \
        EXPECT_EQ((d).span.begin, b); \
        EXPECT_EQ((d).span.end, e);   \
    } while (0)

// Plays the legal move given by coordinates (`e2e4`, `b7c8q`).
chess::Position play(chess::Position p, std::string_view coords) {
    auto square = [&](std::size_t at) {
        return chess::make_square(coords[at] - 'a', coords[at + 1] - '1');
    };
    chess::PieceType promotion = chess::PieceType::None;
    if (coords.size() == 5) {
        promotion = static_cast<chess::PieceType>(std::string_view("pnbrqk").find(coords[4]));
    }
    const auto m = p.find_legal(square(0), square(2), promotion);
    if (!m) {
        ADD_FAILURE() << "no legal move " << coords;
        return p;
    }
    p.play(*m);
    return p;
}

// --- Round trips ---------------------------------------------------------------------------

TEST(FenRoundTrip, StartPositions) {
    expect_round_trip(standard(), OrthodoxStart);
    expect_round_trip(ice_age(), IceAgeStart);
    EXPECT_EQ(make_fen(chess::Position::start(standard())), OrthodoxStart);
    EXPECT_EQ(make_fen(chess::Position::start(ice_age())), IceAgeStart);
    EXPECT_EQ(accept(ice_age(), IceAgeStart), chess::Position::start(ice_age()));
}

TEST(FenRoundTrip, ChessProgrammingWikiPositions) {
    for (const char* fen : {
             "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",  // Kiwipete
             "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
             "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
             "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
             "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
         }) {
        expect_round_trip(standard(), fen);
    }
}

// Every FEN of docs/rules/ice-age-chess.md §5, given or reached.
TEST(FenRoundTrip, IceAgeReferencePositions) {
    for (const char* fen : {
             "rnbqkb1r/pppppppp/*****n**/********/********/******P*/PPPPPPP1/RNBQKBNR w KQkq - 0 2",
             "2rq1rk1/3bpp2/1*1p1bP1/1p2n3/4P2P/1NN2P1*/PPPQ4/1K1R3R b - - 0 20",
             "***q1rk*/***bpp**/***p1bP*/****n***/****P***/*Nr**P**/PPPQ****/1K1R**** w - - 0 21",
             "r3kb1r/1bqnnpp1/*pppppp*/********/********/*PPPPPP*/1BPNNPB1/R2QK2R w KQkq - 0 11",
             "r3kb1r/1bqnnpp1/*p1pppp*/***1****/***PP***/*P2P1P*/1BPNNPB1/R2QK2R b KQkq - 0 13",
             "r5k1/5ppp/8/8/8/8/1P4PP/7K b - - 0 20",
             "******k1/*****ppp/********/********/********/********/*P****PP/r******K w - - 0 21",
             "r5k1/5ppp/8/8/8/8/1P4PP/7K b - - 0 19",
             "7k/6pp/8/8/8/8/8/K7 b - - 0 20",
             "*******k/******p1/*******p/********/********/********/********/******** w - - 0 21",
             "7k/8/8/8/8/8/8/K7 b - - 0 20",
             "8/8/8/8/8/6k1/5P2/5K2 b - - 0 20",
             "2k5/8/8/8/8/8/8/R3K*1R w KQ - 0 6",
             "2k5/8/8/8/8/8/8/R*2K2R w KQ - 0 6",
             "2k2r2/8/8/8/8/8/8/R3K2R w KQ - 0 6",
             "k7/8/8/8/3p4/4*3/4P3/K7 w - - 0 6",
             "k7/8/8/8/4*3/8/4P3/K7 w - - 0 6",
             "k7/8/8/8/3p4/8/4P3/K7 w - - 0 6",
             "***4k/1P6/8/8/8/8/8/K7 w - - 0 6",
             "k7/8/8/*7/8/8/8/R6K b - - 0 6",
             "8/6k1/8/8/8/8/P7/K6R b - - 0 20",
         }) {
        expect_round_trip(ice_age(), fen);
    }
}

// The FENs that §5's moves reach, written by make_fen.
TEST(FenWrite, IceAgeReferenceMoves) {
    const auto brainking = play(play(chess::Position::start(ice_age()), "h2g3"), "g8f6");
    EXPECT_EQ(
        make_fen(brainking),
        "rnbqkb1r/pppppppp/*****n**/********/********/******P*/PPPPPPP1/RNBQKBNR w KQkq - 0 2");
    EXPECT_EQ(
        make_fen(play(
            accept(ice_age(), "2rq1rk1/3bpp2/1*1p1bP1/1p2n3/4P2P/1NN2P1*/PPPQ4/1K1R3R b - - 0 20"),
            "c8c3")),
        "***q1rk*/***bpp**/***p1bP*/****n***/****P***/*Nr**P**/PPPQ****/1K1R**** w - - 0 21");
    EXPECT_EQ(make_fen(play(accept(ice_age(), "r5k1/5ppp/8/8/8/8/1P4PP/7K b - - 0 20"), "a8a1")),
              "******k1/*****ppp/********/********/********/********/*P****PP/r******K w - - 0 21");
    EXPECT_EQ(make_fen(play(accept(ice_age(), "r5k1/5ppp/8/8/8/8/1P4PP/7K b - - 0 19"), "a8a1")),
              "6k1/5ppp/8/8/8/8/1P4PP/r6K w - - 1 20");
    EXPECT_EQ(make_fen(play(accept(ice_age(), "7k/6pp/8/8/8/8/8/K7 b - - 0 20"), "h7h6")),
              "*******k/******p1/*******p/********/********/********/********/******** w - - 0 21");
    EXPECT_EQ(make_fen(play(accept(ice_age(), "7k/8/8/8/8/8/8/K7 b - - 0 20"), "h8g8")),
              "********/********/********/********/********/********/********/******** w - - 0 21");
    EXPECT_EQ(make_fen(play(accept(ice_age(), "8/8/8/8/8/6k1/5P2/5K2 b - - 0 20"), "g3h4")),
              "********/********/********/********/********/********/*****P**/*****K** w - - 0 21");
}

// --- En passant (docs/rules/notation.md §6.2: written only when a capture is legal; read when a
// double step explains)

TEST(FenEnPassant, KeptWhenACaptureIsLegal) {
    expect_round_trip(standard(), "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    // docs/rules/ice-age-chess.md §5.12: after 6. e4 Black's dxe3 is en passant.
    const auto p = play(accept(ice_age(), "k7/8/8/8/3p4/8/4P3/K7 w - - 0 6"), "e2e4");
    EXPECT_EQ(make_fen(p), "k7/8/8/8/3pP3/8/8/K7 b - e3 0 6");
    expect_round_trip(ice_age(), "k7/8/8/8/3pP3/8/8/K7 b - e3 0 6");
}

TEST(FenEnPassant, DroppedWhenNoPawnCanCapture) {
    // After 1. e4 the square is explained, so it is accepted, but no black pawn can use it.
    const auto p =
        accept(standard(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    EXPECT_EQ(p.en_passant_square(), chess::NoSquare);
    EXPECT_EQ(make_fen(p), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_EQ(make_fen(play(chess::Position::start(standard()), "e2e4")),
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST(FenEnPassant, DroppedWhenTheCaptureWouldExposeTheKing) {
    // bxc6 e.p. would empty rank 5 between the white king and the black rook.
    EXPECT_EQ(make_fen(accept(standard(), "8/8/8/KPp4r/8/8/8/7k w - c6 0 2")),
              "8/8/8/KPp4r/8/8/8/7k w - - 0 2");
}

// --- Lenient input ---------------------------------------------------------------------------

TEST(FenLenient, FourFieldsReadAsZeroAndOne) {
    const std::string_view fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    const FenResult r          = parse_fen(standard(), fen);
    ASSERT_TRUE(r.position.has_value());
    EXPECT_EQ(make_fen(*r.position), OrthodoxStart);
    ASSERT_EQ(r.diagnostics.size(), 1u);
    EXPECT_EQ(r.diagnostics[0].severity, Severity::Warning);
    EXPECT_EQ(r.diagnostics[0].code, DiagCode::FenCounter);
    EXPECT_SPAN(r.diagnostics[0], fen.size(), fen.size());
    EXPECT_NE(r.diagnostics[0].message.find("read as 0 1"), std::string::npos);

    const auto d = only_error(standard(), fen, /*strict=*/true);
    EXPECT_EQ(d.code, DiagCode::FenCounter);
}

TEST(FenLenient, FullmoveZeroReadAsOne) {
    const std::string_view fen = "4k3/8/8/8/8/8/8/4K3 b - - 0 0";
    const FenResult r          = parse_fen(ice_age(), fen);
    ASSERT_TRUE(r.position.has_value());
    EXPECT_EQ(r.position->fullmove_number(), 1);
    EXPECT_FALSE(r.position->ice_age_due());
    ASSERT_EQ(r.diagnostics.size(), 1u);
    EXPECT_EQ(r.diagnostics[0].severity, Severity::Warning);
    EXPECT_EQ(r.diagnostics[0].code, DiagCode::FenCounter);
    EXPECT_SPAN(r.diagnostics[0], 28u, 29u);
    EXPECT_EQ(r.diagnostics[0].message, "fullmove number: 0 read as 1 (moves count from 1)");
    EXPECT_EQ(only_error(ice_age(), fen, /*strict=*/true).code, DiagCode::FenCounter);
}

TEST(FenLenient, ExtraSpacesBetweenFields) {
    EXPECT_EQ(make_fen(accept(standard(),
                              "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w\tKQkq - 0 1 ")),
              OrthodoxStart);
}

// --- Kings (one a side; none is valid in Ice Age: docs/rules/ice-age-chess.md §4.6) -----------

TEST(FenKings, IceAgeSideWithoutKingIsOverByTheFreeze) {
    const auto white_only = accept(ice_age(), "8/8/8/8/8/8/8/K7 w - - 0 21");
    EXPECT_EQ(white_only.outcome().termination, chess::Termination::KingFrozen);
    EXPECT_EQ(white_only.outcome().winner, chess::Color::White);
    const auto none = accept(ice_age(), "********/8/8/8/8/8/8/8 w - - 0 21");
    EXPECT_EQ(none.outcome().termination, chess::Termination::BothKingsFrozen);
    EXPECT_FALSE(none.outcome().winner.has_value());
}

TEST(FenKings, OrthodoxSideWithoutKingIsAnError) {
    const auto d = only_error(standard(), "8/8/8/8/8/8/8/K7 w - - 0 1");
    EXPECT_EQ(d.code, DiagCode::FenKingCount);
    EXPECT_SPAN(d, 0u, 16u);  // the board field
    EXPECT_EQ(d.message, "board: Black has no king");
}

TEST(FenKings, TwoKingsOfOneSide) {
    // Rank 1 "K3K3" starts at byte 16; the second king is at byte 18.
    const auto d = only_error(ice_age(), "4k3/8/8/8/8/8/8/K3K3 w - - 0 1");
    EXPECT_EQ(d.code, DiagCode::FenKingCount);
    EXPECT_SPAN(d, 18u, 19u);
    EXPECT_EQ(d.message, "board: White has 2 kings");
}

// --- Board syntax ------------------------------------------------------------------------

TEST(FenBoard, RankTooLong) {
    // "p7p" is rank 3, starting at byte 24.
    const auto d =
        only_error(standard(), "rnbqkbnr/pppppppp/8/8/8/p7p/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EXPECT_EQ(d.code, DiagCode::FenRankLength);
    EXPECT_SPAN(d, 24u, 27u);
    EXPECT_EQ(d.message, "board: rank 3 has 9 squares (expected 8)");
}

TEST(FenBoard, RankTooShort) {
    const auto d =
        only_error(standard(), "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EXPECT_EQ(d.code, DiagCode::FenRankLength);
    EXPECT_SPAN(d, 9u, 16u);
    EXPECT_EQ(d.message, "board: rank 7 has 7 squares (expected 8)");
}

TEST(FenBoard, WrongNumberOfRanks) {
    const auto seven = only_error(standard(), "4k3/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(seven.code, DiagCode::FenSyntax);
    EXPECT_SPAN(seven, 0u, 17u);
    EXPECT_EQ(seven.message, "board: 7 ranks (expected 8)");
    // A ninth rank is pointed at.
    const auto nine = only_error(standard(), "4k3/8/8/8/8/8/8/4K3/8 w - - 0 1");
    EXPECT_EQ(nine.code, DiagCode::FenSyntax);
    EXPECT_SPAN(nine, 20u, 21u);
    EXPECT_EQ(nine.message, "board: 9 ranks (expected 8)");
}

TEST(FenBoard, ZeroIsNoCount) {
    const auto d = only_error(standard(), "4k3/8/8/08/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(d.code, DiagCode::FenSyntax);
    EXPECT_SPAN(d, 8u, 9u);
    EXPECT_NE(d.message.find("'0'"), std::string::npos);
}

TEST(FenBoard, UnknownPieceLetter) {
    // "4z3" is rank 4, at byte 22; the z is at byte 23.
    const auto d =
        only_error(standard(), "rnbqkbnr/pppppppp/8/8/4z3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EXPECT_EQ(d.code, DiagCode::FenUnknownPiece);
    EXPECT_SPAN(d, 23u, 24u);
    EXPECT_EQ(d.message, "board: unknown piece letter 'z'");
}

TEST(FenBoard, UnknownMultiByteCharacterIsQuotedWhole) {
    // "♘" is three bytes at byte 23.
    const auto d = only_error(standard(),
                              "rnbqkbnr/pppppppp/8/8/4\xE2\x99\x98"
                              "3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EXPECT_EQ(d.code, DiagCode::FenUnknownPiece);
    EXPECT_SPAN(d, 23u, 26u);
    EXPECT_EQ(d.message, "board: unknown piece letter '\xE2\x99\x98'");
}

// A byte that is not UTF-8 is one character (docs/rules/notation.md §8.2), as the diagnostic
// printer reads it: an overlong sequence is two unknown characters, each quoted alone.
TEST(FenBoard, BytesThatAreNotUtf8AreQuotedOneByOne) {
    const auto r = parse_fen(standard(),
                             "rnbqkbnr/pppppppp/8/8/2\xC0\xAF"
                             "4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    ASSERT_EQ(r.diagnostics.size(), 2u);
    EXPECT_EQ(r.diagnostics[0].message, "board: unknown piece letter '\xC0'");
    EXPECT_SPAN(r.diagnostics[0], 23u, 24u);
    EXPECT_EQ(r.diagnostics[1].message, "board: unknown piece letter '\xAF'");
    EXPECT_SPAN(r.diagnostics[1], 24u, 25u);
}

TEST(FenBoard, IceInAVariantWithoutIce) {
    // One error for all 32 ice cubes, at the first.
    const auto d = only_error(standard(), IceAgeStart);
    EXPECT_EQ(d.code, DiagCode::FenUnknownPiece);
    EXPECT_SPAN(d, 18u, 19u);
    EXPECT_EQ(d.message, "board: '*' (an ice cube) in Standard, which has no ice (32 times)");
}

TEST(FenBoard, PawnOnFirstOrLastRank) {
    // Rank 1 "K2P4" starts at byte 16: the pawn is at byte 18.
    const auto first = only_error(standard(), "4k3/8/8/8/8/8/8/K2P4 w - - 0 1");
    EXPECT_EQ(first.code, DiagCode::FenPawnRank);
    EXPECT_SPAN(first, 18u, 19u);
    EXPECT_EQ(first.message, "board: pawn on rank 1 (d1)");
    const auto last = only_error(ice_age(), "3pk3/8/8/8/8/8/8/K7 w - - 0 1");
    EXPECT_EQ(last.code, DiagCode::FenPawnRank);
    EXPECT_SPAN(last, 1u, 2u);
    EXPECT_EQ(last.message, "board: pawn on rank 8 (d8)");
}

// --- The other fields --------------------------------------------------------------------------

TEST(FenFields, WrongFieldCount) {
    const auto three = only_error(standard(), "4k3/8/8/8/8/8/8/4K3 w -");
    EXPECT_EQ(three.code, DiagCode::FenSyntax);
    EXPECT_SPAN(three, 0u, 23u);
    EXPECT_NE(three.message.find("3 fields (expected 6"), std::string::npos);
    const auto five = only_error(standard(), "4k3/8/8/8/8/8/8/4K3 w - - 0");
    EXPECT_EQ(five.code, DiagCode::FenSyntax);
    EXPECT_NE(five.message.find("5 fields"), std::string::npos);
    // The first extra field is pointed at.
    const auto seven = only_error(standard(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 x");
    EXPECT_EQ(seven.code, DiagCode::FenSyntax);
    EXPECT_SPAN(seven, 30u, 31u);
    EXPECT_EQ(seven.message, "FEN has 7 fields (expected 6)");
    const auto empty = only_error(standard(), "");
    EXPECT_EQ(empty.code, DiagCode::FenSyntax);
    EXPECT_EQ(empty.message, "FEN is empty");
}

TEST(FenFields, BadSideToMove) {
    const auto d = only_error(standard(), "4k3/8/8/8/8/8/8/4K3 W - - 0 1");
    EXPECT_EQ(d.code, DiagCode::FenSideToMove);
    EXPECT_SPAN(d, 20u, 21u);
    EXPECT_EQ(d.message, "side to move: 'W' is not w or b");
}

TEST(FenFields, BadCastlingSyntax) {
    const std::string board = "r3k2r/8/8/8/8/8/8/R3K2R w ";  // the castling field is at byte 26
    const auto letter       = only_error(standard(), board + "KX - 0 1");
    EXPECT_EQ(letter.code, DiagCode::FenCastling);
    EXPECT_SPAN(letter, 27u, 28u);
    EXPECT_EQ(letter.message, "castling: 'X' is not K, Q, k or q");
    const auto twice = only_error(standard(), board + "KQK - 0 1");
    EXPECT_EQ(twice.code, DiagCode::FenCastling);
    EXPECT_SPAN(twice, 28u, 29u);
    EXPECT_EQ(twice.message, "castling: 'K' appears twice");
    const auto dash = only_error(standard(), board + "K- - 0 1");
    EXPECT_EQ(dash.code, DiagCode::FenCastling);
    EXPECT_SPAN(dash, 27u, 28u);
    // Any order of the letters is read; the writer writes KQkq.
    EXPECT_EQ(make_fen(accept(standard(), board + "qkQK - 0 1")), board + "KQkq - 0 1");
}

TEST(FenFields, ImpossibleCastlingRightIsAWarningAndDropped) {
    // No rook on h1 for K; the castling field is at byte 23.
    const std::string_view fen = "4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1";
    const FenResult r          = parse_fen(standard(), fen);
    ASSERT_TRUE(r.position.has_value());
    EXPECT_EQ(make_fen(*r.position), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    ASSERT_EQ(r.diagnostics.size(), 1u);
    const auto& d = r.diagnostics[0];
    EXPECT_EQ(d.severity, Severity::Warning);
    EXPECT_EQ(d.code, DiagCode::ImpossibleCastlingRight);
    EXPECT_SPAN(d, 23u, 24u);
    EXPECT_EQ(d.message,
              "castling: 'K' needs the white king on e1 and a white rook on h1; the right is "
              "dropped");
}

TEST(FenFields, ImpossibleCastlingRightIsAnErrorUnderStrict) {
    const auto d = only_error(standard(), "4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1", /*strict=*/true);
    EXPECT_EQ(d.code, DiagCode::ImpossibleCastlingRight);
    EXPECT_SPAN(d, 23u, 24u);
    EXPECT_EQ(d.message, "castling: 'K' needs the white king on e1 and a white rook on h1");
}

TEST(FenFields, CastlingRightOfAFrozenKing) {
    // Ice Age: the black king froze; its rights cannot stand.
    const FenResult r = parse_fen(ice_age(), "r6r/8/8/8/8/8/8/R3K2R w KQkq - 0 21");
    ASSERT_TRUE(r.position.has_value());
    EXPECT_EQ(r.position->castling_rights(), chess::WhiteKingSide | chess::WhiteQueenSide);
    ASSERT_EQ(r.diagnostics.size(), 2u);
    EXPECT_EQ(r.diagnostics[0].code, DiagCode::ImpossibleCastlingRight);
    EXPECT_TRUE(r.diagnostics[0].message.starts_with("castling: 'k' needs the black king on e8"));
    EXPECT_TRUE(r.diagnostics[1].message.starts_with("castling: 'q' needs the black king on e8"));
}

TEST(FenFields, EnPassantNotASquare) {
    const auto d = only_error(standard(), "4k3/8/8/8/8/8/8/4K3 w - e9 0 1");
    EXPECT_EQ(d.code, DiagCode::FenEnPassant);
    EXPECT_SPAN(d, 24u, 26u);
    EXPECT_EQ(d.message, "en passant: 'e9' is not a square or -");
}

// docs/rules/notation.md §6.2: a square that no double step explains is dropped with a warning, an
// error under --strict.
floe::rules::Diagnostic only_warning(const chess::Variant& variant, std::string_view fen) {
    const FenResult r = parse_fen(variant, fen);
    EXPECT_TRUE(r.position.has_value()) << fen;
    EXPECT_EQ(r.diagnostics.size(), 1u) << fen;
    if (r.position) {
        EXPECT_EQ(r.position->en_passant_square(), chess::NoSquare) << fen;
    }
    if (r.diagnostics.empty()) return {};
    EXPECT_EQ(r.diagnostics[0].severity, Severity::Warning) << fen;
    return r.diagnostics[0];
}

TEST(FenFields, EnPassantWithoutDoubleStepIsDropped) {
    // The start position: White to move, so the square must be on rank 6.
    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1";
    const auto rank         = only_warning(standard(), start);
    EXPECT_EQ(rank.code, DiagCode::ImpossibleEnPassant);
    EXPECT_SPAN(rank, 51u, 53u);
    EXPECT_EQ(rank.message,
              "en passant: no double step explains e3: with White to move it must be on rank 6; "
              "the square is dropped");
    EXPECT_EQ(
        make_fen(accept(standard(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")),
        make_fen(*parse_fen(standard(), start).position));
    // No black pawn on d5.
    const auto pawn = only_warning(standard(), "4k3/8/8/8/4P3/8/8/4K3 w - d6 0 1");
    EXPECT_EQ(pawn.code, DiagCode::ImpossibleEnPassant);
    EXPECT_SPAN(pawn, 26u, 28u);
    EXPECT_EQ(pawn.message,
              "en passant: no double step explains d6: no black pawn on d5; the square is dropped");
    // Ice on d7: the pawn cannot have come from there.
    const auto ice = only_warning(ice_age(), "4k3/3*4/8/3pP3/8/8/8/4K3 w - d6 0 21");
    EXPECT_EQ(ice.code, DiagCode::ImpossibleEnPassant);
    EXPECT_EQ(ice.message,
              "en passant: no double step explains d6: d6 and d7 must be empty; the square is "
              "dropped");
}

TEST(FenFields, EnPassantWithoutDoubleStepIsAnErrorUnderStrict) {
    const auto d = only_error(standard(), "4k3/8/8/8/4P3/8/8/4K3 w - d6 0 1", /*strict=*/true);
    EXPECT_EQ(d.code, DiagCode::ImpossibleEnPassant);
    EXPECT_SPAN(d, 26u, 28u);
    EXPECT_EQ(d.message, "en passant: no double step explains d6: no black pawn on d5");
}

TEST(FenFields, BadCounters) {
    const std::string board = "4k3/8/8/8/8/8/8/4K3 w - - ";  // the halfmove clock is at byte 26
    const auto text         = only_error(standard(), board + "x 1");
    EXPECT_EQ(text.code, DiagCode::FenCounter);
    EXPECT_SPAN(text, 26u, 27u);
    EXPECT_EQ(text.message, "halfmove clock: 'x' is not a number");
    const auto negative = only_error(standard(), board + "-1 1");
    EXPECT_EQ(negative.code, DiagCode::FenCounter);
    EXPECT_SPAN(negative, 26u, 28u);
    const auto large = only_error(standard(), board + "0 12345678901");
    EXPECT_EQ(large.code, DiagCode::FenCounter);
    EXPECT_EQ(large.message, "fullmove number: 12345678901 is too large");
}

TEST(FenFields, SideNotToMoveInCheck) {
    const auto d = only_error(standard(), "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(d.code, DiagCode::FenOpponentInCheck);
    EXPECT_SPAN(d, 22u, 23u);
    EXPECT_EQ(d.message, "side to move: the side not to move (Black) is in check");
    // Ice blocks the line: no check (docs/rules/ice-age-chess.md §2.5).
    accept(ice_age(), "4k3/4*3/8/8/8/8/8/4R1K1 w - - 0 1");
}

TEST(FenFields, EveryErrorIsReportedInTextOrder) {
    const FenResult r = parse_fen(standard(), "4k3/8/8/8/8/8/8/4K3 x - - y 1");
    EXPECT_FALSE(r.position.has_value());
    ASSERT_EQ(r.diagnostics.size(), 2u);
    EXPECT_EQ(r.diagnostics[0].code, DiagCode::FenSideToMove);
    EXPECT_EQ(r.diagnostics[1].code, DiagCode::FenCounter);
}

}  // namespace
