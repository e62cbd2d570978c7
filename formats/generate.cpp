#include "formats/generate.hpp"

#include <vector>

#include "formats/pgn_writer.hpp"
#include "rules/chess/random_game.hpp"
#include "rules/glacial/random_game.hpp"

namespace floe::formats {

namespace {

namespace chess   = rules::chess;
namespace glacial = rules::glacial;

// A record of nothing but a tag section, for the writer to take its tags from.
rules::GameRecord tags_only(const std::string& text) {
    rules::GameRecord record;
    record.text        = text;
    record.source.text = text;
    return record;
}

}  // namespace

std::string random_game_pgn(const chess::Variant& variant, std::uint64_t seed, int round,
                            int max_plies) {
    rules::SplitMix64 rng(seed);
    const chess::Position start          = chess::Position::start(variant);
    const std::vector<chess::Move> moves = chess::random_game(start, rng, max_plies);
    chess::Position end                  = start;
    for (const chess::Move& m : moves) end.play(m);

    const std::string tags = "[Event \"floe generate\"]\n[Round \"" + std::to_string(round) +
                             "\"]\n[Variant \"" + std::string(variant.name) + "\"]\n";
    const rules::GameRecord record = tags_only(tags);
    GameSetup setup;
    setup.variant     = &variant;
    setup.chess_start = start;
    std::string out;
    PgnGame game{out, {}, chess::forced_result(end.outcome())};
    PgnWriter<chess::Game> writer(record, setup, game);
    writer.start(start, {});
    chess::Position pos = start;
    for (const chess::Move& m : moves) {
        const chess::Position before   = pos;
        const chess::IceAgeEvent event = pos.play(m);
        writer.move(before, m, pos, event);
        writer.events(event);
    }
    writer.end();
    return out;
}

std::string random_glacial_game_pgn(std::uint64_t seed, int round, int max_plies,
                                    std::uint32_t steer, int attempts) {
    rules::SplitMix64 seeds(seed);
    std::vector<glacial::Move> plies;
    const glacial::Position start = glacial::Position::start();
    for (int attempt = 0; attempt < (steer ? attempts : 1); ++attempt) {
        rules::SplitMix64 rng(steer ? seeds.next() : seed);
        std::uint32_t seen = 0;
        plies              = glacial::random_game(start, rng, max_plies, steer, &seen);
        if (!steer) break;
        glacial::Position end = start;
        glacial::History history;
        history.push(end.board_hash());
        for (const auto& m : plies) {
            end.play(m);
            history.push(end.board_hash());
            end.resolve_mates(history);
        }
        if ((seen & steer) == steer && end.game_over()) break;
    }
    // The plies once more, each with the mates it triggers, for the writer.
    glacial::Position pos = start;
    glacial::History history;
    history.push(pos.board_hash());
    const glacial::MateEvents start_mates = pos.resolve_mates(history);
    const glacial::Position first         = pos;  // the start, after its mates
    std::vector<std::pair<glacial::Position, glacial::MateEvents>> after;
    after.reserve(plies.size());
    for (const auto& m : plies) {
        pos.play(m);
        history.push(pos.board_hash());
        const glacial::MateEvents mates = pos.resolve_mates(history);
        after.emplace_back(pos, mates);
    }

    const std::string tags =
        "[Event \"floe generate\"]\n[Round \"" + std::to_string(round) + "\"]\n";
    const rules::GameRecord record = tags_only(tags);
    GameSetup setup;
    setup.glacial       = true;
    setup.glacial_start = start;
    std::string out;
    PgnGame game{out, {}, glacial::forced_result(pos)};
    PgnWriter<glacial::Game> writer(record, setup, game);
    glacial::Position before = first;
    writer.start(start, start_mates);
    for (std::size_t i = 0; i < plies.size(); ++i) {
        writer.move(before, plies[i], after[i].first, after[i].second);
        writer.events(after[i].second);
        before = after[i].first;
    }
    writer.end();
    return out;
}

}  // namespace floe::formats
