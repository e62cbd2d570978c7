// Golden tests of the floe binary: diagnostics at exact lines and columns, exit codes
// (docs/rules/notation.md §8, §9.5), and the end-to-end checks on the published record and
// the gnuchess book.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "support/test_support.hpp"

namespace floe::test {
namespace {

// 1-based line and column (bytes; the text is ASCII) of a byte offset.
std::pair<int, int> line_column(const std::string& text, std::size_t offset) {
    const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<long>(offset), '\n');
    const std::size_t line_start = text.rfind('\n', offset - 1);
    const auto column =
        static_cast<int>(offset - (line_start == std::string::npos ? 0 : line_start + 1)) + 1;
    return {static_cast<int>(line), column};
}

std::filesystem::path temp_file(const std::string& name, const std::string& content) {
    const auto path = std::filesystem::temp_directory_path() / ("floe-cli-test-" + name);
    std::ofstream(path, std::ios::binary) << content;
    return path;
}

TEST(Validate, PublishedRecordIsValid) {
    const RunResult r =
        run_floe("validate " + quoted_source("samples/ice-age/lookintochess-2017.pgn"));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(strip_source_dir(r.out),
              "samples/ice-age/lookintochess-2017.pgn: 1 games, 40 plies, 0 errors, 4 warnings\n");
    // The published notation gives a handful of grouped warnings, not one per move (§8.3).
    EXPECT_NE(r.err.find("18 ice captures written with plain x (canonical: x*) [ice-capture-mark]"),
              std::string::npos);
}

TEST(Validate, GoldenDiagnosticsForIllegalAmbiguousAndSyntaxError) {
    const RunResult r = run_floe("validate " + quoted_source("samples/broken/three-faults.pgn"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(strip_source_dir(r.out),
              read_file(source_path("tests/cli/golden/three-faults.stdout")));
    EXPECT_EQ(strip_source_dir(r.err),
              read_file(source_path("tests/cli/golden/three-faults.stderr")));
    // The three faults at their exact places, as the golden file shows them.
    EXPECT_NE(r.err.find("three-faults.pgn:10:34: error: game 1 (Ann vs Bob), 3. e4: no pawn can "
                         "reach e4 [illegal-move]"),
              std::string::npos);
    EXPECT_NE(r.err.find("three-faults.pgn:18:49: error: game 2 (Cid vs Dee), 4. Nx*d5: ambiguous: "
                         "Ncx*d5 or Nfx*d5 [ambiguous-move]"),
              std::string::npos);
    EXPECT_NE(
        r.err.find("three-faults.pgn:26:19: error: game 3 (Eve vs Fay), unterminated comment"),
        std::string::npos);
}

TEST(Validate, JsonLinesHoldEveryDiagnosticAndTheSummary) {
    const RunResult r =
        run_floe("validate --to json " + quoted_source("samples/broken/three-faults.pgn"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_TRUE(r.err.empty()) << r.err;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 4);  // three diagnostics, one summary
    // The fields in the order of docs/rules/notation.md §8.6.
    EXPECT_EQ(strip_source_dir(r.out.substr(0, r.out.find('\n'))),
              "{\"schema_version\":1,\"file\":\"samples/broken/three-faults.pgn\","
              "\"line\":10,\"column\":34,"
              "\"end_column\":36,\"severity\":\"error\",\"code\":\"illegal-move\",\"message\":"
              "\"3. e4: no pawn can reach e4\",\"game\":1,\"ply\":5,\"move\":\"3. e4\",\"fen\":"
              "\"rnbqkbnr/p1p1pppp/**p*p***/********/********/**P*P***/P1P1PPPP/RNBQKBNR w KQkq - "
              "0 3\"}")
        << r.out;
}

TEST(Validate, StandardInputAndMissingFile) {
    // Untagged, its first move illegal in Ice Age: read as orthodox chess, with the note.
    const RunResult in = run_floe("validate -", "1. e4 e5 *\n");
    EXPECT_EQ(in.exit_code, 0);
    EXPECT_EQ(in.out, "<stdin>: 1 games, 2 plies, 0 errors, 0 warnings\n");
    EXPECT_NE(in.err.find("<stdin>: note: 1 game without a Variant tag"), std::string::npos)
        << in.err;
    EXPECT_EQ(run_floe("validate --variant 'ice age' -", "1. e4 e5 *\n").exit_code, 1);
    const RunResult missing = run_floe("validate /nonexistent/x.pgn");
    EXPECT_EQ(missing.exit_code, 2);
    EXPECT_NE(missing.err.find("/nonexistent/x.pgn"), std::string::npos);
}

TEST(Validate, HundredThousandNestedVariationsGiveAnError) {
    std::string text = "1. dx*e3 ";
    for (int i = 0; i < 100000; ++i) text += "(1. ex*d3 ";
    for (int i = 0; i < 100000; ++i) text += ") ";
    text += "*\n";
    const auto path   = temp_file("deep.pgn", text);
    const RunResult r = run_floe("validate '" + path.string() + "'");
    std::filesystem::remove(path);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find(":1:10010: error: game 1, variations nested deeper than 1000 levels"),
              std::string::npos)
        << r.err.substr(0, 500);
}

TEST(Validate, UsageErrorsExitTwo) {
    EXPECT_EQ(run_floe("").exit_code, 2);
    EXPECT_EQ(run_floe("validate").exit_code, 2);
    EXPECT_EQ(run_floe("validate --no-such-option x").exit_code, 2);
    EXPECT_EQ(run_floe("--help").exit_code, 0);
}

TEST(Fen, PlyFortyIsThePositionAfterTheFirstIceAge) {
    const std::string file = quoted_source("samples/ice-age/lookintochess-2017.pgn");
    const RunResult r      = run_floe("fen --ply 40 " + file);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    // After 20...Rxd6 every empty square froze except g8, whose four sides are closed by the
    // bishop, the rook, the g7 pawn and the edge (docs/rules/ice-age-chess.md §3.2); no piece
    // froze. The halfmove clock is reset.
    EXPECT_EQ(
        r.out,
        "*qk**b1r/*b**npp*/*n*r*pp*/*NpP****/**P*****/****P*P*/*BP**PB*/R**QK**R w KQ - 0 21\n");
    const RunResult before = run_floe("fen --ply 39 " + file);
    // 20. Nexd6+ (before the Ice Age): the knight checks c8, the d8 rook will take it.
    EXPECT_EQ(before.out,
              "1qkr1b1r/1b2npp1/*n1N1pp*/*NpP****/**P2***/*3P1P*/1BP2PB1/R2QK2R b KQ - 0 20\n");
    EXPECT_EQ(run_floe("fen " + file).out, r.out);  // the default is the last position
}

TEST(Fen, AllPrintsOneLinePerPly) {
    const RunResult r =
        run_floe("fen --all " + quoted_source("samples/orthodox/opera-game-1858.pgn"));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 34);  // plies 0..33
    EXPECT_EQ(r.out.substr(0, r.out.find('\n')),
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EXPECT_NE(r.out.find("1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17\n"),
              std::string::npos);
}

TEST(Moves, IceAgeStartListsEighteenCapturesOfIceSortedByUci) {
    const RunResult r = run_floe(
        "moves 'rnbqkbnr/pppppppp/********/********/********/********/PPPPPPPP/RNBQKBNR w KQkq - 0 "
        "1'");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out,
              "ax*b3\nNx*a3\nNx*c3\nbx*a3\nbx*c3\ncx*b3\ncx*d3\ndx*c3\ndx*e3\nex*d3\nex*f3\nfx*e3\n"
              "fx*g3\nNx*f3\nNx*h3\ngx*f3\ngx*h3\nhx*g3\n");
}

TEST(Perft, DivideThenTotal) {
    const RunResult r = run_floe(
        "perft --variant standard --divide 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 "
        "1' 2");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 21);
    EXPECT_NE(r.out.find("\ne2e4: 20\n"), std::string::npos);
    EXPECT_EQ(r.out.substr(r.out.rfind('\n', r.out.size() - 2) + 1), "400\n");
    EXPECT_EQ(
        run_floe("perft 'rnbqkbnr/pppppppp/********/********/********/********/PPPPPPPP/RNBQKBNR w "
                 "KQkq - 0 1' 3")
            .out,
        "6264\n");
}

TEST(Diagram, TextBoardOfTheFinalPosition) {
    const RunResult r =
        run_floe("diagram --to text " + quoted_source("samples/ice-age/lookintochess-2017.pgn"));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out,
              "8  * q k * * b . r\n"
              "7  * b * * n p p *\n"
              "6  * n * r * p p *\n"
              "5  * N p P * * * *\n"
              "4  * * P * * * * *\n"
              "3  * * * * P * P *\n"
              "2  * B P * * P B *\n"
              "1  R * * Q K * * R\n"
              "   a b c d e f g h\n"
              "White to move\n");
}

