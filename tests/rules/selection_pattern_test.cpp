// Board patterns (docs/rules/selection.md §2): the board field of a FEN or of a Glacial Shift
// position string, with `?` for any square; and their reading errors with columns (§2.4).

#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "rules/selection/board_pattern.hpp"
#include "tests/rules/chess_helpers.hpp"

namespace floe::test {
namespace {

namespace glacial = rules::glacial;
using rules::Engine;
using rules::selection::BoardPattern;
using rules::selection::parse_board_pattern;
using rules::selection::ParseError;

BoardPattern pattern(std::string_view text) {
    auto result = parse_board_pattern(text);
    if (!result.ok()) {
        ADD_FAILURE() << text << ": column " << result.error().column.value_or(0) << ": "
                      << result.error().reason;
        return {};
    }
    return result.value();
}

ParseError error(std::string_view text) {
    auto result = parse_board_pattern(text);
    if (!result.ok()) return result.error();
    ADD_FAILURE() << text << " was read";
    return {};
}

const chess::Variant& standard() { return chess::standard_variant(); }

// §2.1: the whole board field of a FEN matches its position and no other.
TEST(SelectionPattern, ChessBoardFieldMatchesItsPosition) {
    const auto p = pattern("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    EXPECT_EQ(p.engine(), Engine::Chess);
    const auto start = chess::Position::start(standard());
    EXPECT_TRUE(p.matches(start));
    EXPECT_FALSE(p.matches(after(start, "e2e4")));
    EXPECT_FALSE(p.matches(glacial::Position::start()));
}

// The ranks joined by `/`, rank 8 first. (Written whole, `??/` in a literal is a trigraph to
// the compiler's warnings.)
std::string ranks(std::initializer_list<std::string_view> list) {
    std::string text;
    for (const auto rank : list) {
        if (!text.empty()) text += '/';
        text += rank;
    }
    return text;
}

constexpr std::string_view Any = "????????";

// §2.1: `?` is one square of any content; a digit's squares must be empty.
TEST(SelectionPattern, ChessQuestionMarkIsAnySquare) {
    const auto p = pattern(ranks({"????k???", "8", "8", "8", "8", "8", "8", "????K???"}));
    EXPECT_TRUE(p.matches(fen_position(standard(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1")));
    EXPECT_TRUE(p.matches(fen_position(standard(), "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1")));
    EXPECT_FALSE(p.matches(fen_position(standard(), "4k3/p7/8/8/8/8/8/4K3 w - - 0 1")));
    EXPECT_FALSE(p.matches(fen_position(standard(), "3k4/8/8/8/8/8/8/4K3 w - - 0 1")));
}

// §2.1: `*` is an ice cube; a digit's square holds no ice either.
TEST(SelectionPattern, ChessIce) {
    const auto start = chess::Position::start(chess::ice_age_variant());
    EXPECT_TRUE(pattern(ranks({Any, "pppppppp", "********", Any, Any, "********", "PPPPPPPP", Any}))
                    .matches(start));
    EXPECT_FALSE(pattern(ranks({Any, "pppppppp", "8", Any, Any, "********", "PPPPPPPP", Any}))
                     .matches(start));
    const auto hxg3 = after(start, "h2g3");
    EXPECT_FALSE(pattern(ranks({Any, Any, Any, Any, Any, "********", Any, Any})).matches(hxg3));
    EXPECT_TRUE(
        pattern(ranks({Any, Any, Any, Any, Any, "******P*", "???????1", Any})).matches(hxg3));
}

// §2.1: `~` after a piece letter is read and left out: a promoted queen is a queen on the board.
TEST(SelectionPattern, ChessPromotedMarkLeftOut) {
    const auto& v       = chess::crazyhouse_variant();
    chess::Setup setup  = fen_position(v, "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1").to_setup();
    const auto plain    = chess::Position::from_setup(v, setup);
    setup.promoted      = chess::bit(square_of("a1"));
    const auto promoted = chess::Position::from_setup(v, setup);
    const auto p        = pattern("4k3/8/8/8/8/8/8/Q~3K3");
    EXPECT_TRUE(p.matches(plain));
    EXPECT_TRUE(p.matches(promoted));
}

// §2.4: chess reading errors.
TEST(SelectionPattern, ChessErrors) {
    EXPECT_EQ(error("8/8/8"),
              (ParseError{1, "a board pattern has 8 ranks (chess) or 9 (Glacial Shift), not 3"}));
    EXPECT_EQ(error("8/8/8/8/8/8/8/7"), (ParseError{15, "rank 1 covers 7 squares (expected 8)"}));
    EXPECT_EQ(error("8/8/8?/8/8/8/8/8"), (ParseError{5, "rank 6 covers 9 squares (expected 8)"}));
    EXPECT_EQ(error("8/8/9/8/8/8/8/8"), (ParseError{5, "rank 6 covers 9 squares (expected 8)"}));
    EXPECT_EQ(error("8//8/8/8/8/8/8"), (ParseError{3, "rank 7 covers 0 squares (expected 8)"}));
    EXPECT_EQ(error("8/8/8/8/x7/8/8/8"),
              (ParseError{9, "'x' is not a piece letter, `*`, `?` or a digit"}));
    EXPECT_EQ(error("8/8/8/8/8/8/8/0K7"),
              (ParseError{15, "a run of empty squares counts from 1 to 8, not 0"}));
    EXPECT_EQ(error("8/8/8/8/8/8/8/4K3[Q]"),
              (ParseError{18, "the pockets are not part of a board pattern"}));
    EXPECT_EQ(error("  8/8/8/8/8/8/8/8 w"),
              (ParseError{18, "a board pattern is the board field alone, without blanks"}));
    EXPECT_EQ(error("8/8/8/8/8/8/8/~K7"),
              (ParseError{15, "'~' is not a piece letter, `*`, `?` or a digit"}));
}

// The start of Glacial Shift (docs/rules/notation.md §6.9), its board field.
constexpr std::string_view GlacialStart =
    "2,Bb2,By2,Bb3,By2,Bb2,2/3,Bb1,Br2,Bb1,3/Gg2,3,Bb1,3,Rr2/Gr2,Gg1,5,Rr1,Rg2/"
    "Gg3,Gb2,Gg1,3,Rr1,Ry2,Rr3/Gr2,Gg1,5,Rr1,Rg2/Gg2,3,Yy1,3,Rr2/3,Yy1,Yg2,Yy1,3/"
    "2,Yy2,Yb2,Yy3,Yb2,Yy2,2";

// The first legal ply of the start position, played.
glacial::Position after_first_ply() {
    glacial::Position p = glacial::Position::start();
    glacial::History history;
    history.push(p.board_hash());
    glacial::MoveList list;
    p.legal_moves(list, history);
    p.play(list[0]);
    return p;
}

// docs/rules/selection.md §2.2: the board field of a position string matches its position and no
// other.
TEST(SelectionPattern, GlacialBoardFieldMatchesItsPosition) {
    const auto p = pattern(GlacialStart);
    EXPECT_EQ(p.engine(), Engine::GlacialShift);
    EXPECT_TRUE(p.matches(glacial::Position::start()));
    EXPECT_FALSE(p.matches(after_first_ply()));
    EXPECT_FALSE(p.matches(chess::Position::start(standard())));
}

// A Glacial Shift pattern of `?` cells, with rank 2 (the eighth rank from the top) as given.
std::string glacial_pattern(std::string_view rank2) {
    std::string text;
    for (int k = 0; k < 9; ++k) {
        if (k) text += '/';
        text += k == 7 ? std::string(rank2) : "?,?,?,?,?,?,?,?,?";
    }
    return text;
}

// §2.2: `?` is one cell; a cell must be the same, owner, colour, nest and spent mark.
TEST(SelectionPattern, GlacialCells) {
    const auto start = glacial::Position::start();
    EXPECT_TRUE(pattern(glacial_pattern("3,Yy1,Yg2,Yy1,3")).matches(start));
    EXPECT_TRUE(pattern(glacial_pattern("?,?,?,Yy1,?,?,?,?,?")).matches(start));
    EXPECT_TRUE(pattern(glacial_pattern("?,2,Yy1,?,?,3")).matches(start));
    EXPECT_FALSE(pattern(glacial_pattern("?,?,?,Yy1',?,?,?,?,?")).matches(start));
    EXPECT_FALSE(pattern(glacial_pattern("?,?,?,Gy1,?,?,?,?,?")).matches(start));
    EXPECT_FALSE(pattern(glacial_pattern("?,?,?,Yy12,?,?,?,?,?")).matches(start));
    EXPECT_FALSE(pattern(glacial_pattern("?,?,?,Xy1,?,?,?,?,?")).matches(start));
    EXPECT_FALSE(pattern(glacial_pattern("4,?,?,?,?,?")).matches(start));

    glacial::Setup setup = start.to_setup();
    setup.board[glacial::make_square(3, 1)].sizes |= glacial::SpentBit;
    EXPECT_TRUE(pattern(glacial_pattern("?,?,?,Yy1',?,?,?,?,?"))
                    .matches(glacial::Position::from_setup(setup)));
}

// §2.4: Glacial Shift reading errors; the columns count from the start of the text, whose
// rank 2 begins at column 127, after seven ranks of 17 characters and their slashes.
TEST(SelectionPattern, GlacialErrors) {
    const int at = 7 * 18 + 1;
    EXPECT_EQ(error(glacial_pattern("?,?,?,?,?,?,?,?")),
              (ParseError{at, "rank 2 covers 8 squares (expected 9)"}));
    EXPECT_EQ(error(glacial_pattern("9,?")),
              (ParseError{at, "rank 2 covers 10 squares (expected 9)"}));
    EXPECT_EQ(error(glacial_pattern("8,,")), (ParseError{at + 2, "empty cell"}));
    EXPECT_EQ(error(glacial_pattern("8,0")),
              (ParseError{at + 2, "a run of empty squares counts from 1 to 9, not 0"}));
    EXPECT_EQ(error(glacial_pattern("8,Zy1")),
              (ParseError{at + 2, "'Z' is not a seat letter, `X`, `?` or a digit"}));
    EXPECT_EQ(error(glacial_pattern("8,Yq1")), (ParseError{at + 3, "'q' is not a colour letter"}));
    EXPECT_EQ(error(glacial_pattern("8,Y")),
              (ParseError{at + 2, "a cell needs its colour and size"}));
    EXPECT_EQ(error(glacial_pattern("8,Yy")),
              (ParseError{at + 2, "a cell needs a size 1, 2 or 3"}));
    EXPECT_EQ(error(glacial_pattern("8,Yy13")),
              (ParseError{at + 5, "a nest's sizes are consecutive and ascending"}));
    EXPECT_EQ(error(glacial_pattern("8,Yy21")),
              (ParseError{at + 5, "a nest's sizes are consecutive and ascending"}));
    EXPECT_EQ(error(glacial_pattern("8,Xb12")),
              (ParseError{at + 2, "an upright cell is one pyramid"}));
    EXPECT_EQ(error(glacial_pattern("8,Xb1'")),
              (ParseError{at + 5, "`'` marks a lying piece as spent, not an upright one"}));
    EXPECT_EQ(error(glacial_pattern("8,Yy1x")),
              (ParseError{at + 5, "'x' does not belong in a cell"}));
}

}  // namespace
}  // namespace floe::test
