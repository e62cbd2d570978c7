#pragma once
#include <CLI/CLI.hpp>

#include "cli/usage.hpp"

namespace floe::cli {
/// Registers `floe validate [--variant V] [--strict] [--json] [--allow-null-moves] FILE...`:
/// replays every game and reports diagnostics (docs/rules/notation.md §8). Sets `exit_code` when
/// run.
void setup_validate(CLI::App& app, ExitCode& exit_code);
}  // namespace floe::cli
