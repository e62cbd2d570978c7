// Trust (issue 12, items 3, 9 and 10): an output never destroys an input, `-o FILE` is written
// whole or not at all, a failed write to standard output is an error (exit 2), `--jobs` falls
// back to fewer threads instead of aborting, and `fen` takes --allow-null-moves.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "support/test_support.hpp"

namespace floe::test {
namespace {

namespace fs = std::filesystem;

// A scratch directory removed at the end of the test, named after the process and the test:
// another checkout's suite may run the same test at the same time.
struct TempDir {
    fs::path path;
    TempDir() {
        const auto* test = testing::UnitTest::GetInstance()->current_test_info();
        path             = fs::temp_directory_path() /
               (std::string("floe-output-") + test->name() + "-" + std::to_string(::getpid()));
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() { fs::remove_all(path); }
};

std::string quoted(const fs::path& path) { return "'" + path.string() + "'"; }

// Runs a shell command line (with its own redirections if it likes), capturing what reaches
// standard output and standard error. Standard input is empty.
RunResult shell(const std::string& line) {
    char dir_template[] = "/tmp/floe-shell-XXXXXX";
    const char* dir     = mkdtemp(dir_template);
    if (!dir) throw std::runtime_error("mkdtemp failed");
    const std::string out = std::string(dir) + "/out", err = std::string(dir) + "/err";
    const std::string cmd = "( " + line + " ) </dev/null >'" + out + "' 2>'" + err + "'";
    const int status      = std::system(cmd.c_str());
    RunResult r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_file(out), read_file(err)};
    fs::remove_all(dir);
    return r;
}

// A shell command line run in `dir`, where `floe` is the built binary.
RunResult shell_in(const fs::path& dir, const std::string& line) {
    return shell("cd " + quoted(dir) + " || exit 99\nfloe() { " + quoted_floe() + " \"$@\"; }\n" +
                 line);
}

// `floe ARGS` run in `dir` (so that messages name files as given).
RunResult floe_in(const fs::path& dir, const std::string& args) {
    return shell_in(dir, "floe " + args);
}

// The names in a directory: a temporary file left behind would show here.
std::set<std::string> names(const fs::path& dir) {
    std::set<std::string> out;
    for (const auto& entry : fs::directory_iterator(dir)) out.insert(entry.path().filename());
    return out;
}

void write(const fs::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

// A game with no diagnostics at all: standard error holds only the messages tested.
const std::string Game = "samples/ice-age/reference-3.pgn";

// game.pgn, a hard link hard.pgn and a symbolic link sym.pgn to it.
struct Linked : TempDir {
    std::string bytes;
    Linked() {
        fs::copy_file(source_path(Game), path / "game.pgn");
        fs::create_hard_link(path / "game.pgn", path / "hard.pgn");
        fs::create_symlink("game.pgn", path / "sym.pgn");
        bytes = read_file(path / "game.pgn");
    }
};

TEST(OutputOverInput, ConvertRefusesTheInputThroughAPathAHardLinkAndASymbolicLink) {
    Linked dir;
    for (const std::string out : {"game.pgn", "./game.pgn", "hard.pgn", "sym.pgn"}) {
        SCOPED_TRACE(out);
        const RunResult r = floe_in(dir.path, "convert -o " + out + " game.pgn");
        EXPECT_EQ(r.exit_code, 2);
        EXPECT_EQ(r.err, "floe convert: the output file " + out +
                             " is the input file game.pgn; nothing was written\n");
        EXPECT_EQ(r.out, "");
        EXPECT_TRUE(read_file(dir.path / "game.pgn") == dir.bytes) << "the input changed";
        EXPECT_EQ(names(dir.path), (std::set<std::string>{"game.pgn", "hard.pgn", "sym.pgn"}));
    }
    // The input named through a link, the output by its own name; any of several inputs.
    const RunResult via_link = floe_in(dir.path, "convert -o game.pgn sym.pgn");
    EXPECT_EQ(via_link.exit_code, 2);
    EXPECT_EQ(via_link.err,
              "floe convert: the output file game.pgn is the input file sym.pgn; nothing was "
              "written\n");
    fs::copy_file(source_path(Game), dir.path / "other.pgn");
    const RunResult second = floe_in(dir.path, "convert -o hard.pgn other.pgn - game.pgn");
    EXPECT_EQ(second.exit_code, 2);
    EXPECT_EQ(second.err,
              "floe convert: the output file hard.pgn is the input file game.pgn; nothing was "
              "written\n");
    EXPECT_TRUE(read_file(dir.path / "game.pgn") == dir.bytes) << "the input changed";
}

TEST(OutputOverInput, DiagramAndReplayRefuseTheirInputs) {
    Linked dir;
    write(dir.path / "pos.fen", "8/8/8/8/8/8/8/K6k w - - 0 1\n");
    const struct {
        std::string args, message;
    } cases[] = {
        {"diagram -o sym.pgn game.pgn",
         "floe diagram: the output file sym.pgn is the input file game.pgn; nothing was "
         "written\n"},
        {"diagram --variant standard --fen-file pos.fen -o pos.fen",
         "floe diagram: the output file pos.fen is the input file pos.fen; nothing was written\n"},
        {"replay -o hard.pgn game.pgn",
         "floe replay: the output file hard.pgn is the input file game.pgn; nothing was "
         "written\n"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.args);
        const RunResult r = floe_in(dir.path, c.args);
        EXPECT_EQ(r.exit_code, 2);
        EXPECT_EQ(r.err, c.message);
        EXPECT_TRUE(read_file(dir.path / "game.pgn") == dir.bytes) << "the input changed";
    }
    EXPECT_EQ(read_file(dir.path / "pos.fen"), "8/8/8/8/8/8/8/K6k w - - 0 1\n");
    EXPECT_EQ(names(dir.path),
              (std::set<std::string>{"game.pgn", "hard.pgn", "sym.pgn", "pos.fen"}));
}

TEST(Output, DashIsStandardOutput) {
    TempDir dir;
    fs::copy_file(source_path(Game), dir.path / "game.pgn");
    for (const std::string args : {"convert game.pgn", "generate --count 2 --seed 5",
                                   "diagram game.pgn", "replay game.pgn"}) {
        SCOPED_TRACE(args);
        const RunResult plain = floe_in(dir.path, args);
        const RunResult dash  = floe_in(dir.path, args + " -o -");
        EXPECT_EQ(plain.exit_code, 0) << plain.err;
        EXPECT_EQ(dash.exit_code, 0) << dash.err;
        EXPECT_FALSE(plain.out.empty());
        EXPECT_TRUE(dash.out == plain.out) << "-o - wrote something else than standard output";
        EXPECT_EQ(names(dir.path), std::set<std::string>{"game.pgn"}) << "a file was created";
    }
}

TEST(Output, AFileIsWrittenWholeWithItsPermissionsAndNoTemporaryFileIsLeft) {
    TempDir dir;
    fs::copy_file(source_path(Game), dir.path / "game.pgn");
    const std::string expected = floe_in(dir.path, "convert game.pgn").out;
    ASSERT_FALSE(expected.empty());

    // A new file gets the permissions the umask gives.
    const RunResult created = shell_in(dir.path, "umask 027 && floe convert -o new.pgn game.pgn");
    EXPECT_EQ(created.exit_code, 0) << created.err;
    EXPECT_EQ(created.out, "");
    EXPECT_TRUE(read_file(dir.path / "new.pgn") == expected);
    EXPECT_EQ(fs::status(dir.path / "new.pgn").permissions(),
              fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);

    // An existing file is replaced and keeps its permissions.
    write(dir.path / "old.pgn", "old\n");
    fs::permissions(dir.path / "old.pgn", fs::perms::owner_read | fs::perms::owner_write);
    const RunResult replaced = floe_in(dir.path, "convert -o old.pgn game.pgn");
    EXPECT_EQ(replaced.exit_code, 0) << replaced.err;
    EXPECT_TRUE(read_file(dir.path / "old.pgn") == expected);
    EXPECT_EQ(fs::status(dir.path / "old.pgn").permissions(),
              fs::perms::owner_read | fs::perms::owner_write);

    // A symbolic link to a file that is not an input: the file it points to is written, the
    // link stays.
    fs::create_symlink("old.pgn", dir.path / "link.pgn");
    const RunResult linked = floe_in(dir.path, "generate --seed 3 -o link.pgn");
    EXPECT_EQ(linked.exit_code, 0) << linked.err;
    EXPECT_TRUE(fs::is_symlink(dir.path / "link.pgn"));
    EXPECT_TRUE(read_file(dir.path / "old.pgn") == floe_in(dir.path, "generate --seed 3").out);

    EXPECT_EQ(names(dir.path),
              (std::set<std::string>{"game.pgn", "new.pgn", "old.pgn", "link.pgn"}));
}

TEST(Output, AFailedRunLeavesTheOldFileAndNoTemporaryFile) {
    TempDir dir;
    fs::copy_file(source_path(Game), dir.path / "game.pgn");
    write(dir.path / "out.pgn", "old\n");
    const std::set<std::string> files = {"game.pgn", "out.pgn"};

    // An input that cannot be read, after one that was converted: out.pgn would miss games.
    const RunResult missing = floe_in(dir.path, "convert -o out.pgn game.pgn missing.pgn");
    EXPECT_EQ(missing.exit_code, 2);
    EXPECT_EQ(missing.err,
              "floe convert: cannot open missing.pgn: No such file or directory\n"
              "floe convert: out.pgn not written, since an input could not be read\n");
    EXPECT_EQ(read_file(dir.path / "out.pgn"), "old\n");
    EXPECT_EQ(names(dir.path), files);

    // An invalid position (exit 1) or a game past the last one (exit 2): nothing to write.
    const RunResult bad_fen = floe_in(dir.path, "diagram --fen 'not a fen' -o out.pgn");
    EXPECT_EQ(bad_fen.exit_code, 1);
    const RunResult no_game = floe_in(dir.path, "replay --game 2 -o out.pgn game.pgn");
    EXPECT_EQ(no_game.exit_code, 2);
    EXPECT_EQ(no_game.err, "floe replay: game.pgn has 1 game, not game 2\n");
    EXPECT_EQ(read_file(dir.path / "out.pgn"), "old\n");
    EXPECT_EQ(names(dir.path), files);

    // A directory that does not exist.
    const RunResult no_dir = floe_in(dir.path, "convert -o none/out.pgn game.pgn");
    EXPECT_EQ(no_dir.exit_code, 2);
    EXPECT_EQ(no_dir.err, "floe convert: cannot write none/out.pgn: No such file or directory\n");
    EXPECT_EQ(names(dir.path), files);
}

// The temporary file needs a directory it may write: a writable file in a read-only directory
// is refused, not written in place. Root writes anywhere, so root runs floe as nobody.
TEST(Output, AWritableFileInAReadOnlyDirectoryIsLeftAsItWas) {
    std::string as_user;
    if (::geteuid() == 0) {
        if (std::system("command -v setpriv >/dev/null") != 0) GTEST_SKIP() << "no setpriv";
        as_user = "setpriv --reuid=65534 --regid=65534 --clear-groups ";
    }
    TempDir dir;
    fs::copy_file(source_path(Game), dir.path / "game.pgn");
    fs::create_directory(dir.path / "ro");
    write(dir.path / "ro/out.pgn", "old\n");
    fs::permissions(dir.path / "ro/out.pgn", fs::perms::all);
    const auto read_only = fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                           fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec;
    fs::permissions(dir.path / "ro", read_only);
    const RunResult r =
        shell_in(dir.path, as_user + quoted_floe() + " convert -o ro/out.pgn game.pgn");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "floe convert: cannot write ro/out.pgn: Permission denied\n");
    EXPECT_EQ(read_file(dir.path / "ro/out.pgn"), "old\n");
    EXPECT_EQ(names(dir.path / "ro"), std::set<std::string>{"out.pgn"});
    fs::permissions(dir.path / "ro", fs::perms::owner_all);  // so that it can be removed
}

TEST(Output, SpecialFilesAreWrittenDirectly) {
    TempDir dir;
    fs::copy_file(source_path(Game), dir.path / "game.pgn");
    const RunResult null = floe_in(dir.path, "convert -o /dev/null game.pgn");
    EXPECT_EQ(null.exit_code, 0) << null.err;
    EXPECT_TRUE(fs::is_character_file("/dev/null")) << "/dev/null was replaced";
    const RunResult full = floe_in(dir.path, "generate --count 50 -o /dev/full");
    EXPECT_EQ(full.exit_code, 2);
    EXPECT_EQ(full.err, "floe generate: cannot write /dev/full: No space left on device\n");
    // A FIFO: the reader gets everything.
    ASSERT_EQ(::mkfifo((dir.path / "fifo").c_str(), 0600), 0);
    const RunResult fifo = shell_in(
        dir.path,
        "timeout 60 cat fifo > copy.pgn & floe convert -o fifo game.pgn; s=$?; wait; exit $s");
    EXPECT_EQ(fifo.exit_code, 0) << fifo.err;
    EXPECT_TRUE(read_file(dir.path / "copy.pgn") == floe_in(dir.path, "convert game.pgn").out);
    EXPECT_TRUE(fs::is_fifo(dir.path / "fifo"));
}

TEST(StandardOutput, AFailedWriteIsAnErrorInEveryCommand) {
    const std::string game  = quoted_source(Game);
    const std::string start = "'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'";
    const struct {
        std::string command, args;
    } cases[] = {
        {"validate", game},
        {"validate", "--to json --jobs 2 " + game},
        {"fen", "--all " + game},
        {"fen", game},
        {"convert", game},
        {"convert", "-o - " + game},
        {"generate", "--count 2"},
        {"generate", "--count 300"},  // fails while writing, not at the end
        {"diagram", game},
        {"moves", "--variant standard " + start},
        {"perft", "--variant standard --divide " + start + " 2"},
        {"replay", game},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.command + " " + c.args);
        const RunResult r = shell(quoted_floe() + " " + c.command + " " + c.args + " >/dev/full");
        EXPECT_EQ(r.exit_code, 2);
        EXPECT_EQ(r.err, "floe " + c.command +
                             ": cannot write standard output: No space left on device\n");
    }
    const RunResult closed = shell(quoted_floe() + " validate " + game + " >&-");
    EXPECT_EQ(closed.exit_code, 2);
    EXPECT_EQ(closed.err, "floe validate: cannot write standard output: Bad file descriptor\n");
}

// A record of 200 generated games (several batches of 16 for every thread).
struct Record : TempDir {
    Record() {
        const RunResult r = floe_in(path, "generate --count 200 --seed 9 --max-plies 60 -o g.pgn");
        EXPECT_EQ(r.exit_code, 0) << r.err;
    }
};

TEST(Jobs, ZeroMeansOneThreadPerCore) {
    Record dir;
    for (const std::string command : {"validate", "convert", "fen --all"}) {
        SCOPED_TRACE(command);
        const RunResult one  = floe_in(dir.path, command + " --jobs 1 g.pgn");
        const RunResult zero = floe_in(dir.path, command + " --jobs 0 g.pgn");
        EXPECT_EQ(one.exit_code, 0) << one.err;
        EXPECT_EQ(zero.exit_code, 0) << zero.err;
        EXPECT_TRUE(zero.out == one.out) << "the output differs";
        EXPECT_EQ(zero.err, "");
    }
    const RunResult negative = floe_in(dir.path, "validate --jobs -1 g.pgn");
    EXPECT_EQ(negative.exit_code, 2);
    EXPECT_EQ(negative.err, "floe validate: --jobs: \"-1\" is not a whole number from 0\n");
}

// The real refusal, as root too (RLIMIT_NPROC does not bind root): each thread's stack is
// RLIMIT_STACK (8 GiB here), and RLIMIT_AS (20 GiB) leaves room for two of them only.
TEST(Jobs, FewerThreadsWhenTheSystemRefusesThem) {
    Record dir;
    // validate and convert start threads for each file; fen takes one file.
    for (const std::string command :
         {"validate g.pgn g.pgn", "convert g.pgn g.pgn", "fen --all g.pgn"}) {
        SCOPED_TRACE(command);
        const RunResult one     = floe_in(dir.path, command + " --jobs 1");
        const RunResult limited = shell_in(
            dir.path, "ulimit -s 8388608 && ulimit -v 20971520 && floe " + command + " --jobs 64");
        EXPECT_EQ(limited.exit_code, one.exit_code);
        EXPECT_TRUE(limited.out == one.out) << "the output differs";
        const std::string name = command.substr(0, command.find(' '));
        EXPECT_EQ(limited.err, "floe " + name +
                                   ": could start only 2 of 64 threads (Resource temporarily "
                                   "unavailable); continuing with 2\n");
    }
}

TEST(Fen, AllowNullMovesReplaysAMainLineNullMove) {
    const std::string record = "[Variant \"Standard\"]\n\n1. e4 -- 2. d4 *\n";
    const std::string start  = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
    const std::string e4     = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n";
    const std::string null   = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2\n";
    const std::string d4     = "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2\n";

    const RunResult refused = run_floe("fen --all -", record);
    EXPECT_EQ(refused.exit_code, 1);
    EXPECT_EQ(refused.out, start + e4);
    EXPECT_NE(refused.err.find("null move in the main line [null-move]\n"), std::string::npos)
        << refused.err;
    EXPECT_NE(refused.err.find(": note: --allow-null-moves reads null moves in the main line\n"),
              std::string::npos)
        << refused.err;

    for (const std::string args : {"--all", "--all --game 1", "--all --jobs 2"}) {
        SCOPED_TRACE(args);
        const RunResult r = run_floe("fen --allow-null-moves " + args + " -", record);
        EXPECT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(r.out, start + e4 + null + d4);
        EXPECT_EQ(r.err, "");
    }
    EXPECT_EQ(run_floe("fen --allow-null-moves --ply 2 -", record).out, null);
    EXPECT_EQ(run_floe("fen --allow-null-moves -", record).out, d4);
}

}  // namespace
}  // namespace floe::test
