// No result is lost (issue 24 item 4; docs/rules/notation.md §1.9, §7.1): a missing marker takes
// the Result tag's value, move-less games keep their results, a Result value with no PGN form is
// kept in the tag, other forms of a result are read with a warning that names the form, and a
// last `0-0` is the double forfeit when the tag says so or castling is illegal there.
// The rows of section 5 of docs/conformance.md ("Results") name these tests; the rules are
// docs/rules/notation.md's.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "support/cli_checks.hpp"

namespace floe::test {
namespace {

std::vector<Diag> diagnostics(const std::string& pgn, const std::string& options = "") {
    return validate_json(pgn, "--variant standard " + options);
}

// The Result tag line and the movetext `convert --variant standard` writes, joined by `|`.
std::string tag_and_movetext(const std::string& pgn, const std::string& options = "") {
    const RunResult r     = run_floe("convert --variant standard " + options + " -", pgn);
    const std::size_t tag = r.out.find("[Result ");
    const std::string line =
        tag == std::string::npos ? "" : r.out.substr(tag, r.out.find('\n', tag) - tag);
    return line + "|" + convert_movetext(pgn, "--variant standard " + options);
}

// The `result` of each game of `convert --to json --variant standard`.
std::vector<std::string> json_results(const std::string& pgn, const std::string& options = "") {
    const RunResult r = run_floe("convert --to json --variant standard " + options + " -", pgn);
    std::vector<std::string> out;
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);)
        out.push_back(nlohmann::json::parse(line)["result"]);
    return out;
}

// ---- A missing termination marker (§1.9) ----

TEST(Results, MissingMarkerTakesTheResultTag) {
    const std::string pgn = "[Result \"1-0\"]\n\n1. e4 e5\n";
    const auto d          = diagnostics(pgn);
    ASSERT_EQ(d, std::vector<Diag>{warning("missing-termination", 3, 9)});
    EXPECT_EQ(d[0].message,
              "no termination marker at the end of the game: the Result tag's 1-0 stands for it");
    EXPECT_EQ(tag_and_movetext(pgn), "[Result \"1-0\"]|1. e4 e5 1-0");
    EXPECT_EQ(json_results(pgn), std::vector<std::string>{"1-0"});
    // Without a Result tag the result is `*`, as before.
    EXPECT_EQ(diagnostics("1. e4 e5\n")[0].message,
              "no termination marker at the end of the game: read as *");
    EXPECT_EQ(tag_and_movetext("1. e4 e5\n"), "[Result \"*\"]|1. e4 e5 *");
}

TEST(Results, MissingMarkerBeforeTheNextGameTakesTheResultTag) {
    const std::string pgn = "[Result \"0-1\"]\n\n1. e4 e5\n\n[Result \"1-0\"]\n\n1. d4 d5\n";
    EXPECT_EQ(diagnostics(pgn), (std::vector<Diag>{warning("game-boundary", 3, 9),
                                                   warning("missing-termination", 7, 9)}));
    EXPECT_EQ(diagnostics(pgn)[0].message,
              "no termination marker before the next game begins: the game ends here, the "
              "Result tag's 0-1 stands for it");
    EXPECT_EQ(json_results(pgn), (std::vector<std::string>{"0-1", "1-0"}));
}

TEST(Results, TheResultTagStandingForTheMarkerIsCheckedAgainstTheEnd) {
    // Fool's mate: Black mates, the tag says 1-0.
    const std::string pgn = "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4#\n";
    const auto d          = diagnostics(pgn);
    ASSERT_EQ(d, (std::vector<Diag>{warning("result-contradicts-end", 1, 10),
                                    warning("missing-termination", 3, 20)}));
    EXPECT_EQ(d[0].message, "1-0 contradicts checkmate by Black (0-1)");
    EXPECT_EQ(diagnostics(pgn, "--strict"),
              (std::vector<Diag>{error("result-contradicts-end", 1, 10),
                                 error("missing-termination", 3, 20)}));
    EXPECT_EQ(tag_and_movetext(pgn), "[Result \"1-0\"]|1. f3 e5 2. g4 Qh4# 1-0");
    EXPECT_EQ(tag_and_movetext(pgn, "--fix-result"), "[Result \"0-1\"]|1. f3 e5 2. g4 Qh4# 0-1");
    EXPECT_EQ(json_results(pgn, "--fix-result"), std::vector<std::string>{"0-1"});
}

