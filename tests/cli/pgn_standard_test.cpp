// The PGN standard (PGN-Standard.txt, fsmosca/PGN-Standard), clause by clause: one test per row
// of docs/conformance.md sections 1 to 3 that no older test shows. Each test name starts with the
// clause's number (S8_2_2_1 is clause 8.2.2.1); each asserts the exact games, plies, tags, output
// and diagnostics (code, line, column, message).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/cli_checks.hpp"
#include "support/json_moves.hpp"

namespace floe::test {
namespace {

std::vector<Diag> diagnostics(const std::string& pgn, const std::string& options = "") {
    return validate_json(pgn, "--variant standard " + options);
}
std::string movetext(const std::string& pgn, const std::string& options = "") {
    return convert_movetext(pgn, "--variant standard " + options);
}
// The summary line of `validate --variant standard -`.
std::string summary(const std::string& pgn) {
    return run_floe("validate --variant standard -", pgn).out;
}
// The games of `convert --to json --variant standard -`, one per line.
std::vector<nlohmann::json> games_json(const std::string& pgn) {
    const RunResult r = run_floe("convert --to json --variant standard -", pgn);
    std::vector<nlohmann::json> out;
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) out.push_back(nlohmann::json::parse(line));
    return out;
}
std::string with_fen(const std::string& fen, const std::string& moves,
                     const std::string& variant = "") {
    return (variant.empty() ? "" : "[Variant \"" + variant + "\"]\n") + "[SetUp \"1\"]\n[FEN \"" +
           fen + "\"]\n\n" + moves;
}
// The one diagnostic's message, which must be an illegal-move error at line, column.
std::string illegal(const std::string& pgn, int line, int column, const std::string& options = "") {
    const auto d = validate_json(pgn, options);
    EXPECT_EQ(d, std::vector<Diag>{error("illegal-move", line, column)}) << pgn;
    return d.empty() ? std::string() : d[0].message;
}

// ---- 4 Lexicographical issues ----

// 4.1: of the control characters, only tabs, line feed and carriage return are permitted.
TEST(PgnStandard, S4_1ControlCharacters) {
    EXPECT_EQ(diagnostics("1.\ve4 e5\t2. Nf3\r\n*"), std::vector<Diag>{});
    EXPECT_EQ(summary("1.\ve4 e5\t2. Nf3\r\n*"),
              "<stdin>: 1 games, 3 plies, 0 errors, 0 warnings\n");
    const auto d = diagnostics("1. e4 e5\x01 *");
    ASSERT_EQ(d, std::vector<Diag>{error("syntax-error", 1, 9)});
    EXPECT_EQ(d[0].message,
              "unexpected control character U+0001; expected a move, a move number, a comment, a "
              "NAG, an event, a variation or a termination marker");
    EXPECT_EQ(diagnostics("1. e4 e5\x7f *"), std::vector<Diag>{error("syntax-error", 1, 9)});
}

// 4.1: characters outside ASCII only in strings and comments; floe reads UTF-8 there.
TEST(PgnStandard, S4_1NonAsciiInStringsAndComments) {
    const std::string pgn = "[Site \"Zürich\"]\n\n1. e4 {Très bien} *";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{});
    const auto g = games_json(pgn);
    ASSERT_EQ(g.size(), 1u);
    EXPECT_EQ(g[0]["tags"]["Site"], "Zürich");
    EXPECT_EQ(movetext(pgn), "1. e4 {Très bien} *");
}

// 4.2: no tab in the export format, nor inside strings. floe keeps a tab in a tag value or a
// comment as data (nothing read is lost) and writes no tab of its own.
TEST(PgnStandard, S4_2TabsAreKeptAsData) {
    const std::string pgn = "[Event\t\"a\tb\"]\n\n1.\te4\t{x\ty}\t*";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{});
    const RunResult r = run_floe("convert --variant standard -", pgn);
    EXPECT_NE(r.out.find("[Event \"a\tb\"]\n"), std::string::npos);
    EXPECT_NE(r.out.find("\n1. e4 {x\ty} *\n"), std::string::npos);
}

// 4.3: import lines of at most 255 characters; floe reads longer lines, and its writer keeps
// movetext lines under 80 characters (a longer comment stands alone on its line).
TEST(PgnStandard, S4_3LineLengths) {
    std::string moves;
    for (int i = 0; i < 20; ++i) moves += "Nf3 Nf6 Ng1 Ng8 ";
    const std::string pgn = moves + "*";  // one line of 321 characters
    EXPECT_EQ(summary(pgn), "<stdin>: 1 games, 80 plies, 0 errors, 0 warnings\n");
    const std::string text = movetext(pgn);
    std::size_t longest = 0, begin = 0;
    for (std::size_t end; (end = text.find('\n', begin)) != std::string::npos; begin = end + 1)
        longest = std::max(longest, end - begin);
    EXPECT_EQ(longest, 79u);
    const std::string comment(300, 'c');
    EXPECT_EQ(movetext("1. e4 {" + comment + "} e5 *"), "1. e4\n{" + comment + "}\n1... e5 *");
}

// ---- 5 Commentary ----

