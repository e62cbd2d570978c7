#include "fuzz_support.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "formats/diagram_chess.hpp"
#include "formats/diagram_glacial.hpp"
#include "formats/diagram_svg.hpp"
#include "formats/json_writer.hpp"
#include "formats/main_line.hpp"
#include "formats/pgn_writer.hpp"
#include "formats/replay_page.hpp"
#include "formats/text_out.hpp"
#include "rules/chess/variant.hpp"
#include "rules/variants.hpp"

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
    // As cli/replay_options.cpp: the variant table's row of the --variant name.
    // Ice Age, the default, is no --variant at all.
    switch (c.game) {
        case Game::IceAge:
            break;
        case Game::IceAgeVchess:
            c.options.variant = &rules::variant_entry(rules::chess::ice_age_vchess_variant());
            break;
        case Game::Standard:
            c.options.variant = &rules::variant_entry(rules::chess::standard_variant());
            break;
        case Game::Crazyhouse:
            c.options.variant = &rules::variant_entry(rules::chess::crazyhouse_variant());
            break;
        case Game::GlacialShift:
            c.options.variant = &rules::engine_variant(rules::Engine::GlacialShift);
            break;
    }
    const unsigned flags        = byte / GameCount;
    c.options.strict            = (flags & 1) != 0;
    c.options.allow_null_moves  = (flags & 2) != 0;
    c.fix_result                = (flags & 4) != 0;
    c.parse.untagged_variant    = c.options.variant;
    c.parse.encoding            = (flags & 8) ? rules::Encoding::Cp437 : rules::Encoding::Cp1252;
    c.parse.max_variation_depth = (flags & 16) ? 3 : 1000;
    c.options.parse             = c.parse;
    return c;
}

parser::test::Outline read_game(const parser::GameText& text, const parser::ParseOptions& options) {
    rules::GameRecord record;
    rules::DiagnosticLog log;
    parser::open_game(text, record, log, options);
    return parser::test::outline(record, std::move(log), options);
}

void for_each_game(std::string_view input, const Choice& choice,
                   const std::function<void(const ReadGame&)>& visit) {
    parser::GameSource source(input, choice.parse);
    ReadGame g;
    g.options = choice.options;
    std::string positions;
    while (source.next(g.text)) {
        g.log = {};
        parser::open_game(g.text, g.record, g.log, choice.parse);
        positions.clear();
        g.game = formats::replay_game<formats::MainLinePositions>(g.record, g.options, g.log,
                                                                  formats::TextOut(positions));
        g.positions.clear();
        for (std::size_t b = 0; b < positions.size();) {
            const std::size_t e = positions.find('\n', b);
            check(e != std::string::npos, "fen --all: every position string ends its line");
            g.positions.push_back(positions.substr(b, e - b));
            b = e + 1;
        }
        visit(static_cast<const ReadGame&>(g));
    }
}

Converted convert(std::string_view input, const Choice& choice, bool json) {
    // As cli/cmd_convert.cpp: a game of an unknown variant is passed through as written.
    formats::GameOptions options = choice.options;
    options.pass_through         = true;
    formats::PgnOptions pgn;
    pgn.fix_result = choice.fix_result;
    Converted out;
    parser::GameSource source(input, choice.parse);
    parser::GameText text;
    rules::GameRecord record;
    while (source.next(text)) {
        rules::DiagnosticLog log;
        parser::open_game(text, record, log, choice.parse);
        if (!json && !out.failed.empty()) out.text += '\n';  // the blank line between games
        const formats::TextOut to(out.text);
        const formats::ReplayedGame game =
            json ? formats::write_game_json(to, "fuzz", record, options, pgn.fix_result,
                                            std::move(log), nullptr)
                 : formats::write_pgn(to, record, options, pgn, std::move(log));
        out.failed.push_back(game.errors() > 0);
    }
    out.games = out.failed.size();
    return out;
}

bool select_first_game(std::string_view input, const Choice& choice, ReadGame& out) {
    parser::GameSource source(input, choice.parse);
    if (!source.next(out.text)) return false;
    out.log = {};
    parser::open_game(out.text, out.record, out.log, choice.parse);
    out.options        = choice.options;
    out.options.strict = false;  // select_game
    out.game           = formats::replay_game<formats::NoVisitor>(out.record, out.options, out.log);
    return true;
}

std::string diagram_svg(const ReadGame& g, std::size_t ply, bool flip, bool coordinates) {
    // As cli/cmd_diagram.cpp: the position after `ply`, marked with the ply that led to it; the
    // last one reached when the main line is shorter.
    const formats::SvgOptions options{.flip = flip, .coordinates = coordinates, .size = 64};
    for (const int at : {static_cast<int>(ply), -1}) {
        formats::PlyAt<rules::chess::Game> chess;
        formats::PlyAt<rules::glacial::Game> glacial;
        chess.ply = glacial.ply = at;
        const formats::ReplayedGame game =
            formats::replay_game<formats::MainLinePly>(g.record, g.options, g.log, chess, glacial);
        if (!game.setup.playable()) return {};
        if (glacial.position)
            return formats::render_svg(
                formats::make_glacial_diagram(*glacial.position, glacial.move), options);
        if (chess.position) {
            std::optional<formats::ChessLastPly> last;
            if (chess.move) last = formats::ChessLastPly{*chess.move, chess.events};
            return formats::render_svg(formats::make_chess_diagram(*chess.position, last), options);
        }
    }
    return {};
}

std::string replay_page(const ReadGame& g) {
    std::ostringstream page;
    const formats::ReplayedGame game =
        formats::write_replay_page(page, g.record, g.options, g.log, nullptr);
    if (!game.setup.playable()) return {};  // cmd_replay: no page
    return page.str();
}

}  // namespace floe::fuzz
