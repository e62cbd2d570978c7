#pragma once
// The public facade of the record parser, with parser/tags.hpp and parser/movetext_reader.hpp
// (which read a game's text as it is needed). Boost.Spirit X3 stays inside parser/*.cpp.
//
// A small scanner splits the input into games (GameSource, streaming from a file or standard
// input with flat memory); open_game sets up one game's record; its tags (tags.hpp) and its
// movetext (movetext_reader.hpp) are read from the game's bytes as they are needed, one token
// at a time with the X3 grammar (docs/rules/notation.md §1).

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>

#include "parser/byte_buffer.hpp"
#include "rules/record.hpp"

namespace floe::parser {

struct ParseOptions {
    /// Deepest variation nesting accepted; deeper input is a `variation-too-deep` error at the
    /// `(` that exceeds it, and the rest of that game is skipped (conformance B32).
    std::size_t max_variation_depth = 1000;
    /// The variant of games without a Variant tag (the command line's --variant), whose tokens
    /// cut them: Glacial Shift's seats and four-player results when its engine is Glacial Shift
    /// (docs/rules/notation.md §5.8). nullptr when --variant names none.
    const rules::VariantEntry* untagged_variant = nullptr;
    /// How bytes that are not UTF-8 are read (--encoding, docs/rules/notation.md §1.13); each
    /// record carries it (GameRecord::encoding) for the writers.
    rules::Encoding encoding = rules::Encoding::Cp1252;
    /// The largest game read (--max-game-bytes), in bytes: a game the scanner has not cut within
    /// this many bytes is not kept. GameSource reads on to where it ends
    /// (docs/decisions/hostile-input.md, "A game larger than --max-game-bytes") without holding it,
    /// and open_game reports it as one `game-too-large` error; the next game is read as usual.
    /// Default 256 MiB.
    std::size_t max_game_bytes = std::size_t{256} << 20;
};

/// One game's bytes as the scanner cut them, with where they stand in the file. Opened with
/// open_game; it can be handed to another thread (the records of `--jobs N`).
struct GameText {
    /// The file lines holding the game (the game starts `begin` bytes in): diagnostics quote
    /// them. On a long line, at most rules::SourceMap::ContextBytes before and after the game
    /// are kept.
    std::string_view lines() const {
        return external_.data() ? external_ : owned_.view().substr(owned_from_, owned_size_);
    }
    std::string_view game() const { return lines().substr(begin, end - begin); }

    std::uint32_t begin        = 0;  ///< the game within lines(): [begin, end)
    std::uint32_t end          = 0;
    std::uint32_t number       = 1;  ///< 1-based game number in its file
    std::uint32_t first_line   = 1;  ///< file line of game()[0]
    std::uint32_t first_column = 1;  ///< file column of game()[0] (code points)
    std::uint8_t ended_by      = 0;  ///< how the scanner ended the game (parser-internal)
    /// The variant whose tokens cut the game (rules::GameRecord::token_variant), or nullptr.
    const rules::VariantEntry* token_variant = nullptr;
    /// Where the termination marker starts in game(), when the game ends with one.
    std::uint32_t termination = 0;
    /// Larger than ParseOptions::max_game_bytes: game() holds only its start (at most
    /// rules::SourceMap::ContextBytes, up to a line end when there is one), for the excerpt and
    /// the players' names; open_game reports it, and it is not read further.
    bool too_large = false;

private:
    friend class GameSource;
    // A stream's lines: a copy (its block reused between games), or for a large game the
    // reader's own buffer, handed over whole rather than copied (GameSource::next), the lines
    // at [owned_from_, owned_from_ + owned_size_) of it.
    ByteBuffer owned_;
    std::size_t owned_from_ = 0;
    std::size_t owned_size_ = 0;
    std::string_view external_;  // or a view into the caller's buffer
};

/// Splits an input into games without parsing them: over a whole buffer, or streaming from an
/// std::istream in chunks, with memory bounded by the chunk and the longest game kept (at most
/// about ParseOptions::max_game_bytes: a larger game is read past, not kept).
class GameSource {
public:
    /// Games of a whole buffer, which must outlive the GameTexts (they view into it).
    explicit GameSource(std::string_view input, ParseOptions options = {});
    /// Games read from `in` in chunks of `chunk_bytes` (more when one game is longer). Each
    /// GameText owns a copy of its bytes.
    explicit GameSource(std::istream& in, ParseOptions options = {},
                        std::size_t chunk_bytes = std::size_t{1} << 18);
    ~GameSource();
    GameSource(const GameSource&)            = delete;
    GameSource& operator=(const GameSource&) = delete;

    /// The next game into `out` (its buffer is reused). False at the end of the input.
    bool next(GameText& out);

    /// True when reading the stream failed (not at its end): the games before were read.
    bool read_failed() const;

    /// The games a source passed over before its range (set_range).
    struct Passed {
        std::uint32_t games     = 0;  ///< games before the range
        std::uint32_t too_large = 0;  ///< of them, larger than ParseOptions::max_game_bytes
    };

    /// Restricts the source to the games whose first byte lies in [begin, end) of the input,
    /// counted in bytes from its start (a BOM included): a part of a file (`--shard K/N`,
    /// docs/decisions/performance.md "Sharding a file"). Call it once, before next(). It cuts the
    /// games before `begin` at once, as next() would (a game larger than max_game_bytes is read
    /// past the same way), but keeps none of them: their lines and numbers still count, so the
    /// games returned carry their true line, column and number in the whole input. next() then
    /// returns false at the first game starting at or past `end`, without reading it further.
    /// Games are cut exactly as without a range (docs/rules/notation.md §1.12), so the parts
    /// [0, a), [a, b), ... of one input return together exactly its games. Returns what was
    /// passed over.
    Passed set_range(std::uint64_t begin, std::uint64_t end);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

/// Opens one game: fills `out` (its text, where it stands in the file, its termination marker,
/// its encoding) and reports into `log` what concerns the game as a whole: its first byte that
/// is not UTF-8 (`invalid-utf8`), a missing termination marker (`missing-termination`,
/// `game-boundary`), and a game larger than ParseOptions::max_game_bytes (`game-too-large`:
/// nothing else is reported, and the record is marked too_large, not to be read). Its tags and
/// movetext are read from out.text when needed (parser/tags.hpp, parser/movetext_reader.hpp). `out`
/// views into `text`: keep it alive and unchanged while `out` is used. Never throws; safe to call
/// from several threads at once.
void open_game(const GameText& text, rules::GameRecord& out, rules::DiagnosticLog& log,
               const ParseOptions& options = {});

/// Reads the games of one input in order: a GameSource and open_game in one.
class RecordReader {
public:
    /// Over a whole buffer, which must outlive the records: their text views point into it.
    explicit RecordReader(std::string_view input, ParseOptions options = {});
    /// Streaming from `in`: a record's views point into the reader's copy of its game, valid
    /// until the next call to next().
    explicit RecordReader(std::istream& in, ParseOptions options = {});
    ~RecordReader();
    RecordReader(const RecordReader&)            = delete;
    RecordReader& operator=(const RecordReader&) = delete;

    /// Opens the next game into `out` and reports its game-wide diagnostics into `log`
    /// (open_game). Returns false at the end of the input. Never throws on bad input.
    bool next(rules::GameRecord& out, rules::DiagnosticLog& log);

    const ParseOptions& options() const { return options_; }

private:
    GameSource source_;
    GameText text_;
    ParseOptions options_;
};

}  // namespace floe::parser
