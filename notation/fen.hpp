#pragma once
// Position strings of the chess variants: FEN with `*` for ice (docs/rules/notation.md §6), read
// with validation and written with the en-passant policy of python-chess and lichess.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/chess/position.hpp"
#include "rules/chess/variant.hpp"
#include "rules/diagnostic.hpp"

namespace floe::formats {

/// What parse_fen found: the position when no error was found (warnings alone keep it), and
/// every diagnostic in the order of the text.
struct FenResult {
    std::optional<rules::chess::Position> position;
    std::vector<rules::Diagnostic> diagnostics;
};

/// Reads and validates a FEN for `variant` (docs/rules/notation.md §6.1-§6.7).
///
/// Takes the six fields `board side castling en-passant halfmove fullmove`, separated by runs
/// of spaces or tabs (spaces before and after are ignored). `*` on the board is an ice cube in
/// variants with ice. Four fields, without the two counters, are read as `0 1` with a
/// `fen-counter` warning: the fullmove number decides when the next Ice Age comes, so the
/// default must not pass silently.
///
/// In variants with pockets (Crazyhouse) the board may end in the pockets, `[QNPbp]` (White's
/// upper case), `[]` or `[-]` when empty; a FEN without them has empty pockets. `~` after a
/// piece letter marks a piece promoted from a pawn. Also read, each with a `fen-pocket-form`
/// warning: the pockets as a ninth rank (`.../RNBQKBNR/Pp`) and counts before letters
/// (`[N3Pbp]`).
///
/// Returns the position, or nullopt when any error was found. Each diagnostic's span is the
/// byte range [begin, end) of the offending text in `fen`, so its start is the column, and its
/// message starts with the field's name ("board: ...", "castling: ..."). Errors:
/// - `fen-syntax`: a field count other than 6 or 4, a rank count other than 8, a `0` count;
/// - `fen-rank-length`: "rank 3 has 9 squares (expected 8)", spanning the rank;
/// - `fen-unknown-piece`: "unknown piece letter 'z'", or `*` in a variant without ice;
/// - `fen-king-count`: "White has 2 kings" (at the second king), "Black has no king" (at the
///   board) except in variants where a king may be missing: in Ice Age a side without a king
///   is valid, its king froze, and the position's outcome() says who won
///   (docs/rules/ice-age-chess.md §4.6);
/// - `fen-pawn-rank`: "pawn on rank 1 (d1)", at the pawn;
/// - `fen-side-to-move`: a side other than `w` or `b`;
/// - `fen-castling`: a letter other than K Q k q (in Chess960 also a rook's file, A-H for
///   White and a-h for Black: X-FEN and Shredder-FEN), a repeated letter, `-` with letters; in
///   Chess960 a second right on one side of a king;
/// - `fen-en-passant`: not a square ("en passant: 'e9' is not a square or -");
/// - `fen-counter`: a counter that is not a number of at most 9 decimal digits;
/// - `fen-opponent-in-check`: the side not to move is in check (at the side-to-move field);
/// - `fen-pocket`: pockets in a variant without them, a missing `]`, a letter that is no piece
///   or a king ("pocket: 'x' is not a piece letter"), more than 64 of one piece, a count
///   without its letter;
/// - `fen-promoted-marker`: `~` not after a piece letter, after a pawn or a king, or in a
///   variant without pockets ("board: promoted marker `~` on c8 not allowed in standard
///   chess", conformance B44).
///
/// Warnings, each an error with `strict`:
/// - `impossible-castling-right`: a castling right without its king and rook on their home
///   squares (Chess960: the king on its first rank and, for `K`/`Q`, a rook on that side, of
///   which the outermost is meant, or the rook the file letter names); the right is dropped;
/// - `impossible-en-passant`: an en-passant square that no double step of the side not to move
///   explains (on that side's third rank, empty, its pawn in front of it, the square the pawn
///   left empty: "en passant: no double step explains d6: no black pawn on d5; the square is
///   dropped"); the square is dropped;
/// - `fen-counter`: the four-field form above, and a fullmove number 0, read as 1;
/// - `fen-pocket-form`: the pocket forms above that are not canonical.
///
/// The en-passant square is kept only while an en-passant capture is legal
/// (Position::from_setup), so make_fen writes `-` for a square the input explained but no pawn
/// can use. The rules are docs/rules/notation.md §6.7; a missing king's outcome is
/// docs/rules/ice-age-chess.md §4.6.
FenResult parse_fen(const rules::chess::Variant& variant, std::string_view fen,
                    bool strict = false);

/// The FEN of a position: `*` for ice, `~` after promoted pieces and the pockets in brackets
/// after the board in variants with pockets (`[QRBNPqrbnp]` order, each letter repeated, `[]`
/// when empty), castling rights as the position keeps them in X-FEN (`KQkq`, or in Chess960 the
/// rook's file when another rook stands farther out on its side; `-` for none), the en-passant
/// square only when an en-passant capture is legal (docs/rules/notation.md §6.2), then the halfmove
/// clock and the fullmove number.
std::string make_fen(const rules::chess::Position& position);

/// make_fen appended to `out`, for callers that reuse one buffer.
void append_fen(std::string& out, const rules::chess::Position& position);

/// Appends the EPD of a position (`fen --all --epd`, like pgn-extract's `-Wepd`): the first four
/// fields of make_fen (docs/rules/notation.md §6.1), without the two clocks. In
/// a variant with Ice Ages the fullmove number decides when the next one comes
/// (docs/rules/ice-age-chess.md §3.1), so it follows as the EPD operation ` fmvn N;` rather than
/// being lost. `fen` must be a FEN as make_fen writes it; no error is possible.
void append_epd(std::string& out, std::string_view fen, const rules::chess::Position& position);

/// Appends the EPD operation that names a position of a file, ` id "game G ply P";` (game from 1,
/// ply 0 = the start), with the space before it.
void append_epd_id(std::string& out, std::size_t game, std::uint32_t ply);

/// Writes the FENs of positions one after another (a game's plies: `fen --all`, the JSON
/// writer), each as make_fen writes it (docs/rules/notation.md §6.2). It keeps the text of each
/// rank from the position written last and writes again only the ranks whose squares changed:
/// a move mostly changes one to three of them (an Ice Age more), and writing the board was most of
/// `fen --all`.
class FenWriter {
public:
    /// Appends the FEN of `position` to `out`. Any position may follow any other.
    void append(std::string& out, const rules::chess::Position& position);

private:
    // Writes the fields after the board and the pockets (at most 48 bytes) at `text`; returns
    // their end.
    static char* append_fields(char* text, const rules::chess::Position& position);

    std::array<rules::chess::Bitboard, 14> sets_{};  // the sets of the board written last
    std::array<char, 64> squares_{};                 // each square's letter (0: empty)
    std::array<std::array<char, 16>, 8> ranks_{};    // each rank's text, from rank 1
    std::array<std::uint8_t, 8> lengths_{};
    bool written_ = false;
};

}  // namespace floe::formats
