// `floe select` end to end (issue 16): every criterion with its exact list of games on the
// samples of samples/select/ (each game's Event starts with its label: G1 … G6 chess, I1 … I3
// Ice Age, S1 S2 Glacial Shift), the output byte for byte as read, ranges, --count, splitting,
// and --jobs 2 writing what --jobs 1 writes.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "support/test_support.hpp"

namespace floe::test {
namespace {

const std::string Chess   = quoted_source("samples/select/chess.pgn");
const std::string IceAge  = quoted_source("samples/select/ice-age.pgn");
const std::string Glacial = quoted_source("samples/select/glacial.pgn");

// The labels of the games in a PGN output, in order: "G2 G3".
std::string labels(const std::string& pgn) {
    std::string out;
    const std::string key = "[Event \"";
    for (std::size_t at = 0; (at = pgn.find(key, at)) != std::string::npos; at += key.size()) {
        if (at != 0 && pgn[at - 1] != '\n') continue;
        if (!out.empty()) out += ' ';
        out += pgn.substr(at + key.size(), 2);
    }
    return out;
}

// The labels select writes for `args`.
std::string selected(const std::string& args) {
    const RunResult r = run_floe("select " + args);
    EXPECT_NE(r.exit_code, 2) << args << "\n" << r.err;
    return labels(r.out);
}

TEST(Select, WithoutCriteriaEveryGameAsRead) {
    EXPECT_EQ(selected(Chess), "G1 G2 G3 G4 G5 G6");
    EXPECT_EQ(selected(IceAge), "I1 I2 I3");
    EXPECT_EQ(selected(Glacial), "S1 S2");
}

// Like grep: each game's bytes as read, each followed by a blank line; the `%` lines before the
// first game are no game's. The samples end without a blank line: select adds the last one.
TEST(Select, OutputIsByteForByteAsRead) {
    for (const char* sample :
         {"samples/select/chess.pgn", "samples/select/ice-age.pgn", "samples/select/glacial.pgn"}) {
        const std::string source  = source_path(sample).string();
        const std::string command = "bash -c \"cmp <(" + quoted_floe() + " select '" + source +
                                    "') <(grep -v '^%' '" + source + "'; echo)\"";
        EXPECT_EQ(std::system(command.c_str()), 0) << sample;
    }
}

// Tags and derived fields (docs/where.md).
TEST(Select, Where) {
    EXPECT_EQ(selected("--where 'White ~~ \"fischer\" or Black ~~ \"fischer\"' " + Chess), "G2 G6");
    EXPECT_EQ(selected("--where 'WhiteElo >= 2400 and Result == \"0-1\"' " + Chess), "G2");
    EXPECT_EQ(selected("--where 'WhiteElo < 2400' " + Chess), "G3 G5");  // no WhiteElo: no match
    EXPECT_EQ(selected("--where 'Date < \"1973\"' " + Chess), "G1 G2");
    EXPECT_EQ(selected("--where 'Date == \"2025\"' " + Chess), "G4 G5 G6");  // ???? matches
    EXPECT_EQ(selected("--where 'White ~ \"^[A-D]\"' " + Chess), "G3 G5");
    EXPECT_EQ(selected("--where 'not (Round == 1 or Round == \"?\")' " + Chess), "G3 G4 G5 G6");
    EXPECT_EQ(selected("--where 'variant == \"Crazyhouse\"' " + Chess), "G6");
    EXPECT_EQ(selected("--where 'result == \"*\"' " + Chess), "G5 G6");
    EXPECT_EQ(selected("--where 'errors > 0' " + Chess), "G5");
    EXPECT_EQ(selected("--where 'plies < 100' " + Glacial), "S2");
    EXPECT_EQ(selected("--where 'variant == \"Ice Age\" and plies >= 1' " + IceAge), "I1 I2 I3");
    const RunResult bad = run_floe("select --where 'White ==' " + Chess);
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_EQ(bad.err, "floe select: --where: column 9: expected a value after `==`\n");
}

TEST(Select, Validity) {
    EXPECT_EQ(selected("--valid " + Chess), "G1 G2 G3 G4 G6");
    EXPECT_EQ(selected("--invalid " + Chess), "G5");
    EXPECT_EQ(selected("--invalid " + IceAge), "");
    EXPECT_EQ(selected("--valid " + Glacial), "S1 S2");
}

// The invalid games keep their diagnostics on standard error, as validate prints them; the exit
// code says a selected game is broken.
TEST(Select, InvalidGamesKeepTheirDiagnostics) {
    const RunResult r = run_floe("select --invalid " + Chess);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(strip_source_dir(r.err),
              "samples/select/chess.pgn:63:13: error: game 5 (Carol vs Dave), 2. Ke3: no king "
              "can reach e3 [illegal-move]\n"
              "   63 | 1. e4 e5 2. Ke3 Nc6 *\n"
              "      |             ^~~\n"
              "samples/select/chess.pgn:63:13: note: position before the move: "
              "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n");
    EXPECT_EQ(run_floe("select --valid " + Chess).exit_code, 0);
    EXPECT_EQ(run_floe("select --valid " + Chess).err, "");
}

TEST(Select, Events) {
    EXPECT_EQ(selected("--event checkmate " + Chess), "G1 G2 G3");
    EXPECT_EQ(selected("--event stalemate " + Chess), "G4");
    EXPECT_EQ(selected("--event checkmate,stalemate " + Chess), "G1 G2 G3 G4");
    EXPECT_EQ(selected("--event ice-age " + Chess), "");
    EXPECT_EQ(selected("--event ice-age " + IceAge), "I1 I2");
    EXPECT_EQ(selected("--event frozen-piece " + IceAge), "I1 I2");
    EXPECT_EQ(selected("--event frozen-king " + IceAge), "I2");
    EXPECT_EQ(selected("--event glacial-mate " + Glacial), "S1");
    EXPECT_EQ(selected("--event bare-mate " + Glacial), "S1");
    EXPECT_EQ(selected("--event checkmate " + Glacial), "");
    const RunResult bad = run_floe("select --event mate " + Chess);
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_EQ(bad.err,
              "floe select: --event: \"mate\" is not one of ice-age, frozen-piece, frozen-king, "
              "glacial-mate, bare-mate, checkmate, stalemate\n");
    EXPECT_EQ(run_floe("select --event ice-ag " + Chess).err,
              "floe select: --event: unknown event \"ice-ag\"; did you mean \"ice-age\"?\n");
}

// A main-line position, the start included, in each game's own variant (G6 is Crazyhouse: the
// FEN is its position with empty pockets); variations do not count.
TEST(Select, Position) {
    EXPECT_EQ(
        selected("--position 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3' " +
                 Chess),
        "G2 G3");
    // The clocks are left out.
    EXPECT_EQ(
        selected("--position 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 0 9' " +
                 Chess),
        "G2 G3");
    EXPECT_EQ(selected("--position 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' " +
                       Chess),
              "G1 G5 G6");
    EXPECT_EQ(
        selected("--position 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' " + Chess),
        "G1 G2 G3 G4 G5 G6");
    // After the Ice Age of I2: the white king froze, every empty square is ice.
    EXPECT_EQ(selected("--position '****k***/****p***/***p****/********/********/********/"
                       "********/******** w - - 0 21' " +
                       IceAge),
              "I2");
    const RunResult bad = run_floe("select --position 'foo' " + Chess);
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_EQ(bad.err,
              "floe select: --position: 'foo' is no FEN of a variant floe plays nor a Glacial "
              "Shift position string: FEN has 1 fields (expected 6: board, side to move, "
              "castling, en passant, halfmove clock, fullmove number)\n");
}

TEST(Select, PatternAndMaterial) {
    EXPECT_EQ(selected("--pattern 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR' " + Chess),
              "G1 G5 G6");
    const std::string any(8, '?');  // a rank of any squares (written out, `??/` is a trigraph)
    EXPECT_EQ(selected("--pattern '" + any + "/" + any + "/" + any + "/" + any + "/" +
                       any.substr(0, 6) + "Pq/" + any.substr(0, 5) + "P" + any.substr(0, 2) + "/" +
                       any + "/" + any + "' " + Chess),
              "G2 G3");
    EXPECT_EQ(selected("--material 'K vs KPP' " + IceAge), "I2");
    EXPECT_EQ(selected("--material '- vs KPP' " + IceAge), "I2");  // the king froze
    EXPECT_EQ(selected("--material 'KQ vs K+' " + Chess), "");
    EXPECT_EQ(selected("--material 'KQRRBBNNPPPPPPPP vs KQRRBBNNPPPPPPP' " + Chess),
              "G1 G4 G6");  // one black pawn taken
    EXPECT_EQ(run_floe("select --pattern 8/8 " + Chess).err,
              "floe select: --pattern: column 1: a board pattern has 8 ranks (chess) or 9 "
              "(Glacial Shift), not 2\n");
    EXPECT_EQ(run_floe("select --material 'KQ vs KX' " + Chess).err,
              "floe select: --material: column 8: 'X' is not a piece letter (K Q R B N P)\n");
}

// Glacial Shift: its position strings, its 9-rank boards, its four seats' material.
TEST(Select, GlacialPositionPatternAndMaterial) {
    const std::string after_four =
        "2,Bb2,By2,Bb3,1,Bb2,2/3,Bb1,Br2,Bb1,By2,2/Gg2,3,Bb1,3,Rr2/Gr2,Gg1,5,Rr1,Rg2/"
        "Gg3,Gb2,1,Gg1,2,Rr1,Ry2,Rr3/Gr2,Gg1,5,Rr1,1/Gg2,3,Yy1,Yy1,1,Rg2,Rr2/3,Yy1,Yg2,4/"
        "2,Yy2,Yb2,Yy3,Yb2,Yy2,2";
    EXPECT_EQ(
        selected("--position '" + after_four + " Y -/-/-/- 204/204/204/204 -/-/-/- 5' " + Glacial),
        "S1 S2");
    const std::string end =
        "2,Bb2,6/3,Bb1,2,Br3,1,By1/Xg1,8/9/5,Xr1,3/3,Bg2,5/5,Xy1,3/8,Bg1/6,Bb3,2 - "
        "-/-/y1y1y1y2y2y2g1g1g1g2g2g2g2g3b1b1b1b1b2b2b2r1r1r1r1r2r2r2r2r2/- 025/004/014/004 "
        "-/-/-/- 155";
    EXPECT_EQ(selected("--position '" + end + "' " + Glacial), "S1");
    EXPECT_EQ(selected("--pattern '" + after_four + "' " + Glacial), "S1 S2");
    // Yellow's start, exactly; the other seats anything.
    EXPECT_EQ(selected("--material 'y3y2y2y1y1y1g2b2b2 vs -+ vs -+ vs -+' " + Glacial), "S1 S2");
    // Blue alone on the board, with at least a small pyramid: S1's end.
    EXPECT_EQ(selected("--material '- vs - vs b1+ vs -' " + Glacial), "S1");
    // A chess FEN never matches a Glacial Shift game.
    EXPECT_EQ(selected("--position 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' " +
                       Glacial),
              "");
}

// The opening is read in each game's own variant and from its own start, in any notation.
TEST(Select, Opening) {
    EXPECT_EQ(selected("--opening 'f3 e5' " + Chess), "G2 G3");
    EXPECT_EQ(selected("--opening 'f2f3 e7e5 g2g4' " + Chess), "G2 G3");
    EXPECT_EQ(selected("--opening 'e4' " + Chess), "G1 G5 G6");  // G6 is Crazyhouse
    EXPECT_EQ(selected("--opening 'e4 d5 exd5 Qxd5 Nc3 Qa5 P@b4' " + Chess), "G6");
    EXPECT_EQ(selected("--opening 'e4 d5 exd5 Qxd5 Nc3 Qa5 P@b4 Qxb4 Nf3' " + Chess),
              "");  // longer than the game
    EXPECT_EQ(selected("--opening 'dx*e3 dx*e6' " + IceAge), "I3");
    EXPECT_EQ(selected("--opening 'Y: y1f2-f3 G: g1c5-d5' " + Glacial), "S1 S2");
    EXPECT_EQ(selected("--opening e4 " + IceAge), "");  // no opening move of Ice Age
}

// Repeats of a main line from the same start: the comment of G3 does not matter.
TEST(Select, UniqueAndDuplicates) {
    EXPECT_EQ(selected("--unique " + Chess), "G1 G2 G4 G5 G6");
    EXPECT_EQ(selected("--duplicates " + Chess), "G3");
    EXPECT_EQ(selected("--duplicates " + Chess + " " + Chess), "G3 G1 G2 G3 G4 G5 G6");
    EXPECT_EQ(selected("--unique " + Glacial + " " + Glacial), "S1 S2");
    EXPECT_EQ(run_floe("select --unique --duplicates " + Chess).exit_code, 2);
}

// Games floe cannot replay are never each other's repeats unless their bytes are the same.
TEST(Select, UniqueKeepsGamesThatCannotBeReplayed) {
    const std::string record =
        "[Event \"a\"]\n[Variant \"Foo\"]\n\n1. e4 e5 *\n\n"
        "[Event \"b\"]\n[Variant \"Foo\"]\n\n1. d4 d5 *\n\n"
        "[Event \"c\"]\n[SetUp \"1\"]\n[FEN \"bad\"]\n\n1. e4 *\n\n"
        "[Event \"a\"]\n[Variant \"Foo\"]\n\n1. e4 e5 *\n";
    const RunResult unique = run_floe("select --unique -", record);
    EXPECT_EQ(unique.out,
              "[Event \"a\"]\n[Variant \"Foo\"]\n\n1. e4 e5 *\n\n"
              "[Event \"b\"]\n[Variant \"Foo\"]\n\n1. d4 d5 *\n\n"
              "[Event \"c\"]\n[SetUp \"1\"]\n[FEN \"bad\"]\n\n1. e4 *\n\n");
    EXPECT_EQ(run_floe("select --duplicates --count -", record).out, "1\n");
}

// A criterion given with an empty or unusable value is an error, never "no criterion".
TEST(Select, BadCriteriaAreUsageErrors) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"--opening 'e4 e9'",
         "floe select: --opening: 'e4 e9' cannot be played: 1... e9: not a chess move (expected "
         "SAN such as Nf3, exd5, O-O or e8=Q)\n"},
        {"--opening 'e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 Qxh7'",
         "floe select: --opening: 'e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 Qxh7' cannot be played: 5. Qxh7: "
         "no queen can reach h7\n"},
        {"--opening '1-0 e4'",
         "floe select: --opening: '1-0 e4' cannot be played: it holds a result or `*`\n"},
        {"--opening 'e4 {'",
         "floe select: --opening: 'e4 {' cannot be played: '{' is no move: give moves and move "
         "numbers only\n"},
        {"--opening ''", "floe select: --opening: '' cannot be played: no moves\n"},
        {"--opening '1. 2...'", "floe select: --opening: '1. 2...' cannot be played: no moves\n"},
        {"--split-by '' -o x", "floe select: --split-by: give the name of a tag\n"},
        {"--where ''", "floe select: --where: column 1: expected a field name or `(`\n"},
    };
    for (const auto& [args, message] : cases) {
        const RunResult r = run_floe("select " + args + " " + Chess);
        EXPECT_EQ(r.exit_code, 2) << args;
        EXPECT_EQ(r.err, message) << args;
        EXPECT_EQ(r.out, "") << args;
    }
    for (const char* empty : {"--position ''", "--pattern ''", "--material ''"}) {
        const RunResult r = run_floe(std::string("select ") + empty + " " + Chess);
        EXPECT_EQ(r.exit_code, 2) << empty << r.err;
        EXPECT_EQ(r.out, "") << empty;
    }
}

