#include "cli/warn_option.hpp"

#include <fmt/format.h>

#include "cli/typo_suggestion.hpp"
#include "cli/usage.hpp"
#include "rules/warning_codes.hpp"

namespace floe::cli {

std::vector<std::string> code_names(bool warnings_only) {
    std::vector<std::string> names;
    for (std::size_t i = 0; i < static_cast<std::size_t>(rules::DiagCode::Count_); ++i) {
        const auto code = static_cast<rules::DiagCode>(i);
        if (!warnings_only || rules::is_warning_code(code))
            names.emplace_back(rules::code_name(code));
    }
    return names;
}

std::string nearest_code_name(std::string_view name) {
    return nearest_word(name, code_names(false));
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
        // A code is compared with codes, never with levels or other words: an error code's name
        // is suggested too (its own message then says why it cannot be changed), but only the
        // codes --warn can change are listed.
        if (!code)
            throw UsageError("--warn: " + unknown_value(name, "code", nearest_code_name(name),
                                                        code_names(true)));
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
                "--warn {}: {}", name, unknown_value(level, "level", {"off", "warning", "error"})));
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
