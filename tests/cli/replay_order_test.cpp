// `replay` finds a game's errors and writes its page in one replay (issue 26); the errors still
// reach standard error before the page reaches standard output, so that on a terminal or with
// `2>&1` they come first, as when they came from a replay of their own: also for a page larger
// than standard output's buffer (64 KB).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "support/test_support.hpp"

namespace floe::test {
namespace {

// `floe replay` of `record`, its standard output and error into one file (`2>&1`).
std::string replay_both_streams(const std::string& record) {
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("floe-replay-order-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "game.pgn", std::ios::binary) << record;
    const std::string cmd = quoted_floe() + " replay '" + (dir / "game.pgn").string() + "' >'" +
                            (dir / "both").string() + "' 2>&1";
    const int status = std::system(cmd.c_str());
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1) << status;
    std::string both = read_file(dir / "both");
    std::filesystem::remove_all(dir);
    return both;
}

// A legal main line of knights going out and back, `plies` long, then an illegal move.
std::string long_game_with_an_error(int plies) {
    static const char* const shuffle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
    std::string text                   = "[Variant \"Standard\"]\n\n";
    for (int ply = 0; ply < plies; ++ply) {
        if (ply % 2 == 0) text += std::to_string(ply / 2 + 1) + ". ";
        text += shuffle[ply % 4];
        text += ply % 16 == 15 ? "\n" : " ";
    }
    return text + (plies % 2 == 0 ? std::to_string(plies / 2 + 1) + ". " : "") + "Ke5 *\n";
}

TEST(ReplayOrder, TheErrorsComeBeforeThePage) {
    const std::string both  = replay_both_streams("[Variant \"Standard\"]\n\n1. e4 e5 2. Ke3 *\n");
    const std::size_t error = both.find("illegal-move");
    const std::size_t page  = both.find("<!DOCTYPE html>");
    ASSERT_NE(error, std::string::npos) << both;
    ASSERT_NE(page, std::string::npos);
    EXPECT_LT(error, page);
}

TEST(ReplayOrder, TheErrorsComeBeforeAPageLargerThanTheOutputBuffer) {
    const std::string both  = replay_both_streams(long_game_with_an_error(2000));
    const std::size_t error = both.find("illegal-move");
    const std::size_t page  = both.find("<!DOCTYPE html>");
    ASSERT_NE(error, std::string::npos);
    ASSERT_NE(page, std::string::npos);
    EXPECT_LT(error, page);
    EXPECT_GT(both.size() - page, 64u * 1024u);  // more than standard output's buffer
}

}  // namespace
}  // namespace floe::test