// --event takes one list per use: the files after it stay files.
TEST(Select, EventTakesOneList) {
    EXPECT_EQ(run_floe("select --count --event checkmate " + Chess + " " + IceAge).out, "3\n");
    EXPECT_EQ(
        run_floe("select --count --event checkmate --event frozen-king " + Chess + " " + IceAge)
            .out,
        "4\n");
}

// --count keeps the diagnostics of the broken games it counts, as the written output does.
TEST(Select, CountKeepsDiagnostics) {
    const RunResult counted = run_floe("select --invalid --count " + Chess);
    const RunResult written = run_floe("select --invalid " + Chess);
    EXPECT_EQ(counted.out, "1\n");
    EXPECT_EQ(counted.exit_code, 1);
    EXPECT_EQ(counted.err, written.err);
}

// Through a writer, select reports as convert does, what reading the game found included (here
// a warning: no termination marker before the next game's tags). As read, the game is written
// unchanged, and select reports the errors it found, not the warnings.
TEST(Select, CanonicalReportsAsConvertDoes) {
    const std::string record  = "[Event \"a\"]\n\n1. e4 e5\n[Event \"b\"]\n\n1. d4 *\n";
    const RunResult as_read   = run_floe("select --variant standard -", record);
    const RunResult canonical = run_floe("select --variant standard --canonical -", record);
    const RunResult convert   = run_floe("convert --variant standard -", record);
    EXPECT_EQ(canonical.out, convert.out + "\n");  // select ends the last game with a blank line
    EXPECT_EQ(canonical.err, convert.err);
    EXPECT_NE(canonical.err.find("[game-boundary]"), std::string::npos);
    EXPECT_EQ(canonical.exit_code, convert.exit_code);
    EXPECT_EQ(as_read.exit_code, 0);
    EXPECT_EQ(as_read.err, "");
    EXPECT_EQ(as_read.out, "[Event \"a\"]\n\n1. e4 e5\n\n[Event \"b\"]\n\n1. d4 *\n\n");
}

