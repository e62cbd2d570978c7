// rules::is_warning_code agrees with the Severity column of docs/diagnostics.md, the codes a user
// may change with --warn.
#include "rules/warning_codes.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "support/test_support.hpp"

namespace floe::rules {
namespace {

TEST(WarningCodes, AgreeWithTheSeverityColumnOfDiagnosticsMd) {
    std::istringstream doc(test::read_file(test::source_path("docs/diagnostics.md")));
    int rows = 0;
    for (std::string line; std::getline(doc, line);) {
        // | `code` | severity | meaning |
        if (line.rfind("| `", 0) != 0) continue;
        const std::size_t end              = line.find('`', 3);
        const std::string name             = line.substr(3, end - 3);
        const std::optional<DiagCode> code = find_code(name);
        if (!code) continue;  // a row of another table (the Glacial Shift rules)
        const std::size_t bar      = line.find('|', end);
        const std::string severity = line.substr(bar + 1, line.find('|', bar + 1) - bar - 1);
        // unsupported-variant is an error, but a warning in convert (its Meaning says so).
        const bool warning = severity.find("warning") != std::string::npos ||
                             line.find("In `convert` a warning") != std::string::npos;
        EXPECT_EQ(is_warning_code(*code), warning) << name;
        ++rows;
    }
    EXPECT_EQ(rows, static_cast<int>(DiagCode::Count_));
}

TEST(WarningCodes, IllegalMoveIsAlwaysAnErrorAndCastlingZeroAWarning) {
    EXPECT_FALSE(is_warning_code(DiagCode::IllegalMove));
    EXPECT_FALSE(is_warning_code(DiagCode::GameTooLarge));
    EXPECT_TRUE(is_warning_code(DiagCode::CastlingZero));
    EXPECT_TRUE(is_warning_code(DiagCode::FenCounter));
}

}  // namespace
}  // namespace floe::rules
