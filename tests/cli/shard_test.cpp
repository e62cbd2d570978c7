// --shard K/N (issue 17 item 5, docs/scaling.md): the N parts' outputs, concatenated in order,
// are the single run's, for validate, convert, fen --all and select, on the book and on records
// with diagnostics (their true lines, columns and game numbers); the GNU parallel recipe; the
// usage errors.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "support/max_game_bytes_sample.hpp"
#include "support/test_support.hpp"

namespace floe::test {
namespace {

namespace fs = std::filesystem;

// Quoted for the shell (appended piece by piece: GCC 12 warns of `"'" + s + "'"`, -Wrestrict).
std::string quoted(const fs::path& p) {
    std::string q = "'";
    q += p.string();
    q += '\'';
    return q;
}

// The parts' outputs and standard errors, each concatenated in part order, and the highest
// exit code.
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

// Whether `line` is a note line, "FILE: note: ..." or "FILE:LINE:COL: note: ...", or a JSON
// note record: not a diagnostic's line, whose message may quote ": note: " after its severity.
bool is_note(const std::string& line) {
    if (line.starts_with("{\"schema_version\":1,\"kind\":\"note\"")) return true;
    const std::size_t note = line.find(": note: ");
    return note != std::string::npos && !line.starts_with(' ') && line.find(": error: ") > note &&
           line.find(": warning: ") > note;
}

// `text` without its notes, as issue 17 compares the parts' standard error: a file's notes and
// hints are shown once per file, so once per part. In JSON lines the hint is a key, "hint".
std::string without_notes(const std::string& text) {
    static const std::regex hint(R"(,"hint":"[^"]*")");
    std::string kept;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t end  = text.find('\n', at);
        const std::string line = text.substr(at, end == std::string::npos ? end : end - at + 1);
        at                     = end == std::string::npos ? text.size() : end + 1;
        if (!is_note(line)) kept += std::regex_replace(line, hint, "");
    }
    return kept;
}

// How many times `text` holds `word`.
int occurrences(const std::string& text, const std::string& word) {
    int n = 0;
    for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1))
        ++n;
    return n;
}

// Compares 1, 2, 3 and 7 parts (or `counts`) of `args FILE` with the single run: standard
// output in full, standard error without its notes.
void expect_same_as_single_run(const std::string& args, const fs::path& file,
                               const std::vector<int>& counts = {1, 2, 3, 7}) {
    const RunResult single = run_floe(args + " " + quoted(file));
    ASSERT_NE(single.exit_code, 2) << single.err;
    for (int parts : counts) {
        SCOPED_TRACE(args + ", " + std::to_string(parts) + " parts");
        const RunResult joined = sharded(args, file, parts);
        EXPECT_EQ(joined.out, single.out);
        EXPECT_EQ(without_notes(joined.err), without_notes(single.err));
        EXPECT_EQ(joined.exit_code, single.exit_code);
    }
}

// validate's summary lines ("F: 3 games, 4 plies, 1 errors, 0 warnings") added up into one, and
// the other lines in order but for the notes (without_notes).
struct Validated {
    std::string lines;
    long long games = 0, plies = 0, errors = 0, warnings = 0;
    bool operator==(const Validated&) const = default;
};
Validated add_up(const std::string& text, bool json) {
    static const std::regex summary(
        R"(^.*: (\d+) games, (\d+) plies, (\d+) errors, (\d+) warnings$)");
    static const std::regex json_summary(
        R"(^\{"schema_version":1,"file":"[^"]*","games":(\d+),"plies":(\d+),"errors":(\d+),"warnings":(\d+)\}$)");
    Validated v;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t end  = text.find('\n', at);
        const std::string line = text.substr(at, end - at);
        at                     = end == std::string::npos ? text.size() : end + 1;
        std::smatch m;
        if (std::regex_match(line, m, json ? json_summary : summary)) {
            v.games += std::stoll(m[1]);
            v.plies += std::stoll(m[2]);
            v.errors += std::stoll(m[3]);
            v.warnings += std::stoll(m[4]);
        } else {
            v.lines += without_notes(line + '\n');
        }
    }
    return v;
}

