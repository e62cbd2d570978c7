// The X3 grammar of `select --where` (docs/where.md). Tokens are cut by small measures over
// bytes, not by X3's character classes, whose std::isalpha and std::tolower are undefined on a
// byte of 0x80 or more (docs/decisions/hostile-input.md, issue 13). Semantic actions build the tree
// on a stack: each rule either succeeds or fails at its first token, or throws, so no action is
// undone by backtracking.
#include "parser/where_grammar.hpp"

#include <algorithm>
#include <boost/spirit/home/x3.hpp>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "rules/common/ascii.hpp"
#include "rules/encoding.hpp"

namespace floe::parser {

namespace {

namespace x3 = boost::spirit::x3;
using rules::selection::Comparison;
using rules::selection::Expression;
using rules::selection::Operator;

// The 1-based column of byte offset `at` of `text` (docs/rules/notation.md §8.2).
std::size_t column_of(std::string_view text, std::size_t at) {
    return rules::code_point_count(text.substr(0, at)) + 1;
}

// Bytes that end a bare word or a field name: blanks, parentheses, quotes, operator bytes.
constexpr bool is_delimiter(char c) {
    return rules::is_ascii_space(c) || c == '(' || c == ')' || c == '"' || c == '=' || c == '!' ||
           c == '<' || c == '>' || c == '~';
}

constexpr bool is_name_char(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

// Whether `word` is `keyword` in any ASCII case.
bool is_keyword(std::string_view word, std::string_view keyword) {
    if (word.size() != keyword.size()) return false;
    for (std::size_t i = 0; i < word.size(); ++i)
        if (rules::ascii_lower(word[i]) != keyword[i]) return false;
    return true;
}

bool is_any_keyword(std::string_view word) {
    return is_keyword(word, "and") || is_keyword(word, "or") || is_keyword(word, "not");
}

// The length of a run of bytes of the text's start, each passing `keep`.
template <typename Keep>
std::size_t run(std::string_view s, Keep keep) {
    std::size_t n = 0;
    while (n < s.size() && keep(s[n])) ++n;
    return n;
}

std::size_t bare_run(std::string_view s) {
    return run(s, [](char c) { return !is_delimiter(c); });
}

// A string's length, quotes included: up to the closing quote, or to the end of the text
// when there is none (the action reports it).
std::size_t string_length(std::string_view s) {
    if (s.empty() || s[0] != '"') return 0;
    for (std::size_t i = 1; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == '"' || s[i + 1] == '\\'))
            ++i;
        else if (s[i] == '"')
            return i + 1;
    }
    return s.size();
}

// The measures of the tokens: the length of the token at the start of the text, 0 for none.
constexpr auto blank_len = [](std::string_view s) { return run(s, rules::is_ascii_space); };
constexpr auto field_len = [](std::string_view s) -> std::size_t {
    const std::size_t n = run(s, is_name_char);
    return is_any_keyword(s.substr(0, n)) ? 0 : n;
};
constexpr auto operator_len = [](std::string_view s) -> std::size_t {
    for (std::string_view op : {"==", "!=", "<=", ">=", "~~"})
        if (s.starts_with(op)) return 2;
    return !s.empty() && (s[0] == '<' || s[0] == '>' || s[0] == '~') ? 1 : 0;
};
constexpr auto bare_len = [](std::string_view s) -> std::size_t {
    const std::size_t n = bare_run(s);
    return is_any_keyword(s.substr(0, n)) ? 0 : n;
};
constexpr auto string_len = [](std::string_view s) { return string_length(s); };
template <char C>
constexpr auto byte_len =
    [](std::string_view s) -> std::size_t { return !s.empty() && s[0] == C ? 1 : 0; };
template <char K0, char K1, char K2 = 0>
constexpr auto keyword_len = [](std::string_view s) -> std::size_t {
    constexpr char word[] = {K0, K1, K2, 0};
    const std::size_t n   = bare_run(s);  // the whole word: `order` is no `or`
    return is_keyword(s.substr(0, n), word) ? n : 0;
};

// A primitive parser that matches what a measure finds after the skipper's blanks.
template <typename Measure>
struct measured : x3::parser<measured<Measure>> {
    using attribute_type            = x3::unused_type;
    static bool const has_attribute = false;

    constexpr explicit measured(Measure m) : measure(m) {}

    template <typename Iterator, typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const& context, RContext&,
               Attribute&) const {
        x3::skip_over(first, last, context);
        const std::size_t n =
            measure(std::string_view(first, static_cast<std::size_t>(last - first)));
        if (n == 0) return false;
        first += static_cast<std::ptrdiff_t>(n);
        return true;
    }

