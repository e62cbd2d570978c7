// The conformance cases of ../shared/cases/conformance.md, rows A-D: how other tools fail on
// real records, and what floe does instead. Rows A-D are orthodox chess (--variant standard).
// Each test asserts the exact diagnostic (code, line, column) or the exact output.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "support/cli_checks.hpp"
#include "support/json_moves.hpp"

namespace floe::test {
namespace {

// Rows A-D are orthodox chess.
std::vector<Diag> diagnostics(const std::string& pgn, const std::string& options = "") {
    return validate_json(pgn, "--variant standard " + options);
}
std::string movetext(const std::string& pgn, const std::string& options = "") {
    return convert_movetext(pgn, "--variant standard " + options);
}

// The one JSON game of `convert --to json`.
nlohmann::json game_json(const std::string& pgn) {
    return nlohmann::json::parse(run_floe("convert --to json --variant standard -", pgn).out);
}

// ---- A. Move text (SAN) ----

TEST(ConformanceA, B01CastlingWithZeros) {
    const std::string pgn = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 *";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{warning("castling-zero", 1, 35)});
    EXPECT_EQ(diagnostics(pgn, "--strict"), std::vector<Diag>{error("castling-zero", 1, 35)});
    EXPECT_EQ(diagnostics(pgn)[0].message, "castling written with digit zero (canonical: O-O)");
    EXPECT_EQ(movetext(pgn), "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 *");
}

TEST(ConformanceA, B03OverDisambiguatedSan) {
    const std::string pgn = "[FEN \"4k3/8/8/8/8/8/8/R3K2R w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Rad1 *";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{warning("redundant-disambiguation", 4, 4)});
    EXPECT_EQ(diagnostics(pgn)[0].message, "unnecessary disambiguation");
    EXPECT_EQ(diagnostics(pgn, "--strict"),
              std::vector<Diag>{error("redundant-disambiguation", 4, 4)});
    EXPECT_EQ(movetext(pgn), "1. Rd1 *");
}

TEST(ConformanceA, B04AmbiguousSanIsAnErrorAndTheNextGameIsChecked) {
    const std::string pgn = "1. Nf3 a6 2. d3 a5 3. Nd2 *\n\n1. e4 e5 *\n";
    const auto d          = diagnostics(pgn);
    ASSERT_EQ(d, std::vector<Diag>{error("ambiguous-move", 1, 23)});
    EXPECT_EQ(d[0].message, "3. Nd2: ambiguous: Nbd2 or Nfd2");
    const RunResult r = run_floe("validate --variant standard -", pgn);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "<stdin>: 2 games, 6 plies, 1 errors, 0 warnings\n");
}

TEST(ConformanceA, B05PromotionWithoutEqualsOrInLowerCase) {
    for (const std::string move : {"e8Q+", "e8=q+"}) {
        const std::string pgn =
            "[FEN \"k7/4P3/8/8/8/8/8/7K w - - 0 1\"]\n[SetUp \"1\"]\n\n1. " + move + " *";
        EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{warning("promotion-form", 4, 4)}) << move;
        EXPECT_EQ(movetext(pgn), "1. e8=Q+ *") << move;
    }
}

TEST(ConformanceA, B06EnPassantSuffixOnlyOnEnPassant) {
    for (const std::string pgn :
         {"1. e4 d5 2. e5 f5 3. exf6 e.p. *", "1. e4 d5 2. e5 f5 3. exf6ep *"}) {
        ASSERT_EQ(diagnostics(pgn).size(), 1u) << pgn;
        EXPECT_EQ(diagnostics(pgn)[0].code, "en-passant-suffix");
        EXPECT_EQ(movetext(pgn), "1. e4 d5 2. e5 f5 3. exf6 *");
    }
    EXPECT_EQ(diagnostics("1. e4 d5 2. exd5 e.p. *"),
              std::vector<Diag>{error("illegal-move", 1, 18)});
    EXPECT_EQ(diagnostics("1. e4 d5 2. exd5ep *"), std::vector<Diag>{error("illegal-move", 1, 13)});
}

