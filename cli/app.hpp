#pragma once
// The floe command line: registers the subcommands and runs the chosen one.

namespace floe::cli {

/// Parses the arguments and runs one subcommand. Returns the process exit code of
/// docs/rules/notation.md §9.5: 0 valid (or warnings only), 1 invalid input, 2 usage or I/O error.
int run(int argc, char** argv);

}  // namespace floe::cli
