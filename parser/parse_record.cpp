// Builds GameRecords from the scanner's game extents and the X3 grammar's flat tokens: tag
// values unescaped, variations nested with an explicit stack, suffixes and glyphs read as NAGs,
// every lenient form and syntax problem reported (notation.md §1).
#include "parser/parse_record.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdio>
#include <istream>
#include <optional>
#include <string>

#include "parser/game_grammar.hpp"
#include "parser/lexical.hpp"
#include "parser/scanner.hpp"

namespace floe::parser {

using rules::DiagCode;
using rules::Element;
using rules::ElementKind;
using rules::GameRecord;
using rules::Span;

namespace {

constexpr std::string_view Bom = "\xEF\xBB\xBF";

Span span_of(const detail::Token& t) { return {t.begin, t.end}; }

// Suffixes glued to a move, read as NAGs 1-6 (notation.md §1).
std::uint32_t suffix_nag(std::string_view suffix) {
    static constexpr std::array<std::string_view, 6> Suffixes = {"!", "?", "!!", "??", "!?", "?!"};
    for (std::size_t i = 0; i < Suffixes.size(); ++i)
        if (suffix == Suffixes[i]) return static_cast<std::uint32_t>(i + 1);
    return 0;
}

bool is_square(std::string_view word) {
    return word.size() == 2 && word[0] >= 'a' && word[0] <= 'h' && word[1] >= '1' && word[1] <= '8';
}

bool is_seat(std::string_view word) {
    return word.size() == 2 && word[1] == ':' &&
           (word[0] == 'Y' || word[0] == 'G' || word[0] == 'B' || word[0] == 'R');
}

std::string quoted_character(std::string_view text, std::uint32_t at) {
    // A control character is named, not copied: a raw NUL or ESC in a message would reach the
    // terminal (or a JSON consumer) as is.
    const auto c = static_cast<unsigned char>(text[at]);
    if (c < 0x20 || c == 0x7F) {
        char name[32];
        std::snprintf(name, sizeof name, "control character U+%04X", c);
        return name;
    }
    // The whole character, as read: the printers decode a byte that is not UTF-8 with the
    // record's encoding.
    const std::uint32_t len = rules::utf8_length(text, at);
    std::string s(1, '\'');  // built with += (g++ 12 warns falsely on "'" + s, -Wrestrict)
    s += text.substr(at, len ? len : 1);
    s += '\'';
    return s;
}

// The invalid-utf8 warning, at the game's first byte that is not UTF-8: what that byte was read
// as, so that a wrong --encoding shows at once (notation.md §1).
std::string invalid_byte_message(char byte, rules::Encoding encoding) {
    const auto b           = static_cast<unsigned char>(byte);
    const char32_t c       = rules::fallback_code_point(b, encoding);
    const std::string name = std::string(rules::encoding_name(encoding));
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", b);
    if (c == 0xFFFD)
        return "byte " + std::string(hex) + " is neither UTF-8 nor defined in " + name +
               ": written as U+FFFD; the game's other bytes that are not UTF-8 are read as " + name;
    std::string character;
    rules::append_code_point(character, c);
    char code[16];
    std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(c));
    return "byte " + std::string(hex) + " is not UTF-8: read as " + name + " '" + character +
           "' (" + code + "), like the game's other bytes that are not UTF-8";
}

constexpr std::string_view Expected =
    "expected a move, a move number, a comment, a NAG, an event, a variation or a termination "
    "marker";

// Builds one record from its tokens.
class GameBuilder {
public:
    GameBuilder(GameRecord& out, const ParseOptions& options, detail::GameEnd ended_by)
        : r_(out), options_(options), ended_by_(ended_by) {}

    void build(const std::vector<detail::Token>& tokens);

private:
    void tag_pair(const detail::Token& t);
    void word(const std::vector<detail::Token>& tokens, std::size_t& i);
    void open(const detail::Token& t);
    void close(const detail::Token& t);
    void check_encoding();
    void finish();