// 5: comments do not nest; braces inside a `;` comment lose their meaning.
TEST(PgnStandard, S5BraceAndRestOfLineComments) {
    const std::string pgn = "1. e4 { a { b } e5 ; c } {\n2. Nf3 *";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{});
    // The `;` comment holds a `}`: it is written as a `;` comment again, to its line end.
    EXPECT_EQ(movetext(pgn), "1. e4 { a { b } 1... e5 ; c } {\n2. Nf3 *");
}

// 5: comments cannot appear inside a token.
TEST(PgnStandard, S5NoCommentInsideAToken) {
    const auto d = diagnostics("1. Nf{x}3 *");
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(d[0], error("unreadable-move", 1, 4));
    EXPECT_EQ(d[0].message,
              "1. Nf: not a chess move (expected SAN such as Nf3, exd5, O-O or e8=Q)");
}

// ---- 6 Escape mechanism ----

// 6: a `%` in column 1 starts an escape line, in the tags and in the movetext; inside a brace
// comment a `%` line is comment text, and it is written out with the comment.
TEST(PgnStandard, S6EscapeLinesEverywhere) {
    const std::string pgn =
        "% head\n[Event \"x\"]\n% between tags\n[Site \"y\"]\n\n1. e4\n% move\ne5 *";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{});
    EXPECT_EQ(summary(pgn), "<stdin>: 1 games, 2 plies, 0 errors, 0 warnings\n");
    EXPECT_EQ(movetext(pgn), "1. e4 e5 *");
    EXPECT_EQ(movetext("1. e4 {\n% kept\n} e5 *"), "1. e4 {\n% kept\n} 1... e5 *");
}

// ---- 7 Tokens ----

// 7: self-delimiting tokens need no white space: periods, brackets, parentheses, braces, NAGs.
TEST(PgnStandard, S7SelfDelimitingTokens) {
    const std::string pgn = "[Event\"x\"][Site\"y\"]\n1.e4{c}e5$1(1...c5)2.Nf3 *";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{});
    EXPECT_EQ(movetext(pgn), "1. e4 {c} 1... e5 $1 (1... c5) 2. Nf3 *");
    const auto g = games_json(pgn);
    ASSERT_EQ(g.size(), 1u);
    EXPECT_EQ(g[0]["tags"]["Event"], "x");
    EXPECT_EQ(g[0]["tags"]["Site"], "y");
}

// 7.1: the empty string, `\"` and `\\`; an apostrophe is no quote.
TEST(PgnStandard, S7_1Strings) {
    const std::string pgn = "[Event \"\"]\n[Site \"a \\\"b\\\" c\\\\d\"]\n\n1. e4 *";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{});
    const auto g = games_json(pgn);
    EXPECT_EQ(g[0]["tags"]["Event"], "");
    EXPECT_EQ(g[0]["tags"]["Site"], "a \"b\" c\\d");
    const auto d = diagnostics("[Event 'x']\n\n1. e4 *");
    ASSERT_EQ(d, std::vector<Diag>{error("unterminated-tag", 1, 1)});
    EXPECT_EQ(d[0].message, "malformed tag pair: expected [Name \"value\"]");
}

// 7.1: a string of more than 255 characters is read and written whole.
TEST(PgnStandard, S7_1LongStrings) {
    const std::string value(400, 'v');
    const std::string pgn = "[Annotator \"" + value + "\"]\n\n1. e4 *";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{});
    EXPECT_NE(
        run_floe("convert --variant standard -", pgn).out.find("[Annotator \"" + value + "\"]"),
        std::string::npos);
}

// 7.4: `*` is a token by itself. Glued to a move floe keeps it in the word (ice captures write
// `x*` inside a word, and a game never splits at a typo): an unreadable move, then no marker.
TEST(PgnStandard, S7_4GluedAsterisk) {
    const auto d = diagnostics("1. e4 e5 2. Nf3* Nc6 *");
    ASSERT_EQ(d, std::vector<Diag>{error("unreadable-move", 1, 13)});
    EXPECT_EQ(d[0].message,
              "2. Nf3*: not a chess move (expected SAN such as Nf3, exd5, O-O or e8=Q)");
    EXPECT_EQ(summary("1. e4 e5 2. Nf3* Nc6 *"),
              "<stdin>: 1 games, 2 plies, 1 errors, 0 warnings\n");
    EXPECT_EQ(diagnostics("1. e4 e5*"), (std::vector<Diag>{error("unreadable-move", 1, 7),
                                                           warning("missing-termination", 1, 10)}));
    EXPECT_EQ(diagnostics("1. e4 e5 *"), std::vector<Diag>{});
}

// 7.7: `<` and `>` are reserved; floe's events use them, and in chess an event where the rules
// cause none is an error.
TEST(PgnStandard, S7_7AngleBrackets) {
    const auto d = diagnostics("1. e4 e5 <x> *");
    ASSERT_EQ(d, std::vector<Diag>{error("unexpected-event", 1, 10)});
    EXPECT_EQ(d[0].message, "event <x> where the rules cause none");
}

// 7.8, 8.2.4: a NAG is `$` and digits, 0 to 255; `$` alone and `$256` are syntax errors.
TEST(PgnStandard, S7_8Nags) {
    EXPECT_EQ(diagnostics("1. e4 $0 $01 $255 e5 *"), std::vector<Diag>{});
    EXPECT_EQ(movetext("1. e4 $0 $01 $255 e5 *"), "1. e4 $0 $1 $255 e5 *");
    auto d = diagnostics("1. e4 $256 e5 *");
    ASSERT_EQ(d, std::vector<Diag>{error("syntax-error", 1, 7)});
    EXPECT_EQ(d[0].message, "NAG $256 out of range: expected $0 to $255");
    EXPECT_EQ(diagnostics("1. e4 $ e5 *"), std::vector<Diag>{error("syntax-error", 1, 7)});
}

