#pragma once
// The options that say how the games of a record file are replayed: --variant (cli/variant_option),
// --allow-null-moves, --encoding and --max-game-bytes, turned into the formats' GameOptions once
// for every command.

#include <CLI/CLI.hpp>
#include <cstddef>
#include <string>

#include "play/replay_game.hpp"
#include "rules/encoding.hpp"

namespace floe::cli {

/// `--allow-null-moves`, bound to `allow`: null moves `--` accepted in the main line too
/// (docs/rules/notation.md §1.8). Returns the option.
CLI::Option* add_null_moves_option(CLI::App& cmd, bool& allow);

/// How the games of a record file are replayed under --variant `variant` (empty: not given),
/// --allow-null-moves (when `allow_null_moves`), --encoding `encoding` and --max-game-bytes
/// `max_game_bytes`; the other options at their defaults. Reports nothing: `variant` was checked
/// by add_variant_option.
formats::GameOptions replay_options(const std::string& variant, bool allow_null_moves,
                                    rules::Encoding encoding, std::size_t max_game_bytes);

}  // namespace floe::cli
