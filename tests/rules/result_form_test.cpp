// rules::read_result (docs/rules/notation.md §1.9): every form of a result floe reads, what it
// stands for, and the look-alikes that are no result.

#include "rules/result_form.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rules/variants.hpp"

namespace floe::test {
namespace {

using rules::ResultKind;

struct Expected {
    std::string token;
    ResultKind kind;
    std::string result;
    std::string points;
    bool castling = false;
};

TEST(ReadResult, EveryForm) {
    const std::vector<Expected> cases = {
        {"1-0", ResultKind::Exact, "1-0", "1-0"},
        {"0-1", ResultKind::Exact, "0-1", "0-1"},
        {"1/2-1/2", ResultKind::Exact, "1/2-1/2", "1/2-1/2"},
        {"*", ResultKind::Exact, "*", ""},
        {"1:0", ResultKind::Lenient, "1-0", "1-0"},
        {"0:1", ResultKind::Lenient, "0-1", "0-1"},
        {"1/2:1/2", ResultKind::Lenient, "1/2-1/2", "1/2-1/2"},
        {"0.5-0.5", ResultKind::Lenient, "1/2-1/2", "1/2-1/2"},
        {"0,5:0,5", ResultKind::Lenient, "1/2-1/2", "1/2-1/2"},
        {"1/2", ResultKind::Lenient, "1/2-1/2", "1/2-1/2"},
        {"\xC2\xBD", ResultKind::Lenient, "1/2-1/2", "1/2-1/2"},
        {"\xC2\xBD-\xC2\xBD", ResultKind::Lenient, "1/2-1/2", "1/2-1/2"},
        {"1\xE2\x80\x93"
         "0",
         ResultKind::Lenient, "1-0", "1-0"},
        {"0\xEF\xBC\x8D"
         "1",
         ResultKind::Lenient, "0-1", "0-1"},
        {"+:-", ResultKind::Forfeit, "1-0", "1-0"},
        {"--+", ResultKind::Forfeit, "0-1", "0-1"},
        {"-:-", ResultKind::Forfeit, "", "0-0"},
        {"0:0", ResultKind::NoPgnForm, "", "0-0"},
        {"0-0", ResultKind::NoPgnForm, "", "0-0", true},
        {"0\xE2\x80\x93"
         "0",
         ResultKind::NoPgnForm, "", "0-0", true},
        {"\xC2\xBD-0", ResultKind::NoPgnForm, "", "1/2-0"},
        {"0-0.5", ResultKind::NoPgnForm, "", "0-1/2"},
    };
    for (const Expected& e : cases) {
        const rules::ResultReading r = rules::read_result(e.token, nullptr);
        EXPECT_EQ(r.kind, e.kind) << e.token;
        EXPECT_EQ(r.result, e.result) << e.token;
        EXPECT_EQ(r.points, e.points) << e.token;
        EXPECT_EQ(r.castling_lookalike, e.castling) << e.token;
    }
}

TEST(ReadResult, LookAlikesAreNoResult) {
    for (const std::string token : {"", "1", "0", "12.", "1.", "--", "+-", "-+", "+/-", "-/+",
                                    "1-1", "1-0-0-0", "0-0-0", "0-0+", "1-0x", "O-O", "1/2-"})
        EXPECT_EQ(rules::read_result(token, nullptr).kind, ResultKind::NotAResult) << token;
}

TEST(ReadResult, GlacialShiftMarkersOnlyInGlacialShift) {
    const rules::VariantEntry* glacial = &rules::engine_variant(rules::Engine::GlacialShift);
    const rules::VariantEntry* chess   = &rules::default_variant();
    for (const std::string token : {"1-0-0-0", "0-1-0-0", "0-0-1-0", "0-0-0-1"}) {
        EXPECT_EQ(rules::read_result(token, glacial).kind, ResultKind::Exact) << token;
        EXPECT_EQ(rules::read_result(token, glacial).result, token) << token;
        EXPECT_EQ(rules::read_result(token, chess).kind, ResultKind::NotAResult) << token;
        EXPECT_EQ(rules::read_result(token, nullptr).kind, ResultKind::NotAResult) << token;
    }
}

TEST(ReadResult, CodesAndMessages) {
    const auto code = [](std::string_view t) {
        return rules::code_name(rules::result_code(rules::read_result(t, nullptr)));
    };
    EXPECT_EQ(code("1:0"), "result-form");
    EXPECT_EQ(code("1\xE2\x80\x94"
                   "0"),
              "unicode-result");
    EXPECT_EQ(code("+:-"), "forfeit-result");
    EXPECT_EQ(code("0:0"), "non-pgn-result");
    EXPECT_EQ(code("?"), "non-pgn-result");
    EXPECT_EQ(rules::result_message("1\xE2\x80\x94"
                                    "0",
                                    rules::read_result("1\xE2\x80\x94"
                                                       "0",
                                                       nullptr),
                                    true),
              "Result tag: result written 1\xE2\x80\x94"
              "0 with U+2014 EM DASH (canonical: 1-0)");
}

}  // namespace
}  // namespace floe::test
