#pragma once
// The fixed parts of the replay page (formats/replay_page.hpp): its style sheet, its markup and
// its script, which reads the game's data (`#floe-game`) and draws the boards in the browser
// with the shapes of formats/diagram_svg.hpp (`render_svg_defs`, embedded once). Each is a file of
// formats/replay_page/ (replay.css, replay.html, replay.js), which the build embeds byte for byte:
// the functions are written at build time by cmake/embed_text.cmake (CMakeLists.txt).

#include <string_view>

namespace floe::formats {

/// The page's CSS: board and move list side by side from 900 px wide, stacked below; light and
/// dark colours (prefers-color-scheme). Takes nothing, cannot fail.
std::string_view replay_page_style();

/// The page's markup between its header and its data: the board (`#board`), clocks, evaluation
/// bar, event banner, result, status line, the buttons (`#first`, `#prev`, `#next`, `#last`,
/// `#flip`, `#play` and the speed `#speed`) and the move list (`#moves`). Takes nothing, cannot
/// fail.
std::string_view replay_page_body();

/// The page's script: rebuilds each node's position from the stored differences
/// (docs/decisions/diagrams.md, "The replay page's data"), draws the board as
/// formats/diagram_svg.cpp does, and runs the move list, keys, flip, autoplay and the `#ply=`
/// address. Takes nothing, cannot fail.
std::string_view replay_page_script();

}  // namespace floe::formats
