#pragma once
#include <CLI/CLI.hpp>

#include "cli/usage.hpp"

namespace floe::cli {
/// Registers `floe select [criteria] [--canonical | --to json | --moves N] [--count]
/// [--split-every N | --split-by TAG] [-o FILE|DIR] FILE...`: writes the games that meet every
/// criterion (play/selection.hpp), by default byte for byte as read, in input order; the
/// diagnostics of a selected game with errors go to standard error as validate prints them.
/// Exits 1 when a selected game has an error, 2 on a usage or I/O error. Sets `exit_code` when
/// run.
void setup_select(CLI::App& app, ExitCode& exit_code);
}  // namespace floe::cli
