// `floe convert` and `floe generate` end to end: goldens of every move notation and of JSON on
// the samples, reproducible generation, and the whole GNU book (issue "The whole notation").
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "support/test_support.hpp"

namespace floe::test {
namespace {

struct Sample {
    const char* path;
    const char* name;
};
constexpr Sample Samples[] = {{"samples/ice-age/lookintochess-2017.pgn", "lookintochess-2017"},
                              {"samples/orthodox/opera-game-1858.pgn", "opera-game-1858"},
                              {"samples/broken/three-faults.pgn", "three-faults"}};

TEST(Convert, GoldenOutputInEveryMoveNotation) {
    for (const Sample& s : Samples) {
        for (const std::string notation : {"san", "lan", "uci", "figurine"}) {
            const RunResult r =
                run_floe("convert --moves " + notation + " " + quoted_source(s.path));
            SCOPED_TRACE(std::string(s.name) + " " + notation);
            EXPECT_EQ(r.exit_code, std::string(s.name) == "three-faults" ? 1 : 0);
            EXPECT_EQ(r.out, read_file(source_path(std::string("tests/cli/golden/convert/") +
                                                   s.name + "." + notation + ".pgn")));
        }
    }
}

TEST(Convert, GoldenJsonLines) {
    for (const Sample& s : Samples) {
        const RunResult r = run_floe("convert --to json " + quoted_source(s.path));
        EXPECT_EQ(
            strip_source_dir(r.out),
            read_file(source_path(std::string("tests/cli/golden/convert/") + s.name + ".jsonl")))
            << s.name;
    }
}

TEST(Convert, CanonicalOutputIsAFixedPoint) {
    for (const Sample& s : Samples) {
        const std::string once = run_floe("convert " + quoted_source(s.path)).out;
        EXPECT_EQ(run_floe("convert -", once).out, once) << s.name;
    }
}

TEST(Convert, OutputFileAndUsageErrors) {
    const auto path   = std::filesystem::temp_directory_path() / "floe-convert-test.pgn";
    const RunResult r = run_floe("convert -o '" + path.string() + "' " +
                                 quoted_source("samples/orthodox/opera-game-1858.pgn"));
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_TRUE(r.out.empty());
    EXPECT_EQ(read_file(path),
              read_file(source_path("tests/cli/golden/convert/opera-game-1858.san.pgn")));
    std::filesystem::remove(path);
    EXPECT_EQ(run_floe("convert --moves xan -", "*").exit_code, 2);
    EXPECT_EQ(run_floe("convert --to yaml -", "*").exit_code, 2);
}

TEST(Generate, SameSeedSameBytesAndValidGames) {
    const RunResult a =
        run_floe("generate --variant 'Ice Age' --count 20 --seed 42 --max-plies 120");
    const RunResult b =
        run_floe("generate --variant 'Ice Age' --count 20 --seed 42 --max-plies 120");
    EXPECT_EQ(a.exit_code, 0);
    EXPECT_EQ(a.out, b.out);
    EXPECT_NE(a.out,
              run_floe("generate --variant 'Ice Age' --count 20 --seed 43 --max-plies 120").out);
    const RunResult v = run_floe("validate -", a.out);
    EXPECT_EQ(v.exit_code, 0) << v.err;
    EXPECT_NE(v.out.find(": 20 games, "), std::string::npos);
    EXPECT_NE(v.out.find(", 0 errors, 0 warnings"), std::string::npos);
    EXPECT_EQ(run_floe("convert -", a.out).out, a.out);
}

// The acceptance: the whole 145,716-game GNU book converts to canonical PGN, which
// validates again with 0 errors and the same ply count; the 14 games whose result contradicts
// their end are flagged.
TEST(Convert, WholeGnuBook) {
    FLOE_REQUIRE_SHARED(shared);
    // Named after the process: another checkout's suite may run this test at the same time.
    const auto dir =
        std::filesystem::temp_directory_path() / ("floe-book-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto book = dir / "book.pgn", canonical = dir / "canonical.pgn";
    const std::string unpack = "xz -dc '" +
                               (shared / "corpora/gnuchess-book/book_1.02.pgn.xz").string() +
                               "' > '" + book.string() + "'";
    if (std::system(unpack.c_str()) != 0) GTEST_SKIP() << "xz is not installed";
    const RunResult original = run_floe("validate --variant standard '" + book.string() + "'");
    const RunResult convert  = run_floe("convert --variant standard -o '" + canonical.string() +
                                        "' '" + book.string() + "'");
    const RunResult again    = run_floe("validate --variant standard '" + canonical.string() + "'");
    std::filesystem::remove_all(dir);
    EXPECT_EQ(original.out.substr(original.out.find(':')),
              ": 145716 games, 11264836 plies, 0 errors, 435 warnings\n");
    EXPECT_EQ(convert.exit_code, 0);
    EXPECT_EQ(again.exit_code, 0);
    EXPECT_EQ(again.out.substr(again.out.find(':')),
              ": 145716 games, 11264836 plies, 0 errors, 14 warnings\n");
    std::size_t contradictions = 0;
    for (std::size_t at = 0;
         (at = again.err.find("[result-contradicts-end]", at)) != std::string::npos; ++at)
        ++contradictions;
    EXPECT_EQ(contradictions, 14u);
}

}  // namespace
}  // namespace floe::test
