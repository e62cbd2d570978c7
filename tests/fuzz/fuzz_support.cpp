#include "fuzz_support.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "formats/diagram_model.hpp"
#include "formats/diagram_svg.hpp"
#include "formats/glacial_diagram.hpp"
#include "formats/glacial_pgn.hpp"
#include "formats/json_writer.hpp"
#include "formats/pgn_writer.hpp"
#include "formats/replay_page.hpp"
#include "rules/chess/variant.hpp"

namespace floe::fuzz {

void check(bool ok, const char* what, std::string_view detail) {
    if (ok) return;
    std::fprintf(stderr, "floe fuzz invariant violated: %s\n", what);
    if (!detail.empty())
        std::fprintf(stderr, "at: %.*s\n",
                     static_cast<int>(std::min<std::size_t>(detail.size(), 300)), detail.data());
    std::abort();
}

const char* game_name(Game game) {
    switch (game) {
        case Game::IceAge:
            return "Ice Age";
        case Game::IceAgeVchess:
            return "Ice Age vchess";
        case Game::Standard:
            return "Standard";
        case Game::Crazyhouse:
            return "Crazyhouse";
        case Game::GlacialShift:
            return "Glacial Shift";
    }
    return "?";
}

Choice choose(std::uint8_t byte) {
    Choice c;
    c.game = static_cast<Game>(byte % GameCount);
    // As cli/common.cpp: chess_variant() and glacial_variant() of the --variant name. Ice Age,
    // the default, is no --variant at all.
    switch (c.game) {
        case Game::IceAge:
            break;
        case Game::IceAgeVchess:
            c.options.variant = &rules::chess::ice_age_vchess_variant();
            break;
        case Game::Standard:
            c.options.variant = &rules::chess::standard_variant();
            break;
        case Game::Crazyhouse:
            c.options.variant = &rules::chess::crazyhouse_variant();
            break;
        case Game::GlacialShift:
            c.options.glacial = true;
            break;
    }
    const unsigned flags        = byte / GameCount;
    c.options.strict            = (flags & 1) != 0;
    c.options.allow_null_moves  = (flags & 2) != 0;
    c.fix_result                = (flags & 4) != 0;
    c.parse.glacial_default     = c.options.glacial;
    c.parse.encoding            = (flags & 8) ? rules::Encoding::Cp437 : rules::Encoding::Cp1252;
    c.parse.max_variation_depth = (flags & 16) ? 3 : 1000;
    return c;
}

Converted convert(std::string_view input, const Choice& choice, bool json) {
    Converted out;
    Choice c             = choice;
    c.options.keep_moves = true;  // cmd_convert: the writers need every line's moves
    formats::PgnOptions pgn;
    pgn.fix_result = c.fix_result;
    for_each_game(input, c, [&](const ReadGame& g) {
        out.failed.push_back(g.game.errors() > 0);
        if (json) {
            out.text +=
                formats::dump_line(formats::game_json("fuzz", g.record, g.game, pgn.fix_result));
            out.text += '\n';
            return;
        }
        if (out.games > 0) out.text += '\n';  // the blank line between games
        if (g.game.glacial)
            formats::write_glacial_pgn(out.text, g.record, g.game, pgn);
        else
            formats::write_pgn(out.text, g.record, g.game, pgn);
    });
    out.games = out.failed.size();
    return out;
}

bool select_first_game(std::string_view input, const Choice& choice, ReadGame& out) {
    parser::GameSource source(input, choice.parse);
    if (!source.next(out.text)) return false;
    parser::parse_game(out.text, out.record, choice.parse);
    formats::GameOptions options = choice.options;
    options.keep_positions       = true;  // select_game
    options.strict               = false;
    out.game                     = formats::replay_game(out.record, options);
    return true;
}

std::string diagram_svg(const ReadGame& g, std::size_t ply, bool flip, bool coordinates) {
    // As cli/cmd_diagram.cpp: the position after `ply`, marked with the ply that led to it.
    const formats::SvgOptions options{.flip = flip, .coordinates = coordinates, .size = 64};
    if (const auto& glacial = g.game.glacial) {
        if (!glacial->start) return {};
        const auto& r       = glacial->replay;
        const std::size_t k = std::min(ply, r.positions.size() - 1);
        std::optional<rules::glacial::Move> last;
        if (k > 0 && k <= r.plies.size()) last = r.plies[k - 1].move;
        return formats::render_svg(formats::make_glacial_diagram(r.positions[k], last), options);
    }
    if (!g.game.start) return {};
    const auto& r       = g.game.replay;
    const std::size_t k = std::min(ply, r.positions.size() - 1);
    std::optional<formats::ChessLastPly> last;
    if (k > 0 && k <= r.plies.size())
        last = formats::chess_last_ply(r.positions[k - 1], r.plies[k - 1].move);
    return formats::render_svg(formats::make_chess_diagram(r.positions[k], last), options);
}

std::string replay_page(const ReadGame& g) {
    if (g.game.glacial ? !g.game.glacial->start : !g.game.start) return {};  // cmd_replay
    return formats::make_replay_page(g.record, g.game);
}

}  // namespace floe::fuzz