TEST(ConformanceA, B07LowerCasePiecesAndTheBFile) {
    const std::string pgn = "1. e4 e5 2. nf3 nc6 3. bb5 *";
    const auto d          = diagnostics(pgn);
    ASSERT_EQ(d, std::vector<Diag>{warning("lower-case-piece", 1, 13)});
    EXPECT_EQ(d[0].message, "3 piece letters in lower case");
    EXPECT_EQ(diagnostics(pgn, "--strict"), std::vector<Diag>{error("lower-case-piece", 1, 13)});
    EXPECT_EQ(movetext(pgn), "1. e4 e5 2. Nf3 Nc6 3. Bb5 *");
    // `bc6` with both readings legal (b5xc6 and Bd5-c6): an ambiguity naming both.
    const std::string both = "1. b4 Nc6 2. b5 e6 3. e3 e5 4. Bc4 Nh6 5. Bd5 Ng8 6. bc6 *";
    const auto a           = diagnostics(both);
    ASSERT_EQ(a, std::vector<Diag>{error("ambiguous-move", 1, 54)});
    EXPECT_EQ(a[0].message, "6. bc6: ambiguous: bxc6 or Bxc6");
    // `bxc6` is correct SAN as written: the pawn capture, no warning.
    EXPECT_TRUE(diagnostics("1. b4 Nc6 2. b5 e6 3. e3 e5 4. Bc4 Nh6 5. Bd5 Ng8 6. bxc6 *").empty());
}

TEST(ConformanceA, B08Figurines) {
    const std::string pgn =
        "1. e4 e5 2. \xE2\x99\x98"
        "f3 \xE2\x99\x9E"
        "c6 *";
    const auto d = diagnostics(pgn);
    ASSERT_EQ(d, std::vector<Diag>{warning("figurine", 1, 13)});
    EXPECT_EQ(d[0].message, "2 pieces written as figurines (canonical: letters)");
    EXPECT_EQ(diagnostics(pgn, "--strict"), std::vector<Diag>{error("figurine", 1, 13)});
    EXPECT_EQ(movetext(pgn), "1. e4 e5 2. Nf3 Nc6 *");
}

TEST(ConformanceA, B09MissingCaptureMarkAndFalseCheckMarks) {
    EXPECT_EQ(diagnostics("1. e4 d5 2. ed5 Qd5 *"),
              std::vector<Diag>{warning("missing-capture-mark", 1, 13)});
    EXPECT_EQ(movetext("1. e4 d5 2. ed5 Qd5 *"), "1. e4 d5 2. exd5 Qxd5 *");
    const auto d = diagnostics("1. e4+ e5# 2. Nf3 *");
    ASSERT_EQ(d, std::vector<Diag>{warning("superfluous-check-mark", 1, 4)});
    EXPECT_EQ(d[0].message, "2 superfluous check or mate marks");
    EXPECT_EQ(diagnostics("1. e4+ e5# 2. Nf3 *", "--strict"),
              std::vector<Diag>{error("superfluous-check-mark", 1, 4)});
    EXPECT_EQ(movetext("1. e4+ e5# 2. Nf3 *"), "1. e4 e5 2. Nf3 *");
}

TEST(ConformanceA, B11CastlingWithSuffixes) {
    for (const std::string castle : {"O-O?!", "O-O!", "O-O $1", "O-O!?"}) {
        const std::string pgn = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. " + castle + " Nf6 *";
        EXPECT_TRUE(diagnostics(pgn).empty()) << castle;
    }
    EXPECT_EQ(movetext("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O?! Nf6 *"),
              "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O $6 Nf6 *");
    // With a check mark, when it holds.
    EXPECT_TRUE(diagnostics("[FEN \"5k2/8/8/8/8/8/8/4K2R w K - 0 1\"]\n[SetUp \"1\"]\n\n1. O-O+ *")
                    .empty());
}

