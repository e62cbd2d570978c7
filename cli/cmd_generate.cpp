#include "cli/cmd_generate.hpp"

#include <iostream>
#include <memory>

#include "cli/deprecated_option.hpp"
#include "cli/output.hpp"
#include "cli/usage.hpp"
#include "cli/variant_option.hpp"
#include "formats/generate.hpp"
#include "rules/common/split_mix64.hpp"
#include "rules/glacial/random_game.hpp"
#include "rules/variants.hpp"

namespace floe::cli {

namespace {

struct GenerateOptions {
    std::string variant;
    int games          = 1;
    std::uint64_t seed = 0;
    int max_plies      = 200;
    std::string output;
    std::vector<std::string> steer;
};

// --steer names (rules/glacial/random_game.hpp feature_name), or `all`, as Feature bits.
// One random game of `variant`, by its engine, as PGN (`steer`: Glacial Shift's features).
std::string random_game(const rules::VariantEntry& variant, std::uint64_t seed, int round,
                        int max_plies, std::uint32_t steer) {
    switch (variant.engine) {
        case rules::Engine::Chess:
            return formats::random_game_pgn(*variant.chess, seed, round, max_plies);
        case rules::Engine::GlacialShift:
            return formats::random_glacial_game_pgn(seed, round, max_plies, steer);
    }
    return {};
}

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
    cmd->add_option("--count", o->games, "Number of games (default 1)")
        ->check(whole_number_from(0));
    deprecate(*cmd,
              cmd->add_option("--games", o->games, "Old spelling of --count")
                  ->check(whole_number_from(0)),
              "--count");
    cmd->add_option("--seed", o->seed, "Random seed: the same seed gives the same bytes");
    cmd->add_option("--max-plies", o->max_plies, "Longest game, in plies")
        ->check(whole_number_from(0))
        ->capture_default_str();
    add_output_option(*cmd, o->output);
    cmd->add_option("--steer", o->steer,
                    "Glacial Shift: steer each game towards these events (comma-separated): "
                    "drops, nests, promotions, refusals, out-of-turn, mates, bare-mates, or all")
        ->delimiter(',')
        ->transform(CLI::IsMember({"drops", "nests", "promotions", "refusals", "out-of-turn",
                                   "mates", "bare-mates", "all"},
                                  CLI::ignore_case));
    cmd->callback([o, &exit_code] {
        const rules::VariantEntry* named   = named_variant(o->variant);
        const rules::VariantEntry& variant = named ? *named : rules::default_variant();
        if (!o->steer.empty() && variant.engine != rules::Engine::GlacialShift)
            throw UsageError("--steer needs --variant \"Glacial Shift\"");
        const std::uint32_t steer = steer_bits(o->steer);
        Output output(o->output, {});
        std::ostream& out = output.stream();
        rules::SplitMix64 seeds(o->seed);  // one independent seed per game
        for (int i = 0; i < o->games; ++i) {
            if (i > 0) out << '\n';
            out << random_game(variant, seeds.next(), i + 1, o->max_plies, steer);
        }
        output.commit();
        exit_code = ExitCode::Ok;
    });
}

}  // namespace floe::cli