TEST(Results, SelectsResultFieldIsTheGamesResult) {
    // select --where's `result`: the marker in PGN's form, without one the Result tag's.
    const std::string pgn =
        "[Result \"1-0\"]\n\n1. e4 e5\n\n[Result \"+:-\"]\n\n[Result \"0:1\"]\n\n1. d4 d5 0:1\n";
    EXPECT_EQ(run_floe("select --where 'result == \"1-0\"' --count --variant standard -", pgn).out,
              "2\n");
    EXPECT_EQ(run_floe("select --where 'result == \"0-1\"' --count --variant standard -", pgn).out,
              "1\n");
}

// ---- Move-less games: samples/orthodox/pairings.pgn ----

TEST(Results, MovelessGamesKeepTheirResults) {
    std::ifstream in(source_path("samples/orthodox/pairings.pgn"), std::ios::binary);
    const std::string file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const RunResult v = run_floe("validate --variant standard -", file);
    EXPECT_EQ(v.out, "<stdin>: 6 games, 0 plies, 0 errors, 8 warnings\n");
    EXPECT_EQ(v.exit_code, 0);
    const std::vector<Diag> d = diagnostics(file);
    EXPECT_EQ(d, (std::vector<Diag>{
                     warning("game-boundary", 23, 15),       // game 2: 0-1, no marker
                     warning("game-boundary", 31, 19),       // game 3: 1/2-1/2, no marker
                     warning("non-pgn-result", 39, 10),      // game 4: [Result "0-0"]
                     warning("result-or-castling", 41, 1),   // game 4: 0-0
                     warning("forfeit-result", 49, 10),      // game 5: [Result "+:-"]
                     warning("game-boundary", 49, 15),       // game 5: no marker
                     warning("non-pgn-result", 57, 10),      // game 6: [Result "½-0"]
                     warning("missing-termination", 57, 15)  // game 6: no marker
                 }));
    EXPECT_EQ(d[3].message,
              "0-0 read as the result 0-0 (a double forfeit), not as castling O-O: the Result "
              "tag says 0-0");
    EXPECT_EQ(d[4].message, "Result tag: forfeit result +:- read as 1-0 (canonical: 1-0)");
    EXPECT_EQ(d[6].message,
              "Result tag: result \xC2\xBD-0 (points 1/2-0) has no PGN form: the movetext ends "
              "with *");

    // convert keeps every Result; --to json gives it as the game's result.
    const RunResult c = run_floe("convert --variant standard -", file);
    std::vector<std::string> results, markers;
    std::istringstream lines(c.out);
    for (std::string line, previous; std::getline(lines, line); previous = line) {
        if (line.rfind("[Result ", 0) == 0) results.push_back(line);
        if (line.empty() && !previous.empty() && previous[0] != '[') markers.push_back(previous);
    }
    if (!c.out.empty()) markers.push_back(c.out.substr(c.out.rfind('\n', c.out.size() - 2) + 1));
    markers.back().pop_back();
    EXPECT_EQ(results, (std::vector<std::string>{"[Result \"1-0\"]", "[Result \"0-1\"]",
                                                 "[Result \"1/2-1/2\"]", "[Result \"0-0\"]",
                                                 "[Result \"+:-\"]", "[Result \"\xC2\xBD-0\"]"}));
    EXPECT_EQ(markers, (std::vector<std::string>{"1-0", "0-1", "1/2-1/2", "*", "1-0", "*"}));
    const RunResult j = run_floe("convert --to json --variant standard -", file);
    std::vector<std::string> json;
    std::istringstream objects(j.out);
    for (std::string line; std::getline(objects, line);)
        json.push_back(nlohmann::json::parse(line)["result"]);
    EXPECT_EQ(json,
              (std::vector<std::string>{"1-0", "0-1", "1/2-1/2", "0-0", "1-0", "\xC2\xBD-0"}));

    // Converting the output again gives the same bytes.
    const RunResult again = run_floe("convert --variant standard -", c.out);
    EXPECT_EQ(again.out, c.out);
    EXPECT_EQ(run_floe("validate --variant standard -", c.out).out,
              "<stdin>: 6 games, 0 plies, 0 errors, 3 warnings\n");
}

