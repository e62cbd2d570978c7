// `floe replay --all DIR` (issue 18): a page per game and an index, written like every other
// output (each file whole, never over an input), and the options it excludes.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <set>
#include <string>

#include "support/replay_page_data.hpp"
#include "support/test_support.hpp"

namespace floe::test {
namespace {

namespace fs = std::filesystem;

// A fresh folder under the temporary directory, removed at the end of the test.
struct Folder {
    fs::path path;
    Folder() {
        path = fs::temp_directory_path() /
               ("floe-replay-all-" +
                std::string(testing::UnitTest::GetInstance()->current_test_info()->name()) + "-" +
                std::to_string(::getpid()));
        fs::remove_all(path);
    }
    ~Folder() { fs::remove_all(path); }
};

std::set<std::string> names(const fs::path& dir) {
    std::set<std::string> out;
    for (const auto& entry : fs::directory_iterator(dir))
        out.insert(entry.path().filename().string());
    return out;
}

TEST(ReplayAll, WritesAPagePerGameAndAnIndex) {
    Folder dir;
    const RunResult r = run_floe("replay --all '" + dir.path.string() + "' " +
                                 quoted_source("samples/broken/three-faults.pgn"));
    EXPECT_EQ(r.exit_code, 1);  // each game has an error: printed, and the pages still written
    EXPECT_NE(r.err.find("no pawn can reach e4"), std::string::npos) << r.err;
    EXPECT_EQ(names(dir.path),
              (std::set<std::string>{"index.html", "game-1.html", "game-2.html", "game-3.html"}));
    const std::string index = read_file(dir.path / "index.html");
    EXPECT_NE(index.find("<li value=\"1\"><a href=\"game-1.html\">Ann vs Bob</a>"),
              std::string::npos)
        << index;
    EXPECT_NE(index.find("<li value=\"3\"><a href=\"game-3.html\">Eve vs Fay</a>"),
              std::string::npos);
    // Each page is the page `replay --game N` writes.
    for (int n = 1; n <= 3; ++n) {
        const std::string page = read_file(dir.path / ("game-" + std::to_string(n) + ".html"));
        EXPECT_EQ(page, run_floe("replay --game " + std::to_string(n) + " " +
                                 quoted_source("samples/broken/three-faults.pgn"))
                            .out);
    }
    EXPECT_EQ(page_game(read_file(dir.path / "game-1.html"))["nodes"].size(), 5u);
}

TEST(ReplayAll, SampleGamesExitZeroAndTheOptionsExcludeEachOther) {
    Folder dir;
    const RunResult r = run_floe("replay --all '" + dir.path.string() + "' " +
                                 quoted_source("samples/annotated/opera-game-annotated.pgn"));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(names(dir.path), (std::set<std::string>{"index.html", "game-1.html"}));
    EXPECT_EQ(run_floe("replay --all x --game 2 y.pgn").exit_code, 2);
    EXPECT_EQ(run_floe("replay --all x -o y.html y.pgn").exit_code, 2);
}

}  // namespace
}  // namespace floe::test
