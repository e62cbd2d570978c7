// Compressed output (issue #17, item 9): `-o FILE` ending in .gz, .bz2, .xz or .zst is written
// compressed, through cli::Output (a temporary file renamed on success), as the compressors' own
// tools read it; a failed write exits 2 and leaves nothing.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/compress.hpp"
#include "cli/decompress.hpp"
#include "support/test_support.hpp"

namespace floe::test {
namespace {

namespace fs = std::filesystem;
using cli::Compression;

// A temporary directory, removed with the object.
struct TempDir {
    TempDir()
        : path(fs::temp_directory_path() /
               ("floe-compressed-output-test-" + std::to_string(::getpid()))) {
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() { fs::remove_all(path); }
    std::string file(const std::string& name) const { return (path / name).string(); }
    // The names in the directory, sorted (temporary files included: they start with a dot).
    std::vector<std::string> names() const {
        std::vector<std::string> out;
        for (const auto& entry : fs::directory_iterator(path))
            out.push_back(entry.path().filename().string());
        std::sort(out.begin(), out.end());
        return out;
    }
    fs::path path;
};

// Runs a shell command; its exit status.
int shell(const std::string& command) {
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

struct Tool {
    const char* extension;   ///< without the dot
    const char* decompress;  ///< the system tool, writing to standard output
    std::string magic;       ///< the format's first bytes
};

const Tool Tools[] = {{"gz", "gzip -dc", "\x1f\x8b"},
                      {"bz2", "bzip2 -dc", "BZh"},
                      {"xz", "xz -dc",
                       "\xfd"
                       "7zXZ"},
                      {"zst", "zstd -q -dc", "\x28\xb5\x2f\xfd"}};

TEST(CompressedOutput, TheExtensionChoosesTheFormat) {
    EXPECT_EQ(cli::compression_for("games.pgn.gz"), Compression::Gzip);
    EXPECT_EQ(cli::compression_for("games.pgn.bz2"), Compression::Bzip2);
    EXPECT_EQ(cli::compression_for("games.pgn.xz"), Compression::Xz);
    EXPECT_EQ(cli::compression_for("out/games.jsonl.zst"), Compression::Zstd);
    EXPECT_EQ(cli::compression_for("games.pgn"), std::nullopt);
    EXPECT_EQ(cli::compression_for("GAMES.PGN.GZ"), cli::Compression::Gzip);  // any case
    EXPECT_EQ(cli::compression_for("games.Zst"), cli::Compression::Zstd);
    EXPECT_EQ(cli::compression_for("games.tgz"), std::nullopt);
    EXPECT_EQ(cli::compression_for(".gz"), std::nullopt);  // a name, not only an extension
    EXPECT_EQ(cli::compression_for("-"), std::nullopt);
}

// What CompressBuffer writes, read back by floe's own decompressor: the same bytes, over many
// buffers (a text of 1.2 MB that does not repeat in one buffer's span).
TEST(CompressedOutput, CompressBufferRoundTripsThroughDecompressBuffer) {
    std::string text;
    for (int i = 0; text.size() < 1'200'000; ++i)
        text += "[Event \"game " + std::to_string(i * 7919 % 100003) + "\"]\n1. e4 e5 *\n\n";
    const struct {
        Compression kind;
        formats::InputKind input;
    } kinds[] = {{Compression::Gzip, formats::InputKind::Gzip},
                 {Compression::Bzip2, formats::InputKind::Bzip2},
                 {Compression::Xz, formats::InputKind::Xz},
                 {Compression::Zstd, formats::InputKind::Zstd}};
    for (const auto& k : kinds) {
        std::stringbuf sink;
        cli::CompressBuffer compress(sink, k.kind);
        std::ostream(&compress) << text;
        EXPECT_EQ(compress.finish(), "");
        const std::string compressed = sink.str();
        EXPECT_LT(compressed.size(), text.size() / 4);
        std::stringbuf source(compressed);
        cli::DecompressBuffer decompress(source, k.input, "test");
        std::ostringstream back;
        back << &decompress;
        EXPECT_EQ(back.str(), text);
    }
}

// A sink that takes nothing: the failure is reported by finish(), not lost.
struct FullSink : std::streambuf {
    std::streamsize xsputn(const char*, std::streamsize) override { return 0; }
    int_type overflow(int_type) override { return traits_type::eof(); }
};

TEST(CompressedOutput, ASinkThatTakesNothingIsAnError) {
    FullSink sink;
    cli::CompressBuffer compress(sink, Compression::Zstd);
    std::ostream(&compress) << "1. e4 e5 *\n";
    EXPECT_EQ(compress.finish(), "the output could not be written");
}

TEST(CompressedOutput, ConvertToEachFormatEqualsThePlainOutputAndReadsBack) {
    FLOE_REQUIRE_SHARED(shared);
    const fs::path book = shared / "corpora/gnuchess-book/book_1.02.first2000.pgn";
    if (!fs::exists(book)) GTEST_SKIP() << book << " not found";
    const TempDir dir;
    const std::string quoted_book = "'" + book.string() + "'";
    const RunResult plain         = run_floe("convert --variant standard " + quoted_book);
    ASSERT_EQ(plain.exit_code, 0) << plain.err;
    ASSERT_GT(plain.out.size(), 1'000'000u);  // many buffers of the compressors
    for (const Tool& tool : Tools) {
        SCOPED_TRACE(tool.extension);
        const std::string name = std::string("x.pgn.") + tool.extension;
        const std::string path = dir.file(name);
        const RunResult written =
            run_floe("convert --variant standard " + quoted_book + " -o '" + path + "'");
        EXPECT_EQ(written.exit_code, 0) << written.err;
        EXPECT_EQ(written.out, "");
        EXPECT_EQ(dir.names(), std::vector<std::string>{name});  // no temporary file left
        const std::string compressed = read_file(path);
        EXPECT_EQ(compressed.substr(0, tool.magic.size()), tool.magic);
        EXPECT_LT(compressed.size(), plain.out.size() / 3);

        const std::string back = dir.file("back.pgn");
        ASSERT_EQ(shell(std::string(tool.decompress) + " '" + path + "' > '" + back + "'"), 0);
        EXPECT_TRUE(read_file(back) == plain.out);  // (not EXPECT_EQ: megabytes in a failure)
        fs::remove(back);

        const RunResult read_back = run_floe("validate --variant standard '" + path + "'");
        EXPECT_EQ(read_back.exit_code, 0) << read_back.err;
        EXPECT_EQ(read_back.out, path + ": 2000 games, 148115 plies, 0 errors, 0 warnings\n");
        fs::remove(path);
    }
}

TEST(CompressedOutput, JsonAndSelectAreCompressedToo) {
    const TempDir dir;
    const std::string sample = quoted_source("samples/ice-age/lookintochess-2017.pgn");
    const RunResult plain    = run_floe("convert --to json " + sample);
    ASSERT_EQ(plain.exit_code, 0) << plain.err;
    const std::string json = dir.file("games.jsonl.zst");
    ASSERT_EQ(run_floe("convert --to json " + sample + " -o '" + json + "'").exit_code, 0);
    ASSERT_EQ(shell("zstd -q -dc '" + json + "' > '" + dir.file("back") + "'"), 0);
    EXPECT_EQ(read_file(dir.file("back")), plain.out);

    const RunResult selected = run_floe("select " + sample);
    ASSERT_EQ(selected.exit_code, 0) << selected.err;
    const std::string pgn = dir.file("selected.pgn.gz");
    ASSERT_EQ(run_floe("select " + sample + " -o '" + pgn + "'").exit_code, 0);
    ASSERT_EQ(shell("gzip -dc '" + pgn + "' > '" + dir.file("back") + "'"), 0);
    EXPECT_EQ(read_file(dir.file("back")), selected.out);
}

// A regular file that cannot grow (the file size limit, with SIGXFSZ ignored: write() fails
// with EFBIG, as on a full disk): exit 2, and neither the file nor a temporary file is left.
TEST(CompressedOutput, AFailedWriteExitsTwoAndLeavesNothing) {
    const TempDir dir;
    const std::string sample = quoted_source("samples/ice-age/lookintochess-2017.pgn");
    for (const Tool& tool : Tools) {
        SCOPED_TRACE(tool.extension);
        const std::string path = dir.file(std::string("x.pgn.") + tool.extension);
        const std::string big  = dir.file("big.pgn");
        {
            // A few hundred kilobytes compressed, whatever the format: more than the limit.
            std::ofstream out(big, std::ios::binary);
            for (int i = 0; i < 50'000; ++i)
                out << "[Event \"" << i * 2654435761u << "\"]\n\n1. e4 e5 *\n\n";
        }
        const std::string err = (fs::temp_directory_path() /
                                 ("floe-compressed-output-err-" + std::to_string(::getpid())))
                                    .string();
        const int code =
            shell("sh -c \"trap '' XFSZ; ulimit -f 64; exec " + quoted_floe() +
                  " convert --variant standard '" + big + "' -o '" + path + "'\" 2> '" + err + "'");
        const std::string message = read_file(err);
        fs::remove(err);
        fs::remove(big);
        EXPECT_EQ(code, 2) << message;
        EXPECT_NE(message.find("cannot write " + path + ": File too large"), std::string::npos)
            << message;
        EXPECT_EQ(dir.names(), std::vector<std::string>{});
    }
}

// A special file with a compressed name, written directly (it cannot be renamed over): the
// failure is reported with its reason, and nothing is made beside it.
TEST(CompressedOutput, AFullDeviceIsAnError) {
    if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
    const TempDir dir;
    const std::string path = dir.file("x.pgn.zst");
    fs::create_symlink("/dev/full", path);
    const RunResult r =
        run_floe("convert " + quoted_source("samples/ice-age/lookintochess-2017.pgn") + " -o '" +
                 path + "'");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("cannot write " + path + ": No space left on device"), std::string::npos)
        << r.err;
    EXPECT_EQ(dir.names(), std::vector<std::string>{"x.pgn.zst"});
}

TEST(CompressedOutput, NeverOverAnInput) {
    const TempDir dir;
    const std::string path = dir.file("games.pgn.gz");
    ASSERT_EQ(shell("gzip -c " + quoted_source("samples/orthodox/opera-game-1858.pgn") + " > '" +
                    path + "'"),
              0);
    const std::string before = read_file(path);
    const RunResult r        = run_floe("convert '" + path + "' -o '" + path + "'");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("is the input file"), std::string::npos) << r.err;
    EXPECT_TRUE(read_file(path) == before);
}

}  // namespace
}  // namespace floe::test
