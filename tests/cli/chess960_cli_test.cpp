// Chess960 end to end (docs/rules/notation.md §2.6): the corpora's Chess960 games validate, convert
// and read back; a game tagged Chess960 without a FEN tag starts from the orthodox array; castling
// reads and writes as O-O / O-O-O and, in UCI, as the king taking its rook.

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "formats/generate.hpp"
#include "support/test_support.hpp"

namespace floe::test {
namespace {

// The summary line of `validate` for one file, without the file's name.
std::string summary(const RunResult& r) {
    const std::size_t colon = r.out.rfind(": ");
    return colon == std::string::npos ? r.out : r.out.substr(colon + 2);
}

std::string corpus(const char* relative) {
    const auto shared = shared_dir();
    return shared ? "'" + (*shared / "corpora" / relative).string() + "'" : std::string();
}

TEST(Chess960Corpus, KokopuGamesValidate) {
    const std::string file = corpus("kokopu-test-pgns/chess960/database.pgn");
    if (file.empty()) GTEST_SKIP() << "no shared/ folder";
    // Carlsen-Nakamura (KQkq, `O-O` and `O-O-O` with the king on c1 and c8), Grischuk-Carlsen
    // (Shredder-FEN `EAea`, both sides castling queen side from d1 and d8), and two games
    // without moves tagged `chess-960` and `Fischerandom`.
    for (const char* options : {"", "--strict "}) {
        const RunResult r = run_floe(std::string("validate ") + options + file);
        EXPECT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(r.err, "");
        EXPECT_EQ(summary(r), "4 games, 103 plies, 0 errors, 0 warnings\n");
    }
}

TEST(Chess960Corpus, CutechessGamesValidate) {
    const std::string file = corpus("python-chess-data/cutechess-fischerrandom.pgn");
    if (file.empty()) GTEST_SKIP() << "no shared/ folder";
    // Four engine games tagged `fischerandom`, KQkq rights, castling on both sides; their
    // PlyCount tags say 120, 99, 70 and 107.
    const RunResult r = run_floe("validate --strict " + file);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(summary(r), "4 games, 396 plies, 0 errors, 0 warnings\n");
}

TEST(Chess960Corpus, ConvertedGamesReadBackTheSame) {
    const std::string file = corpus("python-chess-data/cutechess-fischerrandom.pgn");
    if (file.empty()) GTEST_SKIP() << "no shared/ folder";
    const RunResult pgn = run_floe("convert " + file);
    ASSERT_EQ(pgn.exit_code, 0) << pgn.err;
    const RunResult again = run_floe("convert -", pgn.out);
    EXPECT_EQ(again.out, pgn.out) << "the canonical writer's fixed point";
    EXPECT_EQ(summary(run_floe("validate --strict -", pgn.out)),
              "4 games, 396 plies, 0 errors, 0 warnings\n");
    // In UCI, castling is the king taking its rook, and it reads back.
    const RunResult uci = run_floe("convert --moves uci " + file);
    ASSERT_EQ(uci.exit_code, 0) << uci.err;
    EXPECT_NE(pgn.out.find("9. h4 {+0.32/12 0.39s} 9... O-O"), std::string::npos) << pgn.out;
    // O-O: Black's king e8 takes its rook on g8, which is also its destination.
    EXPECT_NE(uci.out.find("9. h2h4 {+0.32/12 0.39s} 9... e8g8"), std::string::npos) << uci.out;
    // O-O-O: White's king e1 takes its rook on d1.
    EXPECT_NE(uci.out.find("21. e1d1"), std::string::npos) << uci.out;
    const RunResult back = run_floe("validate -", uci.out);
    EXPECT_EQ(back.exit_code, 0) << back.err;
    // Per game: the UCI moves, their missing capture marks and missing check marks.
    EXPECT_EQ(summary(back), "4 games, 396 plies, 0 errors, 12 warnings\n") << back.err;
    EXPECT_EQ(back.err.find("castling-king-takes-rook"), std::string::npos);
}

TEST(Chess960Cli, KokopuCastlingInEveryNotation) {
    const std::string file = corpus("kokopu-test-pgns/chess960/database.pgn");
    if (file.empty()) GTEST_SKIP() << "no shared/ folder";
    // 13. O-O O-O-O: White's king c1 and rook h1, Black's king c8 and rook b8.
    EXPECT_NE(run_floe("convert --moves uci " + file).out.find("13. c1h1 c8b8"), std::string::npos);
    const RunResult json = run_floe("convert --to json " + file);
    EXPECT_NE(json.out.find("\"san\":\"O-O\",\"lan\":\"O-O\",\"uci\":\"c1h1\""), std::string::npos)
        << json.out;
    EXPECT_NE(json.out.find("\"variant\":\"Chess960\""), std::string::npos);
    EXPECT_NE(run_floe("convert --moves lan " + file).out.find("13. O-O O-O-O"), std::string::npos);
    // Grischuk-Carlsen: 5. O-O-O O-O-O from d1 and d8 (Shredder-FEN `EAea` in the tag).
    const RunResult fen = run_floe("fen --game 2 --ply 10 " + file);
    EXPECT_EQ(fen.out, "2krrbbq/ppppp2p/1nn3p1/5p2/5P2/1NN3P1/PPPPP2P/2KRRBBQ w - - 4 6\n");
}

TEST(Chess960Cli, WithoutAFenTagTheGameStartsFromTheOrthodoxArray) {
    const std::string game =
        "[Variant \"Chess960\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. e1h1 *\n";
    const RunResult r = run_floe("validate -", game);
    EXPECT_EQ(r.exit_code, 1);
    // 5. e1h1: the king left e1 with 4. O-O; nothing of the rights remains.
    EXPECT_NE(r.err.find("error: game 1, 5. e1h1: no piece of the side to move stands on e1 "
                         "[illegal-move]"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(run_floe("fen --ply 7 -", game).out,
              "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4\n");
}

TEST(Chess960Cli, ShredderFenTagAndUciCastling) {
    // King b1 with rooks a1 and g1; `b1g1` is the king taking its rook: O-O.
    const std::string game =
        "[Variant \"960\"]\n[SetUp \"1\"]\n[FEN \"rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 "
        "1\"]\n\n1. b1g1 b8a8 *\n";
    const RunResult r = run_floe("validate -", game);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(summary(r), "1 games, 2 plies, 0 errors, 1 warnings\n") << r.err;
    EXPECT_NE(r.err.find("2 moves written in UCI coordinates (canonical: SAN) [uci-move]"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(run_floe("fen -", game).out, "2kr2r1/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2\n");
    const RunResult pgn = run_floe("convert -", game);
    EXPECT_NE(pgn.out.find("1. O-O O-O-O *"), std::string::npos) << pgn.out;
}

TEST(Chess960Cli, GeneratedGamesAreTaggedAndValid) {
    const RunResult r = run_floe("generate --variant chess960 --count 5 --seed 3");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("[Variant \"Chess960\"]"), std::string::npos);
    const RunResult v = run_floe("validate --strict -", r.out);
    EXPECT_EQ(v.exit_code, 0) << v.err;
}

TEST(Chess960Cli, MovesAndPerftTakeChess960Fens) {
    const RunResult perft = run_floe(
        "perft --variant chess960 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w "
        "HFhf - 2 9' 3");
    EXPECT_EQ(perft.out, "12189\n");
    const RunResult moves = run_floe("moves --variant 960 '4k3/8/8/8/8/8/8/6KR w H - 0 1'");
    // Sorted by their UCI form: g1g2, g1h1 (the castling), g1h2.
    EXPECT_NE(moves.out.find("Kg2\nO-O\nKh2\n"), std::string::npos) << moves.out;
}

// `generate --variant Chess960` draws each game's start array from the seed and names it in
// SetUp and FEN tags; the games replay clean and are canonical (issue 25 item 11: every game
// started from the standard array).
TEST(Chess960Cli, GenerateDrawsAStartArrayFromTheSeed) {
    const RunResult r = run_floe("generate --variant Chess960 --count 40 --seed 7 --max-plies 60");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out,
              run_floe("generate --variant Chess960 --count 40 --seed 7 --max-plies 60").out);
    std::set<std::string> starts;
    for (std::size_t at = 0; (at = r.out.find("[FEN \"", at)) != std::string::npos; ++at)
        starts.insert(r.out.substr(at + 6, r.out.find('"', at + 6) - at - 6));
    EXPECT_GE(starts.size(), 35u);  // 40 draws of 960 arrays
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n') > 0, true);
    EXPECT_NE(r.out.find("[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \""), std::string::npos);
    const RunResult v = run_floe("validate -", r.out);
    EXPECT_EQ(v.exit_code, 0) << v.err;
    EXPECT_EQ(v.err, "");
    EXPECT_EQ(run_floe("convert -", r.out).out, r.out);
    // Scharnagl's numbering: 518 is the standard array, 0 and 959 its ends.
    EXPECT_EQ(formats::chess960_start_fen(518),
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EXPECT_EQ(formats::chess960_start_fen(0),
              "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    EXPECT_EQ(formats::chess960_start_fen(959),
              "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1");
}

}  // namespace
}  // namespace floe::test
