// The `--where` grammar (parser/where_grammar.hpp, docs/where.md): the tree each form builds,
// precedence, escapes, every syntax error with its column and message, and the bounds on hostile
// input.

#include "parser/where_grammar.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace floe::parser {
namespace {

using rules::selection::Expression;
using rules::selection::Operator;

std::string_view spelling(Operator op) {
    switch (op) {
        case Operator::Equal:
            return "==";
        case Operator::NotEqual:
            return "!=";
        case Operator::Less:
            return "<";
        case Operator::LessEqual:
            return "<=";
        case Operator::Greater:
            return ">";
        case Operator::GreaterEqual:
            return ">=";
        case Operator::Search:
            return "~";
        case Operator::Contains:
            return "~~";
    }
    return "?";
}

// The tree in prefix form: `White==[x]`, `and(…, …)`, `or(…)`, `not(…)`.
std::string show(const Expression& e) {
    if (e.kind == Expression::Kind::Comparison)
        return e.comparison.field + std::string(spelling(e.comparison.op)) + "[" +
               e.comparison.literal + "]";
    std::string out = e.kind == Expression::Kind::All   ? "and("
                      : e.kind == Expression::Kind::Any ? "or("
                                                        : "not(";
    for (std::size_t i = 0; i < e.operands.size(); ++i)
        out += (i ? ", " : "") + show(e.operands[i]);
    return out + ")";
}

std::string tree(std::string_view text) { return show(parse_where_expression(text)); }

// `column: reason` of the error, or `no error`.
std::string error(std::string_view text) {
    const auto where = parse_where(text);
    if (where.ok()) return "no error";
    return std::to_string(where.error().column.value_or(0)) + ": " + where.error().reason;
}

TEST(WhereGrammar, TheIssueExamples) {
    EXPECT_EQ(tree(R"(WhiteElo >= 2400 and Result == "1-0")"),
              "and(WhiteElo>=[2400], Result==[1-0])");
    EXPECT_EQ(tree(R"(White ~~ "fischer" or Black ~~ "fischer")"),
              "or(White~~[fischer], Black~~[fischer])");
}

TEST(WhereGrammar, EveryOperatorWithAndWithoutBlanks) {
    EXPECT_EQ(tree("a==1"), "a==[1]");
    EXPECT_EQ(tree("a!=1"), "a!=[1]");
    EXPECT_EQ(tree("a<1"), "a<[1]");
    EXPECT_EQ(tree("a<=1"), "a<=[1]");
    EXPECT_EQ(tree("a>1"), "a>[1]");
    EXPECT_EQ(tree("a>=1"), "a>=[1]");
    EXPECT_EQ(tree("a~1"), "a~[1]");
    EXPECT_EQ(tree("a~~1"), "a~~[1]");
    EXPECT_EQ(tree("a~~\"x\""), "a~~[x]");
    EXPECT_EQ(tree(" \t\r\n a \n == \t 1 \n"), "a==[1]");
}

TEST(WhereGrammar, AndBindsTighterThanOr) {
    EXPECT_EQ(tree("a == 1 or b == 2 and c == 3"), "or(a==[1], and(b==[2], c==[3]))");
    EXPECT_EQ(tree("a == 1 and b == 2 or c == 3"), "or(and(a==[1], b==[2]), c==[3])");
    EXPECT_EQ(tree("(a == 1 or b == 2) and c == 3"), "and(or(a==[1], b==[2]), c==[3])");
    // A chain is one node; parentheses leave none.
    EXPECT_EQ(tree("a == 1 or b == 2 or c == 3"), "or(a==[1], b==[2], c==[3])");
    EXPECT_EQ(tree("((a == 1))"), "a==[1]");
    EXPECT_EQ(tree("(a == 1 and b == 2) and c == 3"), "and(and(a==[1], b==[2]), c==[3])");
}

TEST(WhereGrammar, NotBindsTighterThanAnd) {
    EXPECT_EQ(tree("not a == 1 and b == 2"), "and(not(a==[1]), b==[2])");
    EXPECT_EQ(tree("not (a == 1 and b == 2)"), "not(and(a==[1], b==[2]))");
    EXPECT_EQ(tree("not not a == 1"), "a==[1]");
    EXPECT_EQ(tree("not not not a == 1"), "not(a==[1])");
    EXPECT_EQ(tree("not(a == 1)"), "not(a==[1])");
}

TEST(WhereGrammar, KeywordsInAnyCaseAndOnlyAsWholeWords) {
    EXPECT_EQ(tree("a == 1 AND b == 2 Or NOT c == 3"), "or(and(a==[1], b==[2]), not(c==[3]))");
    EXPECT_EQ(tree("order == 1 or android == 2"), "or(order==[1], android==[2])");
    EXPECT_EQ(tree("notation == x"), "notation==[x]");
    EXPECT_EQ(tree("a == 1 or(b == 2)"), "or(a==[1], b==[2])");
}

TEST(WhereGrammar, StringsReadTwoEscapesAndKeepOtherBackslashes) {
    EXPECT_EQ(tree(R"(White == "a\"b")"), R"(White==[a"b])");
    EXPECT_EQ(tree(R"(White == "a\\b")"), R"(White==[a\b])");
    EXPECT_EQ(tree(R"(White ~ "^\d{4}\.")"), R"(White~[^\d{4}\.])");
    EXPECT_EQ(tree(R"(White == "\\")"), R"(White==[\])");
    EXPECT_EQ(tree(R"(White == "")"), "White==[]");
    EXPECT_EQ(tree(R"(White == "and (or) == not")"), "White==[and (or) == not]");
}

TEST(WhereGrammar, BareWords) {
    EXPECT_EQ(tree("Result == 1/2-1/2"), "Result==[1/2-1/2]");
    EXPECT_EQ(tree("Result == *"), "Result==[*]");
    EXPECT_EQ(tree("Date >= 2000.??.??"), "Date>=[2000.??.??]");
    EXPECT_EQ(tree("Site == Z\xC3\xBCrich"), "Site==[Z\xC3\xBCrich]");
    EXPECT_EQ(tree("(WhiteElo>=2400)"), "WhiteElo>=[2400]");
}

TEST(WhereGrammar, TheColumnOfEachLiteralIsKept) {
    const Expression e = parse_where_expression("White == x and Site == \"\xC3\xA9t\xC3\xA9\"");
    ASSERT_EQ(e.operands.size(), 2u);
    EXPECT_EQ(e.operands[0].comparison.column, 10u);
    EXPECT_EQ(e.operands[1].comparison.column, 24u);
}

TEST(WhereGrammarErrors, MissingPieces) {
    EXPECT_EQ(error(""), "1: expected a field name or `(`");
    EXPECT_EQ(error("   "), "4: expected a field name or `(`");
    EXPECT_EQ(error("== 3"), "1: expected a field name or `(`");
    EXPECT_EQ(error("and == 1"), "1: expected a field name or `(`");
    EXPECT_EQ(error("\"White\" == 1"), "1: expected a field name or `(`");
    EXPECT_EQ(error("WhiteElo"), "9: expected a comparison operator after `WhiteElo`");
    EXPECT_EQ(error("WhiteElo = 2400"), "10: expected a comparison operator after `WhiteElo`");
    EXPECT_EQ(error("White-Elo == 1"), "6: expected a comparison operator after `White`");
    EXPECT_EQ(error("WhiteElo >="), "12: expected a value after `>=`");
    EXPECT_EQ(error("WhiteElo >= and"), "13: expected a value after `>=`");
    EXPECT_EQ(error("WhiteElo >= )"), "13: expected a value after `>=`");
    EXPECT_EQ(error("WhiteElo >== 1"), "12: expected a value after `>=`");
    EXPECT_EQ(error("White == x and"), "15: expected a field name or `(` after `and`");
    EXPECT_EQ(error("not"), "4: expected a field name or `(` after `not`");
    EXPECT_EQ(error("()"), "2: expected a field name or `(` after `(`");
    EXPECT_EQ(error("White == x Black == y"),
              "12: expected `and`, `or` or the end of the expression after `x`");
    EXPECT_EQ(error("White == x)"),
              "11: expected `and`, `or` or the end of the expression after `x`");
    EXPECT_EQ(error("(White == x"), "12: expected `and`, `or` or `)` after `x`");
    EXPECT_EQ(error("(White == \"x\" Black"), "15: expected `and`, `or` or `)` after `\"x\"`");
    // A bare word ends at a quote.
    EXPECT_EQ(error("Black == x\"y\""),
              "11: expected `and`, `or` or the end of the expression after `x`");
}

TEST(WhereGrammarErrors, ColumnsCountCodePoints) {
    EXPECT_EQ(error("White == \"\xC3\xA9\" x"),
              "14: expected `and`, `or` or the end of the expression after `\"\xC3\xA9\"`");
    // A byte that is not UTF-8 counts one.
    EXPECT_EQ(error("White == \xE9 x"),
              "12: expected `and`, `or` or the end of the expression after `\xE9`");
}

TEST(WhereGrammarErrors, ALongTokenIsCutInTheMessage) {
    const std::string value = "\"" + std::string(50, 'a') + "\"";
    EXPECT_EQ(error("White == " + value + " x"),
              "63: expected `and`, `or` or the end of the expression after `\"" +
                  std::string(39, 'a') + "…`");
}

TEST(WhereGrammarErrors, UnterminatedStringAtItsOpeningQuote) {
    EXPECT_EQ(error("White == \"Fisch"), "10: unterminated string");
    EXPECT_EQ(error(R"(White == "a\")"), "10: unterminated string");
    EXPECT_EQ(error("a == 1 or White ~~ \"x"), "20: unterminated string");
}

TEST(WhereGrammarErrors, BadRegularExpressionAtItsLiteral) {
    EXPECT_EQ(error(R"(White ~ "(x")"), "9: bad regular expression: missing ): (x");
    EXPECT_EQ(error("a == 1 or White ~ x)"),
              "20: expected `and`, `or` or the end of the expression after `x`");
    EXPECT_EQ(error("a == 1 or White ~ *"),
              "19: bad regular expression: no argument for repetition operator: *");
    // `~~` takes any text: no regular expression.
    EXPECT_EQ(error("White ~~ \"(x\""), "no error");
}

TEST(WhereGrammarErrors, NestingIsBounded) {
    const auto nested = [](std::size_t n) {
        return std::string(n, '(') + "a == 1" + std::string(n, ')');
    };
    EXPECT_EQ(tree(nested(MaxWhereNesting)), "a==[1]");
    EXPECT_EQ(error(nested(MaxWhereNesting + 1)), "65: parentheses nested deeper than 64");
    EXPECT_EQ(error(std::string(100000, '(')), "65: parentheses nested deeper than 64");
    // Sibling groups do not add up.
    std::string siblings = "a == 1";
    for (int i = 0; i < 1000; ++i) siblings += " or " + nested(MaxWhereNesting);
    EXPECT_EQ(error(siblings), "no error");
}

TEST(WhereGrammarErrors, LongInputsNeedNoStack) {
    std::string nots;
    for (int i = 0; i < 100000; ++i) nots += "not ";
    EXPECT_EQ(tree(nots + "a == 1"), "a==[1]");
    std::string chain = "a == 0";
    for (int i = 1; i < 100000; ++i) chain += " or a == " + std::to_string(i);
    const Expression e = parse_where_expression(chain);
    ASSERT_EQ(e.operands.size(), 100000u);
    EXPECT_EQ(show(e.operands[99999]), "a==[99999]");
    EXPECT_EQ(e.operands[99999].comparison.column, 1388882u);
    // As many distinct fields.
    std::string fields = "f0 == 0";
    for (int i = 1; i < 100000; ++i) fields += " or f" + std::to_string(i) + " == 0";
    const auto where = parse_where(fields).value();
    ASSERT_EQ(where.fields().size(), 100000u);
    EXPECT_EQ(where.fields()[99999], "f99999");
}

TEST(WhereGrammar, ParseWhereEvaluates) {
    const auto where = parse_where(R"(WhiteElo >= 2400 and Result == "1-0")").value();
    EXPECT_EQ(where.fields(), (std::vector<std::string>{"WhiteElo", "Result"}));
    EXPECT_FALSE(where.needs_replay());
    const std::vector<std::optional<std::string_view>> strong = {"2450", "1-0"};
    const std::vector<std::optional<std::string_view>> weak   = {"950", "1-0"};
    EXPECT_TRUE(where.matches(strong));
    EXPECT_FALSE(where.matches(weak));
    EXPECT_TRUE(parse_where("plies > 40 or warnings == 0").value().needs_replay());
}

}  // namespace
}  // namespace floe::parser