// validate: the diagnostics concatenate, the summaries add up (1, 2, 3 and 7 parts, or
// `counts`).
void expect_validate_adds_up(const std::string& args, const fs::path& file,
                             const std::vector<int>& counts = {1, 2, 3, 7}) {
    for (const bool json : {false, true}) {
        const std::string a    = args + (json ? " --to json" : "");
        const RunResult single = run_floe(a + " " + quoted(file));
        ASSERT_NE(single.exit_code, 2) << single.err;
        const Validated expected = add_up(single.out, json);
        ASSERT_GT(expected.games, 0);
        for (int parts : counts) {
            SCOPED_TRACE(a + ", " + std::to_string(parts) + " parts");
            const RunResult joined = sharded(a, file, parts);
            EXPECT_EQ(add_up(joined.out, json), expected);
            EXPECT_EQ(without_notes(joined.err), without_notes(single.err));
            EXPECT_EQ(joined.exit_code, single.exit_code);
        }
    }
}

std::optional<fs::path> book() {
    const auto shared = shared_dir();
    if (!shared) return std::nullopt;
    return *shared / "corpora/gnuchess-book/book_1.02.first2000.pgn";
}

// A temporary directory, removed with the object.
struct TempDir {
    fs::path path;
    TempDir() {
        char name[] = "/tmp/floe-shard-XXXXXX";
        path        = mkdtemp(name);
    }
    ~TempDir() { fs::remove_all(path); }
    fs::path write(const std::string& name, const std::string& text) const {
        std::ofstream(path / name, std::ios::binary) << text;
        return path / name;
    }
};

// A record with diagnostics of every kind, read as Ice Age: a BOM, CRLF line ends, games that
// start in the middle of a line, a game without a result before the next, bytes that are not
// UTF-8, the three faults sample, Ice Age games and games of standard chess (illegal in Ice Age).
std::string record_with_diagnostics() {
    return "\xEF\xBB\xBF" + read_file(source_path("samples/broken/three-faults.pgn")) +
           "\r\n[Event \"crlf\"]\r\n\r\n1. e4 e5 2. Ke3 *\r\n\r\n"
           "1. d4 d5 1-0 1. e4 Ke7 0-1 {caf\xE9} 1. Nf3 Nf6 2. Qd3 *\n[Event \"no result\"]\n1. "
           "e4\n" +
           read_file(source_path("samples/ice-age/reference-3.pgn")) +
           "\n[Event \"chess\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n" +
           read_file(source_path("samples/ice-age/lookintochess-2017.pgn"));
}

TEST(Shard, ConvertFenAndSelectOfTheBookEqualTheSingleRun) {
    const auto file = book();
    if (!file) GTEST_SKIP() << "shared/ not found (set FLOE_SHARED)";
    expect_same_as_single_run("convert --variant standard", *file);
    expect_same_as_single_run("convert --variant standard --to json --moves uci --jobs 2", *file);
    expect_same_as_single_run("fen --all --to epd --variant standard", *file);
    expect_same_as_single_run("select --variant standard --where 'Result == \"1-0\"'", *file);
    expect_same_as_single_run("select --variant standard --to json --games 5-40,1900-", *file);
}

TEST(Shard, ValidateOfTheBookAddsUpToTheSingleRun) {
    const auto file = book();
    if (!file) GTEST_SKIP() << "shared/ not found (set FLOE_SHARED)";
    expect_validate_adds_up("validate --variant standard", *file);
}

TEST(Shard, SelectCountsAddUp) {
    const auto file = book();
    if (!file) GTEST_SKIP() << "shared/ not found (set FLOE_SHARED)";
    const std::string args = "select --count --variant standard --where 'Result == \"0-1\"'";
    const RunResult single = run_floe(args + " " + quoted(*file));
    ASSERT_EQ(single.exit_code, 0) << single.err;
    for (int parts : {2, 7}) {
        long long sum = 0;
        for (int k = 1; k <= parts; ++k)
            sum += std::stoll(run_floe(args + " --shard " + std::to_string(k) + "/" +
                                       std::to_string(parts) + " " + quoted(*file))
                                  .out);
        EXPECT_EQ(std::to_string(sum) + "\n", single.out);
    }
}

