#include "parser/scanner.hpp"

#include "parser/lexical.hpp"
#include "rules/variants.hpp"

namespace floe::parser::detail {

namespace {

// A Glacial Shift seat before a ply (docs/rules/notation.md §5.1).
bool is_seat(std::string_view word) {
    return word.size() == 2 && word[1] == ':' &&
           (word[0] == 'Y' || word[0] == 'G' || word[0] == 'B' || word[0] == 'R');
}

std::size_t skip_to_line_end(std::string_view in, std::size_t pos) {
    while (pos < in.size() && !is_line_end(in[pos])) ++pos;
    return pos;
}

// Byte-order marks before pos count as white space (before_boms).
bool at_line_start(std::string_view in, std::size_t pos) {
    pos = before_boms(in, pos);
    return pos == 0 || is_line_end(in[pos - 1]);
}

// True when only blanks (and byte-order marks) precede pos on its line.
bool first_on_line(std::string_view in, std::size_t pos) {
    for (;;) {
        while (pos > 0 && is_blank(in[pos - 1])) --pos;
        const std::size_t back = before_boms(in, pos);
        if (back == pos) break;
        pos = back;
    }
    return pos == 0 || is_line_end(in[pos - 1]);
}

// Skips white space, `%` escape lines and brace or `;` comments that stand between games.
// Returns the start of the next game, or in.size() when nothing but those remains.
std::size_t skip_between_games(std::string_view in, std::size_t pos) {
    while (pos < in.size()) {
        const char c = in[pos];
        if (is_ascii_space(c)) {
            ++pos;
        } else if (const std::size_t u = unicode_space_length(in, pos)) {
            pos += u;
        } else if (c == '%' && at_line_start(in, pos)) {
            pos = skip_to_line_end(in, pos);
        } else {
            return pos;
        }
    }
    return pos;
}

// Where the next game starts when a blank line lies between a tag pair that ends at `from` and
// the `[` at `to` (only white space, `%` lines and comments between): the first byte after the
// first blank line, the commentary after it going with the next game (§1.1). 0 when no blank
// line lies between. A blank line inside a brace comment is the comment's.
std::size_t after_blank_line(std::string_view in, std::size_t from, std::size_t to) {
    bool content = true;  // the current line holds more than blanks (the pair's line does)
    for (std::size_t p = from; p < to;) {
        const char c = in[p];
        if (is_line_end(c)) {
            if (!content) return skip_between_games(in, p);
            content = false;
            p += c == '\r' && p + 1 < to && in[p + 1] == '\n' ? 2 : 1;
        } else if (is_blank(c)) {
            ++p;
        } else if (const std::size_t u = unicode_space_length(in, p)) {
            p += u;
        } else if (c == '{') {
            content = true;
            p       = find_comment_end(in, p + 1, to).close + 1;
        } else if (c == ';' || c == '%') {  // a comment or escape line: to its end
            content = true;
            p       = skip_to_line_end(in, p);
        } else {
            content = true;
            ++p;
        }
    }
    return 0;
}

// Only white space, `%` lines and comments from pos on: trailing commentary after the last
// game is no game of its own. Sets `reached_end` when an unterminated comment decides (more
// input could close it).
bool only_commentary_left(std::string_view in, std::size_t pos, bool& reached_end) {
    while ((pos = skip_between_games(in, pos)) < in.size()) {
        if (in[pos] == '{') {
            const CommentEnd ce = find_comment_end(in, pos + 1, in.size());
            if (!ce.terminated) {
                reached_end = true;
                return false;
            }
            pos = ce.close + 1;
        } else if (in[pos] == ';') {
            pos = skip_to_line_end(in, pos);
        } else {
            return false;
        }
    }
    return true;
}

// A tag pair or malformed tag at in[p] == '['. It ends where the grammar's TagPair or BadTag
// ends (game_grammar.cpp), so that the scanner and the parser see the same tokens after it: a
// result or a move number after a malformed tag still ends or splits the game.
struct TagExtent {
    std::size_t end = 0;
    std::string_view name;   // empty when none
    std::string_view value;  // raw, when well_formed
    bool well_formed = false;
};
// White space between the tokens may include line ends (PGN standard 8.1). Sets `reached_end`
// when the pair reaches the end of `in` before its `]`, or when where the value ends was decided by
// the line's end and the line reached the end of `in`: a partial window (GameSource) is extended.
TagExtent tag_extent(std::string_view in, std::size_t p, TagLineMemo& memo, bool& reached_end) {
    TagExtent t;
    std::size_t q                = skip_tag_blanks(in, p + 1);
    const std::size_t name_begin = q;
    q                            = tag_name_end(in, q);
    t.name                       = in.substr(name_begin, q - name_begin);
    q                            = skip_tag_blanks(in, q);
    if (q >= in.size()) reached_end = true;
    if (!t.name.empty() && q < in.size() && in[q] == '"') {
        const TagValueEnd v = find_tag_value_end(in, q + 1, &memo);
        if ((!v.found || v.lenient) && memo.end == in.data() + in.size()) reached_end = true;
        std::size_t close = v.close + 1;
        while (v.found && close < in.size() && is_ascii_space(in[close])) ++close;
        if (v.found && close >= in.size()) reached_end = true;
        if (v.found && close < in.size() && in[close] == ']') {  // the closing quote, then `]`
            t.value       = in.substr(q + 1, v.close - q - 1);
            t.well_formed = true;
            t.end         = close + 1;
            return t;
        }
        // A closing quote followed by nothing but white space to the window's end: its `]` may
        // be on a line past it.
        std::size_t i = q + 1;
        while (i < in.size() && in[i] != '"' && !is_line_end(in[i]))
            i += in[i] == '\\' && i + 1 < in.size() && !is_line_end(in[i + 1]) ? 2 : 1;
        std::size_t j = i + 1;
        while (i < in.size() && in[i] == '"' && j < in.size() && is_ascii_space(in[j])) ++j;
        if (i < in.size() && in[i] == '"' && j >= in.size()) reached_end = true;
    }
    // Malformed: up to the first `]` or the line end.
    q = p + 1;
    while (q < in.size() && in[q] != ']' && !is_line_end(in[q])) ++q;
    t.end = q < in.size() && in[q] == ']' ? q + 1 : q;
    return t;
}

// True when the next thing after pos, past white space and brace comments, is a `)`. Sets
// `reached_end` when the answer depends on bytes past the end of `in`.
bool closes_variation(std::string_view in, std::size_t pos, bool& reached_end) {
    for (;;) {
        while (pos < in.size() && is_ascii_space(in[pos])) ++pos;
        if (pos >= in.size() || in[pos] != '{') break;
        const CommentEnd ce = find_comment_end(in, pos + 1, in.size());
        if (!ce.terminated) {
            reached_end = true;
            return false;
        }
        pos = ce.close + 1;
    }
    if (pos >= in.size()) reached_end = true;
    return pos < in.size() && in[pos] == ')';
}

// True when the next word after pos, past blanks, is only dots (`1. ...`: Black's move follows).
// After a number without dots (`bare`), a single `.` is that number's own period (`1 . e4`, PGN
// standard 8.2.2.1), not Black's dots. Sets `reached_end` when the answer depends on bytes past
// the end of `in`.
bool dots_follow(std::string_view in, std::size_t pos, bool bare, bool& reached_end) {
    while (pos < in.size() && is_ascii_space(in[pos])) ++pos;
    const std::size_t e = token_end(in, pos);
    if (e >= in.size()) reached_end = true;
    const std::string_view w = in.substr(pos, e - pos);
    return only_dots(w) && !(bare && w == ".");
}

// True when a main-line word is no move of its own: a glyph read as a NAG (`!?`, `±`) or the
// dots after a move number. `N` counts as a move (it may be a knight).
bool annotation_word(std::string_view word) {
    return (word != "N" && glyph_nag(word) != 0) || only_dots(word);
}

// True when a main-line word in[p, e) starting with c may be a move number 1: `1.`, `01.` (the
// zeros number_prefix reads before it), or a full-width digit (`１．`, EF BC 91).
bool may_be_number_one(std::string_view in, std::size_t p, std::size_t e, char c) {
    std::size_t one = p;
    while (one < e && in[one] == '0') ++one;
    return c == '\xEF' ||
           (one < e && in[one] == '1' && (one + 1 == e || in[one + 1] < '0' || in[one + 1] > '9'));
}

}  // namespace

// True when the name stored in `slot` (its offset in the game + 1) is `name`: the stored name
// runs to the first byte that is no tag name character.
bool Scanner::name_at(std::uint32_t slot, std::string_view name, std::size_t game_begin) const {
    const std::string_view rest = in_.substr(game_begin + slot - 1);
    return rest.size() >= name.size() && rest.substr(0, name.size()) == name &&
           tag_name_end(rest, 0) == name.size();
}

bool Scanner::seen_tag(std::string_view name, std::size_t game_begin) {
    constexpr std::size_t SmallTagCount = 32;
    if (many_tag_names_.empty()) {
        for (std::string_view seen : tag_names_)
            if (seen == name) return true;
        if (tag_names_.size() < SmallTagCount) {
            tag_names_.push_back(name);
            return false;
        }
    }
    // The flat table: grown (doubled) past three quarters full, the names moved over.
    const auto insert = [this, game_begin](std::vector<std::uint32_t>& table, std::string_view n,
                                           std::uint32_t slot) {
        const std::size_t mask = table.size() - 1;
        for (std::size_t i = std::hash<std::string_view>{}(n)&mask;; i = (i + 1) & mask) {
            if (table[i] == 0) {
                table[i] = slot;
                return true;
            }
            if (name_at(table[i], n, game_begin)) return false;
        }
    };
    const auto offset = [this, game_begin](std::string_view n) {
        return static_cast<std::size_t>(n.data() - in_.data()) - game_begin + 1;
    };
    // A game of more than 4 GB: its names past there are not remembered (no game is cut there).
    if (offset(name) > UINT32_MAX) return false;
    if (4 * (many_tag_count_ + 1) > 3 * many_tag_names_.size()) {
        std::vector<std::uint32_t> grown(many_tag_names_.empty() ? 128
                                                                 : 2 * many_tag_names_.size());
        if (many_tag_names_.empty()) {
            for (std::string_view seen : tag_names_)
                insert(grown, seen, static_cast<std::uint32_t>(offset(seen)));
            many_tag_count_ = tag_names_.size();
        } else {
            for (const std::uint32_t slot : many_tag_names_)
                if (slot != 0) {
                    const std::size_t at = game_begin + slot - 1;
                    const std::size_t e  = tag_name_end(in_, at);
                    insert(grown, in_.substr(at, e - at), slot);
                }
        }
        many_tag_names_ = std::move(grown);
    }
    if (!insert(many_tag_names_, name, static_cast<std::uint32_t>(offset(name)))) return true;
    ++many_tag_count_;
    return false;
}

ScanResult Scanner::next(GameExtent& out) {
    set_encoding(encoding_);
    const std::size_t start    = pos_;
    const GameEnd previous_end = previous_end_;
    short_                     = false;
    const ScanResult result    = scan(out);
    if (complete_) return result;
    // In a partial window a game is final only when nothing that decided its end lay at the
    // window's end; else scanning restarts from the same place in a longer window.
    if (result == ScanResult::Game && !short_ && out.ended_by != GameEnd::EndOfInput) return result;
    pending_begin_ = result == ScanResult::Game ? out.begin : static_cast<std::size_t>(-1);
    pos_           = start;
    previous_end_  = previous_end;
    return ScanResult::NeedMore;
}

// One game's scan (Scanner::scan): where it stands, what it has seen, and a step for each kind of
// token. The steps are defined in the class body, so that they inline into the loop: this is
// the hottest path of every command. A step that finds where the game ends returns true, with
// `cut` and `cut_by` set.
struct Scanner::GameScan {
    Scanner& scanner;
    GameExtent& out;
    std::string_view in;
    std::size_t p;  // the byte being read
    bool in_movetext       = false;
    bool later_number_seen = false;
    bool variant_tag       = false;
    std::size_t tag_end    = 0;  // the end of the tag section's last pair so far
    std::size_t blank_cut  = 0;  // after the section's last blank line (after_blank_line)
    std::uint32_t moves    = 0;  // main-line move words so far (a seat `Y:` counts too)
    std::size_t depth      = 0;  // variations open at p
    std::size_t cut        = 0;  // where the game ends, once a step found it
    GameEnd cut_by         = GameEnd::EndOfInput;