TEST(ConformanceA, B12LineBreakAfterAMove) {
    const RunResult r = run_floe("validate --variant standard -", "1. e4 e5 2. Nf3\nNc6 *");
    EXPECT_EQ(r.out, "<stdin>: 1 games, 4 plies, 0 errors, 0 warnings\n");
    EXPECT_TRUE(r.err.empty());
}

TEST(ConformanceA, B14BlackMoveNumberForms) {
    const std::string fen = "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\"]\n[SetUp \"1\"]\n\n";
    for (const std::string number : {"1. ...", "1...", "1..", "1. ..", "1\xE2\x80\xA6"}) {
        EXPECT_TRUE(diagnostics(fen + number + " Kd7 2. e4 *").empty()) << number;
        EXPECT_EQ(movetext(fen + number + " Kd7 2. e4 *"), "1... Kd7 2. e4 *") << number;
    }
    // A number that disagrees with the position is a warning, not an error.
    EXPECT_EQ(diagnostics(fen + "5... Kd7 2. e4 *"),
              std::vector<Diag>{warning("move-number-mismatch", 4, 1)});
}

// ---- B. Comments, annotations, tags, escapes, encodings ----

TEST(ConformanceB, B15EscapeLines) {
    EXPECT_TRUE(diagnostics("% generator note\n[Event \"x\"]\n\n1. e4 e5 *").empty());
    EXPECT_EQ(diagnostics("1. e4 % e5 *"), std::vector<Diag>{error("syntax-error", 1, 7)});
}

TEST(ConformanceB, B16SemicolonInsideBracesAndRestOfLineComments) {
    const std::string pgn = "1. e4 {see; note} e5 ; trailing\n2. Nf3 *";
    EXPECT_TRUE(diagnostics(pgn).empty());
    const auto g     = game_json(pgn);
    const auto plies = line_plies(g["moves"]);
    ASSERT_EQ(plies.size(), 3u);
    EXPECT_EQ(plies[0]["san"], "e4");
    EXPECT_EQ(plies[0]["comments"][0]["text"], "see; note");
    EXPECT_EQ(plies[1]["san"], "e5");
    EXPECT_EQ(plies[1]["comments"][0]["text"], " trailing");
    EXPECT_EQ(plies[2]["san"], "Nf3");
    EXPECT_EQ(movetext(pgn), "1. e4 {see; note} 1... e5 { trailing} 2. Nf3 *");
}

TEST(ConformanceB, B17CommentCommandsKeptVerbatim) {
    const std::string pgn = "1. e4 {[%eval 0.3] [%cal ] [%c_effect d5;x]} e5 *";
    EXPECT_TRUE(diagnostics(pgn).empty());
    const auto comment = line_plies(game_json(pgn)["moves"])[0]["comments"][0];
    EXPECT_EQ(comment["text"], "[%eval 0.3] [%cal ] [%c_effect d5;x]");
    EXPECT_EQ(comment["commands"], (nlohmann::json{{"cal", ""}, {"eval", "0.3"}}));
    EXPECT_EQ(movetext(pgn), "1. e4 {[%eval 0.3] [%cal ] [%c_effect d5;x]} 1... e5 *");
}

TEST(ConformanceB, B18CommentsAndNagsInsideAVariation) {
    const std::string pgn = "1. d4 Nf6 ({first} 1... d5 $1 {after}) *";
    EXPECT_TRUE(diagnostics(pgn).empty());
    const auto moves     = game_json(pgn)["moves"];
    const auto variation = variations_of(moves, line_plies(moves)[1]["id"].get<long>())[0];
    EXPECT_EQ(variation["comments"][0]["text"], "first");
    const auto plies = line_plies(moves, variation["id"].get<long>());
    EXPECT_EQ(plies[0]["san"], "d5");
    EXPECT_EQ(plies[0]["nags"], (nlohmann::json{1}));
    EXPECT_EQ(plies[0]["comments"][0]["text"], "after");
    EXPECT_EQ(movetext(pgn), pgn);
}