// 7.9: symbols with `_`, `+`, `#`, `=`, `:` and `-`: `N:f3` is a capture written with a colon.
TEST(PgnStandard, S7_9SymbolCharacters) {
    const std::string pgn = "1. e4 d5 2. e:d5 *";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{warning("capture-mark", 1, 13)});
    EXPECT_EQ(movetext(pgn), "1. e4 d5 2. exd5 *");
}

// ---- 8 Parsing games ----

// 8: an empty file is a valid database of no games.
TEST(PgnStandard, S8EmptyFile) {
    const RunResult r = run_floe("validate -", "");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, "<stdin>: 0 games, 0 plies, 0 errors, 0 warnings\n");
    EXPECT_EQ(run_floe("convert -", "").out, "");
}

// 8.1: white space between any two tokens of a tag pair, and several pairs on a line.
TEST(PgnStandard, S8_1WhiteSpaceInsideATagPair) {
    const std::string pgn = "[ Event   \"x\"  ] [\tSite \"y\"]\n\n1. e4 *";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{});
    const auto g = games_json(pgn);
    EXPECT_EQ(g[0]["tags"]["Event"], "x");
    EXPECT_EQ(g[0]["tags"]["Site"], "y");
}

// 8.1: a tag pair may span lines in the import format; floe reads it with a warning.
TEST(PgnStandard, S8_1TagPairSpanningLines) {
    const std::string pgn = "[Event\n  \"x\"\n]\n[Site \"y\"]\n\n1. e4 *";
    const auto d          = diagnostics(pgn);
    ASSERT_EQ(d, std::vector<Diag>{warning("tag-line-break", 1, 1)});
    EXPECT_EQ(d[0].message, "tag pair spanning lines (canonical: one line)");
    EXPECT_EQ(summary(pgn), "<stdin>: 1 games, 1 plies, 0 errors, 1 warnings\n");
    const auto g = games_json(pgn);
    ASSERT_EQ(g.size(), 1u);
    EXPECT_EQ(g[0]["tags"]["Event"], "x");
    EXPECT_EQ(g[0]["tags"]["Site"], "y");
    EXPECT_NE(
        run_floe("convert --variant standard -", pgn).out.find("[Event \"x\"]\n[Site \"y\"]\n"),
        std::string::npos);
}

// 8.1: tag names of letters, digits and `_`; floe also keeps other symbol characters, and
// names are case sensitive (`event` is not `Event`).
TEST(PgnStandard, S8_1TagNames) {
    const std::string pgn = "[My_Tag1 \"a\"]\n[Tag-Name \"b\"]\n[event \"c\"]\n\n1. e4 *";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{});
    const auto g = games_json(pgn);
    EXPECT_EQ(g[0]["tags"]["My_Tag1"], "a");
    EXPECT_EQ(g[0]["tags"]["Tag-Name"], "b");
    EXPECT_EQ(g[0]["tags"]["event"], "c");
    EXPECT_FALSE(g[0]["tags"].contains("Event"));
}

// 8.1, 8.1.1: export writes the roster first in its order, with `?` and `????.??.??` for
// missing values, one pair per line, a blank line after. Other tags follow in input order (a
// deliberate deviation: the standard sorts them).
TEST(PgnStandard, S8_1_1ExportTagOrder) {
    const std::string pgn =
        "[Round \"1\"] [ECO \"C20\"] [White \"w\"] [Annotator \"z\"] [Event \"x\"]\n\n1. e4 *";
    EXPECT_EQ(run_floe("convert --variant standard -", pgn).out,
              "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"1\"]\n[White \"w\"]\n"
              "[Black \"?\"]\n[Result \"*\"]\n[ECO \"C20\"]\n[Annotator \"z\"]\n\n1. e4 *\n");
}

// 8.2: illegal moves are not permitted in movetext, but may appear in commentary.
TEST(PgnStandard, S8_2IllegalMovesOnlyInComments) {
    EXPECT_EQ(diagnostics("1. e4 {1... Ke7?? 2. Qxe7} e5 *"), std::vector<Diag>{});
    EXPECT_EQ(illegal("1. e4 Ke6 *", 1, 7, "--variant standard"), "1... Ke6: no king can reach e6");
}

// 8.2.1: export lines of fewer than 80 characters, one space between tokens, no space at a
// line's start or end, and a blank line after the movetext.
TEST(PgnStandard, S8_2_1ExportLineJustification) {
    const std::string pgn =
        "1.   e4    e5\n\n\n2.Nf3   Nc6   3.Bb5   a6  4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 "
        "7.Bb3 d6 8.c3 O-O 9.h3 Nb8 10.d4 Nbd7 11.c4 c6 *\n[Event \"2\"]\n\n1. d4 *";
    EXPECT_EQ(run_floe("convert --variant standard --strip tags -", pgn).out,
              "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
              "[Black \"?\"]\n[Result \"*\"]\n\n"
              "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3\n"
              "O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 *\n\n"
              "[Event \"2\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
              "[Black \"?\"]\n[Result \"*\"]\n\n1. d4 *\n");
}