TEST(Diagram, BadFenIsAnErrorWithItsColumn) {
    const RunResult r = run_floe(
        "diagram --to text --fen 'rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("fen-rank-length"), std::string::npos) << r.err;
}

TEST(Corpus, GnuchessBookFirst2000IsValid) {
    FLOE_REQUIRE_SHARED(shared);
    const auto book   = shared / "corpora/gnuchess-book/book_1.02.first2000.pgn";
    const RunResult r = run_floe("validate --variant standard '" + book.string() + "'");
    EXPECT_EQ(r.exit_code, 0) << r.err.substr(0, 2000);
    EXPECT_NE(r.out.find(": 2000 games, "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(", 0 errors, 0 warnings\n"), std::string::npos) << r.out;
}

TEST(Corpus, CorruptedBookReportsExactlyTheChangedMove) {
    FLOE_REQUIRE_SHARED(shared);
    std::string text = read_file(shared / "corpora/gnuchess-book/book_1.02.first2000.pgn");
    // In Nijboer-Adams, Wijk aan Zee 1998, 7.Qg4 becomes 7.Qg5, which no queen can reach.
    const std::size_t game =
        text.find("[White \"Nijboer Friso (NED)\"]\n[Black \"Adams, Michael\"]");
    ASSERT_NE(game, std::string::npos);
    const std::size_t move    = text.find(" 7.Qg4 ", game) + 3;
    text[move + 2]            = '5';
    const auto [line, column] = line_column(text, move);
    const auto path           = temp_file("corrupted.pgn", text);
    const RunResult r         = run_floe("validate --variant standard '" + path.string() + "'");
    std::filesystem::remove(path);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.out.find(": 2000 games, "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(", 1 errors, 0 warnings\n"), std::string::npos) << r.out;
    const std::string where =
        ":" + std::to_string(line) + ":" + std::to_string(column) + ": error: ";
    EXPECT_NE(r.err.find(where), std::string::npos) << where << "\n" << r.err;
    EXPECT_NE(r.err.find("7. Qg5: no queen can reach g5 [illegal-move]"), std::string::npos)
        << r.err;
}

}  // namespace
}  // namespace floe::test
