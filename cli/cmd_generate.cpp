#include "cli/cmd_generate.hpp"

#include <fstream>
#include <iostream>
#include <memory>

#include "cli/common.hpp"
#include "formats/pgn_writer.hpp"
#include "formats/san.hpp"
#include "parser/parse_record.hpp"
#include "rules/chess/random_game.hpp"
#include "rules/chess/replay.hpp"

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

// One random game as PGN text with SAN moves; the canonical writer lays it out.
std::string game_text(const chess::Variant& variant, std::uint64_t seed, int round, int max_plies) {
    chess::SplitMix64 rng(seed);
    const chess::Position start = chess::Position::start(variant);
    const auto moves            = chess::random_game(start, rng, max_plies);
    chess::Position pos         = start;
    std::string movetext;
    for (const chess::Move& m : moves) {
        if (pos.side_to_move() == chess::Color::White)
            movetext += std::to_string(pos.fullmove_number()) + ". ";
        formats::append_san(movetext, pos, m);
        movetext += ' ';
        pos.play(m);
    }
    const std::string result = chess::forced_result(pos.outcome());
    std::string text         = "[Event \"floe generate\"]\n[Round \"" + std::to_string(round) +
                       "\"]\n[Result \"" + result + "\"]\n[Variant \"" + std::string(variant.name) +
                       "\"]\n\n";
    return text + movetext + result + "\n";
}

}  // namespace

void setup_generate(CLI::App& app, int& exit_code) {
    auto o        = std::make_shared<GenerateOptions>();
    CLI::App* cmd = app.add_subcommand("generate", "Write random legal games as canonical PGN");
    add_variant_option(*cmd, o->variant);
    cmd->add_option("--games", o->games, "Number of games")->check(CLI::NonNegativeNumber);
    cmd->add_option("--seed", o->seed, "Random seed: the same seed gives the same bytes");
    cmd->add_option("--max-plies", o->max_plies, "Longest game, in plies")
        ->check(CLI::NonNegativeNumber)
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
        formats::GameOptions game_options;
        game_options.keep_moves = true;
        chess::SplitMix64 seeds(o->seed);  // one independent seed per game
        std::string buffer;
        for (int i = 0; i < o->games; ++i) {
            const std::string text = game_text(*variant, seeds.next(), i + 1, o->max_plies);
            parser::RecordReader reader(text);
            rules::GameRecord record;
            reader.next(record);
            buffer.clear();
            if (i > 0) buffer += '\n';
            formats::write_pgn(buffer, record, formats::replay_game(record, game_options), {});
            out << buffer;
        }
        out.flush();
        exit_code = out ? ExitOk : ExitUsage;
    });
}

}  // namespace floe::cli