    Element& push(ElementKind kind, Span span, std::string_view text, std::uint32_t value = 0,
                  std::uint8_t flags = 0) {
        auto& line = r_.lines[stack_.back()].elements;
        line.push_back(Element{kind, flags, span, text, value});
        return line.back();
    }
    std::string_view bytes(std::uint32_t begin, std::uint32_t end) const {
        return r_.text.substr(begin, end - begin);
    }
    // An error in the movetext: it ends the line it stands in (notation.md §1, §7). The plies
    // before it count; the rest of the line is kept as text by the writers.
    void error(DiagCode code, Span span, std::string message) {
        r_.diagnostics.push_back(rules::make_error(code, span, std::move(message)));
        stop(stack_.back(), code, span);
    }
    void stop(std::uint32_t line, DiagCode code, Span span, bool marker = false) {
        rules::LineStop& s = r_.lines[line].stop;
        if (span.begin < s.at) s = rules::LineStop{span.begin, code, marker};
    }
    void comment(const detail::Token& t, std::string_view text, bool line_comment);
    void warn(DiagCode code, Span span, std::string singular, std::string_view plural) {
        groups_.add(r_.diagnostics, code, span, std::move(singular), plural);
    }

    GameRecord& r_;
    const ParseOptions& options_;
    detail::GameEnd ended_by_;
    rules::WarningGroups groups_;
    std::vector<std::uint32_t> stack_;  // open lines: main line first
    bool in_movetext_ = false;
    bool skip_rest_   = false;      // after a variation too deep: the rest of the game is not read
    detail::TagLineMemo tag_memo_;  // many tags on one line: linear time (issue 13)
};

void GameBuilder::build(const std::vector<detail::Token>& tokens) {
    r_.lines.emplace_back();
    // One allocation for the main line, which holds most tokens, instead of one per doubling.
    r_.lines[0].elements.reserve(tokens.size());
    stack_.assign(1, 0);
    check_encoding();
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const detail::Token& t = tokens[i];
        if (t.kind == detail::TokenKind::UnicodeSpace) {
            warn(DiagCode::UnicodeSpace, span_of(t), "Unicode space read as a space",
                 "Unicode spaces read as spaces");
            continue;
        }
        if (t.kind == detail::TokenKind::TagPair || t.kind == detail::TokenKind::BadTag) {
            if (in_movetext_) {
                error(DiagCode::SyntaxError, span_of(t),
                      "tag pair inside the movetext: tags must come before the moves");
            } else if (t.kind == detail::TokenKind::TagPair) {
                tag_pair(t);
            } else {  // in the tag section: no line to stop, the writers keep it (§7)
                r_.diagnostics.push_back(
                    rules::make_error(DiagCode::UnterminatedTag, span_of(t),
                                      "malformed tag pair: expected [Name \"value\"]"));
                r_.unread_tags.push_back(span_of(t));
            }
            continue;
        }
        if (t.kind == detail::TokenKind::Escape) continue;  // only in column 1 (the grammar)
        if (t.kind == detail::TokenKind::Word &&
            detail::is_termination(bytes(t.begin, t.end), r_.glacial_shift)) {
            // The scanner ends a game after its termination marker, so one that is not the last
            // token stands inside a variation (`(1. d4 1-0)`): it is no result of the game.
            if (i + 1 < tokens.size()) {
                if (!skip_rest_)
                    error(DiagCode::SyntaxError, span_of(t),
                          "termination marker " + std::string(bytes(t.begin, t.end)) +
                              (stack_.size() > 1 ? " inside a variation: only the game has a result"
                                                 : " before the end of the game"));
                continue;
            }
            r_.termination      = bytes(t.begin, t.end);
            r_.termination_span = span_of(t);
            if (r_.termination == "\xC2\xBD-\xC2\xBD")
                warn(DiagCode::UnicodeResult, span_of(t),
                     "result written 1/2 as \xC2\xBD (canonical: 1/2-1/2)", "");
            continue;
        }
        // Comments before the tags stay with this game (as the scanner cut it).
        in_movetext_ = in_movetext_ || (t.kind != detail::TokenKind::Comment &&
                                        t.kind != detail::TokenKind::LineComment);
        if (skip_rest_) continue;
        switch (t.kind) {
            case detail::TokenKind::MoveNumber: {
                const detail::NumberPrefix n = detail::number_prefix(r_.text, t.begin);
                if (n.too_large) {
                    error(DiagCode::SyntaxError, span_of(t),
                          "move number " + std::string(bytes(t.begin, t.end)) +
                              " out of range: expected at most 4294967295");
                    break;
                }
                push(ElementKind::MoveNumber, span_of(t), bytes(t.begin, t.end), n.value,
                     n.dots >= 2 ? rules::BlackDots : 0);
                break;
            }
            case detail::TokenKind::Word:
                word(tokens, i);
                break;
            case detail::TokenKind::Nag: {
                std::uint32_t value = 0;
                const auto digits   = bytes(t.begin + 1, t.end);
                const auto res =
                    std::from_chars(digits.data(), digits.data() + digits.size(), value);
                if (res.ec != std::errc() || value > 255) {
                    error(DiagCode::SyntaxError, span_of(t),
                          "NAG " + std::string(bytes(t.begin, t.end)) +
                              " out of range: expected $0 to $255");
                    break;
                }
                push(ElementKind::Nag, span_of(t), bytes(t.begin, t.end), value);
                break;
            }
            case detail::TokenKind::Comment: {
                const bool closed = t.end - t.begin >= 2 && r_.text[t.end - 1] == '}';
                comment(t, bytes(t.begin + 1, closed ? t.end - 1 : t.end), false);
                if (!closed)
                    error(DiagCode::UnterminatedComment, {t.begin, t.begin + 1},
                          "unterminated comment: expected '}' (the comment is read up to the end "
                          "of the game)");
                break;
            }
            case detail::TokenKind::LineComment:
                comment(t, bytes(t.begin + 1, t.end), true);
                break;
            case detail::TokenKind::Event: {
                const bool closed = t.end - t.begin >= 2 && r_.text[t.end - 1] == '>';
                if (!closed) {
                    error(DiagCode::SyntaxError, {t.begin, t.end},
                          "unterminated event: expected '>' before the line end");
                    break;
                }
                push(ElementKind::Event, span_of(t), bytes(t.begin + 1, t.end - 1));
                break;
            }
            case detail::TokenKind::Open:
                open(t);
                break;
            case detail::TokenKind::Close:
                close(t);
                break;
            default:  // Stray
                error(
                    DiagCode::SyntaxError, span_of(t),
                    "unexpected " + quoted_character(r_.text, t.begin) +
                        (r_.text[t.begin] == '%' ? " (an escape line starts with '%' in column 1); "
                                                 : "; ") +
                        std::string(Expected));
                break;
        }
    }
    finish();
}

