#pragma once
// What the libFuzzer targets of tests/fuzz share: the choice of game and options from an input's
// first byte, small adapters that make the same library calls as the CLI's subcommands (so that
// the targets follow them when the pipeline changes: adapt these, not the targets), and the
// invariant checks. Only the public library API is called: parser/parse_record.hpp, formats/,
// and rules/ for move tokens and positions.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "parser/parse_record.hpp"
#include "parser/read_games.hpp"
#include "play/replay_game.hpp"
#include "rules/record.hpp"

namespace floe::fuzz {

/// Aborts with `what` (and `detail`, the text at fault) on standard error unless `ok`: an abort
/// is a finding, as a sanitizer's report is.
void check(bool ok, const char* what, std::string_view detail = {});

/// The games floe plays, each as the CLI's --variant selects it.
enum class Game : std::uint8_t { IceAge, IceAgeVchess, Standard, Crazyhouse, GlacialShift };
constexpr int GameCount = 5;
const char* game_name(Game game);

/// A game and the options of a run, chosen by one byte: the game from byte % 5, then
/// --strict, --allow-null-moves and --fix-result from its high bits.
struct Choice {
    Game game = Game::IceAge;
    formats::GameOptions options;  ///< as the subcommands fill them from --variant …
    parser::ParseOptions parse;    ///< untagged_variant from --variant
    bool fix_result = false;       ///< convert --fix-result
};
Choice choose(std::uint8_t byte);

/// One game's syntax as the parser reads it, without a replay: open_game, then its tag section
/// and movetext read to the end (tests/parser/read_games.hpp), as `floe validate` reads a game
/// of a variant it cannot replay.
parser::test::Outline read_game(const parser::GameText& text, const parser::ParseOptions& options);

/// One game as a subcommand reads it: its record (views into the input or into `text`), what
/// open_game reported, the replay, and the position string of the start and of each main-line
/// ply (`floe fen --all`; empty when the game was not replayed).
struct ReadGame {
    parser::GameText text;
    rules::GameRecord record;
    rules::DiagnosticLog log;  ///< open_game's: the replays start from it
    formats::GameOptions options;
    formats::ReplayedGame game;
    std::vector<std::string> positions;
};

/// Reads and replays every game of `input` as `floe fen --all` does (GameSource, open_game,
/// replay_game with the main line's positions), calling `visit` on each.
void for_each_game(std::string_view input, const Choice& choice,
                   const std::function<void(const ReadGame&)>& visit);

/// What `floe convert` writes for `input` (the library calls of cli/cmd_convert.cpp): canonical
/// PGN, games separated by a blank line, or one JSON object per game and line.
struct Converted {
    std::string text;
    std::size_t games = 0;
    std::vector<bool> failed;  ///< per game: it had an error
};
Converted convert(std::string_view input, const Choice& choice, bool json);

/// The first game of `input` read and replayed as `floe diagram` and `floe replay` read it
/// (cli/game_selection.cpp select_game), or false when the input holds no game.
bool select_first_game(std::string_view input, const Choice& choice, ReadGame& out);

/// The SVG diagram of the position after `ply` of a selected game's main line (the last one
/// when ply is past it), as `floe diagram --format svg` draws it; empty when the game has no
/// start position.
std::string diagram_svg(const ReadGame& g, std::size_t ply, bool flip, bool coordinates);

/// The replay page of a selected game, as `floe replay` writes it; empty when the game has no
/// start position.
std::string replay_page(const ReadGame& g);

/// Checks that `text` is well-formed markup and holds nothing the input could have injected
/// (docs/reliability.md lists what is checked). `html`: a replay page (a doctype, void
/// elements, raw-text <script> and <style>); else an SVG document.
void check_markup(std::string_view text, bool html);

}  // namespace floe::fuzz