    Measure measure;
};

// The tree under construction: finished operands on a stack; each `and` and `or` chain marks
// where its operands start, each run of `not`s counts itself.
struct Builder {
    std::string_view text;
    std::vector<Expression> stack;
    std::vector<std::size_t> marks;
    std::vector<std::size_t> nots;
    std::size_t depth = 0;
    Comparison pending;

    // The column of a token's first byte. Literals are asked for in text order: counting on
    // from the last one keeps a long expression linear.
    std::size_t counted_to = 0, counted_column = 1;
    std::size_t column(const char* at) {
        const auto offset = static_cast<std::size_t>(at - text.data());
        if (offset < counted_to) return column_of(text, offset);
        counted_column += rules::code_point_count(text.substr(counted_to, offset - counted_to));
        counted_to = offset;
        return counted_column;
    }
    // The operands since the last mark become one node of `kind`; a single one stays itself.
    void reduce(Expression::Kind kind) {
        const std::size_t mark = marks.back();
        marks.pop_back();
        if (stack.size() - mark < 2) return;
        Expression node;
        node.kind = kind;
        node.operands.assign(std::make_move_iterator(stack.begin() + mark),
                             std::make_move_iterator(stack.end()));
        stack.resize(mark);
        stack.push_back(std::move(node));
    }
};
struct builder_tag;

template <typename Context>
Builder& builder(Context& ctx) {
    return x3::get<builder_tag>(ctx).get();
}
template <typename Context>
std::string_view matched(Context& ctx) {
    const auto& range = x3::_attr(ctx);
    return std::string_view(&*range.begin(), static_cast<std::size_t>(range.end() - range.begin()));
}

const auto mark       = [](auto& ctx) { builder(ctx).marks.push_back(builder(ctx).stack.size()); };
const auto reduce_all = [](auto& ctx) { builder(ctx).reduce(Expression::Kind::All); };
const auto reduce_any = [](auto& ctx) { builder(ctx).reduce(Expression::Kind::Any); };
const auto start_nots = [](auto& ctx) { builder(ctx).nots.push_back(0); };
const auto count_not  = [](auto& ctx) { ++builder(ctx).nots.back(); };
// `not not x` is x: only an odd run of `not`s leaves a node.
const auto apply_nots = [](auto& ctx) {
    Builder& b = builder(ctx);
    if (b.nots.back() % 2 == 1) {
        Expression node;
        node.kind = Expression::Kind::Not;
        node.operands.push_back(std::move(b.stack.back()));
        b.stack.back() = std::move(node);
    }
    b.nots.pop_back();
};
const auto enter = [](auto& ctx) {
    Builder& b = builder(ctx);
    if (++b.depth > MaxWhereNesting)
        throw WhereError(b.column(matched(ctx).data()),
                         "parentheses nested deeper than " + std::to_string(MaxWhereNesting));
};
const auto leave      = [](auto& ctx) { --builder(ctx).depth; };
const auto take_field = [](auto& ctx) { builder(ctx).pending.field = std::string(matched(ctx)); };
const auto take_operator = [](auto& ctx) {
    static constexpr std::pair<std::string_view, Operator> ops[] = {
        {"==", Operator::Equal},     {"!=", Operator::NotEqual}, {"<", Operator::Less},
        {"<=", Operator::LessEqual}, {">", Operator::Greater},   {">=", Operator::GreaterEqual},
        {"~", Operator::Search},     {"~~", Operator::Contains}};
    for (const auto& op : ops)
        if (op.first == matched(ctx)) builder(ctx).pending.op = op.second;
};
// A comparison is complete with its literal: it goes on the stack.
void push_comparison(Builder& b, const char* at, std::string literal) {
    b.pending.literal = std::move(literal);
    b.pending.column  = b.column(at);
    Expression e;
    e.comparison = std::move(b.pending);
    b.stack.push_back(std::move(e));
    b.pending = Comparison{};
}
const auto take_bare = [](auto& ctx) {
    push_comparison(builder(ctx), matched(ctx).data(), std::string(matched(ctx)));
};
// `\"` and `\\` are read; any other backslash stays, so that `"\d+"` is the regular expression
// `\d+` (as in a tag value, docs/rules/notation.md §1.2).
const auto take_string = [](auto& ctx) {
    Builder& b               = builder(ctx);
    const std::string_view s = matched(ctx);
    std::string value;
    std::size_t i = 1;
    for (; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == '"' || s[i + 1] == '\\'))
            value += s[++i];
        else if (s[i] == '"')
            break;
        else
            value += s[i];
    }
    if (i >= s.size()) throw WhereError(b.column(s.data()), "unterminated string");
    push_comparison(b, s.data(), std::move(value));
};

