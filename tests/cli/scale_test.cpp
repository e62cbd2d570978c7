// Scale (issue 5): `--jobs 2` writes exactly what `--jobs 1` writes, and a record piped through
// standard input is validated with flat memory.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "support/test_support.hpp"

namespace floe::test {
namespace {

// A scratch directory removed at the end of the test, named after the process: another
// checkout's test suite may run the same test on the same machine at the same time.
struct TempDir {
    std::filesystem::path path;
    explicit TempDir(const std::string& name)
        : path(std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid()))) {
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~TempDir() { std::filesystem::remove_all(path); }
};

// The first `games` games of `text`: every game of the GNU book starts with an Event tag.
std::string first_games(const std::string& text, int games) {
    std::size_t at = 0;
    for (int seen = 0; (at = text.find("[Event ", at + 1)) != std::string::npos;)
        if (++seen == games) return text.substr(0, at);
    return text;
}

TEST(Jobs, TwoJobsWriteWhatOneJobWritesOnTheBooksFirst20000Games) {
    FLOE_REQUIRE_SHARED(shared);
    TempDir dir("floe-jobs-test");
    const auto whole = dir.path / "book.pgn", part = dir.path / "book20000.pgn";
    const std::string unpack = "xz -dc '" +
                               (shared / "corpora/gnuchess-book/book_1.02.pgn.xz").string() +
                               "' > '" + whole.string() + "'";
    if (std::system(unpack.c_str()) != 0) GTEST_SKIP() << "xz is not installed";
    { std::ofstream(part, std::ios::binary) << first_games(read_file(whole), 20000); }
    const std::string file = " '" + part.string() + "'";
    for (const std::string command :
         {"validate --variant standard", "convert --variant standard --moves san",
          "fen --all --variant standard"}) {
        SCOPED_TRACE(command);
        const RunResult one = run_floe(command + " --jobs 1" + file);
        const RunResult two = run_floe(command + " --jobs 2" + file);
        EXPECT_EQ(one.exit_code, 0);
        EXPECT_EQ(two.exit_code, one.exit_code);
        EXPECT_TRUE(one.out == two.out) << "standard output differs";
        EXPECT_TRUE(one.err == two.err) << "standard error differs";
        if (command.starts_with("validate")) {
            EXPECT_EQ(one.out.substr(one.out.find(':')),
                      ": 20000 games, 1535442 plies, 0 errors, 53 warnings\n");
        }
    }
}

// validate's hidden --peak-rss prints VmHWM from /proc/self/status: the kernel's own record of
// the process's peak resident memory.
long peak_kb(const std::string& err) {
    const std::size_t at = err.rfind("peak RSS: ");
    return at == std::string::npos ? -1 : std::atol(err.c_str() + at + 10);
}

// `floe generate | floe validate -`: the games come through a pipe, which cannot be mapped or
// measured in advance, so only streaming keeps memory flat.
RunResult piped(const TempDir& dir, int games) {
    const std::string out = (dir.path / "out").string(), err = (dir.path / "err").string();
    const std::string cmd = quoted_floe() + " generate --variant 'Ice Age' --seed 11 --count " +
                            std::to_string(games) + " | " + quoted_floe() +
                            " validate --peak-rss - > '" + out + "' 2> '" + err + "'";
    const int status = std::system(cmd.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_file(out), read_file(err)};
}

TEST(Streaming, A50MegabyteRecordThroughAPipeValidatesWithFlatMemory) {
    TempDir dir("floe-streaming-test");
    const RunResult small = piped(dir, 900);    // about 1 MB
    const RunResult large = piped(dir, 44000);  // about 50 MB
    EXPECT_EQ(small.exit_code, 0);
    EXPECT_EQ(large.exit_code, 0);
    EXPECT_TRUE(large.out.starts_with("<stdin>: 44000 games, ")) << large.out;
    EXPECT_NE(large.out.find(", 0 errors, 0 warnings"), std::string::npos) << large.out;
    const long small_kb = peak_kb(small.err), large_kb = peak_kb(large.err);
    ASSERT_GT(small_kb, 0) << small.err;
    ASSERT_GT(large_kb, 0) << large.err;
    // Reading the whole input first would need more than 50,000 kB.
    EXPECT_LT(large_kb, 32 * 1024);
    EXPECT_LE(large_kb, small_kb * 12 / 10) << "1 MB: " << small_kb << " kB";
}

}  // namespace
}  // namespace floe::test
