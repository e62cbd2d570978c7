#include "formats/generate.hpp"

#include "formats/pgn_writer.hpp"
#include "rules/chess/random_game.hpp"
#include "rules/chess/replay.hpp"

namespace floe::formats {

namespace chess = rules::chess;

std::string random_game_pgn(const chess::Variant& variant, std::uint64_t seed, int round,
                            int max_plies) {
    chess::SplitMix64 rng(seed);
    const chess::Position start          = chess::Position::start(variant);
    const std::vector<chess::Move> moves = chess::random_game(start, rng, max_plies);

    // The game as a record and its replay, built directly from the moves, so that the
    // canonical writer lays it out exactly as `convert` would.
    ReplayedGame game;
    game.variant = &variant;
    game.start   = start;
    game.replay.line_moves.resize(1);
    game.replay.line_stops.resize(1);
    rules::GameRecord record;
    record.lines.resize(1);
    chess::Position pos = start;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        record.lines[0].elements.push_back(rules::Element{rules::ElementKind::Move, 0, {}, {}, 0});
        game.replay.line_moves[0].push_back(
            chess::LineMove{static_cast<std::uint32_t>(i), moves[i]});
        pos.play(moves[i]);
    }
    game.replay.outcome      = pos.outcome();
    const std::string result = chess::forced_result(game.replay.outcome);
    record.termination       = result;
    record.tags              = {{"Event", "floe generate", {}, {}},
                                {"Round", std::to_string(round), {}, {}},
                                {"Variant", std::string(variant.name), {}, {}}};
    std::string out;
    write_pgn(out, record, game, {});
    return out;
}

}  // namespace floe::formats
