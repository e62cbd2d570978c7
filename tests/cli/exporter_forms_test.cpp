// What exporters and hand-typed files really write (issue 24 item 2; docs/conformance.md sections
// 7 and 8): each form is read, with the warning that names it when it is not standard PGN, or
// rejected with a clear error. Each test asserts the exact diagnostics (code, line, column,
// message), the plies and the output.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/cli_checks.hpp"

namespace floe::test {
namespace {

std::vector<Diag> diagnostics(const std::string& pgn, const std::string& options = "") {
    return validate_json(pgn, "--variant standard " + options);
}
std::string movetext(const std::string& pgn) { return convert_movetext(pgn, "--variant standard"); }
std::string summary(const std::string& pgn) {
    return run_floe("validate --variant standard -", pgn).out;
}

// ---- 7. What exporters write ----

TEST(ExporterForms, E01LichessClockAndEvalCommandsAreKept) {
    const std::string pgn =
        "1. e4 { [%clk 0:03:00] } 1... e5 { [%eval 0.17] [%clk 0:02:59] } "
        "2. Nf3 { [%eval #-3] } 1-0";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{});
    EXPECT_EQ(movetext(pgn),
              "1. e4 { [%clk 0:03:00] } 1... e5 { [%eval 0.17] [%clk 0:02:59] } 2. "
              "Nf3\n{ [%eval #-3] } 1-0");
}

TEST(ExporterForms, E02ChessComTagsClocksAndRepeatedBlackNumbers) {
    const std::string pgn =
        "[Termination \"Magnus won by resignation\"]\n[TimeControl \"180+2\"]\n"
        "[Link \"https://www.chess.com/game/live/1\"]\n\n"
        "1. e4 {[%clk 0:09:57.9]} 1... e5 {[%clk 0:09:56.1]} 1-0\n";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{});
    const RunResult r = run_floe("convert --variant standard -", pgn);
    EXPECT_NE(r.out.find("[Termination \"Magnus won by resignation\"]\n[TimeControl \"180+2\"]\n"
                         "[Link \"https://www.chess.com/game/live/1\"]\n"),
              std::string::npos)
        << r.out;
    EXPECT_EQ(movetext(pgn), "1. e4 {[%clk 0:09:57.9]} 1... e5 {[%clk 0:09:56.1]} 1-0");
}

TEST(ExporterForms, E03ChessBaseNagsAbove139UpTo255) {
    EXPECT_EQ(diagnostics("1. e4 $140 e5 $146 2. Nf3 $220 $255 *"), std::vector<Diag>{});
    EXPECT_EQ(movetext("1. e4 $140 e5 $146 2. Nf3 $220 $255 *"),
              "1. e4 $140 e5 $146 2. Nf3 $220 $255 *");
    const auto d = diagnostics("1. e4 $256 *");
    ASSERT_EQ(d, std::vector<Diag>{error("syntax-error", 1, 7)});
    EXPECT_EQ(d[0].message, "NAG $256 out of range: expected $0 to $255");
}

TEST(ExporterForms, E04ChessBaseCommentCommandsAreKeptByteForByte) {
    const std::string pgn = "1. e4 {[%evp 0,12,17,22] [%cal Ge2e4,Rd7d5] [%csl Gd4]} e5 *";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{});
    EXPECT_EQ(movetext(pgn), "1. e4 {[%evp 0,12,17,22] [%cal Ge2e4,Rd7d5] [%csl Gd4]} 1... e5 *");
}

TEST(ExporterForms, E05ChessBaseEmptyLineInTheTagSection) {
    FLOE_REQUIRE_SHARED(shared);
    const RunResult r =
        run_floe("validate --variant standard " +
                 (shared / "corpora/python-chess-data/chessbase-empty-line.pgn").string());
    // How many games the blank line makes is section 6's rule; the moves are all read.
    EXPECT_NE(r.out.find("134 plies, 0 errors"), std::string::npos) << r.out;
}

TEST(ExporterForms, E06ScidStarCommentAndDrawCommand) {
    const std::string pgn = "1. e4 {*} e5 {[%draw arrow,e2,e4,red]} *";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{});
    EXPECT_EQ(movetext(pgn), "1. e4 {*} 1... e5 {[%draw arrow,e2,e4,red]} *");
}

TEST(ExporterForms, E07TcecLongEngineComments) {
    const std::string comment =
        "{d=28, sd=48, mt=118434, tl=6892566, s=103245453, n=12217627895, "
        "pv=e5 Nf3 Nc6, tb=0, h=99.9, ph=0.0, wv=0.80, R50=50, Rd=-11, "
        "Rr=-1000, mb=+0+0+0+0+0,}";
    const std::string pgn = "1. e4 " + comment + " e5 *";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{});
    EXPECT_EQ(movetext(pgn), "1. e4\n" + comment + "\n1... e5 *");
}

