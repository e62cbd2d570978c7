// The only translation unit that includes Boost.Spirit X3 (models.md: compile time).
#include "parser/game_grammar.hpp"

#include <boost/spirit/home/x3.hpp>
#include <functional>

#include "parser/lexical.hpp"

namespace floe::parser::detail {

namespace {

namespace x3 = boost::spirit::x3;

// Where semantic actions put tokens: the context carries a reference to it.
struct TokenSink {
    const char* base;
    std::vector<Token>* out;  // every token (tokenize_game), or
    Token* single;            // the one token (next_token)
    bool starts_line;         // base[0] is the first character of its line
};
struct sink_tag;

// The semantic action of every token rule: records the matched bytes, which x3::raw hands over
// as an iterator range, as one token.
template <TokenKind Kind>
struct emit {
    template <typename Context>
    void operator()(Context& ctx) const {
        TokenSink& sink   = x3::get<sink_tag>(ctx).get();
        const auto& where = x3::_attr(ctx);
        const Token t{Kind, static_cast<std::uint32_t>(where.begin() - sink.base),
                      static_cast<std::uint32_t>(where.end() - sink.base)};
        if (sink.single)
            *sink.single = t;
        else
            sink.out->push_back(t);
    }
};

// The action of the escape rule: `%` makes an escape line only in column 1
// (docs/rules/notation.md §1.10). Elsewhere the match is refused, so the `%` falls through to a
// one-character Stray token and the moves after it on its line are still read
// (docs/decisions/reading.md).
struct emit_escape {
    template <typename Context>
    void operator()(Context& ctx) const {
        TokenSink& sink   = x3::get<sink_tag>(ctx).get();
        const auto& where = x3::_attr(ctx);
        const char* at    = &*where.begin();
        // Byte-order marks before it on its line are white space (before_boms).
        const std::size_t p =
            before_boms(std::string_view(sink.base, static_cast<std::size_t>(at - sink.base)),
                        static_cast<std::size_t>(at - sink.base));
        if (p == 0 ? !sink.starts_line : !is_line_end(sink.base[p - 1])) {
            x3::_pass(ctx) = false;
            return;
        }
        emit<TokenKind::Escape>{}(ctx);
    }
};

// A primitive parser that matches what a lexical helper measures: `Measure` takes the rest of
// the input and returns the length of the match, 0 for none. The helpers are shared with the
// game scanner, so both cut the text in the same places.
template <typename Measure>
struct measured : x3::parser<measured<Measure>> {
    using attribute_type            = x3::unused_type;
    static bool const has_attribute = false;

    constexpr explicit measured(Measure m) : measure(m) {}

    template <typename Iterator, typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const&, RContext&, Attribute&) const {
        if (first == last) return false;  // every measure needs one character at least
        const std::size_t n =
            measure(std::string_view(first, static_cast<std::size_t>(last - first)));
        if (n == 0) return false;
        first += static_cast<std::ptrdiff_t>(n);
        return true;
    }

