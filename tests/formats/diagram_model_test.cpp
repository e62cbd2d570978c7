// The neutral diagram model (formats/diagram_model.hpp) and its renderers on boards that are not
// chess: other sizes, stacked pieces and side panels draw without a renderer of their own.

#include "formats/diagram_model.hpp"

#include <gtest/gtest.h>

#include "formats/diagram_chess.hpp"
#include "formats/diagram_svg.hpp"
#include "formats/diagram_text.hpp"
#include "notation/fen.hpp"

namespace {

using namespace floe::formats;
using floe::rules::chess::ice_age_variant;
using floe::rules::chess::make_square;
using floe::rules::chess::Move;
using floe::rules::chess::MoveList;
using floe::rules::chess::Position;

Position parse(std::string_view fen) {
    auto result = parse_fen(ice_age_variant(), fen);
    if (!result.position) ADD_FAILURE() << "FEN rejected: " << fen;
    return result.position.value_or(Position::start(ice_age_variant()));
}

Move legal(const Position& p, int from, int to) {
    MoveList moves;
    p.legal_moves(moves);
    for (const Move& m : moves)
        if (m.from == from && m.to == to) return m;
    ADD_FAILURE() << "no legal move " << from << "-" << to;
    return {};
}

TEST(ChessDiagram, CellsShadesAndCodes) {
    const Diagram d = make_chess_diagram(Position::start(ice_age_variant()));
    ASSERT_EQ(d.cells.size(), 64u);
    EXPECT_EQ(d.cell(0, 0).shade, CellShade::Dark);   // a1
    EXPECT_EQ(d.cell(7, 0).shade, CellShade::Light);  // h1
    EXPECT_EQ(d.cell(4, 0).code, "K");
    EXPECT_EQ(d.cell(4, 0).pieces.at(0).shape, "king");
    EXPECT_EQ(d.cell(3, 7).code, "q");
    EXPECT_EQ(d.cell(3, 7).pieces.at(0).owner, 1);
    EXPECT_TRUE(d.cell(4, 3).ice);
    EXPECT_EQ(d.cell(4, 3).code, "*");
    EXPECT_EQ(d.square_name(4, 3), "e4");
    EXPECT_EQ(d.status, "White to move");
    EXPECT_EQ(d.position, make_fen(Position::start(ice_age_variant())));
}

TEST(ChessDiagram, IceAgeMarksFrozenAndNewIceApart) {  // docs/rules/ice-age-chess.md §5.3
    const Position before =
        parse("2rq1rk1/3bpp2/1*1p1bP1/1p2n3/4P2P/1NN2P1*/PPPQ4/1K1R3R b - - 0 20");
    const Move rxc3 = legal(before, make_square(2, 7), make_square(2, 2));
    Position after  = before;
    after.play(rxc3);
    const Diagram d = make_chess_diagram(after, chess_last_ply(before, rxc3));
    EXPECT_EQ(d.cell(2, 7).marks, MarkLastFrom | MarkNewIce);  // c8, iced after the rook left
    EXPECT_EQ(d.cell(2, 2).marks, MarkLastTo);                 // c3
    for (auto [file, rank, code] : {std::tuple{7, 0, "R"}, {7, 3, "P"}, {1, 4, "p"}}) {
        const DiagramCell& c = d.cell(file, rank);
        EXPECT_EQ(c.marks, MarkFrozen) << code;
        EXPECT_TRUE(c.ice);
        ASSERT_TRUE(c.frozen.has_value());
        EXPECT_EQ(c.frozen->code, code);
    }
    EXPECT_EQ(d.cell(1, 5).marks, 0);  // b6 was ice already
    EXPECT_EQ(d.cell(0, 0).marks, 0);  // a1 stays empty
    EXPECT_FALSE(d.cell(0, 0).ice);
}

TEST(ChessDiagram, CheckMarksTheKing) {
    const Diagram d = make_chess_diagram(parse("4k3/8/8/8/8/8/8/4RK2 b - - 0 1"));
    EXPECT_EQ(d.cell(4, 7).marks, MarkCheck);
}

// A 9x9 board with a stacked cell and a hand: what Glacial Shift will hand the renderers.
Diagram other_game() {
    Diagram d;
    d.files = d.ranks = 9;
    d.cells.resize(81);
    for (int i = 0; i < 9; ++i) {
        d.file_labels.emplace_back(1, static_cast<char>('a' + i));
        d.rank_labels.emplace_back(1, static_cast<char>('1' + i));
    }
    d.sides             = {{"Yellow", "#f5d000", "#000", "#000", "", "Y"},
                           {"Green", "#2a2", "#000", "#fff", "", "G"}};
    d.cell(0, 0).pieces = {{"pawn", 0, 0, "Yy1"}, {"knight", 0, 0, "Yy2"}};
    d.cell(0, 0).code   = "Yy1Yy2";
    d.cell(8, 8).ice    = true;
    d.cell(8, 8).code   = "*";
    d.cell(4, 4).shape  = CellShape::Absent;
    d.panels            = {{1, {{"pawn", 1, 1, "g1"}, {"rook", 0, 1, "y3"}}, "Green in hand"}};
    d.status            = "Yellow to move";
    return d;
}

TEST(NeutralDiagram, TextDrawsAnyGridWithWideCodesAndPanels) {
    const std::string text = render_text_diagram(other_game());
    EXPECT_EQ(text.substr(0, text.find('\n')),
              "9  .      .      .      .      .      .      .      .      *");
    EXPECT_NE(text.find("\n1  Yy1Yy2 .      .      .      .      .      .      .      .\n"),
              std::string::npos);
    EXPECT_NE(text.find("\n5  .      .      .      .             .      .      .      .\n"),
              std::string::npos);
    EXPECT_NE(text.find("\n   a      b      c      d      e      f      g      h      i\n"
                        "Green in hand: g1 y3\n"),
              std::string::npos);
    EXPECT_TRUE(text.ends_with("Yellow to move\n"));
}

TEST(NeutralDiagram, SvgDrawsAnyGridStacksAndPanels) {
    const std::string svg = render_svg(other_game(), {.size = 360});
    EXPECT_NE(svg.find(R"(data-square="a1" data-piece="Yy1Yy2")"), std::string::npos);
    EXPECT_NE(svg.find(R"(data-square="i9" data-piece="*")"), std::string::npos);
    EXPECT_EQ(svg.find(R"(data-square="e5")"), std::string::npos);  // absent cell
    EXPECT_NE(svg.find(R"(<g data-panel="Green">)"), std::string::npos);
    EXPECT_NE(svg.find(R"(#floe-rook-0)"), std::string::npos);  // a yellow rook in Green's hand
    EXPECT_NE(svg.find(R"(id="floe-glyph-i")"), std::string::npos);
    EXPECT_EQ(svg.find("<text"), std::string::npos);
}

}  // namespace
