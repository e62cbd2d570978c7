#pragma once
// One movetext element as the record reader delivers it to the replay driver
// (docs/rules/notation.md §1.3): syntax only, read from the game's text one at a time. Nothing
// keeps a game's elements: the driver reads them in a single forward pass, and again only where the
// canonical order asks for it (rules/game/replay.hpp).

#include <cstdint>
#include <string_view>

#include "rules/diagnostic.hpp"

namespace floe::rules {

enum class ElementKind : std::uint8_t {
    MoveNumber,   ///< `12.`, `12...`, `12…`; value = the number; BlackDots when dots follow
    Move,         ///< a move token (SAN, LAN, UCI, figurine, `--`), without a glued suffix; in
                  ///< Glacial Shift with its seat: `Y: y1e3-e4` (docs/rules/notation.md §5.1)
    Nag,          ///< `$n` or a standalone glyph (GlyphNag); value = the NAG number
    Comment,      ///< `{…}`; text = the bytes between the braces
    LineComment,  ///< `; …`; text = the bytes after `;` up to the line end
    Event,        ///< `<…>`; text = the bytes between the angle brackets
    Open,         ///< `(`; value = the offset after the matching `)` (the reader skips the
                  ///< variation: the driver walks it later from span.end)
    Close,        ///< the `)` that ends the variation being read
    Tag,          ///< a tag pair of the tag section (BadTag: a malformed one, reported)
    Termination,  ///< the game's termination marker (its last token)
    End,          ///< the end of the game's text
    Stop,         ///< a syntax error, reported: the line ends here; code = its code
};

/// Flags on elements.
enum ElementFlag : std::uint8_t {
    BlackDots   = 1,   ///< MoveNumber written with `...`, `..` or `…` (a Black move follows)
    GluedSuffix = 2,   ///< Move followed by a glued suffix (`e4!?`): value = its NAG, and the
                       ///< suffix lies between span.end and the token's end
    GlyphNag    = 4,   ///< Nag read from a standalone glyph (`±`), warned about
    Marker      = 8,   ///< Comment that is a conversion's `[%floe CODE]` marker (code = CODE)
    MarkerStops = 16,  ///< ... and it ends its line (every code but unterminated-tag)
    BadTag      = 32,  ///< Tag that is malformed (`[White "Ann`), kept by the writers
};

struct Element {
    ElementKind kind   = ElementKind::End;
    std::uint8_t flags = 0;
    DiagCode code      = DiagCode::SyntaxError;  ///< Stop and Marker: the diagnostic's code
    Span span;                                   ///< bytes of the element in the game text
    std::string_view text;                       ///< see ElementKind
    std::uint32_t value = 0;                     ///< see ElementKind
};

/// How an element is read.
enum class ReadMode : std::uint8_t {
    /// For its meaning, once per byte: problems are reported; an `(` is checked (depth, a
    /// matching `)`) and skipped, its variation to be walked from Element::span.end.
    Meaning,
    /// Again, for what it holds (a NAG's value, a comment's text): nothing is reported; an `(`
    /// is skipped.
    Quiet,
    /// The rest of a line that stopped: problems are reported, an `(` is not skipped (its
    /// variation is rest too), and the caller counts the parentheses.
    Rest,
};

/// Where a line of play stops being read (docs/rules/notation.md §7.5): at its first error. The
/// plies before it count; the rest of the line, from `at` on, is kept as text, never replayed.
struct LineStop {
    static constexpr std::uint32_t None = 0xFFFFFFFF;
    std::uint32_t at = None;  ///< byte offset in the game text; None: the line is read to its end
    DiagCode code    = DiagCode::SyntaxError;  ///< the error that stops the line
    /// The stop is a `[%floe CODE]` comment that an earlier conversion wrote: its text already
    /// is the kept rest (docs/rules/notation.md §7.5).
    bool marker = false;

    bool stops() const { return at != None; }
};

}  // namespace floe::rules
