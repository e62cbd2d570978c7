// Standard output that is an input is refused, as `-o` is (issue 25 item 1,
// ../shared/cases/hostile/append_to_input.sh): `floe select x.pgn >> x.pgn` read its own output
// without end. Every command that reads records and writes to standard output checks it before
// writing anything: exit 2, the file untouched. A pipe, /dev/null or another file is no input.
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

namespace fs = std::filesystem;

const std::string Game = "[Event \"x\"]\n[Variant \"Standard\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";

struct Shell {
    int exit_code = -1;
    std::string err;
};

// Runs `command` with bash in `dir`, floe as $F; standard error is kept.
Shell shell(const fs::path& dir, const std::string& command) {
    const fs::path err     = dir / "stderr.txt";
    const std::string line = "cd '" + dir.string() + "' && F=" + quoted_floe() + " bash -c '" +
                             command + "' 2>'" + err.string() + "'";
    const int status = std::system(line.c_str());
    Shell r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.err       = read_file(err);
    fs::remove(err);
    return r;
}

class StdoutInput : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("floe-stdout-input-" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        std::ofstream(dir_ / "x.pgn", std::ios::binary) << Game;
    }
    void TearDown() override { fs::remove_all(dir_); }

    // The message for standard output being the file `x.pgn`, named as `input`.
    std::string refused(const std::string& command, const std::string& input) const {
        return "floe " + command + ": standard output (" + (dir_ / "x.pgn").string() +
               ") is the input file " + input + "; nothing was written\n";
    }

    fs::path dir_;
};

// Appending (`>>`) and writing (`>`, `1<>`): refused by every record command, the file as it was
// (`>` emptied it before floe started: nothing more is lost).
TEST_F(StdoutInput, EveryRecordCommandRefusesItsInputOnStandardOutput) {
    for (const std::string command :
         {"select", "convert", "validate", "fen", "replay", "diagram"}) {
        const Shell r = shell(dir_, "$F " + command + " x.pgn >> x.pgn");
        EXPECT_EQ(r.exit_code, 2) << command;
        EXPECT_EQ(r.err, refused(command, "x.pgn")) << command;
        EXPECT_EQ(read_file(dir_ / "x.pgn"), Game) << command;
    }
    const Shell rw = shell(dir_, "$F convert x.pgn 1<> x.pgn");
    EXPECT_EQ(rw.exit_code, 2);
    EXPECT_EQ(rw.err, refused("convert", "x.pgn"));
    EXPECT_EQ(read_file(dir_ / "x.pgn"), Game);
    const Shell truncated = shell(dir_, "$F select x.pgn > x.pgn");
    EXPECT_EQ(truncated.exit_code, 2);
    EXPECT_EQ(truncated.err, refused("select", "x.pgn"));
    EXPECT_EQ(read_file(dir_ / "x.pgn"), "");
}

// Standard input, a hard link, a symbolic link and a second input: the same file.
TEST_F(StdoutInput, EverySpellingOfTheInput) {
    fs::create_hard_link(dir_ / "x.pgn", dir_ / "hard.pgn");
    fs::create_symlink("x.pgn", dir_ / "soft.pgn");
    std::ofstream(dir_ / "other.pgn", std::ios::binary) << Game;
    const struct {
        std::string name, command, input;
    } cases[] = {
        {"select", "$F select - < x.pgn >> x.pgn", "(standard input)"},
        {"convert", "$F convert - < x.pgn >> x.pgn", "(standard input)"},
        {"validate", "$F validate - < x.pgn >> x.pgn", "(standard input)"},
        {"select", "$F select hard.pgn >> x.pgn", "hard.pgn"},
        {"select", "$F select soft.pgn >> x.pgn", "soft.pgn"},
        {"convert", "$F convert other.pgn x.pgn >> x.pgn", "x.pgn"},
        {"select", "$F select x.pgn >> soft.pgn", "x.pgn"},
    };
    for (const auto& c : cases) {
        const Shell r = shell(dir_, c.command);
        EXPECT_EQ(r.exit_code, 2) << c.command;
        EXPECT_EQ(r.err, refused(c.name, c.input)) << c.command;
        EXPECT_EQ(read_file(dir_ / "x.pgn"), Game) << c.command;
    }
}

