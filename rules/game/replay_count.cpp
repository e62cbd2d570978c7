#include "rules/game/replay_count.hpp"

#include <atomic>

namespace floe::rules {

namespace {
std::atomic<std::uint64_t> runs{0};
}  // namespace

std::uint64_t replays_run() { return runs.load(std::memory_order_relaxed); }

void count_replay() { runs.fetch_add(1, std::memory_order_relaxed); }

}  // namespace floe::rules
