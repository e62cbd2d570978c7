// The compiler-format printer (docs/rules/notation.md §8.1): location, identity, excerpt and caret.
#include "formats/diagnostic_print.hpp"

#include <gtest/gtest.h>

#include <string>

#include "parser/parse_record.hpp"
#include "parser/read_games.hpp"
#include "support/replayed.hpp"

namespace floe::formats {
namespace {

// Replayed as orthodox chess, as `validate --variant standard`.
formats::GameOptions validate_options() {
    formats::GameOptions options;
    options.variant = &rules::variant_entry(rules::chess::standard_variant());
    return options;
}

// The first game of `text` and its printed diagnostics.
std::string printed(const std::string& text) {
    const auto games = parser::test::read_all(text);  // its syntax diagnostics
    EXPECT_FALSE(games.empty());
    std::string out;
    for (const auto& d : games[0].diagnostics)
        print_diagnostic(out, "f.pgn", games[0].record, d, nullptr);
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

// An escape sequence in a comment shows as `\x1B` in the excerpt, and the caret still stands
// under the failing token: the column in the headline counts the ESC as one
// (docs/rules/notation.md §8.1, §8.2),
// the caret line as the four columns it is shown with.
TEST(DiagnosticPrint, ControlCharactersShowAsHexAndTheCaretStaysUnderItsToken) {
    const std::string text = "1. e4 {\x1B[31mred\x1B[0m} e5 $256 *";
    EXPECT_EQ(printed(text),
              "f.pgn:1:25: error: game 1, NAG $256 out of range: expected $0 to $255 "
              "[syntax-error]\n"
              "    1 | 1. e4 {\\x1B[31mred\\x1B[0m} e5 $256 *\n"
              "      |                               ^~~~\n");
}

// Tag values in the game's identity are record text too; so is a C1 control (U+009B, the
// one-byte CSI) and DEL. A tab stays one column, shown as a space.
TEST(DiagnosticPrint, ControlCharactersInTagValuesAndC1ControlsAreEscaped) {
    const std::string text =
        "[White \"Ann\x1B[2J\"]\n[Black \"B\xC2\x9B"
        "1m\x7F\"]\n\n1.\te4 ] *";
    EXPECT_EQ(printed(text),
              "f.pgn:4:7: error: game 1 (Ann\\x1B[2J vs B\\x9B1m\\x7F), unexpected ']'; expected a "
              "move, a move number, a comment, a NAG, an event, a variation or a termination "
              "marker [syntax-error]\n"
              "    4 | 1. e4 ] *\n"
              "      |       ^\n");
    // The underline covers a control character inside the span as it is shown: four columns.
    EXPECT_EQ(printed("[White \"A\"]\n[Event \"x\x01y\n\n1. e4 *"),
              "f.pgn:2:1: error: game 1 (A vs ?), malformed tag pair: expected [Name \"value\"] "
              "[unterminated-tag]\n"
              "    2 | [Event \"x\\x01y\n"
              "      | ^~~~~~~~~~~~~~\n");
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
    // Read as Latin-1, 0x93 is the C1 control U+0093: escaped, four columns.
    parser::ParseOptions latin1;
    latin1.encoding              = rules::Encoding::Latin1;
    formats::GameOptions options = validate_options();
    options.parse                = latin1;
    const test::Replayed r       = test::replay_text(text, options);
    std::string latin;
    print_diagnostic(latin, "f.pgn", r.record, r.game.diagnostics().at(0), nullptr);
    EXPECT_EQ(latin,
              "f.pgn:1:11: warning: game 1 (Bj\xC3\xB6rn \\x93"
              "B\\x94 vs ?), byte 0xF6 is not UTF-8: read as Latin-1 '\xC3\xB6' (U+00F6), like "
              "the game's other bytes that are not UTF-8 [invalid-utf8]\n"
              "    1 | [White \"Bj\xC3\xB6rn \\x93"
              "B\\x94\"]\n"
              "      |           ^\n");
}

TEST(DiagnosticPrint, FenDiagnosticsEscapeControlCharactersToo) {
    rules::Diagnostic d = rules::make_error(rules::DiagCode::FenSyntax, {3, 4}, "bad \x1B");
    std::string out;
    print_fen_diagnostic(out, "--fen", "8/8\x1B/8 w", d, nullptr);
    EXPECT_EQ(out,
              "--fen:1:4: error: bad \\x1B [fen-syntax]\n"
              "    1 | 8/8\\x1B/8 w\n"
              "      |    ^~~~\n");
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

// Many games on one line keep only ContextBytes of the line around them (issue 13): the
// excerpt of a game far into the line is the same window as before, `…` on both sides.
TEST(DiagnosticPrint, AGameFarIntoALongLineShowsTheSameWindow) {
    std::string text;
    for (int i = 0; i < 500; ++i) text += "1. e4 * ";
    text += "1. e4 ) *";  // 4000 bytes in; the `)` at byte 4006, column 4007
    for (int i = 0; i < 500; ++i) text += " 1. e4 *";
    const auto games = parser::test::read_all(text);
    ASSERT_EQ(games.size(), 1001u);
    const auto& game = games[500];
    ASSERT_EQ(game.diagnostics.size(), 1u);
    std::string out;
    print_diagnostic(out, "f.pgn", game.record, game.diagnostics[0], nullptr);
    const std::string window = text.substr(4006 - 40, 120);  // 40 characters before the caret
    EXPECT_EQ(out,
              "f.pgn:1:4007: error: game 501, ')' without a matching '(' "
              "[unbalanced-variation]\n"
              "    1 | \xE2\x80\xA6" +
                  window +
                  "\xE2\x80\xA6\n"
                  "      | " +
                  std::string(41, ' ') + "^\n");
}

}  // namespace
}  // namespace floe::formats
