// The record parser: game boundaries, tags, movetext elements, variations, positions
// (docs/rules/notation.md §1, §8.2).
#include "parser/parse_record.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "read_games.hpp"
#include "rules/variants.hpp"

namespace floe::parser {
namespace {

using rules::DiagCode;
using rules::ElementKind;
using GameRecord = test::Outline;

using test::codes;
using test::main_moves;
using test::read_all;

TEST(ParseRecord, TagsAndMovetext) {
    const auto games =
        read_all("[Event \"Casual\"]\n[White \"A \\\"B\\\" \\\\ C\"]\n\n1. e4 e5 2. Nf3 1-0\n");
    ASSERT_EQ(games.size(), 1u);
    const GameRecord& g = games[0];
    ASSERT_EQ(g.tags.size(), 2u);
    EXPECT_EQ(g.tags[0].name, "Event");
    EXPECT_EQ(g.tags[0].value, "Casual");
    EXPECT_EQ(g.tags[1].value, "A \"B\" \\ C");
    EXPECT_EQ(main_moves(g), "e4 e5 Nf3");
    EXPECT_EQ(g.termination, "1-0");
    EXPECT_TRUE(g.diagnostics.empty());
    EXPECT_EQ(g.source.locate(g.termination_span.begin).line, 4u);
    EXPECT_EQ(g.source.locate(g.termination_span.begin).column, 17u);
}

TEST(ParseRecord, MoveNumbersInEveryForm) {
    const auto games = read_all("1.e4 1... e5 2. Nf3 2.. Nc6 3\xE2\x80\xA6 d4 3. ... a6 *");
    ASSERT_EQ(games.size(), 1u);
    const auto& el = games[0].lines[0].elements;
    std::vector<std::pair<std::uint32_t, bool>> numbers;
    for (const auto& e : el)
        if (e.kind == ElementKind::MoveNumber)
            numbers.emplace_back(e.value, (e.flags & rules::BlackDots) != 0);
    const std::vector<std::pair<std::uint32_t, bool>> want = {{1, false}, {1, true}, {2, false},
                                                              {2, true},  {3, true}, {3, true}};
    EXPECT_EQ(numbers, want);
    EXPECT_EQ(main_moves(games[0]), "e4 e5 Nf3 Nc6 d4 a6");
    EXPECT_TRUE(games[0].diagnostics.empty());
}

TEST(ParseRecord, CommentsNagsSuffixesEvents) {
    const auto games = read_all("1. e4!? $14 {a ; [b]} e5 ; rest of line\n2. Nf3?? <ice age> *");
    ASSERT_EQ(games.size(), 1u);
    const auto& el = games[0].lines[0].elements;
    std::vector<std::pair<ElementKind, std::string>> got;
    for (const auto& e : el) got.emplace_back(e.kind, std::string(e.text));
    const std::vector<std::pair<ElementKind, std::string>> want = {
        {ElementKind::MoveNumber, "1."},
        {ElementKind::Move, "e4"},
        {ElementKind::Nag, "!?"},
        {ElementKind::Nag, "$14"},
        {ElementKind::Comment, "a ; [b]"},
        {ElementKind::Move, "e5"},
        {ElementKind::LineComment, " rest of line"},
        {ElementKind::MoveNumber, "2."},
        {ElementKind::Move, "Nf3"},
        {ElementKind::Nag, "??"},
        {ElementKind::Event, "ice age"},
    };
    EXPECT_EQ(got, want);
    EXPECT_EQ(el[2].value, 5u);
    EXPECT_EQ(el[3].value, 14u);
    EXPECT_EQ(el[9].value, 4u);
}

TEST(ParseRecord, GlyphsAreNagsWithOneGroupedWarning) {
    const auto games = read_all("1. e4 \xC2\xB1 e5 +- 2. Nf3 N *");
    ASSERT_EQ(games.size(), 1u);
    const auto& g = games[0];
    std::vector<std::uint32_t> nags;
    for (const auto& e : g.lines[0].elements)
        if (e.kind == ElementKind::Nag) nags.push_back(e.value);
    EXPECT_EQ(nags, (std::vector<std::uint32_t>{16, 18, 146}));
    ASSERT_EQ(g.diagnostics.size(), 1u);
    EXPECT_EQ(g.diagnostics[0].code, DiagCode::AnnotationGlyph);
    EXPECT_EQ(g.diagnostics[0].count, 3);
    EXPECT_EQ(g.diagnostics[0].message, "3 annotation glyphs read as NAGs");
}

TEST(ParseRecord, NestedVariations) {
    const auto games = read_all("1. e4 (1. d4 d5 (1... Nf6)) (1. c4) e5 *");
    ASSERT_EQ(games.size(), 1u);
    const auto& g = games[0];
    ASSERT_EQ(g.lines.size(), 4u);
    EXPECT_EQ(g.lines[1].parent, 0u);
    EXPECT_EQ(g.lines[2].parent, 1u);
    EXPECT_EQ(g.lines[3].parent, 0u);
    EXPECT_EQ(main_moves(g), "e4 e5");
    const auto& el = g.lines[0].elements;
    ASSERT_EQ(el[2].kind, ElementKind::Open);
    EXPECT_EQ(el[2].value, 1u);
    EXPECT_EQ(el[2].text, "(1. d4 d5 (1... Nf6))");
    EXPECT_TRUE(g.diagnostics.empty());
}

TEST(ParseRecord, UnbalancedParentheses) {
    const auto games = read_all("1. e4 ) (1. d4 *");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(codes(games[0]), (std::vector<DiagCode>{DiagCode::UnbalancedVariation,
                                                      DiagCode::UnbalancedVariation}));
    EXPECT_EQ(games[0].diagnostics[0].span.begin, 6u);
    EXPECT_EQ(games[0].diagnostics[1].span.begin, 8u);
}

TEST(ParseRecord, HundredThousandNestedVariationsIsAnErrorNotACrash) {
    std::string text = "1. e4 ";
    for (int i = 0; i < 100000; ++i) text += "( e4 ";
    for (int i = 0; i < 100000; ++i) text += ") ";
    text += "*";
    const auto games = read_all(text);
    ASSERT_EQ(games.size(), 1u);
    const auto& d = games[0].diagnostics;
    ASSERT_FALSE(d.empty());
    EXPECT_EQ(d[0].code, DiagCode::VariationTooDeep);
    EXPECT_EQ(d[0].span.begin, 6u + 1000u * 5u);  // the 1001st `(`
    EXPECT_EQ(games[0].termination, "*");
}

TEST(ParseRecord, MultiGameFileWithoutTagsAndBoundaries) {
    const std::string text =
        "1. e4 e5 1-0\n"
        "1. d4 d5 2. c4\n"  // no termination: the number 1 below starts a new game
        "1. c4 *\n"
        "[Event \"x\"]\n1. f4\n"  // no termination: the tag below starts a new game
        "[Event \"y\"]\n1. g3 0-1";
    const auto games = read_all(text);
    ASSERT_EQ(games.size(), 5u);
    EXPECT_EQ(main_moves(games[0]), "e4 e5");
    EXPECT_EQ(main_moves(games[1]), "d4 d5 c4");
    EXPECT_EQ(codes(games[1]), std::vector<DiagCode>{DiagCode::GameBoundary});
    EXPECT_EQ(main_moves(games[2]), "c4");
    EXPECT_EQ(main_moves(games[3]), "f4");
    EXPECT_EQ(codes(games[3]), std::vector<DiagCode>{DiagCode::GameBoundary});
    EXPECT_EQ(*games[4].tag("Event"), "y");
    EXPECT_EQ(games[4].source.first_line, 6u);
}

// A tag section ends only at movetext or at a blank line (docs/rules/notation.md §1.12).
TEST(ParseRecord, ARepeatedTagIsAWarningAndTheSectionGoesOn) {
    const auto games = read_all("[Event \"a\"]\n[Event \"b\"]\n1. e4 *");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(*games[0].tag("Event"), "a");
    EXPECT_EQ(games[0].tags.size(), 2u);
    EXPECT_EQ(main_moves(games[0]), "e4");
    ASSERT_EQ(codes(games[0]), std::vector<DiagCode>{DiagCode::RepeatedTag});
    const auto at = games[0].source.locate(games[0].diagnostics[0].span.begin);
    EXPECT_EQ(at.line, 2u);
    EXPECT_EQ(at.column, 1u);
    EXPECT_EQ(games[0].diagnostics[0].message,
              "tag \"Event\" given again in this tag section: the first value is the tag's, this "
              "value \"b\" is kept as written");
}

TEST(ParseRecord, TagSectionsSeparatedByABlankLineAreTwoGamesWhenANameComesAgain) {
    // Pairings: tags and a result, no moves, a blank line between.
    auto games =
        read_all("[Event \"a\"]\n[Result \"1-0\"]\n\n[Event \"b\"]\n \t\n[Site \"s\"]\n\n1. e4 *");
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(*games[0].tag("Event"), "a");
    EXPECT_EQ(games[0].tags.size(), 2u);
    EXPECT_EQ(*games[1].tag("Event"), "b");
    // A blank line followed by new names only stays in the section: ChessBase's blank line
    // after [Event] (python-chess's chessbase-empty-line.pgn).
    EXPECT_EQ(*games[1].tag("Site"), "s");
    EXPECT_EQ(games[1].source.first_line, 4u);
    EXPECT_EQ(main_moves(games[1]), "e4");
    // The name that comes again may be any of the section's, not only the first.
    games = read_all("[White \"x\"]\n[Result \"1-0\"]\n\n[Event \"e\"]\n[White \"y\"]\n\n*");
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(*games[1].tag("Event"), "e");
    EXPECT_EQ(*games[1].tag("White"), "y");
    // A blank line inside a comment between two pairs is the comment's: one game.
    games = read_all("[Event \"a\"]\n{note\n\nmore}\n[Site \"s\"]\n\n1. e4 *");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(*games[0].tag("Site"), "s");
    // A comment after the blank line opens the next game (§1.1), CRLF line ends too.
    games = read_all("[Event \"a\"]\r\n\r\n{intro}\r\n[Event \"b\"]\r\n\r\n1. e4 *");
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[1].source.first_line, 3u);
    EXPECT_EQ(*games[1].tag("Event"), "b");
}

TEST(ParseRecord, AMalformedTagLineIsReportedAndTheSectionGoesOn) {
    const auto games = read_all("[Event \"a\"]\n[Bad\n[Site \"s\"]\n\n1. e4 *");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(*games[0].tag("Site"), "s");
    EXPECT_EQ(main_moves(games[0]), "e4");
    ASSERT_EQ(codes(games[0]), std::vector<DiagCode>{DiagCode::UnterminatedTag});
    const auto at = games[0].source.locate(games[0].diagnostics[0].span.begin);
    EXPECT_EQ(at.line, 2u);
    EXPECT_EQ(at.column, 1u);
}

TEST(ParseRecord, MissingTerminationIsAWarning) {
    const auto games = read_all("1. e4 e5");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(codes(games[0]), std::vector<DiagCode>{DiagCode::MissingTermination});
    EXPECT_TRUE(games[0].termination.empty());
}

TEST(ParseRecord, LineEndsAndBomAndColumns) {
    // BOM not counted; CR, LF and CRLF each end a line; a multi-byte character is one column.
    const std::string text =
        "\xEF\xBB\xBF[Event \"\xC3\xA9t\xC3\xA9\"]\r\n\r\n1. e4\re5\n2. Nf3 ] *";
    const auto games = read_all(text);
    ASSERT_EQ(games.size(), 1u);
    const auto& g = games[0];
    EXPECT_EQ(g.tags[0].value, "\xC3\xA9t\xC3\xA9");
    ASSERT_EQ(g.diagnostics.size(), 1u);
    EXPECT_EQ(g.diagnostics[0].code, DiagCode::SyntaxError);
    const auto at = g.source.locate(g.diagnostics[0].span.begin);
    EXPECT_EQ(at.line, 5u);
    EXPECT_EQ(at.column, 8u);
    EXPECT_EQ(g.source.line_text(g.diagnostics[0].span.begin), "2. Nf3 ] *");
    const auto tag_end = g.source.locate(g.tags[0].span.end - 1);
    EXPECT_EQ(tag_end.line, 1u);
    EXPECT_EQ(tag_end.column, 13u);  // [Event "été"] : the ']' is the 13th code point
}

TEST(ParseRecord, SecondGameOnTheSameLineKeepsFileColumns) {
    const auto games = read_all("1. e4 1-0 1. d4 ] *");
    ASSERT_EQ(games.size(), 2u);
    const auto& g = games[1];
    EXPECT_EQ(g.source.first_column, 11u);
    ASSERT_EQ(g.diagnostics.size(), 1u);
    EXPECT_EQ(g.source.locate(g.diagnostics[0].span.begin).column, 17u);
    EXPECT_EQ(g.source.line_text(g.diagnostics[0].span.begin), "1. e4 1-0 1. d4 ] *");
}

TEST(ParseRecord, InvalidUtf8IsReadAsWindows1252WithOneWarning) {
    const auto games = read_all("[White \"Caf\xE9\"]\n{na\xEFve} 1. e4 *");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_TRUE(games[0].invalid_utf8);
    EXPECT_EQ(codes(games[0]), std::vector<DiagCode>{DiagCode::InvalidUtf8});
    EXPECT_EQ(games[0].source.locate(games[0].diagnostics[0].span.begin).column, 12u);
    EXPECT_EQ(games[0].diagnostics[0].message,
              "byte 0xE9 is not UTF-8: read as Windows-1252 '\xC3\xA9' (U+00E9), like the game's "
              "other bytes that are not UTF-8");
}

TEST(ParseRecord, UnicodeSpacesAreSpacesWithAGroupedWarning) {
    const auto games = read_all(
        "1.\xC2\xA0"
        "e4\xE2\x80\x83"
        "e5 *");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(main_moves(games[0]), "e4 e5");
    ASSERT_EQ(codes(games[0]), std::vector<DiagCode>{DiagCode::UnicodeSpace});
    EXPECT_EQ(games[0].diagnostics[0].count, 2);
}

TEST(ParseRecord, EscapeLinesAreIgnored) {
    const auto games = read_all("% exported by a tool\n1. e4\n% another\ne5 *\n% trailer\n");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(main_moves(games[0]), "e4 e5");
    EXPECT_TRUE(games[0].diagnostics.empty());
}

TEST(ParseRecord, UnterminatedCommentStopsBeforeTheNextGame) {
    const auto games = read_all("1. e4 {never closed\n\n[Event \"next\"]\n1. d4 *");
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(codes(games[0]), std::vector<DiagCode>{DiagCode::UnterminatedComment});
    EXPECT_EQ(games[0].lines[0].elements.back().text, "never closed");
    EXPECT_EQ(*games[1].tag("Event"), "next");
    EXPECT_TRUE(games[1].diagnostics.empty());
}

TEST(ParseRecord, LenientTagValueAndUnknownEscape) {
    const auto games = read_all("[Event \"say \"hi\" \\n\"]\n*");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(games[0].tags[0].value, "say \"hi\" \\n");
    EXPECT_EQ(codes(games[0]),
              (std::vector<DiagCode>{DiagCode::TagEscape, DiagCode::UnterminatedTagValue}));
}

TEST(ParseRecord, GlacialShiftSeatsJoinTheirPly) {
    const auto games = read_all("[Variant \"Glacial Shift\"]\n1. Y: y1e3-e4 2. G:g1@d4 0-1-0-0");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(games[0].token_variant, &rules::engine_variant(rules::Engine::GlacialShift));
    EXPECT_EQ(main_moves(games[0]), "Y: y1e3-e4 G:g1@d4");
    EXPECT_EQ(games[0].termination, "0-1-0-0");
}

TEST(ParseRecord, StrayCharactersAreSyntaxErrorsThatSayWhatWasExpected) {
    const auto games = read_all("1. e4 ] e5 *");
    ASSERT_EQ(games.size(), 1u);
    ASSERT_EQ(codes(games[0]), std::vector<DiagCode>{DiagCode::SyntaxError});
    EXPECT_EQ(games[0].diagnostics[0].message,
              "unexpected ']'; expected a move, a move number, a comment, a NAG, an event, a "
              "variation or a termination marker");
    EXPECT_EQ(main_moves(games[0]), "e4 e5");
}

TEST(ParseRecord, EmptyInputAndTrailingCommentsHoldNoGame) {
    EXPECT_TRUE(read_all("").empty());
    EXPECT_TRUE(read_all("\n  \n% only\n").empty());
    EXPECT_EQ(read_all("1. e4 *\n{trailing remark}\n").size(), 1u);
}

}  // namespace
}  // namespace floe::parser

