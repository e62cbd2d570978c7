#include "formats/glacial_game.hpp"

#include <algorithm>

#include "formats/glacial_position.hpp"

namespace floe::formats {

namespace glacial = rules::glacial;

GlacialGame replay_glacial_game(const rules::GameRecord& record, bool keep_positions,
                                bool keep_moves, std::vector<rules::Diagnostic>& diagnostics) {
    GlacialGame game;
    const rules::TagPair* fen_tag = nullptr;
    for (const auto& t : record.tags)
        if (t.name == "FEN" && !fen_tag) fen_tag = &t;
    if (fen_tag) {
        if (!record.tag("SetUp"))
            diagnostics.push_back(rules::make_warning(
                rules::DiagCode::FenWithoutSetUp, fen_tag->span, "FEN tag without [SetUp \"1\"]"));
        GlacialPositionResult parsed = parse_glacial_position(fen_tag->value);
        for (rules::Diagnostic d : parsed.diagnostics) {
            // Offsets into the value become offsets into the game's text, kept inside the tag.
            const std::uint32_t base = fen_tag->value_span.begin, end = fen_tag->value_span.end;
            d.span.begin = std::min(base + d.span.begin, end);
            d.span.end   = std::min(base + d.span.end, end);
            if (d.span.end <= d.span.begin)
                d.span.end = std::min(d.span.begin + 1, fen_tag->span.end);
            d.message = "FEN tag: " + d.message;
            diagnostics.push_back(std::move(d));
        }
        if (!parsed.position) return game;
        game.start = *parsed.position;
    } else {
        game.start = glacial::Position::start();
    }
    glacial::ReplayOptions options;
    options.keep_positions = keep_positions;
    options.keep_moves     = keep_moves;
    options.name_move      = make_glacial_move;
    game.replay            = glacial::replay(record, *game.start, options);
    for (std::size_t i = 0; i < game.replay.diagnostics.size(); ++i) {
        rules::Diagnostic d = std::move(game.replay.diagnostics[i]);
        if (const auto& before = game.replay.positions_before[i])
            d.fen = make_glacial_position(*before);
        diagnostics.push_back(std::move(d));
    }
    game.replay.diagnostics.clear();
    game.replay.positions_before.clear();
    return game;
}

}  // namespace floe::formats
