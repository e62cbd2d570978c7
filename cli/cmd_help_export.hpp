#pragma once
// `floe help-export man|bash|zsh|fish [-o FILE]`: a hidden subcommand that writes the man page
// or a shell completion from the command line itself. The build runs it to make the files that
// `cmake --install` puts in place (CMakeLists.txt), so they never drift from --help.

#include <CLI/CLI.hpp>
#include <string>

namespace floe::cli {

/// Adds the hidden subcommand `help-export` to `app` (not listed by --help, not suggested, not in
/// the man page or completions). It writes man_page(app, version), bash_completion(app),
/// zsh_completion(app) or fish_completion(app) to standard output or `-o FILE`; a format that is
/// none of the four is a usage error (exit 2, docs/rules/notation.md §9.5), as is a failed write.
/// Call it after every other subcommand is registered.
void setup_help_export(CLI::App& app, const std::string& version);

}  // namespace floe::cli
