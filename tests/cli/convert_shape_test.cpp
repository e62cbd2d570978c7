// `floe convert --strip / --add-tags / --no-move-numbers` and `floe fen --all --to epd` (issue 16):
// exact output of each option and combination, a broken game under each, Crazyhouse, Ice Age and
// Glacial Shift games, usage errors, and `--jobs 2` writing what `--jobs 1` writes.
#include <gtest/gtest.h>

#include <string>

#include "support/test_support.hpp"

namespace floe::test {
namespace {

// Two orthodox games: the first's variation fails (its main line does not), the second's main
// line fails at 2. Kd3.
const std::string TwoGames = R"~([Event "A"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]
[Annotator "Cy"]
[PlyCount "7"]
[SetUp "0"]
[Variant "Standard"]

1. e4 $1 {best} e5 2. Nf3 (2. f4 Kxe8) Nc6! 1-0

[Event "B"]
[Result "*"]
[Variant "Standard"]
[ECO "A40"]

1. d4 e5 2. Kd3 Qg5 3. Nf3 Qxc1 4. Kd2 Qxd1 *
)~";

const std::string CrazyhouseGame = R"~([Event "Zh"]
[Result "*"]
[Variant "Crazyhouse"]
[TimeControl "180+0"]

1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. Nf3 Bg4 5. h3 Bxf3 6. Qxf3 N@d4 $2 {drop} (6... Nc6 7. P@d5) 7. Qd3 *
)~";

// A Glacial Shift game whose main line fails at ply 3 (an unreadable move).
const std::string GlacialGame = R"~([Variant "Glacial Shift"]
[Yellow "Y1"]
[Opening "x"]

1. Y: y1e3-e4 $1 {first} 2. G: g1b4-c4 3. B: zzz 4. R: r1g5-f5 *
)~";

// two games: a variation that fails and a main line that fails; the markers stay
TEST(ConvertShape, StripCommentsAndNagsKeepsTheMarkers) {
    const RunResult r = run_floe("convert --variant standard --strip comments,nags -", TwoGames);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, R"~([Event "A"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]
[Annotator "Cy"]
[PlyCount "7"]
[SetUp "0"]
[Variant "Standard"]

1. e4 e5 2. Nf3 (2. f4 {[%floe illegal-move] Kxe8}) 2... Nc6 1-0

[Event "B"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[Variant "Standard"]
[ECO "A40"]

1. d4 e5 {[%floe illegal-move] Kd3 Qg5 3. Nf3 Qxc1 4. Kd2 Qxd1} *
)~");
}

// the failed variation goes with its marker; the error is still reported
TEST(ConvertShape, StripVariationsDropsRavsWithTheirErrors) {
    const RunResult r = run_floe("convert --variant standard --strip variations -", TwoGames);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, R"~([Event "A"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]
[Annotator "Cy"]
[PlyCount "7"]
[SetUp "0"]
[Variant "Standard"]

1. e4 $1 {best} 1... e5 2. Nf3 Nc6 $1 1-0

[Event "B"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[Variant "Standard"]
[ECO "A40"]

1. d4 e5 {[%floe illegal-move] Kd3 Qg5 3. Nf3 Qxc1 4. Kd2 Qxd1} *
)~");
}

// Annotator, PlyCount and ECO go; SetUp and Variant stay
TEST(ConvertShape, StripTagsKeepsTheRosterAndTheSetupTags) {
    const RunResult r = run_floe("convert --variant standard --strip tags -", TwoGames);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, R"~([Event "A"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]
[SetUp "0"]
[Variant "Standard"]

1. e4 $1 {best} 1... e5 2. Nf3 (2. f4 {[%floe illegal-move] Kxe8}) 2... Nc6 $1
1-0

[Event "B"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[Variant "Standard"]

1. d4 e5 {[%floe illegal-move] Kd3 Qg5 3. Nf3 Qxc1 4. Kd2 Qxd1} *
)~");
}

// PlyCount replaces the record's; none for a failed main line; SetUp "0" replaced
TEST(ConvertShape, AddTagsPlyCountAndFen) {
    const RunResult r = run_floe("convert --variant standard --add-tags PlyCount,FEN -", TwoGames);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, R"~([Event "A"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]
[Annotator "Cy"]
[Variant "Standard"]
[PlyCount "4"]
[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]

1. e4 $1 {best} 1... e5 2. Nf3 (2. f4 {[%floe illegal-move] Kxe8}) 2... Nc6 $1
1-0

[Event "B"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[Variant "Standard"]
[ECO "A40"]
[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]

1. d4 e5 {[%floe illegal-move] Kd3 Qg5 3. Nf3 Qxc1 4. Kd2 Qxd1} *
)~");
}