    Measure measure;
};

constexpr auto unicode_space_len = [](std::string_view s) { return unicode_space_length(s, 0); };
constexpr auto word_len          = [](std::string_view s) { return token_end(s, 0); };
// What the last measure of a move number and of a tag value found, handed to the token they
// end in (next_token): the readers take it from there instead of measuring again.
thread_local NumberPrefix last_number;
thread_local const char* last_value_close = nullptr;
thread_local bool last_value_lenient      = false;

constexpr auto number_len = [](std::string_view s) {
    last_number = number_prefix(s, 0);
    return last_number.end;
};
constexpr auto tag_name_len = [](std::string_view s) { return tag_name_end(s, 0); };
// What the lenient tag-value searches learnt about the lines of the text being read: the
// caller's memo for that text (next_token), or none.
thread_local TagLineMemo* tag_memo = nullptr;

// The value and its closing quote (the opening quote already matched).
constexpr auto tag_value_len = [](std::string_view s) {
    const TagValueEnd v = find_tag_value_end(s, 0, tag_memo);
    last_value_close    = s.data() + v.close;
    last_value_lenient  = v.lenient;
    return v.found ? v.close + 1 : 0;
};
// ASCII digits, compared as bytes: x3::digit calls std::isdigit, whose argument must be an
// unsigned char value (a byte of `é` after `$` tripped Boost's assertion, and is undefined
// behaviour without it: issue 13). The scanner reads a NAG's digits the same way.
constexpr auto digits_len = [](std::string_view s) {
    std::size_t n = 0;
    while (n < s.size() && s[n] >= '0' && s[n] <= '9') ++n;
    return n;
};
constexpr auto character_len = [](std::string_view s) -> std::size_t {
    const std::uint32_t len = rules::utf8_length(s, 0);
    return len ? len : 1;
};

const auto blank       = x3::char_(" \t");
const auto line_end    = x3::char_("\r\n");
const auto ascii_space = x3::char_(" \t\r\n\f\v");

// White space, line ends too, may stand between a tag pair's four tokens (PGN standard 8.1: a
// tag pair may span lines; the reader warns, tag-line-break), and a Unicode space is a blank
// there too (docs/rules/notation.md §1.14). The value itself is one line's.
const auto tag_blank = x3::omit[ascii_space] | measured(unicode_space_len);
const auto tag_pair  = x3::lit('[') >> *tag_blank >> measured(tag_name_len) >> *tag_blank >> '"' >>
                      measured(tag_value_len) >> *ascii_space >> ']';
const auto bad_tag      = x3::lit('[') >> *(x3::char_ - ']' - line_end) >> -x3::lit(']');
const auto comment      = x3::lit('{') >> *(x3::char_ - '}') >> -x3::lit('}');
const auto line_comment = x3::lit(';') >> *(x3::char_ - line_end);
const auto event        = x3::lit('<') >> *(x3::char_ - '>' - line_end) >> -x3::lit('>');
const auto nag          = x3::lit('$') >> measured(digits_len);
const auto escape       = x3::lit('%') >> *(x3::char_ - line_end);

// The token rules, each behind the first bytes it can start with (next_token chooses by the
// first byte, so that a move is not first tried as ten other things). Order matters where
// rules overlap: a tag pair before a malformed one, a move number before a word (`1.e4` is
// `1.` then `e4`), and the stray character last, so that the grammar never fails.
const auto unicode_space = x3::raw[measured(unicode_space_len)][emit<TokenKind::UnicodeSpace>{}];
const auto word          = x3::raw[measured(word_len)][emit<TokenKind::Word>{}];
const auto stray         = x3::raw[measured(character_len)][emit<TokenKind::Stray>{}];
const auto tag_token =
    x3::raw[tag_pair][emit<TokenKind::TagPair>{}] | x3::raw[bad_tag][emit<TokenKind::BadTag>{}];
const auto comment_token      = x3::raw[comment][emit<TokenKind::Comment>{}];
const auto line_comment_token = x3::raw[line_comment][emit<TokenKind::LineComment>{}];
const auto event_token        = x3::raw[event][emit<TokenKind::Event>{}];
const auto nag_token          = x3::raw[nag][emit<TokenKind::Nag>{}] | stray;
const auto open_token         = x3::raw[x3::lit('(')][emit<TokenKind::Open>{}];
const auto close_token        = x3::raw[x3::lit(')')][emit<TokenKind::Close>{}];
const auto escape_token       = x3::raw[escape][emit_escape{}] | stray;
const auto number_token =
    x3::raw[measured(number_len)][emit<TokenKind::MoveNumber>{}] | word | stray;
const auto word_token = word | stray;
// A full-width digit may start a hand-typed move number (`１．`, docs/rules/notation.md §1.15).
const auto non_ascii_token =
    x3::raw[measured(number_len)][emit<TokenKind::MoveNumber>{}] | unicode_space | word | stray;

// The first bytes of a move (`e4`, `Nf3`, `O-O`): token characters that start no other rule.
constexpr bool may_start_move_word(unsigned char c) {
    return (c >= 'a' && c <= 'h') || c == 'K' || c == 'Q' || c == 'R' || c == 'B' || c == 'N' ||
           c == 'O';
}

template <class Rule>
Token parse_one(const Rule& rule, std::string_view text, std::size_t pos, bool starts_line) {
    // Every rule ends with one that matches any character, so `one` is always set.
    const auto at = static_cast<std::uint32_t>(pos);
    Token one{TokenKind::Stray, at, at + 1};
    TokenSink sink{text.data(), nullptr, &one, starts_line};
    const char* first = text.data() + pos;
    const char* last  = text.data() + text.size();
    x3::parse(first, last, x3::with<sink_tag>(std::ref(sink))[rule]);
    // A token is cut by one measure of its kind at most, the last one made.
    if (one.kind == TokenKind::MoveNumber) {
        one.value      = last_number.value;
        one.black_dots = last_number.dots >= 2;
        one.too_large  = last_number.too_large;
        one.look_alike = last_number.look_alike;
    } else if (one.kind == TokenKind::TagPair) {
        one.value   = static_cast<std::uint32_t>(last_value_close - text.data());
        one.lenient = last_value_lenient;
    }
    return one;
}

}  // namespace

