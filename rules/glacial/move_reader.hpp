#pragma once
// Reading a Glacial Shift ply token: its syntax, without the rules (docs/rules/notation.md §5); the
// twin of rules/chess/move_reader.hpp. The game model (rules/glacial/game.hpp) gives
// it its meaning.

#include <string>
#include <string_view>

#include "rules/glacial/position.hpp"

namespace floe::rules::glacial {

/// A ply token as written, decoded without the rules (docs/rules/notation.md §5.1-§5.6).
struct PlyToken {
    bool ok             = false;   ///< the text has the shape of a ply
    int seat            = NoSeat;  ///< the seat written, or NoSeat when missing
    bool seat_glued     = false;   ///< `Y:y1e3-e4`, no space after the colon
    bool drop           = false;
    int colour          = -1;  ///< the piece's colour letter, -1 when the piece name is missing
    int size            = 0;   ///< its size digit, 0 when missing
    Square from         = NoSquare;
    Square to           = NoSquare;
    char capture        = 0;                ///< the separator written: '-' or 'x' (0 for a drop)
    Promotion promotion = Promotion::None;  ///< `^` (Made) or `^0` (Spent) as written
    bool check          = false;            ///< `+` written
};

/// Decodes a ply token: `[seat:] [piece] from - to`, `[seat:] [piece] from x to`,
/// `[seat:] piece @ to`, each with optional `^` or `^0`, then `+`. Never throws.
PlyToken decode_ply(std::string_view text);

/// The seat of a seat letter (`Y G B R`), or NoSeat.
int seat_of_letter(char c);

/// The colour of a colour letter (`y g b r`: 0-3), or -1.
int colour_of_letter(char c);

/// The square of a name `a1`…`i9` at the start of `s`, or NoSquare.
Square square_at(std::string_view s);

/// A square's name, `a1`…`i9`.
std::string square_name(Square s);

}  // namespace floe::rules::glacial