// 8.2.2, 8.2.2.1: move numbers are optional, may have zero periods, and may stand apart from
// their periods; superfluous numbers are allowed when correct.
TEST(PgnStandard, S8_2_2_1ImportMoveNumbers) {
    for (const std::string pgn :
         {"e4 e5 Nf3 *", "1 e4 e5 2 Nf3 *", "1 . e4 e5 2 . Nf3 *", "1. e4 1... e5 2. Nf3 *",
          "1 . e4 1 ... e5 2 . Nf3 *", "1.e4 1.. e5 2.Nf3 *"}) {
        EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{}) << pgn;
        EXPECT_EQ(movetext(pgn), "1. e4 e5 2. Nf3 *") << pgn;
    }
    // Integers up to 2^32 - 1.
    auto big = diagnostics("4294967296. e4 *");
    ASSERT_EQ(big, std::vector<Diag>{error("syntax-error", 1, 1)});
    EXPECT_EQ(big[0].message, "move number 4294967296. out of range: expected at most 4294967295");
    // A number that disagrees with the position is read with a warning.
    const auto d = diagnostics("1. e4 2... e5 *");
    ASSERT_EQ(d, std::vector<Diag>{warning("move-number-mismatch", 1, 7)});
    EXPECT_EQ(d[0].message, "move number 2... does not match the position (expected 1...)");
}

// 8.2.2.2: export writes `N.` before every White move and `N...` before a Black move at the
// start and after a comment or variation. After a NAG floe writes no number (a deliberate
// deviation, as python-chess does).
TEST(PgnStandard, S8_2_2_2ExportMoveNumbers) {
    EXPECT_EQ(movetext("1. e4 {c} e5 (1... c5) 2. Nf3 $1 Nc6 *"),
              "1. e4 {c} 1... e5 (1... c5) 2. Nf3 $1 Nc6 *");
    EXPECT_EQ(movetext(with_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 5 39", "39... Kd7 40. e4 *")),
              "39... Kd7 40. e4 *");
}

// 8.2.3.2: the pawn's letter `P` is not used in export; some import software allows it, and
// floe reads it with a warning.
TEST(PgnStandard, S8_2_3_2PawnLetter) {
    const std::string pgn = "1. Pe4 d5 2. Pxd5 *";
    auto d                = diagnostics(pgn);
    ASSERT_EQ(d, std::vector<Diag>{warning("pawn-letter", 1, 4)});
    EXPECT_EQ(d[0].message, "2 pawn moves written with the letter P (canonical: none)");
    EXPECT_EQ(movetext(pgn), "1. e4 d5 2. exd5 *");
    EXPECT_EQ(diagnostics(pgn, "--strict"), std::vector<Diag>{error("pawn-letter", 1, 4)});
    // Two pawns can take on d5: the letter alone does not say which.
    d = diagnostics("1. e4 d5 2. c4 e6 3. Pxd5 *");
    ASSERT_EQ(d, std::vector<Diag>{error("ambiguous-move", 1, 22)});
    EXPECT_EQ(d[0].message, "3. Pxd5: ambiguous: cxd5 or exd5");
    // Other languages' letters (PGN standard clause 17) are for presentation only.
    EXPECT_EQ(diagnostics("1. Sf3 *"), std::vector<Diag>{error("unreadable-move", 1, 4)});
}

// 8.2.3.3: basic SAN, captures, castling with the letter O, en passant as a plain capture,
// promotion with `=`.
TEST(PgnStandard, S8_2_3_3BasicSan) {
    // 3. exd6 takes en passant; 8. cxd8=Q promotes with a capture.
    const std::string pgn =
        "1. e4 Nf6 2. e5 d5 3. exd6 Nc6 4. dxc7 e6 5. Nf3 Be7 6. Bc4 O-O "
        "7. O-O Nd5 8. cxd8=Q Rxd8 *";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{});
    EXPECT_EQ(summary(pgn), "<stdin>: 1 games, 16 plies, 0 errors, 0 warnings\n");
    EXPECT_EQ(movetext(pgn),
              "1. e4 Nf6 2. e5 d5 3. exd6 Nc6 4. dxc7 e6 5. Nf3 Be7 6. Bc4 O-O 7. O-O Nd5 8.\n"
              "cxd8=Q Rxd8 *");
}

// 8.2.3.4: disambiguation by file, then rank, then square; a pinned piece needs none.
TEST(PgnStandard, S8_2_3_4Disambiguation) {
    const std::string fen = "4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1";
    // Knights on c1 and g1 both reach e2: the file tells them apart.
    EXPECT_EQ(diagnostics(with_fen(fen, "1. Nce2 *")), std::vector<Diag>{});
    auto d = diagnostics(with_fen(fen, "1. Ne2 *"));
    ASSERT_EQ(d, std::vector<Diag>{error("ambiguous-move", 4, 4)});
    EXPECT_EQ(d[0].message, "1. Ne2: ambiguous: Nce2 or Nge2");
    // The standard's own example: the c3 knight pinned by b4, so only the g1 knight reaches e2.
    const std::string pinned = "4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1";
    EXPECT_EQ(diagnostics(with_fen(pinned, "1. Ne2 *")), std::vector<Diag>{});
    EXPECT_EQ(diagnostics(with_fen(pinned, "1. Nge2 *")),
              std::vector<Diag>{warning("redundant-disambiguation", 4, 4)});
    // Rank, then square.
    const std::string ranks = "4k3/8/8/N7/8/8/8/N3K3 w - - 0 1";
    EXPECT_EQ(movetext(with_fen(ranks, "1. N1b3 *")), "1. N1b3 *");
    const std::string squares = "4k3/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1";
    EXPECT_EQ(movetext(with_fen(squares, "1. Qa3b2 *")), "1. Qa3b2 *");
}

