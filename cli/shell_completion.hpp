#pragma once
// Shell completion scripts for bash, zsh and fish, written from the command line itself
// (describe_commands): subcommands, their options, and the words an option's value may be
// (variant names, --moves san|lan|uci|figurine, ...). Anything else completes as a file name.

#include <CLI/CLI.hpp>
#include <string>

namespace floe::cli {

/// The bash completion of `app`, for share/bash-completion/completions/floe: a function
/// `_floe` registered by `complete -o default -F _floe floe`. Never fails.
std::string bash_completion(const CLI::App& app);

/// The zsh completion of `app`, for share/zsh/site-functions/_floe (`#compdef floe`). Never
/// fails.
std::string zsh_completion(const CLI::App& app);

/// The fish completion of `app`, for share/fish/vendor_completions.d/floe.fish: one `complete`
/// line per subcommand and option. Never fails.
std::string fish_completion(const CLI::App& app);

}  // namespace floe::cli