TEST(Results, AMovelessForfeitWrittenWhole) {
    const std::string pgn = "[White \"Irwin, Ida\"]\n[Black \"Jones, Jo\"]\n[Result \"+:-\"]\n\n";
    const RunResult c     = run_floe("convert --variant standard -", pgn);
    EXPECT_EQ(c.out,
              "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
              "[White \"Irwin, Ida\"]\n[Black \"Jones, Jo\"]\n[Result \"+:-\"]\n\n1-0\n");
    EXPECT_EQ(c.exit_code, 0);
    const RunResult j = run_floe("convert --to json --variant standard -", pgn);
    EXPECT_EQ(
        j.out,
        "{\"schema_version\":2,\"game\":1,\"tags\":{\"White\":\"Irwin, Ida\",\"Black\":\"Jones, "
        "Jo\",\"Result\":\"+:-\"},\"variant\":\"Standard\",\"start\":\"rnbqkbnr/pppppppp/8/8/8/8/"
        "PPPPPPPP/RNBQKBNR w KQkq - 0 "
        "1\",\"moves\":[{\"id\":0,\"kind\":\"line\",\"parent_line\":null,\"replaces\":null}],"
        "\"result\":\"1-0\","
        "\"diagnostics\":[{\"schema_version\":1,\"file\":\"<stdin>\",\"line\":3,\"column\":10,"
        "\"end_column\":13,\"severity\":\"warning\",\"code\":\"forfeit-result\",\"message\":"
        "\"Result tag: forfeit result +:- read as 1-0 (canonical: 1-0)\",\"game\":1,\"ply\":null,"
        "\"move\":null,\"fen\":null},{\"schema_version\":1,\"file\":\"<stdin>\",\"line\":3,"
        "\"column\":15,\"end_column\":15,\"severity\":\"warning\",\"code\":\"missing-termination\","
        "\"message\":\"no termination marker at the end of the game: the Result tag's +:- stands "
        "for it\",\"game\":1,\"ply\":null,\"move\":null,\"fen\":null}]}\n");
}

// ---- A Result value that is not one of PGN's four (§7.1) ----

TEST(Results, AFourPlayerResultUnderAChessVariantIsKeptInTheTag) {
    // ../shared/cases/properties/roundtrip-seat-then-4player-result: convert twice is a fixed
    // point, and the tag keeps 0-0-1-0.
    const std::string pgn = "B: 0-0-1-0\n";
    const RunResult first = run_floe("convert --variant standard -", pgn);
    const std::string tags =
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
        "[White \"?\"]\n[Black \"?\"]\n";
    EXPECT_EQ(first.out, tags + "[Result \"0-0-1-0\"]\n\n{[%floe unreadable-move] B:} *\n");
    EXPECT_EQ(run_floe("convert --variant standard -", first.out).out, first.out);
    EXPECT_EQ(diagnostics(pgn),
              (std::vector<Diag>{error("unreadable-move", 1, 1), warning("non-pgn-result", 1, 4)}));
    // Read again: the tag's value is no chess result, the marker `*` agrees with it.
    const auto d = diagnostics(first.out);
    ASSERT_EQ(
        d, (std::vector<Diag>{warning("non-pgn-result", 7, 10), error("unreadable-move", 9, 1)}));
    EXPECT_EQ(d[0].message,
              "Result tag: result 0-0-1-0 is not a result of this game: kept in the Result tag, "
              "the movetext ends with *");
    // A move-less game with such a tag and no marker.
    EXPECT_EQ(tag_and_movetext("[Result \"0-0-1-0\"]\n\n"), "[Result \"0-0-1-0\"]|*");
    EXPECT_EQ(json_results("[Result \"0-0-1-0\"]\n\n"), std::vector<std::string>{"0-0-1-0"});
}

// ---- Results outside PGN's four forms (§1.9's table) ----

struct Form {
    std::string written;  // the token, in the movetext and in the Result tag
    std::string code;     // the warning
    std::string tag;      // the Result tag written
    std::string marker;   // the termination marker written
    std::string json;     // convert --to json's result
    std::string message;  // the marker's warning
};

