// Sniffing an input's first bytes (docs/decisions/reading.md "Binary input"): every signature, the
// binary rule and its threshold, UTF-16 without a byte-order mark, and records that stay text.
#include "formats/input_kind.hpp"

#include <gtest/gtest.h>

#include <string>

namespace floe::formats {
namespace {

using namespace std::string_literals;

InputKind kind(const std::string& head) { return sniff_input(head).kind; }

TEST(InputKind, SignaturesOfCompressedFilesArchivesAndByteOrderMarks) {
    EXPECT_EQ(kind("\x1F\x8B\x08\x00"s), InputKind::Gzip);
    EXPECT_EQ(kind("\x28\xB5\x2F\xFD\x24"s), InputKind::Zstd);
    EXPECT_EQ(kind("BZh91AY&SY"), InputKind::Bzip2);
    EXPECT_EQ(kind("\xFD\x37\x7A\x58\x5A\x00\x00"s), InputKind::Xz);
    EXPECT_EQ(kind("PK\x03\x04\x14\x00"s), InputKind::Zip);
    EXPECT_EQ(kind("PK\x05\x06"s), InputKind::Zip);
    EXPECT_EQ(kind("\x37\x7A\xBC\xAF\x27\x1C\x00\x04"s), InputKind::SevenZip);
    EXPECT_EQ(kind("\xFF\xFE[\0E\0"s), InputKind::Utf16Le);
    EXPECT_EQ(kind("\xFE\xFF\0[\0E"s), InputKind::Utf16Be);
    EXPECT_EQ(kind("\xFF\xFE\0\0[\0\0\0"s), InputKind::Utf32Le);
    EXPECT_EQ(kind("\0\0\xFE\xFF\0\0\0["s), InputKind::Utf32Be);
    EXPECT_TRUE(sniff_input("\xFF\xFE[\0"s).bom);
}

// A tar header: the member's name, NUL-padded, its modes, and "ustar" at offset 257.
TEST(InputKind, TarByItsMagicAtOffset257) {
    std::string header = "games.pgn"s + std::string(100 - 9, '\0') + "0000644\0"s;
    header.resize(257, '\0');
    EXPECT_EQ(kind(header + "ustar\0"s + "00"), InputKind::Tar);
    EXPECT_EQ(kind(header + "ustar  \0"s), InputKind::Tar);  // GNU tar
    EXPECT_EQ(kind(header + "usta"), InputKind::Binary);     // too short for the magic
    // In a record the same five letters elsewhere are text.
    EXPECT_EQ(kind(std::string(256, ' ') + "ustar"), InputKind::Text);
}

TEST(InputKind, RecordsStayText) {
    EXPECT_EQ(kind(""), InputKind::Text);
    EXPECT_EQ(kind("[Event \"x\"]\n\n1. e4 e5 *\n"), InputKind::Text);
    EXPECT_EQ(kind("\xEF\xBB\xBF[Event \"Caf\xE9\"]\r\n1. e4 {\x1B[31m} *\x1A"s), InputKind::Text);
    EXPECT_EQ(kind("BZh is no bzip2 without its block size digit"), InputKind::Text);
    EXPECT_EQ(kind("PK"), InputKind::Text);  // too short for the signature
    // A stray NUL, even seven control bytes, in a record: its game's syntax errors, not refused.
    EXPECT_EQ(kind("1. e4\0 e5 \x1B\x7F *"s), InputKind::Text);
    EXPECT_EQ(kind("1. e4 \x01\x02\x03\x04\x05\x06\x07 e5 *"s), InputKind::Text);
}

TEST(InputKind, BinaryNeedsEightControlBytesAndOneInThirtyTwo) {
    std::string head = "\x01\x02\x03\x04\x05\x06\x07\x08"s;  // eight: binary
    EXPECT_EQ(kind(head), InputKind::Binary);
    const InputSniff s = sniff_input(head);
    EXPECT_EQ(s.controls, 8u);
    EXPECT_EQ(s.sampled, 8u);
    // Eight NULs among 4096 bytes are fewer than one in 32: a record with a few stray NULs.
    std::string record(4096 - 8, 'a');
    record += std::string(8, '\0');
    EXPECT_EQ(kind(record), InputKind::Text);
    // 128 of 4096 is one in 32.
    std::string dense(4096 - 128, 'a');
    dense.insert(100, std::string(128, '\0'));
    EXPECT_EQ(kind(dense), InputKind::Binary);
    // Bytes after the first 4096 are not looked at.
    std::string late(4096, 'a');
    late += std::string(1000, '\0');
    EXPECT_EQ(kind(late), InputKind::Text);
}

TEST(InputKind, Utf16WithoutAByteOrderMarkIsNamed) {
    std::string le, be;
    for (char c : std::string("[Event \"x\"]\n1. e4 e5 *\n")) {
        le += c;
        le += '\0';
        be += '\0';
        be += c;
    }
    EXPECT_EQ(kind(le), InputKind::Utf16Le);
    EXPECT_FALSE(sniff_input(le).bom);
    EXPECT_EQ(kind(be), InputKind::Utf16Be);
    // NULs on both parities are no UTF-16 of ASCII text: binary.
    EXPECT_EQ(kind("\0\0\0\0\0\0\0\0ab"s), InputKind::Binary);
}

}  // namespace
}  // namespace floe::formats
