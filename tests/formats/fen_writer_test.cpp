// FenWriter (notation/fen.hpp): a writer that keeps the ranks of the position it wrote last
// writes the same FENs as make_fen, move after move, whatever position comes next.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "notation/fen.hpp"
#include "rules/chess/position.hpp"
#include "rules/chess/variant.hpp"

namespace {

namespace chess = floe::rules::chess;
using floe::formats::FenWriter;
using floe::formats::make_fen;

std::string written(FenWriter& writer, const chess::Position& p) {
    std::string out = "x";  // appended, not assigned
    writer.append(out, p);
    return out.substr(1);
}

TEST(FenWriter, WritesTheStartThenEachPly) {
    FenWriter writer;
    chess::Position p = chess::Position::start(chess::standard_variant());
    EXPECT_EQ(written(writer, p), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    chess::MoveList moves;
    p.legal_moves(moves);
    for (const chess::Move& m : moves)
        if (m.from == chess::make_square(4, 1) && m.to == chess::make_square(4, 3)) p.play(m);
    EXPECT_EQ(written(writer, p), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    // Back to a position written before: its ranks come back too.
    EXPECT_EQ(written(writer, chess::Position::start(chess::standard_variant())),
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

// A long walk in each variant (ice, Ice Ages, drops, promoted pieces, pockets): every FEN as
// make_fen writes it, and positions of other variants in between.
TEST(FenWriter, AgreesWithMakeFenAlongWalks) {
    FenWriter writer;
    for (const chess::Variant* v : {&chess::standard_variant(), &chess::ice_age_variant(),
                                    &chess::crazyhouse_variant(), &chess::chess960_variant()}) {
        chess::Position p = chess::Position::start(*v);
        for (unsigned ply = 0; ply < 400; ++ply) {
            ASSERT_EQ(written(writer, p), make_fen(p)) << v->name << " ply " << ply;
            chess::MoveList moves;
            p.legal_moves(moves);
            if (moves.size() == 0) break;
            // Captures and promotions first, so that pockets and `~` come soon.
            std::size_t pick = (ply * 7919u) % moves.size();
            for (std::size_t i = 0; i < moves.size(); ++i)
                if (moves[i].is_capture() || moves[i].promotion != chess::PieceType::None) {
                    pick = i;
                    break;
                }
            p.play(moves[pick]);
        }
    }
}

}  // namespace
