// The reader's fast paths (issue 15): the word-at-a-time byte tests, the line count and the
// UTF-8 check that step over eight bytes at once, and the scanner's step over move words. Each
// must give exactly what the byte-by-byte reading gave (docs/rules/notation.md §1.12, §1.13).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "parser/game_grammar.hpp"
#include "parser/movetext_reader.hpp"
#include "parser/parse_record.hpp"
#include "parser/word_at_a_time.hpp"
#include "read_games.hpp"

namespace floe::parser {
namespace {

using rules::DiagCode;

std::uint64_t word_of(const std::string& bytes) { return detail::load8(bytes.data()); }

TEST(WordAtATime, HasByteBelowIsExactForEveryByteAndPlace) {
    // Each byte value at each place among bytes that do not qualify.
    const auto with = [](char filler, int value, int place) {
        std::string bytes(8, filler);
        bytes[static_cast<std::size_t>(place)] = static_cast<char>(value);
        return word_of(bytes);
    };
    for (int value = 0; value < 256; ++value)
        for (int place = 0; place < 8; ++place) {
            EXPECT_EQ(detail::has_byte_below(with('e', value, place), 0x0E), value < 0x0E)
                << value << " at " << place;
            EXPECT_EQ(detail::has_byte_below(with('\xFF', value, place), 0x80), value < 0x80)
                << value << " at " << place;
            EXPECT_EQ(detail::has_high_bit(with('e', value, place)), value >= 0x80)
                << value << " at " << place;
        }
    // A qualifying byte beside bytes just above the bound, and none at all.
    EXPECT_TRUE(
        detail::has_byte_below(word_of(std::string("\x0E\x0E\x0E\x0D\x0E\x0E\x0E\x0E", 8)), 0x0E));
    EXPECT_FALSE(detail::has_byte_below(word_of(std::string(8, '\x0E')), 0x0E));
    EXPECT_FALSE(detail::has_byte_below(word_of(std::string(8, '\xFF')), 0x0E));
    EXPECT_FALSE(detail::has_high_bit(word_of(std::string(8, '\x7F'))));
}

struct Start {
    std::uint32_t line, column;
    bool operator==(const Start&) const = default;
};

std::vector<Start> starts(const std::string& text) {
    GameSource source(text);
    std::vector<Start> out;
    for (GameText t; source.next(t);) out.push_back({t.first_line, t.first_column});
    return out;
}

TEST(FastPaths, LinesAreCountedAcrossLongLinesOfEveryLineEnd) {
    // Lines of 0 to 20 filler bytes (the eight-byte steps start and stop at every place), each
    // ended by LF, CR or CRLF in turn, between games; a tab, which the step stops at, too.
    for (const std::string end : {"\n", "\r", "\r\n"}) {
        std::string text;
        std::vector<Start> want;
        std::uint32_t line = 1;
        for (std::size_t n = 0; n <= 20; ++n) {
            // A comment before its game's moves belongs to the game: it starts there.
            want.push_back({line, 1});
            text += "{" + std::string(n, 'x') + "\t}" + end + "1. e4 *" + end;
            line += 2;
        }
        EXPECT_EQ(starts(text), want) << "line end "
                                      << (end == "\n"   ? "LF"
                                          : end == "\r" ? "CR"
                                                        : "CRLF");
    }
    // Multi-byte characters count one column each; a game after another on its line.
    EXPECT_EQ(starts("{\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9}\r\n1. e4 1-0 1. d4 *\n\n\n"
                     "{\xE2\x80\xA6\xE2\x80\xA6} 1. c4 *"),
              (std::vector<Start>{{1, 1}, {2, 11}, {5, 1}}));
}

TEST(FastPaths, TheFirstByteThatIsNotUtf8IsFoundAtEveryPlace) {
    for (std::size_t before = 0; before <= 24; ++before) {
        // ASCII and whole UTF-8 characters before it, in runs that do and do not fill eight
        // bytes; a second bad byte after it is not reported.
        const std::string lead =
            std::string(before, 'a') + "\xC3\xA9" + std::string(before % 9, 'b');
        const std::string text = "{" + lead + "\xE9" + std::string(before, 'c') + "\xFF} 1. e4 *";
        const auto games       = test::read_all(text);
        ASSERT_EQ(games.size(), 1u);
        ASSERT_EQ(test::codes(games[0]), std::vector<DiagCode>{DiagCode::InvalidUtf8}) << before;
        EXPECT_EQ(games[0].diagnostics[0].span.begin, 1 + lead.size()) << before;
    }
    // A sequence cut at the end of the game, after eight ASCII bytes.
    const auto games = test::read_all("{abcdefgh} 1. e4 * \xE2\x80");
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(test::codes(games[1]).front(), DiagCode::InvalidUtf8);
}

std::vector<std::string> cut(const std::string& text) {
    GameSource source(text);
    std::vector<std::string> games;
    for (GameText t; source.next(t);) games.emplace_back(t.game());
    return games;
}

TEST(FastPaths, TheScannerCutsAfterManyMovesAsBefore) {
    // Move words past the first two are stepped over: a number 1, a result, a tag line and a
    // result inside a variation still decide as before.
    EXPECT_EQ(cut("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1. d4 d5 *"),
              (std::vector<std::string>{"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6", "1. d4 d5 *"}));
    EXPECT_EQ(cut("1. e4 e5 2. Nf3 N Nc6 0-1 1. d4 *"),
              (std::vector<std::string>{"1. e4 e5 2. Nf3 N Nc6 0-1", "1. d4 *"}));
    EXPECT_EQ(cut("1. e4 e5 2. Nf3 (2. Bc4 Bc5 1-0) Nc6\n[Event \"x\"]\n1. c4 *"),
              (std::vector<std::string>{"1. e4 e5 2. Nf3 (2. Bc4 Bc5 1-0) Nc6",
                                        "[Event \"x\"]\n1. c4 *"}));
    EXPECT_EQ(cut("1. e4 e5 2. Nf3 (2. Bc4 Bc5 1-0 3. d3) Nc6 1/2-1/2"),
              (std::vector<std::string>{"1. e4 e5 2. Nf3 (2. Bc4 Bc5 1-0", "3. d3) Nc6 1/2-1/2"}));
    // Before two moves, a glyph or dots are no move: the number 1 after them splits nothing.
    EXPECT_EQ(cut("1. e4 !? 1... e5 2. Nf3 *"),
              (std::vector<std::string>{"1. e4 !? 1... e5 2. Nf3 *"}));
    // `N` counts as a move (it may be a knight's): Black's number 1 after two moves splits.
    EXPECT_EQ(cut("1. e4 N 1... e5 *"), (std::vector<std::string>{"1. e4 N", "1... e5 *"}));
    // After a later number and two moves only a number 1 is read: `10.`, `1a` and `19...` are
    // not one, `1` alone is.
    EXPECT_EQ(cut("9. e4 e5 10. Nf3 1a 19... Nc6 1 d4 *"),
              (std::vector<std::string>{"9. e4 e5 10. Nf3 1a 19... Nc6", "1 d4 *"}));
    // A number 1 with leading zeros is a number 1 (number_prefix reads `01.` and `001...` as 1);
    // `0-0` and `00.` are not.
    EXPECT_EQ(cut("1. e4 e5 2. Nf3 Nc6 01. d4 d5 *"),
              (std::vector<std::string>{"1. e4 e5 2. Nf3 Nc6", "01. d4 d5 *"}));
    EXPECT_EQ(cut("9. e4 e5 10. Nf3 Nc6 001... d5 *"),
              (std::vector<std::string>{"9. e4 e5 10. Nf3 Nc6", "001... d5 *"}));
    EXPECT_EQ(cut("9. e4 e5 10. Nf3 Nc6 0-0 00. d4 010. c4 *"),
              (std::vector<std::string>{"9. e4 e5 10. Nf3 Nc6 0-0 00. d4 010. c4 *"}));
    // Words glued to a result are no result: `Nf3*` is one word.
    EXPECT_EQ(cut("1. e4 e5 2. Nf3* Nc6 *"), (std::vector<std::string>{"1. e4 e5 2. Nf3* Nc6 *"}));
}

struct Measured {
    detail::TokenKind kind;
    std::uint32_t begin = 0, end = 0, value = 0;
    bool black_dots = false, too_large = false, lenient = false;
    bool operator==(const Measured&) const = default;
};

Measured first_token(std::string_view text) {
    const detail::Token t = detail::next_token(text, 0, true);
    return {t.kind, t.begin, t.end, t.value, t.black_dots, t.too_large, t.lenient};
}

TEST(FastPaths, TokensCarryWhatTheGrammarMeasured) {
    using K = detail::TokenKind;
    EXPECT_EQ(first_token("12... e4"), (Measured{K::MoveNumber, 0, 5, 12, true, false, false}));
    EXPECT_EQ(first_token("7. e4"), (Measured{K::MoveNumber, 0, 2, 7, false, false, false}));
    EXPECT_EQ(first_token("7\xE2\x80\xA6 e4"),
              (Measured{K::MoveNumber, 0, 4, 7, true, false, false}));
    EXPECT_EQ(first_token("99999999999999999999. e4"),
              (Measured{K::MoveNumber, 0, 21, 4294967295u, false, true, false}));
    // Digits alone are a number where the next byte ends a token (the text's end, `{`, a
    // Unicode space), and a word where it does not.
    EXPECT_EQ(first_token("12"), (Measured{K::MoveNumber, 0, 2, 12, false, false, false}));
    EXPECT_EQ(first_token("12{"), (Measured{K::MoveNumber, 0, 2, 12, false, false, false}));
    EXPECT_EQ(first_token("12\xC2\xA0"), (Measured{K::MoveNumber, 0, 2, 12, false, false, false}));
    EXPECT_EQ(first_token("12\xC3\xA9"), (Measured{K::Word, 0, 4, 0, false, false, false}));
    EXPECT_EQ(first_token("3.."), (Measured{K::MoveNumber, 0, 3, 3, true, false, false}));
    // A number measured and refused (`1a` is a word): nothing of it rides on the word.
    EXPECT_EQ(first_token("1a"), (Measured{K::Word, 0, 2, 0, false, false, false}));
    EXPECT_EQ(first_token("1-0"), (Measured{K::Word, 0, 3, 0, false, false, false}));
    // A tag pair: the offset of the value's closing quote, and whether it was found leniently.
    EXPECT_EQ(first_token("[White \"Ann\"]"),
              (Measured{K::TagPair, 0, 13, 11, false, false, false}));
    EXPECT_EQ(first_token("[Event \"say \"hi\" there\"]"),
              (Measured{K::TagPair, 0, 24, 22, false, false, true}));
    EXPECT_EQ(first_token("[Bad \"x\n"), (Measured{K::BadTag, 0, 7, 0, false, false, false}));
    // What the last token measured does not stay for the next.
    const std::string_view text = "[Round \"1\"] 1... e4";
    const detail::Token tag     = detail::next_token(text, 0, true);
    EXPECT_EQ(tag.value, 9u);
    const detail::Token number = detail::next_token(text, tag.end, true);
    EXPECT_EQ(number.value, 1u);
    EXPECT_TRUE(number.black_dots);
    const detail::Token word = detail::next_token(text, number.end, true);
    EXPECT_EQ((Measured{word.kind, word.begin, word.end, word.value, word.black_dots,
                        word.too_large, word.lenient}),
              (Measured{K::Word, 17, 19, 0, false, false, false}));
}

struct Piece {
    rules::ElementKind kind;
    std::uint32_t begin, end;
    std::uint8_t flags;
    bool operator==(const Piece&) const = default;
};

// The elements of a quiet reading from `from` up to the first move or the end.
std::vector<Piece> tag_section(MovetextReader& reader, std::uint32_t from) {
    std::vector<Piece> out;
    reader.seek(from);
    for (;;) {
        const rules::Element e = reader.read(rules::ReadMode::Quiet, 0);
        out.push_back({e.kind, e.span.begin, e.span.end, e.flags});
        if (e.kind == rules::ElementKind::Move || e.kind == rules::ElementKind::End) return out;
    }
}

TEST(FastPaths, TheTagSectionReadAgainGivesTheTagsOfTheFirstReading) {
    using E = rules::ElementKind;
    // Tags kept by the constructor, a comment and an escape line between them, a malformed tag.
    const std::string text = "[White \"Ann\"] {c}\n%x\n[Bad \"x\n [Black \"Bo\"]\n1. e4 *";
    RecordReader records(text, {});
    rules::GameRecord g;
    rules::DiagnosticLog log;
    ASSERT_TRUE(records.next(g, log));
    rules::DiagnosticLog found;
    MovetextReader reader(g, found, {});
    const std::vector<Piece> expected = {
        {E::Tag, 0, 13, 0},  {E::Comment, 14, 17, 0},    {E::Tag, 21, 28, rules::BadTag},
        {E::Tag, 30, 42, 0}, {E::MoveNumber, 43, 45, 0}, {E::Move, 46, 48, 0}};
    EXPECT_EQ(tag_section(reader, 0), expected);
    EXPECT_EQ(tag_section(reader, 0), expected);  // and again
    // From white space before a tag, and from a tag's first byte.
    EXPECT_EQ(tag_section(reader, 28), std::vector<Piece>(expected.begin() + 3, expected.end()));
    EXPECT_EQ(tag_section(reader, 30), std::vector<Piece>(expected.begin() + 3, expected.end()));
    EXPECT_EQ(found.list().size(), 1u);  // the malformed tag, once

    // More tags than the reader keeps: those after them are cut again, the same.
    std::string many;
    for (int i = 0; i < 300; ++i) many += "[T" + std::to_string(i) + " \"v\"] ";
    many += "1. e4 *";
    RecordReader many_records(many, {});
    ASSERT_TRUE(many_records.next(g, log));
    MovetextReader many_reader(g, found, {});
    const std::vector<Piece> pieces = tag_section(many_reader, 0);
    ASSERT_EQ(pieces.size(), 302u);
    std::uint32_t at = 0;
    for (int i = 0; i < 300; ++i) {
        const auto len = static_cast<std::uint32_t>(std::to_string(i).size() + 7);
        EXPECT_EQ(pieces[static_cast<std::size_t>(i)], (Piece{E::Tag, at, at + len, 0})) << i;
        at += len + 1;
    }
}

std::vector<Measured> tokens(std::string_view text) {
    std::vector<Measured> out;
    for (std::size_t at = 0;;) {
        const detail::Token t = detail::next_token(text, at, true);
        if (t.kind == detail::TokenKind::End) return out;
        out.push_back({t.kind, t.begin, t.end, t.value, t.black_dots, t.too_large, t.lenient});
        at = t.end;
    }
}

TEST(FastPaths, AMoveWordIsCutWhereTheGrammarCutsIt) {
    using K        = detail::TokenKind;
    const auto w   = [](std::uint32_t b, std::uint32_t e) { return Measured{K::Word, b, e, 0}; };
    const auto one = [](K kind, std::uint32_t b, std::uint32_t e) {
        return Measured{kind, b, e, 0};
    };
    // Ended by the text's end, white space and each ASCII byte that ends a token.
    EXPECT_EQ(tokens("a"), (std::vector<Measured>{w(0, 1)}));
    EXPECT_EQ(tokens("O-O-O+ exd8=Q#!?\tNf3\n"),
              (std::vector<Measured>{w(0, 6), w(7, 16), w(17, 20)}));
    EXPECT_EQ(tokens("Nf3{c}"), (std::vector<Measured>{w(0, 3), one(K::Comment, 3, 6)}));
    EXPECT_EQ(tokens("e4)"), (std::vector<Measured>{w(0, 2), one(K::Close, 2, 3)}));
    EXPECT_EQ(tokens("e4(d4"), (std::vector<Measured>{w(0, 2), one(K::Open, 2, 3), w(3, 5)}));
    EXPECT_EQ(tokens("e4$1"), (std::vector<Measured>{w(0, 2), one(K::Nag, 2, 4)}));
    EXPECT_EQ(tokens("e4;x"), (std::vector<Measured>{w(0, 2), one(K::LineComment, 2, 4)}));
    EXPECT_EQ(tokens("e4<x>"), (std::vector<Measured>{w(0, 2), one(K::Event, 2, 5)}));
    EXPECT_EQ(tokens("e4%"), (std::vector<Measured>{w(0, 2), one(K::Stray, 2, 3)}));
    EXPECT_EQ(tokens("e4\"]"),
              (std::vector<Measured>{w(0, 2), one(K::Stray, 2, 3), one(K::Stray, 3, 4)}));
    EXPECT_EQ(tokens("e4\x01"), (std::vector<Measured>{w(0, 2), one(K::Stray, 2, 3)}));
    EXPECT_EQ(tokens("e4\x7F"), (std::vector<Measured>{w(0, 2), one(K::Stray, 2, 3)}));
    // Reaching a byte above 0x7F: the grammar decides. A Unicode space ends the word, an
    // ellipsis or a letter does not.
    EXPECT_EQ(tokens("e4\xC2\xA0"
                     "e5"),
              (std::vector<Measured>{w(0, 2), one(K::UnicodeSpace, 2, 4), w(4, 6)}));
    EXPECT_EQ(tokens("e4\xE2\x80\xA6 e5"), (std::vector<Measured>{w(0, 5), w(6, 8)}));
    EXPECT_EQ(tokens("e\xC3\xA9"
                     "5"),
              (std::vector<Measured>{w(0, 4)}));
    // Words the fast path leaves to the grammar (a glyph, a number, a lowercase letter past h).
    EXPECT_EQ(tokens("+- 1.e4 z"),
              (std::vector<Measured>{w(0, 2), Measured{K::MoveNumber, 3, 5, 1, false, false, false},
                                     w(5, 7), w(8, 9)}));
}

}  // namespace
}  // namespace floe::parser
