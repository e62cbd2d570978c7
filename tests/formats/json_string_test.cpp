// append_json_string (formats/json_writer.hpp): the fast copy of plain text and the escaped
// form agree with dump_line, byte for byte, at every length around the eight-byte steps.

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "formats/json_writer.hpp"

namespace {

using floe::formats::append_json_string;
using floe::formats::dump_line;
using floe::formats::Json;

std::string as_json(std::string_view text) {
    std::string out = "x";
    append_json_string(out, text);
    return out.substr(1);
}

TEST(JsonString, PlainTextIsCopied) {
    EXPECT_EQ(as_json(""), "\"\"");
    EXPECT_EQ(as_json("Nf3"), "\"Nf3\"");
    EXPECT_EQ(as_json("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
              "\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"");
}

TEST(JsonString, EscapesAsDumpLine) {
    EXPECT_EQ(as_json("a\"b"), "\"a\\\"b\"");
    EXPECT_EQ(as_json("back\\slash"), "\"back\\\\slash\"");
    EXPECT_EQ(as_json("tab\there"), "\"tab\\there\"");
    EXPECT_EQ(as_json("\x01"), "\"\\u0001\"");
    EXPECT_EQ(as_json("del\x7F"), "\"del\x7F\"");
    EXPECT_EQ(as_json("caf\xC3\xA9"), "\"caf\xC3\xA9\"");
    EXPECT_EQ(as_json("bad\xFF"), "\"bad\xEF\xBF\xBD\"");
}

// Every special byte at every offset of texts of 1 to 20 bytes: the same as dump_line.
TEST(JsonString, AgreesWithDumpLineAtEveryOffset) {
    for (const char special : {'"', '\\', '\x1F', '\x7F', '\x80', '\xFF', '\n', ' ', '~'})
        for (std::size_t n = 1; n <= 20; ++n)
            for (std::size_t at = 0; at < n; ++at) {
                std::string text(n, 'a');
                text[at] = special;
                EXPECT_EQ(as_json(text), dump_line(Json(text)))
                    << "byte " << int(static_cast<unsigned char>(special)) << " at " << at << " of "
                    << n;
            }
}

}  // namespace
