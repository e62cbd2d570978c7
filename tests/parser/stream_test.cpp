// Streaming (issue 5): a GameSource reading an std::istream in small chunks cuts exactly the
// games, with the same numbers, lines, columns and surrounding line bytes, as a GameSource over
// the whole buffer.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "parser/parse_record.hpp"
#include "read_games.hpp"
#include "rules/variants.hpp"
#include "support/test_support.hpp"

namespace floe::parser {
namespace {

struct Cut {
    std::string lines;
    std::uint32_t begin, end, number, first_line, first_column;
    int ended_by;
    const rules::VariantEntry* token_variant;
    bool operator==(const Cut&) const = default;
};

Cut cut_of(const GameText& t) {
    return {std::string(t.lines()), t.begin,        t.end,      t.number,
            t.first_line,           t.first_column, t.ended_by, t.token_variant};
}

std::vector<Cut> whole(std::string_view text, ParseOptions options = {}) {
    GameSource source(text, options);
    std::vector<Cut> cuts;
    for (GameText t; source.next(t);) cuts.push_back(cut_of(t));
    return cuts;
}

std::vector<Cut> streamed(const std::string& text, std::size_t chunk, ParseOptions options = {}) {
    std::istringstream in(text);
    GameSource source(in, options, chunk);
    std::vector<Cut> cuts;
    for (GameText t; source.next(t);) cuts.push_back(cut_of(t));
    return cuts;
}

// Inputs whose cuts depend on lookahead across lines, line ends of every kind, and the BOM.
const std::vector<std::string> Tricky = {
    "[Event \"a\"]\n\n1. e4 e5 1-0\n[Event \"b\"]\n\n1. d4 d5 0-1\n",
    "\xEF\xBB\xBF[Event \"bom\"]\r\n\r\n1. e4 {a\r\ncomment} e5 *\r\n\r\n1. d4 *",
    "1. e4 {unterminated\ncomment\n\n[Event \"next\"]\n1. d4 *\n",
    "1. e4 {never closed\nat all\n",
    "1. e4 (1. d4 1-0\n) e5 1-0\n1. c4 *\n",
    "1. e4 (1. d4 1-0\n{note\n}\n) e5 *\n",
    "1. e4 (1. d4 1-0\n{note\n}\n1. c4 *\n",
    "{intro}\n; exported\n[Event \"x\"]\n1. e4 *\n\n% escape\n{trailing}\n",
    "1. e4 e5 2. Nf3 1. d4 d5 *\n",
    "1. e4\re5\r2. Nf3 *\r1. d4 *\r",
    "[White \"a\"] [Black \"b\"] 1. e4 * [White \"c\"]\n1. d4 *",
    "1. e4 <ice age: Rh1\n> e5 <unterminated\n1-0",
    "[Event \"a\"]\n[Event \"b\"]\n1. e4 *\n   \n",
    "1. e4 e5 1/2-1/2",
    "",
    "\n\n   \n",
};

TEST(Streaming, SmallChunksCutTrickyInputsAsTheWholeBufferDoes) {
    for (const std::string& text : Tricky) {
        SCOPED_TRACE(text);
        const auto expected = whole(text);
        for (std::size_t chunk : {1, 2, 3, 5, 17, 256}) {
            SCOPED_TRACE(chunk);
            EXPECT_EQ(streamed(text, chunk), expected);
        }
    }
}

TEST(Streaming, UntaggedVariantIsKeptAcrossChunks) {
    const std::string text = "1. Y: y1e3-e4 1-0-0-0\n2. G: g1a1-a2 *\n";
    ParseOptions options;
    options.untagged_variant = &rules::engine_variant(rules::Engine::GlacialShift);
    for (std::size_t chunk : {1, 4, 64})
        EXPECT_EQ(streamed(text, chunk, options), whole(text, options));
}

TEST(Streaming, SamplesAndTheBooksFirst2000GamesCutAsTheWholeBufferDoes) {
    std::vector<std::string> files;
    for (const char* sample :
         {"samples/ice-age/lookintochess-2017.pgn", "samples/orthodox/opera-game-1858.pgn",
          "samples/broken/three-faults.pgn"})
        files.push_back(floe::test::read_file(floe::test::source_path(sample)));
    if (const auto shared = floe::test::shared_dir())
        files.push_back(
            floe::test::read_file(*shared / "corpora/gnuchess-book/book_1.02.first2000.pgn"));
    for (const std::string& text : files) {
        const auto expected = whole(text);
        for (std::size_t chunk : {7, 4096, 1 << 18}) {
            SCOPED_TRACE(chunk);
            EXPECT_EQ(streamed(text, chunk), expected);
        }
    }
}

// A game longer than the window made the scanner start it again after every chunk: 5 MB took
// 0.08 s, 50 MB 14-22 s (issue 13). The window now doubles while a game does not fit; the cuts
// are the same, down to one-byte chunks (which the old reading could not finish in minutes).
TEST(Streaming, GamesAndCommentsManyChunksLongAreCutAsTheWholeBufferDoes) {
    std::string text = "[Event \"long\"]\n\n";
    for (int i = 1; i <= 20'000; ++i)
        text += std::to_string(i) + ". Nf3 Nf6 " + (i % 5 ? "" : "\n");
    text += "*\n\n1. e4 {";
    for (int i = 0; i < 4'000; ++i) text += "a comment line of a very long comment\n";
    text += "} e5 *\n1. d4 ";
    for (int i = 0; i < 20'000; ++i) text += "Nf6 Nf3 ";  // one long line
    text += "*\n1. c4 {never closed\n";
    for (int i = 0; i < 4'000; ++i) text += "more\n";
    ASSERT_GT(text.size(), 600'000u);
    const auto expected = whole(text);
    ASSERT_EQ(expected.size(), 4u);
    for (std::size_t chunk : {1, 7, 4096, 1 << 18}) {
        SCOPED_TRACE(chunk);
        EXPECT_EQ(streamed(text, chunk), expected);
    }
}

// Many games on one long line (issue 25): the window may end at a blank inside the line, and
// the bytes of the line well before the scanner are dropped, so that the line is never held
// whole. Every form whose end a blank does not decide is on the line: comments and tag values
// with blanks, lenient tag values (`"]` inside, the line's last `"]`), events, a result inside
// a variation, a move number 1 splitting two games, Black's `1...`, characters of two to four
// bytes, CRLF lines, a `%` line, then an unterminated comment to the end. The cuts, lines,
// columns and the 1 KB kept around each game are those of the whole buffer.
TEST(Streaming, ManyGamesOnLongLinesAreCutAsTheWholeBufferDoes) {
    const std::vector<std::string> forms = {
        "[White \"a b\"] [Black \"c \\\" d\"] 1. e4 e5 * ",
        "1. e4 {a comment with blanks} e5 1-0 ",
        "[Event \"x\\\"] y\" ] 1. d4 * ",
        "[C \"p \"] q\"] 1. Nf3 * ",
        "1. e4 (1. d4 1-0 ) e5 * ",
        "1. e4 e5 2. Nf3 1. d4 d5 * ",
        "1. e4 1... e5 * 1. e4 { } 1 . ... e5 * ",
        "1. e4 <ice age: a b> e5 * ",
        "\xC3\xA9\xE2\x80\xA6 1. e4 \xC2\xBD-\xC2\xBD \xF0\x9F\x98\x80 1. d4 0-1 ",
        "1. e4 $1 ! e5 \t 1-0\t",
    };
    std::string text;
    for (int line = 0; line < 3; ++line) {
        for (int i = 0; i < 400; ++i) text += forms[(i * 7 + line) % forms.size()];
        // A lenient value runs to the line's last `"]`, a few windows further.
        text += "[A \"x ] [B \"y\"] 1. c4 * ";
        for (int i = 0; i < 40; ++i) text += forms[i % 2];
        for (int i = 0; i < 40; ++i) text += forms[1 + i % 2 * 4];
        text += line == 1 ? "\r\n% escape line\r\n" : "\n";
    }
    text += "1. e4 e5 * 1. d4 {never closed on a long line ";
    for (int i = 0; i < 300; ++i) text += "word ";
    ASSERT_GT(text.size(), 30'000u);
    const auto expected = whole(text);
    ASSERT_GT(expected.size(), 1000u);
    for (std::size_t chunk : {1, 7, 100, 1500, 4096}) {
        SCOPED_TRACE(chunk);
        EXPECT_EQ(streamed(text, chunk), expected);
    }
}

// A game of 1 MiB or more takes the reader's buffer instead of a copy (issue 25): each GameText
// owns its bytes, so games read earlier stay whole while later ones are read, and the bytes the
// reader had read past a large game go on to the next games.
TEST(Streaming, LargeGamesKeepTheirBytesAfterTheReaderMovesOn) {
    std::string text = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"big\"]\n\n1. e4 {";
    for (int i = 0; i < 60'000; ++i)
        text += "a line of a comment of three megabytes, more or less\n";
    text += "} e5 1-0\n[Event \"line\"]\n\n1. d4 {" + std::string(2'000'000, 'x') + "} d5 *\n";
    text += "[Event \"c\"]\n\n1. c4 * 1. Nf3 *\n";
    const auto expected = whole(text);
    ASSERT_EQ(expected.size(), 5u);
    for (std::size_t chunk : {std::size_t{4096}, std::size_t{1} << 18}) {
        SCOPED_TRACE(chunk);
        std::istringstream in(text);
        GameSource source(in, {}, chunk);
        std::vector<GameText> texts(1);
        while (source.next(texts.back())) texts.emplace_back();
        texts.pop_back();
        ASSERT_EQ(texts.size(), expected.size());
        for (std::size_t i = 0; i < texts.size(); ++i)
            EXPECT_TRUE(cut_of(texts[i]) == expected[i]) << "game " << i + 1;  // no 3 MB print
    }
}

// A record read through RecordReader(std::istream&) equals the one read from the buffer.
TEST(Streaming, RecordReaderFromAStreamReadsTheSameRecords) {
    const std::string text =
        floe::test::read_file(floe::test::source_path("samples/broken/three-faults.pgn"));
    RecordReader from_buffer(text);
    std::istringstream in(text);
    RecordReader from_stream(in);
    rules::GameRecord a, b;
    rules::DiagnosticLog la, lb;
    while (from_buffer.next(a, la)) {
        ASSERT_TRUE(from_stream.next(b, lb));
        const parser::test::Outline oa = test::outline(a, std::move(la)),
                                    ob = test::outline(b, std::move(lb));
        la = lb = {};
        EXPECT_EQ(a.text, b.text);
        EXPECT_EQ(a.number, b.number);
        EXPECT_EQ(a.source.first_line, b.source.first_line);
        EXPECT_EQ(oa.diagnostics.size(), ob.diagnostics.size());
        EXPECT_EQ(oa.tags.size(), ob.tags.size());
    }
    EXPECT_FALSE(from_stream.next(b, lb));
}

}  // namespace
}  // namespace floe::parser
