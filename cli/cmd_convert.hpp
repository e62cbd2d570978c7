#pragma once
#include <CLI/CLI.hpp>

#include "cli/usage.hpp"

namespace floe::cli {
/// Registers `floe convert [--to pgn|json] [--moves san|lan|uci|figurine] [--variant V]
/// [--strict] [--allow-null-moves] [--fix-result] [-o FILE] FILE...`: writes every game in the
/// canonical PGN of docs/rules/notation.md §7, or as JSON Lines, and reports diagnostics like
/// validate. Sets `exit_code` when run.
void setup_convert(CLI::App& app, ExitCode& exit_code);
}  // namespace floe::cli