TEST(ExporterForms, E08CutechessScoreCommentsAndFischerandom) {
    const std::string pgn =
        "[Termination \"adjudication\"]\n\n1. e4 {book} e5 {+0.35/12 0.5s} "
        "2. Nf3 {-0.20/14 0.074s} *";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{});
    EXPECT_EQ(movetext(pgn), "1. e4 {book} 1... e5 {+0.35/12 0.5s} 2. Nf3 {-0.20/14 0.074s} *");
    FLOE_REQUIRE_SHARED(shared);
    const RunResult r = run_floe(
        "validate " + (shared / "corpora/python-chess-data/cutechess-fischerrandom.pgn").string());
    EXPECT_EQ(r.out.substr(r.out.find(": ") + 2), "4 games, 396 plies, 0 errors, 0 warnings\n");
}

TEST(ExporterForms, E09ArenaComments) {
    const std::string pgn = "1. e4 {(e2-e4) +0.20/10 3} e5 {-0.15/11 2} *";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{});
    EXPECT_EQ(movetext(pgn), "1. e4 {(e2-e4) +0.20/10 3} 1... e5 {-0.15/11 2} *");
}

TEST(ExporterForms, E10XboardVariantNormalIsOrthodoxChess) {
    const std::string pgn = "[Variant \"normal\"]\n\n1. e4 e5 2. Nf3 *";
    EXPECT_EQ(validate_json(pgn), std::vector<Diag>{});  // no --variant: the tag decides
    const RunResult r = run_floe("convert --to json -", pgn);
    EXPECT_NE(r.out.find("\"variant\":\"Standard\""), std::string::npos) << r.out;
    // The tag keeps its place and spelling.
    EXPECT_NE(run_floe("convert -", pgn).out.find("[Variant \"normal\"]\n"), std::string::npos);
}

TEST(ExporterForms, E11XboardVariantNames) {
    EXPECT_EQ(validate_json("[Variant \"fischerandom\"]\n\n1. e4 e5 *"), std::vector<Diag>{});
    EXPECT_EQ(validate_json("[Variant \"crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@e4 *"),
              std::vector<Diag>{});
    const auto d = validate_json("[Variant \"suicide\"]\n\n1. e4 e5 *");
    ASSERT_EQ(d, std::vector<Diag>{error("unsupported-variant", 1, 1)});
    EXPECT_NE(d[0].message.find("unsupported variant \"suicide\""), std::string::npos)
        << d[0].message;
}

TEST(ExporterForms, E12Pgn4webElapsedTimeCommands) {
    const std::string pgn = "1. e4 {[%emt 0:00:05]} e5 {[%emt 0:00:07]} *";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{});
    EXPECT_EQ(movetext(pgn), "1. e4 {[%emt 0:00:05]} 1... e5 {[%emt 0:00:07]} *");
}

TEST(ExporterForms, E13CrlfAndEmptyLinesInTheMovetext) {
    EXPECT_EQ(summary("[Event \"x\"]\r\n\r\n1. e4\r\n\r\ne5 2. Nf3\r\n\r\n\r\nNc6 *\r\n"),
              "<stdin>: 1 games, 4 plies, 0 errors, 0 warnings\n");
}

TEST(ExporterForms, E15LinesLongerThan255Characters) {
    const std::string pgn = "1. e4 {" + std::string(400, 'x') + "} e5 *";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{});
    EXPECT_EQ(movetext(pgn), "1. e4\n{" + std::string(400, 'x') + "}\n1... e5 *");
}

TEST(ExporterForms, E16AnnotatorWithFreeText) {
    const std::string pgn = "[Annotator \"1. +0.20   1... -0.15\"]\n\n1. e4 e5 *";
    EXPECT_EQ(diagnostics(pgn), std::vector<Diag>{});
    EXPECT_NE(run_floe("convert --variant standard -", pgn)
                  .out.find("[Annotator \"1. +0.20   1... -0.15\"]\n"),
              std::string::npos);
}

TEST(ExporterForms, E17SetupSpelledInLowerCase) {
    const std::string pgn = "[Setup \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O *";
    const auto d          = diagnostics(pgn);
    ASSERT_EQ(d, std::vector<Diag>{warning("fen-without-setup", 2, 1)});
    EXPECT_EQ(d[0].message, "FEN tag without [SetUp \"1\"]");
    EXPECT_EQ(summary(pgn), "<stdin>: 1 games, 1 plies, 0 errors, 1 warnings\n");
}

