#pragma once
// The command line as data, read from the CLI11 app that parses it: the subcommands, their
// options and help lines. The man page and the shell completions are written from it, so they
// say what --help says and cannot drift from it.

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace floe::cli {

/// One option or positional argument of a subcommand.
struct OptionDoc {
    std::vector<std::string> names;    ///< "-o", "--output"; empty for a positional
    std::string value;                 ///< what --help shows after the names ("TEXT:{pgn,json}");
                                       ///< "" for a flag
    std::string positional;            ///< a positional's name ("FILE"); "" for an option
    bool repeated = false;             ///< a positional that takes several values
    bool required = false;             ///< a positional that must be given
    std::vector<std::string> choices;  ///< the words a value may be, for completion; empty when
                                       ///< any text goes (a file, a number)
    bool list = false;                 ///< a comma-separated list of choices (--strip a,b)
    std::string help;                  ///< its --help line
};

/// One subcommand.
struct CommandDoc {
    std::string name;                ///< "validate"
    std::string help;                ///< its line in `floe --help`
    std::vector<OptionDoc> options;  ///< in --help's order, positionals last; hidden ones left out
};

/// The visible subcommands of `app` (a hidden one has an empty group), in --help's order, each
/// with its visible options and positionals. A `--variant` option's choices are the variant
/// names of rules/variants.hpp as completion offers them (variant_word); `--strip`, `--add-tags`,
/// `--event` and `--warn` (CODE=LEVEL for each code a user may change) have the words of the
/// tables that check them; an option whose --help type ends in "{a,b,c}" (CLI::IsMember,
/// accept_words) has the choices a, b and c.
std::vector<CommandDoc> describe_commands(const CLI::App& app);

/// A variant's canonical name as one shell word: lower case, `-` for each space ("Ice Age" ->
/// "ice-age"), which --variant reads as the name itself (docs/rules/notation.md §2.1).
std::string variant_word(std::string_view name);

}  // namespace floe::cli
