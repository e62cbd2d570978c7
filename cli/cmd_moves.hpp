#pragma once
#include <CLI/CLI.hpp>

#include "cli/usage.hpp"

namespace floe::cli {
/// Registers `floe moves [--variant V] (FEN | --fen FEN | --fen-file FILE)`: the legal moves in
/// canonical SAN, one per line, sorted by their UCI form (docs/rules/notation.md §9.3). With
/// `--variant "Glacial Shift"` the position is a Glacial Shift position string and the plies
/// of the seat to move are printed in canonical notation without seat (`y1e3-e4`, `g1@d4`),
/// sorted in byte order.
void setup_moves(CLI::App& app, ExitCode& exit_code);

/// Registers `floe perft [--variant V] [--divide] (FEN DEPTH | --fen FEN DEPTH | --fen-file F
/// DEPTH)`: the number of leaves of the legal move tree; with --divide one `move: count` line
/// per legal move (in UCI, to compare with engines) first. The count is the last line.
/// Glacial Shift follows docs/rules/notation.md §9.4: the path is a game (repetition ban along it,
/// root the only earlier board), mates are carried out after each ply and are not plies, a
/// finished game counts 0 below it, and a mate due at the root comes first; --divide names plies in
/// canonical notation without seat.
void setup_perft(CLI::App& app, ExitCode& exit_code);
}  // namespace floe::cli
