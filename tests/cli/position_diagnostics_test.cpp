// The shared diagnostic options on the commands that draw or count one position (issue 17, items
// 4 and 8): diagram (its game's errors, and a bad --fen), moves and perft (a bad FEN). Each
// writes its diagnostics as text (unchanged by default), in colour with --color always, and as
// validate's JSON object with --diagnostics json ("game": null for a position given on the
// command line).
#include <gtest/gtest.h>

#include <string>

#include "support/test_support.hpp"

namespace floe::test {
namespace {

// A standard chess game whose third ply is illegal.
const std::string Broken = "[Variant \"Standard\"]\n\n1. e4 e5 2. Qxf7 *\n";

const std::string BrokenText =
    "<stdin>:3:13: error: game 1, 2. Qxf7: no queen can reach f7 [illegal-move]\n"
    "    3 | 1. e4 e5 2. Qxf7 *\n"
    "      |             ^~~~\n"
    "<stdin>:3:13: note: position before the move: "
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n";

// The side to move is `x` (column 45).
const std::string BadFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1";

// The bad FEN's error as text, under `label`.
std::string bad_fen_text(const std::string& label) {
    return label +
           ":1:45: error: side to move: 'x' is not w or b [fen-side-to-move]\n"
           "    1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1\n"
           "      |                                             ^\n";
}

// The same in colour: the severity word and the caret as compilers colour them.
std::string bad_fen_color(const std::string& label) {
    return label +
           ":1:45: \x1b[1;31merror\x1b[0m: side to move: 'x' is not w or b [fen-side-to-move]\n"
           "    1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1\n"
           "      |                                             \x1b[32m^\x1b[0m\n";
}

// The same as JSON: validate's diagnostic object, the position's label as its file, no game.
std::string bad_fen_json(const std::string& label) {
    return "{\"schema_version\":1,\"file\":\"" + label +
           "\",\"line\":1,\"column\":45,\"end_column\":46,\"severity\":\"error\",\"code\":"
           "\"fen-side-to-move\",\"message\":\"side to move: 'x' is not w or b\",\"game\":null,"
           "\"ply\":null,\"move\":null,\"fen\":null}\n";
}

TEST(PositionDiagnostics, DiagramReportsItsGamesErrorAsTextColourAndJson) {
    RunResult r = run_floe("diagram -", Broken);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, BrokenText);

    r = run_floe("diagram --color always -", Broken);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.err,
              "<stdin>:3:13: \x1b[1;31merror\x1b[0m: game 1, 2. Qxf7: no queen can reach f7 "
              "[illegal-move]\n"
              "    3 | 1. e4 e5 2. Qxf7 *\n"
              "      |             \x1b[32m^~~~\x1b[0m\n"
              "<stdin>:3:13: \x1b[1;36mnote\x1b[0m: position before the move: "
              "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n");

    r = run_floe("diagram --diagnostics json -", Broken);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err,
              "{\"schema_version\":1,\"file\":\"<stdin>\",\"line\":3,\"column\":13,"
              "\"end_column\":17,\"severity\":\"error\",\"code\":\"illegal-move\",\"message\":"
              "\"2. Qxf7: no queen can reach f7\",\"game\":1,\"ply\":3,\"move\":\"2. Qxf7\","
              "\"fen\":\"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\"}\n");
}

TEST(PositionDiagnostics, DiagramDrawsAPlyBeforeTheErrorAndStillReportsIt) {
    const RunResult r = run_floe("diagram --ply 2 --quiet --diagnostics json -", Broken);
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out.substr(0, 20), "8  r n b q k b n r\n7");
    EXPECT_EQ(r.err.find("{\"schema_version\":1,\"file\":\"<stdin>\",\"line\":3,"), 0u);
}

TEST(PositionDiagnostics, DiagramReportsABadFenAsTextColourAndJson) {
    const std::string fen = " --variant standard --fen '" + BadFen + "'";
    RunResult r           = run_floe("diagram" + fen);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, bad_fen_text("--fen"));

    r = run_floe("diagram --color always" + fen);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.err, bad_fen_color("--fen"));

    r = run_floe("diagram --diagnostics json" + fen);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, bad_fen_json("--fen"));
}

TEST(PositionDiagnostics, MovesReportsABadFenAsTextColourAndJson) {
    const std::string fen = " --variant standard '" + BadFen + "'";
    RunResult r           = run_floe("moves" + fen);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, bad_fen_text("FEN"));

    r = run_floe("moves --color always" + fen);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.err, bad_fen_color("FEN"));

    r = run_floe("moves --diagnostics json" + fen);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, bad_fen_json("FEN"));
}

TEST(PositionDiagnostics, PerftReportsABadFenAsTextColourAndJson) {
    const std::string fen = " --variant standard --fen '" + BadFen + "' 1";
    RunResult r           = run_floe("perft" + fen);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, bad_fen_text("--fen"));

    r = run_floe("perft --color always" + fen);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.err, bad_fen_color("--fen"));

    r = run_floe("perft --diagnostics json" + fen);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, bad_fen_json("--fen"));
}

TEST(PositionDiagnostics, AGlacialPositionStringReportsTheSameWay) {
    const RunResult r = run_floe("moves --variant 'Glacial Shift' --diagnostics json 'Y x'");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.err,
              "{\"schema_version\":1,\"file\":\"FEN\",\"line\":1,\"column\":1,\"end_column\":4,"
              "\"severity\":\"error\",\"code\":\"glacial-syntax\",\"message\":\"position string "
              "has 2 fields (expected 6: board, seat to move, hands, stash, last attackers, ply "
              "number)\",\"game\":null,\"ply\":null,\"move\":null,\"fen\":null}\n");
}

// Four fields: a fen-counter warning, the position kept.
const std::string FourFields = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";

TEST(PositionDiagnostics, QuietAndWarnChangeAPositionsWarning) {
    const std::string fen = " --variant standard '" + FourFields + "'";
    RunResult r           = run_floe("moves" + fen);
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.err,
              "FEN:1:53: warning: halfmove clock and fullmove number missing; read as 0 1 "
              "[fen-counter]\n"
              "    1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n"
              "      |                                                     ^\n");
    const std::string moves = r.out;
    EXPECT_EQ(moves.substr(0, 14), "a3\na4\nNa3\nNc3\n");

    r = run_floe("moves --quiet" + fen);
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, moves);
    EXPECT_EQ(r.err, "");

    r = run_floe("perft --warn fen-counter=off" + fen + " 1");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, "20\n");
    EXPECT_EQ(r.err, "");

    // A warning made an error refuses the position, as --strict would.
    r = run_floe("moves --warn fen-counter=error" + fen);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err.substr(0, 20), "FEN:1:53: error: hal");
}

TEST(PositionDiagnostics, MaxErrorsIsNoOptionOfMovesOrPerft) {
    EXPECT_EQ(run_floe("moves --max-errors 1 '" + FourFields + "'").exit_code, 2);
    EXPECT_EQ(run_floe("perft --max-errors 1 '" + FourFields + "' 1").exit_code, 2);
}

}  // namespace
}  // namespace floe::test
