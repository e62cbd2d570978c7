#pragma once
// The replay page: one self-contained HTML file that replays a game with its variations,
// NAGs, comments and events (the `replay` command). No network, no external script, style or
// font: the page holds one set of SVG shapes (formats/diagram_svg.hpp) and the game's data as
// JSON, and its script draws each board in the browser.

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "formats/hint_words.hpp"
#include "play/replay_game.hpp"
#include "rules/record.hpp"

namespace floe::formats {

/// What heads a game's page and its line in the index.
struct ReplayHeading {
    /// The players ("Anderssen vs Kieseritzky"); when no player is named, the event and round
    /// ("Lisbon Open, round 3"), the event, or "Round 3"; else "Game N".
    std::string title;
    std::string facts;  ///< the Event, Site, Date, Round, Variant and Result tags, joined by " · "
    std::string result;  ///< the Result tag ("" when absent or "?")
};

/// The heading of `record`: the players of a chess game (White, Black) or of a Glacial Shift game
/// (Yellow, Green, Blue, Red; docs/rules/notation.md §5.10), by the engine of `variant` (the game's
/// variant, GameSetup::variant(); nullptr: chess), and its tags, in UTF-8 (bytes that are not
/// UTF-8 read in the record's encoding). Cannot fail.
ReplayHeading replay_heading(const rules::GameRecord& record, const rules::VariantEntry* variant);

/// One game of a folder of pages (`replay --all DIR`).
struct ReplayIndexEntry {
    std::uint32_t number = 0;  ///< the game's number in its file, from 1
    std::string page;          ///< its page's file name, "" when it has none (not set up)
    ReplayHeading heading;
    std::uint32_t plies = 0;  ///< main-line plies replayed
    std::string variant;      ///< the variant played ("Standard", "Glacial Shift"), or its tag
    int errors = 0;           ///< the game's errors (0: it replays to its end)
};

/// The index line of game `record`, replayed as `game`, whose page is the file `page` ("" when
/// the game could not be set up, and so has none).
ReplayIndexEntry replay_index_entry(const rules::GameRecord& record, const ReplayedGame& game,
                                    std::string page);

/// The page a game's page links back to in a folder of pages (`replay --all DIR`).
inline constexpr std::string_view replay_index_page = "index.html";

/// Writes the index page of a folder of pages: a heading `source` (the record file's name) and a
/// table (`#games`) of `games`, a row each: number as in the file, players (a link to its page)
/// with its tags, result, plies, variant and errors; a game with errors is marked (`broken`), a
/// game without page "(not replayed)". Cannot fail (write errors stay in `out`).
void write_replay_index(std::ostream& out, std::string_view source,
                        const std::vector<ReplayIndexEntry>& games);

/// Writes the HTML page of `record`, a chess or a Glacial Shift game, to `out`, and returns its
/// replay (its diagnostics; `log` holds open_game's). Nothing is written for a game that cannot
/// be set up (an unknown variant, an unusable FEN tag). The page is written as the replay walks
/// the game, so that memory does not grow with the game (docs/decisions/diagrams.md, "The replay
/// page's data"):
/// - the data, `<script id="floe-game">`: the tree of plies (main line and variations), each with
///   its move (SAN; in Glacial Shift the canonical ply, docs/rules/notation.md §5.2), its
///   position as the tokens that differ from its parent's (FEN, or position string:
///   docs/rules/notation.md §6.8), its marks, status, events, NAGs and comments, the commands of
///   docs/rules/notation.md §1.11 read typed (`[%clk]`, `[%eval]`, `[%csl]`, `[%cal]`);
/// - the board (`#board`, whose `data-fen`, `data-ply` and `data-path` always hold the shown
///   position's FEN or position string, its ply and its address), drawn as render_svg draws it,
///   each square a `g[data-square][data-piece]`; a status line, an event banner
///   (`#event-banner`: an Ice Age, docs/rules/ice-age-chess.md §3, or Glacial Shift mates:
///   docs/rules/notation.md §4.1), the result at the end of the main line (`#result`), clocks
///   (`#clocks`) and an evaluation bar
///   (`#eval`) when the comments have them; `[%csl]` squares and `[%cal]` arrows on the board;
/// - buttons (`#first`, `#prev`, `#next`, `#last`, `#flip`, `#play`, `#speed`) and keys (←/→,
///   Home/End, ↑/↓ between variations, f, space); `#ply=N` in the address is ply N of the main
///   line, `#ply=N.k.M` ply N then its k-th alternative then M plies more; the address follows
///   the shown ply;
/// - the move list (`#moves`): every move a link (`a[data-node][data-ply]`), variations nested,
///   NAGs as glyphs, comments without their commands, events;
/// - when an error stopped the main line, the page ends at the last ply reached and says why
///   (the error's message, followed by its hint's message suffix, `words`), on the board and
///   under the move list; the unplayed rest of every line that stopped is shown struck through,
///   and text with no ply to stand on (a variation whose first move fails) keeps its place;
/// - buttons that copy the shown position (`#copy-fen`) and download the record (`#download`:
///   the game's bytes as read, in UTF-8, `"record"` in the data), and, when `index` is not
///   empty, a link back to that index page (`#index-link`).
ReplayedGame write_replay_page(std::ostream& out, const rules::GameRecord& record,
                               const GameOptions& options, rules::DiagnosticLog log,
                               HintWords words, std::string_view index = {});

}  // namespace floe::formats
