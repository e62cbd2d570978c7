#pragma once
// A game record as the parser reads it: tags and movetext, syntax only (no rules applied).
// Text views point into the game's bytes, which the caller keeps alive.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rules/diagnostic.hpp"
#include "rules/encoding.hpp"

namespace floe::rules {

struct TagPair {
    std::string name;
    std::string value;  ///< unescaped (notation.md §1)
    Span span;          ///< the whole `[Name "value"]`
    Span value_span;    ///< the bytes between the quotes
};

enum class ElementKind : std::uint8_t {
    MoveNumber,  ///< `12.`, `12...`, `12…` with any trailing dots; value = the number
    Move,     ///< a move token (SAN, LAN, UCI, figurine, `--`), without glued annotation suffixes;
              ///< in Glacial Shift with its seat: `Y: y1e3-e4` or `Y:y1e3-e4` (notation.md §5)
    Nag,      ///< `$n`, a glued suffix (`!?`) or a standalone glyph; value = NAG number
    Comment,  ///< `{...}`: text = the bytes between the braces
    LineComment,  ///< `; ...`: text = the bytes after ';' up to the line end
    Event,        ///< `<...>`: text = the bytes between the angle brackets
    Variation,    ///< `( ... )`: value = index into GameRecord::lines
};

/// Flags on elements.
enum ElementFlag : std::uint8_t {
    BlackDots   = 1,  ///< MoveNumber written with `...`, `..` or `…` (a Black move follows)
    GluedSuffix = 2,  ///< Nag read from a suffix glued to the move (`e4!`)
    GlyphNag    = 4,  ///< Nag read from a standalone glyph (`±`), warned about
};

struct Element {
    ElementKind kind   = ElementKind::Move;
    std::uint8_t flags = 0;
    Span span;                ///< bytes of the element in the game text
    std::string_view text;    ///< see ElementKind
    std::uint32_t value = 0;  ///< see ElementKind
};

/// Where a line of play stops being read (notation.md §1, §7): at its first error. The plies
/// before it count; the rest of the line, from `at` on, is kept as text, never replayed.
struct LineStop {
    static constexpr std::uint32_t None = 0xFFFFFFFF;
    std::uint32_t at = None;  ///< byte offset in the game text; None: the line is read to its end
    DiagCode code    = DiagCode::SyntaxError;  ///< the error that stops the line
    /// The stop is a `[%floe CODE]` comment that an earlier conversion wrote: its text already
    /// is the kept rest (notation.md §7).
    bool marker = false;

    bool stops() const { return at != None; }
};

/// A line of play: the main line (lines[0]) or a variation (RAV). A Variation element stands
/// after the move it is an alternative to.
struct Line {
    std::vector<Element> elements;
    std::uint32_t parent = 0;  ///< index of the enclosing line (0 for the main line itself)
    /// The line's first syntax error, or a conversion's marker comment, as the parser found
    /// them; the replay adds the first rules error (ReplayResult's line stops).
    LineStop stop;
};

/// Maps byte offsets of one game to 1-based lines and columns of the file (notation.md §8:
/// columns count code points, an invalid byte counts as one, a tab as one).
struct SourceMap {
    std::string_view text;           ///< the game's bytes
    std::uint32_t first_line   = 1;  ///< file line of text[0]
    std::uint32_t first_column = 1;  ///< file column of text[0] (> 1 when the game starts
                                     ///< mid-line, e.g. right after the previous game's result)
    std::vector<std::uint32_t> line_starts;  ///< offsets where each line of text starts (first: 0)
    /// Bytes of the file line before text[0] (the BOM excluded) and after the end of text up to
    /// its line end, each at most ContextBytes. The input buffer holds them right before and
    /// after `text`; line_text uses them to return the game's first and last file lines.
    std::uint32_t prefix_bytes = 0;
    std::uint32_t suffix_bytes = 0;
    struct Position {
        std::uint32_t line;
        std::uint32_t column;
    };
    /// Line and column of a byte offset (binary search, then a code-point count; an invalid
    /// UTF-8 byte and a tab count one column each). An offset past the end maps to the end.
    /// The count starts from the nearer of the last two offsets located on the same line (or
    /// from the line's start), so that locating many offsets of one long line in increasing
    /// order, as the printers do with diagnostics, costs time linear in the line (issue 13).
    /// That memory makes locate unsafe to call on one SourceMap from two threads at once.
    Position locate(std::uint32_t offset) const;
    /// The file line containing `offset`, without its line end. On the game's first and last
    /// lines the view may extend before text.data() and past the end of text (see
    /// prefix_bytes), by at most ContextBytes: the parts of a long line farther from the game
    /// are cut (its column 1 is then not the file's column 1).
    std::string_view line_text(std::uint32_t offset) const;
    /// The most bytes of the game's first line before it, and of its last line after it, that
    /// prefix_bytes and suffix_bytes cover: more than an excerpt printer shows around a
    /// position (formats/diagnostic_print.cpp), and few enough that many games on one long
    /// line do not each copy the line (issue 13).
    static constexpr std::uint32_t ContextBytes = 1024;

private:
    // The last two offsets located, with their line index and column (locate).
    struct Located {
        std::uint32_t line   = 0xFFFFFFFF;  // index into line_starts; none yet
        std::uint32_t offset = 0;
        std::uint32_t column = 0;
    };
    mutable Located located_[2];
    mutable std::uint8_t oldest_ = 0;
};

struct GameRecord {
    std::uint32_t number = 1;  ///< 1-based game number in its file
    std::string_view text;     ///< the game's bytes (views below point into it)
    SourceMap source;
    std::vector<TagPair> tags;
    std::vector<Line> lines;  ///< lines[0] is the main line
    std::string_view
        termination;  ///< `1-0`, `0-1`, `1/2-1/2`, `*` (or a lenient form); empty if missing
    Span termination_span;
    std::vector<Diagnostic> diagnostics;  ///< syntax diagnostics and lenient-form warnings
    /// Malformed tag lines of the tag section (`[White "Ann`), which the writers keep as marker
    /// comments before the movetext (notation.md §7): they hold no move, so they stop no line.
    std::vector<Span> unread_tags;
    bool invalid_utf8 = false;  ///< text holds bytes that are not UTF-8 (notation.md §1)
    /// How those bytes are read (--encoding): write every view of text through
    /// append_utf8(…, encoding), so that all writers show them alike.
    Encoding encoding  = Encoding::Cp1252;
    bool glacial_shift = false;  ///< movetext was cut with Glacial Shift token rules
                                 ///< (seats, four-player results; notation.md §5)

    /// The value of the first tag with this (case-sensitive) name, or nullptr.
    const std::string* tag(std::string_view name) const;
};

/// Length of the character at text[pos]: 1 for ASCII, 2-4 for a valid UTF-8 sequence, 0 when
/// the byte there starts no valid sequence (it is then read as one character of the fallback
/// Encoding, notation.md §1). pos must be < text.size().
std::uint32_t utf8_length(std::string_view text, std::size_t pos);

/// Number of characters in text: valid UTF-8 sequences and invalid bytes count one each.
std::uint32_t code_point_count(std::string_view text);

/// Appends text to out as UTF-8: valid UTF-8 as it is, each other byte read in `encoding`
/// (U+FFFD where it defines none).
void append_utf8(std::string& out, std::string_view text, Encoding encoding);

/// text as UTF-8, as append_utf8 writes it.
std::string to_utf8(std::string_view text, Encoding encoding);

}  // namespace floe::rules
