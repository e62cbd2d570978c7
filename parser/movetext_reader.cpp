#include "parser/movetext_reader.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdio>
#include <optional>
#include <string>

#include "parser/game_grammar.hpp"
#include "parser/lexical.hpp"
#include "rules/common/look_alike.hpp"
#include "rules/common/thread_scratch.hpp"
#include "rules/variants.hpp"

namespace floe::parser {

using rules::DiagCode;
using rules::Element;
using rules::ElementKind;
using rules::Span;

namespace {

// Suffixes glued to a move, read as NAGs 1-6 (docs/rules/notation.md §1.6).
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

constexpr std::string_view Expected =
    "expected a move, a move number, a comment, a NAG, an event, a variation or a termination "
    "marker";

Element element(ElementKind kind, Span span, std::string_view text, std::uint32_t value = 0,
                std::uint8_t flags = 0) {
    Element e;
    e.kind  = kind;
    e.flags = flags;
    e.span  = span;
    e.text  = text;
    e.value = value;
    return e;
}

}  // namespace

MovetextReader::MovetextReader(const rules::GameRecord& record, rules::DiagnosticLog& log,
                               const ParseOptions& options)
    : record_(record),
      log_(log),
      text_(record.text),
      max_depth_(options.max_variation_depth),
      starts_line_(record.source.first_column == 1),
      parentheses_(std::move(rules::ThreadScratch::current().get<Spares>().parentheses)),
      unclosed_(std::move(rules::ThreadScratch::current().get<Spares>().unclosed)),
      tags_(std::move(rules::ThreadScratch::current().get<Spares>().tags)) {
    // A NUL is looked for in tokens only when the game has one (one memchr per game).
    has_nul_ = text_.find('\0') != std::string_view::npos;
    parentheses_.clear();
    tags_.clear();
    detail::set_encoding(record.encoding);
    keeping_tags_ = true;
    // The tag section and the comments among its tags, up to and with the element that ends
    // it (but an `(`'s variation, which its own line reads).
    for (;;) {
        const Element e = read(ReadMode::Meaning, 0);
        reported_until_ = e.kind == ElementKind::Open ? e.span.end : pos_;
        if (e.kind != ElementKind::Tag && e.kind != ElementKind::Comment &&
            e.kind != ElementKind::LineComment)
            break;
    }
    keeping_tags_ = false;
    pos_          = 0;
}

MovetextReader::~MovetextReader() {
    // Tables grown past this stay with no thread: a game of a million variations must not keep
    // its memory after it (docs/reliability.md, the memory bounds).
    constexpr std::size_t KeptEntries = std::size_t{1} << 12;
    Spares& spares                    = rules::ThreadScratch::current().get<Spares>();
    if (parentheses_.capacity() <= KeptEntries) spares.parentheses = std::move(parentheses_);
    if (unclosed_.capacity() <= KeptEntries) spares.unclosed = std::move(unclosed_);
    spares.tags = std::move(tags_);  // never above KeptTags
}

detail::Token MovetextReader::next_token(std::uint32_t at) {
    if (at < reported_until_ && !tags_.empty()) {
        std::uint32_t first = at;
        while (first < text_.size() && detail::is_ascii_space(text_[first])) ++first;
        if (first < text_.size() && text_[first] == '[') {
            const auto it = std::lower_bound(
                tags_.begin(), tags_.end(), first,
                [](const detail::Token& t, std::uint32_t begin) { return t.begin < begin; });
            if (it != tags_.end() && it->begin == first) return *it;
        }
    }
    return detail::next_token(text_, at, starts_line_, &memo_);
}

void MovetextReader::warn(ReadMode mode, DiagCode code, Span span, std::string singular,
                          std::string_view plural) {
    if (mode != ReadMode::Quiet) log_.group(code, span, std::move(singular), plural);
}

void MovetextReader::unicode_space(ReadMode mode, const detail::Token& t) {
    if (mode == ReadMode::Quiet) return;
    // The warning names the code point: no editor shows which space it is (§1.14).
    const std::string label = detail::unicode_space_label(text_, t.begin);
    warn(mode, DiagCode::UnicodeSpace, {t.begin, t.end}, label + " read as a space",
         "Unicode spaces read as spaces (first: " + label + ")");
}

void MovetextReader::look_alike_number(ReadMode mode, const detail::Token& t) {
    if (mode == ReadMode::Quiet) return;
    const std::string_view bytes  = text_.substr(t.begin, t.end - t.begin);
    const rules::LookAlike* first = rules::first_look_alike(bytes);
    const std::string label       = first ? rules::code_point_label(first->code_point, first->name)
                                          : std::string("a Unicode look-alike");
    const detail::NumberPrefix n  = detail::number_prefix(text_, t.begin);
    std::string read_as           = std::to_string(n.value);
    read_as += n.dots >= 2 ? "..." : ".";
    warn(mode, DiagCode::UnicodeLookAlike, {t.begin, t.end},
         "move number written with " + label + " (read as " + read_as + ")",
         "Unicode look-alikes read as ASCII (first: " + label + ")");
}

Element MovetextReader::stop(ReadMode mode, DiagCode code, Span span, std::string message) {
    if (mode != ReadMode::Quiet) log_.add(rules::make_error(code, span, std::move(message)));
    Element e = element(ElementKind::Stop, span, text_.substr(span.begin, span.end - span.begin));
    e.code    = code;
    return e;
}

void MovetextReader::nul_error(ReadMode mode, std::uint32_t nul) {
    if (mode != ReadMode::Quiet)
        log_.add(rules::make_error(DiagCode::SyntaxError, {nul, nul + 1},
                                   "unexpected control character U+0000 (NUL) in the record: no "
                                   "text holds one"));
}

Element MovetextReader::nul_stop(ReadMode mode, const detail::Token& t, std::uint32_t nul) {
    // The line stops at the token (a comment, an event: its rest keeps it whole), the error
    // stands at the NUL (docs/rules/notation.md §1.13).
    if (mode != ReadMode::Quiet && movetext_begin_ > t.begin) movetext_begin_ = t.begin;
    nul_error(mode, nul);
    Element e =
        element(ElementKind::Stop, {t.begin, t.end}, text_.substr(t.begin, t.end - t.begin));
    e.code = DiagCode::SyntaxError;
    return e;
}

Element MovetextReader::nul_token(ReadMode mode, const detail::Token& t, std::uint32_t nul) {
    // In the tag section, a malformed tag (parser::TagReader reads it so too): the section goes
    // on, and the writers keep it as they keep one (§7.5).
    const bool tag_like =
        t.kind == detail::TokenKind::TagPair || t.kind == detail::TokenKind::BadTag ||
        t.kind == detail::TokenKind::Comment || t.kind == detail::TokenKind::LineComment;
    if (!in_tag_section(t.begin) || !tag_like) return nul_stop(mode, t, nul);
    if (keeping_tags_ && tags_.size() < KeptTags &&
        (t.kind == detail::TokenKind::TagPair || t.kind == detail::TokenKind::BadTag))
        tags_.push_back(t);
    nul_error(mode, nul);
    return element(ElementKind::Tag, {t.begin, t.end}, text_.substr(t.begin, t.end - t.begin), 0,
                   rules::BadTag);
}

Element MovetextReader::read(ReadMode wanted, std::uint32_t depth) {
    for (;;) {
        const detail::Token t = next_token(pos_);
        pos_                  = t.end;
        // What the tag section's reading reported is not reported again.
        const ReadMode mode = t.begin < reported_until_ ? ReadMode::Quiet : wanted;
        if (has_nul_ && t.kind != detail::TokenKind::End && t.kind != detail::TokenKind::Stray)
            if (const std::size_t nul = text_.substr(t.begin, t.end - t.begin).find('\0');
                nul != std::string_view::npos) {
                const std::uint32_t at = t.begin + static_cast<std::uint32_t>(nul);
                if (t.kind != detail::TokenKind::Escape) return nul_token(mode, t, at);
                nul_error(mode, at);  // an escape line holds no data: reported, and skipped
                continue;
            }
        switch (t.kind) {
            case detail::TokenKind::End:
                return element(ElementKind::End, {t.begin, t.end}, {});
            case detail::TokenKind::UnicodeSpace:
                unicode_space(mode, t);
                continue;
            case detail::TokenKind::Escape:  // only in column 1 (the grammar)
                continue;
            default:
                return token(mode, t, depth);
        }
    }
}

Element MovetextReader::token(ReadMode mode, const detail::Token& t, std::uint32_t depth) {
    const Span span{t.begin, t.end};
    const std::string_view bytes = text_.substr(t.begin, t.end - t.begin);
    if (t.kind == detail::TokenKind::TagPair || t.kind == detail::TokenKind::BadTag) {
        if (!in_tag_section(t.begin))
            return stop(mode, DiagCode::SyntaxError, span,
                        "tag pair inside the movetext: tags must come before the moves");
        if (keeping_tags_ && tags_.size() < KeptTags) tags_.push_back(t);
        return tag(mode, t, t.kind == detail::TokenKind::BadTag);
    }
    // The game's marker: what the scanner cut at, or a last `0-0` read as the double
    // forfeit (play/game_result.cpp), which is_termination leaves to castling. The
    // scanner cut the marker whole: a form the grammar splits (`0.5-0.5`, `0.` and a word)
    // is one marker.
    if (!record_.termination.empty() && t.begin == record_.termination_span.begin) {
        pos_ = std::max(pos_, record_.termination_span.end);
        return element(ElementKind::Termination, record_.termination_span, record_.termination);
    }
    if (t.kind == detail::TokenKind::Word && detail::is_termination(bytes, record_.token_variant)) {
        // The scanner ends a game after its termination marker, so one that is not the last
        // token stands inside a variation (`(1. d4 1-0)`): it is no result of the game.
        return stop(mode, DiagCode::SyntaxError, span,
                    "termination marker " + std::string(bytes) +
                        (depth > 0 ? " inside a variation: only the game has a result"
                                   : " before the end of the game"));
    }
    // Comments before the tags stay with this game (as the scanner cut it).
    if (mode != ReadMode::Quiet && movetext_begin_ > t.begin &&
        t.kind != detail::TokenKind::Comment && t.kind != detail::TokenKind::LineComment)
        movetext_begin_ = t.begin;
    return movetext_element(mode, t, depth);
}

Element MovetextReader::movetext_element(ReadMode mode, const detail::Token& t,
                                         std::uint32_t depth) {
    const Span span{t.begin, t.end};
    switch (t.kind) {
        case detail::TokenKind::MoveNumber:
            return move_number(mode, t);
        case detail::TokenKind::Word:
            return word(mode, t.begin, t.end);
        case detail::TokenKind::Nag:
            return nag(mode, t);
        case detail::TokenKind::Comment:
            return comment(mode, t.begin, t.end, false);
        case detail::TokenKind::LineComment:
            return comment(mode, t.begin, t.end, true);
        case detail::TokenKind::Event:
            return event(mode, t);
        case detail::TokenKind::Open:
            return open(mode, t.begin, depth);
        case detail::TokenKind::Close:
            if (depth == 0)
                return stop(mode, DiagCode::UnbalancedVariation, span,
                            "')' without a matching '('");
            return element(ElementKind::Close, span, text_.substr(t.begin, t.end - t.begin));
        default:  // Stray
            return stop(
                mode, DiagCode::SyntaxError, span,
                "unexpected " + quoted_character(text_, t.begin) +
                    (text_[t.begin] == '%' ? " (an escape line starts with '%' in column 1); "
                                           : "; ") +
                    std::string(Expected));
    }
}

Element MovetextReader::move_number(ReadMode mode, const detail::Token& t) {
    const Span span{t.begin, t.end};
    const std::string_view bytes = text_.substr(t.begin, t.end - t.begin);
    if (t.too_large)
        return stop(
            mode, DiagCode::SyntaxError, span,
            "move number " + std::string(bytes) + " out of range: expected at most 4294967295");
    if (t.look_alike) look_alike_number(mode, t);
    const bool black = take_dots_apart(mode, bytes) || t.black_dots;
    return element(ElementKind::MoveNumber, span, bytes, t.value, black ? rules::BlackDots : 0);
}

bool MovetextReader::take_dots_apart(ReadMode mode, std::string_view number) {
    // Looked for only when the next byte may begin the dots, an escape line or a Unicode space
    // (they may stand between, as they do between any tokens).
    std::uint32_t first = pos_;
    while (first < text_.size() && detail::is_ascii_space(text_[first])) ++first;
    if (first >= text_.size() || !(text_[first] == '.' || text_[first] == '%' ||
                                   static_cast<unsigned char>(text_[first]) >= 0x80))
        return false;
    for (std::uint32_t at = pos_;;) {
        const detail::Token next = detail::next_token(text_, at, starts_line_, &memo_);
        if (next.kind == detail::TokenKind::Escape ||
            next.kind == detail::TokenKind::UnicodeSpace) {
            at = next.end;
            continue;
        }
        const std::string_view dots = text_.substr(next.begin, next.end - next.begin);
        if (next.kind != detail::TokenKind::Word || !detail::only_dots(dots)) return false;
        for (std::uint32_t u = pos_; u < next.begin;) {  // report what is skipped
            const detail::Token skipped = detail::next_token(text_, u, starts_line_, &memo_);
            if (skipped.kind == detail::TokenKind::UnicodeSpace) unicode_space(mode, skipped);
            u = skipped.end;
        }
        pos_ = next.end;
        // `1 . e4`: after a number without dots, one `.` is the number's own period (PGN
        // standard 8.2.2.1); any other dots mark Black's move.
        const char last = number.empty() ? '\0' : number.back();
        return !(last >= '0' && last <= '9' && dots == ".");
    }
}

Element MovetextReader::nag(ReadMode mode, const detail::Token& t) {
    const Span span{t.begin, t.end};
    const std::string_view bytes = text_.substr(t.begin, t.end - t.begin);
    std::uint32_t value          = 0;
    const auto digits            = bytes.substr(1);
    const auto res = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (res.ec != std::errc() || value > 255)
        return stop(mode, DiagCode::SyntaxError, span,
                    "NAG " + std::string(bytes) + " out of range: expected $0 to $255");
    return element(ElementKind::Nag, span, bytes, value);
}

Element MovetextReader::event(ReadMode mode, const detail::Token& t) {
    const Span span{t.begin, t.end};
    const bool closed = t.end - t.begin >= 2 && text_[t.end - 1] == '>';
    if (!closed)
        return stop(mode, DiagCode::SyntaxError, span,
                    "unterminated event: expected '>' before the line end");
    return element(ElementKind::Event, span, text_.substr(t.begin + 1, t.end - t.begin - 2));
}

Element MovetextReader::word(ReadMode mode, std::uint32_t begin, std::uint32_t end) {
    const std::string_view w = text_.substr(begin, end - begin);
    const Span span{begin, end};
    if (detail::only_dots(w)) {  // dots after a move number were taken with the number
        std::string message = "dots without a move number before them; ";
        message += Expected;
        return stop(mode, DiagCode::SyntaxError, span, std::move(message));
    }
    // The next token decides two readings: `N` before a square is a knight, not a glyph, and a
    // seat before a word is a Glacial Shift ply. Only then is it looked at.
    auto next_word = [&]() -> std::optional<detail::Token> {
        const detail::Token next = detail::next_token(text_, end, starts_line_, &memo_);
        if (next.kind != detail::TokenKind::Word) return std::nullopt;
        return next;
    };
    if (std::uint32_t nag = detail::glyph_nag(w)) {
        std::optional<detail::Token> next;
        if (w == "N") next = next_word();
        const bool knight_move =
            next && is_square(text_.substr(next->begin, next->end - next->begin));
        if (!knight_move) {
            std::string message =
                "annotation glyph " + std::string(w) + " read as $" + std::to_string(nag);
            // A dash look-alike (`+−`, U+2212 MINUS SIGN) is named: it is invisible as such.
            if (const rules::LookAlike* l = rules::first_look_alike(w); l && w.size() > 3)
                message += " (" + rules::code_point_label(l->code_point, l->name) + " read as -)";
            warn(mode, DiagCode::AnnotationGlyph, span, std::move(message),
                 "annotation glyphs read as NAGs");
            return element(ElementKind::Nag, span, w, nag, rules::GlyphNag);
        }
    }
    // `Y: y1e3-e4`: one ply; but never with the result after it (`G: *`), at which the scanner
    // ended the game: taken into the ply, it left the game without one (issue 13, fuzzing).
    if (rules::played_by(record_.token_variant, rules::Engine::GlacialShift) && is_seat(w)) {
        const std::optional<detail::Token> next = next_word();
        if (next && !detail::is_termination(text_.substr(next->begin, next->end - next->begin),
                                            record_.token_variant)) {
            pos_ = next->end;
            return element(ElementKind::Move, {begin, next->end},
                           text_.substr(begin, next->end - begin));
        }
    }
    // A glued suffix (`e4!?`) is a NAG after the move: its value rides on the move.
    std::size_t cut = w.size();
    while (cut > 0 && (w[cut - 1] == '!' || w[cut - 1] == '?')) --cut;
    const std::uint32_t nag = cut > 0 && cut < w.size() ? suffix_nag(w.substr(cut)) : 0;
    if (nag == 0) cut = w.size();
    const auto move_end = static_cast<std::uint32_t>(begin + cut);
    return element(ElementKind::Move, {begin, move_end}, text_.substr(begin, cut), nag,
                   nag ? rules::GluedSuffix : 0);
}

Element MovetextReader::open(ReadMode mode, std::uint32_t begin, std::uint32_t depth) {
    const Span span{begin, begin + 1};
    if (mode != ReadMode::Quiet && depth + 1 > max_depth_)
        return stop(mode, DiagCode::VariationTooDeep, span,
                    "variations nested deeper than " + std::to_string(max_depth_) +
                        " levels; the variation is not read");
    // Deeper than the table of parentheses holds (the quiet reading of a variation too deep):
    // not skipped; the reader counts it (read_syntax).
    if (mode == ReadMode::Rest || (mode == ReadMode::Quiet && depth > max_depth_))
        return element(ElementKind::Open, span, text_.substr(begin, 1));
    if (const std::uint32_t end = matching_close(begin); end != NoClose) {
        pos_ = end;
        return element(ElementKind::Open, span, text_.substr(begin, 1), end);
    }
    // Never closed: an error at the `(`, and the variation is the rest of its line.
    return stop(mode, DiagCode::UnbalancedVariation, span,
                "variation not closed: expected ')' before the end of the game");
}

std::uint32_t MovetextReader::matching_close(std::uint32_t open) {
    // A `(` before the table's start (a reader that went back further than it had read) means
    // one pass from the start: at most two passes in all.
    if (open < matched_from_) match_parentheses(matched_from_ == 0xFFFFFFFF ? open : 0);
    const auto it =
        std::lower_bound(parentheses_.begin(), parentheses_.end(), open,
                         [](const Parenthesis& p, std::uint32_t at) { return p.open < at; });
    if (it != parentheses_.end() && it->open == open) return it->close_end;
    // Not in the table: a short variation, found again within ShortVariation bytes.
    std::uint32_t depth = 0;
    for (std::uint32_t at = open;;) {
        const detail::Token t = detail::next_token(text_, at, starts_line_, &memo_);
        at                    = t.end;
        if (t.kind == detail::TokenKind::End || t.begin > open + ShortVariation ||
            (!record_.termination.empty() && t.begin == record_.termination_span.begin))
            return NoClose;
        if (t.kind == detail::TokenKind::Open) ++depth;
        if (t.kind == detail::TokenKind::Close && --depth == 0) return t.end;
    }
}

// Matches every `(` from `from` (a token's start) to the game's end, by tokens: a `)` in a
// comment closes nothing, and the termination marker ends the game. Memory stays a small part
// of the game's (issue 13): a variation of at most ShortVariation bytes is not kept
// (matching_close finds it again), nor is a `(` nested deeper than a reader can ask about
// (more than one level past the depth limit).
void MovetextReader::match_parentheses(std::uint32_t from) {
    parentheses_.clear();
    matched_from_                    = from;
    std::vector<std::uint32_t>& open = unclosed_;  // indices into parentheses_ of the unclosed ones
    open.clear();
    std::uint32_t unkept         = 0;  // unclosed ones nested deeper than `open` holds
    const std::size_t kept_depth = max_depth_ + 1;
    for (std::uint32_t at = from;;) {
        const detail::Token t = detail::next_token(text_, at, starts_line_, &memo_);
        at                    = t.end;
        if (t.kind == detail::TokenKind::End ||
            (!record_.termination.empty() && t.begin == record_.termination_span.begin))
            return;
        if (t.kind == detail::TokenKind::Open) {
            if (open.size() >= kept_depth) {
                ++unkept;
                continue;
            }
            open.push_back(static_cast<std::uint32_t>(parentheses_.size()));
            parentheses_.push_back({t.begin, NoClose});
        } else if (t.kind == detail::TokenKind::Close) {
            if (unkept > 0) {
                --unkept;
                continue;
            }
            if (open.empty()) continue;
            const std::uint32_t index = open.back();
            open.pop_back();
            // Short: the last entry (its own short variations went before it).
            if (t.end - parentheses_[index].open <= ShortVariation &&
                index + 1 == parentheses_.size())
                parentheses_.pop_back();
            else
                parentheses_[index].close_end = t.end;
        }
    }
}

// A comment, and the marker `[%floe CODE]` that a conversion writes at the start of the rest of
// a line it could not read (docs/rules/notation.md §7.5): reading it reports CODE again, so a
// broken game never comes back clean, and the line ends there as it did.
Element MovetextReader::comment(ReadMode mode, std::uint32_t begin, std::uint32_t end,
                                bool line_comment) {
    const Span span{begin, end};
    const bool closed = line_comment || (end - begin >= 2 && text_[end - 1] == '}');
    const std::string_view text =
        text_.substr(begin + 1, end - begin - 1 - (line_comment || !closed ? 0 : 1));
    Element e = element(line_comment ? ElementKind::LineComment : ElementKind::Comment, span, text);
    constexpr std::string_view Marker = "[%floe ";
    const std::size_t close           = text.find(']');
    if (text.substr(0, Marker.size()) == Marker && close != std::string_view::npos) {
        const std::string_view name = text.substr(Marker.size(), close - Marker.size());
        // A code is one printable ASCII word: anything else is an ordinary comment.
        if (!name.empty() &&
            std::none_of(name.begin(), name.end(), [](char c) { return c <= ' ' || c > '~'; })) {
            const std::optional<DiagCode> code = rules::find_code(name);
            e.code                             = code.value_or(DiagCode::SyntaxError);
            e.flags |= rules::Marker;
            // A malformed tag kept before the movetext stops no line: it holds no move.
            if (e.code != DiagCode::UnterminatedTag) e.flags |= rules::MarkerStops;
            if (mode != ReadMode::Quiet) {
                std::string message = "marker of an earlier conversion: ";
                if (!code) {
                    message += "[%floe ";
                    message += name;  // record bytes: the printers decode them
                    message += "] names no floe diagnostic; ";
                }
                message += e.code == DiagCode::UnterminatedTag
                               ? "a malformed tag pair, kept in this comment"
                               : "the line stopped here at an error, and its unread rest is kept "
                                 "in this comment";
                log_.add(rules::make_error(e.code, span, std::move(message)));
            }
        }
    }
    if (!closed) {
        Element s = stop(mode, DiagCode::UnterminatedComment, {begin, begin + 1},
                         "unterminated comment: expected '}' (the comment is read up to the end "
                         "of the game)");
        // A marker that is also unterminated stops its line as a marker.
        return (e.flags & rules::MarkerStops) ? e : s;
    }
    return e;
}

namespace {

// A tag value as a message shows it: at most 60 bytes, cut before a UTF-8 sequence, then "…".
std::string shown_value(std::string_view raw) {
    constexpr std::size_t Shown = 60;
    if (raw.size() <= Shown) return std::string(raw);
    std::size_t n = Shown;
    while (n > 0 && (static_cast<unsigned char>(raw[n]) & 0xC0) == 0x80) --n;
    return std::string(raw.substr(0, n)) + "…";
}

}  // namespace

Element MovetextReader::tag(ReadMode mode, const detail::Token& t, bool malformed) {
    const std::uint32_t begin = t.begin, end = t.end;
    const Span span{begin, end};
    Element e = element(ElementKind::Tag, span, text_.substr(begin, end - begin), 0,
                        malformed ? rules::BadTag : 0);
    if (mode == ReadMode::Quiet) return e;
    if (malformed) {  // in the tag section: no line to stop, the writers keep it (§7.5)
        std::string message = "malformed tag pair: expected [Name \"value\"]";
        // A word processor's typographic quotes (`[Event “x”]`) are named: they look right.
        const std::string_view bytes = text_.substr(begin, end - begin);
        for (const auto& [quote, label] :
             {std::pair{"\xE2\x80\x9C", "U+201C LEFT DOUBLE QUOTATION MARK"},
              std::pair{"\xE2\x80\x9D", "U+201D RIGHT DOUBLE QUOTATION MARK"},
              std::pair{"\xE2\x80\x9E", "U+201E DOUBLE LOW-9 QUOTATION MARK"},
              std::pair{"\xC2\xAB", "U+00AB LEFT-POINTING DOUBLE ANGLE QUOTATION MARK"}}) {
            if (bytes.find(quote) == std::string_view::npos) continue;
            message += " with ASCII quotes; the value is quoted with ";
            message += label;
            break;
        }
        log_.add(rules::make_error(DiagCode::UnterminatedTag, span, std::move(message)));
        return e;
    }
    // `[` blanks name blanks `"` value `"` blanks `]`, as the grammar matched it.
    auto p = static_cast<std::uint32_t>(detail::skip_tag_blanks(text_, begin + 1));
    const std::uint32_t name_begin = p;
    p                              = static_cast<std::uint32_t>(detail::tag_name_end(text_, p));
    const std::string_view name    = text_.substr(name_begin, p - name_begin);
    const std::uint32_t name_end   = p;
    while (text_[p] != '"') ++p;
    const std::uint32_t value_begin = p + 1;
    // Unicode spaces around the name are blanks, each reported (§1.14).
    for (std::uint32_t q = begin + 1; q < value_begin; ++q)
        if (const std::size_t u = detail::unicode_space_length(text_, q);
            u && (q < name_begin || q >= name_end)) {
            unicode_space(mode, detail::Token{detail::TokenKind::UnicodeSpace, q,
                                              static_cast<std::uint32_t>(q + u)});
            q += static_cast<std::uint32_t>(u) - 1;
        }
    // Where the grammar found the value's end (find_tag_value_end).
    const detail::TagValueEnd v{t.value, true, t.lenient};
    // The first of each tag that decides the replay.
    const Tag pair{
        name, span, {value_begin, static_cast<std::uint32_t>(v.close)}, false, v.lenient};
    auto keep = [&](std::optional<Tag>& slot, std::string_view wanted) {
        if (!slot && name == wanted) slot = pair;
    };
    // A name given twice in one section: the first value is the tag's, the later pair is kept as
    // written (docs/rules/notation.md §1.12).
    // Each repeated pair has its own warning, never grouped: the message shows its value.
    if (in_tag_section(begin) && tag_names_.repeated(text_, name))
        log_.add(rules::make_warning(
            DiagCode::RepeatedTag, span,
            "tag \"" + std::string(name) +
                "\" given again in this tag section: the first value is the tag's, this value \"" +
                shown_value(text_.substr(value_begin, v.close - value_begin)) +
                "\" is kept as written"));
    keep(setup_tags_.variant, "Variant");
    keep(setup_tags_.fen, "FEN");
    keep(setup_tags_.setup, "SetUp");
    keep(setup_tags_.result, "Result");
    const std::string_view raw = text_.substr(value_begin, v.close - value_begin);
    for (std::size_t k = 0; k < raw.size(); ++k) {
        if (raw[k] != '\\') continue;
        if (k + 1 < raw.size() && (raw[k + 1] == '"' || raw[k + 1] == '\\')) {
            ++k;
            continue;
        }
        const auto at = static_cast<std::uint32_t>(value_begin + k);
        warn(mode, DiagCode::TagEscape, {at, at + 1},
             "backslash that escapes neither '\"' nor '\\' kept as written",
             "backslashes that escape neither '\"' nor '\\' kept as written");
    }
    // The value holds no line end (find_tag_value_end): any line end is between the tokens.
    if (text_.substr(begin, end - begin).find_first_of("\r\n") != std::string_view::npos)
        warn(mode, DiagCode::TagLineBreak, span, "tag pair spanning lines (canonical: one line)",
             "tag pairs spanning lines (canonical: one line)");
    if (v.lenient)
        warn(mode, DiagCode::UnterminatedTagValue,
             {value_begin, static_cast<std::uint32_t>(v.close)},
             "tag value without a closing quote before ']': read up to the line's last '\"]'",
             "tag values without a closing quote read up to the line's last '\"]'");
    return e;
}

}  // namespace floe::parser
