#pragma once
// Old spellings of options, kept for one release after the option grammar was made one for every
// command (issue 27, docs/commands.md "Options common to commands"): each still works, hidden from
// --help, and says once on standard error what to write instead.

#include <CLI/CLI.hpp>
#include <string>
#include <string_view>

namespace floe::cli {

/// The warning an old spelling gives: "floe COMMAND: warning: OLD is deprecated; use NEW".
std::string deprecation_warning(std::string_view command, std::string_view old_spelling,
                                std::string_view replacement);

/// Marks `option` of `cmd` as an old spelling: hidden from --help (and so from the man page and
/// the completion, made from it), and, the first time it is given in a run, the
/// deprecation_warning naming `replacement` ("--to json", "--count") on standard error. The
/// option still sets what it is bound to. It cannot be given with the option `replacement`
/// names (its first word, an option of `cmd`): which of the two would win is no question a
/// user should have to ask ("--json and --to cannot be used together"). Returns `option`.
CLI::Option* deprecate(CLI::App& cmd, CLI::Option* option, std::string replacement);

}  // namespace floe::cli
