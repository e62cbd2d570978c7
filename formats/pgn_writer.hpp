#pragma once
// The canonical writer of the extended PGN (notation.md §7): reading its output and writing it
// again gives the same bytes.

#include <optional>
#include <string>
#include <vector>

#include "formats/replay_game.hpp"
#include "formats/san.hpp"
#include "rules/record.hpp"

namespace floe::formats {

struct PgnOptions {
    /// Notation of the moves in the movetext (`convert --moves`). Only SAN is canonical; the
    /// others are read back as lenient forms, with warnings.
    MoveNotation moves = MoveNotation::San;
    /// `--fix-result`: when the main line ends decided (mate, stalemate, a frozen king), write
    /// the result it forces instead of the record's (notation.md §8).
    bool fix_result = false;
    /// Lines of movetext hold at most this many code points (notation.md §7: 79).
    std::size_t line_width = 79;
};

/// One movetext unit (notation.md §7): a move number, a move, a NAG, an event, a comment, a
/// parenthesis or the termination marker. A `;` comment ends its line.
struct MovetextUnit {
    std::string text;
    bool ends_line = false;
};

/// A comment as one unit: `{text}`, or `;text` ending its line when the text holds a `}` (only
/// a `;` comment can). Line ends in `text` must already be LF (pgn_text).
MovetextUnit comment_unit(std::string text);

/// The units that keep the rest of a line that stopped at an error (notation.md §7): one `{…}`
/// comment, or when the rest holds a `}`, one comment per source line. With `code`, the first
/// comment starts with the marker `[%floe CODE] `, so that reading the output again reports
/// the same code there. Bytes that are not UTF-8 are read in `encoding`, the record's.
std::vector<MovetextUnit> rest_units(std::string_view rest, std::optional<rules::DiagCode> code,
                                     rules::Encoding encoding);

/// Appends `units` filled greedily into lines of at most `width` code points, separated by one
/// space, ending with a newline (notation.md §7 "Line filling"). Both engines' writers use it.
void fill_movetext(std::string& out, const std::vector<MovetextUnit>& units, std::size_t width);

/// Appends a tag pair `[Name "value"]` and a newline, the value normalised as pgn_text does and
/// with `\` and `"` escaped (notation.md §7 "Tags").
void write_pgn_tag(std::string& out, std::string_view name, std::string_view value,
                   rules::Encoding encoding);

/// Record text as the writer emits it: UTF-8 (bytes that are not UTF-8 read in `encoding`, the
/// record's), CR and CRLF as LF.
std::string pgn_text(std::string_view text, rules::Encoding encoding);

/// The termination marker to write for a game: the record's own (`½-½` as `1/2-1/2`, a missing
/// one as `*`), or with fix_result the forced result of a main line that ended decided.
std::string termination_marker(const rules::GameRecord& record, const ReplayedGame& game,
                               bool fix_result);

/// Appends a game floe cannot replay (an unsupported variant, an unusable FEN tag or position
/// string) as it was read: its text with line ends as LF and invalid UTF-8 read as Latin-1,
/// and a newline. A game that had no termination marker gets `*` on a line of its own (and a
/// `}` first when it ended inside an unterminated comment), so that the next game written
/// after it can never join it (notation.md §1 "Two games never merge").
void write_as_read(std::string& out, const rules::GameRecord& record);

/// Writes each malformed tag line of the tag section (GameRecord::unread_tags) as a marker
/// comment `{[%floe unterminated-tag] …}` into `units`: kept, and reported again when read.
void add_unread_tags(std::vector<MovetextUnit>& units, const rules::GameRecord& record);

/// Appends one game in canonical PGN, ending with a newline; the caller separates games with
/// one blank line.
/// - A game floe could replay (`game.start` set; replayed with GameOptions::keep_moves): the tag
///   section (the seven-tag roster with PGN's defaults, the other tags in input order, `Variant`
///   whenever the game is not Standard), a blank line, and the movetext filled greedily to
///   `line_width` code points. Each line of play is written up to its first error; the rest
///   follows verbatim as a comment (one `{…}`, or one `;` comment per source line when it holds
///   a `}`), so nothing is lost.
/// - A game floe cannot replay (an unsupported variant, an unusable FEN tag): write_as_read.
void write_pgn(std::string& out, const rules::GameRecord& record, const ReplayedGame& game,
               const PgnOptions& options);

}  // namespace floe::formats
