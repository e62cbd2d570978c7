#pragma once
// The movetext reader: a cursor over one game's bytes that hands the replay driver one element
// at a time (docs/rules/notation.md §1.3). It cuts tokens with the X3 grammar, reads glyphs and
// glued suffixes as NAGs, joins a Glacial Shift seat to its ply, recognises a conversion's
// `[%floe CODE]` marker, and reports every syntax problem and lenient form it reads for meaning.
// Nothing is kept: the driver asks again, quietly, where the canonical order needs a second
// look (rules/game/replay.hpp).

#include <cstdint>
#include <string_view>
#include <vector>

#include "parser/game_grammar.hpp"
#include "parser/parse_record.hpp"
#include "parser/tags.hpp"
#include "rules/diagnostic.hpp"
#include "rules/game/element.hpp"
#include "rules/record.hpp"

namespace floe::parser {

using rules::ReadMode;

class MovetextReader {
public:
    /// A reader of `record`'s text (opened by open_game), reporting into `log`. The tag
    /// section is read at once, for its problems (malformed tags, escapes); reading it again
    /// reports nothing.
    MovetextReader(const rules::GameRecord& record, rules::DiagnosticLog& log,
                   const ParseOptions& options);
    /// Gives the tables of parentheses back to the thread, for the next game's reader.
    ~MovetextReader();
    MovetextReader(const MovetextReader&)            = delete;
    MovetextReader& operator=(const MovetextReader&) = delete;

    /// The next element at the cursor, in a line nested `depth` variations deep (0 = the main
    /// line): a `)` there is a Close, or at depth 0 a stray one (a Stop); a termination marker
    /// that is not the game's last token is a Stop. Never throws.
    rules::Element read(ReadMode mode, std::uint32_t depth);

    /// Where the cursor stands (the offset after the last element read).
    std::uint32_t position() const { return pos_; }
    /// Moves the cursor to `offset`, which must start an element or white space.
    void seek(std::uint32_t offset) { pos_ = offset; }

    std::string_view text() const { return text_; }

    /// The tags that decide how the game is replayed, found while the tag section was read.
    const SetupTags& setup_tags() const { return setup_tags_; }

private:
    // read()'s steps: a token that is an element (a tag, the termination marker, or what
    // movetext_element reads), then one per kind of movetext element. The three on every
    // element's path are inline, defined and used in movetext_reader.cpp only: a call that
    // takes the token from memory costs the hot path about 3 % (validate, the GNU book).
    [[gnu::always_inline]] inline rules::Element token(ReadMode mode, const detail::Token& t,
                                                       std::uint32_t depth);
    [[gnu::always_inline]] inline rules::Element movetext_element(ReadMode mode,
                                                                  const detail::Token& t,
                                                                  std::uint32_t depth);
    [[gnu::always_inline]] inline rules::Element move_number(ReadMode mode, const detail::Token& t);
    /// `12. ...`: takes the dots standing apart after a move number (`number`), when they
    /// follow; true when they mark Black's move.
    bool take_dots_apart(ReadMode mode, std::string_view number);
    rules::Element nag(ReadMode mode, const detail::Token& t);
    rules::Element event(ReadMode mode, const detail::Token& t);
    rules::Element word(ReadMode mode, std::uint32_t begin, std::uint32_t end);
    rules::Element open(ReadMode mode, std::uint32_t begin, std::uint32_t depth);
    rules::Element comment(ReadMode mode, std::uint32_t begin, std::uint32_t end,
                           bool line_comment);
    rules::Element tag(ReadMode mode, const detail::Token& t, bool malformed);
    rules::Element stop(ReadMode mode, rules::DiagCode code, rules::Span span, std::string message);
    // A token holding a NUL at `nul`: a syntax error there, and the line stops at the token.
    rules::Element nul_stop(ReadMode mode, const detail::Token& t, std::uint32_t nul);
    // A token holding a NUL at `nul`: in the tag section a malformed tag, else nul_stop.
    rules::Element nul_token(ReadMode mode, const detail::Token& t, std::uint32_t nul);
    void nul_error(ReadMode mode, std::uint32_t nul);
    void warn(ReadMode mode, rules::DiagCode code, rules::Span span, std::string singular,
              std::string_view plural);
    /// unicode-space, naming the space's code point.
    void unicode_space(ReadMode mode, const detail::Token& t);
    /// unicode-look-alike for a move number written with look-alikes (`１２．`).
    void look_alike_number(ReadMode mode, const detail::Token& t);
    bool in_tag_section(std::uint32_t at) const { return at < movetext_begin_; }
    detail::Token next_token(std::uint32_t at);
    std::uint32_t matching_close(std::uint32_t open);
    void match_parentheses(std::uint32_t from);

    const rules::GameRecord& record_;
    rules::DiagnosticLog& log_;
    std::string_view text_;
    std::size_t max_depth_;
    bool starts_line_;
    bool has_nul_ = false;      // the game holds a NUL byte
    detail::TagLineMemo memo_;  // many tag pairs on one line: linear time (issue 13)
    std::uint32_t pos_ = 0;
    // Where the movetext begins: the first token that is no tag, comment or escape line. Found
    // by the first read for meaning; until then everything is tag section.
    std::uint32_t movetext_begin_ = 0xFFFFFFFF;
    // Everything before it has been read for its meaning (the tag section, at construction).
    std::uint32_t reported_until_ = 0;
    SetupTags setup_tags_;
    // The names of the tag section's pairs so far, for `repeated-tag`.
    TagNameSet tag_names_;
    // Each `(` token from matched_from_ on, in text order, with the end of its matching `)` (or
    // NoClose). Built by one pass the first time a variation is skipped, so that skipping one
    // costs no second lexing of it: nested variations would make that quadratic.
    struct Parenthesis {
        std::uint32_t open, close_end;
    };
    static constexpr std::uint32_t NoClose = 0xFFFFFFFF;
    // A variation of at most this many bytes, `(` to `)`, is found again when asked for.
    static constexpr std::uint32_t ShortVariation = 64;
    std::vector<Parenthesis> parentheses_;
    std::vector<std::uint32_t> unclosed_;  // match_parentheses's stack of parentheses_ indices
    std::uint32_t matched_from_ = 0xFFFFFFFF;
    // The tag pairs (and malformed tags) the constructor read, in text order: the quiet reads
    // of the tag section after it take them from here instead of cutting them again (issue 15).
    // At most KeptTags, so that a section of a million tags costs no memory beyond its bytes;
    // the tags after those are cut again.
    static constexpr std::size_t KeptTags = 256;
    std::vector<detail::Token> tags_;
    bool keeping_tags_ = false;  // while the constructor reads the tag section
    // The three tables of the last reader on this thread, taken by the next one: games with
    // variations allocate nothing once the tables have grown (issue 15). Kept in the thread's
    // scratch (rules/common/thread_scratch.hpp: no thread_local destructor, issue 25).
    struct Spares {
        std::vector<Parenthesis> parentheses;
        std::vector<std::uint32_t> unclosed;
        std::vector<detail::Token> tags;
    };
};

}  // namespace floe::parser