Token next_token(std::string_view text, std::size_t pos, bool starts_line, TagLineMemo* memo) {
    tag_memo = memo;
    while (pos < text.size() && is_ascii_space(text[pos])) ++pos;
    if (pos >= text.size()) {
        const auto at = static_cast<std::uint32_t>(pos);
        return Token{TokenKind::End, at, at};
    }
    const auto c = static_cast<unsigned char>(text[pos]);
    // A move word of ASCII bytes (most tokens): the grammar's `word | stray` cuts it at
    // token_end, which stops at the first byte that is no token character; when that byte is
    // ASCII (or the text ends), the cut is known without the grammar. Anything else (a glyph, a
    // number, a word reaching a non-ASCII byte) is cut by the grammar.
    if (may_start_move_word(c)) {
        std::size_t end = pos + 1;
        while (end < text.size() && static_cast<unsigned char>(text[end]) < 0x80 &&
               AsciiTokenChar[static_cast<unsigned char>(text[end])])
            ++end;
        if (end == text.size() || static_cast<unsigned char>(text[end]) < 0x80)
            return Token{TokenKind::Word, static_cast<std::uint32_t>(pos),
                         static_cast<std::uint32_t>(end)};
    }
    // A move number: the grammar's first alternative after a digit is number_prefix's measure,
    // taken as it is when it matches; a digit that starts no number (`1-0`, `1a`) goes to the
    // grammar's word and stray rules.
    if (c >= '0' && c <= '9') {
        const NumberPrefix n = number_prefix(text, pos);
        if (n.end != 0) {
            Token t{TokenKind::MoveNumber, static_cast<std::uint32_t>(pos),
                    static_cast<std::uint32_t>(n.end)};
            t.value      = n.value;
            t.black_dots = n.dots >= 2;
            t.too_large  = n.too_large;
            t.look_alike = n.look_alike;
            return t;
        }
    }
    if (c >= 0x80) return parse_one(non_ascii_token, text, pos, starts_line);
    switch (c) {
        case '[':
            return parse_one(tag_token, text, pos, starts_line);
        case '{':
            return parse_one(comment_token, text, pos, starts_line);
        case ';':
            return parse_one(line_comment_token, text, pos, starts_line);
        case '<':
            return parse_one(event_token, text, pos, starts_line);
        case '$':
            return parse_one(nag_token, text, pos, starts_line);
        case '(':
            return parse_one(open_token, text, pos, starts_line);
        case ')':
            return parse_one(close_token, text, pos, starts_line);
        case '%':
            return parse_one(escape_token, text, pos, starts_line);
        default:
            if (c >= '0' && c <= '9') return parse_one(number_token, text, pos, starts_line);
            return parse_one(word_token, text, pos, starts_line);
    }
}

}  // namespace floe::parser::detail