// the rest of a failed line keeps its numbers: it is written as read
TEST(ConvertShape, NoMoveNumbers) {
    const RunResult r = run_floe("convert --variant standard --no-move-numbers -", TwoGames);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, R"~([Event "A"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]
[Annotator "Cy"]
[PlyCount "7"]
[SetUp "0"]
[Variant "Standard"]

e4 $1 {best} e5 Nf3 (f4 {[%floe illegal-move] Kxe8}) Nc6 $1 1-0

[Event "B"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[Variant "Standard"]
[ECO "A40"]

d4 e5 {[%floe illegal-move] Kd3 Qg5 3. Nf3 Qxc1 4. Kd2 Qxd1} *
)~");
}

// the main line only; a failed one ends with its marker
TEST(ConvertShape, UciMoveListOneLinePerGame) {
    const RunResult r =
        run_floe("convert --variant standard --moves uci --no-move-numbers -", TwoGames);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, R"~(e2e4 e7e5 g1f3 b8c6
d2d4 e7e5 {[%floe illegal-move] Kd3 Qg5 3. Nf3 Qxc1 4. Kd2 Qxd1}
)~");
}

// drops stay drops
TEST(ConvertShape, CrazyhouseStripEverything) {
    const RunResult r = run_floe(
        "convert --strip comments,nags,variations,tags --no-move-numbers -", CrazyhouseGame);
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, R"~([Event "Zh"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[Variant "Crazyhouse"]

e4 d5 exd5 Qxd5 Nc3 Qa5 Nf3 Bg4 h3 Bxf3 Qxf3 N@d4 Qd3 *
)~");
}

// no tags in the move list, so --add-tags adds none
TEST(ConvertShape, CrazyhouseMoveList) {
    const RunResult r =
        run_floe("convert --moves uci --no-move-numbers --add-tags PlyCount -", CrazyhouseGame);
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, R"~(e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 g1f3 c8g4 h2h3 g4f3 d1f3 N@d4 f3d3
)~");
}

// its own roster, its start position string as FEN, seats without ply numbers; no PlyCount for a
// failed main line
TEST(ConvertShape, GlacialShiftShaped) {
    const RunResult r = run_floe(
        "convert --strip tags,comments --add-tags PlyCount,FEN --no-move-numbers -", GlacialGame);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, R"~([Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[Yellow "Y1"]
[Green "?"]
[Blue "?"]
[Red "?"]
[Result "*"]
[Variant "Glacial Shift"]
[SetUp "1"]
[FEN "2,Bb2,By2,Bb3,By2,Bb2,2/3,Bb1,Br2,Bb1,3/Gg2,3,Bb1,3,Rr2/Gr2,Gg1,5,Rr1,Rg2/Gg3,Gb2,Gg1,3,Rr1,Ry2,Rr3/Gr2,Gg1,5,Rr1,Rg2/Gg2,3,Yy1,3,Rr2/3,Yy1,Yg2,Yy1,3/2,Yy2,Yb2,Yy3,Yb2,Yy2,2 Y -/-/-/- 204/204/204/204 -/-/-/- 1"]

Y: y1e3-e4 $1 G: g1b4-c4 {[%floe unreadable-move] B: zzz 4. R: r1g5-f5} *
)~");
}

// plies without seats or numbers
TEST(ConvertShape, GlacialShiftMoveList) {
    const RunResult r = run_floe("convert --moves uci --no-move-numbers -", GlacialGame);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, R"~(y1e3-e4 g1b4-c4 {[%floe unreadable-move] B: zzz 4. R: r1g5-f5}
)~");
}

// A converted broken game read again: its marker arrives as a comment, and is no comment to strip.
TEST(ConvertShape, MarkersReadAgainSurviveStripping) {
    const std::string once = run_floe("convert --variant standard -", TwoGames).out;
    const RunResult again  = run_floe("convert --strip comments -", once);
    EXPECT_EQ(again.exit_code, 1);
    EXPECT_NE(again.out.find("1. d4 e5 {[%floe illegal-move] Kd3 Qg5 3. Nf3 Qxc1 4. Kd2 Qxd1} *\n"),
              std::string::npos);
    EXPECT_NE(again.out.find("(2. f4 {[%floe illegal-move] Kxe8})"), std::string::npos);
    EXPECT_EQ(run_floe("convert --moves uci --no-move-numbers -", once).out,
              "e2e4 e7e5 g1f3 b8c6\n"
              "d2d4 e7e5 {[%floe illegal-move] Kd3 Qg5 3. Nf3 Qxc1 4. Kd2 Qxd1}\n");
}

// A failed main line keeps the record's PlyCount: floe's count would be of a game the record
// does not hold.
TEST(ConvertShape, FailedMainLineKeepsTheRecordsPlyCount) {
    const RunResult r = run_floe("convert --add-tags plycount -",
                                 "[PlyCount \"9\"]\n[Variant \"Standard\"]\n\n1. e4 Ke7 *\n");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, R"([Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[PlyCount "9"]
[Variant "Standard"]

1. e4 {[%floe illegal-move] Ke7} *
)");
}