const auto kw_and     = measured(keyword_len<'a', 'n', 'd'>);
const auto kw_or      = measured(keyword_len<'o', 'r'>);
const auto kw_not     = measured(keyword_len<'n', 'o', 't'>);
const auto open_paren = x3::raw[measured(byte_len<'('>)][enter];

// Named rules: a failed expectation names what was expected by the rule's name.
const x3::rule<class disjunction_class> disjunction = "an expression";
const x3::rule<class conjunction_class> conjunction = "an expression";
const x3::rule<class negation_class> negation       = "an expression";
const x3::rule<class primary_class> primary         = "a field name or `(`";
const x3::rule<class operator_class> operator_rule  = "a comparison operator";
const x3::rule<class literal_class> literal         = "a value";
const x3::rule<class close_class> close_rule        = "`and`, `or` or `)`";
const x3::rule<class end_class> end_rule            = "`and`, `or` or the end of the expression";

const auto disjunction_def = x3::eps[mark] >> conjunction >>
                             *(kw_or > conjunction) >> x3::eps[reduce_any];
const auto conjunction_def = x3::eps[mark] >> negation >>
                             *(kw_and > negation) >> x3::eps[reduce_all];
const auto negation_def =
    (x3::eps[start_nots] >> *kw_not[count_not]) > primary > x3::eps[apply_nots];
const auto comparison        = x3::raw[measured(field_len)][take_field] > operator_rule > literal;
const auto primary_def       = (open_paren > disjunction > close_rule) | comparison;
const auto operator_rule_def = x3::raw[measured(operator_len)][take_operator];
const auto literal_def =
    x3::raw[measured(string_len)][take_string] | x3::raw[measured(bare_len)][take_bare];
const auto close_rule_def = measured(byte_len<')'>) >> x3::eps[leave];
const auto end_rule_def   = x3::eoi;

BOOST_SPIRIT_DEFINE(disjunction, conjunction, negation, primary, operator_rule, literal, close_rule,
                    end_rule)

// The token that ends before byte `at`, for "after `X`": a string, a run of operator bytes, a
// parenthesis or a word. Empty at the start of the text.
std::string_view token_before(std::string_view text, std::size_t at) {
    std::string_view last;
    for (std::size_t i = 0; i < at;) {
        std::size_t n;
        const char c = text[i];
        if (rules::is_ascii_space(c)) {
            i += blank_len(text.substr(i));
            continue;
        }
        if (c == '"')
            n = string_length(text.substr(i));
        else if (c == '(' || c == ')')
            n = 1;
        else if (c == '=' || c == '!' || c == '<' || c == '>' || c == '~')
            n = run(text.substr(i), [](char b) {
                return b == '=' || b == '!' || b == '<' || b == '>' || b == '~';
            });
        else
            n = bare_run(text.substr(i));
        n    = std::min(n, at - i);  // the error may stand inside a word (`White-Elo`)
        last = text.substr(i, n);
        i += n;
    }
    return last;
}

// `token` for a message: at most 40 bytes, cut before a UTF-8 continuation byte, then `…`.
std::string quoted(std::string_view token) {
    if (token.size() <= 40) return "`" + std::string(token) + "`";
    std::size_t n = 40;
    while (n > 0 && (static_cast<unsigned char>(token[n]) & 0xC0) == 0x80) --n;
    return "`" + std::string(token.substr(0, n)) + "…`";
}

}  // namespace

rules::selection::Expression parse_where_expression(std::string_view text) {
    Builder b;
    b.text             = text;
    const char* first  = text.data();
    const char* last   = text.data() + text.size();
    const auto skipper = measured(blank_len);
    try {
        x3::phrase_parse(first, last, x3::with<builder_tag>(std::ref(b))[disjunction > end_rule],
                         skipper);
    } catch (const x3::expectation_failure<const char*>& e) {
        auto at = static_cast<std::size_t>(e.where() - text.data());
        at += blank_len(text.substr(at));
        const std::string_view before = token_before(text, at);
        std::string reason            = "expected " + e.which();
        if (!before.empty()) reason += " after " + quoted(before);
        throw WhereError(column_of(text, at), reason);
    }
    return std::move(b.stack.back());
}

rules::selection::Parsed<rules::selection::Where> parse_where(std::string_view text) {
    try {
        return rules::selection::Where(parse_where_expression(text));
    } catch (const WhereError& e) {
        return rules::selection::ParseError{static_cast<int>(e.column()), e.what()};
    }
}

}  // namespace floe::parser
