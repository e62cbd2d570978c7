#pragma once
// The game scanner: splits an input buffer into games without parsing them (notation.md §1
// "Game boundaries"). Hand-written and allocation-free per byte; X3 then parses each game.
// Internal to parser/.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace floe::parser::detail {

/// Why a game's text ends where it does.
enum class GameEnd : std::uint8_t {
    Termination,          ///< after its termination marker
    TagBoundary,          ///< before a `[` first on its line after movetext, or a repeated tag
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
    bool glacial = false;  ///< a Variant tag (or the default) selects Glacial Shift tokens
};

class Scanner {
public:
    /// `input` without its BOM; `glacial_default` reads untagged games as Glacial Shift.
    Scanner(std::string_view input, bool glacial_default)
        : in_(input), glacial_default_(glacial_default) {}

    /// The next game, or false when only white space, `%` lines and comments remain.
    bool next(GameExtent& out);

    /// Where scanning stands (after the last game returned).
    std::size_t position() const { return pos_; }

private:
    bool seen_tag(std::string_view name);

    std::string_view in_;
    bool glacial_default_;
    std::size_t pos_      = 0;
    GameEnd previous_end_ = GameEnd::Termination;
    std::vector<std::string_view> tag_names_;  // reused between games
};

}  // namespace floe::parser::detail
