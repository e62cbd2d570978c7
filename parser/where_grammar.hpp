#pragma once
// The grammar of `floe select --where` (docs/where.md, "Grammar"): text to the expression tree
// of rules/selection/where.hpp. The X3 rules stay in where_grammar.cpp.

#include <cstddef>
#include <string_view>

#include "rules/selection/parse_error.hpp"
#include "rules/selection/where.hpp"

namespace floe::parser {

using rules::selection::WhereError;

/// How deep parentheses may nest in an expression: deeper is an error, not a stack overflow.
inline constexpr std::size_t MaxWhereNesting = 64;

/// The tree of the expression `text`, as written: `and` and `or` nodes hold every operand of
/// one chain (`a and b and c` is one node of three), `not` applied an odd number of times is
/// one Not node and an even number none, parentheses leave no node.
/// Throws WhereError with the 1-based column (code points, docs/rules/notation.md §8.2) and
/// the reason: an unterminated string (at its opening quote), a missing field name, operator,
/// value, `)` or end of the expression (at the byte found instead, naming the token before
/// it), parentheses nested deeper than MaxWhereNesting (at the `(` too many). Time and stack
/// are linear in the text and bounded by the nesting.
rules::selection::Expression parse_where_expression(std::string_view text);

/// The expression `text` made ready to test games (parse_where_expression, then
/// rules::selection::Where), or the error, with its column, that parse_where_expression throws,
/// or for a regular expression that RE2 rejects (`bad regular expression: ` and RE2's reason, at
/// the column of the pattern's literal): the option's reading, in the form every option language
/// of select takes (rules/selection/parse_error.hpp).
rules::selection::Parsed<rules::selection::Where> parse_where(std::string_view text);

}  // namespace floe::parser
