#pragma once
// The canonical writer of the extended PGN (docs/rules/notation.md §7), for both games: a visitor
// of the one walk (rules/game/visitor.hpp) that writes as the replay goes, filling the movetext
// lines as the units come. Reading its output and writing it again gives the same bytes.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "formats/text_out.hpp"
#include "notation/san.hpp"
#include "play/replay_game.hpp"
#include "rules/chess/game.hpp"
#include "rules/glacial/game.hpp"
#include "rules/record.hpp"

namespace floe::formats {

/// What `--strip` leaves out of a game (docs/decisions/writers.md, "Shaping games (issue 16)").
/// floe's own marker comments (`{[%floe CODE] …}`, docs/rules/notation.md §7.5) are never stripped:
/// a broken game stays visibly broken.
struct PgnStrip {
    bool comments   = false;  ///< comments (not the events, which the rules compute)
    bool nags       = false;
    bool variations = false;  ///< RAVs, with all they hold
    /// Every tag but the roster (docs/rules/notation.md §7.1) and the tags that decide how the
    /// game is read: Variant, FEN and SetUp (§2.1, §2.10).
    bool tags = false;
};

struct PgnOptions {
    /// Notation of the moves in the movetext (`convert --moves`). Only SAN is canonical; the
    /// others are read back as lenient forms, with warnings. Chess only.
    MoveNotation moves = MoveNotation::San;
    /// `--fix-result`: when the main line ends decided (mate, stalemate, a frozen king, one
    /// player left), write the result it forces instead of the record's
    /// (docs/rules/notation.md §7.7).
    bool fix_result = false;
    /// Lines of movetext hold at most this many code points (docs/rules/notation.md §7.3: 79).
    std::size_t line_width = 79;
    PgnStrip strip         = {};
    /// `--add-tags PlyCount`: a `PlyCount` tag with the main line's plies, replacing the
    /// record's; none when the main line fails (its count would be of a game the record does not
    /// hold).
    bool add_ply_count = false;
    /// `--add-tags FEN`: `[SetUp "1"]` and a `FEN` tag with the start position (for Glacial
    /// Shift its position string, docs/rules/notation.md §6.8) when the game has no FEN tag.
    bool add_fen = false;
    /// Move numbers in the movetext (chess `12.` and `12...`, Glacial Shift ply numbers).
    bool move_numbers = true;

    /// `--moves uci` without move numbers: the bare move list engine scripts want, one line per
    /// game and nothing else (no tags, comments, NAGs, variations, events nor result): the
    /// main line in UCI, in Glacial Shift its plies without seats. A game from a FEN tag starts
    /// its line with `fen <FEN> moves`; a line that stops at an error ends with its marker
    /// comment, on the same line (docs/decisions/writers.md, "Shaping games (issue 16)").
    bool move_list() const { return moves == MoveNotation::Uci && !move_numbers; }
};

/// The words `--strip` takes, and those `--add-tags` takes.
inline constexpr std::array<std::string_view, 4> StripWords    = {"comments", "nags", "variations",
                                                                  "tags"};
inline constexpr std::array<std::string_view, 2> AddedTagNames = {"PlyCount", "FEN"};

/// Sets in `options` what the `--strip` word `word` names (one of StripWords, in any letter
/// case). Returns false, changing nothing, for any other word.
bool strip_word(PgnOptions& options, std::string_view word);

/// Sets in `options` the tag `--add-tags` names (one of AddedTagNames, in any letter case).
/// Returns false, changing nothing, for any other name.
bool add_tag_name(PgnOptions& options, std::string_view name);

/// Movetext units filled greedily into lines as they come: a unit joins the current line if
/// the line stays within `width` code points, else it starts a new line
/// (docs/rules/notation.md §7.3). A `;` comment ends its line. One unit is held back, so that a `)`
/// can join it.
class MovetextLines {
public:
    /// Lines go to `out`, spilled as each line is whole.
    MovetextLines(TextOut out, std::size_t width) : out_(out), width_(width) {}
    /// A unit: a move number, a move, a NAG, an event, a comment or the termination marker.
    void add(std::string text, bool ends_line = false);
    /// A unit written in place (add without a string of its own): the unit held back is placed,
    /// and the new unit's text is appended to the buffer returned (valid until the next unit),
    /// which then is held back in turn.
    std::string& unit(bool ends_line = false);
    /// A comment unit, `{text}`, or `;text` ending its line when the text holds a `}` (only a
    /// `;` comment can): its text normalised as pgn_text does, bytes that are not UTF-8 read
    /// in `encoding`. A long one is written from `text`, which must then live until the next
    /// unit, a piece at a time when it is placed: it is never copied (memory bounds). `marker`
    /// (`[%floe CODE] `) goes before the text.
    void add_comment(std::string_view text, rules::Encoding encoding, std::string_view marker = {});
    /// `(`: it opens the next unit, with no space after it.
    void open() { open_ += '('; }
    /// `)`: it closes the last unit, with no space before it.
    void close();
    /// Writes what is held back and ends the last line.
    void finish();

private:
    void place(const std::string& text, std::size_t closes, bool ends_line);
    /// Starts a new line when a unit whose first line is `first_len` code points wide does not fit
    /// after the current one; otherwise writes the space between them.
    void make_room(std::size_t first_len);
    void place_held();
    void place_comment();

