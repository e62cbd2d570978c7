// Bytes (issue #12, item 8): compressed, archived, UTF-16/32 and binary inputs refused with one
// message, from a file and from standard input (notation.md §1, docs/decisions.md).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "support/test_support.hpp"

namespace floe::test {
namespace {

using namespace std::string_literals;

// A file in the temporary directory, removed with the object.
struct TempFile {
    TempFile(const std::string& name, const std::string& content)
        : path(std::filesystem::temp_directory_path() /
               ("floe-bytes-test-" + std::to_string(::getpid()) + "-" + name)) {
        std::ofstream(path, std::ios::binary) << content;
    }
    ~TempFile() { std::filesystem::remove(path); }
    std::string quoted() const {
        std::string q(1, '\'');  // built with += (g++ 12 warns falsely on "'" + s)
        q += path.string();
        q += '\'';
        return q;
    }
    std::filesystem::path path;
};

// --- inputs that are no text -----------------------------------------------------------------

struct Refused {
    const char* name;
    std::string head;  ///< the file's first bytes
    const char* what;  ///< the message after "NAME " (FILE stands for the file name)
};

const Refused RefusedInputs[] = {
    {"gz", "\x1F\x8B\x08\x00\x00\x00\x00\x00\x00\x03garbage"s,
     "is gzip-compressed; decompress it first (e.g. gzip -dc FILE | floe validate -)"},
    {"zst", "\x28\xB5\x2F\xFD\x24\x0Bgarbage"s,
     "is zstd-compressed; decompress it first (e.g. zstd -dc FILE | floe validate -)"},
    {"bz2", "BZh91AY&SYgarbage"s,
     "is bzip2-compressed; decompress it first (e.g. bzip2 -dc FILE | floe validate -)"},
    {"xz", "\xFD\x37\x7A\x58\x5A\x00\x00\x04garbage"s,
     "is xz-compressed; decompress it first (e.g. xz -dc FILE | floe validate -)"},
    {"zip", "PK\x03\x04\x14\x00\x00\x00games.pgn"s,
     "is a zip archive; extract the records first (e.g. unzip -p FILE | floe validate -)"},
    {"7z", "\x37\x7A\xBC\xAF\x27\x1C\x00\x04garbage"s,
     "is a 7z archive; extract the records first (e.g. 7z x -so FILE | floe validate -)"},
    {"utf16le", "\xFF\xFE[\0E\0v\0e\0n\0t\0"s,
     "is UTF-16 (little-endian) text; convert it to UTF-8 first (e.g. iconv -f UTF-16 -t UTF-8 "
     "FILE | floe validate -)"},
    {"utf16be", "\xFE\xFF\0[\0E\0v\0e\0n\0t"s,
     "is UTF-16 (big-endian) text; convert it to UTF-8 first (e.g. iconv -f UTF-16 -t UTF-8 "
     "FILE | floe validate -)"},
    {"utf16nobom", "[\0E\0v\0e\0n\0t\0 \0\"\0x\0\"\0]\0\n\0"s,
     "is UTF-16 (little-endian) text without a byte-order mark; convert it to UTF-8 first (e.g. "
     "iconv -f UTF-16LE -t UTF-8 FILE | floe validate -)"},
    {"utf32le", "\xFF\xFE\0\0[\0\0\0E\0\0\0"s,
     "is UTF-32 (little-endian) text; convert it to UTF-8 first (e.g. iconv -f UTF-32 -t UTF-8 "
     "FILE | floe validate -)"},
    {"utf32be", "\0\0\xFE\xFF\0\0\0[\0\0\0E"s,
     "is UTF-32 (big-endian) text; convert it to UTF-8 first (e.g. iconv -f UTF-32 -t UTF-8 "
     "FILE | floe validate -)"},
    {"binary",
     "\x7F"
     "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0\x3E\0\x01\0\0\0"s,
     "is a binary file, not PGN text: 19 of its first 24 bytes are NUL or other control bytes"},
};

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos;
         at             = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

TEST(Bytes, CompressedArchivedUnicodeAndBinaryInputsGetOneErrorFromAFileAndFromStdin) {
    for (const Refused& r : RefusedInputs) {
        SCOPED_TRACE(r.name);
        const TempFile file(std::string("input.") + r.name, r.head);
        const RunResult from_file = run_floe("validate " + file.quoted());
        EXPECT_EQ(from_file.exit_code, 2);
        EXPECT_EQ(from_file.out, "");
        EXPECT_EQ(from_file.err, "floe validate: " + file.path.string() + " " +
                                     replaced(r.what, "FILE", file.path.string()) + "\n");
        const RunResult from_stdin = run_floe("validate -", r.head);
        EXPECT_EQ(from_stdin.exit_code, 2);
        EXPECT_EQ(from_stdin.err, "floe validate: <stdin> " + std::string(r.what) + "\n");
    }
}

TEST(Bytes, EveryRecordReadingCommandRefusesThroughThePipe) {
    const std::string zst = "\x28\xB5\x2F\xFD\x24\x0Bgarbage"s;
    const std::string what =
        "<stdin> is zstd-compressed; decompress it first (e.g. zstd -dc FILE | floe ";
    const RunResult convert = run_floe("convert -", zst);
    EXPECT_EQ(convert.exit_code, 2);
    EXPECT_EQ(convert.out, "");
    EXPECT_EQ(convert.err, "floe convert: " + what + "convert -)\n");
    for (const char* command : {"fen", "diagram", "replay"}) {
        const RunResult r = run_floe(std::string(command) + " -", zst);
        EXPECT_EQ(r.exit_code, 2) << command;
        EXPECT_EQ(r.out, "") << command;
        EXPECT_EQ(r.err, "floe: " + what + command + " -)\n");
    }
    // Through a real pipe, and from the file the pipe came from.
    const TempFile file("piped.pgn.zst", zst);
    const std::string err = (file.path.string() + ".err");
    const int status      = std::system(
             ("cat " + file.quoted() + " | " + quoted_floe() + " validate - 2>'" + err + "'").c_str());
    EXPECT_EQ(WEXITSTATUS(status), 2);
    EXPECT_EQ(read_file(err), "floe validate: " + what + "validate -)\n");
    std::filesystem::remove(err);
}

// A record with a stray NUL byte (and a few control bytes) is read: the NUL is a syntax error
// of its game, and the next game is valid.
TEST(Bytes, ARecordWithAStrayNulIsNotRefused) {
    const std::string text =
        "[Event \"a\"]\n\n1. e4\0 e5 *\n\n[Event \"b\"]\n\n1. d4 \x01\x02 d5 *\n\n"
        "[Event \"c\"]\n\n1. c4 c5 *\n"s;
    const RunResult r = run_floe("validate --variant standard -", text);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "<stdin>: 3 games, 6 plies, 3 errors, 0 warnings\n");
    EXPECT_NE(r.err.find("<stdin>:3:6: error: game 1, unexpected control character U+0000"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("    3 | 1. e4\\x00 e5 *\n"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace floe::test
