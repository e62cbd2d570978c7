#pragma once
// The `--where` expression of `floe select` (docs/where.md): its tree as plain structs, and
// `Where`, the tree made ready to test game after game. Fields are tag pairs
// (docs/rules/notation.md §1.2) and five derived fields the caller computes. The grammar that
// builds the tree from text is parser/where_grammar.hpp; this file knows no syntax.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace re2 {
class RE2;
}

namespace floe::rules::selection {

/// A mistake in a `--where` expression: a reason, and the 1-based column (code points,
/// docs/rules/notation.md §8.2) where it was found; 0 when the tree was built by hand.
class WhereError : public std::runtime_error {
public:
    WhereError(std::size_t column, const std::string& reason)
        : std::runtime_error(reason), column_(column) {}
    std::size_t column() const { return column_; }

private:
    std::size_t column_;
};

/// The comparison operators (docs/where.md, "Operators").
enum class Operator : std::uint8_t {
    Equal,         ///< `==`
    NotEqual,      ///< `!=`
    Less,          ///< `<`
    LessEqual,     ///< `<=`
    Greater,       ///< `>`
    GreaterEqual,  ///< `>=`
    Search,        ///< `~`: an RE2 regular expression found anywhere in the value
    Contains,      ///< `~~`: a substring, ASCII letters in either case
};

/// `field op literal`, as written.
struct Comparison {
    std::string field;  ///< a tag name or a derived field (case-sensitive)
    Operator op = Operator::Equal;
    std::string literal;     ///< escapes read
    std::size_t column = 0;  ///< where the literal starts, for a bad regular expression's error
};

/// A node of the tree: a comparison, or `and` / `or` of two or more operands, or `not` of one.
struct Expression {
    enum class Kind : std::uint8_t { Comparison, All, Any, Not };
    Kind kind = Kind::Comparison;
    Comparison comparison;             ///< Kind::Comparison only
    std::vector<Expression> operands;  ///< All and Any: two or more; Not: one
};

/// The derived fields: values of a game that are no tag (docs/where.md, "Fields").
enum class DerivedField : std::uint8_t {
    Plies,  ///< `plies`: main-line plies replayed
    /// `result`: the game's result as `convert --to json` gives it: its marker in PGN's form,
    /// without one its Result tag's (docs/rules/notation.md §1.9, §1.12)
    Result,
    Variant,   ///< `variant`: the canonical name of the variant the game is read in
    Errors,    ///< `errors`: the count of errors the validator reports
    Warnings,  ///< `warnings`: the count of warnings
};

/// The derived field spelled `name` (exactly: `plies`, `result`, `variant`, `errors`,
/// `warnings`), or nullopt for a tag name. A tag spelled like one is shadowed by it.
std::optional<DerivedField> derived_field(std::string_view name);

/// How deep a tree may nest: All, Any and Not nodes on one path from the root. The grammar
/// allows 64 levels of parentheses, which stay well within it.
inline constexpr std::size_t MaxTreeDepth = 256;

/// A `--where` expression ready to test games: regular expressions compiled, literals read as
/// numbers and dates once. Immutable after construction, so one Where may test games on many
/// threads at once. Copies share the compiled regular expressions.
class Where {
public:
    /// Makes `tree` ready. Throws WhereError for a regular expression that RE2 rejects (at the
    /// literal's column, with RE2's reason) and for a tree deeper than MaxTreeDepth (column 0).
    explicit Where(const Expression& tree);

    /// The distinct field names the expression reads, in the order of their first appearance
    /// from the left: the caller fills one value per name for each game.
    const std::vector<std::string>& fields() const { return fields_; }

    /// True when the expression reads `plies`, `errors` or `warnings`, which need the game
    /// replayed; tags, `result` and `variant` do not.
    bool needs_replay() const { return needs_replay_; }

    /// Whether one game matches. `values[i]` is the value of fields()[i] for that game: a tag's
    /// value with its escapes read (docs/rules/notation.md §1.2), a derived field's value as
    /// text (`plies` as `57`), or nullopt when the game has no such tag. `values` must hold
    /// fields().size() entries. Comparisons follow docs/where.md: numbers, dates, bytes.
    bool matches(std::span<const std::optional<std::string_view>> values) const;

private:
    // A comparison made ready: its literal read once in each form it may be compared as.
    struct Test {
        std::uint32_t field = 0;  // index into fields_
        Operator op         = Operator::Equal;
        std::string literal;  // as written; for Contains, ASCII letters lowered
        bool is_number = false;
        bool is_date   = false;
        std::int32_t date[3]{};                 // year, month, day; -1 for `??`
        std::shared_ptr<const re2::RE2> regex;  // Search only
        std::vector<std::uint32_t> next;        // Contains only: the literal's KMP table
    };
    // A node of the tree, its operands in operands_[first, first + count).
    struct Node {
        Expression::Kind kind = Expression::Kind::Comparison;
        std::uint32_t first   = 0;  // Comparison: index into tests_
        std::uint32_t count   = 0;
    };

    std::uint32_t add(const Expression& e, std::size_t depth,
                      std::unordered_map<std::string, std::uint32_t>& field_index);
    bool evaluate(std::uint32_t node,
                  std::span<const std::optional<std::string_view>> values) const;
    bool test(const Test& t, std::optional<std::string_view> value) const;

    std::vector<std::string> fields_;
    std::vector<Test> tests_;
    std::vector<Node> nodes_;
    std::vector<std::uint32_t> operands_;
    std::uint32_t root_ = 0;
    bool needs_replay_  = false;
};

}  // namespace floe::rules::selection