    GameScan(Scanner& s, GameExtent& extent) : scanner(s), out(extent), in(s.in_), p(s.pos_) {}

    // A game begins at p: its extent and the scanner's tag names start afresh.
    void start() {
        out               = GameExtent{};
        out.begin         = p;
        out.started_by    = scanner.previous_end_;
        out.token_variant = scanner.untagged_variant_;
        scanner.tag_names_.clear();
        // A new table rather than clear(), which costs as much as the slots a game of many tags
        // left behind.
        if (!scanner.many_tag_names_.empty()) scanner.many_tag_names_ = {};
        scanner.many_tag_count_ = 0;
    }

    // Reads the game's tokens up to the one that ends it (or the end of the input).
    void read() {
        while (p < in.size()) {
            const char c = in[p];
            if (is_ascii_space(c)) {
                ++p;
                continue;
            }
            if (step_over_move(c) || step_over_space_or_escape(c)) continue;
            if (c == '[') {
                if (tag_pair()) return;
                continue;
            }
            // Comments are no movetext: commentary before a tag section (`{intro}` or
            // `; exported by X` above `[Event`) belongs to the game whose tags follow.
            in_movetext     = in_movetext || (c != '{' && c != ';');
            const Step step = punctuation(c);
            if (step == Step::Ended || (step == Step::Word && word(c))) return;
        }
        end_at(in.size(), GameEnd::EndOfInput);
    }