TEST(Results, OtherFormsAreReadWithAWarningNamingTheForm) {
    const std::vector<Form> forms = {
        {"1:0", "result-form", "1-0", "1-0", "1-0", "result written 1:0 (canonical: 1-0)"},
        {"0:1", "result-form", "0-1", "0-1", "0-1", "result written 0:1 (canonical: 0-1)"},
        {"1/2:1/2", "result-form", "1/2-1/2", "1/2-1/2", "1/2-1/2",
         "result written 1/2:1/2 (canonical: 1/2-1/2)"},
        {"0.5-0.5", "result-form", "1/2-1/2", "1/2-1/2", "1/2-1/2",
         "result written 0.5-0.5 (canonical: 1/2-1/2)"},
        {"0,5:0,5", "result-form", "1/2-1/2", "1/2-1/2", "1/2-1/2",
         "result written 0,5:0,5 (canonical: 1/2-1/2)"},
        {"1/2", "result-form", "1/2-1/2", "1/2-1/2", "1/2-1/2",
         "result written 1/2 (canonical: 1/2-1/2)"},
        {"\xC2\xBD-\xC2\xBD", "unicode-result", "1/2-1/2", "1/2-1/2", "1/2-1/2",
         "result written \xC2\xBD-\xC2\xBD with U+00BD VULGAR FRACTION ONE HALF (canonical: "
         "1/2-1/2)"},
        {"\xC2\xBD:\xC2\xBD", "unicode-result", "1/2-1/2", "1/2-1/2", "1/2-1/2",
         "result written \xC2\xBD:\xC2\xBD with U+00BD VULGAR FRACTION ONE HALF (canonical: "
         "1/2-1/2)"},
        {"\xC2\xBD", "unicode-result", "1/2-1/2", "1/2-1/2", "1/2-1/2",
         "result written \xC2\xBD with U+00BD VULGAR FRACTION ONE HALF (canonical: 1/2-1/2)"},
        {"1\xE2\x80\x93"
         "0",
         "unicode-result", "1-0", "1-0", "1-0",
         "result written 1\xE2\x80\x93"
         "0 with U+2013 EN DASH (canonical: 1-0)"},
        {"0\xE2\x80\x94"
         "1",
         "unicode-result", "0-1", "0-1", "0-1",
         "result written 0\xE2\x80\x94"
         "1 with U+2014 EM DASH (canonical: 0-1)"},
        {"1\xE2\x80\x92"
         "0",
         "unicode-result", "1-0", "1-0", "1-0",
         "result written 1\xE2\x80\x92"
         "0 with U+2012 FIGURE DASH (canonical: 1-0)"},
        {"0\xE2\x88\x92"
         "1",
         "unicode-result", "0-1", "0-1", "0-1",
         "result written 0\xE2\x88\x92"
         "1 with U+2212 MINUS SIGN (canonical: 0-1)"},
        {"1/2\xE2\x80\x93"
         "1/2",
         "unicode-result", "1/2-1/2", "1/2-1/2", "1/2-1/2",
         "result written 1/2\xE2\x80\x93"
         "1/2 with U+2013 EN DASH (canonical: 1/2-1/2)"},
        {"+:-", "forfeit-result", "+:-", "1-0", "1-0",
         "forfeit result +:- read as 1-0 (canonical: 1-0)"},
        {"-:+", "forfeit-result", "-:+", "0-1", "0-1",
         "forfeit result -:+ read as 0-1 (canonical: 0-1)"},
        {"+--", "forfeit-result", "+--", "1-0", "1-0",
         "forfeit result +-- read as 1-0 (canonical: 1-0)"},
        {"--+", "forfeit-result", "--+", "0-1", "0-1",
         "forfeit result --+ read as 0-1 (canonical: 0-1)"},
        {"-:-", "forfeit-result", "-:-", "*", "-:-",
         "forfeit result -:- (a double forfeit, 0-0) has no PGN form: the movetext ends with *"},
        {"0:0", "non-pgn-result", "0:0", "*", "0:0",
         "result 0:0 (a double forfeit, 0-0) has no PGN form: the movetext ends with *"},
        {"\xC2\xBD-0", "non-pgn-result", "\xC2\xBD-0", "*", "\xC2\xBD-0",
         "result \xC2\xBD-0 (points 1/2-0) has no PGN form: the movetext ends with *"},
        {"0-\xC2\xBD", "non-pgn-result", "0-\xC2\xBD", "*", "0-\xC2\xBD",
         "result 0-\xC2\xBD (points 0-1/2) has no PGN form: the movetext ends with *"},
        {"0.5-0", "non-pgn-result", "0.5-0", "*", "0.5-0",
         "result 0.5-0 (points 1/2-0) has no PGN form: the movetext ends with *"},
    };
    for (const Form& f : forms) {
        // In the movetext, with a second game after it: the form ends the game.
        const std::string marker = "1. e4 e5 " + f.written + "\n\n1. d4 d5 *\n";
        const auto d             = diagnostics(marker);
        ASSERT_EQ(d, std::vector<Diag>{warning(f.code, 1, 10)}) << f.written;
        EXPECT_EQ(d[0].message, f.message) << f.written;
        EXPECT_EQ(diagnostics(marker, "--strict"), std::vector<Diag>{error(f.code, 1, 10)})
            << f.written;
        EXPECT_EQ(run_floe("validate --variant standard -", marker).out,
                  "<stdin>: 2 games, 4 plies, 0 errors, 1 warnings\n")
            << f.written;
        EXPECT_EQ(tag_and_movetext("1. e4 e5 " + f.written + "\n"),
                  "[Result \"" + f.tag + "\"]|1. e4 e5 " + f.marker)
            << f.written;
        EXPECT_EQ(json_results(marker), (std::vector<std::string>{f.json, "*"})) << f.written;
        // In the Result tag, standing for a missing marker.
        const std::string tag = "[Result \"" + f.written + "\"]\n\n1. e4 e5\n";
        const auto t          = diagnostics(tag);
        ASSERT_EQ(t,
                  (std::vector<Diag>{warning(f.code, 1, 10), warning("missing-termination", 3, 9)}))
            << f.written;
        EXPECT_EQ(t[0].message, "Result tag: " + f.message) << f.written;
        EXPECT_EQ(tag_and_movetext(tag), "[Result \"" + f.tag + "\"]|1. e4 e5 " + f.marker)
            << f.written;
        EXPECT_EQ(json_results(tag), std::vector<std::string>{f.json}) << f.written;
        // The output is a fixed point, and its tag and marker agree.
        const std::string once = run_floe("convert --variant standard -", tag).out;
        EXPECT_EQ(run_floe("convert --variant standard -", once).out, once) << f.written;
        for (const Diag& x : diagnostics(once))
            EXPECT_NE(x.code, "result-tag-mismatch") << f.written;
    }
}