TEST(ConformanceB, B19AnnotationGlyphs) {
    const std::string pgn = "1. e4 \xC2\xB1 e5 += 2. Nf3 *";
    const auto d          = diagnostics(pgn);
    ASSERT_EQ(d, std::vector<Diag>{warning("annotation-glyph", 1, 7)});
    EXPECT_EQ(d[0].message, "2 annotation glyphs read as NAGs");
    EXPECT_EQ(movetext(pgn), "1. e4 $16 e5 $14 2. Nf3 *");
    EXPECT_EQ(movetext("1. e4 \xE2\x88\x9E e5 N 2. Nf3 *"), "1. e4 $13 e5 $146 2. Nf3 *");
}

TEST(ConformanceB, B20EscapesInTagValues) {
    const std::string pgn = "[Event \"The \\\"Closed\\\" Dragon \\\\ test\"]\n\n1. e4 *";
    EXPECT_TRUE(diagnostics(pgn).empty());
    EXPECT_EQ(game_json(pgn)["tags"]["Event"], "The \"Closed\" Dragon \\ test");
    const RunResult r = run_floe("convert --variant standard -", pgn);
    EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "[Event \"The \\\"Closed\\\" Dragon \\\\ test\"]");
}

TEST(ConformanceB, B22TagValuesAreOpaque) {
    const std::string pgn =
        "[Opening \"St. George (Baker) defense\"]\n[White \"White vs 1...c5\"]\n\n1. e4 a6 *";
    EXPECT_TRUE(diagnostics(pgn).empty());
    const auto g = game_json(pgn);
    EXPECT_EQ(g["tags"]["Opening"], "St. George (Baker) defense");
    EXPECT_EQ(line_plies(g["moves"]).size(), 2u);
}

TEST(ConformanceB, B23BomAndCrlf) {
    const RunResult r = run_floe("validate --variant standard -",
                                 "\xEF\xBB\xBF[Event \"x\"]\r\n\r\n1. e4 e5 2. Nf3 *\r\n");
    EXPECT_EQ(r.out, "<stdin>: 1 games, 3 plies, 0 errors, 0 warnings\n");
    EXPECT_TRUE(r.err.empty()) << r.err;
}

TEST(ConformanceB, B25UnicodeSpaces) {
    EXPECT_EQ(diagnostics("1.\xC2\xA0"
                          "e4 e5 *"),
              std::vector<Diag>{warning("unicode-space", 1, 3)});
    EXPECT_EQ(diagnostics("1.\xE2\x80\x8B"
                          "e4 e5 *"),
              std::vector<Diag>{warning("unicode-space", 1, 3)});
    EXPECT_EQ(movetext("1.\xC2\xA0"
                       "e4 e5 *"),
              "1. e4 e5 *");
}

// ---- C. Game structure, results, error recovery ----

TEST(ConformanceC, B27ResultContradictsTheEnd) {
    const std::string pgn = "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0";
    const auto d          = diagnostics(pgn);
    ASSERT_EQ(d, std::vector<Diag>{warning("result-contradicts-end", 3, 21)});
    EXPECT_EQ(d[0].message, "1-0 contradicts checkmate by Black (0-1)");
    EXPECT_EQ(diagnostics(pgn, "--strict"),
              std::vector<Diag>{error("result-contradicts-end", 3, 21)});
    EXPECT_EQ(movetext(pgn), "1. f3 e5 2. g4 Qh4# 1-0");
    EXPECT_EQ(movetext(pgn, "--fix-result"), "1. f3 e5 2. g4 Qh4# 0-1");
    const RunResult fixed = run_floe("convert --fix-result --variant standard -", pgn);
    EXPECT_NE(fixed.out.find("[Result \"0-1\"]\n"), std::string::npos);
}