// 8.2.3.5: check marks do not disambiguate; missing or superfluous marks are warnings.
TEST(PgnStandard, S8_2_3_5CheckMarks) {
    EXPECT_EQ(diagnostics("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *"),
              std::vector<Diag>{warning("missing-check-mark", 1, 35)});
    EXPECT_EQ(diagnostics("1. e4+ e5 *"),
              std::vector<Diag>{warning("superfluous-check-mark", 1, 4)});
    EXPECT_EQ(movetext("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *"),
              "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# *");
}

// 8.2.3.8: the six suffix annotations, at most one per move, are exported as NAGs 1 to 6.
TEST(PgnStandard, S8_2_3_8SuffixAnnotations) {
    const std::string pgn = "1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! *";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{});
    EXPECT_EQ(movetext(pgn), "1. e4 $1 e5 $2 2. Nf3 $3 Nc6 $4 3. Bb5 $5 a6 $6 *");
    const auto d = diagnostics("1. e4!?! e5 *");
    ASSERT_EQ(d, std::vector<Diag>{error("unreadable-move", 1, 4)});
}

// 8.2.5: a RAV replaces the move before it and may nest. floe also reads an empty variation
// and one before the first move (the standard does not define them).
TEST(PgnStandard, S8_2_5Variations) {
    const std::string pgn = "1. e4 (1. d4 d5 (1... Nf6 2. c4)) e5 () *";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{});
    EXPECT_EQ(movetext(pgn), "1. e4 (1. d4 d5 (1... Nf6 2. c4)) 1... e5 () *");
    EXPECT_EQ(summary("( 1. d4 ) 1. e4 *"), "<stdin>: 1 games, 1 plies, 0 errors, 0 warnings\n");
    const auto d = diagnostics("1. e4 (1. Nf6) *");
    ASSERT_EQ(d, std::vector<Diag>{error("illegal-move", 1, 11)});
}

// ---- 9 Supplemental tags ----

// 9.7: a FEN tag gives the start position. SetUp is cancelled in the standard's 2020 revision;
// floe still wants `[SetUp "1"]` beside a FEN tag and warns without it.
TEST(PgnStandard, S9_7FenAndSetUp) {
    const std::string fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 5 39";
    EXPECT_EQ(diagnostics(with_fen(fen, "39. e4 *")), std::vector<Diag>{});
    const auto d = diagnostics("[FEN \"" + fen + "\"]\n\n39. e4 *");
    ASSERT_EQ(d, std::vector<Diag>{warning("fen-without-setup", 1, 1)});
    EXPECT_EQ(d[0].message, "FEN tag without [SetUp \"1\"]");
    EXPECT_EQ(run_floe("fen -", "[FEN \"" + fen + "\"]\n[SetUp \"0\"]\n\n39. e4 *").out,
              "4k3/8/8/8/4P3/8/8/4K3 b - - 0 39\n");
    // SetUp without a FEN: the standard start.
    EXPECT_EQ(run_floe("fen --variant standard -", "[SetUp \"1\"]\n\n1. e4 *").out,
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
}

// 9.5, 9.6, 9.8, 9.9: Time, UTCTime, UTCDate, TimeControl, Termination, PlyCount and every
// other tag are kept as written, whatever their form; a PlyCount is not checked against the
// moves, and `--add-tags PlyCount` writes the true one in its place.
TEST(PgnStandard, S9TagsKeptAsWritten) {
    const std::string tags =
        "[Time \"25:61\"]\n[UTCDate \"2020.13.??\"]\n[UTCTime \"x\"]\n"
        "[TimeControl \"40/9000:*180\"]\n[Termination \"time forfeit\"]\n"
        "[PlyCount \"7\"]\n[Mode \"ICS\"]\n\n1. e4 e5 *";
    EXPECT_EQ(diagnostics(tags), std::vector<Diag>{});
    EXPECT_EQ(run_floe("convert --variant standard --strip comments -", tags).out,
              "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
              "[Black \"?\"]\n[Result \"*\"]\n[Time \"25:61\"]\n[UTCDate \"2020.13.??\"]\n"
              "[UTCTime \"x\"]\n[TimeControl \"40/9000:*180\"]\n[Termination \"time forfeit\"]\n"
              "[PlyCount \"7\"]\n[Mode \"ICS\"]\n\n1. e4 e5 *\n");
    EXPECT_NE(run_floe("convert --variant standard --add-tags PlyCount -", tags)
                  .out.find("[PlyCount \"2\"]"),
              std::string::npos);
}

// 8.1.1.3, 9.5.3: Date and UTCDate `YYYY.MM.DD` with `?` for unknown digits; `select --where`
// compares them part by part, `??` matching any value.
TEST(PgnStandard, S8_1_1_3Dates) {
    const std::string pgn =
        "[Date \"1992.11.04\"]\n\n1. e4 *\n\n[Date \"1993.??.??\"]\n\n1. d4 *\n\n"
        "[Date \"????.??.??\"]\n\n1. c4 *\n\n[Date \"4 Nov 1992\"]\n\n1. Nf3 *\n";
    EXPECT_EQ(run_floe("select --count --variant standard --where 'Date >= 1993' -", pgn).out,
              "2\n");
    EXPECT_EQ(run_floe("select --count --variant standard --where 'Date == 1992.11' -", pgn).out,
              "2\n");
}

// ---- 10 NAGs ----

// 10: NAGs 0 to 255 are kept as data, whatever their meaning; the glyphs of 8.2.3.8 are 1 to 6.
TEST(PgnStandard, S10NagsKept) {
    const std::string pgn = "1. e4 $0 $7 $135 $139 $255 *";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{});
    const auto g = games_json(pgn);
    EXPECT_EQ(line_plies(g[0]["moves"])[0]["nags"], nlohmann::json::parse("[0, 7, 135, 139, 255]"));
}

