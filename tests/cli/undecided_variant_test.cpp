// Games without a Variant tag that their first plies cannot decide take the variant of the
// input's first decided game (docs/rules/notation.md §2.7; issue 24 item 5), in one run, on
// standard input, under --jobs and in --shard parts; and the parts and threads report what one
// run reports (issue 25 item 12).

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "support/test_support.hpp"

namespace floe::test {
namespace {

namespace fs = std::filesystem;

const std::string StandardStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
const std::string IceAgeStart =
    "rnbqkbnr/pppppppp/********/********/********/********/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
const std::string AfterNf3 = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1\n";

// Quoted for the shell (appended piece by piece: GCC 12 warns of `"'" + s + "'"`, -Wrestrict).
std::string quoted(const fs::path& p) {
    std::string q = "'";
    q += p.string();
    q += '\'';
    return q;
}

// A temporary directory, removed with the object.
struct TempDir {
    fs::path path;
    TempDir() {
        char name[] = "/tmp/floe-undecided-XXXXXX";
        path        = mkdtemp(name);
    }
    ~TempDir() { fs::remove_all(path); }
    fs::path write(const std::string& name, const std::string& text) const {
        std::ofstream(path / name, std::ios::binary) << text;
        return path / name;
    }
};

// The parts' standard outputs and errors, each concatenated in part order; the highest exit code.
RunResult sharded(const std::string& args, const fs::path& file, int parts) {
    RunResult all;
    all.exit_code = 0;
    for (int k = 1; k <= parts; ++k) {
        const RunResult r = run_floe(args + " --shard " + std::to_string(k) + "/" +
                                     std::to_string(parts) + " " + quoted(file));
        EXPECT_NE(r.exit_code, 2) << r.err;
        all.out += r.out;
        all.err += r.err;
        all.exit_code = std::max(all.exit_code, r.exit_code);
    }
    return all;
}

TEST(UndecidedVariant, TheLichessSampleIsAllStandard) {
    FLOE_REQUIRE_SHARED(shared);
    const std::string file =
        (shared / "corpora/lichess-2025-05/lichess_db_2025-05_438games.pgn").string();
    const RunResult r = run_floe("validate '" + file + "'");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, file + ": 438 games, 28538 plies, 0 errors, 0 warnings\n");
    EXPECT_EQ(r.err, file +
                         ": note: 438 games without a Variant tag read by their first plies: 432 "
                         "as Standard, 6 undecided read as Standard like the input's first "
                         "decided game; use --variant or a Variant tag to choose\n");
    // In JSON: every game by its variant, and the undecided ones apart.
    const RunResult json = run_floe("validate --to json '" + file + "'");
    EXPECT_NE(json.out.find(",\"variants\":{\"Standard\":438},\"undecided\":{\"Standard\":6}}\n"),
              std::string::npos)
        << json.out;
    // No game of the sample shows ice.
    const RunResult fen = run_floe("fen --all '" + file + "'");
    EXPECT_EQ(fen.exit_code, 0);
    EXPECT_EQ(fen.out.find('*'), std::string::npos);
}

const std::string UndecidedFirst = "1-0\n\n1. Nf3 *\n\n1. e4 e5 *\n";
const std::string UndecidedFirstFens =
    StandardStart + "\n" + StandardStart + AfterNf3 + "\n" + StandardStart +
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n";
const std::string UndecidedFirstNote =
    ": note: 3 games without a Variant tag read by their first plies: 1 as Standard, 2 undecided "
    "read as Standard like the input's first decided game; use --variant or a Variant tag to "
    "choose\n";

TEST(UndecidedVariant, UndecidedGamesBeforeTheFirstDecidedOneTakeItsVariant) {
    TempDir dir;
    const fs::path file = dir.write("first.pgn", UndecidedFirst);
    const RunResult r   = run_floe("fen --all " + quoted(file));
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, UndecidedFirstFens);
    EXPECT_EQ(r.err, file.string() + UndecidedFirstNote);
    // Standard input: the same, the games held until the third decides.
    const RunResult in = run_floe("fen --all -", UndecidedFirst);
    EXPECT_EQ(in.out, UndecidedFirstFens);
    EXPECT_EQ(in.err, "<stdin>" + UndecidedFirstNote);
    // One game of the file: `fen --game`, on a file and on standard input.
    EXPECT_EQ(run_floe("fen --game 1 " + quoted(file)).out, StandardStart);
    EXPECT_EQ(run_floe("fen --game 2 -", UndecidedFirst).out, AfterNf3);
    // --variant chooses, with no note.
    const RunResult ice = run_floe("fen --all --variant 'ice age' --ply 0 " + quoted(file));
    EXPECT_EQ(ice.out.find(StandardStart), std::string::npos);
}

TEST(UndecidedVariant, AFileOfOnlyMovelessGamesIsIceAge) {
    const std::string text = "[White \"a\"]\n[Result \"1-0\"]\n\n1-0\n\n[White \"b\"]\n\n0-1\n";
    const RunResult r      = run_floe("fen --all -", text);
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, IceAgeStart + "\n" + IceAgeStart);
    EXPECT_EQ(r.err, "");  // nothing read as other than Ice Age: no note
}

TEST(UndecidedVariant, TheFirstDecidedGameIsSoughtInTheFirstMiBOnly) {
    // 1,100 move-less games of about 1 kB, then a Standard game past the first MiB.
    std::string text;
    for (int i = 0; i < 1100; ++i) text += "{" + std::string(1000, 'x') + "} *\n\n";
    text += "1. e4 *\n";
    const RunResult r = run_floe("validate -", text);
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, "<stdin>: 1101 games, 1 plies, 0 errors, 0 warnings\n");
    EXPECT_EQ(r.err,
              "<stdin>: note: 1101 games without a Variant tag read by their first plies: 1 as "
              "Standard, 1100 undecided read as Ice Age: no game decided in the input's first "
              "MiB; use --variant or a Variant tag to choose\n");
}

