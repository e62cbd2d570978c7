#pragma once
// How a run of floe ends: its exit code, the usage errors that end it with code 2, and the
// checks of option values that CLI11 reports as usage errors.

#include <CLI/CLI.hpp>
#include <stdexcept>

namespace floe::cli {

/// Process exit codes (docs/rules/notation.md §9). When files mix outcomes, the highest wins: the
/// values are ordered, so std::max picks it.
enum class ExitCode : int {
    Ok      = 0,  ///< all valid, or warnings only
    Invalid = 1,  ///< a record or position is invalid (or, under --strict, has warnings)
    Usage   = 2,  ///< usage, option or I/O error
};

/// Thrown by a subcommand to end with a usage or I/O error; main prints it and exits 2.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// A CLI11 check that the value is a whole number at least `minimum`; its message names the
/// rule ("\"x\" is not a whole number from 1") instead of CLI11's numeric range.
CLI::Validator whole_number_from(long long minimum);

/// Checks a --game value: a game number, from 1 ("\"0\" is not a game number: they start at 1"
/// for 0; issue 25: CLI11's PositiveNumber named the smallest double instead).
CLI::Validator game_number();

}  // namespace floe::cli