// Diagnostics carry the true line, column and game number: standard error is compared whole.
TEST(Shard, DiagnosticsOfARecordWithFaultsEqualTheSingleRun) {
    TempDir dir;
    const fs::path file    = dir.write("faults.pgn", record_with_diagnostics());
    const RunResult single = run_floe("validate " + quoted(file));
    ASSERT_EQ(single.exit_code, 1);
    // Game 7 starts in the middle of line 32, after two games on that line.
    ASSERT_NE(single.err.find("faults.pgn:32:49: error: game 7, 2. Qd3: no queen can reach d3"),
              std::string::npos)
        << single.err;
    // 40 parts of about 49 bytes: boundaries fall between the games of line 32 too.
    const std::vector<int> counts = {1, 2, 3, 7, 40};
    expect_validate_adds_up("validate", file, counts);
    expect_validate_adds_up("validate --board", file, counts);
    expect_same_as_single_run("convert", file, counts);
    expect_same_as_single_run("convert --to json", file, counts);
    expect_same_as_single_run("fen --all --to epd", file, counts);
    expect_same_as_single_run("select --invalid", file, counts);
}

// The book read as Ice Age: an error in every game, with its note.
TEST(Shard, TheBookReadAsIceAgeHasTheSameErrorsInParts) {
    const auto file = book();
    if (!file) GTEST_SKIP() << "shared/ not found (set FLOE_SHARED)";
    expect_same_as_single_run("convert --to json", *file);
    expect_validate_adds_up("validate", *file);
}

// Drops in standard chess: the hint is a note once per file, so once per part; the diagnostics'
// own lines, in text and JSON, are the single run's.
TEST(Shard, AHintIsANoteAndThePartsJoinWithoutIt) {
    TempDir dir;
    std::string record;
    for (int n = 1; n <= 14; ++n)
        record += "[Event \"g" + std::to_string(n) + "\"]\n\n1. e4 d5 2. exd5 Qxd5 3. N@f3 *\n\n";
    const fs::path file    = dir.write("drops.pgn", record);
    const std::string note = ": note: drops are Crazyhouse moves: use --variant crazyhouse\n";
    const RunResult single = run_floe("validate --variant standard " + quoted(file));
    EXPECT_EQ(occurrences(single.err, note), 1);
    EXPECT_EQ(occurrences(single.err, ": error: "), 14);
    // Each of 7 parts shows the hint at its first drop: the notes are what differs.
    EXPECT_EQ(occurrences(sharded("validate --variant standard", file, 7).err, note), 7);
    expect_validate_adds_up("validate --variant standard", file);
    expect_same_as_single_run("convert --variant standard", file);
    expect_same_as_single_run("convert --variant standard --to json", file);
    expect_same_as_single_run("fen --all --variant standard --diagnostics json", file);
}

// select: the first parts select nothing, yet the parts join into the single run byte for byte
// (each game carries the blank line after it; none is written before a part's first game).
TEST(Shard, SelectWithNothingInTheFirstPartsEqualsTheSingleRun) {
    TempDir dir;
    std::string record;
    for (int n = 1; n <= 21; ++n)
        record += "[Event \"g" + std::to_string(n) + "\"]\n[White \"" +
                  (n == 21 ? "Last" : "Other") + "\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n" +
                  (n < 21 ? "\n" : "");
    const fs::path file = dir.write("last.pgn", record);
    for (const std::string criterion : {"--where 'White == \"Last\"'", "--games 20-"}) {
        for (const std::string form : {"", " --canonical", " --to json"}) {
            const std::string args = "select --variant standard " + criterion + form;
            const RunResult single = run_floe(args + " " + quoted(file));
            ASSERT_EQ(single.exit_code, 0) << single.err;
            ASSERT_NE(single.out, "");
            for (int parts : {2, 3, 7}) {
                SCOPED_TRACE(args + ", " + std::to_string(parts) + " parts");
                // The case this test is for: the first part selects nothing.
                EXPECT_EQ(
                    run_floe(args + " --shard 1/" + std::to_string(parts) + " " + quoted(file)).out,
                    "");
                const RunResult joined = sharded(args, file, parts);
                EXPECT_EQ(joined.out, single.out);
                EXPECT_EQ(joined.err, single.err);
                EXPECT_EQ(joined.exit_code, single.exit_code);
            }
        }
    }
    // As read, the single run is the last game and its blank line.
    EXPECT_EQ(run_floe("select --variant standard --where 'White == \"Last\"' " + quoted(file)).out,
              "[Event \"g21\"]\n[White \"Last\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n");
}

