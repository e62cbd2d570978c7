#pragma once
// Glacial Shift as a variant name (notation.md §2).

#include <string_view>

namespace floe::rules::glacial {

/// The canonical tag spelling, "Glacial Shift".
constexpr std::string_view VariantName = "Glacial Shift";

/// True when a Variant tag or --variant value names Glacial Shift, matched ignoring case,
/// spaces, '-' and '_' (notation.md §2).
bool is_glacial_variant(std::string_view name);

}  // namespace floe::rules::glacial
