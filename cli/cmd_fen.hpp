#pragma once
#include <CLI/CLI.hpp>

#include "cli/usage.hpp"

namespace floe::cli {
/// Registers `floe fen [--variant V] [--game N] [--ply N | --all] [--allow-null-moves]
/// [--jobs N] FILE`: the FEN after a ply of a record's main line (0 = the start; default: the
/// last position), or every ply's FEN.
void setup_fen(CLI::App& app, ExitCode& exit_code);
}  // namespace floe::cli