TEST(ExporterForms, E18ChessBaseAndPgn4webAnnotationGlyphs) {
    const std::string pgn = "1. e4 +/= e5 =/+ 2. Nf3 inf Nc6 ~ 3. Bb5 RR a6 \xE2\x96\xA1 *";
    const auto d          = diagnostics(pgn);
    ASSERT_EQ(d, std::vector<Diag>{warning("annotation-glyph", 1, 7)});
    EXPECT_EQ(d[0].message, "6 annotation glyphs read as NAGs");
    EXPECT_EQ(movetext(pgn), "1. e4 $14 e5 $15 2. Nf3 $13 Nc6 $13 3. Bb5 $145 a6 $7 *");
    EXPECT_EQ(diagnostics("1. e4 +/= *")[0].message, "annotation glyph +/= read as $14");
}

TEST(ExporterForms, E19TagValueInTypographicQuotes) {
    const auto d = diagnostics("[Event \xE2\x80\x9Cx\xE2\x80\x9D]\n\n1. e4 e5 *");
    ASSERT_EQ(d, std::vector<Diag>{error("unterminated-tag", 1, 1)});
    EXPECT_EQ(d[0].message,
              "malformed tag pair: expected [Name \"value\"] with ASCII quotes; the value is "
              "quoted with U+201C LEFT DOUBLE QUOTATION MARK");
    // The moves are still read: a malformed tag stops no line.
    EXPECT_EQ(summary("[Event \xE2\x80\x9Cx\xE2\x80\x9D]\n\n1. e4 e5 *"),
              "<stdin>: 1 games, 2 plies, 1 errors, 0 warnings\n");
}

// ---- 8. Hand-typed files: Unicode look-alikes and spaces ----

const std::string Castles = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. ";

TEST(HandTyped, H01CastlingWithEnDashes) {  // lichess-org/lila#16268: `0–0–0` from a newsletter
    const std::string pgn =
        "[FEN \"r3k3/8/8/8/8/8/8/4K3 b q - 0 1\"]\n[SetUp \"1\"]\n\n"
        "1... 0\xE2\x80\x93"
        "0\xE2\x80\x93"
        "0 *";
    const auto d = diagnostics(pgn);
    ASSERT_EQ(d, (std::vector<Diag>{warning("castling-zero", 4, 6),
                                    warning("unicode-look-alike", 4, 6)}));
    EXPECT_EQ(d[1].message, "castling written with U+2013 EN DASH (canonical: O-O-O)");
    EXPECT_EQ(movetext(pgn), "1... O-O-O *");
}

TEST(HandTyped, H02EveryDashLookAlikeInCastling) {
    const std::vector<std::pair<std::string, std::string>> dashes = {
        {"\xE2\x80\x90", "U+2010 HYPHEN"},
        {"\xE2\x80\x91", "U+2011 NON-BREAKING HYPHEN"},
        {"\xE2\x80\x92", "U+2012 FIGURE DASH"},
        {"\xE2\x80\x93", "U+2013 EN DASH"},
        {"\xE2\x80\x94", "U+2014 EM DASH"},
        {"\xE2\x80\x95", "U+2015 HORIZONTAL BAR"},
        {"\xE2\x88\x92", "U+2212 MINUS SIGN"},
        {"\xEF\xB9\x98", "U+FE58 SMALL EM DASH"},
        {"\xEF\xB9\xA3", "U+FE63 SMALL HYPHEN-MINUS"},
        {"\xEF\xBC\x8D", "U+FF0D FULLWIDTH HYPHEN-MINUS"},
    };
    for (const auto& [dash, name] : dashes) {
        const std::string pgn = Castles + "O" + dash + "O Nf6 *";
        const auto d          = diagnostics(pgn);
        ASSERT_EQ(d, std::vector<Diag>{warning("unicode-look-alike", 1, 35)}) << name;
        EXPECT_EQ(d[0].message, "castling written with " + name + " (canonical: O-O)");
        EXPECT_EQ(movetext(pgn), "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 *") << name;
    }
}

