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
    // A table: number, players (a link) and tags, result, plies, variant, errors; each game
    // here has an error, and its row is marked.
    EXPECT_NE(index.find("<th scope=\"col\">#</th><th scope=\"col\">Players</th>"
                         "<th scope=\"col\">Result</th><th scope=\"col\">Plies</th>"
                         "<th scope=\"col\">Variant</th><th scope=\"col\">Errors</th>"),
              std::string::npos)
        << index;
    EXPECT_NE(index.find("<tr data-game=\"1\" class=\"broken\"><td class=\"number\">1</td><td>"
                         "<a href=\"game-1.html\">Ann vs Bob</a><br><span class=\"tags\">Broken "
                         "sample: illegal move · Ice Age · *</span></td><td>*</td>"
                         "<td class=\"number\">4</td><td>Ice Age</td>"
                         "<td class=\"error\">\u2717 1 error</td></tr>"),
              std::string::npos)
        << index;
    EXPECT_NE(index.find("<tr data-game=\"3\" class=\"broken\"><td class=\"number\">3</td><td>"
                         "<a href=\"game-3.html\">Eve vs Fay</a>"),
              std::string::npos);
    EXPECT_NE(index.find("<p class=\"tags\">3 games, 3 with errors (\u2717)</p>"),
              std::string::npos);
    // Each page is the page `replay --game N` writes, with a link back to the index.
    const std::string back =
        "<nav class=\"crumbs\"><a id=\"index-link\" href=\"index.html\">\u2190 All "
        "games</a></nav>\n";
    for (int n = 1; n <= 3; ++n) {
        std::string page = read_file(dir.path / ("game-" + std::to_string(n) + ".html"));
        const auto link  = page.find(back);
        ASSERT_NE(link, std::string::npos) << page;
        EXPECT_EQ(page.erase(link, back.size()),
                  run_floe("replay --game " + std::to_string(n) + " " +
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

// A game's title: its players; when none is named, its event and round, or what there is of
// them, or its number (docs/commands.md, "floe replay").
TEST(ReplayAll, TheTitleFallsBackToTheEventAndRound) {
    Folder dir;
    const std::string records =
        "[Event \"Lisbon Open\"]\n[Round \"3\"]\n[White \"?\"]\n[Black \"?\"]\n\n1. e4 *\n\n"
        "[Event \"Lisbon Open\"]\n[Round \"?\"]\n\n1. e4 *\n\n"
        "[Event \"?\"]\n[Round \"2\"]\n\n1. e4 *\n\n"
        "[Event \"?\"]\n[White \"?\"]\n\n1. e4 *\n\n"
        "[Event \"Lisbon Open\"]\n[Round \"3\"]\n[Black \"Bob\"]\n\n1. e4 *\n\n"
        // "-" is the PGN standard's "not applicable" (8.1.1): no round.
        "[Event \"Club\"]\n[Round \"-\"]\n\n1. e4 *\n";
    const RunResult r = run_floe("replay --all '" + dir.path.string() + "' -", records);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const char* titles[] = {
        "Lisbon Open, round 3", "Lisbon Open", "Round 2", "Game 4", "? vs Bob", "Club"};
    for (int n = 1; n <= 6; ++n) {
        const std::string page  = read_file(dir.path / ("game-" + std::to_string(n) + ".html"));
        const std::string title = titles[n - 1];
        EXPECT_NE(page.find("<h1>" + title + "</h1>"), std::string::npos) << n << ": " << page;
        EXPECT_NE(page.find("<title>" + title + " — floe replay</title>"), std::string::npos);
    }
    const std::string index = read_file(dir.path / "index.html");
    EXPECT_NE(index.find("<a href=\"game-4.html\">Game 4</a></td><td>?</td>"
                         "<td class=\"number\">1</td><td>Standard</td><td class=\"ok\">none</td>"),
              std::string::npos)
        << index;
}

// A title made of a tag of megabytes is cut after 200 characters, as a diagnostic cuts a token
// (the memory bound of a 4 MB Event tag); the tags line keeps the whole value.
TEST(ReplayAll, ALongTitleIsCut) {
    const std::string event = std::string(300, 'v');
    const RunResult r       = run_floe("replay -", "[Event \"" + event + "\"]\n\n1. e4 *\n");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const std::string title = std::string(200, 'v') + "\xE2\x80\xA6";  // and "…"
    EXPECT_NE(r.out.find("<h1>" + title + "</h1>"), std::string::npos);
    EXPECT_NE(r.out.find(event + "</"), std::string::npos);  // the tags line
}

// A game floe cannot set up has no page: its row says so, is marked, and names the variant its
// tag asks for; a Glacial Shift game's row names its variant and counts its plies.
TEST(ReplayAll, TheIndexMarksAGameWithoutPage) {
    Folder dir;
    const std::string records = "[Variant \"Bughouse\"]\n[White \"A\"]\n\n1. e4 *\n\n" +
                                read_file(source_path("samples/glacial/blue-wins.pgn"));
    const RunResult r = run_floe("replay --all '" + dir.path.string() + "' -", records);
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(names(dir.path), (std::set<std::string>{"index.html", "game-2.html"}));
    const std::string index = read_file(dir.path / "index.html");
    EXPECT_NE(index.find("<tr data-game=\"1\" class=\"broken\"><td class=\"number\">1</td><td>A "
                         "vs ? <span class=\"error\">(not replayed)</span><br><span "
                         "class=\"tags\">Bughouse</span></td><td>?</td><td class=\"number\">0</td>"
                         "<td>Bughouse</td><td class=\"error\">\u2717 1 error</td></tr>"),
              std::string::npos)
        << index;
    EXPECT_NE(index.find("<td>0-0-1-0</td><td class=\"number\">154</td><td>Glacial Shift</td>"
                         "<td class=\"ok\">none</td></tr>"),
              std::string::npos)
        << index;
}

// The download button's record is the game's bytes, as read (`"record"` in the page's data),
// and a page written on its own has no link to an index.
TEST(ReplayAll, APageHoldsItsRecordAndOnlyAFolderLinksBack) {
    const std::string records = "[White \"Ann\"]\n\n1. e4 *\n\n[White \"Cy\"]\n\n1. d4 d5 *\n";
    const RunResult r         = run_floe("replay --game 2 -", records);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(page_game(r.out)["record"], "[White \"Cy\"]\n\n1. d4 d5 *");
    EXPECT_EQ(page_game(r.out)["number"], 2);
    EXPECT_EQ(r.out.find("index-link"), std::string::npos);
}

}  // namespace
}  // namespace floe::test
