#pragma once
// `--warn CODE=off|warning|error`: a user's severity for one warning code (docs/diagnostics.md).

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/diagnostic.hpp"

namespace floe::cli {

/// What --warn asked of one code.
enum class WarnLevel : std::uint8_t { Default, Off, Warning, Error };

/// The --warn choices of a run, one level per code.
struct SeverityOverrides {
    std::array<WarnLevel, static_cast<std::size_t>(rules::DiagCode::Count_)> level{};

    WarnLevel of(rules::DiagCode code) const { return level[static_cast<std::size_t>(code)]; }
};

/// Reads the values of --warn ("CODE=LEVEL", LEVEL off, warning or error; a later one for the
/// same code wins). Throws UsageError, naming why, for a value without `=`, an unknown level (with
/// the levels), an unknown code (with the nearest code: "--warn: unknown code \"ilegal-move\";
/// did you mean \"illegal-move\"?", or when none is near the codes --warn can change: "--warn:
/// \"bogus\" is not one of unterminated-tag-value, ..."), and a code that is always an error
/// (rules::is_warning_code; "an error cannot be lowered"). docs/rules/notation.md §8.4.
SeverityOverrides parse_warn_options(const std::vector<std::string>& values);

/// The severity `d` is shown and counted with under `overrides`, or nullopt when it is turned
/// off. An error stays an error; a warning that --strict made an error (`d.strict`) is a warning
/// to --warn, so that the per-code choice wins over --strict.
std::optional<rules::Severity> effective_severity(const rules::Diagnostic& d,
                                                  const SeverityOverrides& overrides);

/// The code whose name is near `name` (nearest_word among every code's name: a warning's or an
/// error's), for "did you mean"; "" when none is near.
std::string nearest_code_name(std::string_view name);

/// The names of the diagnostic codes, in code order: every code, or (`warnings_only`) the codes
/// --warn can change (rules::is_warning_code).
std::vector<std::string> code_names(bool warnings_only);

}  // namespace floe::cli
