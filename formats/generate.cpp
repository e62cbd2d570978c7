#include "formats/generate.hpp"

#include <vector>

#include "formats/pgn_writer.hpp"
#include "notation/fen.hpp"
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

// White's back rank of Chess960 start array `n` (0-959), in Scharnagl's numbering (518 is the
// standard array): the bishops on light and dark squares, the queen, the knights, then the
// rooks either side of the king on the three squares left.
std::string chess960_back_rank(unsigned n) {
    std::string rank(8, ' ');
    rank[(n % 4) * 2 + 1] = 'B';  // b, d, f or h: a light square
    n /= 4;
    rank[(n % 4) * 2] = 'B';  // a, c, e or g: a dark square
    n /= 4;
    // The `k`-th square still empty.
    auto empty = [&rank](unsigned k) {
        for (std::size_t i = 0;; ++i)
            if (rank[i] == ' ' && k-- == 0) return i;
    };
    rank[empty(n % 6)] = 'Q';
    n /= 6;
    static constexpr unsigned Knights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                                {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
    const std::size_t first = empty(Knights[n][0]), second = empty(Knights[n][1]);
    rank[first] = rank[second] = 'N';
    for (const char piece : {'R', 'K', 'R'}) rank[empty(0)] = piece;
    return rank;
}

}  // namespace

std::string chess960_start_fen(unsigned n) {
    const std::string white = chess960_back_rank(n % 960);
    std::string black       = white;
    for (char& c : black) c = static_cast<char>(c - 'A' + 'a');
    return black + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w KQkq - 0 1";
}

namespace {

// The start of a generated game: a Chess960 array drawn with `rng`, or the variant's start.
chess::Position generated_start(const chess::Variant& variant, rules::SplitMix64& rng) {
    if (!variant.castling_960) return chess::Position::start(variant);
    return *parse_fen(variant, chess960_start_fen(rng.below(960))).position;
}

}  // namespace

std::string random_game_pgn(const chess::Variant& variant, std::uint64_t seed, int round,
                            int max_plies) {
    rules::SplitMix64 rng(seed);
    const chess::Position start          = generated_start(variant, rng);
    const std::vector<chess::Move> moves = chess::random_game(start, rng, max_plies);
    chess::Position end                  = start;
    for (const chess::Move& m : moves) end.play(m);

    const std::string tags = "[Event \"floe generate\"]\n[Round \"" + std::to_string(round) +
                             "\"]\n[Variant \"" + std::string(variant.name) + "\"]\n";
    const rules::GameRecord record = tags_only(tags);
    GameSetup setup;
    setup.start = ChessStart{&variant, start};
    std::string out;
    PgnGame game{out, {}, chess::forced_result(end.outcome())};
    game.options.add_fen = variant.castling_960;  // SetUp and FEN name the array drawn
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
    setup.start = GlacialStart{start};
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
