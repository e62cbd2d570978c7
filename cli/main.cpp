#include <cstdio>
#include <cstdlib>

#include "cli/app.hpp"
#include "rules/game/replay_count.hpp"

int main(int argc, char** argv) {
    const int code = floe::cli::run(argc, argv);
    // A test hook (docs/architecture.md): how many replays the run made, to check that each
    // command replays each game once (tests/cli/replay_count_test.cpp).
    if (std::getenv("FLOE_COUNT_REPLAYS"))
        std::fprintf(stderr, "floe: replays: %llu\n",
                     static_cast<unsigned long long>(floe::rules::replays_run()));
    return code;
}