void GameBuilder::tag_pair(const detail::Token& t) {
    // `[` blanks name blanks `"` value `"` blanks `]`, as the grammar matched it.
    std::uint32_t p = t.begin + 1;
    while (detail::is_blank(r_.text[p])) ++p;
    const std::uint32_t name_begin = p;
    while (detail::is_tag_name_char(r_.text[p])) ++p;
    const std::uint32_t name_end = p;
    while (r_.text[p] != '"') ++p;
    const std::uint32_t value_begin = p + 1;
    const detail::TagValueEnd v     = detail::find_tag_value_end(r_.text, value_begin, &tag_memo_);
    const auto value_end            = static_cast<std::uint32_t>(v.close);

    rules::TagPair tag;
    tag.name                   = std::string(bytes(name_begin, name_end));
    tag.span                   = span_of(t);
    tag.value_span             = {value_begin, value_end};
    const std::string_view raw = bytes(value_begin, value_end);
    for (std::size_t k = 0; k < raw.size(); ++k) {
        if (raw[k] == '\\' && k + 1 < raw.size() && (raw[k + 1] == '"' || raw[k + 1] == '\\')) {
            tag.value += raw[++k];
            continue;
        }
        if (raw[k] == '\\') {
            const auto at = static_cast<std::uint32_t>(value_begin + k);
            warn(DiagCode::TagEscape, {at, at + 1},
                 "backslash that escapes neither '\"' nor '\\' kept as written",
                 "backslashes that escape neither '\"' nor '\\' kept as written");
        }
        tag.value += raw[k];
    }
    if (v.lenient)
        warn(DiagCode::UnterminatedTagValue, tag.value_span,
             "tag value without a closing quote before ']': read up to the line's last '\"]'",
             "tag values without a closing quote read up to the line's last '\"]'");
    r_.tags.push_back(std::move(tag));
}

