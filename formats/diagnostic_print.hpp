#pragma once
// Printing diagnostics in the compiler format editors understand (docs/rules/notation.md §8.1):
//   file:line:col: error: game 3 (Smith vs Jones), 7... Nf6: no knight can reach f6 [illegal-move]
//      14 | 7. Nc3 Nf6 8. Bd3
//         |        ^~~
//   file:line:col: note: position before the move: rnbqkb1r/...

#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "formats/hint_words.hpp"
#include "rules/diagnostic.hpp"
#include "rules/record.hpp"

namespace floe::formats {

/// "game 3 (Smith vs Jones)", or "game 3" when the record names neither player.
std::string game_identity(const rules::GameRecord& game);

/// Appends one diagnostic of `game` to `out`: the headline with file, line and column of the
/// span's start (its message followed by its hint's words, `words`), the source line with a
/// caret under the span, then one note line per note, one for its hint's note and one for the
/// FEN when the diagnostic has one. `identity` is game_identity(game) when the caller has it
/// (it is read from the tags: once per game is enough). With `color`, the severity words
/// (`error` red, `warning` magenta, `note` cyan, all bold) and the caret line (green) are in
/// ANSI colour, as compilers show them on a terminal (docs/rules/notation.md §8.1); whether to
/// colour is the caller's choice (cli/color.hpp).
void print_diagnostic(std::string& out, std::string_view file, const rules::GameRecord& game,
                      const rules::Diagnostic& d, HintWords words,
                      std::optional<std::string_view> identity = std::nullopt, bool color = false);

/// Appends "`file`: note: `message`" and a newline, a note about a file or a game rather than
/// at a place in it: its record text (player names) shown as print_diagnostic shows it (bytes
/// that are not UTF-8 read in `encoding`, control characters as `\xNN`), `note` coloured with
/// `color`; "warning" instead of "note" when `warning`. docs/rules/notation.md §8.1.
void print_note(std::string& out, std::string_view file, std::string_view message,
                rules::Encoding encoding, bool color = false, bool warning = false);

/// The ANSI colour print_diagnostic gives the word `severity` ("error", "warning", "note"):
/// `severity` between the escape sequences, or as it is without `color` (or another word).
std::string colored_severity(std::string_view severity, bool color);

/// Appends every diagnostic of `game` in `log` (in its order; hints worded by `words`), then,
/// when the log kept fewer than it counted, one line that says how many more there are
/// (rules::DiagnosticLog::Kept). With a `stream`, `out` is written there and emptied whenever it
/// holds a chunk (TextOut::spill): ten thousand diagnostics need no buffer of their size.
void print_diagnostics(std::string& out, std::string_view file, const rules::GameRecord& game,
                       const rules::DiagnosticLog& log, HintWords words,
                       std::ostream* stream = nullptr);

/// Appends a diagnostic about a FEN string given on the command line: `label` names where it
/// came from (e.g. "--fen"); the column counts code points into `fen`; its hint worded by
/// `words`; with `color`, the severity words and the caret line coloured as print_diagnostic
/// colours them. docs/rules/notation.md §8.1 and §9.2.
void print_fen_diagnostic(std::string& out, std::string_view label, std::string_view fen,
                          const rules::Diagnostic& d, HintWords words, bool color = false);

}  // namespace floe::formats
