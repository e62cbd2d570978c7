#include "rules/chess/variant.hpp"

#include <array>
#include <string>

namespace floe::rules::chess {

namespace {

constexpr std::string_view OrthodoxStart =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr std::string_view IceAgeStart =
    "rnbqkbnr/pppppppp/********/********/********/********/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Orthodox chess (FIDE Laws): no ice, no Ice Age, a king on each side always.
constexpr Variant Standard{
    .name                   = "Standard",
    .rules_name             = "standard chess",
    .start_fen              = OrthodoxStart,
    .ice                    = false,
    .ice_age_period         = 0,
    .legality               = IceAgeLegality::BeforeIceAge,
    .kings_may_be_missing   = false,
    .lenient_disambiguation = false,
    .pockets                = false,
};

// Ice Age Chess as BrainKing plays it (ice-age-chess.md): ice cubes, an Ice Age after Black's
// 20th, 40th... move, legality judged before the Ice Age, frozen kings end the game.
constexpr Variant IceAge{
    .name                   = "Ice Age",
    .rules_name             = "Ice Age Chess",
    .start_fen              = IceAgeStart,
    .ice                    = true,
    .ice_age_period         = 20,
    .legality               = IceAgeLegality::BeforeIceAge,
    .kings_may_be_missing   = true,
    .lenient_disambiguation = false,
    .pockets                = false,
};

// Ice Age as vchess implements it (notation.md §2): legality judged after the Ice Age, and
// records without the disambiguation SAN needs.
constexpr Variant IceAgeVchess{
    .name                   = "Ice Age vchess",
    .rules_name             = "Ice Age Chess (vchess)",
    .start_fen              = IceAgeStart,
    .ice                    = true,
    .ice_age_period         = 20,
    .legality               = IceAgeLegality::AfterIceAge,
    .kings_may_be_missing   = true,
    .lenient_disambiguation = true,
    .pockets                = false,
};

// Crazyhouse (notation.md §2): orthodox chess where captured pieces change sides into the
// capturer's pocket and may be dropped instead of moving.
constexpr Variant Crazyhouse{
    .name                   = "Crazyhouse",
    .rules_name             = "Crazyhouse",
    .start_fen              = OrthodoxStart,
    .ice                    = false,
    .ice_age_period         = 0,
    .legality               = IceAgeLegality::BeforeIceAge,
    .kings_may_be_missing   = false,
    .lenient_disambiguation = false,
    .pockets                = true,
};

struct Alias {
    std::string_view key;  ///< normalised: lower case, without spaces, '-' and '_'
    const Variant* variant;
};

// notation.md §2: each canonical name and its aliases.
constexpr std::array<Alias, 10> Aliases = {{
    {"iceage", &IceAge},
    {"iceagechess", &IceAge},
    {"iceagevchess", &IceAgeVchess},
    {"standard", &Standard},
    {"chess", &Standard},
    {"orthodox", &Standard},
    {"regular", &Standard},
    {"fromposition", &Standard},
    {"crazyhouse", &Crazyhouse},
    {"zh", &Crazyhouse},
}};

}  // namespace

const Variant& standard_variant() { return Standard; }
const Variant& ice_age_variant() { return IceAge; }
const Variant& ice_age_vchess_variant() { return IceAgeVchess; }
const Variant& crazyhouse_variant() { return Crazyhouse; }

const Variant* find_variant(std::string_view name) {
    std::string key;
    key.reserve(name.size());
    for (const char c : name) {
        if (c == ' ' || c == '-' || c == '_') continue;
        key.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
    }
    for (const Alias& alias : Aliases) {
        if (alias.key == key) return alias.variant;
    }
    return nullptr;
}

}  // namespace floe::rules::chess
