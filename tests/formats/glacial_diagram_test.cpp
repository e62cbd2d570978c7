// Glacial Shift diagrams (issue 8): the model make_glacial_diagram builds (quadrants, pyramids by
// owner, direction and size, nests, upright blockers, hands, stash, legend, status, marks), and
// the SVG's data attributes read back square by square against the position string, at every
// ply of the three samples.

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "formats/diagram_glacial.hpp"
#include "formats/diagram_svg.hpp"
#include "formats/diagram_text.hpp"
#include "notation/glacial_position.hpp"
#include "parser/parse_record.hpp"
#include "play/replay_game.hpp"
#include "rules/glacial/board.hpp"
#include "support/glacial_squares.hpp"
#include "support/replayed.hpp"
#include "support/test_support.hpp"

namespace floe::test {
namespace {

namespace glacial = rules::glacial;
using formats::Diagram;

glacial::Position parse(const std::string& text) {
    auto result = formats::parse_glacial_position(text);
    if (!result.position) ADD_FAILURE() << "rejected: " << text;
    return result.position.value_or(glacial::Position::start());
}

TEST(GlacialDiagram, GlacialStartPositionCellsZonesAndPieces) {
    const Diagram d = formats::make_glacial_diagram(glacial::Position::start());
    ASSERT_EQ(d.cells.size(), 81u);
    EXPECT_EQ(d.files, 9);
    EXPECT_EQ(d.square_name(8, 8), "i9");
    EXPECT_EQ(d.position, GlacialStart);
    // 16 squares per quadrant, 17 on the long diagonals (docs/rules/glacial-shift.md §2.4).
    std::map<int, int> zones;
    for (const auto& c : d.cells) ++zones[c.zone];
    EXPECT_EQ(zones, (std::map<int, int>{{-1, 17}, {0, 16}, {1, 16}, {2, 16}, {3, 16}}));
    EXPECT_EQ(d.cell(4, 3).zone, 0);  // e4, Yellow's
    EXPECT_EQ(d.cell(0, 4).zone, 1);  // a5, Green's
    EXPECT_EQ(d.cell(4, 0).code, "Yy3");
    // Each seat's pieces point in his forward direction: north, east, south, west (§2.2).
    const std::pair<int, int> generals[] = {{4, 0}, {0, 4}, {4, 8}, {8, 4}};
    for (int seat = 0; seat < 4; ++seat) {
        const auto& cell = d.cell(generals[seat].first, generals[seat].second);
        ASSERT_EQ(cell.pieces.size(), 1u) << seat;
        EXPECT_EQ(cell.pieces[0].shape, "pyramid");
        EXPECT_EQ(cell.pieces[0].owner, seat);
        EXPECT_EQ(cell.pieces[0].colour, seat);
        EXPECT_EQ(cell.pieces[0].size, 3);
        EXPECT_EQ(cell.pieces[0].direction, 2 * seat);
    }
    // d1: Yellow's blue Knight (a Center Knight).
    EXPECT_EQ(d.cell(3, 0).code, "Yb2");
    EXPECT_EQ(d.cell(3, 0).pieces[0].colour, 2);
    EXPECT_EQ(d.cell(3, 0).pieces[0].owner, 0);
    // Four empty hands and the stash of §9.3, 2 small and 4 large of each colour.
    ASSERT_EQ(d.panels.size(), 5u);
    for (int seat = 0; seat < 4; ++seat) EXPECT_TRUE(d.panels[seat].pieces.empty());
    EXPECT_EQ(d.panels[4].label, "Stash");
    EXPECT_EQ(d.panels[4].owner, -1);
    EXPECT_EQ(d.panels[4].pieces.size(), 24u);
    EXPECT_EQ(d.placement, formats::PanelPlacement::Right);
    EXPECT_EQ(d.status, "Yellow to move");
}

TEST(GlacialDiagram, NestsUprightBlockersSpentPiecesAndHands) {
    // A yellow Pawn promoted to Knight owned by Green on a1, a spent red Pawn of Yellow's on
    // e7, an upright blue large on e5; hands g1b2b2 (Yellow) and r1 (Red).
    const glacial::Position p = parse(
        "3,Bb3,3,Bg1,1/9/4,Yr1',4/8,Rr3/4,Xb3,4/1,Gg3,7/8,Rb1/9/Gy12,4,Yy3,3 Y g1b2b2/-/-/r1 "
        "444/354/433/354 -/-/-/- 9");
    const Diagram d  = formats::make_glacial_diagram(p);
    const auto& nest = d.cell(0, 0);
    EXPECT_EQ(nest.code, "Gy12");
    ASSERT_EQ(nest.pieces.size(), 2u);
    EXPECT_EQ(nest.pieces[0].size, 2);  // the outer pyramid first
    EXPECT_EQ(nest.pieces[1].size, 1);
    EXPECT_EQ(nest.pieces[1].direction, 2);  // Green's: east
    using Data = std::vector<std::pair<std::string, std::string>>;
    EXPECT_EQ(nest.data, (Data{{"owner", "G"}, {"colour", "y"}, {"nest", "12"}, {"quadrant", ""}}));
    const auto& block = d.cell(4, 4);
    EXPECT_EQ(block.code, "Xb3");
    ASSERT_EQ(block.pieces.size(), 1u);
    EXPECT_EQ(block.pieces[0].shape, "block");
    EXPECT_EQ(block.pieces[0].direction, -1);
    EXPECT_EQ(block.data[0].second, "X");
    const auto& spent = d.cell(4, 6);
    EXPECT_EQ(spent.code, "Yr1'");
    EXPECT_TRUE(spent.pieces[0].spent);
    EXPECT_EQ(spent.data,
              (Data{{"owner", "Y"}, {"colour", "r"}, {"nest", "1"}, {"quadrant", "B"}}));
    std::vector<std::string> yellow, red;
    for (const auto& piece : d.panels[0].pieces) yellow.push_back(piece.code);
    for (const auto& piece : d.panels[3].pieces) red.push_back(piece.code);
    EXPECT_EQ(yellow, (std::vector<std::string>{"g1", "b2", "b2"}));
    EXPECT_EQ(red, (std::vector<std::string>{"r1"}));
    EXPECT_EQ(d.panels[0].pieces[0].direction, 0);  // in Yellow's hand: pointing north
    EXPECT_EQ(d.panels[3].pieces[0].direction, 6);  // in Red's: west
    // Text shows every cell's code; Unicode an arrow for the owner's direction.
    const std::string text = formats::render_text_diagram(d);
    EXPECT_NE(text.find("\n1  Gy12 .    .    .    .    Yy3  .    .    .\n"), std::string::npos)
        << text;
    const std::string unicode = formats::render_text_diagram(d, {.unicode = true});
    EXPECT_NE(unicode.find("\n7 ·    ·    ·    ·    ▲r1' ·    ·    ·    ·\n"), std::string::npos)
        << unicode;
    EXPECT_NE(unicode.find("\n5 ·    ·    ·    ·    ■b3  ·    ·    ·    ·\n"), std::string::npos);
}

TEST(GlacialDiagram, LegendNamesTheFamiliesOfTheSeatToMove) {
    // Green's families (docs/rules/glacial-shift.md §3.1): green Royal, blue Left, red Center,
    // yellow Right.
    const glacial::Position p = parse(
        "Bb1,7,Rr1/6,Bb2,2/1,Gy2,7/9/2,Gg1,1,Yg2,1,Rr2,2/9/9/9/4,Yy3,4 G -/-/-/- "
        "544/445/445/445 -/Y/-/Y 2");
    const Diagram d = formats::make_glacial_diagram(p);
    ASSERT_TRUE(d.legend);
    EXPECT_EQ(d.legend->title, "Green to move");
    std::vector<std::pair<std::string, int>> entries;
    for (const auto& e : d.legend->entries) entries.emplace_back(e.name, e.piece.colour);
    EXPECT_EQ(entries, (std::vector<std::pair<std::string, int>>{
                           {"Royal", 1}, {"Left", 2}, {"Center", 3}, {"Right", 0}}));
    EXPECT_EQ(d.legend->entries[0].piece.direction, 2);
    // The seed's example after ply 1: Green and Red in check by Yellow; their lone Royals marked.
    EXPECT_EQ(d.status, "Green to move; in check: Green (by Yellow), Red (by Yellow)");
    EXPECT_EQ(d.cell(2, 4).marks, formats::MarkCheck);  // c5, Green's lone Royal
    EXPECT_EQ(d.cell(6, 4).marks, formats::MarkCheck);  // g5, Red's
    const std::string text = formats::render_text_diagram(d);
    EXPECT_NE(text.find("\nFamilies: Royal g, Left b, Center r, Right y\n"), std::string::npos);
}

TEST(GlacialDiagram, LastPlyMarksItsSquares) {
    glacial::Position p = glacial::Position::start();
    const auto move = glacial::Move::move(glacial::make_square(4, 2), glacial::make_square(4, 3));
    p.play(move);
    const Diagram d = formats::make_glacial_diagram(p, move);
    EXPECT_EQ(d.cell(4, 2).marks, formats::MarkLastFrom);
    EXPECT_EQ(d.cell(4, 3).marks, formats::MarkLastTo);
    const std::string svg = formats::render_svg(d);
    EXPECT_NE(svg.find(R"(data-square="e4" data-piece="Yy1" data-owner="Y" data-colour="y" )"
                       R"(data-nest="1" data-quadrant="Y" data-marks="last-to")"),
              std::string::npos);
}

TEST(GlacialDiagram, GameOverHasNoLegend) {
    // The end of samples/glacial/yellow-wins.pgn.
    const glacial::Position p = parse(
        "9/Xg2,3,Yg3,Xb1,3/3,Yb2,3,Yr2,1/4,Yy3,4/5,Yy1,3/7,Xr1,Yb2/4,Yy2,4/9/5,Yy1,1,Yr2,1 - "
        "y1y1y1y2y2y2y2g1g1g1g1g2g2g2g2b1b1b1b1b2b2b2b3r1r1r1r1r2r3/-/-/- 004/104/004/024 -/-/-/- "
        "119");
    const Diagram d = formats::make_glacial_diagram(p);
    EXPECT_FALSE(d.legend);
    EXPECT_EQ(d.status, "Yellow wins (1-0-0-0)");
}

// Every ply of a sample, replayed.
std::unique_ptr<test::Replayed> replay_sample(const std::string& name) {
    auto s = std::make_unique<test::Replayed>(
        test::replay_text(read_file(source_path("samples/glacial/" + name))));
    EXPECT_TRUE(std::holds_alternative<formats::GlacialStart>(s->game.setup.start));
    return s;
}

TEST(GlacialDiagramSvg, DataAttributesMatchThePositionStringAtEveryPlyOfTheSamples) {
    for (const char* name : {"yellow-wins.pgn", "green-wins.pgn", "blue-wins.pgn"}) {
        const auto sample     = replay_sample(name);
        const auto& positions = sample->glacial.positions;
        ASSERT_GT(positions.size(), 100u) << name;
        for (std::size_t k = 0; k < positions.size(); ++k) {
            const std::string position = formats::make_glacial_position(positions[k]);
            const Diagram d            = formats::make_glacial_diagram(positions[k]);
            for (const bool flip : {false, true}) {
                const std::string svg = formats::render_svg(d, {.flip = flip});
                int groups            = 0;
                const auto squares    = svg_squares(svg, &groups);
                EXPECT_EQ(groups, 81) << name << " ply " << k;
                EXPECT_EQ(squares, position_string_squares(position)) << name << " ply " << k;
                EXPECT_NE(svg.find("data-position=\"" + position + "\""), std::string::npos);
            }
        }
    }
}

TEST(GlacialDiagramSvg, PanelsLegendAndShapes) {
    const auto sample = replay_sample("blue-wins.pgn");
    // Ply 38: Green holds b2b2b2, Blue g1g1b1, Red b3; a 2-3 nest (Gb23) on i1.
    const auto& position  = sample->glacial.positions.at(38);
    const std::string svg = formats::render_svg(formats::make_glacial_diagram(position));
    for (const char* panel : {"Yellow", "Green", "Blue", "Red", "Stash"})
        EXPECT_NE(svg.find(std::string(R"(<g data-panel=")") + panel + "\">"), std::string::npos)
            << panel;
    EXPECT_NE(svg.find(R"(<g data-legend="families">)"), std::string::npos);
    // The nest on i1 is its two pyramids, the large one first, both turned east.
    const auto i1          = svg.find(R"(data-square="i1")");
    const auto end         = svg.find("</g>", i1);
    const std::string cell = svg.substr(i1, end - i1);
    const auto large       = cell.find("#floe-pyramid-2-3");
    const auto medium      = cell.find("#floe-pyramid-2-2");
    ASSERT_NE(large, std::string::npos) << cell;
    ASSERT_NE(medium, std::string::npos) << cell;
    EXPECT_LT(large, medium);
    EXPECT_NE(cell.find("rotate(90 22.5 22.5)"), std::string::npos) << cell;
    // Vector only: no text, font, image or outside reference.
    EXPECT_EQ(svg.find("<text"), std::string::npos);
    EXPECT_EQ(svg.find("font"), std::string::npos);
    EXPECT_EQ(svg.find("<image"), std::string::npos);
    for (auto at = svg.find("href=\""); at != std::string::npos; at = svg.find("href=\"", at + 1)) {
        const auto begin       = at + 6;
        const std::string href = svg.substr(begin, svg.find('"', begin) - begin);
        ASSERT_EQ(href[0], '#') << href;
        EXPECT_NE(svg.find("id=\"" + href.substr(1) + "\""), std::string::npos) << href;
    }
}

}  // namespace
}  // namespace floe::test
