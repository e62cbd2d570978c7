#pragma once
// The variant table (docs/rules/notation.md §2.2): the one place that names the variants. Each row
// holds a variant's canonical name, its aliases, the engine that plays it, the chess rules data
// where it is a chess variant, and a line of help. The parser, the command line's help and
// validator, the messages and the writers all read it; outside this table no code compares a
// variant's name.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "rules/chess/variant.hpp"

namespace floe::rules {

/// The engine that replays a variant's games.
enum class Engine : std::uint8_t {
    Chess,         ///< rules/chess: Ice Age, orthodox chess and their kin
    GlacialShift,  ///< rules/glacial: the four-player Glacial Shift
};

struct VariantEntry {
    std::string_view name;                      ///< canonical tag spelling, e.g. "Ice Age"
    std::span<const std::string_view> aliases;  ///< other spellings (docs/rules/notation.md §2.2)
    Engine engine               = Engine::Chess;
    const chess::Variant* chess = nullptr;  ///< the rules data; nullptr for Glacial Shift
    std::string_view help;                  ///< one line: what the variant is
    /// The game of a record with no Variant tag and no --variant (docs/rules/notation.md §2.7).
    bool is_default = false;
    /// The canonical writer adds a `Variant` tag naming it when a record has none. False only
    /// for orthodox chess, which PGN itself assumes.
    bool tag_written = true;
};

/// Every variant, in the order the help and the messages list them.
std::span<const VariantEntry> variant_table();

/// True when `written` spells `name`, ignoring ASCII case, spaces, `-` and `_`
/// (docs/rules/notation.md §2.1). Allocation-free.
bool variant_name_matches(std::string_view written, std::string_view name);

/// The row whose name or one of whose aliases `written` spells (variant_name_matches), or
/// nullptr when it names no variant floe plays.
const VariantEntry* find_variant(std::string_view written);

/// The row of the game read when nothing names one (Ice Age).
const VariantEntry& default_variant();

/// The row of a chess variant (by identity, never by name).
const VariantEntry& variant_entry(const chess::Variant& variant);

/// The first row played by `engine`.
const VariantEntry& engine_variant(Engine engine);

/// True when `variant` is played by `engine`; false for nullptr (no variant named, or one floe
/// does not play).
constexpr bool played_by(const VariantEntry* variant, Engine engine) {
    return variant != nullptr && variant->engine == engine;
}

/// The canonical names joined for a sentence: "Ice Age, Ice Age vchess, …, and Glacial Shift";
/// with `quoted`, each in double quotes.
std::string variant_names(bool quoted = false);

}  // namespace floe::rules
