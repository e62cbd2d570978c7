// The validation benchmark (a program, never a timed test): reads the record file given on the
// command line, validates it repeatedly until 2 s have passed, five times, and prints the
// median throughput in MB/s (10^6 bytes) and plies/s.
//
//   build/tests/bench/floe_bench FILE [--variant NAME]

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "parser/parse_record.hpp"
#include "play/replay_game.hpp"
#include "rules/variants.hpp"

namespace {

struct Pass {
    long long plies = 0;
    int games       = 0;
    int errors      = 0;
};

Pass validate_once(const std::string& text, const floe::formats::GameOptions& options) {
    Pass pass;
    floe::parser::RecordReader reader(text);
    floe::rules::GameRecord record;
    floe::rules::DiagnosticLog log;
    while (reader.next(record, log)) {
        const auto game =
            floe::formats::replay_game<floe::formats::NoVisitor>(record, options, std::move(log));
        log = {};
        ++pass.games;
        pass.plies += static_cast<long long>(game.plies());
        pass.errors += game.errors();
    }
    return pass;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: floe_bench FILE [--variant NAME]\n");
        return 2;
    }
    std::ifstream in(argv[1], std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "floe_bench: cannot open %s\n", argv[1]);
        return 2;
    }
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    floe::formats::GameOptions options;
    if (argc >= 4 && std::string(argv[2]) == "--variant") {
        const floe::rules::VariantEntry* entry = floe::rules::find_variant(argv[3]);
        options.variant                        = entry && entry->chess ? entry : nullptr;
        if (!options.variant) {
            std::fprintf(stderr, "floe_bench: unknown variant %s\n", argv[3]);
            return 2;
        }
    }

    using Clock = std::chrono::steady_clock;
    std::vector<double> mb_per_s, plies_per_s;
    Pass last;
    for (int run = 0; run < 5; ++run) {
        const auto start = Clock::now();
        long long bytes = 0, plies = 0;
        double seconds = 0;
        do {
            last = validate_once(text, options);
            bytes += static_cast<long long>(text.size());
            plies += last.plies;
            seconds = std::chrono::duration<double>(Clock::now() - start).count();
        } while (seconds < 2.0);
        mb_per_s.push_back(static_cast<double>(bytes) / 1e6 / seconds);
        plies_per_s.push_back(static_cast<double>(plies) / seconds);
    }
    std::sort(mb_per_s.begin(), mb_per_s.end());
    std::sort(plies_per_s.begin(), plies_per_s.end());
    std::printf("file: %s (%zu bytes, %d games, %lld plies, %d errors)\n", argv[1], text.size(),
                last.games, last.plies, last.errors);
    std::printf("validate: %.1f MB/s, %.0f plies/s (median of 5 runs of >= 2 s)\n", mb_per_s[2],
                plies_per_s[2]);
    return 0;
}
