#pragma once
// The record the --max-game-bytes tests share (parser and command line): three games, the second
// of 138 bytes, over a limit of 100.

#include <string>

namespace floe::test {

inline const std::string ThreeGamesSecondOver100Bytes =
    "[Event \"a\"]\n"
    "[White \"A\"]\n"
    "\n"
    "1. e4 e5 1-0\n"
    "\n"
    "[Event \"big\"]\n"
    "[White \"X\"]\n"
    "[Black \"Y\"]\n"
    "\n"
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 "
    "Nb8 1/2-1/2\n"
    "\n"
    "[Event \"c\"]\n"
    "\n"
    "1. d4 d5 0-1\n";

}  // namespace floe::test
