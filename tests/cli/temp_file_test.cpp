// cli::TempFile (issue 25 item 2): a temporary file has no name while it is open where the file
// system has O_TMPFILE, gets its hidden name `.NAME.floe-XXXXXX` when it must be closed, is put in
// place whole (linked, or renamed over an old file), and is removed when it is not put in place.
#include "cli/temp_file.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/test_support.hpp"

namespace floe::test {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> names(const fs::path& dir) {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

bool write(int fd, const std::string& text) {
    return ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
}

class TempFileTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("floe-temp-file-" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
#ifdef O_TMPFILE
        const int fd = ::open(dir_.c_str(), O_TMPFILE | O_WRONLY, 0600);
        unnamed_     = fd >= 0;
        if (fd >= 0) ::close(fd);
#endif
    }
    void TearDown() override { fs::remove_all(dir_); }

    fs::path dir_;
    bool unnamed_ = false;  // the file system has O_TMPFILE
};

TEST_F(TempFileTest, NewFileIsLinkedWhole) {
    const std::string destination = (dir_ / "out.pgn").string();
    cli::TempFile temp;
    ASSERT_EQ(temp.create(destination, 0640), 0);
    EXPECT_EQ(temp.unnamed(), unnamed_);
    EXPECT_EQ(names(dir_).size(), unnamed_ ? 0u : 1u);  // nothing to see while it is written
    ASSERT_TRUE(write(temp.fd(), "new\n"));
    ASSERT_EQ(temp.place(), 0);
    EXPECT_EQ(names(dir_), std::vector<std::string>{"out.pgn"});
    EXPECT_EQ(read_file(destination), "new\n");
    EXPECT_EQ(fs::status(destination).permissions() & fs::perms::all,
              fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
}

TEST_F(TempFileTest, OldFileIsReplacedAtOnce) {
    const std::string destination = (dir_ / "out.pgn").string();
    std::ofstream(destination) << "old\n";
    cli::TempFile temp;
    ASSERT_EQ(temp.create(destination, 0644), 0);
    ASSERT_TRUE(write(temp.fd(), "new\n"));
    EXPECT_EQ(read_file(destination), "old\n");
    ASSERT_EQ(temp.place(), 0);
    EXPECT_EQ(names(dir_), std::vector<std::string>{"out.pgn"});
    EXPECT_EQ(read_file(destination), "new\n");
}

// Closed to bound the files open, it takes its hidden name, and is appended to after reopen().
TEST_F(TempFileTest, ClosedFileHasItsHiddenNameAndIsReopened) {
    const std::string destination = (dir_ / "a.pgn").string();
    cli::TempFile temp;
    ASSERT_EQ(temp.create(destination, 0644), 0);
    ASSERT_TRUE(write(temp.fd(), "one\n"));
    ASSERT_EQ(temp.close(), 0);
    EXPECT_EQ(temp.fd(), -1);
    const std::vector<std::string> hidden = names(dir_);
    ASSERT_EQ(hidden.size(), 1u);
    EXPECT_EQ(hidden[0].rfind(".a.pgn.floe-", 0), 0u) << hidden[0];
    EXPECT_EQ(hidden[0].size(), std::string(".a.pgn.floe-XXXXXX").size());
    ASSERT_EQ(temp.reopen(), 0);
    ASSERT_TRUE(write(temp.fd(), "two\n"));
    ASSERT_EQ(temp.place(), 0);
    EXPECT_EQ(names(dir_), std::vector<std::string>{"a.pgn"});
    EXPECT_EQ(read_file(destination), "one\ntwo\n");
}

// Not put in place: nothing is left, named or not, and the old file stays.
TEST_F(TempFileTest, FileNotPutInPlaceIsRemoved) {
    std::ofstream(dir_ / "b.pgn") << "old\n";
    {
        cli::TempFile written;
        ASSERT_EQ(written.create((dir_ / "a.pgn").string(), 0644), 0);
        cli::TempFile closed;
        ASSERT_EQ(closed.create((dir_ / "b.pgn").string(), 0644), 0);
        ASSERT_TRUE(write(closed.fd(), "new\n"));
        ASSERT_EQ(closed.close(), 0);
    }
    EXPECT_EQ(names(dir_), std::vector<std::string>{"b.pgn"});
    EXPECT_EQ(read_file(dir_ / "b.pgn"), "old\n");
}

TEST_F(TempFileTest, FolderThatCannotBeWrittenIsAnError) {
    cli::TempFile temp;
    EXPECT_EQ(temp.create((dir_ / "missing" / "a.pgn").string(), 0644), ENOENT);
    EXPECT_EQ(names(dir_), std::vector<std::string>{});
}

}  // namespace
}  // namespace floe::test