// What is no input is written as before.
TEST_F(StdoutInput, PipesNullAndOtherFilesAreWritten) {
    EXPECT_EQ(shell(dir_, "$F select x.pgn > /dev/null").exit_code, 0);
    EXPECT_EQ(shell(dir_, "$F select x.pgn | cat > piped.pgn").exit_code, 0);
    EXPECT_EQ(read_file(dir_ / "piped.pgn"), Game);
    std::ofstream(dir_ / "log.pgn", std::ios::binary) << Game;
    EXPECT_EQ(shell(dir_, "$F select x.pgn >> log.pgn").exit_code, 0);
    EXPECT_EQ(read_file(dir_ / "log.pgn"), Game + Game);
    EXPECT_EQ(shell(dir_, "$F select - < x.pgn >> log.pgn").exit_code, 0);
    EXPECT_EQ(read_file(dir_ / "log.pgn"), Game + Game + Game);
    // With -o, standard output carries no results: it may be the input.
    EXPECT_EQ(shell(dir_, "$F select x.pgn -o out.pgn >> x.pgn").exit_code, 0);
    EXPECT_EQ(read_file(dir_ / "out.pgn"), Game);
    EXPECT_EQ(read_file(dir_ / "x.pgn"), Game);
}

// `-o /dev/stdout >> log.pgn` (and `/dev/fd/N`, `/proc/self/fd/N`): written through the
// descriptor the shell opened, appending; a temporary file put in place of the log replaced it.
// The same names of the input are refused as -o over an input is.
TEST_F(StdoutInput, DescriptorNamesAppendAndAreChecked) {
    std::ofstream(dir_ / "log.pgn", std::ios::binary) << "keep\n";
    EXPECT_EQ(shell(dir_, "$F select x.pgn -o /dev/stdout >> log.pgn").exit_code, 0);
    EXPECT_EQ(read_file(dir_ / "log.pgn"), "keep\n" + Game);
    EXPECT_EQ(shell(dir_, "$F select x.pgn -o /dev/fd/3 3>> log.pgn").exit_code, 0);
    EXPECT_EQ(read_file(dir_ / "log.pgn"), "keep\n" + Game + Game);
    EXPECT_EQ(shell(dir_, "$F convert x.pgn -o /proc/self/fd/1 >> log.pgn").exit_code, 0);
    EXPECT_EQ(read_file(dir_ / "log.pgn").substr(0, 5 + 2 * Game.size()), "keep\n" + Game + Game);
    EXPECT_GT(read_file(dir_ / "log.pgn").size(), 5 + 2 * Game.size());
    const Shell input = shell(dir_, "$F select x.pgn -o /dev/stdout >> x.pgn");
    EXPECT_EQ(input.exit_code, 2);
    EXPECT_EQ(input.err,
              "floe select: the output file /dev/stdout is the input file x.pgn; nothing was "
              "written\n");
    EXPECT_EQ(read_file(dir_ / "x.pgn"), Game);
}

// Standard error that is an input: `floe validate bad.pgn 2>> bad.pgn` read its own diagnostics
// as games without end (1.1 GB in 20 s from a 1.5 MB file). Refused by every record command,
// split runs too; the refusal itself is the one line that reaches the file.
TEST_F(StdoutInput, StandardErrorThatIsAnInputIsRefused) {
    for (const std::string command :
         {"validate x.pgn", "select x.pgn", "convert x.pgn -o out.pgn", "fen x.pgn", "replay x.pgn",
          "diagram x.pgn", "select --split-every 1 -o split x.pgn", "replay --all pages x.pgn",
          "validate - < x.pgn"}) {
        std::ofstream(dir_ / "x.pgn", std::ios::binary) << Game;
        const Shell r = shell(dir_, "$F " + command + " 2>> x.pgn > /dev/null");
        EXPECT_EQ(r.exit_code, 2) << command;
        const std::string name = command.substr(0, command.find(' '));
        const std::string input =
            command.find(" - <") != std::string::npos ? "(standard input)" : "x.pgn";
        EXPECT_EQ(read_file(dir_ / "x.pgn"),
                  Game + "floe " + name + ": standard error (" + (dir_ / "x.pgn").string() +
                      ") is the input file " + input + "; nothing was read\n")
            << command;
        EXPECT_FALSE(fs::exists(dir_ / "out.pgn")) << command;
    }
    std::ofstream(dir_ / "x.pgn", std::ios::binary) << Game;
    EXPECT_EQ(shell(dir_, "$F validate x.pgn 2>> other.txt").exit_code, 0);
}

}  // namespace
}  // namespace floe::test
