#pragma once
// How many replays the driver (rules/game/replay.hpp) ran in this process, over all threads: a
// test hook, so that a test can check that a command replays each game once. With the
// environment variable FLOE_COUNT_REPLAYS set, floe prints the count at exit (cli/main.cpp).

#include <cstdint>

namespace floe::rules {

/// The replays run so far (relaxed: a count, ordering nothing).
std::uint64_t replays_run();

/// One more replay (the driver calls it once per run).
void count_replay();

}  // namespace floe::rules