// A comment, and the marker `[%floe CODE]` that a conversion writes at the start of the rest of
// a line it could not read (notation.md §7): reading it reports CODE again, so a broken game
// never comes back clean, and the line ends there as it did.
void GameBuilder::comment(const detail::Token& t, std::string_view text, bool line_comment) {
    push(line_comment ? ElementKind::LineComment : ElementKind::Comment, span_of(t), text);
    constexpr std::string_view Marker = "[%floe ";
    if (text.substr(0, Marker.size()) != Marker) return;
    const std::size_t close = text.find(']');
    if (close == std::string_view::npos) return;
    const std::string_view name = text.substr(Marker.size(), close - Marker.size());
    // A code is one printable ASCII word: anything else is an ordinary comment.
    if (name.empty() ||
        std::any_of(name.begin(), name.end(), [](char c) { return c <= ' ' || c > '~'; }))
        return;
    const std::optional<DiagCode> code = rules::find_code(name);
    const DiagCode reported            = code.value_or(DiagCode::SyntaxError);
    std::string message                = "marker of an earlier conversion: ";
    if (!code) {
        message += "[%floe ";
        message += name;  // record bytes: the printers decode them (GameRecord::encoding)
        message += "] names no floe diagnostic; ";
    }
    message += reported == DiagCode::UnterminatedTag
                   ? "a malformed tag pair, kept in this comment"
                   : "the line stopped here at an error, and its unread rest is kept in this "
                     "comment";
    r_.diagnostics.push_back(rules::make_error(reported, span_of(t), std::move(message)));
    // A malformed tag kept before the movetext stops no line: it holds no move.
    if (reported != DiagCode::UnterminatedTag) stop(stack_.back(), reported, span_of(t), true);
}

void GameBuilder::word(const std::vector<detail::Token>& tokens, std::size_t& i) {
    const detail::Token& t = tokens[i];
    std::string_view w     = bytes(t.begin, t.end);
    auto& line             = r_.lines[stack_.back()].elements;

    if (detail::only_dots(w)) {  // `12. ...`: the dots belong to the move number before them
        if (!line.empty() && line.back().kind == ElementKind::MoveNumber) {
            line.back().flags |= rules::BlackDots;
        } else {
            std::string message = "dots without a move number before them; ";
            message += Expected;
            error(DiagCode::SyntaxError, span_of(t), std::move(message));
        }
        return;
    }
    const detail::Token* next = i + 1 < tokens.size() ? &tokens[i + 1] : nullptr;
    const bool next_is_word   = next && next->kind == detail::TokenKind::Word;
    if (std::uint32_t nag = detail::glyph_nag(w)) {
        const bool knight_move =
            w == "N" && next_is_word && is_square(bytes(next->begin, next->end));
        if (!knight_move) {
            push(ElementKind::Nag, span_of(t), w, nag, rules::GlyphNag);
            warn(DiagCode::AnnotationGlyph, span_of(t),
                 "annotation glyph " + std::string(w) + " read as $" + std::to_string(nag),
                 "annotation glyphs read as NAGs");
            return;
        }
    }
    // `Y: y1e3-e4`: one ply; but never with the result after it (`G: *`), which the scanner
    // ended the game at: taken into the ply, it left the game without one (issue 13, fuzzing).
    if (r_.glacial_shift && is_seat(w) && next_is_word &&
        !detail::is_termination(bytes(next->begin, next->end), true)) {
        push(ElementKind::Move, {t.begin, next->end}, bytes(t.begin, next->end));
        ++i;
        return;
    }
    // A glued suffix (`e4!?`) becomes a NAG after the move.
    std::size_t cut = w.size();
    while (cut > 0 && (w[cut - 1] == '!' || w[cut - 1] == '?')) --cut;
    const std::uint32_t nag = cut > 0 && cut < w.size() ? suffix_nag(w.substr(cut)) : 0;
    if (nag == 0) cut = w.size();
    const auto move_end = static_cast<std::uint32_t>(t.begin + cut);
    push(ElementKind::Move, {t.begin, move_end}, bytes(t.begin, move_end));
    if (nag)
        push(ElementKind::Nag, {move_end, t.end}, bytes(move_end, t.end), nag, rules::GluedSuffix);
}

