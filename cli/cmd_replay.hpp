#pragma once
#include <CLI/CLI.hpp>

#include "cli/usage.hpp"

namespace floe::cli {
/// Registers `floe replay [--variant V] [--game N] [-o FILE] FILE`: one self-contained HTML page
/// that replays a game's main line (formats/replay_page.hpp).
void setup_replay(CLI::App& app, ExitCode& exit_code);
}  // namespace floe::cli
