// Chess960 positions and moves as text (docs/rules/notation.md §2.6, §6.5): X-FEN and Shredder-FEN
// castling fields read, X-FEN written (docs/decisions/variants.md), and castling written `O-O` /
// `O-O-O` in SAN, LAN and figurine SAN and as the king taking its rook in UCI.

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "notation/fen.hpp"
#include "notation/san.hpp"

namespace {

namespace chess = floe::rules::chess;
using floe::formats::FenResult;
using floe::formats::make_fen;
using floe::formats::MoveNotation;
using floe::formats::parse_fen;
using floe::rules::DiagCode;
using floe::rules::Severity;

const chess::Variant& c960() { return chess::chess960_variant(); }

// The FEN as floe writes it after reading `fen` (which must read without any diagnostic).
std::string rewritten(std::string_view fen, const chess::Variant& variant = c960()) {
    const FenResult r = parse_fen(variant, fen);
    EXPECT_TRUE(r.diagnostics.empty()) << fen << ": " << r.diagnostics.front().message;
    return r.position ? make_fen(*r.position) : "(rejected)";
}

TEST(Chess960Fen, ShredderAndXFenReadTheSameRights) {
    // Carlsen-Nakamura 2018 (kokopu corpus): KQkq; Grischuk-Carlsen 2016: Shredder-FEN.
    EXPECT_EQ(rewritten("qrknbbnr/pppppppp/8/8/8/8/PPPPPPPP/QRKNBBNR w KQkq - 0 1"),
              "qrknbbnr/pppppppp/8/8/8/8/PPPPPPPP/QRKNBBNR w KQkq - 0 1");
    EXPECT_EQ(rewritten("qrknbbnr/pppppppp/8/8/8/8/PPPPPPPP/QRKNBBNR w HBhb - 0 1"),
              "qrknbbnr/pppppppp/8/8/8/8/PPPPPPPP/QRKNBBNR w KQkq - 0 1");
    EXPECT_EQ(rewritten("rnnkrbbq/pppppppp/8/8/8/8/PPPPPPPP/RNNKRBBQ w EAea - 0 1"),
              "rnnkrbbq/pppppppp/8/8/8/8/PPPPPPPP/RNNKRBBQ w KQkq - 0 1");
    // The letters in any order, and mixed.
    EXPECT_EQ(rewritten("rnnkrbbq/pppppppp/8/8/8/8/PPPPPPPP/RNNKRBBQ w aKeQ - 0 1"),
              "rnnkrbbq/pppppppp/8/8/8/8/PPPPPPPP/RNNKRBBQ w KQkq - 0 1");
    // The CPW perft position 0: HFhf are the outermost rooks of a side only for h.
    EXPECT_EQ(rewritten("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"),
              "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
}

TEST(Chess960Fen, AFileLetterOnlyForARookThatIsNotTheOutermost) {
    // The f1 rook castles though h1 holds a rook farther out: X-FEN writes `F`.
    EXPECT_EQ(rewritten("4k3/8/8/8/8/8/8/4KR1R w F - 0 1"), "4k3/8/8/8/8/8/8/4KR1R w F - 0 1");
    EXPECT_EQ(rewritten("4k3/8/8/8/8/8/8/4KR1R w K - 0 1"), "4k3/8/8/8/8/8/8/4KR1R w K - 0 1");
    EXPECT_EQ(rewritten("4k3/8/8/8/8/8/8/4KR1R w H - 0 1"), "4k3/8/8/8/8/8/8/4KR1R w K - 0 1");
    EXPECT_EQ(rewritten("r1r1k3/8/8/8/8/8/8/4K3 b c - 0 1"), "r1r1k3/8/8/8/8/8/8/4K3 b c - 0 1");
    EXPECT_EQ(rewritten("r1r1k3/8/8/8/8/8/8/4K3 b a - 0 1"), "r1r1k3/8/8/8/8/8/8/4K3 b q - 0 1");
}

TEST(Chess960Fen, TheStartArray518IsTheOrthodoxFen) {
    const chess::Position start = chess::Position::start(c960());
    EXPECT_EQ(make_fen(start), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EXPECT_EQ(rewritten("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"),
              make_fen(start));
}

TEST(Chess960Fen, ImpossibleRightsAreDroppedWithAWarning) {
    const std::string_view fen = "4k3/8/8/8/8/8/8/4KR2 w KGQ - 0 1";
    const FenResult r          = parse_fen(c960(), fen);
    ASSERT_TRUE(r.position.has_value());
    EXPECT_EQ(make_fen(*r.position), "4k3/8/8/8/8/8/8/4KR2 w K - 0 1");
    ASSERT_EQ(r.diagnostics.size(), 2u);
    EXPECT_EQ(r.diagnostics[0].code, DiagCode::ImpossibleCastlingRight);
    EXPECT_EQ(r.diagnostics[0].span.begin, 24u);
    EXPECT_EQ(r.diagnostics[0].message,
              "castling: 'G' needs the white king on rank 1 and a white rook on g1; the right is "
              "dropped");
    EXPECT_EQ(r.diagnostics[1].span.begin, 25u);
    EXPECT_EQ(r.diagnostics[1].message,
              "castling: 'Q' needs the white king on rank 1 and a white rook on its queen side; "
              "the right is dropped");
    EXPECT_EQ(r.diagnostics[1].severity, Severity::Warning);
}

TEST(Chess960Fen, TwoRightsOnOneSideAreAnError) {
    const FenResult r = parse_fen(c960(), "4k3/8/8/8/8/8/8/4KR1R w HF - 0 1");
    EXPECT_FALSE(r.position.has_value());
    ASSERT_EQ(r.diagnostics.size(), 1u);
    EXPECT_EQ(r.diagnostics[0].code, DiagCode::FenCastling);
    EXPECT_EQ(r.diagnostics[0].span.begin, 25u);
    EXPECT_EQ(r.diagnostics[0].message,
              "castling: 'F' is a second white king-side right (after 'H')");
    const FenResult k = parse_fen(c960(), "4k3/8/8/8/8/8/8/4K2R w KH - 0 1");
    ASSERT_EQ(k.diagnostics.size(), 1u);
    EXPECT_EQ(k.diagnostics[0].message,
              "castling: 'H' is a second white king-side right (after 'K')");
}

TEST(Chess960Fen, FileLettersBelongToChess960) {
    const FenResult r = parse_fen(chess::standard_variant(),
                                  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    EXPECT_FALSE(r.position.has_value());
    ASSERT_FALSE(r.diagnostics.empty());
    EXPECT_EQ(r.diagnostics[0].message, "castling: 'H' is not K, Q, k or q");
    const FenResult x = parse_fen(c960(), "4k3/8/8/8/8/8/8/4K2R w Kx - 0 1");
    ASSERT_EQ(x.diagnostics.size(), 1u);
    EXPECT_EQ(x.diagnostics[0].message,
              "castling: 'x' is not K, Q, k, q or a rook's file (A-H, a-h)");
}

TEST(Chess960Fen, OrthodoxAndIceAgeRightsAreUnchanged) {
    // Outside Chess960 K and Q are the corner rooks with the king on e1, as before.
    const FenResult r = parse_fen(chess::standard_variant(), "4k3/8/8/8/8/8/8/4KR1R w K - 0 1");
    ASSERT_TRUE(r.position.has_value());
    EXPECT_EQ(make_fen(*r.position), "4k3/8/8/8/8/8/8/4KR1R w K - 0 1");
    const FenResult g = parse_fen(chess::standard_variant(), "4k3/8/8/8/8/8/8/4KRR1 w K - 0 1");
    ASSERT_EQ(g.diagnostics.size(), 1u);
    EXPECT_EQ(g.diagnostics[0].message,
              "castling: 'K' needs the white king on e1 and a white rook on h1; the right is "
              "dropped");
}

// The move `uci` (the engine's from and to squares) of `fen`, written in every notation.
struct Written {
    std::string san, lan, uci, figurine;
};

Written write(std::string_view fen, chess::MoveKind kind) {
    const chess::Position p = *parse_fen(c960(), fen).position;
    chess::MoveList moves;
    p.legal_moves(moves);
    for (const chess::Move& m : moves) {
        if (m.kind != kind) continue;
        return {floe::formats::make_move(p, m, MoveNotation::San),
                floe::formats::make_move(p, m, MoveNotation::Lan),
                floe::formats::make_move(p, m, MoveNotation::Uci),
                floe::formats::make_move(p, m, MoveNotation::Figurine)};
    }
    ADD_FAILURE() << "no such castling in " << fen;
    return {};
}

TEST(Chess960Writers, CastlingIsOOInSanLanAndFigurineAndKingTakesRookInUci) {
    const Written k = write("1r2k1r1/8/8/8/8/8/8/1R2K1R1 b gb - 0 1", chess::MoveKind::CastleQueen);
    EXPECT_EQ(k.san, "O-O-O");
    EXPECT_EQ(k.lan, "O-O-O");
    EXPECT_EQ(k.figurine, "O-O-O");
    EXPECT_EQ(k.uci, "e8b8");
    // The king already on g1: UCI still names the rook's square.
    const Written g = write("4k3/8/8/8/8/8/8/6KR w H - 0 1", chess::MoveKind::CastleKing);
    EXPECT_EQ(g.san, "O-O");
    EXPECT_EQ(g.uci, "g1h1");
    // Castling that gives check keeps its mark.
    const Written c = write("5k2/8/8/8/8/8/8/RK6 w A - 0 1", chess::MoveKind::CastleQueen);
    EXPECT_EQ(c.san, "O-O-O");
    EXPECT_EQ(c.uci, "b1a1");
    const Written check = write("3k4/8/8/8/8/8/8/RK6 w A - 0 1", chess::MoveKind::CastleQueen);
    EXPECT_EQ(check.san, "O-O-O+");
    EXPECT_EQ(check.lan, "O-O-O+");
    EXPECT_EQ(check.uci, "b1a1");
}

TEST(Chess960Writers, OrthodoxUciCastlingStaysTheKingsMove) {
    const chess::Position p =
        *parse_fen(chess::standard_variant(), "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").position;
    const auto castle = *p.find_legal(chess::make_square(4, 0), chess::make_square(6, 0));
    EXPECT_EQ(floe::formats::make_uci(p, castle), "e1g1");
    // The same position in Chess960: the king takes its rook.
    const chess::Position q = *parse_fen(c960(), "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").position;
    EXPECT_EQ(floe::formats::make_uci(
                  q, *q.find_legal(chess::make_square(4, 0), chess::make_square(6, 0))),
              "e1h1");
}

}  // namespace