// An Ice Age game from a FEN tag: the move list names its start, the FEN tag is its own, and
// the computed Ice Age stays an event.
TEST(ConvertShape, IceAgeFromAFenTag) {
    const std::string file = quoted_source("samples/ice-age/reference-3.pgn");
    EXPECT_EQ(run_floe("convert --moves uci --no-move-numbers " + file).out,
              "fen 2rq1rk1/3bpp2/1*1p1bP1/1p2n3/4P2P/1NN2P1*/PPPQ4/1K1R3R b - - 0 20 moves c8c3\n");
    EXPECT_EQ(run_floe("convert --strip tags --add-tags FEN,PlyCount " + file).out,
              R"([Event "Reference position 3"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[Variant "Ice Age"]
[SetUp "1"]
[FEN "2rq1rk1/3bpp2/1*1p1bP1/1p2n3/4P2P/1NN2P1*/PPPQ4/1K1R3R b - - 0 20"]
[PlyCount "1"]

20... Rxc3 <ice age: Rh1 Ph4 pb5> *
)");
}

// A game floe cannot replay: passed through as written in PGN, a marker line in the move list.
// An empty game is an empty line.
TEST(ConvertShape, MoveListOfUnreplayableAndEmptyGames) {
    const RunResult r =
        run_floe("convert --moves uci --no-move-numbers -",
                 "[Variant \"Atomic\"]\n\n1. e4 *\n\n[Variant \"Standard\"]\n\n*\n");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, "{[%floe unsupported-variant]}\n\n");
    const RunResult strict = run_floe("convert --strict --moves uci --no-move-numbers -",
                                      "[Variant \"Atomic\"]\n\n1. e4 *\n");
    EXPECT_EQ(strict.exit_code, 1);
    EXPECT_EQ(strict.out, "{[%floe unsupported-variant]}\n");
}

TEST(ConvertShape, UsageErrorsNameTheWord) {
    const RunResult strip = run_floe("convert --strip comments,clocks -", "*");
    EXPECT_EQ(strip.exit_code, 2);
    EXPECT_EQ(strip.err,
              "floe convert: --strip: \"clocks\" is not one of comments, nags, variations, "
              "tags\n");
    const RunResult near = run_floe("convert --strip coments -", "*");
    EXPECT_EQ(near.err,
              "floe convert: --strip: unknown word \"coments\"; did you mean \"comments\"?\n");
    const RunResult tags = run_floe("convert --add-tags PlyCount,Elo -", "*");
    EXPECT_EQ(tags.exit_code, 2);
    EXPECT_EQ(tags.err, "floe convert: --add-tags: \"Elo\" is not one of PlyCount, FEN\n");
    const RunResult json = run_floe("convert --to json --no-move-numbers -", "*");
    EXPECT_EQ(json.exit_code, 2);
    EXPECT_EQ(json.err,
              "floe convert: --strip, --add-tags and --no-move-numbers shape PGN, not --to json\n");
    EXPECT_TRUE(json.out.empty());
}

// The options take one comma list each, and may be given again: the FILE after them is a file.
TEST(ConvertShape, ListsStopAtTheirArgument) {
    const RunResult r =
        run_floe("convert --variant standard --strip tags --strip nags,comments -", TwoGames);
    EXPECT_EQ(r.out,
              run_floe("convert --variant standard --strip comments,nags,tags -", TwoGames).out);
    EXPECT_NE(r.out.find("1. e4 e5 2. Nf3 (2. f4 {[%floe illegal-move] Kxe8}) 2... Nc6 1-0\n"),
              std::string::npos);
}

TEST(ConvertShape, JobsTwoWritesWhatJobsOneWrites) {
    std::string input;
    for (int i = 0; i < 40; ++i)
        input += TwoGames + "\n" + CrazyhouseGame + "\n" + GlacialGame + "\n";
    for (const std::string options :
         {"--strip comments,nags,variations,tags", "--add-tags PlyCount,FEN", "--no-move-numbers",
          "--moves uci --no-move-numbers", "--strip tags --add-tags FEN --no-move-numbers"}) {
        SCOPED_TRACE(options);
        const RunResult one =
            run_floe("convert --variant standard --jobs 1 " + options + " -", input);
        const RunResult two =
            run_floe("convert --variant standard --jobs 2 " + options + " -", input);
        EXPECT_EQ(one.exit_code, 1);
        EXPECT_EQ(two.exit_code, 1);
        EXPECT_EQ(two.out, one.out);
        EXPECT_EQ(two.err, one.err);
    }
}

}  // namespace
}  // namespace floe::test
