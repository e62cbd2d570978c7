// --max-game-bytes (issue 13): a game larger than the limit is one game-too-large error, is not
// replayed nor written, and the next game is read; memory stays bounded while it is read past.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "support/max_game_bytes_sample.hpp"
#include "support/test_support.hpp"

namespace floe::test {
namespace {

// Game 2 is 138 bytes, over a limit of 100.
const std::string& Three = floe::test::ThreeGamesSecondOver100Bytes;

const std::string TooLarge =
    "<stdin>:6:1: error: game 2 (X vs Y), larger than 100 bytes: not read [game-too-large]\n"
    "    6 | [Event \"big\"]\n"
    "      | ^\n"
    "<stdin>:6:1: note: --max-game-bytes sets the limit\n";

TEST(MaxGameBytes, ValidateReportsTheGameOnceAndReadsTheNext) {
    for (const char* jobs : {"", "--jobs 2 "}) {
        SCOPED_TRACE(jobs);
        const RunResult r = run_floe(
            std::string("validate --variant standard --max-game-bytes 100 ") + jobs + "-", Three);
        EXPECT_EQ(r.out, "<stdin>: 3 games, 4 plies, 1 errors, 0 warnings\n");
        EXPECT_EQ(r.err, TooLarge);
        EXPECT_EQ(r.exit_code, 1);
    }
    const RunResult json =
        run_floe("validate --to json --variant standard --max-game-bytes 100 -", Three);
    EXPECT_EQ(json.out,
              "{\"schema_version\":1,\"file\":\"<stdin>\",\"line\":6,\"column\":1,"
              "\"end_column\":1,\"severity\":\"error\",\"code\":\"game-too-large\",\"message\":"
              "\"larger than 100 bytes: not read\",\"game\":2,\"ply\":null,\"move\":null,"
              "\"fen\":null,\"hint\":\"--max-game-bytes sets the limit\"}\n"
              "{\"schema_version\":1,\"file\":\"<stdin>\",\"games\":3,\"plies\":4,\"errors\":1,"
              "\"warnings\":0}\n");
    EXPECT_EQ(json.exit_code, 1);
    // Under the default limit the game is read.
    const RunResult all = run_floe("validate --variant standard -", Three);
    EXPECT_EQ(all.out, "<stdin>: 3 games, 22 plies, 0 errors, 0 warnings\n");
    EXPECT_EQ(all.exit_code, 0);
}

TEST(MaxGameBytes, ConvertLeavesTheGameOutAndWritesTheOthers) {
    const std::string written =
        "[Event \"a\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n"
        "[Black \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n"
        "\n"
        "[Event \"c\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
        "[Black \"?\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n";
    for (const char* jobs : {"", "--jobs 2 "}) {
        SCOPED_TRACE(jobs);
        const RunResult r = run_floe(
            std::string("convert --variant standard --max-game-bytes 100 ") + jobs + "-", Three);
        EXPECT_EQ(r.out, written);
        EXPECT_EQ(r.err, TooLarge);
        EXPECT_EQ(r.exit_code, 1);
    }
}

// The game keeps its number: --game 3 is the game after it, and --game 2 is the error.
TEST(MaxGameBytes, OneGameCommandsCountTheGame) {
    RunResult r = run_floe("fen --variant standard --max-game-bytes 100 --game 3 -", Three);
    EXPECT_EQ(r.out, "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2\n");
    EXPECT_EQ(r.exit_code, 0);
    for (const char* command : {"fen", "diagram", "replay"}) {
        SCOPED_TRACE(command);
        r = run_floe(std::string(command) + " --variant standard --max-game-bytes 100 --game 2 -",
                     Three);
        EXPECT_EQ(r.out, "");
        EXPECT_EQ(r.err, TooLarge);
        EXPECT_EQ(r.exit_code, 1);
    }
    r = run_floe("validate --max-game-bytes 0 -", Three);
    EXPECT_EQ(r.err, "floe validate: --max-game-bytes: \"0\" is not a whole number from 1\n");
    EXPECT_EQ(r.exit_code, 2);
}

TEST(MaxGameBytes, HelpNamesTheDefault) {
    for (const char* command : {"validate", "convert", "fen", "diagram", "replay"}) {
        const RunResult r = run_floe(std::string(command) + " --help");
        EXPECT_NE(r.out.find("--max-game-bytes"), std::string::npos) << command;
        EXPECT_NE(r.out.find("(default: 268435456, 256 MiB)"), std::string::npos) << command;
    }
}

// validate's hidden --peak-rss: the kernel's record of the peak resident memory.
long peak_kb(const std::string& err) {
    const std::size_t at = err.rfind("peak RSS: ");
    return at == std::string::npos ? -1 : std::atol(err.c_str() + at + 10);
}

// A 50 MB game between two small ones, through a pipe, under a limit of 1 MB: memory stays
// about what a small file needs, and the game after it is read.
TEST(MaxGameBytes, A50MegabyteGameIsReadPastWithFlatMemory) {
    namespace fs = std::filesystem;
    const fs::path dir =
        fs::temp_directory_path() / ("floe-max-game-bytes-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string file = (dir / "big.pgn").string();
    {
        std::ofstream out(file, std::ios::binary);
        out << "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"huge\"]\n\n1. e4 e5 ";
        const std::string line = "{" + std::string(78, 'x') + "}\n";
        for (int i = 0; i < 50 * 1024 * 1024 / 80; ++i) out << line;
        out << "2. Nf3 1/2-1/2\n\n[Event \"b\"]\n\n1. d4 d5 0-1\n";
    }
    auto run = [&](const std::string& limit) {
        const std::string out = (dir / "out").string(), err = (dir / "err").string();
        const std::string cmd = "cat '" + file + "' | " + quoted_floe() +
                                " validate --variant standard --peak-rss" + limit + " - > '" + out +
                                "' 2> '" + err + "'";
        const int status = std::system(cmd.c_str());
        return RunResult{WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_file(out),
                         read_file(err)};
    };
    const RunResult r = run(" --max-game-bytes 1000000");
    fs::remove_all(dir);
    EXPECT_EQ(r.out, "<stdin>: 3 games, 4 plies, 1 errors, 0 warnings\n");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_TRUE(
        r.err.starts_with("<stdin>:5:1: error: game 2, larger than 1000000 bytes: not "
                          "read [game-too-large]\n"))
        << r.err;
    const long kb = peak_kb(r.err);
    ASSERT_GT(kb, 0) << r.err;
    // Holding the game would take more than 50,000 kB.
    EXPECT_LT(kb, 16 * 1024);
}

}  // namespace
}  // namespace floe::test
