#pragma once
// Board patterns for `select --pattern` (docs/rules/selection.md §2): the board field of a FEN
// or of a Glacial Shift position string, with `?` for a square whose content does not matter.

#include <array>
#include <string_view>
#include <variant>

#include "rules/chess/position.hpp"
#include "rules/glacial/position.hpp"
#include "rules/selection/parse_error.hpp"
#include "rules/variants.hpp"

namespace floe::rules::selection {

class BoardPattern {
public:
    /// The engine whose boards the pattern describes: chess for 8 ranks, Glacial Shift for 9
    /// (docs/rules/selection.md §2.3).
    Engine engine() const { return engine_; }

    /// True when every square of a chess pattern fits `position`'s board
    /// (docs/rules/selection.md §2.1): `?` any content; a digit's squares empty (no piece, no
    /// ice); a piece letter that piece; `*` an ice cube. False for a Glacial Shift pattern.
    bool matches(const chess::Position& position) const;

    /// True when every square of a Glacial Shift pattern fits `position`'s board
    /// (docs/rules/selection.md §2.2): `?` any content; a run's squares empty; a cell exactly
    /// that cell, spent mark included. False for a chess pattern.
    bool matches(const glacial::Position& position) const;

private:
    friend Parsed<BoardPattern> parse_board_pattern(std::string_view text);

    // A chess pattern as bitboards: on the squares in `care`, each piece set and the ice must be
    // exactly `pieces` and `ice`.
    struct ChessSquares {
        chess::Bitboard care = 0;
        std::array<std::array<chess::Bitboard, 6>, 2> pieces{};  // [colour][type]
        chess::Bitboard ice = 0;
    };
    // A Glacial Shift pattern: the cell each square must hold, where `care` is set.
    struct GlacialSquares {
        std::array<bool, glacial::SquareCount> care{};
        std::array<glacial::Cell, glacial::SquareCount> cells{};
    };

    Engine engine_ = Engine::Chess;
    ChessSquares chess_;
    GlacialSquares glacial_;
};

/// Reads a board pattern (docs/rules/selection.md §2): the board field of a FEN (8 ranks) or of
/// a Glacial Shift position string (9 ranks), rank 8 or 9 first, where `?` stands for one square
/// of any content. Blanks before and after are ignored.
///
/// Returns the pattern, or the first error with its column (§2.4): a rank count other than 8 or
/// 9 ("a board pattern has 8 ranks (chess) or 9 (Glacial Shift), not 3"); a rank covering too
/// few or too many squares ("rank 3 covers 9 squares (expected 8)"); an unknown character
/// ("'x' is not a piece letter, `*`, `?` or a digit"); a `0` run; in Glacial Shift a cell that
/// is no cell (an empty one, unknown owner, colour or size letters, sizes not ascending and
/// consecutive, an upright cell of several pyramids, `'` on an upright pyramid).
Parsed<BoardPattern> parse_board_pattern(std::string_view text);

}  // namespace floe::rules::selection
