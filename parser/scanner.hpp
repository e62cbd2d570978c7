#pragma once
// The game scanner: splits an input buffer into games without parsing them
// (docs/rules/notation.md §1.12). Hand-written and allocation-free per byte; X3 then parses each
// game. Internal to parser/.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "parser/lexical.hpp"

namespace floe::parser::detail {

/// Why a game's text ends where it does.
enum class GameEnd : std::uint8_t {
    Termination,          ///< after its termination marker
    TagBoundary,          ///< before a `[` first on its line after movetext, or a repeated tag
                          ///< name after a blank line in the tag section
    NumberBoundary,       ///< before a main-line move number 1 after later move numbers
    UnterminatedComment,  ///< inside a `{` comment without `}` (see find_comment_end)
    EndOfInput,           ///< at the end of the input without a termination marker
};

/// One game's extent in the input, [begin, end).
struct GameExtent {
    std::size_t begin  = 0;
    std::size_t end    = 0;
    GameEnd ended_by   = GameEnd::EndOfInput;
    GameEnd started_by = GameEnd::Termination;  ///< how the previous game ended (Termination for
                                                ///< the first game)
    /// The variant whose tokens cut the game (rules::GameRecord::token_variant): its Variant
    /// tag's, else the scanner's untagged variant, else Glacial Shift when the first ply has a
    /// seat; nullptr when none names a variant floe plays.
    const rules::VariantEntry* token_variant = nullptr;
    std::size_t termination = 0;  ///< where the termination marker starts (ended_by Termination)
};

/// What Scanner::next found.
enum class ScanResult : std::uint8_t {
    Game,      ///< a game, in the GameExtent
    End,       ///< only white space, `%` lines and comments remain
    NeedMore,  ///< the input is a partial window: the game may go on past its end
};

class Scanner {
public:
    /// `input` without its BOM; `untagged_variant` (ParseOptions::untagged_variant, nullptr
    /// when none is named) chooses the tokens of games without a Variant tag.
    /// `complete` is false when `input` is a window of a stream that goes on: the window must
    /// then end at a line end or a blank, so that every token and tag name is whole, and its
    /// first byte, unless it starts the input, must follow a line end or be neither a blank nor
    /// a line end (the backward looks for a line's start stop there as in the whole input).
    /// `encoding` says which lone byte is a no-break space (set_encoding).
    Scanner(std::string_view input, const rules::VariantEntry* untagged_variant,
            bool complete = true, rules::Encoding encoding = rules::Encoding::Cp1252)
        : in_(input),
          untagged_variant_(untagged_variant),
          complete_(complete),
          encoding_(encoding) {}

    /// The next game. In a partial window, NeedMore when the game (or a lookahead deciding
    /// where it ends) reaches the window's end: nothing is consumed, and the caller extends the
    /// window with rebase() and asks again. A game returned from a window is cut exactly where
    /// it would be cut in the whole input.
    ScanResult next(GameExtent& out);

    /// Where scanning stands (after the last game returned).
    std::size_t position() const { return pos_; }

    /// After NeedMore: where the game the window could not finish begins (its first byte), or
    /// npos when only white space, `%` lines or comments were left (GameSource's
    /// --max-game-bytes check).
    std::size_t pending_begin() const { return pending_begin_; }

    /// Puts back a game next() returned, so that the next call returns it again: scanning
    /// resumes at its first byte with the state it started from (GameSource::set_range stops
    /// there without consuming it).
    void unread(const GameExtent& game) {
        pos_          = game.begin;
        previous_end_ = game.started_by;
    }

    /// Continues in a new window holding the same bytes from `position` on (the streaming
    /// reader drops consumed bytes and appends new ones).
    void rebase(std::string_view input, std::size_t position, bool complete) {
        in_       = input;
        pos_      = position;
        complete_ = complete;
        tag_memo_ = {};
    }

private:
    bool seen_tag(std::string_view name, std::size_t game_begin);
    bool name_at(std::uint32_t slot, std::string_view name, std::size_t game_begin) const;
    ScanResult scan(GameExtent& out);
    struct GameScan;  // one game's scan, in named steps (scanner.cpp)

    std::string_view in_;
    const rules::VariantEntry* untagged_variant_;
    bool complete_;
    rules::Encoding encoding_;
    bool short_           = false;  // a lookahead reached the end of a partial window
    std::size_t pos_      = 0;
    GameEnd previous_end_ = GameEnd::Termination;
    // The tag names of the game being scanned (a repeated one after a blank line starts the next
    // game): the first few in a vector searched linearly
    // (reused between games, no allocation), the rest in a flat hash table, so that a game of a
    // million distinct tags is still scanned in linear time (issue 13). The table holds where
    // each name starts in the game (+ 1; 0 is an empty slot), open addressing with linear
    // probing: 4 bytes a slot, not a node per name, so that it stays small beside the game's
    // bytes (memory bounds, docs/reliability.md).
    std::vector<std::string_view> tag_names_;
    std::vector<std::uint32_t> many_tag_names_;
    std::size_t many_tag_count_ = 0;
    TagLineMemo tag_memo_;  // for find_tag_value_end, over in_

    std::size_t pending_begin_ = static_cast<std::size_t>(-1);  // pending_begin()
};

}  // namespace floe::parser::detail
