#pragma once
#include <CLI/CLI.hpp>

#include "cli/usage.hpp"

namespace floe::cli {
/// Registers `floe diagram [--format text|unicode|svg] [--variant V] [--game N] [--ply N]
/// [--flip] [--no-coords] [--size PX] [-o FILE] (FILE | --fen FEN | --fen-file FILE)`: a board
/// diagram of a position, chess or Glacial Shift (a game of either; with --variant "Glacial
/// Shift", --fen and --fen-file take a position string, docs/rules/notation.md §6.8). Exit 1 when
/// the position is invalid or the main line fails before the ply, 2 on usage errors.
void setup_diagram(CLI::App& app, ExitCode& exit_code);

}  // namespace floe::cli
