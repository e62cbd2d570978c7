// The compiler-format printer (notation.md §8): location, identity, excerpt and caret.
#include "formats/diagnostic_print.hpp"

#include <gtest/gtest.h>

#include <string>

#include "parser/parse_record.hpp"

namespace floe::formats {
namespace {

// The first game of `text` (kept alive by the caller) and its printed diagnostics.
std::string printed(const std::string& text) {
    parser::RecordReader reader(text);
    rules::GameRecord record;
    EXPECT_TRUE(reader.next(record));
    std::string out;
    for (const auto& d : record.diagnostics) print_diagnostic(out, "f.pgn", record, d);
    return out;
}

TEST(DiagnosticPrint, CaretUnderTheSpanCountingCodePoints) {
    const std::string text =
        "[White \"\xC3\xA9mile\"]\n\n1. \xE2\x99\x98"
        "f3 ] *";
    EXPECT_EQ(
        printed(text),
        "f.pgn:3:8: error: game 1 (\xC3\xA9mile vs ?), unexpected ']'; expected a move, a move "
        "number, a comment, a NAG, an event, a variation or a termination marker [syntax-error]\n"
        "    3 | 1. \xE2\x99\x98"
        "f3 ] *\n"
        "      |        ^\n");
}

TEST(DiagnosticPrint, ControlCharactersNeverReachTheTerminal) {
    const std::string text = "1. e4\x1b[2J e5 *";
    const std::string out  = printed(text);
    EXPECT_EQ(out.find('\x1b'), std::string::npos);
    EXPECT_NE(out.find("1. e4\xEF\xBF\xBD"), std::string::npos) << out;
}

TEST(DiagnosticPrint, InvalidBytesAreShownInTheRecordsEncoding) {
    const std::string text =
        "[White \"Bj\xF6rn \x93"
        "B\x94\"]\n\n1. e4 *";
    const std::string out = printed(text);
    EXPECT_NE(out.find("game 1 (Bj\xC3\xB6rn \xE2\x80\x9C"
                       "B\xE2\x80\x9D vs ?)"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("    1 | [White \"Bj\xC3\xB6rn \xE2\x80\x9C"
                       "B\xE2\x80\x9D\"]\n"),
              std::string::npos)
        << out;
}

TEST(DiagnosticPrint, LongLinesShowAWindowAroundTheColumn) {
    std::string text = "1. e4 ";
    for (int i = 0; i < 100; ++i) text += "{comment} ";
    text += "] *";
    const std::string out  = printed(text);
    const std::size_t bar  = out.find("| ");
    const std::string line = out.substr(bar + 2, out.find('\n', bar) - bar - 2);
    EXPECT_EQ(line.substr(0, 3), "\xE2\x80\xA6");  // cut on the left
    EXPECT_NE(line.find("] *"), std::string::npos);
    EXPECT_NE(out.find("f.pgn:1:1007: error"), std::string::npos) << out;
    // The caret still points at the `]`.
    const std::size_t caret_line = out.find('\n', bar) + 1;
    const std::string carets     = out.substr(caret_line, out.find('\n', caret_line) - caret_line);
    EXPECT_EQ(carets.find('^') - 8, line.find("] *") - 2);  // `…` is 3 bytes, 1 column
}

}  // namespace
}  // namespace floe::formats