TEST(Results, LookAlikesThatAreNoResultStayWhatTheyWere) {
    // The glyphs stay NAGs (§1.6), `--` the null move, `1-1` no result.
    EXPECT_EQ(diagnostics("1. e4 +- *\n"), std::vector<Diag>{warning("annotation-glyph", 1, 7)});
    EXPECT_EQ(tag_and_movetext("1. e4 +/- *\n"), "[Result \"*\"]|1. e4 $16 *");
    EXPECT_EQ(diagnostics("1. e4 e5 1-1 *\n"), std::vector<Diag>{error("unreadable-move", 1, 10)});
    // A result is one token: a word after the marker (`1-0 FF`) starts a game of its own, which
    // reports it; the first game keeps its 1-0.
    const RunResult ff = run_floe("validate --variant standard -", "[Result \"1-0\"]\n\n1-0 FF\n");
    EXPECT_EQ(ff.out, "<stdin>: 2 games, 0 plies, 1 errors, 1 warnings\n");
    EXPECT_EQ(
        diagnostics("[Result \"1-0\"]\n\n1-0 FF\n"),
        (std::vector<Diag>{error("unreadable-move", 3, 5), warning("missing-termination", 3, 7)}));
}

TEST(Results, AMarkerAndATagInOtherFormsAgree) {
    // `1:0` and `1-0` are one result: no result-tag-mismatch; a forfeit tag keeps its form.
    EXPECT_EQ(diagnostics("[Result \"1-0\"]\n\n1. e4 e5 1:0\n"),
              std::vector<Diag>{warning("result-form", 3, 10)});
    EXPECT_EQ(diagnostics("[Result \"+:-\"]\n\n1. e4 e5 1-0\n"),
              std::vector<Diag>{warning("forfeit-result", 1, 10)});
    EXPECT_EQ(tag_and_movetext("[Result \"+:-\"]\n\n1. e4 e5 1-0\n"),
              "[Result \"+:-\"]|1. e4 e5 1-0");
    // They still disagree when the results differ.
    EXPECT_EQ(
        diagnostics("[Result \"0-1\"]\n\n1. e4 e5 1:0\n"),
        (std::vector<Diag>{warning("result-form", 3, 10), warning("result-tag-mismatch", 3, 10)}));
}

// ---- Zeros: castling or the double forfeit (§1.9) ----

