// Coordinate moves: what floe writes with `--moves uci` and `--moves lan` reads back
// (issue 24 items 1 and 2; docs/rules/notation.md §1.8, §3.3; docs/conformance.md, section 4). A
// token that reads as UCI or LAN coordinates is the move between those squares, with the
// warning that names the form; the lower-case-bishop reading is tried only when the
// coordinates name no legal move. UCI's null move `0000` is the null move. Each test asserts
// the exact diagnostics (code, line, column, message) and the canonical movetext read back.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/cli_checks.hpp"

namespace floe::test {
namespace {

std::string standard(const std::string& moves) {
    return "[Variant \"Standard\"]\n\n" + moves + "\n";
}

std::string from_fen(const std::string& variant, const std::string& fen, const std::string& moves) {
    return "[Variant \"" + variant + "\"]\n[FEN \"" + fen + "\"]\n[SetUp \"1\"]\n\n" + moves + "\n";
}

// The movetext `convert --moves NOTATION` writes for `pgn`.
std::string written(const std::string& pgn, const std::string& notation,
                    const std::string& options = "") {
    return convert_movetext(pgn, "--moves " + notation + " " + options);
}

// The canonical movetext of what `convert --moves NOTATION` writes for `pgn`, read back.
std::string read_back(const std::string& pgn, const std::string& notation,
                      const std::string& options = "") {
    const RunResult out = run_floe("convert --moves " + notation + " " + options + " -", pgn);
    EXPECT_EQ(out.exit_code, 0) << out.err;
    return convert_movetext(out.out, options);
}

TEST(CoordinateReadBack, UciFromTheBFileIsTheMoveBetweenTheSquares) {
    // `b1d2`: the knight, though the c1 bishop (a lower-case bishop from rank 1) reaches d2 too;
    // `b8a6`: the knight, though the c8 bishop reaches a6 after ...b6.
    const std::string pgn = standard("1. d4 b6 2. b1d2 b8a6 *");
    const auto d          = validate_json(pgn);
    ASSERT_EQ(d, std::vector<Diag>{warning("uci-move", 3, 13)});
    EXPECT_EQ(d[0].message, "2 moves written in UCI coordinates (canonical: SAN)");
    EXPECT_EQ(validate_json(pgn, "--strict"), std::vector<Diag>{error("uci-move", 3, 13)});
    EXPECT_EQ(convert_movetext(pgn), "1. d4 b6 2. Nd2 Na6 *");
    EXPECT_EQ(read_back(pgn, "uci"), "1. d4 b6 2. Nd2 Na6 *");
}

TEST(CoordinateReadBack, LanFromTheBFileIsTheMoveBetweenTheSquares) {
    // `b7xc6`: the pawn, though the d7 bishop takes on c6 too (the book's 25 LAN failures).
    const std::string pgn =
        standard("1. e4 d6 2. Bb5+ Bd7 3. Bc4 Nc6 4. Bb5 a6 5. Bxc6 b7xc6 6. Nb1-c3 *");
    const auto d = validate_json(pgn);
    ASSERT_EQ(d, std::vector<Diag>{warning("lan-move", 3, 51)});
    EXPECT_EQ(d[0].message, "2 moves written in LAN (canonical: SAN)");
    EXPECT_EQ(convert_movetext(pgn),
              "1. e4 d6 2. Bb5+ Bd7 3. Bc4 Nc6 4. Bb5 a6 5. Bxc6 bxc6 6. Nc3 *");
    EXPECT_EQ(read_back(pgn, "lan"),
              "1. e4 d6 2. Bb5+ Bd7 3. Bc4 Nc6 4. Bb5 a6 5. Bxc6 bxc6 6. Nc3 *");
}

TEST(CoordinateReadBack, LanCaptureWithAPieceLetterIsLan) {
    // `Bb5xc6` is LAN's capture, not an over-disambiguated SAN capture.
    const std::string pgn = standard("1. e4 d6 2. Bb5+ Bd7 3. Bc4 Nc6 4. Bb5 a6 5. Bb5xc6 *");
    const auto d          = validate_json(pgn);
    ASSERT_EQ(d, std::vector<Diag>{warning("lan-move", 3, 46)});
    EXPECT_EQ(d[0].message, "move written in LAN (canonical: SAN)");
    EXPECT_EQ(convert_movetext(pgn), "1. e4 d6 2. Bb5+ Bd7 3. Bc4 Nc6 4. Bb5 a6 5. Bxc6 *");
}

TEST(CoordinateReadBack, LowerCaseBishopOnlyWhenTheCoordinatesNameNoMove) {
    // Nothing stands on b1: `b1d3` is the f1 bishop in lower case, with the warnings that name
    // the forms (its rank is more than SAN needs).
    const std::string pgn = standard("1. e4 e5 2. Na3 Nc6 3. b1d3 *");
    const auto d          = validate_json(pgn);
    ASSERT_EQ(d, (std::vector<Diag>{warning("lower-case-piece", 3, 24),
                                    warning("redundant-disambiguation", 3, 24)}));
    EXPECT_EQ(convert_movetext(pgn), "1. e4 e5 2. Na3 Nc6 3. Bd3 *");
}

TEST(CoordinateReadBack, IceCapturesInLanAndUci) {
    const std::string lan = "[Variant \"Ice Age\"]\n\n1. d2x*e3 e7x*d6 2. b2x*c3 *\n";
    const auto dl         = validate_json(lan);
    ASSERT_EQ(dl, std::vector<Diag>{warning("lan-move", 3, 4)});
    EXPECT_EQ(dl[0].message, "3 moves written in LAN (canonical: SAN)");
    EXPECT_EQ(convert_movetext(lan), "1. dx*e3 ex*d6 2. bx*c3 *");
    // UCI writes an ice capture as its plain squares: no capture mark is written.
    const std::string uci = "[Variant \"Ice Age\"]\n\n1. d2e3 e7d6 2. b2c3 *\n";
    ASSERT_EQ(validate_json(uci), (std::vector<Diag>{warning("uci-move", 3, 4),
                                                     warning("missing-capture-mark", 3, 4)}));
    EXPECT_EQ(convert_movetext(uci), "1. dx*e3 ex*d6 2. bx*c3 *");
    EXPECT_EQ(read_back(lan, "uci"), "1. dx*e3 ex*d6 2. bx*c3 *");
    EXPECT_EQ(read_back(lan, "lan"), "1. dx*e3 ex*d6 2. bx*c3 *");
}

TEST(CoordinateReadBack, IceCaptureFromTheBFileWithABishopOnTheSameCube) {
    // The b3 pawn and the d3 bishop both take the cube on c4: `b3c4` and `b3x*c4` are the pawn.
    const std::string fen = "4k3/8/8/8/2*5/1P1B4/8/4K3 w - - 0 10";
    EXPECT_EQ(
        validate_json(from_fen("Ice Age", fen, "10. b3c4 Kd7 *")),
        (std::vector<Diag>{warning("uci-move", 5, 5), warning("missing-capture-mark", 5, 5)}));
    EXPECT_EQ(convert_movetext(from_fen("Ice Age", fen, "10. b3c4 Kd7 *")), "10. bx*c4 Kd7 *");
    EXPECT_EQ(validate_json(from_fen("Ice Age", fen, "10. b3x*c4 Kd7 *")),
              std::vector<Diag>{warning("lan-move", 5, 5)});
    EXPECT_EQ(convert_movetext(from_fen("Ice Age", fen, "10. b3x*c4 Kd7 *")), "10. bx*c4 Kd7 *");
}

TEST(CoordinateReadBack, CrazyhouseDropsInUci) {
    const std::string pgn =
        "[Variant \"Crazyhouse\"]\n\n1. e2e4 d7d5 2. e4d5 d8d5 3. b1c3 d5a5 4. P@d4 P@e6 *\n";
    const auto d = validate_json(pgn);
    ASSERT_EQ(
        d, (std::vector<Diag>{warning("uci-move", 3, 4), warning("missing-capture-mark", 3, 17)}));
    EXPECT_EQ(d[0].message, "6 moves written in UCI coordinates (canonical: SAN)");
    EXPECT_EQ(convert_movetext(pgn), "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d4 P@e6 *");
    EXPECT_EQ(read_back(pgn, "uci"), "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d4 P@e6 *");
}

TEST(CoordinateReadBack, CastlingInUci) {
    // Orthodox: the king's two-file step.
    const std::string pgn = standard("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. e1g1 g8f6 *");
    ASSERT_EQ(validate_json(pgn), std::vector<Diag>{warning("uci-move", 3, 35)});
    EXPECT_EQ(convert_movetext(pgn), "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 *");
    EXPECT_EQ(read_back(pgn, "uci"), "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 *");
    // Chess960: the king takes its own rook, here from the b-file (`b1a1`, `b8a8`).
    const std::string c960 = from_fen(
        "Chess960", "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", "1. b1a1 b8a8 2. c1b1 *");
    const auto d = validate_json(c960);
    ASSERT_EQ(d, std::vector<Diag>{warning("uci-move", 5, 4)});
    EXPECT_EQ(d[0].message, "3 moves written in UCI coordinates (canonical: SAN)");
    EXPECT_EQ(convert_movetext(c960), "1. O-O-O O-O-O 2. Kb1 *");
    EXPECT_EQ(written(c960, "uci"), "1. b1a1 b8a8 2. c1b1 *");
    EXPECT_EQ(read_back(c960, "uci"), "1. O-O-O O-O-O 2. Kb1 *");
}

TEST(CoordinateReadBack, PromotionInUciAndLan) {
    const std::string pgn =
        from_fen("Standard", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "1. b7b8q Kd7 *");
    const auto d = validate_json(pgn);
    ASSERT_EQ(d,
              (std::vector<Diag>{warning("uci-move", 5, 4), warning("missing-check-mark", 5, 4)}));
    EXPECT_EQ(convert_movetext(pgn), "1. b8=Q+ Kd7 *");
    EXPECT_EQ(read_back(pgn, "uci"), "1. b8=Q+ Kd7 *");
    EXPECT_EQ(read_back(pgn, "lan"), "1. b8=Q+ Kd7 *");
}

TEST(CoordinateReadBack, UciNullMoveInAVariation) {
    // `--moves uci` writes the null move `0000`; read back, it is the null move, not a move
    // number 0 (issue 24 item 2).
    const std::string pgn = standard("1. e4 e5 (1... -- 2. d4) 2. Nf3 *");
    const RunResult uci   = run_floe("convert --moves uci -", pgn);
    ASSERT_NE(uci.out.find("1. e2e4 e7e5 (1... 0000 2. d2d4) 2. g1f3 *"), std::string::npos)
        << uci.out;
    const auto d = validate_json(uci.out);
    ASSERT_EQ(d, std::vector<Diag>{warning("uci-move", 10, 4)});
    EXPECT_EQ(d[0].message, "5 moves written in UCI coordinates (canonical: SAN)");
    EXPECT_EQ(convert_movetext(uci.out), "1. e4 e5 (1... -- 2. d4) 2. Nf3 *");
}

TEST(CoordinateReadBack, UciNullMoveInTheMainLineNeedsAllowNullMoves) {
    const std::string pgn = standard("1. e2e4 0000 2. d2d4 *");
    const auto d          = validate_json(pgn);
    ASSERT_EQ(d, (std::vector<Diag>{warning("uci-move", 3, 4), error("null-move", 3, 9)}));
    EXPECT_EQ(d[1].message, "1... 0000: null move in the main line");
    EXPECT_EQ(validate_json(pgn, "--allow-null-moves"),
              std::vector<Diag>{warning("uci-move", 3, 4)});
    EXPECT_EQ(convert_movetext(pgn, "--allow-null-moves"), "1. e4 -- 2. d4 *");
    EXPECT_EQ(read_back(pgn, "uci", "--allow-null-moves"), "1. e4 -- 2. d4 *");
    // `0000.` is still a move number (0, which the position contradicts), and so is `00`.
    EXPECT_EQ(validate_json(standard("1. e4 0000. e5 *")),
              std::vector<Diag>{warning("move-number-mismatch", 3, 7)});
}

}  // namespace
}  // namespace floe::test
