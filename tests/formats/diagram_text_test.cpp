// The text diagram: layout, flipping, ice and the status line (formats/diagram_text.hpp).

#include "formats/diagram_text.hpp"

#include <gtest/gtest.h>

#include <string_view>

#include "formats/diagram_chess.hpp"
#include "notation/fen.hpp"

namespace {

using floe::formats::make_text_diagram;
using floe::rules::chess::ice_age_variant;
using floe::rules::chess::Move;
using floe::rules::chess::MoveList;
using floe::rules::chess::Position;
using floe::rules::chess::standard_variant;
using floe::rules::chess::Variant;

Position parse(const Variant& variant, std::string_view fen) {
    auto result = floe::formats::parse_fen(variant, fen);
    if (!result.position) ADD_FAILURE() << "FEN rejected: " << fen;
    return result.position.value_or(Position::start(variant));
}

// Plays the legal move from `from` to `to` (square indices, a1 = 0).
void play(Position& p, int from, int to) {
    MoveList moves;
    p.legal_moves(moves);
    for (const Move& m : moves) {
        if (m.from == from && m.to == to) {
            p.play(m);
            return;
        }
    }
    ADD_FAILURE() << "no legal move " << from << "-" << to;
}

TEST(TextDiagram, IceAgeStart) {
    EXPECT_EQ(make_text_diagram(Position::start(ice_age_variant())),
              "8  r n b q k b n r\n"
              "7  p p p p p p p p\n"
              "6  * * * * * * * *\n"
              "5  * * * * * * * *\n"
              "4  * * * * * * * *\n"
              "3  * * * * * * * *\n"
              "2  P P P P P P P P\n"
              "1  R N B Q K B N R\n"
              "   a b c d e f g h\n"
              "White to move\n");
}

TEST(TextDiagram, FlippedShowsBlacksView) {
    const Position p =
        parse(standard_variant(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    EXPECT_EQ(make_text_diagram(p, true),
              "1  R N B K Q B N R\n"
              "2  P P P . P P P P\n"
              "3  . . . . . . . .\n"
              "4  . . . P . . . .\n"
              "5  . . . p . . . .\n"
              "6  . . . . . . . .\n"
              "7  p p p . p p p p\n"
              "8  r n b k q b n r\n"
              "   h g f e d c b a\n"
              "White to move\n");
}

TEST(TextDiagram, AfterAnIceAge) {  // docs/rules/ice-age-chess.md §5.3
    Position p = parse(ice_age_variant(),
                       "2rq1rk1/3bpp2/1*1p1bP1/1p2n3/4P2P/1NN2P1*/PPPQ4/1K1R3R b - - 0 20");
    play(p, 58, 18);  // 20...Rxc3
    EXPECT_EQ(make_text_diagram(p),
              "8  * * * q . r k *\n"
              "7  * * * b p p * *\n"
              "6  * * * p . b P *\n"
              "5  * * * * n * * *\n"
              "4  * * * * P * * *\n"
              "3  * N r * * P * *\n"
              "2  P P P Q * * * *\n"
              "1  . K . R * * * *\n"
              "   a b c d e f g h\n"
              "White to move\n");
}

TEST(TextDiagram, FrozenKingEndsTheGame) {  // reference 7: 20...h6 freezes the white king
    Position p = parse(ice_age_variant(), "7k/6pp/8/8/8/8/8/K7 b - - 0 20");
    play(p, 55, 47);
    EXPECT_EQ(make_text_diagram(p),
              "8  * * * * * * * k\n"
              "7  * * * * * * p .\n"
              "6  * * * * * * * p\n"
              "5  * * * * * * * *\n"
              "4  * * * * * * * *\n"
              "3  * * * * * * * *\n"
              "2  * * * * * * * *\n"
              "1  * * * * * * * *\n"
              "   a b c d e f g h\n"
              "White's king froze: Black wins (0-1)\n");
}

TEST(TextDiagram, BothKingsFrozen) {  // reference 8
    Position p = parse(ice_age_variant(), "7k/8/8/8/8/8/8/K7 b - - 0 20");
    play(p, 63, 62);
    const std::string d = make_text_diagram(p);
    EXPECT_EQ(d.substr(d.rfind('\n', d.size() - 2) + 1), "Both kings froze: draw (1/2-1/2)\n");
}

// The status line alone: the last line of the diagram.
std::string status(std::string_view fen, const Variant& variant = standard_variant()) {
    const std::string d = make_text_diagram(parse(variant, fen));
    return d.substr(d.rfind('\n', d.size() - 2) + 1);
}

TEST(TextDiagram, StatusLines) {
    EXPECT_EQ(status("4k3/8/8/8/8/8/8/4RK2 b - - 0 1"), "Black to move, in check\n");
    EXPECT_EQ(status("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1"), "Checkmate: White wins (1-0)\n");
    EXPECT_EQ(status("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), "Stalemate: draw (1/2-1/2)\n");
    // Reference 6 after 20...Ra1: the Ice Age cancelled the mate.
    EXPECT_EQ(status("******k1/*****ppp/********/********/********/********/*P****PP/r******K w - "
                     "- 0 21",
                     ice_age_variant()),
              "White to move\n");
}

}  // namespace
