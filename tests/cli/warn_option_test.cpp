// --warn CODE=LEVEL (cli/warn_option.hpp) and the colour decision (cli/color.hpp), as functions.
#include "cli/warn_option.hpp"

#include <gtest/gtest.h>

#include "cli/color.hpp"
#include "cli/usage.hpp"

namespace floe::cli {
namespace {

std::string usage_error(const std::vector<std::string>& values) {
    try {
        parse_warn_options(values);
    } catch (const UsageError& e) {
        return e.what();
    }
    return "no error";
}

TEST(WarnOption, ReadsEachLevelAndTheLastForACodeWins) {
    const SeverityOverrides o = parse_warn_options(
        {"castling-zero=off", "missing-check-mark=error", "figurine=error", "figurine=warning"});
    EXPECT_EQ(o.of(rules::DiagCode::CastlingZero), WarnLevel::Off);
    EXPECT_EQ(o.of(rules::DiagCode::MissingCheckMark), WarnLevel::Error);
    EXPECT_EQ(o.of(rules::DiagCode::Figurine), WarnLevel::Warning);
    EXPECT_EQ(o.of(rules::DiagCode::LanMove), WarnLevel::Default);
}

TEST(WarnOption, AnErrorCannotBeLoweredAndAnUnknownCodeNamesTheNearest) {
    EXPECT_EQ(usage_error({"illegal-move=off"}),
              "--warn: illegal-move is always an error, and an error cannot be lowered: a broken "
              "game is never hidden");
    EXPECT_EQ(usage_error({"ilegal-move=off"}),
              "--warn: unknown code \"ilegal-move\" (did you mean \"illegal-move\"?)");
    EXPECT_EQ(usage_error({"castling-zero"}),
              "--warn: \"castling-zero\" is not CODE=LEVEL (LEVEL: off, warning or error)");
    EXPECT_EQ(usage_error({"castling-zero=loud"}),
              "--warn castling-zero: unknown level \"loud\" (expected off, warning or error)");
    EXPECT_EQ(nearest_code_name("castling-zeros"), "castling-zero");
}

TEST(WarnOption, EffectiveSeverityKeepsErrorsAndTreatsStrictAsAWarning) {
    const SeverityOverrides o = parse_warn_options({"castling-zero=off", "fen-counter=error"});
    rules::Diagnostic d       = rules::make_warning(rules::DiagCode::CastlingZero, {}, "0-0");
    EXPECT_EQ(effective_severity(d, o), std::nullopt);
    d.severity = rules::Severity::Error;  // --strict made it an error
    d.strict   = true;
    EXPECT_EQ(effective_severity(d, o), std::nullopt);
    const rules::Diagnostic counter_error =
        rules::make_error(rules::DiagCode::FenCounter, {}, "not a number");
    EXPECT_EQ(effective_severity(counter_error, parse_warn_options({"fen-counter=off"})),
              rules::Severity::Error);
    const rules::Diagnostic counter_warning =
        rules::make_warning(rules::DiagCode::FenCounter, {}, "missing counters");
    EXPECT_EQ(effective_severity(counter_warning, o), rules::Severity::Error);
    const rules::Diagnostic figurine = rules::make_warning(rules::DiagCode::Figurine, {}, "♘");
    EXPECT_EQ(effective_severity(figurine, o), rules::Severity::Warning);
}

TEST(Color, AutoOnlyOnATerminalWithoutNoColor) {
    EXPECT_TRUE(use_color(ColorChoice::Auto, true, nullptr));
    EXPECT_TRUE(use_color(ColorChoice::Auto, true, ""));
    EXPECT_FALSE(use_color(ColorChoice::Auto, true, "1"));
    EXPECT_FALSE(use_color(ColorChoice::Auto, false, nullptr));
    EXPECT_TRUE(use_color(ColorChoice::Always, false, "1"));
    EXPECT_FALSE(use_color(ColorChoice::Never, true, nullptr));
}

}  // namespace
}  // namespace floe::cli
