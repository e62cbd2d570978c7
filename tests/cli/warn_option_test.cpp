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
              "--warn: unknown code \"ilegal-move\"; did you mean \"illegal-move\"?");
    EXPECT_EQ(usage_error({"castling-zero"}),
              "--warn: \"castling-zero\" is not CODE=LEVEL (LEVEL: off, warning or error)");
    EXPECT_EQ(usage_error({"castling-zero=loud"}),
              "--warn castling-zero: \"loud\" is not one of off, warning, error");
    EXPECT_EQ(usage_error({"castling-zero=warnign"}),
              "--warn castling-zero: unknown level \"warnign\"; did you mean \"warning\"?");
    EXPECT_EQ(nearest_code_name("castling-zeros"), "castling-zero");
}

// A code is compared with codes and only named when near (issue 27: "bogus" was answered with
// "figurine"); with none near, the codes --warn can change are listed, no error code among them.
TEST(WarnOption, AnUnknownCodeWithNothingNearListsTheWarningCodes) {
    EXPECT_EQ(nearest_code_name("bogus"), "");
    const std::string message = usage_error({"bogus=off"});
    EXPECT_EQ(message.rfind("--warn: \"bogus\" is not one of unterminated-tag-value, "
                            "tag-line-break, tag-escape, ",
                            0),
              0u)
        << message;
    EXPECT_NE(message.find(", castling-zero, "), std::string::npos) << message;
    EXPECT_EQ(message.find("illegal-move"), std::string::npos) << message;
    EXPECT_EQ(code_names(true).size(), 53u);
    EXPECT_EQ(message.find("did you mean"), std::string::npos) << message;
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
