#pragma once
#include <CLI/CLI.hpp>

#include "cli/usage.hpp"

namespace floe::cli {
/// Registers `floe generate [--variant V] [--games N] [--seed S] [--max-plies P] [-o FILE]`:
/// writes N random legal games as canonical PGN, the same bytes for the same arguments on
/// every machine. Sets `exit_code` when run.
void setup_generate(CLI::App& app, ExitCode& exit_code);
}  // namespace floe::cli