// ---- 16 FEN and EPD ----

// 16.1.3: six fields separated by one space; floe also reads several spaces or tabs.
TEST(PgnStandard, S16_1_3FieldsAndSpaces) {
    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    for (const std::string& fen : {start + " w KQkq - 0 1", start + "  w KQkq - 0 1",
                                   " " + start + " w KQkq - 0 1 ", start + "\tw KQkq - 0 1"}) {
        EXPECT_EQ(diagnostics(with_fen(fen, "1. e4 *")), std::vector<Diag>{}) << fen;
    }
    auto d = diagnostics(with_fen(start + " w KQkq - 0 1 bm e4;", "*"));
    ASSERT_EQ(d, std::vector<Diag>{error("fen-syntax", 2, 64)});
    EXPECT_EQ(d[0].message, "FEN tag: FEN has 8 fields (expected 6)");
}

// 16.1.3.1: ranks 8 to 1, files a to h, digits for runs of empty squares.
TEST(PgnStandard, S16_1_3_1PiecePlacement) {
    EXPECT_EQ(diagnostics(with_fen("4k3/8/44/8/8/8/4P3/4K3 w - - 0 1", "*")), std::vector<Diag>{});
    auto d = diagnostics(with_fen("4k3/9/8/8/8/8/4P3/4K3 w - - 0 1", "*"));
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(d[0].code, "fen-rank-length");
    d = diagnostics(with_fen("4k3/8/8/8/8/8/4X3/4K3 w - - 0 1", "*"));
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(d[0].code, "fen-unknown-piece");
}

// 16.1.3.2: `w` or `b`, in lower case.
TEST(PgnStandard, S16_1_3_2ActiveColor) {
    const auto d = diagnostics(with_fen("4k3/8/8/8/8/8/4P3/4K3 W - - 0 1", "*"));
    ASSERT_EQ(d, std::vector<Diag>{error("fen-side-to-move", 2, 29)});
    EXPECT_EQ(d[0].message, "FEN tag: side to move: 'W' is not w or b");
}

// 16.1.3.3: `-` or letters of KQkq; floe reads them in any order and writes KQkq.
TEST(PgnStandard, S16_1_3_3CastlingAvailability) {
    const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1";
    EXPECT_EQ(diagnostics(with_fen(fen, "*")), std::vector<Diag>{});
    EXPECT_EQ(run_floe("fen --variant standard -", with_fen(fen, "*")).out,
              "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n");
}

// 16.1.3.4: the en passant target square, written only when a legal en passant capture exists
// (the standard's 2020 revision); any square a double step explains is read.
TEST(PgnStandard, S16_1_3_4EnPassantTarget) {
    const std::string pgn = "1. e4 d5 2. e5 f5 *";
    EXPECT_EQ(run_floe("fen --all --variant standard -", pgn).out,
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
              "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n"
              "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2\n"
              "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3\n");
    const auto d = diagnostics(with_fen("4k3/8/8/8/8/8/4P3/4K3 w - e6 0 1", "*"));
    ASSERT_EQ(d, std::vector<Diag>{warning("impossible-en-passant", 2, 33)});
}

// 16.1.3.5, 16.1.3.6: a non-negative halfmove clock and a positive fullmove number; missing
// counters and a fullmove number 0 are read with a warning.
TEST(PgnStandard, S16_1_3_5Counters) {
    const std::string board = "4k3/8/8/8/8/8/4P3/4K3 w - -";
    auto d                  = diagnostics(with_fen(board, "*"));
    ASSERT_EQ(d, std::vector<Diag>{warning("fen-counter", 2, 34)});
    EXPECT_EQ(d[0].message, "FEN tag: halfmove clock and fullmove number missing; read as 0 1");
    d = diagnostics(with_fen(board + " 0 0", "*"));
    ASSERT_EQ(d, std::vector<Diag>{warning("fen-counter", 2, 37)});
    d = diagnostics(with_fen(board + " -1 1", "*"));
    ASSERT_EQ(d, std::vector<Diag>{error("fen-counter", 2, 35)});
    EXPECT_EQ(d[0].message, "FEN tag: halfmove clock: '-1' is not a number");
}