void GameBuilder::open(const detail::Token& t) {
    if (stack_.size() > options_.max_variation_depth) {
        error(DiagCode::VariationTooDeep, span_of(t),
              "variations nested deeper than " + std::to_string(options_.max_variation_depth) +
                  " levels; the rest of the game is not read");
        skip_rest_ = true;
        return;
    }
    const auto index = static_cast<std::uint32_t>(r_.lines.size());
    r_.lines.push_back(rules::Line{{}, stack_.back(), {}});
    push(ElementKind::Variation, span_of(t), bytes(t.begin, t.end), index);
    stack_.push_back(index);
}

void GameBuilder::close(const detail::Token& t) {
    if (stack_.size() == 1) {
        error(DiagCode::UnbalancedVariation, span_of(t), "')' without a matching '('");
        return;
    }
    stack_.pop_back();
    Element& variation = r_.lines[stack_.back()].elements.back();  // the Variation element
    variation.span.end = t.end;
    variation.text     = bytes(variation.span.begin, t.end);
}

void GameBuilder::check_encoding() {
    r_.encoding                 = options_.encoding;
    const std::string_view text = r_.text;
    for (std::size_t i = 0; i < text.size();) {
        if (static_cast<unsigned char>(text[i]) < 0x80) {
            ++i;
            continue;
        }
        const std::uint32_t len = rules::utf8_length(text, i);
        if (len) {
            i += len;
            continue;
        }
        r_.invalid_utf8 = true;
        const auto at   = static_cast<std::uint32_t>(i);
        r_.diagnostics.push_back(rules::make_warning(DiagCode::InvalidUtf8, {at, at + 1},
                                                     invalid_byte_message(text[i], r_.encoding)));
        return;
    }
}

void GameBuilder::finish() {
    // A variation never closed runs to the end of the movetext, so that its span (and the
    // writers' verbatim rest) covers everything read after its `(`.
    const auto movetext_end = static_cast<std::uint32_t>(
        r_.termination.empty() ? r_.text.size() : r_.termination_span.begin);
    for (bool report = !skip_rest_; stack_.size() > 1; stack_.pop_back()) {
        const std::uint32_t parent = r_.lines[stack_.back()].parent;
        Element& variation         = r_.lines[parent].elements.back();
        variation.span.end         = std::max(variation.span.end, movetext_end);
        variation.text             = bytes(variation.span.begin, variation.span.end);
        // After a variation too deep the rest is unread: its parentheses prove nothing.
        if (!report) continue;
        const Span open{variation.span.begin, variation.span.begin + 1};
        r_.diagnostics.push_back(
            rules::make_error(DiagCode::UnbalancedVariation, open,
                              "variation not closed: expected ')' before the end of the game"));
        stop(parent, DiagCode::UnbalancedVariation, open);  // the `(` stands in the parent
    }
    if (!r_.termination.empty()) return;
    const auto end = static_cast<std::uint32_t>(r_.text.size());
    switch (ended_by_) {
        case detail::GameEnd::TagBoundary:
        case detail::GameEnd::NumberBoundary:
            r_.diagnostics.push_back(
                rules::make_warning(DiagCode::GameBoundary, {end, end},
                                    "no termination marker before the next game begins: the game "
                                    "ends here, read as *"));
            break;
        case detail::GameEnd::UnterminatedComment:
            break;  // reported with the comment
        default:
            r_.diagnostics.push_back(
                rules::make_warning(DiagCode::MissingTermination, {end, end},
                                    "no termination marker at the end of the game: read as *"));
            break;
    }
}

}  // namespace

struct GameSource::Impl {
    Impl(std::string_view in, ParseOptions opts)
        : options(opts),
          view(in.substr(in.substr(0, 3) == Bom ? 3 : 0)),
          at_end(true),
          scanner(view, opts.glacial_default, true, opts.encoding) {}
    Impl(std::istream& in, ParseOptions opts, std::size_t chunk_bytes)
        : stream(&in),
          options(opts),
          chunk(std::max<std::size_t>(chunk_bytes, 1)),
          scanner({}, opts.glacial_default, false, opts.encoding) {}

