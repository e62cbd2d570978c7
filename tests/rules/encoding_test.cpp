// The fallback encodings for bytes that are not UTF-8 (docs/rules/notation.md §1.13): each table
// against the C library's own converter, byte by byte, and UTF-8 writing with them.
#include "rules/encoding.hpp"

#include <gtest/gtest.h>
#include <iconv.h>

#include <string>

#include "rules/record.hpp"

namespace floe::rules {
namespace {

// The code point glibc's iconv gives for `byte` in `charset`, U+FFFD where it refuses the
// byte, or nullopt when the charset is not available.
std::optional<char32_t> iconv_code_point(const char* charset, unsigned char byte) {
    iconv_t cd = iconv_open("UTF-32LE", charset);
    if (cd == reinterpret_cast<iconv_t>(-1)) return std::nullopt;
    char in[1]     = {static_cast<char>(byte)};
    char out[8]    = {};
    char* in_p     = in;
    char* out_p    = out;
    size_t in_n    = 1;
    size_t out_n   = sizeof out;
    const size_t r = iconv(cd, &in_p, &in_n, &out_p, &out_n);
    iconv_close(cd);
    if (r == static_cast<size_t>(-1) || out_n != sizeof out - 4) return U'\uFFFD';
    return static_cast<char32_t>(static_cast<unsigned char>(out[0]) |
                                 static_cast<unsigned char>(out[1]) << 8 |
                                 static_cast<unsigned char>(out[2]) << 16);
}

void expect_table(Encoding encoding, const char* charset) {
    for (int b = 0x80; b <= 0xFF; ++b) {
        const auto expected = iconv_code_point(charset, static_cast<unsigned char>(b));
        if (!expected) GTEST_SKIP() << charset << " is not available to iconv";
        EXPECT_EQ(fallback_code_point(static_cast<unsigned char>(b), encoding), *expected)
            << charset << " byte " << b;
    }
}

TEST(Encoding, Windows1252MatchesIconvAndLeavesFiveBytesUndefined) {
    expect_table(Encoding::Cp1252, "WINDOWS-1252");
    for (unsigned char b : {0x81, 0x8D, 0x8F, 0x90, 0x9D})
        EXPECT_EQ(fallback_code_point(b, Encoding::Cp1252), U'\uFFFD') << int{b};
}

TEST(Encoding, Latin1MatchesIconv) { expect_table(Encoding::Latin1, "ISO-8859-1"); }

TEST(Encoding, Cp437MatchesIconv) { expect_table(Encoding::Cp437, "IBM437"); }

TEST(Encoding, SmartQuotesDashAndEuroInWindows1252) {
    EXPECT_EQ(to_utf8("\x93"
                      "Ann\x94 \x96 \x80",
                      Encoding::Cp1252),
              "\xE2\x80\x9C"
              "Ann\xE2\x80\x9D \xE2\x80\x93 \xE2\x82\xAC");
    // Latin-1 gives the invisible C1 controls the default is there to avoid.
    EXPECT_EQ(to_utf8("\x93", Encoding::Latin1), "\xC2\x93");
}

TEST(Encoding, Cp437ReadsDosUmlauts) {
    EXPECT_EQ(to_utf8("Br\x81ssel", Encoding::Cp437), "Br\xC3\xBCssel");
    EXPECT_EQ(to_utf8("Br\x81ssel", Encoding::Cp1252), "Br\xEF\xBF\xBDssel");  // undefined
}

TEST(Encoding, ValidUtf8IsKeptAndEachInvalidByteReadAlone) {
    // A valid é, a truncated sequence (two bytes read one by one), an overlong `/`.
    EXPECT_EQ(to_utf8("\xC3\xA9 \xE2\x80 \xC0\xAF", Encoding::Cp1252),
              "\xC3\xA9 \xC3\xA2\xE2\x82\xAC \xC3\x80\xC2\xAF");
    EXPECT_EQ(to_utf8("plain ASCII", Encoding::Cp437), "plain ASCII");
}

TEST(Encoding, NamesInMessages) {
    EXPECT_EQ(encoding_name(Encoding::Cp1252), "Windows-1252");
    EXPECT_EQ(encoding_name(Encoding::Latin1), "Latin-1");
    EXPECT_EQ(encoding_name(Encoding::Cp437), "CP437");
}

}  // namespace
}  // namespace floe::rules