// 16.2: EPD lines: floe writes them (`fen --all --to epd`), four fields and the operations id and
// (Ice Age) fmvn, in ASCII order; a position given as EPD with operations is not read.
TEST(PgnStandard, S16_2Epd) {
    EXPECT_EQ(run_floe("fen --all --to epd --variant standard -", "1. e4 *").out,
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"game 1 ply 0\";\n"
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"game 1 ply 1\";\n");
    const RunResult r = run_floe(
        "moves --variant standard 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4;'");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("halfmove clock: 'bm' is not a number [fen-counter]"), std::string::npos);
}

// ---- 8.2: an illegal move's message gives its true reason (issue 24) ----

TEST(IllegalMoveReason, CastlingWithoutTheRight) {
    EXPECT_EQ(illegal(with_fen("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "1. O-O *"), 4, 4,
                      "--variant standard"),
              "1. O-O: White cannot castle king side: White has no king-side castling right");
    EXPECT_EQ(illegal(with_fen("r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 1", "1. O-O *"), 4, 4,
                      "--variant standard"),
              "1. O-O: White cannot castle king side: White has no king-side castling right (no "
              "white rook on h1)");
    EXPECT_EQ(illegal(with_fen("r3k2r/8/8/8/8/8/8/R2K3R w - - 0 1", "1. O-O-O *"), 4, 4,
                      "--variant standard"),
              "1. O-O-O: White cannot castle queen side: White has no queen-side castling right "
              "(the king is not on e1)");
    // The right was lost when the king moved and came back.
    EXPECT_EQ(illegal("1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 4. Nf3 Nf6 5. Be2 Be7 6. O-O *", 1, 57,
                      "--variant standard"),
              "6. O-O: White cannot castle king side: White has no king-side castling right");
}

TEST(IllegalMoveReason, CastlingOutOfThroughAndIntoCheck) {
    EXPECT_EQ(illegal(with_fen("4k3/8/8/8/1b6/8/8/R3K2R w KQ - 0 1", "1. O-O *"), 4, 4,
                      "--variant standard"),
              "1. O-O: White cannot castle king side: the king on e1 is in check from the bishop "
              "on b4");
    EXPECT_EQ(illegal(with_fen("4k3/8/8/8/2b5/8/8/R3K2R w KQ - 0 1", "1. O-O *"), 4, 4,
                      "--variant standard"),
              "1. O-O: White cannot castle king side: the king would pass through f1, attacked "
              "by the bishop on c4");
    EXPECT_EQ(illegal(with_fen("4k3/8/8/8/8/7n/8/R3K2R w KQ - 0 1", "1. O-O *"), 4, 4,
                      "--variant standard"),
              "1. O-O: White cannot castle king side: the king would be in check on g1 from the "
              "knight on h3");
    EXPECT_EQ(illegal(with_fen("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "1. O-O-O *"), 4, 4,
                      "--variant standard"),
              "1. O-O-O: White cannot castle queen side: the king would pass through d1, "
              "attacked by the rook on d8");
    // The rook may pass an attacked square.
    EXPECT_EQ(diagnostics(with_fen("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "1. O-O-O *")),
              std::vector<Diag>{});
    // Black, in UCI: the king's two-file step.
    EXPECT_EQ(illegal(with_fen("r3k2r/8/8/8/8/8/8/4K1R1 b kq - 0 1", "1... e8g8 *"), 4, 6,
                      "--variant standard"),
              "1... e8g8: Black cannot castle king side: the king would be in check on g8 from "
              "the rook on g1");
}

TEST(IllegalMoveReason, CastlingThroughPieces) {
    EXPECT_EQ(illegal("1. e4 e5 2. O-O *", 1, 13, "--variant standard"),
              "2. O-O: White cannot castle king side: the bishop on f1 and the knight on g1 are "
              "in the way");
    EXPECT_EQ(illegal(with_fen("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "1. O-O-O *"), 4, 4,
                      "--variant standard"),
              "1. O-O-O: White cannot castle queen side: the knight on b1 is in the way");
}

TEST(IllegalMoveReason, CastlingInIceAgeAndChess960) {
    // Ice on f1 blocks like a piece.
    EXPECT_EQ(illegal(with_fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K*1R w KQkq - 0 1", "1. O-O *",
                               "Ice Age"),
                      5, 4),
              "1. O-O: White cannot castle king side: the ice on f1 is in the way");
    // Chess960: the king on e1 and its rooks on b1 and g1; the f1 knight is in the way, in SAN
    // and as UCI's king-takes-rook.
    const std::string fen = "1r2k1r1/8/8/8/8/8/8/1R2KNR1 w GBgb - 0 1";
    EXPECT_EQ(illegal(with_fen(fen, "1. O-O *", "Chess960"), 5, 4),
              "1. O-O: White cannot castle king side: the knight on f1 is in the way");
    EXPECT_EQ(illegal(with_fen(fen, "1. e1g1 *", "Chess960"), 5, 4),
              "1. e1g1: White cannot castle king side: the knight on f1 is in the way");
}

TEST(IllegalMoveReason, EnPassant) {
    // No double step just before: nothing to capture on f6.
    EXPECT_EQ(illegal("1. e4 d5 2. e5 f5 3. Nf3 Nc6 4. exf6 *", 1, 33, "--variant standard"),
              "4. exf6: f6 holds nothing to capture (no en passant: the pawn on f5 did not just "
              "advance two squares)");
    // A double step, but taking would open the fifth rank to the rook.
    const std::string fen = "8/8/8/KpP4r/8/8/8/7k w - b6 0 2";
    const std::string why =
        "no pawn can capture en passant on b6: the pawn on c5 would leave White's king in check "
        "from the rook on h5";
    EXPECT_EQ(illegal(with_fen(fen, "2. cxb6 *"), 4, 4, "--variant standard"), "2. cxb6: " + why);
    EXPECT_EQ(illegal(with_fen(fen, "2. c5b6 *"), 4, 4, "--variant standard"), "2. c5b6: " + why);
    EXPECT_EQ(illegal(with_fen("8/1p6/8/K1P4r/8/8/8/7k b - - 0 1", "1... b5 2. cxb6 *"), 4, 12,
                      "--variant standard"),
              "2. cxb6: " + why);
}

TEST(IllegalMoveReason, Promotion) {
    const std::string opts = "--variant standard";
    EXPECT_EQ(illegal(with_fen("8/4P3/8/8/8/8/8/k6K w - - 0 1", "1. e8 *"), 4, 4, opts),
              "1. e8: no pawn can reach e8 without promoting");
    EXPECT_EQ(illegal(with_fen("8/8/4P3/8/8/8/8/k6K w - - 0 1", "1. e7=Q *"), 4, 4, opts),
              "1. e7=Q: a white pawn promotes only on the 8th rank, not on e7");
    EXPECT_EQ(illegal(with_fen("8/4P3/8/8/8/8/8/k6K w - - 0 1", "1. e8=K *"), 4, 4, opts),
              "1. e8=K: a pawn cannot promote to a king");
    EXPECT_EQ(illegal(with_fen("8/4P3/8/8/8/8/8/k6K w - - 0 1", "1. e8=P *"), 4, 4, opts),
              "1. e8=P: a pawn cannot promote to a pawn");
    EXPECT_EQ(illegal(with_fen("k7/8/8/8/8/8/4p3/7K b - - 0 1", "1... e2e1 *"), 4, 6, opts),
              "1... e2e1: no pawn can reach e1 without promoting");
}

TEST(IllegalMoveReason, Drops) {
    const std::string zh = "Crazyhouse";
    EXPECT_EQ(illegal(with_fen("k7/8/8/8/8/8/8/7K[P] w - - 0 1", "1. N@f3 *", zh), 5, 4),
              "1. N@f3: no knight in White's pocket");
    EXPECT_EQ(illegal(with_fen("k7/8/8/8/8/8/8/7K[P] w - - 0 1", "1. P@c8 *", zh), 5, 4),
              "1. P@c8: pawn drop on 8th rank");
    EXPECT_EQ(illegal(with_fen("k7/8/8/8/8/8/8/7K[P] w - - 0 1", "1. P@c1 *", zh), 5, 4),
              "1. P@c1: pawn drop on 1st rank");
    EXPECT_EQ(illegal(with_fen("k7/8/8/8/8/8/8/7K[P] w - - 0 1", "1. P@a8 *", zh), 5, 4),
              "1. P@a8: pawn drop on 8th rank");
    EXPECT_EQ(illegal(with_fen("k7/8/8/8/8/8/8/6RK[P] w - - 0 1", "1. P@g1 *", zh), 5, 4),
              "1. P@g1: pawn drop on 1st rank");
    EXPECT_EQ(illegal(with_fen("k7/8/8/8/8/8/8/6RK[N] w - - 0 1", "1. N@g1 *", zh), 5, 4),
              "1. N@g1: g1 is not empty");
    EXPECT_EQ(illegal(with_fen("k7/8/8/8/8/8/8/r6K[N] w - - 0 1", "1. N@c3 *", zh), 5, 4),
              "1. N@c3: the drop leaves White's king in check from the rook on a1");
}

TEST(IllegalMoveReason, OrdinaryMoves) {
    const std::string opts = "--variant standard";
    EXPECT_EQ(illegal("1. Nd2 *", 1, 4, opts), "1. Nd2: d2 holds White's own pawn");
    EXPECT_EQ(illegal("1. Nf4 *", 1, 4, opts), "1. Nf4: no knight can reach f4");
    EXPECT_EQ(illegal(with_fen("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "1. Nb3 *"), 4, 4, opts),
              "1. Nb3: no knight can reach b3: the knight on d2 is pinned by the bishop on b4");
    EXPECT_EQ(illegal("1. e4 f5 2. Qh5+ Nf6 *", 1, 18, opts),
              "2... Nf6: no knight can reach f6: the knight on g8 would leave Black's king in "
              "check from the queen on h5");
    EXPECT_EQ(illegal("1. e4 e5 2. Bxa6 *", 1, 13, opts), "2. Bxa6: a6 holds nothing to capture");
    EXPECT_EQ(illegal(with_fen("4k3/8/8/8/8/2b5/8/4K3 w - - 0 1", "1. Kd2 *"), 4, 4, opts),
              "1. Kd2: the king on e1 cannot move to d2: it would be in check from the bishop on "
              "c3");
    // A pinned piece's capture says the pin, never "holds nothing".
    EXPECT_EQ(illegal(with_fen("4k3/8/8/8/1b6/1p6/3N4/4K3 w - - 0 1", "1. Nxb3 *"), 4, 4, opts),
              "1. Nxb3: no knight can reach b3: the knight on d2 is pinned by the bishop on b4");
}

}  // namespace
}  // namespace floe::test