TEST(HandTyped, H03LetterOOfOtherScriptsInCastling) {
    const std::vector<std::pair<std::string, std::string>> os = {
        {"\xD0\x9E", "U+041E CYRILLIC CAPITAL LETTER O"},
        {"\xCE\x9F", "U+039F GREEK CAPITAL LETTER OMICRON"},
        {"\xEF\xBC\xAF", "U+FF2F FULLWIDTH LATIN CAPITAL LETTER O"},
    };
    for (const auto& [o, name] : os) {
        const std::string pgn = Castles + o + "-" + o + " Nf6 *";
        const auto d          = diagnostics(pgn);
        ASSERT_EQ(d, std::vector<Diag>{warning("unicode-look-alike", 1, 35)}) << name;
        EXPECT_EQ(d[0].message, "castling written with " + name + " (canonical: O-O)");
        EXPECT_EQ(movetext(pgn), "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 *");
    }
    // The small letters are lower-case castling as well.
    const auto d = diagnostics(Castles + "\xD0\xBE-\xD0\xBE Nf6 *");
    ASSERT_EQ(d, (std::vector<Diag>{warning("castling-case", 1, 35),
                                    warning("unicode-look-alike", 1, 35)}));
    EXPECT_EQ(d[1].message,
              "castling written with U+043E CYRILLIC SMALL LETTER O (canonical: O-O)");
}

TEST(HandTyped, H04FullWidthZerosInCastling) {
    const auto d = diagnostics(Castles + "\xEF\xBC\x90-\xEF\xBC\x90 Nf6 *");
    ASSERT_EQ(d, (std::vector<Diag>{warning("castling-zero", 1, 35),
                                    warning("unicode-look-alike", 1, 35)}));
    EXPECT_EQ(d[1].message, "castling written with U+FF10 FULLWIDTH DIGIT ZERO (canonical: O-O)");
}

TEST(HandTyped, H05LookAlikeCastlingIsStillJudgedByTheRules) {
    // Read as castling, it is an illegal castling here, not an unreadable token.
    const auto d = diagnostics("1. O\xE2\x80\x93O *");
    ASSERT_EQ(d, std::vector<Diag>{error("illegal-move", 1, 4)});
    // A token of look-alikes that is no castling stays unreadable.
    EXPECT_EQ(diagnostics("1. O\xE2\x80\x93O\xE2\x80\x93O\xE2\x80\x93O *"),
              std::vector<Diag>{error("unreadable-move", 1, 4)});
}

TEST(HandTyped, H06MoveNumbersInFullWidthDigits) {
    const std::string pgn = "\xEF\xBC\x91\xEF\xBC\x8E e4 e5 \xEF\xBC\x92. Nf3 *";
    const auto d          = diagnostics(pgn);
    ASSERT_EQ(d, std::vector<Diag>{warning("unicode-look-alike", 1, 1)});
    EXPECT_EQ(d[0].message,
              "2 Unicode look-alikes read as ASCII (first: U+FF11 FULLWIDTH DIGIT ONE)");
    EXPECT_EQ(diagnostics("1. e4 e5 \xEF\xBC\x92. Nf3 *")[0].message,
              "move number written with U+FF12 FULLWIDTH DIGIT TWO (read as 2.)");
    EXPECT_EQ(movetext(pgn), "1. e4 e5 2. Nf3 *");
    // The scanner reads them too: a full-width 1 after later moves starts a new game.
    EXPECT_EQ(summary("\xEF\xBC\x91. e4 e5 2. Nf3 Nc6 \xEF\xBC\x91. d4 d5 *"),
              "<stdin>: 2 games, 6 plies, 0 errors, 3 warnings\n");
}

TEST(HandTyped, H07MoveNumberWithACyrillicOForZero) {
    const std::string pgn =
        "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 10\"]\n[SetUp \"1\"]\n\n1\xD0\x9E. Kd1 Kd8 *";
    const auto d = diagnostics(pgn);
    ASSERT_EQ(d, std::vector<Diag>{warning("unicode-look-alike", 4, 1)});
    EXPECT_EQ(d[0].message,
              "move number written with U+041E CYRILLIC CAPITAL LETTER O (read as 10.)");
    EXPECT_EQ(movetext(pgn), "10. Kd1 Kd8 *");
    // Without its dot it is no move number.
    EXPECT_EQ(diagnostics("1\xD0\x9E e4 *"), std::vector<Diag>{error("unreadable-move", 1, 1)});
}

