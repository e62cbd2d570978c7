// The `--where` evaluator (rules/selection/where.hpp, docs/where.md): every operator on strings,
// numbers and dates, absent tags, regular expressions, the case-insensitive substring, and what
// the caller is told (fields, needs_replay). Trees are built by hand: no grammar here.

#include "rules/selection/where.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace floe::rules::selection {
namespace {

using Kind  = Expression::Kind;
using Value = std::optional<std::string_view>;

Expression compare(std::string field, Operator op, std::string literal, std::size_t column = 0) {
    Expression e;
    e.comparison = Comparison{std::move(field), op, std::move(literal), column};
    return e;
}

Expression node(Kind kind, std::vector<Expression> operands) {
    Expression e;
    e.kind     = kind;
    e.operands = std::move(operands);
    return e;
}

// Whether a game whose field F has `value` matches `F op literal`.
bool holds(Value value, Operator op, std::string literal) {
    const Where where(compare("F", op, std::move(literal)));
    const std::vector<Value> values = {value};
    return where.matches(values);
}

// The six ordering operators at once, as a string of 0 and 1: == != < <= > >=.
std::string orders(Value value, const std::string& literal) {
    std::string out;
    for (Operator op : {Operator::Equal, Operator::NotEqual, Operator::Less, Operator::LessEqual,
                        Operator::Greater, Operator::GreaterEqual})
        out += holds(value, op, literal) ? '1' : '0';
    return out;
}

TEST(WhereStrings, CompareBytewise) {
    //                           == != <  <= >  >=
    EXPECT_EQ(orders("Ann", "Ann"), "100101");
    EXPECT_EQ(orders("Ann", "Bob"), "011100");
    EXPECT_EQ(orders("b", "B"), "010011");  // `b` is 0x62, `B` 0x42
    EXPECT_EQ(orders("Ann", "Anna"), "011100");
    EXPECT_EQ(orders("", "a"), "011100");
    // Bytes of 0x80 and more are greater than ASCII: unsigned.
    EXPECT_EQ(orders("\xC3\xA9", "z"), "010011");
    // Case matters to `==`.
    EXPECT_EQ(orders("fischer", "Fischer"), "010011");
}

TEST(WhereNumbers, CompareAsNumbersWhenBothAreNumbers) {
    //                             == != <  <= >  >=
    EXPECT_EQ(orders("2500", "2400"), "010011");
    EXPECT_EQ(orders("950", "2400"), "011100");  // as bytes `9` > `2`
    EXPECT_EQ(orders("2400", "2400"), "100101");
    EXPECT_EQ(orders("02400", "2400"), "100101");
    EXPECT_EQ(orders("2400.0", "2400"), "100101");
    EXPECT_EQ(orders("2400.00", "2400.000"), "100101");
    EXPECT_EQ(orders("10.25", "10.3"), "011100");
    EXPECT_EQ(orders("10.3", "10.25"), "010011");
    EXPECT_EQ(orders("0.5", ".5"), "010011");  // `.5` is no number: bytes, `0` > `.`
    EXPECT_EQ(orders("-5", "0"), "011100");
    EXPECT_EQ(orders("-5", "-10"), "010011");
    EXPECT_EQ(orders("-0", "0"), "100101");
    EXPECT_EQ(orders("-0.0", "0"), "100101");
    // Exact at any length, past a double's 53 bits.
    EXPECT_EQ(orders("123456789012345678901", "123456789012345678900"), "010011");
    EXPECT_EQ(orders("9007199254740993", "9007199254740992"), "010011");
}

TEST(WhereNumbers, AValueThatIsNoNumberOnlyDiffers) {
    //                          == != <  <= >  >=
    EXPECT_EQ(orders("?", "2400"), "010000");
    EXPECT_EQ(orders("-", "0"), "010000");
    EXPECT_EQ(orders("", "0"), "010000");
    EXPECT_EQ(orders("2400+", "2400"), "010000");
    EXPECT_EQ(orders("1e3", "1000"), "010000");
    EXPECT_EQ(orders("12.", "12"), "010000");
    EXPECT_EQ(orders("????", "2400"), "010000");  // a four-digit literal is a year too
    // A literal that is no number compares as bytes.
    EXPECT_EQ(orders("1e3", "1e3"), "100101");
    EXPECT_EQ(orders("?", "?"), "100101");
}

TEST(WhereDates, CompareFieldByField) {
    //                                 == != <  <= >  >=
    EXPECT_EQ(orders("2000.05.01", "2000.05.01"), "100101");
    EXPECT_EQ(orders("2000.05.01", "2000.05.02"), "011100");
    EXPECT_EQ(orders("2000.05.01", "2000.04.30"), "010011");
    EXPECT_EQ(orders("2000.05.01", "1999.12.31"), "010011");
    EXPECT_EQ(orders("1999.12.31", "2000.01.01"), "011100");
}

TEST(WhereDates, ShorterLiteralsLeaveTheRestUnknown) {
    //                                 == != <  <= >  >=
    EXPECT_EQ(orders("2000.05.01", "2000"), "100101");
    EXPECT_EQ(orders("2000.05.01", "1999"), "010011");
    EXPECT_EQ(orders("2000.05.01", "2001"), "011100");
    EXPECT_EQ(orders("2000.05.01", "2000.05"), "100101");
    EXPECT_EQ(orders("2000.05.01", "2000.06"), "011100");
    EXPECT_EQ(orders("2000.05.01", "2000.04"), "010011");
}

TEST(WhereDates, UnknownPartsMatchUnderEqualAndStopTheOrder) {
    //                                 == != <  <= >  >=
    EXPECT_EQ(orders("2000.??.??", "2000.05.01"), "100101");
    EXPECT_EQ(orders("2000.??.??", "2001.01.01"), "011100");  // the year decides first
    EXPECT_EQ(orders("2000.??.??", "1999.01.01"), "010011");
    EXPECT_EQ(orders("????.??.??", "1900.01.01"), "100101");
    EXPECT_EQ(orders("????.05.01", "1900.01.01"), "010000");  // 05 != 01 under ==, no order
    EXPECT_EQ(orders("2000.05.01", "2000.??.15"), "010000");
    EXPECT_EQ(orders("2000.05.15", "2000.??.15"), "100101");
    EXPECT_EQ(orders("2000.05.01", "????"), "100101");
    EXPECT_EQ(orders("2000.05.01", "2000.??.??"), "100101");
}

TEST(WhereDates, AValueOfNoDateFormOnlyDiffers) {
    //                               == != <  <= >  >=
    EXPECT_EQ(orders("2000.5.1", "2000.05.01"), "010000");
    EXPECT_EQ(orders("?", "2000.05.01"), "010000");
    EXPECT_EQ(orders("2000.05", "2000.??"), "010000");  // a value needs all three parts
    EXPECT_EQ(orders("2000.?.01", "2000"), "010000");
    // A value that is a number meets a literal that is a number first: 2000.05 > 2000.
    EXPECT_EQ(orders("2000.05", "2000"), "010011");
}

TEST(WhereAbsentTag, OnlyDiffers) {
    const Value absent;
    EXPECT_EQ(orders(absent, "2400"), "010000");
    EXPECT_EQ(orders(absent, "2000.05.01"), "010000");
    EXPECT_EQ(orders(absent, "x"), "010000");
    EXPECT_FALSE(holds(absent, Operator::Search, ""));
    EXPECT_FALSE(holds(absent, Operator::Contains, ""));
    // An empty value is present.
    EXPECT_TRUE(holds("", Operator::Equal, ""));
    EXPECT_TRUE(holds("", Operator::Search, ""));
    EXPECT_TRUE(holds("", Operator::Contains, ""));
}

TEST(WhereRegex, SearchesAnywhereWithRe2Syntax) {
    EXPECT_TRUE(holds("Fischer, Robert James", Operator::Search, "Robert"));
    EXPECT_FALSE(holds("Fischer, Robert James", Operator::Search, "^Robert"));
    EXPECT_TRUE(holds("Fischer, Robert James", Operator::Search, "^Fischer"));
    EXPECT_FALSE(holds("Fischer, Robert James", Operator::Search, "^fischer"));
    EXPECT_TRUE(holds("Fischer, Robert James", Operator::Search, "(?i)^fischer"));
    EXPECT_TRUE(holds("2000.05.01", Operator::Search, R"(^\d{4}\.05)"));
    EXPECT_FALSE(holds("2000.06.01", Operator::Search, R"(^\d{4}\.05)"));
    // Numbers and dates are text to `~`.
    EXPECT_FALSE(holds("2400", Operator::Search, "^2400.0$"));
    // RE2 runs in linear time where a backtracking engine would not return.
    EXPECT_FALSE(holds(std::string(5000, 'a') + "b", Operator::Search, "^(a+)+$"));
}

TEST(WhereRegex, ABadPatternIsReportedAtItsColumn) {
    try {
        Where where(compare("White", Operator::Search, "(abc", 10));
        FAIL() << "no error";
    } catch (const WhereError& e) {
        EXPECT_EQ(e.column(), 10u);
        EXPECT_STREQ(e.what(), "bad regular expression: missing ): (abc");
    }
}

TEST(WhereContains, IgnoresAsciiCaseOnly) {
    EXPECT_TRUE(holds("Fischer, Robert James", Operator::Contains, "FISCHER"));
    EXPECT_TRUE(holds("Fischer, Robert James", Operator::Contains, "robert j"));
    EXPECT_FALSE(holds("Fischer, Robert James", Operator::Contains, "robert  j"));
    EXPECT_TRUE(holds("Fischer, Robert James", Operator::Contains, ""));
    EXPECT_FALSE(holds("Fisc", Operator::Contains, "fischer"));
    // Bytes of 0x80 and more compare exactly: É (C3 89) and é (C3 A9) differ.
    EXPECT_TRUE(holds("\xC3\x89ric", Operator::Contains, "\xC3\x89RIC"));
    EXPECT_FALSE(holds("\xC3\x89ric", Operator::Contains, "\xC3\xA9ric"));
    // Matches that start inside a partial match (the search does not skip them).
    EXPECT_TRUE(holds("aabaaab", Operator::Contains, "AAAB"));
    EXPECT_TRUE(holds("abababc", Operator::Contains, "ababc"));
    EXPECT_FALSE(holds("abababd", Operator::Contains, "ababc"));
    // No regular expression: `.` is a dot.
    EXPECT_FALSE(holds("abc", Operator::Contains, "a.c"));
}

TEST(WhereTree, AndOrNot) {
    // (White == a or White == b) and not Black == c
    const Where where(node(Kind::All, {node(Kind::Any, {compare("White", Operator::Equal, "a"),
                                                        compare("White", Operator::Equal, "b")}),
                                       node(Kind::Not, {compare("Black", Operator::Equal, "c")})}));
    ASSERT_EQ(where.fields(), (std::vector<std::string>{"White", "Black"}));
    const auto match = [&where](Value white, Value black) {
        const std::vector<Value> values = {white, black};
        return where.matches(values);
    };
    EXPECT_TRUE(match("a", "x"));
    EXPECT_TRUE(match("b", "x"));
    EXPECT_FALSE(match("c", "x"));
    EXPECT_FALSE(match("a", "c"));
    EXPECT_TRUE(match("a", std::nullopt));  // not (absent == c)
    EXPECT_FALSE(match(std::nullopt, "x"));
}

TEST(WhereTree, FieldsAreDistinctInTheOrderOfFirstAppearance) {
    const Where where(
        node(Kind::Any,
             {compare("White", Operator::Contains, "x"), compare("plies", Operator::Greater, "40"),
              compare("Black", Operator::Contains, "x"), compare("White", Operator::Equal, "y")}));
    EXPECT_EQ(where.fields(), (std::vector<std::string>{"White", "plies", "Black"}));
    // Each value is read at the index of its field.
    const std::vector<Value> values = {"a", "41", "b"};
    EXPECT_TRUE(where.matches(values));
    const std::vector<Value> fewer = {"a", "40", "b"};
    EXPECT_FALSE(where.matches(fewer));
}

TEST(WhereTree, NeedsReplayOnlyForPliesErrorsAndWarnings) {
    const auto needs = [](std::string field) {
        return Where(compare(std::move(field), Operator::Equal, "1")).needs_replay();
    };
    EXPECT_TRUE(needs("plies"));
    EXPECT_TRUE(needs("errors"));
    EXPECT_TRUE(needs("warnings"));
    EXPECT_FALSE(needs("result"));
    EXPECT_FALSE(needs("variant"));
    EXPECT_FALSE(needs("White"));
    EXPECT_FALSE(needs("Plies"));  // a tag: names are case-sensitive
    EXPECT_TRUE(Where(node(Kind::All, {compare("White", Operator::Equal, "a"),
                                       node(Kind::Not, {compare("errors", Operator::Equal, "0")})}))
                    .needs_replay());
}

TEST(WhereTree, DerivedFieldNames) {
    EXPECT_EQ(derived_field("plies"), DerivedField::Plies);
    EXPECT_EQ(derived_field("result"), DerivedField::Result);
    EXPECT_EQ(derived_field("variant"), DerivedField::Variant);
    EXPECT_EQ(derived_field("errors"), DerivedField::Errors);
    EXPECT_EQ(derived_field("warnings"), DerivedField::Warnings);
    EXPECT_EQ(derived_field("Result"), std::nullopt);
    EXPECT_EQ(derived_field("PlyCount"), std::nullopt);
}

TEST(WhereTree, DepthIsBounded) {
    const auto nots = [](std::size_t n) {
        Expression e = compare("F", Operator::Equal, "a");
        for (std::size_t i = 0; i < n; ++i) e = node(Kind::Not, {std::move(e)});
        return e;
    };
    const std::vector<Value> values = {"a"};
    EXPECT_FALSE(Where(nots(MaxTreeDepth - 1)).matches(values));
    EXPECT_TRUE(Where(nots(MaxTreeDepth)).matches(values));
    try {
        Where where(nots(MaxTreeDepth + 1));
        FAIL() << "no error";
    } catch (const WhereError& e) {
        EXPECT_EQ(e.column(), 0u);
        EXPECT_STREQ(e.what(), "the expression nests deeper than 256");
    }
}

TEST(WhereTree, MalformedNodesAreRefused) {
    EXPECT_THROW(Where(node(Kind::Not, {})), WhereError);
    EXPECT_THROW(Where(node(Kind::Not, {compare("F", Operator::Equal, "a"),
                                        compare("F", Operator::Equal, "b")})),
                 WhereError);
    EXPECT_THROW(Where(node(Kind::All, {})), WhereError);
    EXPECT_THROW(Where(node(Kind::Any, {})), WhereError);
}

TEST(WhereTree, CopiesShareTheirRegularExpressions) {
    const Where original(compare("F", Operator::Search, "^a+$"));
    const Where copy                = original;
    const std::vector<Value> values = {"aaa"};
    EXPECT_TRUE(copy.matches(values));
    EXPECT_TRUE(original.matches(values));
}

}  // namespace
}  // namespace floe::rules::selection
