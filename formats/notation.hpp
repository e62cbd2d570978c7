#pragma once
// One notation overload set per position type: what the writers write of a position or a ply of
// either game, chosen by overload resolution on the engine's types instead of a branch on the
// engine. A third engine adds its overloads here; a writer that lacks one does not compile.

#include <string>

#include "notation/fen.hpp"
#include "notation/glacial_position.hpp"
#include "notation/san.hpp"
#include "rules/chess/position.hpp"
#include "rules/glacial/position.hpp"
#include "rules/glacial/types.hpp"

namespace floe::formats {

/// The position string: a FEN (chess) or a Glacial Shift position string.
inline std::string position_text(const rules::chess::Position& p) { return make_fen(p); }
inline std::string position_text(const rules::glacial::Position& p) {
    return make_glacial_position(p);
}

/// position_text appended to `out`.
inline void append_position(std::string& out, const rules::chess::Position& p) {
    append_fen(out, p);
}
inline void append_position(std::string& out, const rules::glacial::Position& p) {
    out += make_glacial_position(p);
}

/// A ply in the game's own notation: SAN (chess) or a Glacial Shift move.
inline std::string move_text(const rules::chess::Position& before, const rules::chess::Move& m) {
    return make_san(before, m);
}
inline std::string move_text(const rules::glacial::Position& before,
                             const rules::glacial::Move& m) {
    return make_glacial_move(before, m);
}

/// The board's width in files (8, or Glacial Shift's 9).
inline int board_files(const rules::chess::Position&) { return 8; }
inline int board_files(const rules::glacial::Position&) { return rules::glacial::BoardSize; }

}  // namespace floe::formats