// Hostile input found these: each is a game lost or an input overwritten without a word.
TEST(Select, AGameAfterATooLargeOneIsRead) {
    std::string record = "1. ";
    for (int i = 0; i < 5000; ++i) record += "e4 ";
    record += "\n[Event \"ok\"]\n1. e4 *\n";
    const RunResult r = run_floe("select --variant standard --max-game-bytes 1000 -", record);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "[Event \"ok\"]\n1. e4 *\n\n");
    EXPECT_NE(r.err.find("[game-too-large]"), std::string::npos);
}

TEST(Select, StandardInputIsAnInputToo) {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("floe-select-stdin-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto file          = dir / "in.pgn";
    const std::string record = "[Event \"x\"]\n1. e4 *\n\n[Event \"y\"]\n1. d4 *\n";
    { std::ofstream(file) << record; }
    for (const std::string& command :
         {"select --games 1 -o '" + file.string() + "' - < '" + file.string() + "'",
          "convert -o '" + file.string() + "' - < '" + file.string() + "'"}) {
        const std::string shell = "bash -c \"" + quoted_floe() + " " + command + "\" 2>/dev/null";
        EXPECT_EQ(WEXITSTATUS(std::system(shell.c_str())), 2) << command;
        EXPECT_EQ(read_file(file), record) << command;
    }
    std::filesystem::remove_all(dir);
}

// A tag value is compared as the writers show it: bytes that are not UTF-8 read in --encoding.
TEST(Select, WhereReadsTagsInTheRecordsEncoding) {
    const std::string record = "[White \"M\xfcller\"]\n\n1. e4 *\n";
    EXPECT_EQ(run_floe("select --count --where 'White == \"M\xc3\xbcller\"' -", record).out, "1\n");
    EXPECT_EQ(run_floe("select --count --where 'White ~ \"^M.ller$\"' -", record).out, "1\n");
    EXPECT_EQ(run_floe("select --count --encoding cp437 --where 'White == \"M\xe2\x81\xbfller\"' -",
                       record)
                  .out,
              "1\n");  // 0xFC is U+207F in code page 437
}

// A file whose lines end with a lone CR comes back byte for byte, its last blank line in CR too.
TEST(Select, LoneCarriageReturnsStay) {
    const std::string record = "[Event \"a\"]\r1. e4 *\r\r[Event \"b\"]\r1. d4 *\r";
    EXPECT_EQ(run_floe("select --variant standard -", record).out, record + "\r");
}

// Each selected game is followed by a blank line in its own line end, whichever games around it
// are selected, on standard output, in -o FILE and in split files; JSON has one line per game.
TEST(Select, EveryGameEndsWithABlankLine) {
    const std::string record =
        "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\r\n\r\n1. d4 *\r\n[Event \"c\"]\n1. c4 *";
    const std::string a = "[Event \"a\"]\n\n1. e4 e5 *\n\n",
                      b = "[Event \"b\"]\r\n\r\n1. d4 *\r\n\r\n", c = "[Event \"c\"]\n1. c4 *\n\n";
    EXPECT_EQ(run_floe("select --variant standard -", record).out, a + b + c);
    EXPECT_EQ(run_floe("select --variant standard --games 2 -", record).out, b);
    EXPECT_EQ(run_floe("select --variant standard --games 1,3 -", record).out, a + c);
    EXPECT_EQ(run_floe("select --variant standard --games 3 -", record).out, c);
    EXPECT_EQ(run_floe("select --variant standard --canonical --games 2 -", record).out,
              "[Event \"b\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
              "[Black \"?\"]\n[Result \"*\"]\n\n1. d4 *\n\n");
    EXPECT_EQ(run_floe("select --variant standard --moves uci --games 1 -", record).out,
              "[Event \"a\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
              "[Black \"?\"]\n[Result \"*\"]\n\n1. e2e4 e7e5 *\n\n");
    const RunResult json = run_floe("select --variant standard --to json -", record);
    EXPECT_EQ(std::count(json.out.begin(), json.out.end(), '\n'), 3);
    EXPECT_EQ(json.out.find("\n\n"), std::string::npos);
    EXPECT_EQ(json.out.back(), '\n');

    const auto dir = std::filesystem::temp_directory_path() /
                     ("floe-select-blank-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string file = (dir / "out.pgn").string();
    EXPECT_EQ(run_floe("select --variant standard -o '" + file + "' -", record).exit_code, 0);
    EXPECT_EQ(read_file(file), a + b + c);
    const std::string split = (dir / "split").string();
    EXPECT_EQ(run_floe("select --variant standard --split-every 2 -o '" + split + "' -", record)
                  .exit_code,
              0);
    EXPECT_EQ(read_file(dir / "split" / "000001.pgn"), a + b);
    EXPECT_EQ(read_file(dir / "split" / "000002.pgn"), c);
    std::filesystem::remove_all(dir);
}

TEST(Select, Ranges) {
    EXPECT_EQ(selected("--games 2-3,5 " + Chess), "G2 G3 G5");
    EXPECT_EQ(selected("--games 5- " + Chess), "G5 G6");
    EXPECT_EQ(selected("--games 2 " + Chess + " " + IceAge), "G2 I2");
    EXPECT_EQ(selected("--skip 1 --first 2 " + Chess), "G2 G3");
    EXPECT_EQ(selected("--first 2 " + Chess + " " + IceAge), "G1 G2");
    EXPECT_EQ(selected("--first 0 " + Chess), "");
    EXPECT_EQ(selected("--valid --skip 3 " + Chess), "G4 G6");
    for (const char* bad : {"0", "3-2", "x", "1,,2", "-4", ""}) {
        const RunResult r = run_floe(std::string("select --games '") + bad + "' " + Chess);
        EXPECT_EQ(r.exit_code, 2) << bad;
    }
    EXPECT_EQ(run_floe("select --games 3-2 " + Chess).err,
              "floe select: --games: '3-2' ends before it starts\n");
}

TEST(Select, Count) {
    EXPECT_EQ(run_floe("select --count " + Chess).out, "6\n");
    EXPECT_EQ(run_floe("select --count --valid " + Chess + " " + IceAge).out, "8\n");
    EXPECT_EQ(run_floe("select --count --event checkmate --first 2 " + Chess).out, "2\n");
}

TEST(Select, CanonicalAndJson) {
    const RunResult canonical = run_floe("select --canonical --games 2 " + Chess);
    EXPECT_EQ(canonical.exit_code, 0);
    // convert writes no blank line after the last game; select does.
    EXPECT_EQ(canonical.out,
              run_floe("convert - ", run_floe("select --games 2 " + Chess).out).out + "\n");
    const RunResult json = run_floe("select --to json --games 2 " + Chess);
    EXPECT_EQ(json.out.substr(0, 29), "{\"schema_version\":2,\"game\":2,");
    EXPECT_EQ(std::count(json.out.begin(), json.out.end(), '\n'), 1);
    const RunResult uci = run_floe("select --moves uci --games 2 " + Chess);
    EXPECT_NE(uci.out.find("\n\n1. f2f3 e7e5 2. g2g4 d8h4 0-1\n"), std::string::npos) << uci.out;
}

TEST(Select, JobsTwoWritesWhatJobsOneWrites) {
    for (const std::string& args :
         {Chess + " " + IceAge + " " + Glacial, "--valid " + Chess, "--unique " + Chess,
          "--canonical " + Chess + " " + Glacial, "--first 3 " + Chess + " " + IceAge}) {
        const RunResult one = run_floe("select --jobs 1 " + args);
        const RunResult two = run_floe("select --jobs 2 " + args);
        EXPECT_EQ(one.out, two.out) << args;
        EXPECT_EQ(one.err, two.err) << args;
        EXPECT_EQ(one.exit_code, two.exit_code) << args;
    }
}

TEST(Select, SplitEveryAndSplitBy) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("floe-split-test-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    const RunResult every = run_floe("select --split-every 4 -o '" + dir.string() + "' " + Chess);
    // G5 is broken, and written as read: without a criterion that replays, not judged.
    EXPECT_EQ(every.exit_code, 0);
    EXPECT_EQ(labels(read_file(dir / "000001.pgn")), "G1 G2 G3 G4");
    EXPECT_EQ(labels(read_file(dir / "000002.pgn")), "G5 G6");
    std::filesystem::remove_all(dir);

    const RunResult by =
        run_floe("select --split-by White -o '" + dir.string() + "' " + Chess + " " + Glacial);
    std::vector<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    // Capitals: folded, and the FNV-1a 32 hash of the value (docs/commands.md, "Splitting").
    EXPECT_EQ(names,
              (std::vector<std::string>{"-.pgn", "ann-77b5f6b8.pgn", "carol-0f3e69b2.pgn",
                                        "erin-9d8cf119.pgn", "fischer, robert james-a6b9d1fd.pgn",
                                        "loyd, samuel-81d84232.pgn", "morphy, paul-b9d50d12.pgn"}));
    EXPECT_EQ(labels(read_file(dir / "-.pgn")), "S1 S2");  // no White tag
    std::filesystem::remove_all(dir);
    EXPECT_EQ(run_floe("select --split-by White " + Chess).exit_code, 2);  // no -o DIR
    // A write that fails stops the run, and no file is put in place.
    std::filesystem::create_directories(dir);
    const auto input = dir / "ann-77b5f6b8.pgn";
    std::filesystem::copy_file(source_path("samples/select/chess.pgn"), input);
    const RunResult clash = run_floe("select --split-by White -o '" + dir.string() + "' '" +
                                     input.string() + "' " + Glacial);
    EXPECT_EQ(clash.exit_code, 2);
    EXPECT_EQ(clash.err, "floe select: the output file " + input.string() + " is the input file " +
                             input.string() + "; nothing was written\n");
    std::vector<std::string> left;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        left.push_back(e.path().filename().string());
    EXPECT_EQ(left, std::vector<std::string>{"ann-77b5f6b8.pgn"});
    EXPECT_EQ(read_file(input), read_file(source_path("samples/select/chess.pgn")));
    std::filesystem::remove_all(dir);
}

// A split never writes over an input, and tag values make safe names.
TEST(Select, SplitNamesAreSafe) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("floe-split-safe-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string record =
        "[White \"../../etc/passwd\"]\n\n1. e4 *\n\n[White \"a/b\\\\c\"]\n\n1. d4 *\n\n"
        "[White \"..\"]\n\n1. c4 *\n\n[White \"x\x01y\"]\n\n1. Nf3 *\n";
    const RunResult r =
        run_floe("select --variant standard --split-by White -o '" + dir.string() + "' -", record);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::vector<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"_._.._etc_passwd-6fadc99a.pgn", "__-a3d4a70d.pgn",
                                               "a_b_c-3eb53d0c.pgn", "x_y-c67840d1.pgn"}));
    // The input itself as a destination: refused, nothing written.
    const auto input = dir / "x_y-c67840d1.pgn";
    const RunResult over =
        run_floe("select --split-by White -o '" + dir.string() + "' '" + input.string() + "'");
    EXPECT_EQ(over.exit_code, 2);
    EXPECT_NE(over.err.find("is the input file"), std::string::npos) << over.err;
    std::filesystem::remove_all(dir);
}

