#pragma once
// "did you mean": after a failed parse, the nearest subcommand to a mistyped command and the
// nearest long option to a mistyped option, as git and cargo suggest them.

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
/// tie the first candidate wins.
std::string nearest_word(std::string_view typed, const std::vector<std::string>& candidates);

/// After CLI11 refused the arguments `args` (argv without the program name) of `app`: the message
/// for the first unknown command or long option in them, "floe: unknown command 'valdate'; did
/// you mean 'validate'?" or "floe validate: unknown option '--jsn'; did you mean '--json'?"
/// (an unknown command with nothing near: "floe: unknown command 'x'; see 'floe --help'").
/// Returns "" when every command and option is known or an unknown option has no near name: then
/// CLI11's own message stands. Hidden subcommands (empty group) are never suggested. A usage
/// error either way (docs/rules/notation.md §9.5).
std::string typo_message(const CLI::App& app, const std::vector<std::string>& args);

}  // namespace floe::cli