    // Moves the line count forward to `to`: CR, LF and CRLF each end a line.
    void advance_lines(std::size_t to) {
        for (std::size_t i = counted; i < to; ++i) {
            const char c = view[i];
            if (c != '\n' && c != '\r') continue;
            if (c == '\r' && i + 1 < view.size() && view[i + 1] == '\n') ++i;
            ++line;
            line_start = i + 1;
        }
        counted = std::max(counted, to);
    }

    // Drops the bytes already scanned (but the line the scanner stands on, whose start its
    // column and the `%` rule need) and reads more: one chunk, or as many bytes as the buffer
    // keeps when that is more. The scanner then sees the buffer up to its last line end, or all
    // of it at the end of the stream. A game longer than the buffer makes the scanner start it
    // again after each read: the buffer doubles each time, so the rescans of a long game add
    // up to at most twice its length (issue 13), where one chunk at a time was quadratic.
    void fill() {
        const std::size_t position = scanner.position();
        advance_lines(position);
        const std::size_t drop = line_start;
        buffer.erase(0, drop);
        counted -= drop;
        line_start = 0;

        const std::size_t old  = buffer.size();
        const std::size_t want = std::max(chunk, old);
        buffer.resize(old + want);
        stream->read(buffer.data() + old, static_cast<std::streamsize>(want));
        const auto got = static_cast<std::size_t>(stream->gcount());
        buffer.resize(old + got);
        if (got < want) {  // read() fills the request unless the stream ended or failed
            at_end = true;
            failed = stream->bad();
        }
        // The BOM, which no column counts (notation.md §8), once its three bytes are in.
        if (!bom_checked && (buffer.size() >= 3 || at_end)) {
            if (std::string_view(buffer).substr(0, 3) == Bom) buffer.erase(0, 3);
            bom_checked = true;
        }

        std::size_t cut = buffer.size();
        if (!at_end) {
            // The window ends after a line end, so that every token and tag in it is whole;
            // not after a final CR, which may be the first half of a CRLF.
            std::size_t i = buffer.find_last_of("\n\r");
            if (i != std::string::npos && buffer[i] == '\r' && i + 1 == buffer.size())
                i = i == 0 ? std::string::npos : buffer.find_last_of("\n\r", i - 1);
            cut = i == std::string::npos ? 0 : i + 1;
        }
        view = std::string_view(buffer).substr(0, cut);
        scanner.rebase(view, position - drop, at_end);
    }

    // The file column of view[at], on the line advance_lines reached: counted on from the
    // previous game's start when it stood on the same line, so that many games on one line
    // cost time linear in the line.
    std::uint32_t column_of(std::size_t at) {
        const auto rel     = static_cast<std::uint32_t>(at - line_start);
        std::uint32_t from = 0, column = 1;
        if (column_line == line && column_at <= rel) {
            from   = column_at;
            column = column_count;
        }
        // Whole characters of the view from `from` on; a game never starts inside one, but if
        // it did, the count up to it would read the cut sequence byte by byte, as
        // code_point_count does, and is not remembered.
        std::size_t i   = line_start + from;
        std::uint32_t n = 0;
        while (i < at) {
            const std::uint32_t len =
                static_cast<unsigned char>(view[i]) < 0x80 ? 1 : rules::utf8_length(view, i);
            i += len ? len : 1;
            ++n;
        }
        if (i != at)
            return column + rules::code_point_count(view.substr(line_start + from, rel - from));
        column_line  = line;
        column_at    = rel;
        column_count = column + n;
        return column_count;
    }

    std::istream* stream = nullptr;  // null over a whole buffer
    ParseOptions options;
    std::size_t chunk = 0;
    std::string buffer;     // streaming: the unscanned bytes, from a line start on
    std::string_view view;  // what the scanner sees (without the BOM)
    bool at_end      = false;
    bool failed      = false;
    bool bom_checked = false;
    detail::Scanner scanner;
    std::uint32_t games    = 0;
    std::uint32_t line     = 1;  // file line of view[line_start]
    std::size_t line_start = 0;
    std::size_t counted    = 0;  // bytes of view whose line ends are counted
    // column_of's last count: file line, offset from that line's start, column there.
    std::uint32_t column_line  = 0;
    std::uint32_t column_at    = 0;
    std::uint32_t column_count = 1;
};

