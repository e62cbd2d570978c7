// Issue 12 ("Trust"), items 2, 7 and 9: real records are read as written (letter case binds
// first, docs/rules/notation.md §3.3), illegal moves say why, and the lenient forms real records
// use (`Z0`, `e1h1`, an impossible en-passant square) are read with a warning that names them and
// are errors under --strict. Each test asserts the exact code, line, column and message.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/cli_checks.hpp"

namespace floe::test {
namespace {

// An Ice Age game from a FEN: the b3 pawn and the e2 bishop can both take the ice on c4.
std::string ice_game(const std::string& fen, const std::string& moves) {
    return "[Variant \"Ice Age\"]\n[FEN \"" + fen + "\"]\n[SetUp \"1\"]\n\n" + moves + " *\n";
}
const std::string PawnAndBishop = "4k3/8/8/8/2*5/1P6/4B3/4K3 w - - 0 10";

// ---- Item 2: vchess and BrainKing records ----

TEST(TrustMoves, PlainXOntoIceIsThePawnAsWritten) {
    const std::string pgn = ice_game(PawnAndBishop, "10. bxc4 Kd7");
    const auto d          = validate_json(pgn);
    ASSERT_EQ(d, std::vector<Diag>{warning("ice-capture-mark", 5, 5)});
    EXPECT_EQ(d[0].message, "ice capture written with plain x (canonical: x*)");
    EXPECT_EQ(validate_json(pgn, "--strict"), std::vector<Diag>{error("ice-capture-mark", 5, 5)});
    EXPECT_EQ(convert_movetext(pgn), "10. bx*c4 Kd7 *");
}

TEST(TrustMoves, LenientEitherWayIsAmbiguousNamingBoth) {
    const auto d = validate_json(ice_game(PawnAndBishop, "10. bc4 Kd7"));
    ASSERT_EQ(d, std::vector<Diag>{error("ambiguous-move", 5, 5)});
    EXPECT_EQ(d[0].message, "10. bc4: ambiguous: bx*c4 or Bx*c4");
}

TEST(TrustMoves, BishopReadWhenNoPawnCanTake) {
    const std::string pgn = ice_game("4k3/8/8/8/2*5/8/1P2B3/4K3 w - - 0 10", "10. bxc4 Kd7");
    const auto d          = validate_json(pgn);
    ASSERT_EQ(d, (std::vector<Diag>{warning("lower-case-piece", 5, 5),
                                    warning("ice-capture-mark", 5, 5)}));
    EXPECT_EQ(d[0].message, "piece letter in lower case");
    EXPECT_EQ(convert_movetext(pgn), "10. Bx*c4 Kd7 *");
}

// ---- Item 7: reasons ----

TEST(TrustMoves, PinnedPieceSaysWhoPinsIt) {
    const auto d = validate_json("1. d4 e5 2. Nc3 Bb4 3. Ne4 *", "--variant standard");
    ASSERT_EQ(d, std::vector<Diag>{error("illegal-move", 1, 24)});
    EXPECT_EQ(d[0].message,
              "3. Ne4: no knight can reach e4: the knight on c3 is pinned by the bishop on b4");
}

TEST(TrustMoves, KingIntoCheckNamesTheAttacker) {
    const auto d =
        validate_json("1. e4 e5 2. Ke2 Bc5 3. Kf3 d6 4. Kg3 Qg5+ 5. Kh3 *", "--variant standard");
    ASSERT_EQ(d, std::vector<Diag>{error("illegal-move", 1, 46)});
    EXPECT_EQ(d[0].message,
              "5. Kh3: the king on g3 cannot move to h3: it would be in check from the bishop on "
              "c8");
}

TEST(TrustMoves, MoveThatIgnoresACheckNamesTheChecker) {
    const auto d = validate_json("1. e4 f5 2. Qh5+ Nf6 *", "--variant standard");
    ASSERT_EQ(d, std::vector<Diag>{error("illegal-move", 1, 18)});
    EXPECT_EQ(
        d[0].message,
        "2... Nf6: no knight can reach f6: the knight on g8 would leave Black's king in check "
        "from the queen on h5");
}

// A FEN tag with the final position, followed by the moves from the start.
std::string fen_tag_game(const std::string& fen) {
    return "[Variant \"Standard\"]\n[FEN \"" + fen + "\"]\n[SetUp \"1\"]\n\n" +
           "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n";
}

TEST(TrustMoves, FenTagHoldingTheFinalPositionGetsAHint) {
    const RunResult r = run_floe(
        "validate -",
        fen_tag_game("r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(
        r.err.find("<stdin>:5:4: error: game 1, 4. e4: e4 holds White's own pawn [illegal-move]\n"),
        std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("<stdin>:5:4: note: these moves are legal from the standard start "
                         "position, and played from there they reach the FEN tag's position "
                         "after ply 6 (their end): the FEN tag seems to hold the game's final "
                         "position, not its start\n"),
              std::string::npos)
        << r.err;
    // A later position that is not the end.
    const RunResult later =
        run_floe("validate -",
                 fen_tag_game("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"));
    EXPECT_NE(later.err.find("<stdin>:5:4: note: these moves are legal from the standard start "
                             "position, and played from there they reach the FEN tag's position "
                             "after ply 4: the FEN tag seems to hold a later position, not the "
                             "game's start\n"),
              std::string::npos)
        << later.err;
    // A FEN tag that no ply of the moves reaches gets no hint.
    const RunResult other = run_floe("validate -", fen_tag_game("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
    EXPECT_EQ(other.exit_code, 1);
    EXPECT_EQ(other.err.find("note: these moves"), std::string::npos) << other.err;
}

// ---- Item 9: leniency gaps ----

TEST(TrustMoves, ChessBaseNullMoveZ0) {
    const std::string pgn = "1. e4 Z0 2. d4 (2. Nf3 Z0) *";
    const auto d          = validate_json(pgn, "--variant standard --allow-null-moves");
    ASSERT_EQ(d, std::vector<Diag>{warning("null-move-z0", 1, 7)});
    EXPECT_EQ(d[0].message, "2 null moves written Z0 (canonical: --)");
    EXPECT_EQ(validate_json(pgn, "--variant standard --allow-null-moves --strict"),
              std::vector<Diag>{error("null-move-z0", 1, 7)});
    EXPECT_EQ(convert_movetext(pgn, "--variant standard --allow-null-moves"),
              "1. e4 -- 2. d4 (2. Nf3 --) *");
    // Like `--`, in the main line only with --allow-null-moves; variations always.
    const auto main = validate_json(pgn, "--variant standard");
    ASSERT_EQ(main, std::vector<Diag>{error("null-move", 1, 7)});
    EXPECT_EQ(main[0].message, "1... Z0: null move in the main line");
    EXPECT_NE(run_floe("validate --variant standard -", pgn)
                  .err.find("<stdin>:1:7: note: --allow-null-moves reads null moves in the main "
                            "line\n"),
              std::string::npos);
    const auto variation = validate_json("1. e4 e5 (1... Z0 2. d4) *", "--variant standard");
    ASSERT_EQ(variation, std::vector<Diag>{warning("null-move-z0", 1, 16)});
    EXPECT_EQ(variation[0].message, "null move written Z0 (canonical: --)");
}

TEST(TrustMoves, UciKingTakesRookIsCastling) {
    const std::string pgn =
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. e1h1 Nf6 5. d3 d6 6. Nc3 Bg4 7. Be3 Qd7 8. Qd2 e8a8 *";
    const auto d = validate_json(pgn, "--variant standard");
    ASSERT_EQ(d, (std::vector<Diag>{warning("uci-move", 1, 35),
                                    warning("castling-king-takes-rook", 1, 35)}));
    EXPECT_EQ(d[0].message, "2 moves written in UCI coordinates (canonical: SAN)");
    EXPECT_EQ(d[1].message,
              "2 castlings written as the king taking its rook (canonical: O-O or O-O-O)");
    EXPECT_EQ(
        validate_json(pgn, "--variant standard --strict"),
        (std::vector<Diag>{error("uci-move", 1, 35), error("castling-king-takes-rook", 1, 35)}));
    EXPECT_EQ(convert_movetext(pgn, "--variant standard"),
              "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 d6 6. Nc3 Bg4 7. Be3 Qd7 8. Qd2\n"
              "O-O-O *");
    // In Ice Age too, where castling is orthodox (docs/rules/ice-age-chess.md §2.6).
    const auto ice = validate_json(ice_game("r3k3/8/8/8/8/8/8/4K2R w Kq - 0 5", "5. e1h1 e8a8"));
    ASSERT_EQ(ice, (std::vector<Diag>{warning("uci-move", 5, 4),
                                      warning("castling-king-takes-rook", 5, 4)}));
}

TEST(TrustMoves, KingTakesRookOnlyWhenThatCastlingIsLegal) {
    // The f1 bishop stands between: no castling, and a king never takes its own rook.
    const auto d = validate_json("1. e4 e5 2. Nf3 Nc6 3. e1h1 *", "--variant standard");
    ASSERT_EQ(d, std::vector<Diag>{error("illegal-move", 1, 24)});
    EXPECT_EQ(d[0].message,
              "3. e1h1: White cannot castle king side: the bishop on f1 is in the way");
}

TEST(TrustMoves, ImpossibleEnPassantSquareInAFenTagIsDropped) {
    const std::string pgn =
        "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1\"]\n"
        "[SetUp \"1\"]\n\n1. e4 e5 *";
    const auto d = validate_json(pgn, "--variant standard");
    ASSERT_EQ(d, std::vector<Diag>{warning("impossible-en-passant", 1, 58)});
    EXPECT_EQ(d[0].message,
              "FEN tag: en passant: no double step explains e3: with White to move it must be on "
              "rank 6; the square is dropped");
    const auto strict = validate_json(pgn, "--variant standard --strict");
    ASSERT_EQ(strict, std::vector<Diag>{error("impossible-en-passant", 1, 58)});
    EXPECT_EQ(strict[0].message,
              "FEN tag: en passant: no double step explains e3: with White to move it must be on "
              "rank 6");
    EXPECT_EQ(run_floe("validate --variant standard --strict -", pgn).exit_code, 1);
    EXPECT_EQ(convert_movetext(pgn, "--variant standard"), "1. e4 e5 *");
}

TEST(TrustMoves, ImpossibleEnPassantSquareOnTheCommandLineIsDropped) {
    // The same warning as for a FEN tag (the commands that take a FEN have no --strict).
    const std::string fen = "'4k3/8/8/8/4P3/8/8/4K3 w - d6 0 1'";
    const RunResult r     = run_floe("moves --variant standard " + fen);
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.err,
              "FEN:1:27: warning: en passant: no double step explains d6: no black pawn on d5; the "
              "square is dropped [impossible-en-passant]\n"
              "    1 | 4k3/8/8/8/4P3/8/8/4K3 w - d6 0 1\n"
              "      |                           ^~\n");
    EXPECT_EQ(r.out, "Kd1\nKd2\nKe2\nKf1\nKf2\ne5\n");
    const RunResult diagram = run_floe("diagram --variant standard --fen " + fen);
    EXPECT_EQ(diagram.exit_code, 0);
    EXPECT_NE(diagram.err.find("[impossible-en-passant]"), std::string::npos);
}

}  // namespace
}  // namespace floe::test
