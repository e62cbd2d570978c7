#pragma once
// The commands inside a comment (`[%clk 1:30:05]`), as the "PGN Specification Supplement"
// (Alan Cotterell), lichess and ChessBase write them, read as data: clock and elapsed time,
// evaluation, coloured squares and arrows (docs/rules/notation.md §1.11). Reading never changes
// the comment: its bytes stay as they are for the writers.

#include <optional>
#include <string_view>
#include <vector>

namespace floe::formats {

/// One `[%name value]` of a comment: its name and its value, spaces around it trimmed, as views
/// into the comment.
struct CommentCommand {
    std::string_view name;
    std::string_view value;
};

/// The known commands (`clk`, `emt`, `eval`, `csl`, `cal`) of a comment's bytes, in their order,
/// repeated ones included; unknown commands and a `[%` without its `]` are left out. Each
/// `[%` is read up to the first `]` after it; the name ends at the first blank (space, tab or
/// line break: a command may be broken across lines), and blanks around the value are trimmed.
/// docs/rules/notation.md §1.11.
std::vector<CommentCommand> find_comment_commands(std::string_view text);

/// A `[%clk]` or `[%emt]` value `H:MM:SS` or `H:MM:SS.f…` (hours of 1 to 9 digits, minutes and
/// seconds of two digits below 60) as seconds, its fraction kept (`1:30:05.5` is 5405.5), or
/// nothing when the value has another form. docs/rules/notation.md §1.11.
std::optional<double> clock_seconds(std::string_view value);

/// An `[%eval]` value: pawns (`0.35`, `-1.2`, `+3`) or a mate in N moves (`#3`, `#-3`, `#+3`;
/// its sign as written: lichess counts from White's side), with an optional search depth after a
/// comma (`0.35,20`).
struct Evaluation {
    std::optional<double> pawns;
    std::optional<int> mate;
    std::optional<int> depth;
};

/// The `[%eval]` value read, or nothing when it has another form (no typed field is guessed).
/// docs/rules/notation.md §1.11.
std::optional<Evaluation> evaluation(std::string_view value);

/// A coloured square of `[%csl]`: its colour letter (R, G, B or Y) and square (`e4`).
struct ColoredSquare {
    char color;
    std::string_view square;
};

/// A coloured arrow of `[%cal]`: its colour letter and its two squares.
struct Arrow {
    char color;
    std::string_view from;
    std::string_view to;
};

/// The `[%csl]` value `Re4,Gd5` on a board of `board_size` files and ranks (8 for chess, 9 for
/// Glacial Shift: a–i, 1–9), or nothing when any item is not a colour letter and a square of
/// that board (the whole value is then text only). An empty value is no square.
/// docs/rules/notation.md §1.11.
std::optional<std::vector<ColoredSquare>> colored_squares(std::string_view value, int board_size);

/// The `[%cal]` value `Ge2e4,Rd1d8` read as colored_squares reads `[%csl]`.
/// docs/rules/notation.md §1.11.
std::optional<std::vector<Arrow>> arrows(std::string_view value, int board_size);

}  // namespace floe::formats
