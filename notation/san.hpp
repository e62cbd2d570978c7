#pragma once
// Move writers for the chess variants: canonical SAN, LAN, UCI coordinates and figurine SAN
// (docs/rules/notation.md §3), and the Ice Age event text (§4.2).
//
// Every writer takes the position *before* the move and a move that is legal there (one of
// Position::legal_moves(), or a null move); for any other move the output is unspecified.
// The append_* forms add to a caller's buffer so a loop over a game can reuse one string.

#include <string>

#include "rules/chess/move.hpp"
#include "rules/chess/position.hpp"

namespace floe::formats {

/// The move notations floe writes (docs/rules/notation.md §3.1, §3.4).
enum class MoveNotation {
    San,       ///< canonical SAN: `Nf3`, `dx*e3`, `bx*c8=Q+`, `O-O`, `--`, `P@d4`
    Lan,       ///< long algebraic: `Ng1-f3`, `e2-e4`, `d2x*e3`, `e7xd8=Q+`, `O-O`, `--`, `P@d4`
    Uci,       ///< coordinates: `e2e4`, `e7e8q`, `d2e3` (ice capture), `e1g1` (castle; Chess960
               ///< `e1h1`, the king onto its rook), `0000`, `P@d4` (drop)
    Figurine,  ///< SAN with each side's own glyphs: `♘f3` (White), `♞f6` (Black), `bx*c8=♕+`,
               ///< `♘@f3`, `P@d4` (no pawn glyph)
};

/// Canonical SAN of `m` (docs/rules/notation.md §3.1):
/// - `x*` for a capture of an ice cube, `x` for any other capture (en passant included);
/// - disambiguation only against other *legal* moves of the same piece type to the same square
///   (a pinned or blocked piece does not count): the from-file if it is unique, else the
///   from-rank, else both;
/// - `=Q` promotion, `O-O` / `O-O-O`, and `--` for a null move;
/// - a drop as `P@d4`, `N@f3`: the piece letter (`P` for a pawn), `@`, the square; drops never
///   count as rivals for disambiguation (`Nf3` stays `Nf3` when `N@f3` is also legal);
/// - `+` / `#` whenever they hold for the opponent, judged after the move *and* the Ice Age it
///   triggers (docs/rules/ice-age-chess.md §3.9). When a king froze in that Ice Age the game is
///   over by the freeze, which decides (§3.6), so no mark is written.
/// A null move never gets a mark: it cannot create an attack, and an Ice Age only adds ice.
std::string make_san(const rules::chess::Position& before, const rules::chess::Move& m);

/// make_san appended to `out`. Allocates nothing beyond `out`'s growth; generates legal moves
/// only when another piece of the moving type could reach the target, or when the move checks.
void append_san(std::string& out, const rules::chess::Position& before,
                const rules::chess::Move& m);

/// Long algebraic notation: piece letter (none for pawns), from, `-` / `x` / `x*`, to, `=Q`,
/// then the same check marks as SAN. Castles are `O-O` / `O-O-O`, the null move `--`, a drop
/// `P@d4` as in SAN.
std::string make_lan(const rules::chess::Position& before, const rules::chess::Move& m);

/// UCI coordinates: from and to squares, then the promotion piece in lower case (`e7e8q`).
/// An ice capture is a plain `d2e3`; castling is the king's from and to (`e1g1`), and in
/// Chess960 the king's square and its rook's (`e1h1`, `b1a1`: UCI's Chess960 form); the null
/// move is `0000`; a drop is `P@d4`, the piece letter in upper case as UCI engines write it.
/// No check marks.
std::string make_uci(const rules::chess::Position& before, const rules::chess::Move& m);

/// Figurine SAN: make_san with each piece letter, the promotion piece included, replaced by
/// the mover's own glyph (`♔♕♖♗♘` White, `♚♛♜♝♞` Black); pawns have no glyph, so a pawn drop
/// stays `P@d4` while a knight drop is `♘@f3` (docs/rules/notation.md §3.4).
std::string make_figurine(const rules::chess::Position& before, const rules::chess::Move& m);

/// The move in `notation`, appended to `out`.
void append_move(std::string& out, const rules::chess::Position& before,
                 const rules::chess::Move& m, MoveNotation notation);

/// The move in `notation` (dispatches to make_san, make_lan, make_uci or make_figurine).
std::string make_move(const rules::chess::Position& before, const rules::chess::Move& m,
                      MoveNotation notation);

/// append_move for a caller that has played the move already: `after` is `before` with `m`
/// played by Position::play (its Ice Age included). The check mark is read from `after`
/// instead of playing the move again; the text is the same.
void append_move(std::string& out, const rules::chess::Position& before,
                 const rules::chess::Move& m, const rules::chess::Position& after,
                 MoveNotation notation);

/// make_move with the position after the move given, as append_move above.
std::string make_move(const rules::chess::Position& before, const rules::chess::Move& m,
                      const rules::chess::Position& after, MoveNotation notation);

/// The canonical event text of an Ice Age (docs/rules/notation.md §4.2): `<ice age>` when nothing
/// froze, else `<ice age: Rh1 Ph4 pb5>`, each frozen piece as its letter (upper case White, lower
/// case Black, `P`/`p` for pawns) and square, in the event's a1..h8 order. An event that did not
/// happen (`happened == false`) gives an empty string, so callers may append unconditionally.
std::string make_ice_age_event(const rules::chess::IceAgeEvent& event);

/// make_ice_age_event appended to `out` (nothing when the event did not happen).
void append_ice_age_event(std::string& out, const rules::chess::IceAgeEvent& event);

}  // namespace floe::formats