TEST(ConformanceC, B28UnicodeResult) {
    EXPECT_EQ(diagnostics("1. e4 e5 \xC2\xBD-\xC2\xBD"),
              std::vector<Diag>{warning("unicode-result", 1, 10)});
    EXPECT_EQ(movetext("1. e4 e5 \xC2\xBD-\xC2\xBD"), "1. e4 e5 1/2-1/2");
}

TEST(ConformanceC, B30ErrorsGiveFileGameLineColumnMoveReasonAndFen) {
    const std::string pgn =
        "1. e4 *\n\n1. d4 *\n\n[White \"Smith\"]\n[Black \"Jones\"]\n\n1. e4 e5 2. Ke2 Ke3 *\n";
    const RunResult r = run_floe("validate --variant standard -", pgn);
    EXPECT_EQ(r.err,
              "<stdin>:8:17: error: game 3 (Smith vs Jones), 2... Ke3: no king can reach e3 "
              "[illegal-move]\n"
              "    8 | 1. e4 e5 2. Ke2 Ke3 *\n"
              "      |                 ^~~\n"
              "<stdin>:8:17: note: position before the move: "
              "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR b kq - 1 2\n");
}

TEST(ConformanceC, B31NestedAndSiblingVariations) {
    const std::string pgn = "1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) (1. c4) 1... e5 *";
    EXPECT_TRUE(diagnostics(pgn).empty());
    const auto moves = game_json(pgn)["moves"];
    const auto e4    = line_plies(moves)[0];
    EXPECT_EQ(e4["san"], "e4");
    const long e4_id = e4["id"].get<long>();
    ASSERT_EQ(variations_of(moves, e4_id).size(), 2u);
    const auto d4_line = variation_plies(moves, e4_id, 0);
    EXPECT_EQ(d4_line[0]["san"], "d4");
    EXPECT_EQ(d4_line[1]["san"], "d5");
    const auto nf6_line = variation_plies(moves, d4_line[1]["id"].get<long>(), 0);
    EXPECT_EQ(nf6_line[0]["san"], "Nf6");
    EXPECT_EQ(nf6_line[1]["san"], "c4");
    EXPECT_EQ(nf6_line[0]["parent"], d4_line[0]["id"]);  // played after 1. d4, instead of d5
    EXPECT_EQ(d4_line[2]["san"], "c4");
    EXPECT_EQ(variation_plies(moves, e4_id, 1)[0]["san"], "c4");
    EXPECT_EQ(movetext(pgn), pgn);
}

TEST(ConformanceC, B32LongGamesAndDeepNestingDoNotOverflow) {
    std::string game;  // 5,000 plies of knight shuffles: legal in orthodox chess
    for (int move = 1; move <= 2500; ++move) {
        const char* pair = move % 2 ? "Nf3 Nf6 " : "Ng1 Ng8 ";
        game += std::to_string(move) + ". " + pair;
    }
    game += "*";
    const RunResult r = run_floe("validate --variant standard -", game);
    EXPECT_EQ(r.out, "<stdin>: 1 games, 5000 plies, 0 errors, 0 warnings\n");
    // 100,000 variations opened and never closed: the first `(` is unbalanced, so the main
    // line stops there; the variation too deep is reported once, and nothing after it.
    std::string deep = "1. e4 ";
    for (int i = 0; i < 100000; ++i) deep += "(1. d4 ";
    const auto d = diagnostics(deep + "*");
    ASSERT_EQ(d.size(), 2u);
    EXPECT_EQ(d[0], error("unbalanced-variation", 1, 7));
    EXPECT_EQ(d[1], error("variation-too-deep", 1, 7 + 1000 * 7));
    // The writer keeps the unread rest as a comment.
    const std::string written = movetext(deep + "*");
    EXPECT_EQ(written.substr(0, 35), "1. e4\n{[%floe unbalanced-variation]");
    EXPECT_EQ(written.substr(written.size() - 8), "1. d4}\n*");
    EXPECT_EQ(std::count(written.begin(), written.end(), '('), 100000);
    // Closed, they are read 1,000 deep; the writer closes what it opened and keeps the
    // variation too deep, closed as it was, in a comment.
    const std::string closed = deep + std::string(100000, ')') + " *";
    const auto c             = diagnostics(closed);
    ASSERT_EQ(c.size(), 1u);
    EXPECT_EQ(c[0], error("variation-too-deep", 1, 7 + 1000 * 7));
    const std::string kept   = movetext(closed);
    const std::size_t marker = kept.find("{[%floe variation-too-deep] (1. d4");
    ASSERT_NE(marker, std::string::npos);
    EXPECT_EQ(std::count(kept.begin(), kept.begin() + marker, '('), 1000);
    EXPECT_EQ(std::count(kept.begin(), kept.end(), '('), 100000);
    EXPECT_EQ(std::count(kept.begin(), kept.end(), ')'), 100000);
}

