// The progress line (issue 17, item 3): its text, and where it goes. On a pseudo-terminal (run
// under util-linux `script`) it is drawn in place and erased before anything else is written and
// at the end; in a pipe or a file it is never written unless --progress forces it. The tests set
// FLOE_PROGRESS_DELAY_MS=0 so that the line shows from the first game, whatever the machine's
// speed.
#include "cli/progress.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include "support/test_support.hpp"

namespace floe::test {
namespace {

namespace fs = std::filesystem;
using cli::progress_line;
using cli::ProgressState;

TEST(ProgressLine, ShowsBytesPercentRateAndTimeLeft) {
    EXPECT_EQ(progress_line({"big.pgn", 41'200'000, 85'712'190, 70000, 2.0}),
              "big.pgn: 39.3 MiB of 81.7 MiB (48%), 70000 games, 35000 games/s, 0:02 left");
    EXPECT_EQ(progress_line({"x.pgn", 1ull << 30, 3ull << 30, 900000, 1800.0}),
              "x.pgn: 1.0 GiB of 3.0 GiB (33%), 900000 games, 500 games/s, 1:00:00 left");
    EXPECT_EQ(progress_line({"y.pgn", 4096, 8192, 3, 0.5}),
              "y.pgn: 4.0 KiB of 8.0 KiB (50%), 3 games, 6 games/s, 0:01 left");
}

TEST(ProgressLine, WithoutASizeHasNoPercentNorTimeLeft) {
    EXPECT_EQ(progress_line({"<stdin>", 812, std::nullopt, 1, 0.5}),
              "<stdin>: 812 B, 1 game, 2 games/s");
}

TEST(ProgressLine, BeforeAnyTimeHasPassedHasNoRate) {
    EXPECT_EQ(progress_line({"a.pgn", 300, 300, 0, 0.0}), "a.pgn: 300 B of 300 B (100%), 0 games");
}

// Two legal games of orthodox chess, read with --variant standard.
constexpr const char* CleanGames =
    "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n[Event \"b\"]\n\n1. d4 d5 1/2-1/2\n";
// Two games with an illegal move each.
constexpr const char* BrokenGames =
    "[Event \"a\"]\n\n1. e4 e5 2. Ke3 Nc6 1-0\n\n[Event \"b\"]\n\n1. d5 d5 1/2-1/2\n";

// A temporary directory, removed with the object.
struct TempDir {
    TempDir() : path(fs::temp_directory_path() / ("floe-progress-" + std::to_string(::getpid()))) {
        fs::create_directories(path);
    }
    ~TempDir() { fs::remove_all(path); }
    std::string file(const std::string& name, const std::string& content = "") const {
        const std::string p = (path / name).string();
        if (!content.empty()) std::ofstream(p, std::ios::binary) << content;
        return p;
    }
    fs::path path;
};

int shell(const std::string& command) {
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// The line shows from the first game, on a terminal that moves the cursor.
const std::string Env = "FLOE_PROGRESS_DELAY_MS=0 TERM=xterm ";

// What a terminal received while `command` ran on it (a pseudo-terminal of `script`), with the
// terminal's "\r\n" for each "\n" turned back.
std::string on_terminal(const std::string& command, const TempDir& dir) {
    const std::string seen = dir.file("terminal");
    // -q no banner, -f flush at once, -e its exit code, -c the command; no typescript file.
    const int code =
        shell(Env + "script -qfec \"" + command + "\" /dev/null < /dev/null > '" + seen + "'");
    EXPECT_NE(code, -1);
    std::string text = read_file(seen);
    for (std::size_t at = 0; (at = text.find("\r\n", at)) != std::string::npos;)
        text.replace(at, 2, "\n");
    return text;
}

std::string escape_regex(const std::string& text) {
    static const std::regex special(R"([.^$|()\[\]{}*+?\\])");
    return std::regex_replace(text, special, R"(\$&)");
}

// One drawing of the line for `name`, a clean 2-game file of `size` bytes read whole at once:
// only the rate (after 1 or 2 games) can vary.
std::string drawn(const std::string& name, std::size_t size) {
    return "\r" + escape_regex(name) + ": " + std::to_string(size) + " B of " +
           std::to_string(size) + R"( B \(100%\), (1 game|2 games), [0-9]+ games/s, 0:00 left)" +
           "\x1b\\[K";
}

const std::string Erased = "\r\x1b\\[K";

bool script_available() { return shell("command -v script > /dev/null") == 0; }

TEST(ProgressCli, OnATerminalTheLineIsDrawnInPlaceAndErasedAtTheEnd) {
    if (!script_available()) GTEST_SKIP() << "script (util-linux) not installed";
    const TempDir dir;
    const std::string games = dir.file("games.pgn", CleanGames), out = dir.file("out");
    const std::string seen = on_terminal(
        quoted_floe() + " validate --variant standard '" + games + "' > '" + out + "'", dir);
    EXPECT_TRUE(std::regex_match(seen, std::regex("(" + drawn(games, 68) + ")+" + Erased))) << seen;
    EXPECT_EQ(read_file(out), games + ": 2 games, 6 plies, 0 errors, 0 warnings\n");
}

TEST(ProgressCli, TheSummaryOnTheSameTerminalComesAfterTheLineIsErased) {
    if (!script_available()) GTEST_SKIP() << "script (util-linux) not installed";
    const TempDir dir;
    const std::string games = dir.file("games.pgn", CleanGames);
    const std::string seen =
        on_terminal(quoted_floe() + " validate --variant standard '" + games + "'", dir);
    EXPECT_TRUE(std::regex_match(
        seen, std::regex("(" + drawn(games, 68) + ")+" + Erased + escape_regex(games) +
                         ": 2 games, 6 plies, 0 errors, 0 warnings\n")))
        << seen;
}

TEST(ProgressCli, DiagnosticsAreWrittenOnlyAfterTheLineIsErased) {
    if (!script_available()) GTEST_SKIP() << "script (util-linux) not installed";
    const TempDir dir;
    const std::string games = dir.file("broken.pgn", BrokenGames), out = dir.file("out");
    const RunResult plain = run_floe("validate --no-progress --variant standard '" + games + "'");
    ASSERT_EQ(plain.exit_code, 1);
    ASSERT_NE(plain.err, "");
    const std::string seen =
        on_terminal(quoted_floe() + " validate --color never --variant standard '" + games +
                        "' > '" + out + "'",
                    dir);
    // Each drawing is followed by another or by its erasure, never by other text.
    const std::string drawing_pattern = "\r[^\r\n\x1b]+\x1b\\[K";
    const std::regex drawing(drawing_pattern);
    int drawings = 0;
    for (auto it = std::sregex_iterator(seen.begin(), seen.end(), drawing);
         it != std::sregex_iterator(); ++it) {
        ++drawings;
        const auto after = static_cast<std::size_t>(it->position() + it->length());
        EXPECT_TRUE(after < seen.size() && seen[after] == '\r') << seen;
    }
    EXPECT_GE(drawings, 1) << seen;
    // Without the line's drawings and erasures, what is left is the plain diagnostics.
    EXPECT_EQ(std::regex_replace(seen, std::regex(drawing_pattern + "|" + Erased), ""), plain.err);
}

TEST(ProgressCli, NoProgressOnATerminalShowsNone) {
    if (!script_available()) GTEST_SKIP() << "script (util-linux) not installed";
    const TempDir dir;
    const std::string games = dir.file("games.pgn", CleanGames), out = dir.file("out");
    EXPECT_EQ(on_terminal(quoted_floe() + " validate --no-progress --variant standard '" + games +
                              "' > '" + out + "'",
                          dir),
              "");
    EXPECT_EQ(read_file(out), games + ": 2 games, 6 plies, 0 errors, 0 warnings\n");
}

// The four record commands, with the arguments that read `games` and write to standard output.
const char* const Commands[] = {"validate", "convert", "fen --all", "select"};

// A quiet run writes only errors and summaries: no line on a terminal, for every record
// command, unless --progress asks for it.
TEST(ProgressCli, QuietOnATerminalShowsNoneUnlessProgressIsGiven) {
    if (!script_available()) GTEST_SKIP() << "script (util-linux) not installed";
    const TempDir dir;
    const std::string games = dir.file("games.pgn", CleanGames), out = dir.file("out");
    for (const char* command : Commands) {
        SCOPED_TRACE(command);
        const std::string args =
            std::string(command) + " --quiet --variant standard '" + games + "'";
        EXPECT_EQ(on_terminal(quoted_floe() + " " + args + " > '" + out + "'", dir), "");
        const std::string forced =
            on_terminal(quoted_floe() + " " + args + " --progress > '" + out + "'", dir);
        EXPECT_TRUE(std::regex_match(forced, std::regex("(" + drawn(games, 68) + ")+" + Erased)))
            << forced;
    }
}

TEST(ProgressCli, EachFileHasItsLineErasedBeforeItsSummary) {
    if (!script_available()) GTEST_SKIP() << "script (util-linux) not installed";
    const TempDir dir;
    const std::string first  = dir.file("first.pgn", CleanGames);
    const std::string second = dir.file("second.pgn", CleanGames);
    const std::string seen   = on_terminal(
          quoted_floe() + " validate --variant standard '" + first + "' '" + second + "'", dir);
    const std::string summary = ": 2 games, 6 plies, 0 errors, 0 warnings\n";
    EXPECT_TRUE(std::regex_match(
        seen, std::regex("(" + drawn(first, 68) + ")+" + Erased + escape_regex(first + summary) +
                         "(" + drawn(second, 68) + ")+" + Erased + escape_regex(second + summary))))
        << seen;
}

TEST(ProgressCli, TheLineIsCutToTheTerminalsWidth) {
    if (!script_available()) GTEST_SKIP() << "script (util-linux) not installed";
    const TempDir dir;
    const std::string games = dir.file("games.pgn", CleanGames), out = dir.file("out");
    const std::string seen =
        on_terminal("stty cols 40; " + quoted_floe() + " validate --variant standard '" + games +
                        "' > '" + out + "'",
                    dir);
    // 39 columns: the cursor stays on the line's row. (The name is shorter than that.)
    const std::string shown = (games + ": 68 B of 68 B (100%), 1 game").substr(0, 39);
    EXPECT_TRUE(
        std::regex_match(seen, std::regex("(\r" + escape_regex(shown) + "\x1b\\[K)+" + Erased)))
        << seen;
}

TEST(ProgressCli, ADumbTerminalShowsNone) {
    if (!script_available()) GTEST_SKIP() << "script (util-linux) not installed";
    const TempDir dir;
    const std::string games = dir.file("games.pgn", CleanGames), out = dir.file("out");
    EXPECT_EQ(on_terminal("TERM=dumb " + quoted_floe() + " validate --variant standard '" + games +
                              "' > '" + out + "'",
                          dir),
              "");
}

TEST(ProgressCli, NeverWrittenIntoAFileByDefault) {
    const TempDir dir;
    const std::string games = dir.file("games.pgn", CleanGames);
    for (const char* command : Commands) {
        SCOPED_TRACE(command);
        const std::string out = dir.file("out"), err = dir.file("err");
        EXPECT_EQ(shell(Env + quoted_floe() + " " + command + " --variant standard '" + games +
                        "' > '" + out + "' 2> '" + err + "'"),
                  0);
        EXPECT_EQ(read_file(err), "");
        EXPECT_NE(read_file(out), "");
    }
}

TEST(ProgressCli, ProgressForcesItIntoAFileAndLeavesTheOutputAlone) {
    const TempDir dir;
    const std::string games = dir.file("games.pgn", CleanGames);
    for (const char* command : Commands) {
        SCOPED_TRACE(command);
        const std::string args = std::string(command) + " --variant standard '" + games + "'";
        const RunResult plain  = run_floe(args);
        const std::string out = dir.file("out"), err = dir.file("err");
        EXPECT_EQ(shell(Env + quoted_floe() + " " + args + " --progress > '" + out + "' 2> '" +
                        err + "'"),
                  0);
        const std::string line = read_file(err);
        EXPECT_TRUE(std::regex_match(line, std::regex("(" + drawn(games, 68) + ")+" + Erased)))
            << line;
        EXPECT_EQ(read_file(out), plain.out);
    }
}

TEST(ProgressCli, StandardInputRedirectedFromAFileHasItsSize) {
    const TempDir dir;
    const std::string games = dir.file("games.pgn", CleanGames);
    const std::string err   = dir.file("err");
    EXPECT_EQ(shell(Env + quoted_floe() + " validate --progress --variant standard - < '" + games +
                    "' > /dev/null 2> '" + err + "'"),
              0);
    const std::string line = read_file(err);
    EXPECT_TRUE(std::regex_match(line, std::regex("(" + drawn("<stdin>", 68) + ")+" + Erased)))
        << line;
}

TEST(ProgressCli, ProgressAndNoProgressExcludeEachOther) {
    const RunResult r = run_floe("validate --progress --no-progress -", "");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err,
              "floe validate: --progress and --no-progress cannot be used together; see 'floe "
              "validate --help'\n");
}

}  // namespace
}  // namespace floe::test
