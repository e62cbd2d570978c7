// Compressed input (issue #17, item 2): gzip, bzip2, xz and zstd inputs, known by their first
// bytes, are decompressed as a stream, from a file and from standard input; a corrupt or
// truncated one is an error naming the file and the reason; memory stays flat.
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
using namespace std::string_literals;

// A temporary directory, removed with the object.
struct TempDir {
    TempDir()
        : path(fs::temp_directory_path() / ("floe-compressed-test-" + std::to_string(::getpid()))) {
        fs::create_directories(path);
    }
    ~TempDir() { fs::remove_all(path); }
    std::string file(const std::string& name) const { return (path / name).string(); }
    fs::path path;
};

void write(const std::string& path, const std::string& content) {
    std::ofstream(path, std::ios::binary) << content;
}

// Runs a shell command; its exit status.
int shell(const std::string& command) {
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// `floe ARGS < INPUT` (a file), its outputs.
RunResult floe_with_stdin_from(const std::string& args, const std::string& input,
                               const TempDir& dir) {
    const std::string out = dir.file("out"), err = dir.file("err");
    const int code =
        shell(quoted_floe() + " " + args + " < '" + input + "' > '" + out + "' 2> '" + err + "'");
    return RunResult{code, read_file(out), read_file(err)};
}

// A summary line without the file's name: what follows the colon.
std::string after_colon(const std::string& summary) {
    const std::size_t colon = summary.find(':');
    return colon == std::string::npos ? summary : summary.substr(colon);
}

struct Compressor {
    const char* command;    ///< writes the compressed file to standard output
    const char* extension;  ///< without the dot
};

const Compressor Compressors[] = {
    {"gzip -c", "gz"}, {"bzip2 -c", "bz2"}, {"xz -c", "xz"}, {"zstd -q -c", "zst"}};

TEST(CompressedInput, TheBookCompressedEachWayGivesThePlainSummaryFromAFileAndFromStdin) {
    FLOE_REQUIRE_SHARED(shared);
    const fs::path book = shared / "corpora/gnuchess-book/book_1.02.first2000.pgn";
    if (!fs::exists(book)) GTEST_SKIP() << book << " not found";
    const TempDir dir;
    const std::string plain_path = dir.file("book.pgn");
    fs::copy_file(book, plain_path);
    const RunResult plain = run_floe("validate --variant standard '" + plain_path + "'");
    ASSERT_EQ(plain.exit_code, 0) << plain.err;
    ASSERT_EQ(after_colon(plain.out), ": 2000 games, 148115 plies, 0 errors, 0 warnings\n");
    for (const Compressor& c : Compressors) {
        SCOPED_TRACE(c.extension);
        const std::string path = plain_path + "." + c.extension;
        ASSERT_EQ(shell(std::string(c.command) + " '" + plain_path + "' > '" + path + "'"), 0);
        const RunResult file = run_floe("validate --variant standard '" + path + "'");
        EXPECT_EQ(file.exit_code, 0);
        EXPECT_EQ(file.err, "");
        EXPECT_EQ(file.out, path + after_colon(plain.out));
        const RunResult piped = floe_with_stdin_from("validate --variant standard -", path, dir);
        EXPECT_EQ(piped.exit_code, 0);
        EXPECT_EQ(piped.err, "");
        EXPECT_EQ(piped.out, "<stdin>" + after_colon(plain.out));
    }
    // Other commands read through the same input: convert writes the same records.
    const RunResult converted = run_floe("convert --variant standard '" + plain_path + "'");
    const RunResult from_gz =
        floe_with_stdin_from("convert --variant standard -", plain_path + ".gz", dir);
    EXPECT_EQ(from_gz.exit_code, 0);
    EXPECT_EQ(from_gz.out, converted.out);
}

// Half of a compressed record file: an error naming the file and the reason, exit 2, and no
// summary (the games read before it are not a result).
TEST(CompressedInput, ATruncatedCompressedFileIsAnErrorWithItsReason) {
    std::string text;
    for (int i = 0; i < 2000; ++i)
        text += "[Event \"" + std::to_string(i) + "\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n";
    const TempDir dir;
    write(dir.file("games.pgn"), text);
    const struct {
        const char* command;
        const char* extension;
        const char* reason;
    } cases[] = {{"gzip -c", "gz", "the gzip data is truncated"},
                 {"bzip2 -c", "bz2", "the bzip2 data is truncated"},
                 {"xz -c", "xz", "the xz data is truncated"},
                 {"zstd -q -c", "zst", "the zstd data is truncated"}};
    for (const auto& c : cases) {
        SCOPED_TRACE(c.extension);
        const std::string whole = dir.file("games.pgn.") + c.extension;
        ASSERT_EQ(
            shell(std::string(c.command) + " '" + dir.file("games.pgn") + "' > '" + whole + "'"),
            0);
        const std::string compressed = read_file(whole);
        const std::string path       = dir.file("half.pgn.") + c.extension;
        write(path, compressed.substr(0, compressed.size() / 2));
        const RunResult file = run_floe("validate --variant standard '" + path + "'");
        EXPECT_EQ(file.exit_code, 2);
        EXPECT_EQ(file.out, "");
        EXPECT_EQ(file.err, "floe validate: " + path + ": cannot decompress: " + c.reason + "\n");
        const RunResult piped = floe_with_stdin_from("validate --variant standard -", path, dir);
        EXPECT_EQ(piped.exit_code, 2);
        EXPECT_EQ(piped.out, "");
        EXPECT_EQ(piped.err, "floe validate: <stdin>: cannot decompress: "s + c.reason + "\n");
    }
}

TEST(CompressedInput, CorruptDataAfterASignatureIsAnErrorWithItsReason) {
    const struct {
        std::string bytes;
        const char* reason;
    } cases[] = {
        {"\x1F\x8B\x08\x00\x00\x00\x00\x00\x00\x03garbage"s, "the gzip data is corrupt"},
        {"\x28\xB5\x2F\xFD\x24\x0Bgarbage"s, "the zstd data is corrupt"},
        {"\xFD\x37\x7A\x58\x5A\x00\x00\x04garbage"s, "the xz data is corrupt"},
        // A block header and too few bytes for its first block.
        {"BZh91AY&SYgarbage"s, "the bzip2 data is truncated"},
        {"BZh9garbage-garbage"s, "the bzip2 data is corrupt"},
        // The gzip signature and a header no gzip reader takes.
        {"\x1F\x8Bxx"s, "the gzip data is corrupt"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.reason);
        const RunResult r = run_floe("validate -", c.bytes);
        EXPECT_EQ(r.exit_code, 2);
        EXPECT_EQ(r.out, "");
        EXPECT_EQ(r.err, "floe validate: <stdin>: cannot decompress: "s + c.reason + "\n");
    }
}

// Two compressed files one after the other (`cat a.gz b.gz`, pbzip2's streams, zstd's frames) are
// read as the two files' text, as the compressors' own tools read them; bytes after the last
// member that start no other are an error, not ignored.
TEST(CompressedInput, ConcatenatedMembersAreReadOneAfterTheOther) {
    const TempDir dir;
    write(dir.file("a.pgn"), "[Event \"a\"]\n\n1. e4 e5 *\n\n");
    write(dir.file("b.pgn"), "[Event \"b\"]\n\n1. d4 d5 2. c4 *\n");
    for (const Compressor& c : Compressors) {
        SCOPED_TRACE(c.extension);
        const std::string path = dir.file("ab.") + c.extension;
        ASSERT_EQ(shell("{ " + std::string(c.command) + " '" + dir.file("a.pgn") + "'; " +
                        c.command + " '" + dir.file("b.pgn") + "'; } > '" + path + "'"),
                  0);
        const RunResult r = run_floe("validate --variant standard '" + path + "'");
        EXPECT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(r.out, path + ": 2 games, 5 plies, 0 errors, 0 warnings\n");
    }
    const std::string gz = dir.file("a.pgn.gz");
    ASSERT_EQ(shell("gzip -c '" + dir.file("a.pgn") + "' > '" + gz + "'"), 0);
    const RunResult garbage =
        run_floe("validate --variant standard -", read_file(gz) + "garbage after the member");
    EXPECT_EQ(garbage.exit_code, 2);
    EXPECT_EQ(garbage.out, "");
    EXPECT_EQ(garbage.err,
              "floe validate: <stdin>: cannot decompress: data that is not gzip follows the gzip "
              "data at byte " +
                  std::to_string(read_file(gz).size()) + "\n");
}

// Zero padding after a gzip member ends the input, as gzip reads it (`gzip -t` accepts it);
// another compression format after the member is named, not called corrupt gzip data (issue 25
// item 11: ../shared/cases/hostile/gzip_trailing_zeros.pgn.gz and gz_then_zst_concat.bin).
TEST(CompressedInput, ZeroPaddingEndsAMemberAndAnotherFormatAfterItIsNamed) {
    const TempDir dir;
    write(dir.file("a.pgn"), "[Event \"a\"]\n\n1. e4 e5 *\n\n");
    const std::string gz = dir.file("a.pgn.gz"), zst = dir.file("a.pgn.zst");
    ASSERT_EQ(shell("gzip -c '" + dir.file("a.pgn") + "' > '" + gz + "'"), 0);
    ASSERT_EQ(shell("zstd -q -c '" + dir.file("a.pgn") + "' > '" + zst + "'"), 0);
    const std::string member = read_file(gz);
    for (const std::size_t zeros : {std::size_t{1}, std::size_t{512}, std::size_t{300000}}) {
        SCOPED_TRACE(zeros);
        const std::string padded = dir.file("padded.gz");
        write(padded, member + std::string(zeros, '\0'));
        ASSERT_EQ(shell("gzip -t '" + padded + "' 2>/dev/null"), 0);
        const RunResult r = run_floe("validate --variant standard '" + padded + "'");
        EXPECT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(r.out, padded + ": 1 games, 2 plies, 0 errors, 0 warnings\n");
    }
    const RunResult mixed = run_floe("validate --variant standard -", member + read_file(zst));
    EXPECT_EQ(mixed.exit_code, 2);
    EXPECT_EQ(mixed.out, "");
    EXPECT_EQ(mixed.err,
              "floe validate: <stdin>: cannot decompress: a zstd frame follows the gzip "
              "data at byte " +
                  std::to_string(member.size()) +
                  ": the file joins two compression formats; decompress each part on "
                  "its own\n");
    const RunResult after_zeros =
        run_floe("validate --variant standard -", member + std::string(10, '\0') + "x");
    EXPECT_EQ(after_zeros.exit_code, 2);
    EXPECT_EQ(after_zeros.err,
              "floe validate: <stdin>: cannot decompress: data that is not gzip follows the gzip "
              "data at byte " +
                  std::to_string(member.size() + 10) + "\n");
}

// A file compressed twice (gzip inside xz) is decompressed twice.
TEST(CompressedInput, AFileCompressedTwiceIsDecompressedTwice) {
    const TempDir dir;
    write(dir.file("a.pgn"), "[Event \"a\"]\n\n1. e4 e5 *\n");
    const std::string path = dir.file("a.pgn.gz.xz");
    ASSERT_EQ(shell("gzip -c '" + dir.file("a.pgn") + "' | xz -c > '" + path + "'"), 0);
    const RunResult file = run_floe("validate --variant standard '" + path + "'");
    EXPECT_EQ(file.exit_code, 0) << file.err;
    EXPECT_EQ(file.out, path + ": 1 games, 2 plies, 0 errors, 0 warnings\n");
    const RunResult piped = floe_with_stdin_from("validate --variant standard -", path, dir);
    EXPECT_EQ(piped.exit_code, 0) << piped.err;
    EXPECT_EQ(piped.out, "<stdin>: 1 games, 2 plies, 0 errors, 0 warnings\n");
}

// What a compressed file holds is checked like a plain file: a tar.gz is a tar archive, random
// bytes are binary, nothing is no games.
TEST(CompressedInput, WhatTheDecompressedBytesAreIsCheckedLikeAPlainInput) {
    const TempDir dir;
    write(dir.file("games.pgn"), "[Event \"x\"]\n\n1. e4 e5 *\n");
    const std::string tgz = dir.file("games.tar.gz");
    ASSERT_EQ(shell("tar -C '" + dir.path.string() + "' -czf '" + tgz + "' games.pgn"), 0);
    const RunResult tar = run_floe("validate '" + tgz + "'");
    EXPECT_EQ(tar.exit_code, 2);
    EXPECT_EQ(tar.err, "floe validate: " + tgz +
                           " (gzip-decompressed) is a tar archive; extract the records first (e.g. "
                           "tar -xOf " +
                           tgz + " | floe validate -)\n");
    const RunResult piped = floe_with_stdin_from("validate -", tgz, dir);
    EXPECT_EQ(piped.err,
              "floe validate: <stdin> (gzip-decompressed) is a tar archive; extract the records "
              "first (e.g. tar -xOf FILE | floe validate -)\n");

    write(dir.file("utf16"), "\xFF\xFE[\0E\0v\0e\0n\0t\0"s);
    ASSERT_EQ(shell("xz -c '" + dir.file("utf16") + "' > '" + dir.file("utf16.xz") + "'"), 0);
    const RunResult utf16 = floe_with_stdin_from("validate -", dir.file("utf16.xz"), dir);
    EXPECT_EQ(utf16.exit_code, 2);
    EXPECT_EQ(utf16.err,
              "floe validate: <stdin> (xz-decompressed) is UTF-16 (little-endian) text; convert "
              "it to UTF-8 first (e.g. xz -dc FILE | iconv -f UTF-16 -t UTF-8 | floe validate "
              "-)\n");

    write(dir.file("empty"), "");
    ASSERT_EQ(shell("gzip -c '" + dir.file("empty") + "' > '" + dir.file("empty.gz") + "'"), 0);
    const RunResult empty = run_floe("validate '" + dir.file("empty.gz") + "'");
    EXPECT_EQ(empty.exit_code, 0);
    EXPECT_EQ(empty.out, dir.file("empty.gz") + ": 0 games, 0 plies, 0 errors, 0 warnings\n");
}

// validate's hidden --peak-rss: the kernel's record of the peak resident memory.
long peak_kb(const std::string& err) {
    const std::size_t at = err.rfind("peak RSS: ");
    return at == std::string::npos ? -1 : std::atol(err.c_str() + at + 10);
}

// 20 MB of records compressed takes about the memory of 1 MB compressed: nothing holds the
// decompressed input.
TEST(CompressedInput, MemoryStaysFlatWithTheDecompressedSize) {
    std::string games;
    for (int i = 0; i < 1000; ++i)
        games += "[Event \"" + std::to_string(i) +
                 "\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 {a comment} 1-0\n\n";
    const TempDir dir;
    std::string small = dir.file("small.pgn"), large = dir.file("large.pgn");
    write(small, games);
    {
        std::ofstream out(large, std::ios::binary);
        while (out.tellp() < 20 * 1024 * 1024) out << games;
    }
    for (const Compressor& c : {Compressors[0], Compressors[3]}) {
        SCOPED_TRACE(c.extension);
        long kb[2] = {0, 0};
        for (int i = 0; i < 2; ++i) {
            const std::string plain = i == 0 ? small : large;
            const std::string path  = plain + "." + c.extension;
            ASSERT_EQ(shell(std::string(c.command) + " '" + plain + "' > '" + path + "'"), 0);
            const RunResult r = run_floe("validate --variant standard --peak-rss '" + path + "'");
            EXPECT_EQ(r.exit_code, 0) << r.err;
            kb[i] = peak_kb(r.err);
            ASSERT_GT(kb[i], 0) << r.err;
        }
        // Holding the decompressed input would take more than 20,000 kB.
        EXPECT_LT(kb[1], kb[0] + 4096) << kb[0] << " kB for 1000 games";
    }
}

}  // namespace
}  // namespace floe::test
