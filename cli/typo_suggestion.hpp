#pragma once
// "did you mean": the nearest known word to a mistyped one, compared only with words of its own
// kind (a command with commands, an option with its command's options, a value with the values
// of its option), as git and cargo suggest them.

#include <CLI/CLI.hpp>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace floe::cli {

/// The optimal string alignment distance between `a` and `b`: the fewest insertions, deletions,
/// substitutions and swaps of two neighbouring characters that turn one into the other
/// ("valdate" to "validate": 1; "vaildate" to "validate": 1).
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The candidate nearest to `typed`, or "" when none is close: the distance must be at most 2
/// and at most a third of the candidate's length (so "fn" finds "fen", "xyz" finds nothing). On a
/// tie the first candidate wins. When none is that close, the one candidate that `typed` (3
/// characters or more) begins ("vali" finds "validate"; "max" finds nothing among
/// "max-errors" and "max-game-bytes").
std::string nearest_word(std::string_view typed, const std::vector<std::string>& candidates);

/// What to say of `typed`, a value of a kind (`kind`: "value", "variant", "code") that is none
/// of `allowed`: with `nearest` (a word near `typed`, of the same kind), "unknown variant
/// \"chess960x\"; did you mean \"Chess960\"?"; without, the list: "\"png\" is not one of text,
/// unicode, svg". A usage error's words, after "--option: ".
std::string unknown_value(std::string_view typed, std::string_view kind, std::string_view nearest,
                          const std::vector<std::string>& allowed);

/// unknown_value with the nearest of `allowed` to `typed` (nearest_word).
std::string unknown_value(std::string_view typed, std::string_view kind,
                          const std::vector<std::string>& allowed);

/// After CLI11 refused the arguments `args` (argv without the program name) of `app`: the message
/// for the first unknown command or long option in them. A command is compared with the visible
/// commands ("floe: unknown command 'valdate'; did you mean 'validate'?", else "floe: unknown
/// command 'x'; see 'floe --help'"). An option that another command has is named as that
/// command's ("floe moves: unknown option '--divide' (an option of perft); see 'floe moves
/// --help'"); else it is compared with the long options of its command, without their dashes
/// ("floe validate: unknown option '--jsn'; did you mean '--json'?"), and else only the help is
/// named ("floe validate: unknown option '--zzzz'; see 'floe validate --help'"). Returns ""
/// when every command and long option is known. A usage error either way
/// (docs/rules/notation.md §9.5). Hidden subcommands (empty group) are never suggested.
std::string typo_message(const CLI::App& app, const std::vector<std::string>& args);

}  // namespace floe::cli
