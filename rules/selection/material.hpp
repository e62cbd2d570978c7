#pragma once
// Material balances for `select --material` (docs/rules/selection.md §3): `KQ vs KR` for
// exactly those pieces, `KQ+ vs KR` for at least White's; a side for the ice cubes; four seats
// of Glacial Shift pyramids, and a side for the upright ones.

#include <array>
#include <string_view>
#include <variant>

#include "rules/chess/position.hpp"
#include "rules/glacial/position.hpp"
#include "rules/selection/parse_error.hpp"
#include "rules/variants.hpp"

namespace floe::rules::selection {

class Material {
public:
    /// Chess for 2 or 3 sides, Glacial Shift for 4 or 5 (docs/rules/selection.md §3.1).
    Engine engine() const { return engine_; }

    /// True when the pieces on `position`'s board fit each side (docs/rules/selection.md §3.2,
    /// §3.4): exactly the counts written, or at least them for a side marked `+`; the ice side,
    /// when given, counts the ice cubes. Pockets do not count (§3.5). False for a Glacial Shift
    /// balance.
    bool matches(const chess::Position& position) const;

    /// True when the lying pieces of each seat, by colour and rank, and the upright pyramids, by
    /// colour and size, when that side is given, fit the balance (docs/rules/selection.md §3.3,
    /// §3.4). Hands and stash do not count (§3.5). False for a chess balance.
    bool matches(const glacial::Position& position) const;

private:
    friend Parsed<Material> parse_material(std::string_view text);

    // One side: counts by chess piece type (Pawn .. King; the ice side uses index 0), or by
    // Glacial Shift kind_index(colour, size).
    struct Side {
        std::array<int, glacial::KindCount> counts{};
        bool at_least = false;
        bool given    = false;
    };
    bool fits(const Side& side, const std::array<int, glacial::KindCount>& have) const;

    Engine engine_ = Engine::Chess;
    std::array<Side, 5> sides_{};  // chess: White, Black, ice; Glacial Shift: Y G B R, upright
};

/// Reads a material balance (docs/rules/selection.md §3.1-§3.3): sides separated by `vs` (any
/// case), blanks ignored, each side its pieces or `-` for none, then `+` for "at least". Chess:
/// `WHITE vs BLACK`, then optionally `vs ICE`, with the letters K Q R B N P (either case) and
/// `*` for an ice cube. Glacial Shift: `Y vs G vs B vs R`, then optionally `vs UPRIGHT`, each
/// piece a colour letter and a size (`y3`).
///
/// Returns the balance, or the first error with its column (§3.6): a side count other than 2
/// to 5; an empty side; a character that is no letter of that side ("'x' is not a piece letter
/// (K Q R B N P)"); `+` not at a side's end; `-` with pieces.
Parsed<Material> parse_material(std::string_view text);

}  // namespace floe::rules::selection