    TextOut out_;
    std::size_t width_;
    std::string open_;  // `(`s waiting for their unit
    std::string held_;  // the last unit, not yet placed
    // A long comment held (add_comment): `held_` is what comes before its text, `held_text_`
    // its record bytes, read in `held_encoding_`, then a `}` unless it ends its line.
    std::string_view held_text_;
    rules::Encoding held_encoding_ = rules::Encoding::Cp1252;
    // `)`s that close the held unit, counted rather than appended: the unit may be the rest of a
    // line of megabytes, which an appended `)` would make the string double (memory bounds).
    std::size_t held_closes_ = 0;
    bool held_ends_line_ = false, holding_ = false;
    std::size_t column_ = 0;  // code points on the current line
    bool line_empty_    = true;
};

/// A comment as one unit: `{text}`, or `;text` ending its line when the text holds a `}` (only
/// a `;` comment can). Line ends in `text` must already be LF (pgn_text).
std::pair<std::string, bool> comment_unit(std::string text);

/// The units that keep the rest of a line that stopped at an error (docs/rules/notation.md §7.5),
/// added to `lines`: one `{…}` comment, or when the rest holds a `}`, one comment per source line.
/// With `code`, the first comment starts with the marker `[%floe CODE] `, so that reading the
/// output again reports the same code there. Bytes that are not UTF-8 are read in `encoding`.
void add_rest(MovetextLines& lines, std::string_view rest, std::optional<rules::DiagCode> code,
              rules::Encoding encoding);

/// Appends a tag pair `[Name "value"]` and a newline, the value normalised as pgn_text does and
/// with `\` and `"` escaped (docs/rules/notation.md §7.1).
void write_pgn_tag(std::string& out, std::string_view name, std::string_view value,
                   rules::Encoding encoding);

/// Record text as the writer emits it: UTF-8 (bytes that are not UTF-8 read in `encoding`, the
/// record's), CR and CRLF as LF.
std::string pgn_text(std::string_view text, rules::Encoding encoding);

/// Appends a game floe cannot replay (an unsupported variant, an unusable FEN tag or position
/// string) as it was read: its text with line ends as LF and invalid UTF-8 decoded, and a
/// newline. A game that had no termination marker gets `*` on a line of its own (and a `}`
/// first when it ended inside an unterminated comment), so that the next game written after it
/// can never join it (docs/rules/notation.md §1.12, §2.9).
void write_as_read(std::string& out, const rules::GameRecord& record);

/// One game being written: where to, how, and the termination marker the tag section and the
/// movetext end with (termination_marker; with --fix-result it needs the replay's end).
struct PgnGame {
    TextOut out;
    PgnOptions options;
    /// The result --fix-result forces, for the Result tag and the marker; empty: the game's own
    /// (GameSetup::result).
    std::string result;
    /// The main line's plies for the PlyCount tag (add_ply_count; known after a replay).
    std::optional<std::uint32_t> ply_count = std::nullopt;
    /// The lines the movetext goes to, when write_pgn ends them itself after the replay (the
    /// termination marker then waits for the replay's end); nullptr: the writer's own, on `out`.
    MovetextLines* lines = nullptr;
};

/// The canonical PGN writer of one game of engine G, as a visitor (replay_game<PgnWriter>):
/// the tag section (the roster with its defaults, the other tags in input order, `Variant`
/// unless the game is orthodox chess), a blank line, and the movetext. Each line of play is
/// written up to its first error; the rest follows as marker comments.
template <class G>
class PgnWriter {
public:
    static constexpr bool annotations = true;
    PgnWriter(const rules::GameRecord& record, const GameSetup& setup, PgnGame& game);

    void start(const typename G::Position& position, const typename G::Events& events);
    void move(const typename G::Position& before, const typename G::Move& move,
              const typename G::Position& after, const typename G::Events& events);
    void nag(std::uint32_t value);
    void events(const typename G::Events& events);
    void comment(std::string_view text, bool line_comment);
    void variation_begin(const typename G::Position& start);
    void variation_end();
    void unplayed(std::string_view rest, std::optional<rules::DiagCode> code);
    void end();

private:
    const rules::GameRecord& record_;
    const GameSetup& setup_;
    PgnGame& game_;
    MovetextLines own_lines_;
    MovetextLines& lines_;       // own_lines_, or PgnGame::lines
    bool black_number_ = true;   // chess: Black's next move shows its number (`12...`)
    int depth_         = 0;      // of the line walked: 0 is the main line
    bool in_rest_      = false;  // after a marker comment read again: the rest of a cut line
    bool listed_       = false;  // move_list: the line has a unit
    // Whether the walk is inside a variation that is not written (strip.variations, move_list).
    bool skipping() const;
    // The Result tag's value: a forced result, else the game's (GameResult::tag).
    std::string_view result_tag() const {
        return game_.result.empty() ? std::string_view(setup_.result.tag) : game_.result;
    }
    // move_list: appends `text` to the game's line as one unit, its line ends made spaces.
    void list_unit(std::string_view text, rules::Encoding encoding);
};

extern template class PgnWriter<rules::chess::Game>;
extern template class PgnWriter<rules::glacial::Game>;

/// Writes one game in canonical PGN, shaped by `pgn`, ending with a newline (the caller separates
/// games with one blank line, none between PgnOptions::move_list lines), and returns its replay: a
/// game floe can replay through PgnWriter, any other as read (write_as_read). `log` holds the
/// game's diagnostics from open_game. With a stream in `out`, the text goes there as it is written,
/// but for its last chunk left in `out.text`.
ReplayedGame write_pgn(TextOut out, const rules::GameRecord& record, const GameOptions& options,
                       const PgnOptions& pgn, rules::DiagnosticLog log);

/// What write_pgn writes after the walk for a game it could not replay (`replayed`): the game as
/// written, or with PgnOptions::move_list a marker naming why; nothing for a game replayed.
void write_pgn_unplayed(TextOut out, const rules::GameRecord& record, const PgnOptions& pgn,
                        const ReplayedGame& replayed);

}  // namespace floe::formats
