#include "cli/cmd_generate.hpp"

#include <fstream>
#include <iostream>
#include <memory>

#include "cli/common.hpp"
#include "formats/generate.hpp"
#include "rules/chess/random_game.hpp"

namespace floe::cli {

namespace {

namespace chess = rules::chess;

struct GenerateOptions {
    std::string variant;
    int games          = 1;
    std::uint64_t seed = 0;
    int max_plies      = 200;
    std::string output;
};

}  // namespace

void setup_generate(CLI::App& app, int& exit_code) {
    auto o        = std::make_shared<GenerateOptions>();
    CLI::App* cmd = app.add_subcommand("generate", "Write random legal games as canonical PGN");
    add_variant_option(*cmd, o->variant);
    cmd->add_option("--games", o->games, "Number of games")->check(whole_number_from(0));
    cmd->add_option("--seed", o->seed, "Random seed: the same seed gives the same bytes");
    cmd->add_option("--max-plies", o->max_plies, "Longest game, in plies")
        ->check(whole_number_from(0))
        ->capture_default_str();
    cmd->add_option("-o,--output", o->output, "Write to FILE instead of standard output");
    cmd->callback([o, &exit_code] {
        const chess::Variant* variant = chess_variant(o->variant);
        if (!variant) variant = &chess::ice_age_variant();
        std::ofstream file;
        if (!o->output.empty()) {
            file.open(o->output, std::ios::binary);
            if (!file) throw UsageError("cannot write " + o->output);
        }
        std::ostream& out = o->output.empty() ? std::cout : file;
        chess::SplitMix64 seeds(o->seed);  // one independent seed per game
        for (int i = 0; i < o->games; ++i) {
            if (i > 0) out << '\n';
            out << formats::random_game_pgn(*variant, seeds.next(), i + 1, o->max_plies);
        }
        out.flush();
        exit_code = out ? ExitOk : ExitUsage;
    });
}

}  // namespace floe::cli