// A game larger than --max-game-bytes falls in exactly one part: the part holding its first
// byte reports it, the others read past it or stop before it.
TEST(Shard, AGameTooLargeFallsInExactlyOnePart) {
    TempDir dir;
    const fs::path file = dir.write("three.pgn", ThreeGamesSecondOver100Bytes);
    for (const char* args : {"validate --variant standard --max-game-bytes 100",
                             "validate --to json --variant standard --max-game-bytes 100"}) {
        const RunResult single = run_floe(std::string(args) + " " + quoted(file));
        const bool json        = std::string(args).find("--to json") != std::string::npos;
        for (int parts : {2, 3, 7, 40}) {
            SCOPED_TRACE(parts);
            const RunResult joined = sharded(args, file, parts);
            EXPECT_EQ(add_up(joined.out, json), add_up(single.out, json));
            EXPECT_EQ(joined.err, single.err);
        }
    }
    expect_same_as_single_run("convert --variant standard --max-game-bytes 100", file,
                              {2, 3, 7, 40});
    expect_same_as_single_run("fen --all --variant standard --max-game-bytes 100", file,
                              {2, 3, 7, 40});
}

// The recipe of docs/scaling.md, with four jobs on this machine (`--sshlogin 4/:`).
TEST(Shard, GnuParallelRecipeWithFourLocalShardsGivesTheSingleRun) {
    const auto file = book();
    if (!file) GTEST_SKIP() << "shared/ not found (set FLOE_SHARED)";
    if (std::system("command -v parallel >/dev/null 2>&1") != 0)
        GTEST_SKIP() << "GNU parallel not installed (scripts/setup.sh installs it)";
    TempDir dir;
    const std::string out = (dir.path / "out").string(), err = (dir.path / "err").string();
    const std::string recipe = "parallel --will-cite -k --sshlogin 4/: " + quoted_floe() +
                               " convert --variant standard --shard {}/4 " + quoted(*file) +
                               " ::: 1 2 3 4 >'" + out + "' 2>'" + err + "'";
    ASSERT_EQ(std::system(recipe.c_str()), 0) << read_file(err);
    const RunResult single = run_floe("convert --variant standard " + quoted(*file));
    EXPECT_EQ(read_file(out), single.out);
    EXPECT_EQ(read_file(err), single.err);
}

TEST(Shard, BadPartsStandardInputAndCompressedFilesAreUsageErrors) {
    TempDir dir;
    const fs::path file = dir.write("one.pgn", "1. e4 e5 *\n");
    for (const char* bad : {"0/4", "5/4", "0/0", "1/0", "a/b", "2", "1/2/3", "-1/2", "1/", "/2"}) {
        SCOPED_TRACE(bad);
        const RunResult r = run_floe(std::string("convert --shard ") + bad + " " + quoted(file));
        EXPECT_EQ(r.exit_code, 2);
        EXPECT_EQ(r.err, std::string("floe convert: --shard: expected K/N with 1 <= K <= N (e.g. "
                                     "2/8), not \"") +
                             bad + "\"\n");
        EXPECT_EQ(r.out, "");
    }
    const RunResult in = run_floe("validate --shard 1/2 -", "1. e4 e5 *\n");
    EXPECT_EQ(in.exit_code, 2);
    EXPECT_EQ(in.err,
              "floe validate: --shard needs a file: standard input cannot be split into parts\n");
    // gzip's empty member: a compressed file, whatever it holds.
    const fs::path gz = dir.write(
        "empty.pgn.gz", std::string("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\x03\x00\x00\x00\x00"
                                    "\x00\x00\x00\x00\x00",
                                    20));
    const RunResult compressed = run_floe("fen --all --shard 1/2 " + quoted(gz));
    EXPECT_EQ(compressed.exit_code, 2);
    EXPECT_EQ(compressed.err, "floe fen: --shard cannot split a compressed file (" + gz.string() +
                                  "): decompress it first\n");
    const RunResult one_game = run_floe("fen --shard 1/2 " + quoted(file));
    EXPECT_EQ(one_game.exit_code, 2);
    EXPECT_EQ(one_game.err,
              "floe fen: --shard splits a whole file: use it with --all, without --game\n");
    const RunResult unique = run_floe("select --unique --shard 1/2 " + quoted(file));
    EXPECT_EQ(unique.exit_code, 2);
    EXPECT_EQ(unique.err,
              "floe select: --shard cannot be combined with --unique, --duplicates, --skip, "
              "--first, --split-every or --split-by: they depend on the games of the other "
              "parts\n");
}

}  // namespace
}  // namespace floe::test
