#pragma once
// `--moves san|lan|uci|figurine`: the move notation a command writes (convert, select).

#include <CLI/CLI.hpp>
#include <string>

#include "formats/pgn_writer.hpp"

namespace floe::cli {

/// Adds `--moves san|lan|uci|figurine` (any letter case) bound to `moves`, with the help line
/// `help`. Returns the option.
CLI::Option* add_moves_option(CLI::App& cmd, formats::MoveNotation& moves, const std::string& help);

}  // namespace floe::cli
