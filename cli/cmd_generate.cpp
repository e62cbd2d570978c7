#include "cli/cmd_generate.hpp"

#include <iostream>
#include <memory>

#include "cli/output.hpp"
#include "cli/usage.hpp"
#include "cli/variant_option.hpp"
#include "formats/generate.hpp"
#include "rules/common/split_mix64.hpp"
#include "rules/glacial/random_game.hpp"
#include "rules/variants.hpp"

namespace floe::cli {

namespace {

namespace chess = rules::chess;

struct GenerateOptions {
    std::string variant;
    int games          = 1;
    std::uint64_t seed = 0;
    int max_plies      = 200;
    std::string output;
    std::vector<std::string> steer;
};

// --steer names (rules/glacial/random_game.hpp feature_name), or `all`, as Feature bits.
std::uint32_t steer_bits(const std::vector<std::string>& names) {
    std::uint32_t bits = 0;
    for (const std::string& name : names) {
        if (name == "all") bits |= rules::glacial::FeatureAll;
        for (int bit = 0; bit < 7; ++bit)
            if (rules::glacial::feature_name(bit) == name) bits |= 1u << bit;
    }
    return bits;
}

}  // namespace

void setup_generate(CLI::App& app, ExitCode& exit_code) {
    auto o        = std::make_shared<GenerateOptions>();
    CLI::App* cmd = app.add_subcommand("generate", "Write random legal games as canonical PGN");
    add_variant_option(*cmd, o->variant, Games::ChessAndGlacial);
    cmd->add_option("--games", o->games, "Number of games")->check(whole_number_from(0));
    cmd->add_option("--seed", o->seed, "Random seed: the same seed gives the same bytes");
    cmd->add_option("--max-plies", o->max_plies, "Longest game, in plies")
        ->check(whole_number_from(0))
        ->capture_default_str();
    add_output_option(*cmd, o->output);
    cmd->add_option("--steer", o->steer,
                    "Glacial Shift: steer each game towards these events (comma-separated): "
                    "drops, nests, promotions, refusals, out-of-turn, mates, bare-mates, or all")
        ->delimiter(',')
        ->check(CLI::IsMember({"drops", "nests", "promotions", "refusals", "out-of-turn", "mates",
                               "bare-mates", "all"}));
    cmd->callback([o, &exit_code] {
        if (!o->steer.empty() && !glacial_variant(o->variant))
            throw UsageError("--steer needs --variant \"Glacial Shift\"");
        const chess::Variant* variant = chess_variant(o->variant);
        if (!variant) variant = rules::default_variant().chess;
        Output output(o->output, {});
        std::ostream& out = output.stream();
        rules::SplitMix64 seeds(o->seed);  // one independent seed per game
        for (int i = 0; i < o->games; ++i) {
            if (i > 0) out << '\n';
            if (glacial_variant(o->variant))
                out << formats::random_glacial_game_pgn(seeds.next(), i + 1, o->max_plies,
                                                        steer_bits(o->steer));
            else
                out << formats::random_game_pgn(*variant, seeds.next(), i + 1, o->max_plies);
        }
        output.commit();
        exit_code = ExitCode::Ok;
    });
}

}  // namespace floe::cli
