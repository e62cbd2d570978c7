// `--jobs N` under an address-space limit (issue 25 item 5, ../shared/cases/hostile/
// jobs_memlimit.sh): floe goes on with the threads whose memory it could have, down to one,
// says so in one line on standard error, and writes what one thread writes. Before, `validate
// --jobs 64` under `ulimit -v 400000` stopped with std::bad_alloc, and `convert --jobs 1000`
// under 2 GB aborted in glibc (exit 134) registering a thread_local destructor.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "support/test_support.hpp"

namespace floe::test {
namespace {

// Runs `args` (shell words) under `ulimit -v kib`: exit code (128 + signal when killed),
// standard output and standard error.
RunResult run_limited(long kib, const std::string& args, const std::filesystem::path& dir) {
    const std::string out = (dir / "out").string(), err = (dir / "err").string();
    const std::string cmd = "sh -c 'ulimit -v " + std::to_string(kib) + " && exec " +
                            quoted_floe() + " " + args + "' >'" + out + "' 2>'" + err + "'";
    const int status = std::system(cmd.c_str());
    RunResult r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out       = read_file(out);
    r.err       = read_file(err);
    return r;
}

// Standard error holds one line, the degradation's.
void expect_one_degradation_line(const RunResult& r, const std::string& command) {
    SCOPED_TRACE(r.err);
    const std::string prefix = "floe " + command + ": ";
    ASSERT_EQ(r.err.rfind(prefix, 0), 0u);
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1);  // one line
    EXPECT_TRUE(r.err.find("continuing with ") != std::string::npos ||
                r.err.find("continuing on the main thread") != std::string::npos ||
                r.err.find("continuing on one thread") != std::string::npos);
}

class JobsUnderALimit : public testing::Test {
protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               ("floe-jobs-limit-" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir_);
        input_ = (dir_ / "in.pgn").string();
        ASSERT_EQ(run_floe("generate --variant Standard --count 2000 --seed 1 -o '" + input_ + "'")
                      .exit_code,
                  0);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::filesystem::path dir_;
    std::string input_;
};

TEST_F(JobsUnderALimit, ValidateWith64ThreadsIn400MB) {
    const RunResult one = run_floe("validate --jobs 1 '" + input_ + "'");
    ASSERT_EQ(one.exit_code, 0) << one.err;
    // A sanitizer's build maps terabytes of shadow memory: it cannot run under any such limit.
    if (run_limited(400000, "validate --jobs 1 \"" + input_ + "\"", dir_).exit_code != 0)
        GTEST_SKIP() << "this floe cannot run under ulimit -v 400000 even with one thread";
    const RunResult r = run_limited(400000, "validate --jobs 64 \"" + input_ + "\"", dir_);
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, one.out);  // the summary line, unchanged
    expect_one_degradation_line(r, "validate");
}

TEST_F(JobsUnderALimit, ConvertWith1000ThreadsIn2GB) {
    const RunResult one = run_floe("convert --jobs 1 '" + input_ + "'");
    ASSERT_EQ(one.exit_code, 0) << one.err;
    if (run_limited(2000000, "validate --jobs 1 \"" + input_ + "\"", dir_).exit_code != 0)
        GTEST_SKIP() << "this floe cannot run under ulimit -v 2000000 even with one thread";
    const RunResult r = run_limited(2000000, "convert --jobs 1000 \"" + input_ + "\"", dir_);
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_TRUE(r.out == one.out);  // byte for byte (not printed: megabytes)
    expect_one_degradation_line(r, "convert");
}

}  // namespace
}  // namespace floe::test