TEST(UndecidedVariant, ATaggedGameDecidesTheInputsVariant) {
    const std::string text = "*\n\n[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@e4 *\n";
    const RunResult fen    = run_floe("fen --game 1 -", text);
    EXPECT_EQ(fen.exit_code, 0);
    EXPECT_EQ(fen.out, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\n");
    const RunResult r = run_floe("validate -", text);
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, "<stdin>: 2 games, 5 plies, 0 errors, 0 warnings\n");
    EXPECT_EQ(r.err,
              "<stdin>: note: 1 game without a Variant tag read by its first plies: 1 undecided "
              "read as Crazyhouse like the input's first decided game; use --variant or a "
              "Variant tag to choose\n");
}

// A file whose undecided games fall at the parts' boundaries: every game of 30, one in three
// decided (Standard), the others move-less or knight moves.
std::string alternating() {
    std::string text;
    for (int i = 0; i < 30; ++i) {
        if (i % 3 == 0) text += "1-0\n\n";
        if (i % 3 == 1) text += "[Event \"" + std::to_string(i) + "\"]\n\n1. Nf3 Nf6 1/2-1/2\n\n";
        if (i % 3 == 2) text += "1. e4 e5 2. Nf3 *\n\n";
    }
    return text;
}

TEST(UndecidedVariant, ShardPartsJoinExactlyAndTheLastGivesTheNote) {
    TempDir dir;
    const fs::path file = dir.write("parts.pgn", alternating());
    const std::string note =
        file.string() +
        ": note: 30 games without a Variant tag read by their first plies: 10 as Standard, 20 "
        "undecided read as Standard like the input's first decided game; use --variant or a "
        "Variant tag to choose\n";
    for (const std::string args : {"fen --all", "convert", "convert --to json", "validate"}) {
        const RunResult single = run_floe(args + " " + quoted(file));
        ASSERT_EQ(single.exit_code, 0) << single.err;
        EXPECT_EQ(single.err, note);
        for (int parts : {2, 3, 7, 40}) {
            SCOPED_TRACE(args + ", " + std::to_string(parts) + " parts");
            const RunResult joined = sharded(args, file, parts);
            // validate's summaries are per part; the others join byte for byte.
            if (args != "validate") EXPECT_EQ(joined.out, single.out);
            EXPECT_EQ(joined.err, single.err);
        }
    }
    EXPECT_EQ(run_floe("fen --all --ply 0 " + quoted(file)).out.find('*'), std::string::npos);
    // select counts the games it replays: a criterion's, or the writer's of a selected game.
    for (const std::string args :
         {"select --where 'plies > 2'", "select --canonical", "select --to json --games 2-25"}) {
        const RunResult single = run_floe(args + " " + quoted(file));
        ASSERT_EQ(single.exit_code, 0) << single.err;
        EXPECT_NE(single.err, "");
        for (int parts : {3, 7}) {
            SCOPED_TRACE(args + ", " + std::to_string(parts) + " parts");
            const RunResult joined = sharded(args, file, parts);
            EXPECT_EQ(joined.out, single.out);
            EXPECT_EQ(joined.err, single.err);
        }
    }
}

// The property's reproducer (shared/cases/properties/shard-strict-note-warning-counted-per-part):
// under --strict the note is one warning, counted by the last part only.
TEST(UndecidedVariant, UnderStrictThePartsWarningsAddUpToTheWholeFile) {
    TempDir dir;
    const fs::path file = dir.write(
        "strict.pgn", "[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"b\"]\n\n1. d4 {x} d5 *");
    const RunResult single = run_floe("validate --strict " + quoted(file));
    EXPECT_EQ(single.exit_code, 1);
    EXPECT_EQ(single.out, file.string() + ": 2 games, 5 plies, 0 errors, 1 warnings\n");
    std::string parts;
    for (int k = 1; k <= 3; ++k)
        parts +=
            run_floe("validate --strict --shard " + std::to_string(k) + "/3 " + quoted(file)).out;
    EXPECT_EQ(parts, file.string() + ": 1 games, 3 plies, 0 errors, 0 warnings\n" + file.string() +
                         ": 1 games, 2 plies, 0 errors, 0 warnings\n" + file.string() +
                         ": 0 games, 0 plies, 0 errors, 1 warnings\n");
}

// The property's reproducer (shared/cases/properties/fen-jobs2-drops-variant-note), and the
// other commands: --jobs 2 gives --jobs 1's standard output and standard error.
TEST(UndecidedVariant, JobsTwoReportsWhatJobsOneReports) {
    TempDir dir;
    const fs::path file = dir.write("jobs.pgn", alternating() + UndecidedFirst);
    for (const std::string args : {"fen --all", "convert", "convert --to json", "validate",
                                   "validate --strict --to json", "select --where 'plies > 1'"}) {
        SCOPED_TRACE(args);
        const RunResult one = run_floe(args + " --jobs 1 " + quoted(file));
        const RunResult two = run_floe(args + " --jobs 2 " + quoted(file));
        EXPECT_NE(one.err + one.out, "");
        EXPECT_EQ(two.out, one.out);
        EXPECT_EQ(two.err, one.err);
        EXPECT_EQ(two.exit_code, one.exit_code);
    }
}

}  // namespace
}  // namespace floe::test
