// Games without a Variant tag, read without --variant, take the variant their plies give them,
// with one note per file counting them (docs/rules/notation.md §2.7; issue 17 item 1).

#include <gtest/gtest.h>

#include <string>

#include "support/test_support.hpp"

namespace floe::test {
namespace {

const std::string BookNote =
    ": note: 2000 games without a Variant tag read by their first plies: 2000 as Standard; use "
    "--variant or a Variant tag to choose\n";

TEST(UntaggedVariant, TheBookValidatesAsStandardChessWithOneNote) {
    FLOE_REQUIRE_SHARED(shared);
    const std::string book = (shared / "corpora/gnuchess-book/book_1.02.first2000.pgn").string();
    const RunResult r      = run_floe("validate '" + book + "'");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, book + ": 2000 games, 148115 plies, 0 errors, 0 warnings\n");
    EXPECT_EQ(r.err, book + BookNote);
}

TEST(UntaggedVariant, UnderStrictTheNoteIsAWarningThatFailsTheRun) {
    FLOE_REQUIRE_SHARED(shared);
    const std::string book = (shared / "corpora/gnuchess-book/book_1.02.first2000.pgn").string();
    const RunResult r      = run_floe("validate --strict '" + book + "'");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, book + ": 2000 games, 148115 plies, 0 errors, 1 warnings\n");
    EXPECT_EQ(r.err,
              book +
                  ": warning: 2000 games without a Variant tag read by their first plies: 2000 "
                  "as Standard; use --variant or a Variant tag to choose\n");
}

TEST(UntaggedVariant, TheVariantOptionOverridesWithoutANote) {
    FLOE_REQUIRE_SHARED(shared);
    const std::string book = (shared / "corpora/gnuchess-book/book_1.02.first2000.pgn").string();
    const RunResult r      = run_floe("validate --variant standard '" + book + "'");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, book + ": 2000 games, 148115 plies, 0 errors, 0 warnings\n");
    EXPECT_EQ(r.err, "");
    const RunResult ice = run_floe("validate --variant 'ice age' -", "1. e4 e5 *\n");
    EXPECT_EQ(ice.exit_code, 1);
    EXPECT_EQ(ice.out, "<stdin>: 1 games, 0 plies, 1 errors, 0 warnings\n");
    EXPECT_EQ(ice.err.find("note: 1 game"), std::string::npos) << ice.err;
}

TEST(UntaggedVariant, AnUntaggedIceAgeRecordStaysIceAge) {
    const RunResult r =
        run_floe("validate " + quoted_source("samples/ice-age/lookintochess-2017.pgn"));
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(strip_source_dir(r.out),
              "samples/ice-age/lookintochess-2017.pgn: 1 games, 40 plies, 0 errors, 4 warnings\n");
    EXPECT_EQ(r.err.find(": note: "), std::string::npos) << r.err;
    // Its FENs have ice.
    const RunResult fen =
        run_floe("fen --ply 0 " + quoted_source("samples/ice-age/lookintochess-2017.pgn"));
    EXPECT_EQ(fen.out,
              "rnbqkbnr/pppppppp/********/********/********/********/PPPPPPPP/RNBQKBNR w KQkq - "
              "0 1\n");
}

const std::string Mixed =
    "1. e4 e5 2. Nf3 *\n\n"                    // Standard
    "1. e4 d5 2. exd5 Qxd5 3. P@e4 *\n\n"      // Crazyhouse
    "1. dx*e3 dx*e6 *\n\n"                     // Ice Age
    "1. Y: b2d1-c2 2. G: g1b4-c4 1-0-0-0\n\n"  // Glacial Shift
    "[Variant \"Standard\"]\n\n1. d4 d5 *\n";  // tagged: not counted

const std::string MixedNote =
    "<stdin>: note: 4 games without a Variant tag read by their first plies: 1 as Ice Age, 1 as "
    "Standard, 1 as Crazyhouse, 1 as Glacial Shift; use --variant or a Variant tag to choose\n";

TEST(UntaggedVariant, TheNoteCountsTheGamesReadEachWay) {
    const RunResult r = run_floe("validate -", Mixed);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "<stdin>: 5 games, 14 plies, 0 errors, 0 warnings\n");
    EXPECT_EQ(r.err, MixedNote);
}

TEST(UntaggedVariant, ValidateJsonWritesTheNoteAsAnObject) {
    const RunResult r = run_floe("validate --to json -", Mixed);
    EXPECT_EQ(r.out,
              "{\"schema_version\":1,\"kind\":\"note\",\"file\":\"<stdin>\",\"severity\":\"note\","
              "\"message\":\"4 games without a "
              "Variant tag read by their first plies: 1 as Ice Age, 1 as Standard, 1 as "
              "Crazyhouse, 1 as Glacial Shift; use --variant or a Variant tag to choose\","
              "\"variants\":{\"Ice Age\":1,\"Standard\":1,\"Crazyhouse\":1,\"Glacial Shift\":1}}\n"
              "{\"schema_version\":1,\"file\":\"<stdin>\",\"games\":5,\"plies\":14,\"errors\":0,"
              "\"warnings\":0}\n");
    EXPECT_EQ(r.err, "");
}

TEST(UntaggedVariant, ConvertFenAndSelectPrintTheNoteOnce) {
    const RunResult convert = run_floe("convert -", Mixed);
    EXPECT_EQ(convert.exit_code, 0);
    EXPECT_EQ(convert.err, MixedNote);
    // The canonical writer names the variant the plies chose (Standard needs no tag).
    EXPECT_NE(convert.out.find("[Variant \"Crazyhouse\"]"), std::string::npos) << convert.out;
    EXPECT_NE(convert.out.find("[Variant \"Glacial Shift\"]"), std::string::npos) << convert.out;
    const RunResult fen = run_floe("fen --all -", Mixed);
    EXPECT_EQ(fen.exit_code, 0);
    EXPECT_EQ(fen.err, MixedNote);
    const RunResult select = run_floe("select --to json -", Mixed);
    EXPECT_EQ(select.exit_code, 0);
    EXPECT_EQ(select.err, MixedNote);
    const RunResult strict = run_floe("convert --strict -", Mixed);
    EXPECT_EQ(strict.exit_code, 1);
    EXPECT_EQ(strict.err, "<stdin>: warning:" + MixedNote.substr(MixedNote.find(':') + 7));
}

}  // namespace
}  // namespace floe::test