// The acceptance on the whole GNU book (145,716 games): the counts of select against an
// independent count, this test's own reading of the tag lines, and pgn-extract where it applies;
// and every game selected is the book back, byte for byte (it ends with a blank line).
TEST(Select, GnuBookCountsAgreeWithIndependentCounts) {
    FLOE_REQUIRE_SHARED(shared);
    const auto dir =
        std::filesystem::temp_directory_path() / ("floe-select-book-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto book          = dir / "book.pgn";
    const std::string unpack = "xz -dc '" +
                               (shared / "corpora/gnuchess-book/book_1.02.pgn.xz").string() +
                               "' > '" + book.string() + "'";
    if (std::system(unpack.c_str()) != 0) GTEST_SKIP() << "xz is not installed";
    const std::string quoted = "'" + book.string() + "'";

    // The tags, read line by line: the book has one tag pair per line.
    long games = 0, white_wins = 0, fischer = 0, before_1960 = 0;
    {
        std::istringstream lines(read_file(book));
        for (std::string line; std::getline(lines, line);) {
            if (line.rfind("[Event ", 0) == 0) ++games;
            if (line == "[Result \"1-0\"]") ++white_wins;
            std::string lower = line;
            for (char& c : lower)
                c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            if ((lower.rfind("[white ", 0) == 0 || lower.rfind("[black ", 0) == 0) &&
                lower.find("fischer") != std::string::npos)
                ++fischer;  // never both players
            // Dates are YYYY.MM.DD with ?? parts: a known year below 1960 decides.
            if (line.rfind("[Date \"", 0) == 0 && line.size() >= 11 && line[7] != '?' &&
                line.compare(7, 4, "1960") < 0)
                ++before_1960;
        }
    }
    auto count = [&](const std::string& args) {
        return run_floe("select --variant standard --count " + args + " " + quoted).out;
    };
    EXPECT_EQ(games, 145716);
    EXPECT_EQ(count(""), std::to_string(games) + "\n");
    EXPECT_EQ(count("--where 'Result == \"1-0\"'"), std::to_string(white_wins) + "\n");
    EXPECT_EQ(count("--where 'White ~~ \"fischer\" or Black ~~ \"FISCHER\"'"),
              std::to_string(fischer) + "\n");
    EXPECT_EQ(count("--where 'Date < \"1960\"'"), std::to_string(before_1960) + "\n");
    EXPECT_EQ(white_wins, 51460);

    // pgn-extract knows checkmate and stalemate: the same games.
    auto pgn_extract = [&](const std::string& flag) {
        const std::string command = "/usr/games/pgn-extract " + flag + " -s " + quoted +
                                    " 2>/dev/null | grep -c '^\\[Event '";
        std::string out;
        if (FILE* p = ::popen(command.c_str(), "r")) {
            char buffer[64];
            while (std::fgets(buffer, sizeof buffer, p)) out += buffer;
            ::pclose(p);
        }
        return out;
    };
    if (std::filesystem::exists("/usr/games/pgn-extract")) {
        EXPECT_EQ(count("--event checkmate"), pgn_extract("--checkmate"));
        EXPECT_EQ(count("--event stalemate"), pgn_extract("--stalemate"));
    }
    EXPECT_EQ(count("--event checkmate"), "1601\n");
    EXPECT_EQ(count("--event stalemate"), "99\n");

    // Every game as read: the book back. Its last game ends with a blank line, as select writes
    // it; a book without one would come back with one more line end.
    const std::string all      = run_floe("select " + quoted).out;
    const std::string original = read_file(book);
    std::filesystem::remove_all(dir);
    ASSERT_GE(original.size(), 2u);
    EXPECT_EQ(original.substr(original.size() - 2), "\n\n");
    EXPECT_EQ(all, original);
}

// A board where a side has no king is reached by no game but an Ice Age game whose king froze,
// whose square then holds ice: without ice it is a usage error naming the reason, as an invalid
// FEN is (issue 25 item 11: it was accepted and matched nothing).
TEST(Select, APositionWithoutAKingThatNoGameReachesIsAUsageError) {
    const std::string file = quoted_source("samples/orthodox/opera-game-1858.pgn");
    for (const auto& [fen, side] :
         {std::pair<std::string, std::string>{"8/8/8/8/8/8/8/8 w - - 0 1", "White"},
          {"8/8/8/8/8/8/8/4K3 w - - 0 1", "Black"}}) {
        const RunResult r = run_floe("select --position '" + fen + "' " + file);
        EXPECT_EQ(r.exit_code, 2);
        EXPECT_EQ(r.out, "");
        EXPECT_EQ(r.err, "floe select: --position: '" + fen +
                             "' is no FEN of a variant floe plays nor a Glacial Shift position "
                             "string: board: " +
                             side +
                             " has no king, and no game reaches such a position (a king is "
                             "missing only after it froze in an Ice Age, and its square then "
                             "holds ice)\n");
    }
    // With ice (a frozen king), an Ice Age position: accepted, and this file does not reach it.
    const RunResult frozen =
        run_floe("select --count --position '8/8/8/8/8/8/8/4K2* w - - 0 1' " + file);
    EXPECT_EQ(frozen.exit_code, 0) << frozen.err;
    EXPECT_EQ(frozen.out, "0\n");
}

// Game numbers start at 1, in every option that takes one (issue 25 item 11: `diagram --game
// 0` named CLI11's smallest double, a number of 309 digits).
TEST(Select, GameNumberZeroSaysGameNumbersStartAtOne) {
    const std::string file = quoted_source("samples/orthodox/opera-game-1858.pgn");
    for (const char* command : {"diagram", "fen", "replay"}) {
        SCOPED_TRACE(command);
        const RunResult r = run_floe(std::string(command) + " --game 0 " + file);
        EXPECT_EQ(r.exit_code, 2);
        EXPECT_EQ(r.out, "");
        const std::string prefix = "floe " + std::string(command) + ": ";
        EXPECT_EQ(r.err, prefix +
                             "--game: \"0\" is not a game number: they start at 1 (the first "
                             "game is --game 1)\n");
        const RunResult large = run_floe(std::string(command) + " --game 99999999999 " + file);
        EXPECT_EQ(large.err, prefix +
                                 "--game: \"99999999999\" is too large a game number (at most "
                                 "2147483647)\n");
    }
    const RunResult games = run_floe("select --games 0-3 " + file);
    EXPECT_EQ(games.exit_code, 2);
    EXPECT_EQ(games.err, "floe select: --games: '0-3': game numbers start at 1\n");
    EXPECT_EQ(run_floe("diagram --ply -1 " + file).err,
              "floe diagram: --ply: \"-1\" is not a whole number from 0\n");
}

}  // namespace
}  // namespace floe::test
