#pragma once
#include <CLI/CLI.hpp>

namespace floe::cli {
/// Registers `floe moves [--variant V] (FEN | --fen FEN | --fen-file FILE)`: the legal moves in
/// canonical SAN, one per line, sorted by their UCI form (notation.md §9).
void setup_moves(CLI::App& app, int& exit_code);

/// Registers `floe perft [--variant V] [--divide] (FEN DEPTH | --fen FEN DEPTH | --fen-file F
/// DEPTH)`: the number of leaves of the legal move tree; with --divide one `move: count` line
/// per legal move (in UCI, to compare with engines) first. The count is the last line.
void setup_perft(CLI::App& app, int& exit_code);
}  // namespace floe::cli
