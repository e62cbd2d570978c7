#pragma once
// The --variant option: checked against the variant table (rules/variants.hpp,
// docs/rules/notation.md §2), its help and the command's list of variants generated from that
// table, and the engine and chess variant it names. No list of names is written here.

#include <CLI/CLI.hpp>
#include <string>

#include "rules/chess/variant.hpp"
#include "rules/variants.hpp"

namespace floe::cli {

/// The games a command's --variant accepts: the chess variants, or also Glacial Shift (only
/// for the commands that have a Glacial Shift path).
enum class Games { Chess, ChessAndGlacial };

/// Adds `--variant V` bound to `name`, checked against the variant table (an unknown or, for
/// Games::Chess, a Glacial Shift name is refused by variant_check, a usage error), and the
/// table's list of variants as the command's help footer. Its help names the default variant
/// when the command has a --fen (a position) or no FILE (generate); with both --fen and a
/// FILE (diagram) it says both. Returns the option.
CLI::Option* add_variant_option(CLI::App& cmd, std::string& name, Games games = Games::Chess);

/// Adds `--variant V` as add_variant_option does, for a command that reads records: its help
/// says that without it a game without a Variant tag takes the variant its first plies give
/// (docs/rules/notation.md §2.7), not the default. Returns the option.
CLI::Option* add_record_variant_option(CLI::App& cmd, std::string& name, Games games);

/// What a command does without --variant, which its help says.
enum class VariantDefault {
    Position,   ///< a position given as text (moves, perft): the default variant
    Generated,  ///< generated games (generate): the default variant
    Records,    ///< records: each untagged game's first plies choose (docs/rules/notation.md §2.7)
    PositionOrRecords,  ///< a --fen position or a record FILE (diagram): one or the other
};

/// --variant's one-line help, generated from the variant table: what the command does without
/// the option (`use`), then every accepted name.
std::string variant_option_help(Games games, VariantDefault use);

/// The check of a --variant value: "" for a name or alias of an accepted variant, else the usage
/// error's words, with the nearest name or alias (its canonical name; "unknown variant
/// \"chess960x\"; did you mean \"Chess960\"?") or, when none is near, the accepted names.
std::string variant_check(const std::string& value, Games games);

/// The help footer of a command with --variant, generated from the variant table: each accepted
/// variant with its line of help and its aliases.
std::string variant_list_help(Games games);

/// The variant table's row that `name`, the value of --variant, names; nullptr when it is empty
/// (the option was not given).
const rules::VariantEntry* named_variant(const std::string& name);

/// The engine of the variant `name`, the value of --variant, names; chess when it is empty (the
/// option was not given: the default variant).
rules::Engine variant_engine(const std::string& name);

/// The chess variant named by `name`, the value of --variant; nullptr when it is empty (the
/// option was not given) or names Glacial Shift.
const rules::chess::Variant* chess_variant(const std::string& name);

}  // namespace floe::cli