TEST(HandTyped, H08EveryUnicodeSpaceIsNamed) {
    const std::vector<std::pair<std::string, std::string>> spaces = {
        {"\xC2\xA0", "U+00A0 NO-BREAK SPACE"},
        {"\xE1\x9A\x80", "U+1680 OGHAM SPACE MARK"},
        {"\xE2\x80\x82", "U+2002 EN SPACE"},
        {"\xE2\x80\x83", "U+2003 EM SPACE"},
        {"\xE2\x80\x87", "U+2007 FIGURE SPACE"},
        {"\xE2\x80\x89", "U+2009 THIN SPACE"},
        {"\xE2\x80\x8B", "U+200B ZERO WIDTH SPACE"},
        {"\xE2\x80\xAF", "U+202F NARROW NO-BREAK SPACE"},
        {"\xE2\x81\x9F", "U+205F MEDIUM MATHEMATICAL SPACE"},
        {"\xE3\x80\x80", "U+3000 IDEOGRAPHIC SPACE"},
        {"\xEF\xBB\xBF", "U+FEFF ZERO WIDTH NO-BREAK SPACE"},
    };
    for (const auto& [space, name] : spaces) {
        const std::string pgn = "1." + space + "e4 e5 *";
        const auto d          = diagnostics(pgn);
        ASSERT_EQ(d, std::vector<Diag>{warning("unicode-space", 1, 3)}) << name;
        EXPECT_EQ(d[0].message, name + " read as a space");
        EXPECT_EQ(movetext(pgn), "1. e4 e5 *");
    }
    // A lone 0xA0 byte, Windows-1252's no-break space.
    const auto d = diagnostics(
        "1. e4\xA0"
        "e5 *");
    ASSERT_EQ(d,
              (std::vector<Diag>{warning("invalid-utf8", 1, 6), warning("unicode-space", 1, 6)}));
    EXPECT_EQ(d[1].message, "U+00A0 NO-BREAK SPACE (byte 0xA0, not UTF-8) read as a space");
    // Grouped: the count, and the first one named.
    EXPECT_EQ(diagnostics("1.\xC2\xA0"
                          "e4\xE2\x80\x89"
                          "e5 *")[0]
                  .message,
              "2 Unicode spaces read as spaces (first: U+00A0 NO-BREAK SPACE)");
}

TEST(HandTyped, H08bUnicodeSpacesInsideAndBetweenTagPairs) {
    // `[Event\u00A0"x"]`: the space is no part of the name (it was read as a tag `Event\u00A0`,
    // and the Event tag was lost without a word).
    const std::string pgn = "[Event\xC2\xA0\"x\"]\n[\xE2\x80\x89Result \"1-0\"]\n\n1. e4 e5 1-0";
    const auto d          = diagnostics(pgn);
    ASSERT_EQ(d, std::vector<Diag>{warning("unicode-space", 1, 7)});
    EXPECT_EQ(d[0].message, "2 Unicode spaces read as spaces (first: U+00A0 NO-BREAK SPACE)");
    const RunResult r = run_floe("convert --variant standard -", pgn);
    EXPECT_EQ(r.out.substr(0, r.out.find("\n\n")),
              "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White "
              "\"?\"]\n[Black \"?\"]\n[Result \"1-0\"]");
    // Between two tag pairs of one line it is white space of the tag section, as a line end is
    // (../shared/cases/properties/roundtrip-nbsp-repeated-tag-splits-game): the output, one tag
    // a line, reads as the input did.
    const std::string two = "[A \"1\"]\xC2\xA0[A \"2\"]\n";
    const RunResult once  = run_floe("convert -", two);
    // How many games a repeated tag name makes is section 6's rule; input and output agree.
    const std::string games = run_floe("validate -", two).out;
    EXPECT_EQ(games.substr(0, games.find(',')),
              run_floe("validate -", once.out).out.substr(0, games.find(',')));
    EXPECT_EQ(run_floe("convert -", once.out).out, once.out);
}

TEST(HandTyped, H09GlyphsWithMinusSigns) {
    const std::string pgn = "1. e4 +\xE2\x88\x92 e5 \xE2\x88\x92/+ 2. Nf3 \xE2\x88\x92+ *";
    const auto d          = diagnostics(pgn);
    ASSERT_EQ(d, std::vector<Diag>{warning("annotation-glyph", 1, 7)});
    EXPECT_EQ(movetext(pgn), "1. e4 $18 e5 $17 2. Nf3 $19 *");
    EXPECT_EQ(diagnostics("1. e4 +\xE2\x88\x92 *")[0].message,
              "annotation glyph +\xE2\x88\x92 read as $18 (U+2212 MINUS SIGN read as -)");
}

TEST(HandTyped, H10WindowsEnDashByteInCastlingIsRejected) {
    // 0x96 alone is Windows-1252's en dash, not UTF-8: the token is reported, not guessed.
    EXPECT_EQ(diagnostics(Castles + "O\x96O Nf6 *"),
              (std::vector<Diag>{error("unreadable-move", 1, 35), warning("invalid-utf8", 1, 36)}));
}

}  // namespace
}  // namespace floe::test