namespace floe::parser {
namespace {

TEST(ParseRecord, CommentaryBeforeTheTagsBelongsToThatGame) {
    const std::string text =
        "; exported by X\n{intro}\n[Event \"a\"]\n\n1. e4 *\n{between}\n[Event \"b\"]\n\n1. d4 *";
    const auto games = read_all(text);
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(*games[0].tag("Event"), "a");
    EXPECT_TRUE(games[0].diagnostics.empty());
    const auto& first = games[0].lines[0].elements;
    ASSERT_GE(first.size(), 2u);
    EXPECT_EQ(first[0].kind, ElementKind::LineComment);
    EXPECT_EQ(first[0].text, " exported by X");
    EXPECT_EQ(first[1].text, "intro");
    EXPECT_EQ(*games[1].tag("Event"), "b");
    EXPECT_EQ(games[1].lines[0].elements[0].text, "between");
    EXPECT_TRUE(games[1].diagnostics.empty());
}

TEST(ParseRecord, SuffixesStandingApartAreGlyphs) {
    const std::string text = "1. e4 ! e5 ?! 2. Nf3 !! *";
    const auto games       = read_all(text);
    ASSERT_EQ(games.size(), 1u);
    std::vector<std::uint32_t> nags;
    for (const auto& e : games[0].lines[0].elements)
        if (e.kind == ElementKind::Nag) nags.push_back(e.value);
    EXPECT_EQ(nags, (std::vector<std::uint32_t>{1, 6, 3}));
    ASSERT_EQ(codes(games[0]), std::vector<DiagCode>{DiagCode::AnnotationGlyph});
    EXPECT_EQ(games[0].diagnostics[0].count, 3);
}

}  // namespace
}  // namespace floe::parser
