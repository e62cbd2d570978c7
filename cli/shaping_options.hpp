#pragma once
// The options that shape the games a command writes through the PGN writer: --moves, --strip,
// --add-tags and --no-move-numbers, one implementation for every command that writes whole games
// (convert, select; docs/commands.md "Options common to commands").

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "formats/pgn_writer.hpp"

namespace floe::cli {

/// The shaping options as given.
struct ShapingOptions {
    formats::MoveNotation moves = formats::MoveNotation::San;  ///< --moves
    bool moves_given            = false;
    bool no_move_numbers        = false;       ///< --no-move-numbers
    std::vector<std::string> strip, add_tags;  ///< --strip and --add-tags words, as given

    /// True when any of them was given: the games then go through the PGN writer.
    bool given() const {
        return moves_given || no_move_numbers || !strip.empty() || !add_tags.empty();
    }
};

/// Adds --moves san|lan|uci|figurine (with the help line `moves_help`), --strip LIST,
/// --add-tags LIST and --no-move-numbers to `cmd`, bound to `options`.
void add_shaping_options(CLI::App& cmd, ShapingOptions& options, const std::string& moves_help);

/// The PGN writer's options from `options` (and convert's --fix-result, `fix_result`). Throws
/// UsageError naming a word of --strip or --add-tags that is not known, and the words known, and
/// when --strip, --add-tags or --no-move-numbers is given with JSON output (`json`): they shape
/// PGN.
formats::PgnOptions pgn_options(const ShapingOptions& options, bool fix_result, bool json);

}  // namespace floe::cli
