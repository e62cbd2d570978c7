// Property: random Ice Age games written as vchess and BrainKing write them read back to the
// same moves. They write every ice capture with a plain x (docs/rules/notation.md §3.3: letter case
// binds before that leniency, so `bxc4` onto ice stays the b-pawn's even when a bishop could take
// the cube too). The disambiguation is kept as SAN writes it: docs/decisions/moves-and-fen.md ("Ice
// Age vchess and missing disambiguation").

#include <gtest/gtest.h>

#include <string>

#include "notation/san.hpp"
#include "rules/chess/move_reader.hpp"
#include "rules/chess/random_game.hpp"

namespace floe::formats {
namespace {

namespace chess = rules::chess;

// SAN with `x*` written as a plain `x`, as vchess writes an ice capture.
std::string vchess_style(const chess::Position& before, const chess::Move& m) {
    std::string san = make_san(before, m);
    if (const auto at = san.find("x*"); at != std::string::npos) san.erase(at + 1, 1);
    return san;
}

void check_games(const chess::Variant& variant, int games) {
    int ice_captures = 0, plain_x_bishop_rivals = 0;
    for (int game = 0; game < games; ++game) {
        rules::SplitMix64 rng(0x1ce0000 + static_cast<std::uint64_t>(game));
        chess::Position pos = chess::Position::start(variant);
        for (const chess::Move& m : chess::random_game(pos, rng, 240)) {
            const std::string token      = vchess_style(pos, m);
            const chess::Resolution read = chess::resolve_move(pos, chess::decode_move(token));
            ASSERT_EQ(read.status, chess::ResolveStatus::Ok)
                << variant.name << " game " << game << " ply " << token;
            ASSERT_EQ(read.move, m) << variant.name << " game " << game << " ply " << token;
            if (m.captures_ice) {
                ++ice_captures;
                EXPECT_EQ(read.forms, static_cast<std::uint32_t>(chess::FormPlainIceCapture))
                    << token;
                // The case of the issue: a b-pawn's ice capture that a bishop could make too.
                if (m.piece == chess::PieceType::Pawn && chess::file_of(m.from) == 1) {
                    chess::MoveList legal;
                    pos.legal_moves(legal);
                    for (const chess::Move& o : legal)
                        plain_x_bishop_rivals +=
                            o.piece == chess::PieceType::Bishop && o.to == m.to;
                }
            }
            pos.play(m);
        }
    }
    EXPECT_GT(ice_captures, games);       // every game starts with ice captures
    EXPECT_GT(plain_x_bishop_rivals, 0);  // the case did occur
}

TEST(VchessStyle, RandomIceAgeGamesReadBack) { check_games(chess::ice_age_variant(), 400); }

TEST(VchessStyle, RandomIceAgeVchessGamesReadBack) {
    check_games(chess::ice_age_vchess_variant(), 400);
}

}  // namespace
}  // namespace floe::formats
