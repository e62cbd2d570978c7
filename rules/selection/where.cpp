#include "rules/selection/where.hpp"

#include <re2/re2.h>

#include <algorithm>
#include <unordered_map>

#include "rules/common/ascii.hpp"

namespace floe::rules::selection {

namespace {

constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A decimal number as written: `-`?, digits, then `.` and digits or nothing. Views into the
// text, leading zeros of the integer part and trailing zeros of the fraction left out, so that
// comparing two is comparing digit strings, exact at any length.
struct Decimal {
    bool negative = false;
    std::string_view integer, fraction;
};

std::optional<Decimal> read_decimal(std::string_view s) {
    Decimal d;
    std::size_t i = 0;
    if (i < s.size() && s[i] == '-') d.negative = true, ++i;
    const std::size_t int_start = i;
    while (i < s.size() && is_digit(s[i])) ++i;
    if (i == int_start) return std::nullopt;
    d.integer = s.substr(int_start, i - int_start);
    if (i < s.size() && s[i] == '.') {
        const std::size_t frac_start = ++i;
        while (i < s.size() && is_digit(s[i])) ++i;
        if (i == frac_start) return std::nullopt;
        d.fraction = s.substr(frac_start, i - frac_start);
    }
    if (i != s.size()) return std::nullopt;
    while (!d.integer.empty() && d.integer.front() == '0') d.integer.remove_prefix(1);
    while (!d.fraction.empty() && d.fraction.back() == '0') d.fraction.remove_suffix(1);
    if (d.integer.empty() && d.fraction.empty()) d.negative = false;  // -0 is 0
    return d;
}

int sign(int c) { return (c > 0) - (c < 0); }

// -1, 0 or 1 as a is less than, equal to or greater than b.
int compare(const Decimal& a, const Decimal& b) {
    if (a.negative != b.negative) return a.negative ? -1 : 1;
    int c = a.integer.size() != b.integer.size() ? (a.integer.size() < b.integer.size() ? -1 : 1)
                                                 : sign(a.integer.compare(b.integer));
    if (c == 0) c = sign(a.fraction.compare(b.fraction));
    return a.negative ? -c : c;
}

// One part of a PGN date: `width` digits, or `width` question marks (-1); else -2.
std::int32_t date_part(std::string_view s, std::size_t width) {
    if (s.size() != width) return -2;
    if (std::all_of(s.begin(), s.end(), [](char c) { return c == '?'; })) return -1;
    std::int32_t n = 0;
    for (char c : s) {
        if (!is_digit(c)) return -2;
        n = n * 10 + (c - '0');
    }
    return n;
}

// A date `YYYY.MM.DD`; with `shorter`, also `YYYY` and `YYYY.MM` (the rest unknown).
bool read_date(std::string_view s, bool shorter, std::int32_t (&out)[3]) {
    static constexpr std::size_t widths[3] = {4, 2, 2};
    out[0] = out[1] = out[2] = -1;
    for (std::size_t part = 0; part < 3; ++part) {
        const std::size_t dot = part < 2 ? s.find('.') : std::string_view::npos;
        out[part]             = date_part(s.substr(0, dot), widths[part]);
        if (out[part] == -2) return false;
        if (dot == std::string_view::npos) return part == 2 || shorter;
        s.remove_prefix(dot + 1);
    }
    return true;
}

// -1 or 1 when the first part known on both sides and different decides; 0 when all parts are
// equal; 2 when an unknown part comes first (neither `<` nor `>`).
int compare_dates(const std::int32_t (&a)[3], const std::int32_t (&b)[3]) {
    for (int i = 0; i < 3; ++i) {
        if (a[i] < 0 || b[i] < 0) return 2;
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    }
    return 0;
}

// `==` on dates: each part equal, or unknown on either side.
bool dates_match(const std::int32_t (&a)[3], const std::int32_t (&b)[3]) {
    for (int i = 0; i < 3; ++i)
        if (a[i] >= 0 && b[i] >= 0 && a[i] != b[i]) return false;
    return true;
}

// An ordering operator applied to a three-way comparison.
bool holds(Operator op, int c) {
    switch (op) {
        case Operator::Equal:
            return c == 0;
        case Operator::NotEqual:
            return c != 0;
        case Operator::Less:
            return c < 0;
        case Operator::LessEqual:
            return c <= 0;
        case Operator::Greater:
            return c > 0;
        case Operator::GreaterEqual:
            return c >= 0;
        default:
            return false;
    }
}

// The ordering operators on dates: `<=` is `<` or `==` (with `??` matching), `!=` is not `==`.
bool holds_on_dates(Operator op, const std::int32_t (&value)[3], const std::int32_t (&literal)[3]) {
    const int c     = compare_dates(value, literal);
    const bool same = dates_match(value, literal);
    switch (op) {
        case Operator::Equal:
            return same;
        case Operator::NotEqual:
            return !same;
        case Operator::Less:
            return c == -1;
        case Operator::LessEqual:
            return c == -1 || same;
        case Operator::Greater:
            return c == 1;
        case Operator::GreaterEqual:
            return c == 1 || same;
        default:
            return false;
    }
}

// Whether `needle` (ASCII letters already lowered) occurs in `text`, ASCII letters of text in
// either case: Knuth-Morris-Pratt over `next`, linear in the text whatever the needle.
bool contains(std::string_view text, std::string_view needle,
              const std::vector<std::uint32_t>& next) {
    if (needle.empty()) return true;
    std::size_t k = 0;  // bytes of needle matched
    for (char c : text) {
        c = ascii_lower(c);
        while (k > 0 && needle[k] != c) k = next[k - 1];
        if (needle[k] == c) ++k;
        if (k == needle.size()) return true;
    }
    return false;
}

// KMP's table: next[i] is the length of the longest proper border of needle[0..i].
std::vector<std::uint32_t> borders(std::string_view needle) {
    std::vector<std::uint32_t> next(needle.size(), 0);
    std::uint32_t k = 0;
    for (std::size_t i = 1; i < needle.size(); ++i) {
        while (k > 0 && needle[i] != needle[k]) k = next[k - 1];
        if (needle[i] == needle[k]) ++k;
        next[i] = k;
    }
    return next;
}

}  // namespace

std::optional<DerivedField> derived_field(std::string_view name) {
    if (name == "plies") return DerivedField::Plies;
    if (name == "result") return DerivedField::Result;
    if (name == "variant") return DerivedField::Variant;
    if (name == "errors") return DerivedField::Errors;
    if (name == "warnings") return DerivedField::Warnings;
    return std::nullopt;
}

Where::Where(const Expression& tree) {
    // Each field's index while the tree is read: a long expression stays linear.
    std::unordered_map<std::string, std::uint32_t> field_index;
    root_ = add(tree, 0, field_index);
}

std::uint32_t Where::add(const Expression& e, std::size_t depth,
                         std::unordered_map<std::string, std::uint32_t>& field_index) {
    if (e.kind == Expression::Kind::Comparison) {
        const Comparison& c = e.comparison;
        Test t;
        const auto known = field_index.emplace(c.field, static_cast<std::uint32_t>(fields_.size()));
        t.field          = known.first->second;
        if (known.second) {
            fields_.push_back(c.field);
            const auto derived = derived_field(c.field);
            if (derived == DerivedField::Plies || derived == DerivedField::Errors ||
                derived == DerivedField::Warnings)
                needs_replay_ = true;
        }
        t.op      = c.op;
        t.literal = c.literal;
        if (c.op == Operator::Search) {
            RE2::Options options;
            options.set_log_errors(false);
            auto regex = std::make_shared<const RE2>(c.literal, options);
            if (!regex->ok())
                throw WhereError(c.column, "bad regular expression: " + regex->error());
            t.regex = std::move(regex);
        } else if (c.op == Operator::Contains) {
            std::transform(t.literal.begin(), t.literal.end(), t.literal.begin(), ascii_lower);
            t.next = borders(t.literal);
        } else {
            t.is_number = read_decimal(c.literal).has_value();
            t.is_date   = read_date(c.literal, true, t.date);
        }
        tests_.push_back(std::move(t));
        nodes_.push_back(
            {Expression::Kind::Comparison, static_cast<std::uint32_t>(tests_.size() - 1), 0});
        return static_cast<std::uint32_t>(nodes_.size() - 1);
    }
    if (depth >= MaxTreeDepth)
        throw WhereError(0, "the expression nests deeper than " + std::to_string(MaxTreeDepth));
    const std::size_t n = e.operands.size();
    if (e.kind == Expression::Kind::Not ? n != 1 : n == 0)
        throw WhereError(0, e.kind == Expression::Kind::Not ? "`not` takes one operand"
                                                            : "`and` and `or` take operands");
    // The operands' nodes first; then their indices, contiguous, for this node.
    std::vector<std::uint32_t> children;
    children.reserve(n);
    for (const Expression& operand : e.operands)
        children.push_back(add(operand, depth + 1, field_index));
    const auto first = static_cast<std::uint32_t>(operands_.size());
    operands_.insert(operands_.end(), children.begin(), children.end());
    nodes_.push_back({e.kind, first, static_cast<std::uint32_t>(n)});
    return static_cast<std::uint32_t>(nodes_.size() - 1);
}

bool Where::matches(std::span<const std::optional<std::string_view>> values) const {
    return evaluate(root_, values);
}

bool Where::evaluate(std::uint32_t index,
                     std::span<const std::optional<std::string_view>> values) const {
    const Node& node    = nodes_[index];
    const auto operands = std::span<const std::uint32_t>(operands_).subspan(node.first, node.count);
    switch (node.kind) {
        case Expression::Kind::Comparison: {
            const Test& t = tests_[node.first];
            return test(t, values[t.field]);
        }
        case Expression::Kind::Not:
            return !evaluate(operands[0], values);
        case Expression::Kind::All:
            for (std::uint32_t operand : operands)
                if (!evaluate(operand, values)) return false;
            return true;
        case Expression::Kind::Any:
            for (std::uint32_t operand : operands)
                if (evaluate(operand, values)) return true;
            return false;
    }
    return false;
}

bool Where::test(const Test& t, std::optional<std::string_view> value) const {
    // A missing tag matches nothing, as in pgn-extract; `!=` alone holds (docs/where.md).
    if (!value) return t.op == Operator::NotEqual;
    if (t.op == Operator::Search)
        return RE2::PartialMatch(re2::StringPiece(value->data(), value->size()), *t.regex);
    if (t.op == Operator::Contains) return contains(*value, t.literal, t.next);
    if (t.is_number) {
        if (const auto v = read_decimal(*value))
            return holds(t.op, compare(*v, *read_decimal(t.literal)));
    }
    if (t.is_date) {
        std::int32_t date[3];
        if (read_date(*value, false, date)) return holds_on_dates(t.op, date, t.date);
    }
    // A number or a date against a value of neither form: they differ, and are not ordered.
    if (t.is_number || t.is_date) return t.op == Operator::NotEqual;
    return holds(t.op, sign(value->compare(t.literal)));
}

}  // namespace floe::rules::selection
