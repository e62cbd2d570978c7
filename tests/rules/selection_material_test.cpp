// Material balances (docs/rules/selection.md §3): exact and "at least" sides, the ice side, the
// four Glacial Shift seats and the upright pyramids, and the reading errors (§3.6).

#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "rules/selection/material.hpp"
#include "tests/rules/chess_helpers.hpp"

namespace floe::test {
namespace {

namespace glacial = rules::glacial;
using rules::Engine;
using rules::selection::Material;
using rules::selection::parse_material;
using rules::selection::ParseError;

Material material(std::string_view text) {
    auto result = parse_material(text);
    if (!result.ok()) {
        ADD_FAILURE() << text << ": column " << result.error().column.value_or(0) << ": "
                      << result.error().reason;
        return {};
    }
    return result.value();
}

ParseError error(std::string_view text) {
    auto result = parse_material(text);
    if (!result.ok()) return result.error();
    ADD_FAILURE() << text << " was read";
    return {};
}

chess::Position standard(std::string_view fen) {
    return fen_position(chess::standard_variant(), fen);
}

const std::string KQvKR = "1k6/1r6/8/8/8/8/5Q2/4K3 w - - 0 1";

// §3.2, §3.4: exact sides.
TEST(SelectionMaterial, ChessExact) {
    const auto m = material("KQ vs KR");
    EXPECT_EQ(m.engine(), Engine::Chess);
    EXPECT_TRUE(m.matches(standard(KQvKR)));
    EXPECT_FALSE(m.matches(standard("1k6/1r6/8/8/8/8/5Q2/4K2P w - - 0 1")));  // a pawn more
    EXPECT_FALSE(m.matches(standard("1k6/1r6/8/8/8/8/5R2/4K3 w - - 0 1")));   // R, not Q
    EXPECT_FALSE(m.matches(standard("1k6/1q6/8/8/8/8/5R2/4K3 w - - 0 1")));   // colours swapped
    EXPECT_FALSE(m.matches(glacial::Position::start()));
    // The order of the letters, their case and blanks do not matter.
    EXPECT_TRUE(material("qk VS r k").matches(standard(KQvKR)));
    EXPECT_TRUE(material("KQvsKR").matches(standard(KQvKR)));
}

// §3.4: `+` after a side: at least those pieces.
TEST(SelectionMaterial, ChessAtLeast) {
    const auto m = material("KQ+ vs KR");
    EXPECT_TRUE(m.matches(standard(KQvKR)));
    EXPECT_TRUE(m.matches(standard("1k6/1r6/8/8/8/8/5Q2/4K1NP w - - 0 1")));
    EXPECT_FALSE(m.matches(standard("1k6/1r6/8/8/8/8/5R2/4K3 w - - 0 1")));
    EXPECT_FALSE(m.matches(standard("1k6/1r6/8/8/8/p7/5Q2/4K3 w - - 0 1")));  // Black exact
    EXPECT_TRUE(material("K+ vs K+").matches(chess::Position::start(chess::standard_variant())));
    EXPECT_TRUE(material("KQ vs KR+").matches(standard("1k6/1r6/8/8/8/p7/5Q2/4K3 w - - 0 1")));
}

// §3.2: the king counts like any piece, so a side whose king froze (Ice Age) is written without.
TEST(SelectionMaterial, ChessKingCounts) {
    const auto kingless = fen_position(chess::ice_age_variant(), "8/8/8/3*4/8/8/8/4K2R b - - 0 1");
    EXPECT_TRUE(material("KR vs -").matches(kingless));
    EXPECT_FALSE(material("KR vs K").matches(kingless));
    EXPECT_FALSE(material("R vs -").matches(kingless));
}

// §3.2: the optional third side counts the ice cubes; without it, ice is not looked at.
TEST(SelectionMaterial, ChessIce) {
    const auto start       = chess::Position::start(chess::ice_age_variant());
    const std::string army = "KQRRBBNNPPPPPPPP vs KQRRBBNNPPPPPPPP";
    EXPECT_TRUE(material(army).matches(start));
    EXPECT_TRUE(material(army + " vs " + std::string(32, '*')).matches(start));
    EXPECT_FALSE(material(army + " vs " + std::string(31, '*')).matches(start));
    EXPECT_TRUE(material(army + " vs " + std::string(31, '*') + "+").matches(start));
    EXPECT_FALSE(material(army + " vs -").matches(start));
    EXPECT_TRUE(
        material(army + " vs -").matches(chess::Position::start(chess::standard_variant())));
}

// §3.5: pockets are not material.
TEST(SelectionMaterial, ChessPocketsLeftOut) {
    const auto& v      = chess::crazyhouse_variant();
    chess::Setup setup = fen_position(v, "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1").to_setup();
    setup.pockets[index(chess::Color::White)][index(chess::PieceType::Rook)] = 1;
    const auto with_rook = chess::Position::from_setup(v, setup);
    EXPECT_TRUE(material("KQ vs K").matches(with_rook));
    EXPECT_FALSE(material("KQR vs K").matches(with_rook));
}

// §3.3: Glacial Shift, four seats by colour and rank; the start position's army.
TEST(SelectionMaterial, GlacialSeats) {
    const auto start = glacial::Position::start();
    // Yellow starts with y3, two y2, three y1, a g2 and two b2
    // (docs/rules/glacial-shift.md §9.1); the other seats the same, their colours turned.
    const auto m = material(
        "y3y2y2y1y1y1g2b2b2 vs g3g2g2g1g1g1b2r2r2 vs b3b2b2b1b1b1r2y2y2 vs "
        "r3r2r2r1r1r1y2g2g2");
    EXPECT_EQ(m.engine(), Engine::GlacialShift);
    EXPECT_TRUE(m.matches(start));
    EXPECT_FALSE(m.matches(chess::Position::start(chess::standard_variant())));
    EXPECT_TRUE(material("y3+ vs - + vs -+ vs r3 r2+").matches(start));
    EXPECT_FALSE(material("y3 vs -+ vs -+ vs -+").matches(start));
    EXPECT_FALSE(material("y3y3+ vs -+ vs -+ vs -+").matches(start));
    EXPECT_FALSE(material("-+ vs y3+ vs -+ vs -+").matches(start));  // y3 is Yellow's
}

// docs/rules/selection.md §3.3: a nest counts by its largest pyramid; the fifth side counts the
// upright pyramids.
TEST(SelectionMaterial, GlacialNestsAndUpright) {
    glacial::Setup setup     = glacial::Position::start().to_setup();
    const glacial::Square d2 = glacial::make_square(3, 1);
    const glacial::Square a5 = glacial::make_square(0, 4);
    setup.board[d2]          = glacial::lying(glacial::Yellow, glacial::Yellow, 3);  // y1 -> y12
    setup.board[a5]          = glacial::upright(glacial::Red, 2);
    --setup.stash[glacial::kind_index(glacial::Yellow, 2)];
    --setup.stash[glacial::kind_index(glacial::Red, 2)];
    const auto p = glacial::Position::from_setup(setup);
    EXPECT_TRUE(material("y3y2y2y2y1y1g2b2b2 vs -+ vs -+ vs -+").matches(p));
    EXPECT_TRUE(material("-+ vs -+ vs -+ vs -+ vs r2").matches(p));
    EXPECT_FALSE(material("-+ vs -+ vs -+ vs -+ vs -").matches(p));
    EXPECT_TRUE(material("-+ vs -+ vs -+ vs -+ vs -").matches(glacial::Position::start()));
}

// §3.6: reading errors.
TEST(SelectionMaterial, Errors) {
    EXPECT_EQ(error("KQ"), (ParseError{1,
                                       "a material balance has 2 or 3 sides (chess: White vs "
                                       "Black, vs the ice) or 4 or 5 (Glacial Shift: Y vs G vs "
                                       "B vs R, vs the upright pyramids), not 1"}));
    EXPECT_EQ(error("KQ vs "), (ParseError{6, "side 2 is empty: write `-` for no pieces"}));
    EXPECT_EQ(error("KX vs K"), (ParseError{2, "'X' is not a piece letter (K Q R B N P)"}));
    EXPECT_EQ(error("K vs K vs *P"), (ParseError{12, "'P' is not `*` (an ice cube)"}));
    EXPECT_EQ(error("K+Q vs K"), (ParseError{3, "`+` comes at the end of a side"}));
    EXPECT_EQ(error("+K vs K"), (ParseError{1, "`+` follows the side's pieces"}));
    EXPECT_EQ(error("K- vs K"), (ParseError{2, "`-` stands alone, for no pieces"}));
    EXPECT_EQ(error("-K vs K"), (ParseError{2, "`-` stands alone, for no pieces"}));
    EXPECT_EQ(error("y3 vs - vs - vs K"), (ParseError{17, "'K' is not a colour letter (y g b r)"}));
    EXPECT_EQ(error("y vs - vs - vs -"),
              (ParseError{2, "a colour letter is followed by a size, 1 2 or 3"}));
    EXPECT_EQ(error("y4 vs - vs - vs -"),
              (ParseError{2, "a colour letter is followed by a size, 1 2 or 3"}));
}

}  // namespace
}  // namespace floe::test
