#pragma once
// One shape for every message about the command line: "floe COMMAND: " (or "floe: " before a
// command is chosen), then what is wrong in floe's words, never CLI11's ("The following argument
// was not expected", "FILE is required", "png not in {…}"); a message about the shape of the
// command line ends with where its help is (docs/commands.md, Messages and exit codes).

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace floe::cli {

/// "floe validate: " for messages of the chosen subcommand of `app`, "floe: " before one was
/// chosen.
std::string message_prefix(const CLI::App& app);

/// The line (without its newline) that reports `error`, thrown by CLI11 when it parsed `args`
/// (argv without the program name) for `app`; a usage error, exit 2 (docs/rules/notation.md
/// §9.5). Never called for --help and --version (exit code 0):
/// - an unknown command or long option: typo_message's line;
/// - a missing positional: "floe validate: FILE is required; see 'floe validate --help'", and
///   no command: "floe: a command is required; see 'floe --help'";
/// - an argument too many: "floe fen: unexpected argument 'b.pgn'; see 'floe fen --help'" (an
///   unknown short option: "unknown option '-x'"; one before the command is the root's: "floe:
///   unknown option '-q'; see 'floe --help'");
/// - a bad value: "floe diagram: --to: \"png\" is not one of text, unicode, svg" (or the
///   words of floe's own check: "--variant: unknown variant \"chess960x\"; did you mean
///   \"Chess960\"?"), a number out of its range: "--size: \"5\" is not a number from 16 to
///   16384", a value that is no number: "--seed: \"x\" is not a whole number";
/// - an option without its value: "--max-errors needs a value", one given twice: "--game is
///   given 2 values; it takes 1", a value for a flag: "--strict takes no value";
/// - two options that exclude each other: "--ply and --all cannot be used together" (an old
///   spelling, hidden, named as it was typed: CLI11 names it "").
std::string parse_error_message(const CLI::App& app, const CLI::ParseError& error,
                                const std::vector<std::string>& args);

}  // namespace floe::cli