TEST(Results, LastZerosAreTheDoubleForfeitWhenTheTagSaysSo) {
    // The 2022 Olympiad's double forfeits: [Result "0-0"] and a movetext `0-0`.
    const std::string pgn = "[Result \"0-0\"]\n\n0-0\n";
    const auto d          = diagnostics(pgn);
    ASSERT_EQ(d, (std::vector<Diag>{warning("non-pgn-result", 1, 10),
                                    warning("result-or-castling", 3, 1)}));
    EXPECT_EQ(d[1].message,
              "0-0 read as the result 0-0 (a double forfeit), not as castling O-O: the Result tag "
              "says 0-0");
    EXPECT_EQ(tag_and_movetext(pgn), "[Result \"0-0\"]|*");
    EXPECT_EQ(json_results(pgn), std::vector<std::string>{"0-0"});
    // Castling is legal after these moves; the tag decides.
    const std::string legal = "[Result \"0-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 0-0\n";
    EXPECT_EQ(diagnostics(legal), (std::vector<Diag>{warning("non-pgn-result", 1, 10),
                                                     warning("result-or-castling", 3, 32)}));
    EXPECT_EQ(tag_and_movetext(legal), "[Result \"0-0\"]|1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 *");
}

TEST(Results, LastZerosAreTheDoubleForfeitWhenCastlingIsIllegal) {
    const std::string pgn = "1. e4 e5 0-0\n";
    const auto d          = diagnostics(pgn);
    ASSERT_EQ(d, std::vector<Diag>{warning("result-or-castling", 1, 10)});
    EXPECT_EQ(d[0].message,
              "0-0 read as the result 0-0 (a double forfeit), not as castling O-O: castling is "
              "illegal here");
    EXPECT_EQ(tag_and_movetext(pgn), "[Result \"0-0\"]|1. e4 e5 *");
    // Never an illegal-castling error, and the next game is its own.
    EXPECT_EQ(
        run_floe("validate --variant standard -", "1. e4 e5 0-0\n\n[Event \"x\"]\n\n1. d4 *\n").out,
        "<stdin>: 2 games, 3 plies, 0 errors, 1 warnings\n");
}

TEST(Results, ZerosAreCastlingWhereCastlingIsLegalOrAMoveFollows) {
    // Legal castling, no tag saying 0-0: castling with zeros, and the marker is missing.
    const std::string last = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0\n";
    EXPECT_EQ(diagnostics(last), (std::vector<Diag>{warning("castling-zero", 1, 35),
                                                    warning("missing-termination", 1, 38)}));
    EXPECT_EQ(tag_and_movetext(last), "[Result \"*\"]|1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *");
    // Not the last word: castling, whatever the tag says; 0-0-0 is always castling.
    EXPECT_EQ(
        diagnostics("[Result \"0-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 *\n"),
        (std::vector<Diag>{warning("non-pgn-result", 1, 10), warning("castling-zero", 3, 35)}));
    EXPECT_EQ(
        diagnostics("1. e4 e5 0-0-0\n"),
        (std::vector<Diag>{error("illegal-move", 1, 10), warning("missing-termination", 1, 15)}));
}

// A Result tag that is no result is kept as written, with or without a marker after the
// movetext, in Glacial Shift as in chess: a second conversion writes the same bytes (a round-trip
// fuzz finding: `[Result ""]` became `[Result "*"]` once the first conversion had added `*`). An
// empty value is quoted `""` in the messages.
TEST(Results, AValueThatIsNoResultStaysInTheTagBesideTheMarker) {
    for (const std::string variant : {"Glacial Shift", "Standard"}) {
        SCOPED_TRACE(variant);
        const std::string input = "[Result \"\"]\n[Variant \"" + variant + "\"]\n";
        const RunResult once    = run_floe("convert -", input);
        EXPECT_NE(once.out.find("[Result \"\"]\n"), std::string::npos) << once.out;
        EXPECT_NE(once.err.find("warning: game 1, Result tag: result \"\" is not a result of this "
                                "game: kept in the Result tag, the movetext ends with * "
                                "[non-pgn-result]"),
                  std::string::npos)
            << once.err;
        EXPECT_NE(once.err.find("no termination marker at the end of the game: the Result tag's "
                                "\"\" stands for it [missing-termination]"),
                  std::string::npos)
            << once.err;
        EXPECT_EQ(run_floe("convert -", once.out).out, once.out);
    }
}

}  // namespace
}  // namespace floe::test
