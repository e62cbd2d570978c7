#include "rules/variants.hpp"

#include <array>

#include "rules/common/ascii.hpp"

namespace floe::rules {

namespace {

using chess::IceAgeLegality;

constexpr std::string_view OrthodoxStart =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr std::string_view IceAgeStart =
    "rnbqkbnr/pppppppp/********/********/********/********/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Orthodox chess (FIDE Laws): no ice, no Ice Age, a king on each side always.
constexpr chess::Variant Standard{
    .name                   = "Standard",
    .rules_name             = "standard chess",
    .start_fen              = OrthodoxStart,
    .ice                    = false,
    .ice_age_period         = 0,
    .legality               = IceAgeLegality::BeforeIceAge,
    .kings_may_be_missing   = false,
    .lenient_disambiguation = false,
    .pockets                = false,
    .castling_960           = false,
};

// Ice Age Chess as BrainKing plays it (docs/rules/ice-age-chess.md): ice cubes, an Ice Age after
// Black's 20th, 40th... move, legality judged before the Ice Age, frozen kings end the game.
constexpr chess::Variant IceAge{
    .name                   = "Ice Age",
    .rules_name             = "Ice Age Chess",
    .start_fen              = IceAgeStart,
    .ice                    = true,
    .ice_age_period         = 20,
    .legality               = IceAgeLegality::BeforeIceAge,
    .kings_may_be_missing   = true,
    .lenient_disambiguation = false,
    .pockets                = false,
    .castling_960           = false,
};

// Ice Age as vchess implements it (docs/rules/notation.md §2.4): legality judged after the Ice Age,
// and records without the disambiguation SAN needs.
constexpr chess::Variant IceAgeVchess{
    .name                   = "Ice Age vchess",
    .rules_name             = "Ice Age Chess (vchess)",
    .start_fen              = IceAgeStart,
    .ice                    = true,
    .ice_age_period         = 20,
    .legality               = IceAgeLegality::AfterIceAge,
    .kings_may_be_missing   = true,
    .lenient_disambiguation = true,
    .pockets                = false,
    .castling_960           = false,
};

// Crazyhouse (docs/rules/notation.md §2.5): orthodox chess where captured pieces change sides into
// the capturer's pocket and may be dropped instead of moving.
constexpr chess::Variant Crazyhouse{
    .name                   = "Crazyhouse",
    .rules_name             = "Crazyhouse",
    .start_fen              = OrthodoxStart,
    .ice                    = false,
    .ice_age_period         = 0,
    .legality               = IceAgeLegality::BeforeIceAge,
    .kings_may_be_missing   = false,
    .lenient_disambiguation = false,
    .pockets                = true,
    .castling_960           = false,
};

// Chess960 (docs/rules/notation.md §2.6): orthodox chess from any of the 960 start arrays, castling
// with the king and rooks where they stand; a game without a FEN tag starts from the orthodox array
// (position 518). No ice, no pockets.
constexpr chess::Variant Chess960{
    .name                   = "Chess960",
    .rules_name             = "Chess960",
    .start_fen              = OrthodoxStart,
    .ice                    = false,
    .ice_age_period         = 0,
    .legality               = IceAgeLegality::BeforeIceAge,
    .kings_may_be_missing   = false,
    .lenient_disambiguation = false,
    .pockets                = false,
    .castling_960           = true,
};

constexpr std::string_view GlacialShiftName = "Glacial Shift";

// docs/rules/notation.md §2.2: the accepted aliases of each canonical name.
constexpr std::array<std::string_view, 2> IceAgeAliases = {"Iceage", "Ice Age Chess"};
// `Normal` is xboard's and cutechess's name of orthodox chess (`[Variant "normal"]`).
constexpr std::array<std::string_view, 5> StandardAliases   = {"Chess", "Orthodox", "Regular",
                                                               "From Position", "Normal"};
constexpr std::array<std::string_view, 1> CrazyhouseAliases = {"zh"};
constexpr std::array<std::string_view, 3> Chess960Aliases   = {"Fischerandom", "Chess 960", "960"};

constexpr std::array<VariantEntry, 6> Table = {{
    {.name        = IceAge.name,
     .aliases     = IceAgeAliases,
     .engine      = Engine::Chess,
     .chess       = &IceAge,
     .help        = "Ice Age Chess: ice cubes, and an Ice Age after every 20th move of Black",
     .is_default  = true,
     .tag_written = true},
    {.name       = IceAgeVchess.name,
     .aliases    = {},
     .engine     = Engine::Chess,
     .chess      = &IceAgeVchess,
     .help       = "Ice Age Chess as vchess plays it: the Ice Age move is judged after the Ice Age",
     .is_default = false,
     .tag_written = true},
    {.name        = Standard.name,
     .aliases     = StandardAliases,
     .engine      = Engine::Chess,
     .chess       = &Standard,
     .help        = "orthodox chess",
     .is_default  = false,
     .tag_written = false},
    {.name        = Crazyhouse.name,
     .aliases     = CrazyhouseAliases,
     .engine      = Engine::Chess,
     .chess       = &Crazyhouse,
     .help        = "orthodox chess with drops: captured pieces go to the capturer's pocket",
     .is_default  = false,
     .tag_written = true},
    {.name        = Chess960.name,
     .aliases     = Chess960Aliases,
     .engine      = Engine::Chess,
     .chess       = &Chess960,
     .help        = "orthodox chess from any of the 960 Fischer Random start arrays",
     .is_default  = false,
     .tag_written = true},
    {.name        = GlacialShiftName,
     .aliases     = {},
     .engine      = Engine::GlacialShift,
     .chess       = nullptr,
     .help        = "four players on the Glacial Shift board",
     .is_default  = false,
     .tag_written = true},
}};

constexpr bool ignored(char c) { return c == ' ' || c == '-' || c == '_'; }

}  // namespace

std::span<const VariantEntry> variant_table() { return Table; }

bool variant_name_matches(std::string_view written, std::string_view name) {
    std::size_t i = 0, k = 0;
    while (true) {
        while (i < written.size() && ignored(written[i])) ++i;
        while (k < name.size() && ignored(name[k])) ++k;
        if (i == written.size() || k == name.size()) return i == written.size() && k == name.size();
        if (ascii_lower(written[i]) != ascii_lower(name[k])) return false;
        ++i;
        ++k;
    }
}

const VariantEntry* find_variant(std::string_view written) {
    for (const VariantEntry& entry : Table) {
        if (variant_name_matches(written, entry.name)) return &entry;
        for (const std::string_view alias : entry.aliases)
            if (variant_name_matches(written, alias)) return &entry;
    }
    return nullptr;
}

const VariantEntry& default_variant() {
    for (const VariantEntry& entry : Table)
        if (entry.is_default) return entry;
    return Table[0];
}

const VariantEntry& variant_entry(const chess::Variant& variant) {
    for (const VariantEntry& entry : Table)
        if (entry.chess == &variant) return entry;
    return default_variant();  // every chess::Variant is a row; not reached
}

const VariantEntry& engine_variant(Engine engine) {
    for (const VariantEntry& entry : Table)
        if (entry.engine == engine) return entry;
    return Table[0];
}

std::string variant_names(bool quoted) {
    std::string out;
    for (std::size_t i = 0; i < Table.size(); ++i) {
        if (i > 0) out += i + 1 == Table.size() ? " and " : ", ";
        if (quoted) out += '"';
        out += Table[i].name;
        if (quoted) out += '"';
    }
    return out;
}

}  // namespace floe::rules

namespace floe::rules::chess {

const Variant& standard_variant() { return Standard; }
const Variant& ice_age_variant() { return IceAge; }
const Variant& ice_age_vchess_variant() { return IceAgeVchess; }
const Variant& crazyhouse_variant() { return Crazyhouse; }
const Variant& chess960_variant() { return Chess960; }

}  // namespace floe::rules::chess
