// Each command replays each game once (issue 26, item 3). With FLOE_COUNT_REPLAYS set, floe prints
// how many replays the driver ran ("floe: replays: N" on standard error at exit, cli/main.cpp;
// rules/game/replay_count.hpp). Each command that replays is run here on one sample of playable
// games of five variants, and the count must be the number of games it replays: every game of
// the file, the one game asked for, or (select written from the tags alone) the games selected.

#include <gtest/gtest.h>
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <string>

#include "support/test_support.hpp"

namespace floe::test {
namespace {

namespace fs = std::filesystem;

// The sample: select's worked examples (Standard, Crazyhouse, Glacial Shift, Ice Age from the
// start and from FEN tags, one game with an illegal move), the annotated games (variations, NAGs,
// comments) and two generated Chess960 games.
constexpr int Games    = 16;
constexpr int Standard = 6;  // games with [Variant "Standard"]

// A command line on the sample, and the number of games it replays.
struct Row {
    const char* args;
    int games;
};
void PrintTo(const Row& row, std::ostream* os) { *os << "floe " << row.args; }

class ReplayCount : public testing::TestWithParam<Row> {
public:
    static void SetUpTestSuite() {
        dir_ = fs::temp_directory_path() / ("floe-replay-count-" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        std::ofstream sample(dir_ / "sample.pgn", std::ios::binary);
        for (const char* file :
             {"samples/select/chess.pgn", "samples/select/glacial.pgn",
              "samples/select/ice-age.pgn", "samples/annotated/opera-game-annotated.pgn",
              "samples/annotated/ice-age-annotated.pgn", "samples/annotated/glacial-variation.pgn"})
            sample << read_file(source_path(file));
        sample << run_floe("generate --variant Chess960 --count 2 --seed 26 --max-plies 30").out;
    }
    static void TearDownTestSuite() { fs::remove_all(dir_); }

protected:
    // `floe ARGS` on the sample ({file}; {dir}: a folder that does not exist yet), with
    // FLOE_COUNT_REPLAYS set: the count it printed, or -1.
    static long replays(std::string args) {
        put(args, "{file}", sample());
        put(args, "{dir}", dir_ / "out");
        fs::remove_all(dir_ / "out");
        ::setenv("FLOE_COUNT_REPLAYS", "1", 1);
        const RunResult r = run_floe(args);
        ::unsetenv("FLOE_COUNT_REPLAYS");
        const std::string mark = "floe: replays: ";
        const std::size_t at   = r.err.rfind(mark);
        if (at == std::string::npos) {
            ADD_FAILURE() << "no count from floe " << args << "\n" << r.err;
            return -1;
        }
        return std::stol(r.err.substr(at + mark.size()));
    }
    static fs::path sample() { return dir_ / "sample.pgn"; }
    // `path`, quoted, for `name` in `args`.
    static void put(std::string& args, const std::string& name, const fs::path& path) {
        const std::size_t at = args.find(name);
        if (at == std::string::npos) return;
        std::string quoted = path.string();
        quoted.insert(quoted.begin(), '\'');
        quoted.push_back('\'');
        args.replace(at, name.size(), quoted);
    }
    static inline fs::path dir_;
};

TEST_F(ReplayCount, TheSampleHoldsItsGames) {
    const RunResult r = run_floe("validate '" + sample().string() + "'");
    EXPECT_NE(r.out.find("16 games"), std::string::npos) << r.out;
    EXPECT_EQ(
        run_floe("select --count --where 'Variant == \"Standard\"' '" + sample().string() + "'")
            .out,
        std::to_string(Standard) + "\n");
}

TEST_F(ReplayCount, NothingChangesWithoutTheVariable) {
    const std::string args = "validate '" + sample().string() + "'";
    const RunResult plain  = run_floe(args);
    ::setenv("FLOE_COUNT_REPLAYS", "1", 1);
    const RunResult counted = run_floe(args);
    ::unsetenv("FLOE_COUNT_REPLAYS");
    EXPECT_EQ(plain.out, counted.out);
    EXPECT_EQ(plain.exit_code, counted.exit_code);
    EXPECT_EQ(plain.err + "floe: replays: " + std::to_string(Games) + "\n", counted.err);
}

// The replays that try another reading of a game, not the same game again (docs/decisions/
// architecture.md, "One replay per game"): a last word `0-0` without a marker is tried as the
// result first (one trial replay), and a game whose FEN tag fails on its first move is tried from
// the standard start for the hint (one more). Pinned, so that no other second replay hides here.
TEST_F(ReplayCount, TrialReadingsAreTheOnlyOthers) {
    const fs::path file = dir_ / "trials.pgn";
    std::ofstream(file, std::ios::binary)
        << "[Variant \"Standard\"]\n\n1. e4 e5 2. Nf3 Nc6 0-0\n\n"
           "[Variant \"Standard\"]\n[FEN \"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b "
           "KQkq - 1 2\"]\n[SetUp \"1\"]\n\n1. e4 e5 2. Nf3 *\n\n"
           "[Variant \"Standard\"]\n\n1. d4 d5 *\n";
    EXPECT_EQ(replays("validate '" + file.string() + "'"), 3 + 2);
}

TEST_P(ReplayCount, EachGameOnce) { EXPECT_EQ(replays(GetParam().args), GetParam().games); }

INSTANTIATE_TEST_SUITE_P(
    Commands, ReplayCount,
    testing::Values(
        Row{"validate {file}", Games}, Row{"validate --jobs 2 {file}", Games},
        Row{"convert {file}", Games}, Row{"convert --moves san {file}", Games},
        Row{"convert --moves lan {file}", Games}, Row{"convert --moves uci {file}", Games},
        Row{"convert --moves figurine {file}", Games}, Row{"convert --to json {file}", Games},
        Row{"convert --jobs 2 {file}", Games}, Row{"convert --fix-result {file}", Games},
        Row{"convert --add-tags PlyCount {file}", Games},
        Row{"convert --fix-result --add-tags PlyCount {file}", Games}, Row{"fen {file}", 1},
        Row{"fen --game 9 --ply 3 {file}", 1}, Row{"fen --all {file}", Games},
        Row{"fen --all --game 2 {file}", 1}, Row{"fen --all --jobs 2 {file}", Games},
        // Selected by their tags and written as read: no game is replayed.
        Row{"select --where 'Variant == \"Standard\"' {file}", 0},
        Row{"select --games 2-4 {file}", 0},
        // Selected by their tags and written by the canonical writer: the games selected.
        Row{"select --where 'Variant == \"Standard\"' --canonical {file}", Standard},
        Row{"select --where 'Variant == \"Standard\"' --to json {file}", Standard},
        Row{"select --games 2-4 --moves uci {file}", 3},
        // Selected by what the moves show: each game once, matched and written in one walk.
        Row{"select --canonical {file}", Games}, Row{"select --to json {file}", Games},
        Row{"select --where 'plies > 10' {file}", Games},
        Row{"select --where 'plies > 10' --canonical {file}", Games},
        Row{"select --position 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 "
            "2' {file}",
            Games},
        Row{"select --position 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 "
            "2' --canonical {file}",
            Games},
        Row{"select --position 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 "
            "2' --to json {file}",
            Games},
        Row{"select --valid --canonical {file}", Games},
        Row{"select --event checkmate --canonical {file}", Games},
        Row{"select --material 'KQ+ vs K+' --jobs 2 --canonical {file}", Games},
        Row{"select --unique {file}", Games}, Row{"replay {file}", 1},
        Row{"replay --game 9 {file}", 1}, Row{"replay --all {dir} {file}", Games},
        Row{"diagram {file}", 1}, Row{"diagram --game 9 --ply 3 {file}", 1},
        Row{"diagram --game 16 --to svg {file}", 1},
        // No record: the position's moves, no replay.
        Row{"moves --variant Standard "
            "'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'",
            0}),
    [](const testing::TestParamInfo<Row>& info) {
        // The command line as a test name: letters and digits, the rest as `_`.
        std::string name = std::to_string(info.index) + "_";
        for (const char c : std::string(info.param.args)) {
            if (std::isalnum(static_cast<unsigned char>(c)))
                name += c;
            else if (name.back() != '_')
                name += '_';
        }
        while (name.back() == '_') name.pop_back();
        return name;
    });

}  // namespace
}  // namespace floe::test