TEST(ConformanceC, B33A9000PlyGameValidatesAndRoundTrips) {
    std::string game;
    for (int move = 1; move <= 4500; ++move)
        game += std::to_string(move) + ". " + (move % 2 ? "Nc3 Nc6 " : "Nb1 Nb8 ");
    game += "*";
    const RunResult r = run_floe("validate --variant standard -", game);
    EXPECT_EQ(r.out, "<stdin>: 1 games, 9000 plies, 0 errors, 0 warnings\n");
    const std::string once = run_floe("convert --variant standard -", game).out;
    EXPECT_EQ(run_floe("convert --variant standard -", once).out, once);
}

// ---- D. FEN and position validation ----

TEST(ConformanceD, B35ImpossibleCastlingRights) {
    const std::string pgn = "[FEN \"4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1\"]\n[SetUp \"1\"]\n\n1. Kd2 *";
    const auto d          = diagnostics(pgn);
    ASSERT_EQ(d, (std::vector<Diag>{warning("impossible-castling-right", 1, 29),
                                    warning("impossible-castling-right", 1, 30),
                                    warning("impossible-castling-right", 1, 31),
                                    warning("impossible-castling-right", 1, 32)}));
    EXPECT_EQ(d[0].message,
              "FEN tag: castling: 'K' needs the white king on e1 and a white rook on h1; the right "
              "is dropped");
    EXPECT_EQ(diagnostics(pgn, "--strict")[0], error("impossible-castling-right", 1, 29));
    EXPECT_EQ(run_floe("validate --strict --variant standard -", pgn).exit_code, 1);
    EXPECT_EQ(movetext(pgn), "1. Kd2 *");
    const RunResult fen = run_floe("moves --variant standard '4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1'");
    EXPECT_EQ(fen.exit_code, 0);
    EXPECT_NE(fen.err.find("[impossible-castling-right]"), std::string::npos);
}

TEST(ConformanceD, B37WrongNumberOfKings) {
    const auto d = diagnostics("[FEN \"4k3/8/8/8/8/8/8/K3K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n*");
    ASSERT_EQ(d, std::vector<Diag>{error("fen-king-count", 1, 25)});
    EXPECT_EQ(d[0].message, "FEN tag: board: White has 2 kings");
    // No king is valid in Ice Age (it froze), not in orthodox chess.
    const RunResult standard = run_floe("moves --variant standard '4k3/8/8/8/8/8/8/8 w - - 0 1'");
    EXPECT_EQ(standard.exit_code, 1);
    EXPECT_NE(standard.err.find("board: White has no king [fen-king-count]"), std::string::npos);
    EXPECT_EQ(run_floe("moves '4k3/8/8/8/8/8/8/8 w - - 0 1'").exit_code, 0);
}

}  // namespace
}  // namespace floe::test
