// Diagnostic codes: every code has a unique public name, documented in docs/diagnostics.md
// (docs/rules/notation.md §8.4), and warnings group as §8.3 says.
#include "rules/diagnostic.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "support/test_support.hpp"

namespace floe::rules {
namespace {

TEST(Diagnostic, EveryCodeHasAUniqueDocumentedName) {
    const std::string docs = test::read_file(test::source_path("docs/diagnostics.md"));
    std::set<std::string_view> seen;
    for (int i = 0; i < static_cast<int>(DiagCode::Count_); ++i) {
        const std::string_view name = code_name(static_cast<DiagCode>(i));
        ASSERT_FALSE(name.empty()) << i;
        EXPECT_TRUE(seen.insert(name).second) << name << " is used twice";
        EXPECT_NE(docs.find("| `" + std::string(name) + "` |"), std::string::npos)
            << name << " is not in docs/diagnostics.md";
    }
    EXPECT_EQ(code_name(DiagCode::IllegalMove), "illegal-move");
    EXPECT_EQ(code_name(DiagCode::ResultContradictsEnd), "result-contradicts-end");
}

TEST(Diagnostic, WarningsOfOneKindAreGroupedAtTheEarliestWithTheirCount) {
    DiagnosticLog log;
    log.group(DiagCode::Figurine, {20, 23}, "piece written as a figurine",
              "pieces written as figurines", 8);
    log.group(DiagCode::CastlingZero, {9, 12}, "castling with zeros", "castlings with zeros");
    // Found later, earlier in the text (a variation read after the main line's end).
    log.group(DiagCode::Figurine, {4, 7}, "piece written as a figurine",
              "pieces written as figurines", 3);
    const std::vector<Diagnostic>& out = log.list();
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(out[0].message, "2 pieces written as figurines");
    EXPECT_EQ(out[0].count, 2);
    EXPECT_EQ(out[0].span.begin, 4u);  // the earliest occurrence
    EXPECT_EQ(out[0].ply, 3u);
    EXPECT_EQ(out[0].severity, Severity::Warning);
    EXPECT_EQ(out[1].message, "castling with zeros");
    EXPECT_EQ(out[1].count, 1);
}

// A move token is quoted whole up to 200 code points, else its first 200 and `…` (memory
// bounds, docs/rules/notation.md §8.1): no character is split, an invalid byte counts one.
TEST(Diagnostic, ALongTokenIsQuotedUpTo200CodePoints) {
    const std::string exact(200, 'z');
    EXPECT_EQ(quoted_token(exact), exact);
    EXPECT_EQ(quoted_token(exact + "z"), exact + "\xE2\x80\xA6");
    std::string wide;  // 201 two-byte characters
    for (int i = 0; i < 201; ++i) wide += "\xC3\xA9";
    EXPECT_EQ(quoted_token(wide), wide.substr(0, 400) + "\xE2\x80\xA6");
    const std::string invalid = std::string(199, 'z') + "\xE9\xE9";
    EXPECT_EQ(quoted_token(invalid), std::string(199, 'z') + "\xE9\xE2\x80\xA6");
    const std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";  // 43: whole
    EXPECT_EQ(quoted_token(fen), fen);
}

}  // namespace
}  // namespace floe::rules