GameSource::GameSource(std::string_view input, ParseOptions options)
    : impl_(std::make_unique<Impl>(input, options)) {}

GameSource::GameSource(std::istream& in, ParseOptions options, std::size_t chunk_bytes)
    : impl_(std::make_unique<Impl>(in, options, chunk_bytes)) {}

GameSource::~GameSource() = default;

bool GameSource::read_failed() const { return impl_->failed; }

bool GameSource::next(GameText& out) {
    Impl& m = *impl_;
    detail::GameExtent extent;
    for (;;) {
        const detail::ScanResult r = m.scanner.next(extent);
        if (r == detail::ScanResult::Game) break;
        if (r == detail::ScanResult::End) return false;
        m.fill();  // NeedMore: only from a partial window, so the stream has not ended
    }

    m.advance_lines(extent.begin);
    // The lines around the game, at most ContextBytes of them before and after it: many games
    // on one long line must not each copy the whole line (issue 13). The excerpt printer shows
    // less than that around a diagnostic.
    constexpr std::size_t Context = rules::SourceMap::ContextBytes;
    std::size_t lines_begin       = m.line_start;
    if (extent.begin - lines_begin > Context) {
        lines_begin = extent.begin - Context;
        while (lines_begin < extent.begin &&
               (static_cast<unsigned char>(m.view[lines_begin]) & 0xC0) == 0x80)
            ++lines_begin;  // not inside a character
    }
    const std::size_t suffix_limit = std::min(m.view.size(), extent.end + Context);
    std::size_t suffix_end         = extent.end;
    while (suffix_end < suffix_limit && !detail::is_line_end(m.view[suffix_end])) ++suffix_end;
    const std::string_view lines = m.view.substr(lines_begin, suffix_end - lines_begin);
    if (m.stream) {
        out.owned_.assign(lines);
        out.external_ = {};
    } else {
        out.external_ = lines;
    }
    out.begin        = static_cast<std::uint32_t>(extent.begin - lines_begin);
    out.end          = static_cast<std::uint32_t>(extent.end - lines_begin);
    out.number       = ++m.games;
    out.first_line   = m.line;
    out.first_column = m.column_of(extent.begin);
    out.ended_by     = static_cast<std::uint8_t>(extent.ended_by);
    out.glacial      = extent.glacial;
    return true;
}

void parse_game(const GameText& text, GameRecord& out, const ParseOptions& options) {
    out               = GameRecord{};
    out.number        = text.number;
    out.text          = text.game();
    out.glacial_shift = text.glacial;

    rules::SourceMap& src = out.source;
    src.text              = out.text;
    src.first_line        = text.first_line;
    src.first_column      = text.first_column;
    src.prefix_bytes      = text.begin;
    src.suffix_bytes      = static_cast<std::uint32_t>(text.lines().size() - text.end);
    src.line_starts.push_back(0);
    for (std::size_t i = 0; i < out.text.size(); ++i) {
        const char c = out.text[i];
        if (c != '\n' && c != '\r') continue;
        if (c == '\r' && i + 1 < out.text.size() && out.text[i + 1] == '\n') ++i;
        src.line_starts.push_back(static_cast<std::uint32_t>(i + 1));
    }

    thread_local std::vector<detail::Token> tokens;  // reused between games
    detail::tokenize_game(out.text, src.first_column == 1, tokens, options.encoding);
    GameBuilder(out, options, static_cast<detail::GameEnd>(text.ended_by)).build(tokens);
}

RecordReader::RecordReader(std::string_view input, ParseOptions options)
    : source_(input, options), options_(options) {}

RecordReader::RecordReader(std::istream& in, ParseOptions options)
    : source_(in, options), options_(options) {}

RecordReader::~RecordReader() = default;

bool RecordReader::next(GameRecord& out) {
    if (!source_.next(text_)) return false;
    parse_game(text_, out, options_);
    return true;
}

}  // namespace floe::parser