    // The game's extent ends at cut, and the scanner goes on from there.
    void finish() {
        scanner.pos_ = cut;
        // The game ends at its last token: diagnostics about its end point there.
        std::size_t end = cut;
        while (end > out.begin && is_ascii_space(in[end - 1])) --end;
        out.end               = end;
        out.ended_by          = cut_by;
        scanner.previous_end_ = cut_by;
    }

private:
    enum class Step : std::uint8_t { Next, Ended, Word };

    bool end_at(std::size_t end, GameEnd why) {
        cut    = end;
        cut_by = why;
        return true;
    }

    // Most of the movetext is moves: a word that starts with a letter is no termination
    // marker, move number, comment or tag, and past the first two moves of the main line (or in
    // a variation) it decides nothing. It is stepped over at once.
    bool step_over_move(char c) {
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) || (depth == 0 && moves < 2))
            return false;
        in_movetext = true;
        p           = token_end(in, p + 1);
        return true;
    }

    // A `%` escape line, and a Unicode space, which is white space (docs/rules/notation.md
    // §1.14): between two tag pairs it does not start the movetext, or the tag after it was
    // read by other rules than the same tag on a line of its own (a conversion's output then
    // split the game).
    bool step_over_space_or_escape(char c) {
        if (c == '%' && at_line_start(in, p)) {
            p = skip_to_line_end(in, p);
            return true;
        }
        if (static_cast<unsigned char>(c) >= 0x80)
            if (const std::size_t u = unicode_space_length(in, p)) {
                p += u;
                return true;
            }
        return false;
    }

    // A `[` after the movetext, first on its line, starts the next game. Otherwise it is a tag
    // pair or malformed tag, skipped whole (inside the movetext too, as the parser does).
    bool tag_pair() {
        if (in_movetext && first_on_line(in, p)) return end_at(p, GameEnd::TagBoundary);
        const TagExtent tag = tag_extent(in, p, scanner.tag_memo_, scanner.short_);
        if (!in_movetext && section_tag(tag)) return true;
        p = tag.end;
        return false;
    }

    // In the tag section every `[` starts a tag pair: several may share a line, and a name may
    // repeat (the parser warns). The section ends only at movetext or at a blank line, when a
    // name it holds comes again after it: the next game's tags (pairings files). A blank line
    // followed by new names only stays inside the section: ChessBase writes one after `[Event]`
    // (docs/rules/notation.md §1.2, §1.12). A Variant tag chooses the game's tokens.
    bool section_tag(const TagExtent& tag) {
        if (tag_end != 0) {
            const std::size_t after = after_blank_line(in, tag_end, p);
            if (after != 0) blank_cut = after;
        }
        const bool repeated = !tag.name.empty() && scanner.seen_tag(tag.name, out.begin);
        if (repeated && blank_cut != 0) return end_at(blank_cut, GameEnd::TagBoundary);
        tag_end = tag.end;
        if (tag.well_formed && tag.name == "Variant") {
            variant_tag       = true;
            out.token_variant = rules::find_variant(tag.value);
        }
        return false;
    }

    // Comments, events, NAGs and parentheses: none holds a move number or a result. Word when
    // c starts none of them.
    Step punctuation(char c) {
        switch (c) {
            case '{': {
                const CommentEnd ce = find_comment_end(in, p + 1, in.size());
                if (!ce.terminated) {
                    // Cut before a tag line, or run to the end: then more input may close it.
                    if (skip_between_games(in, ce.close) >= in.size()) scanner.short_ = true;
                    end_at(ce.close, GameEnd::UnterminatedComment);
                    return Step::Ended;
                }
                p = ce.close + 1;
                return Step::Next;
            }
            case ';':
                p = skip_to_line_end(in, p);
                return Step::Next;
            case '<': {
                const EventEnd ee = find_event_end(in, p + 1);
                p                 = ee.terminated ? ee.close + 1 : ee.close;
                return Step::Next;
            }
            case '$':  // a NAG: its digits are no move number
                ++p;
                while (p < in.size() && in[p] >= '0' && in[p] <= '9') ++p;
                return Step::Next;
            case '(':
                ++depth;
                ++p;
                return Step::Next;
            case ')':
                if (depth) --depth;
                ++p;
                return Step::Next;
            default:
                return Step::Word;
        }
    }

    // A word: the termination marker ends the game; in the main line, a move number may start
    // the next one.
    [[gnu::always_inline]] bool word(char c) {
        const std::size_t e = token_end(in, p);
        if (e == p) {  // a character that is no token: the parser reports it
            const std::uint32_t len = rules::utf8_length(in, p);
            p += len ? len : 1;
            return false;
        }
        // A result inside a variation that the variation then closes (`(1. d4 1-0)`) does not
        // end the game: cutting there would split one game into several. The parser reports it.
        if (is_termination(in.substr(p, e - p), out.token_variant) &&
            !(depth > 0 && closes_variation(in, e, scanner.short_))) {
            out.termination = p;
            return end_at(e, GameEnd::Termination);
        }
        if (depth == 0 && main_line_word(c, e)) return true;
        p = e;
        return false;
    }

    // A main-line word at p, up to e. A move number 1 after a main-line move starts a new
    // game: White's `1.` after any move, Black's `1...` after two (`1. e4 {…} 1... e5` is one
    // game). Two games never merge (docs/rules/notation.md §1.12).
    [[gnu::always_inline]] bool main_line_word(char c, std::size_t e) {
        // Once a later move number and two moves were seen, only a number 1 decides: other
        // words are stepped over without reading their number.
        if (later_number_seen && moves >= 2 && !may_be_number_one(in, p, e, c)) return false;
        // Only a word starting with a digit can hold a move number.
        const NumberPrefix n =
            (c >= '0' && c <= '9') || c == '\xEF' ? number_prefix(in, p) : NumberPrefix{};
        if (n.end && n.value == 1) {
            const bool black =
                n.dots >= 2 || (n.end == e && dots_follow(in, e, n.dots == 0, scanner.short_));
            if (later_number_seen || moves >= (black ? 2u : 1u))
                return end_at(p, GameEnd::NumberBoundary);
        }
        if (n.end && n.value > 1) later_number_seen = true;
        // `1.e4` is a number and a move in one word. Past two moves the count decides nothing
        // more: the words after are not looked at.
        const std::size_t word = n.end ? n.end : p;
        // A game without a Variant tag whose first ply has a seat (`Y: …`) is Glacial Shift
        // (docs/rules/notation.md §2.7): cut with its tokens, its four-player result ends it.
        if (moves == 0 && !variant_tag && is_seat(in.substr(word, e - word)))
            out.token_variant = &rules::engine_variant(rules::Engine::GlacialShift);
        if (moves < 2 && word < e && !annotation_word(in.substr(word, e - word))) ++moves;
        return false;
    }
};

ScanResult Scanner::scan(GameExtent& out) {
    pos_ = skip_between_games(in_, pos_);
    if (pos_ >= in_.size() || only_commentary_left(in_, pos_, short_)) {
        pos_ = in_.size();
        return ScanResult::End;
    }
    GameScan game(*this, out);
    game.start();
    game.read();
    game.finish();
    return ScanResult::Game;
}

}  // namespace floe::parser::detail
