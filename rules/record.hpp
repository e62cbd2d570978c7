#pragma once
// A game record: its bytes and where they stand in the file. Its tags and movetext are read
// from the text when they are needed (parser/tags.hpp, parser/movetext_reader.hpp), never kept
// as lists: memory stays bounded by the game's bytes (docs/reliability.md). Text views point
// into the game's bytes, which the caller keeps alive.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rules/diagnostic.hpp"
#include "rules/encoding.hpp"

namespace floe::rules {

struct VariantEntry;

/// Maps byte offsets of one game to 1-based lines and columns of the file
/// (docs/rules/notation.md §8.2: columns count code points; an invalid byte and a tab count one
/// each).
struct SourceMap {
    std::string_view text;           ///< the game's bytes
    std::uint32_t first_line   = 1;  ///< file line of text[0]
    std::uint32_t first_column = 1;  ///< file column of text[0] (> 1 when the game starts
                                     ///< mid-line, e.g. right after the previous game's result)
    /// Bytes of the file line before text[0] (the BOM excluded) and after the end of text up to
    /// its line end, each at most ContextBytes. The input buffer holds them right before and
    /// after `text`; line_text uses them to return the game's first and last file lines.
    std::uint32_t prefix_bytes = 0;
    std::uint32_t suffix_bytes = 0;
    struct Position {
        std::uint32_t line;
        std::uint32_t column;
    };
    /// Line and column of a byte offset (an invalid UTF-8 byte and a tab count one column
    /// each). An offset past the end maps to the end. Counted from the last offset asked when
    /// it is not behind it, so that asking in text order, as the printers do, is linear in the
    /// game's bytes; no table of line starts is kept.
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
    // Where the last locate stood: its offset (on a character boundary), its line (0-based in
    // text) and column, and its line's start.
    mutable std::uint32_t at_ = 0, line_ = 0, column_ = 0, line_start_ = 0;
    mutable std::uint32_t end_line_ = 0xFFFFFFFF, line_end_ = 0;  // line_text's last line end
    void seek(std::uint32_t offset) const;
};

struct GameRecord {
    std::uint32_t number = 1;  ///< 1-based game number in its file
    std::string_view text;     ///< the game's bytes (views below point into it)
    SourceMap source;
    std::string_view
        termination;  ///< `1-0`, `0-1`, `1/2-1/2`, `*` (or a lenient form); empty if missing
    Span termination_span;
    bool invalid_utf8 = false;  ///< bytes that are not UTF-8 (docs/rules/notation.md §1.13)
    /// How those bytes are read (--encoding): write every view of text through
    /// append_utf8(…, encoding), so that all writers show them alike.
    Encoding encoding = Encoding::Cp1252;
    /// The variant whose token rules cut the movetext (seats and four-player results when its
    /// engine is Glacial Shift; docs/rules/notation.md §5.8): the Variant tag's, else
    /// --variant's, else Glacial Shift when the first ply has a seat. nullptr when none of them
    /// names a variant floe plays: PGN's tokens. Only its engine is read.
    const VariantEntry* token_variant = nullptr;
    bool open_comment                 = false;  ///< the game ends inside a `{` comment never closed
    /// Larger than --max-game-bytes (`game-too-large`): `text` is only the game's start, and the
    /// game is not read, replayed nor written.
    bool too_large = false;
};

}  // namespace floe::rules
