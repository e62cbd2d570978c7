#include "cli/warn_option.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "cli/usage.hpp"
#include "rules/warning_codes.hpp"

namespace floe::cli {

namespace {

// Levenshtein distance: insertions, deletions and substitutions of one character.
std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    std::iota(row.begin(), row.end(), std::size_t{0});
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0]               = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j]   = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = above;
        }
    }
    return row[b.size()];
}

}  // namespace

std::string_view nearest_code_name(std::string_view name) {
    std::string_view best;
    std::size_t best_distance = SIZE_MAX;
    for (std::size_t i = 0; i < static_cast<std::size_t>(rules::DiagCode::Count_); ++i) {
        const std::string_view code = rules::code_name(static_cast<rules::DiagCode>(i));
        if (const std::size_t d = edit_distance(name, code); d < best_distance) {
            best          = code;
            best_distance = d;
        }
    }
    return best;
}

SeverityOverrides parse_warn_options(const std::vector<std::string>& values) {
    SeverityOverrides overrides;
    for (const std::string& value : values) {
        const std::size_t eq = value.find('=');
        if (eq == std::string::npos)
            throw UsageError(fmt::format(
                "--warn: \"{}\" is not CODE=LEVEL (LEVEL: off, warning or error)", value));
        const std::string_view name               = std::string_view(value).substr(0, eq);
        const std::string_view level              = std::string_view(value).substr(eq + 1);
        const std::optional<rules::DiagCode> code = rules::find_code(name);
        if (!code)
            throw UsageError(fmt::format("--warn: unknown code \"{}\" (did you mean \"{}\"?)", name,
                                         nearest_code_name(name)));
        if (!rules::is_warning_code(*code))
            throw UsageError(fmt::format(
                "--warn: {} is always an error, and an error cannot be lowered: a broken game is "
                "never hidden",
                name));
        WarnLevel chosen = WarnLevel::Default;
        if (level == "off")
            chosen = WarnLevel::Off;
        else if (level == "warning")
            chosen = WarnLevel::Warning;
        else if (level == "error")
            chosen = WarnLevel::Error;
        else
            throw UsageError(fmt::format(
                "--warn {}: unknown level \"{}\" (expected off, warning or error)", name, level));
        overrides.level[static_cast<std::size_t>(*code)] = chosen;
    }
    return overrides;
}

std::optional<rules::Severity> effective_severity(const rules::Diagnostic& d,
                                                  const SeverityOverrides& overrides) {
    if (d.severity == rules::Severity::Error && !d.strict) return d.severity;
    switch (overrides.of(d.code)) {
        case WarnLevel::Off:
            return std::nullopt;
        case WarnLevel::Warning:
            return rules::Severity::Warning;
        case WarnLevel::Error:
            return rules::Severity::Error;
        case WarnLevel::Default:
            break;
    }
    return d.severity;
}

}  // namespace floe::cli
