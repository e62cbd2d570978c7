#pragma once
#include <CLI/CLI.hpp>

namespace floe::cli {
/// Registers `floe diagram --format text [--variant V] [--game N] [--ply N] [--flip]
/// (FILE | --fen FEN | --fen-file FILE)`: a board diagram of a position.
void setup_diagram(CLI::App& app, int& exit_code);
}  // namespace floe::cli
