#pragma once
#include <CLI/CLI.hpp>

namespace floe::cli {
/// Registers `floe validate [--variant V] [--strict] [--json] [--allow-null-moves] FILE...`:
/// replays every game and reports diagnostics (docs/rules/notation.md §8), setting `exit_code`.
void setup_validate(CLI::App& app, int& exit_code);
}  // namespace floe::cli
