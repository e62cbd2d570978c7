// The canonical writer (docs/rules/notation.md §7), and the round trip over generated games.
#include "formats/pgn_writer.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "formats/generate.hpp"
#include "formats/main_line.hpp"
#include "notation/fen.hpp"
#include "parser/parse_record.hpp"
#include "rules/chess/random_game.hpp"

namespace floe::formats {
namespace {

namespace chess = rules::chess;

// Reads every game of `text` and writes it canonically (as `floe convert`).
std::string convert(const std::string& text,
                    const chess::Variant* variant = &chess::standard_variant(),
                    PgnOptions options            = {}) {
    parser::RecordReader reader(text);
    rules::GameRecord record;
    rules::DiagnosticLog log;
    GameOptions game_options;
    game_options.variant = variant ? &rules::variant_entry(*variant) : nullptr;
    std::string out;
    for (bool first = true; reader.next(record, log); first = false) {
        if (!first) out += '\n';
        write_pgn(out, record, game_options, options, std::move(log));
        log = {};
    }
    return out;
}

// The movetext part of a converted game.
std::string movetext(const std::string& text, PgnOptions options = {}) {
    const std::string out = convert(text, &chess::standard_variant(), options);
    return out.substr(out.find("\n\n") + 2);
}

TEST(PgnWriter, RosterFirstWithDefaultsThenTheOtherTagsInInputOrder) {
    const std::string out =
        convert("[ECO \"C20\"]\n[White \"A\"]\n[Annotator \"x\"]\n[Result \"1-0\"]\n\n1. e4 1-0");
    EXPECT_EQ(out,
              "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n"
              "[Black \"?\"]\n[Result \"1-0\"]\n[ECO \"C20\"]\n[Annotator \"x\"]\n\n1. e4 1-0\n");
}

TEST(PgnWriter, ResultTagIsTheTerminationMarker) {
    const std::string out = convert("[Result \"0-1\"]\n\n1. e4 *");
    EXPECT_NE(out.find("[Result \"*\"]\n"), std::string::npos);
}

TEST(PgnWriter, VariantTagAfterTheRosterUnlessStandardOrGiven) {
    const std::string ice = convert("1. dx*e3 *", &chess::ice_age_variant());
    EXPECT_NE(ice.find("[Result \"*\"]\n[Variant \"Ice Age\"]\n\n"), std::string::npos) << ice;
    EXPECT_EQ(convert("1. e4 *").find("Variant"), std::string::npos);
    // An input Variant tag keeps its place and spelling.
    const std::string kept =
        convert("[ECO \"A00\"]\n[Variant \"iceage\"]\n[Opening \"x\"]\n\n1. dx*e3 *");
    EXPECT_NE(kept.find("[ECO \"A00\"]\n[Variant \"iceage\"]\n[Opening \"x\"]\n"),
              std::string::npos)
        << kept;
}

TEST(PgnWriter, TagValuesPlainAndEscapedNonAsciiAndEmpty) {
    // Plain ASCII values are written as they stand; escapes, a lone backslash, UTF-8, a byte
    // that is not UTF-8 (read as Windows-1252) and an empty value go through the decoding path.
    const std::string out = convert(
        "[Event \"\"]\n[Site \"a \\\"b\\\" c\\\\d\\e\"]\n[White \"Jos\xc3\xa9\"]\n"
        "[Black \"Ren\xe9\"]\n[Annotator \"plain, ok: 1/2\"]\n[Opening \"\"]\n\n1. e4 *");
    EXPECT_EQ(out,
              "[Event \"\"]\n[Site \"a \\\"b\\\" c\\\\d\\\\e\"]\n[Date \"????.??.??\"]\n"
              "[Round \"?\"]\n[White \"Jos\xc3\xa9\"]\n[Black \"Ren\xc3\xa9\"]\n[Result \"*\"]\n"
              "[Annotator \"plain, ok: 1/2\"]\n[Opening \"\"]\n\n1. e4 *\n");
}

TEST(PgnWriter, ALongTagSectionKeepsInputOrder) {
    // A section longer than the writer keeps from its one reading is read again: the roster
    // tags and Variant found past that point, and the same order of the others.
    std::string in = "[White \"A\"]\n";
    std::string expected_rest;
    for (int i = 0; i < 40; ++i) {
        const std::string tag = "[T" + std::to_string(i) + " \"v" + std::to_string(i) + "\"]\n";
        in += tag;
        expected_rest += tag;
        if (i == 35) {
            in += "[Black \"C\"]\n[Variant \"Standard\"]\n";
            expected_rest += "[Variant \"Standard\"]\n";
        }
    }
    EXPECT_EQ(convert(in + "\n1. e4 *"),
              "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n"
              "[Black \"C\"]\n[Result \"*\"]\n" +
                  expected_rest + "\n1. e4 *\n");
}

TEST(PgnWriter, LinesHoldAtMost79CodePoints) {
    std::string game;
    for (int move = 1; move <= 40; ++move)
        game += std::to_string(move) + (move % 2 ? ". Nf3 Nf6 " : ". Ng1 Ng8 ");
    game += "*";
    const std::string text = movetext(game);
    std::size_t begin = 0, longest = 0;
    for (std::size_t end; (end = text.find('\n', begin)) != std::string::npos; begin = end + 1)
        longest = std::max(longest, end - begin);
    EXPECT_LE(longest, 79u);
    EXPECT_GE(longest, 75u);  // greedy: a line breaks only when the next unit does not fit
    EXPECT_EQ(text.substr(0, 80),
              "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8.\n");
}

TEST(PgnWriter, BlackMoveNumberAfterCommentsEventsAndVariations) {
    EXPECT_EQ(movetext("1. e4 {c} e5 2. Nf3 (2. d4) Nc6 3. Bb5 $1 a6 *"),
              "1. e4 {c} 1... e5 2. Nf3 (2. d4) 2... Nc6 3. Bb5 $1 a6 *\n");
}

TEST(PgnWriter, OrderAfterAMoveIsNagsThenCommentsThenVariations) {
    EXPECT_EQ(movetext("1. e4 (1. d4) {c} $3 e5 *"), "1. e4 $3 {c} (1. d4) 1... e5 *\n");
}

// Before the first move nothing is annotated: NAGs and comments keep their order, so that the
// output reads back the same (a marker comment before a glyph's NAG came back after it).
TEST(PgnWriter, BeforeTheFirstMoveNagsAndCommentsKeepTheirOrder) {
    EXPECT_EQ(movetext("{c} $19 e4 *"), "{c} $19 1. e4 *\n");
    EXPECT_EQ(movetext("$1 {c} $19 {d} e4 $2 {x} $3 *"), "$1 {c} $19 {d} 1. e4 $2 $3 {x} *\n");
    EXPECT_EQ(movetext(movetext("{c} $19 e4 *")), "{c} $19 1. e4 *\n");
}

TEST(PgnWriter, IceAgeEventAfterItsMoveFromTheRules) {
    // Reference position docs/rules/ice-age-chess.md §5.3: the record leaves the event out.
    const std::string game =
        "[FEN \"2rq1rk1/3bpp2/1*1p1bP1/1p2n3/4P2P/1NN2P1*/PPPQ4/1K1R3R b - - 0 20\"]\n"
        "[SetUp \"1\"]\n\n20... Rxc3 *";
    const std::string out = convert(game, &chess::ice_age_variant());
    EXPECT_EQ(out.substr(out.find("\n\n") + 2), "20... Rxc3 <ice age: Rh1 Ph4 pb5> *\n");
}

TEST(PgnWriter, AnErrorKeepsTheRestVerbatimBehindAMarker) {
    EXPECT_EQ(movetext("1. e4 e5 2. Ke3 Nc6\n3. Nf3 1-0"),
              "1. e4 e5 {[%floe illegal-move] Ke3 Nc6\n3. Nf3} 1-0\n");
    // A `}` in the rest: one comment per source line; a `;` comment only where a `}` is.
    EXPECT_EQ(movetext("1. e4 e5 2. Ke3 {x}\n3. Nf3 *"),
              "1. e4 e5 ;[%floe illegal-move] Ke3 {x}\n{3. Nf3} *\n");
    // An error inside a variation cuts that variation only.
    EXPECT_EQ(movetext("1. e4 (1. d4 Ke7 2. c4) e5 *"),
              "1. e4 (1. d4 {[%floe illegal-move] Ke7 2. c4}) 1... e5 *\n");
}

TEST(PgnWriter, OutputOfAnErrorReadsBackWithTheSameBytes) {
    const std::string once = convert("1. e4 e5 2. Ke3 {x} Nc6\n3. Nf3 (3. d4) *");
    EXPECT_EQ(convert(once), once);
}

TEST(PgnWriter, UnknownVariantsPassThroughAsWritten) {
    const std::string game = "[Variant \"Atomic\"]\r\n\r\n1. e4 {x} d5 2. Bb5+ *";
    EXPECT_EQ(convert(game), "[Variant \"Atomic\"]\n\n1. e4 {x} d5 2. Bb5+ *\n");
}

TEST(PgnWriter, MoveNotations) {
    const std::string game = "1. e4 d5 2. exd5 Qxd5 3. Nc3 *";
    EXPECT_EQ(movetext(game, {MoveNotation::Lan}), "1. e2-e4 d7-d5 2. e4xd5 Qd8xd5 3. Nb1-c3 *\n");
    EXPECT_EQ(movetext(game, {MoveNotation::Uci}), "1. e2e4 d7d5 2. e4d5 d8d5 3. b1c3 *\n");
    EXPECT_EQ(movetext(game, {MoveNotation::Figurine}),
              "1. e4 d5 2. exd5 \xE2\x99\x9Bxd5 3. \xE2\x99\x98"
              "c3 *\n");
}

TEST(PgnWriter, FixResultWritesTheForcedResult) {
    PgnOptions fix;
    fix.fix_result = true;
    EXPECT_EQ(movetext("1. f3 e5 2. g4 Qh4# 1-0", fix), "1. f3 e5 2. g4 Qh4# 0-1\n");
    EXPECT_EQ(movetext("1. f3 e5 2. g4 Qh4# *", fix), "1. f3 e5 2. g4 Qh4# 0-1\n");
    EXPECT_EQ(movetext("1. e4 1-0", fix), "1. e4 1-0\n");  // undecided: kept
}

// Property: for 1,000 random games of each chess variant, the canonical text read again gives
// the generator's position at every ply, and writing it again gives the same bytes.
class GeneratedGames : public ::testing::TestWithParam<const chess::Variant*> {};

TEST_P(GeneratedGames, RoundTripKeepsEveryPositionAndEveryByte) {
    const chess::Variant& variant = *GetParam();
    rules::SplitMix64 seeds(20261201);
    long long plies = 0;
    for (int game = 1; game <= 1000; ++game) {
        const std::uint64_t seed = seeds.next();
        const std::string text   = random_game_pgn(variant, seed, game, 150);

        rules::SplitMix64 rng(seed);
        const chess::Position start = chess::Position::start(variant);
        const auto moves            = chess::random_game(start, rng, 150);

        parser::RecordReader reader(text);
        rules::GameRecord record;
        rules::DiagnosticLog log;
        ASSERT_TRUE(reader.next(record, log));
        std::string fens;  // the start's and each ply's, one a line
        const ReplayedGame replayed =
            replay_game<MainLinePositions>(record, GameOptions{}, log, fens);
        ASSERT_EQ(replayed.errors() + replayed.warnings(), 0) << text;
        ASSERT_EQ(replayed.plies(), moves.size()) << text;
        chess::Position pos = start;
        std::string want    = make_fen(pos) + '\n';
        for (const chess::Move& m : moves) {
            pos.play(m);
            want += make_fen(pos) + '\n';
        }
        ASSERT_EQ(fens, want) << "game " << game;
        std::string again;
        write_pgn(again, record, GameOptions{}, {}, std::move(log));
        ASSERT_EQ(again, text);
        plies += static_cast<long long>(moves.size());
    }
    EXPECT_GT(plies, 1000 * 50);  // the games are real games, not empty ones
}

INSTANTIATE_TEST_SUITE_P(ChessVariants, GeneratedGames,
                         ::testing::Values(&chess::ice_age_variant(),
                                           &chess::ice_age_vchess_variant(),
                                           &chess::standard_variant()),
                         [](const auto& info) {
                             std::string name(info.param->name);
                             std::erase(name, ' ');
                             return name;
                         });

}  // namespace
}  // namespace floe::formats

namespace floe::formats {
namespace {

// A comment of 64 KB or more is written from the record's bytes a piece at a time, never copied
// whole (issue 25): laid out as a short one is (its first line's width decides the line break
// before it, its last line's the column after it, the `)` after it counted there), its line
// ends LF, its bytes that are not UTF-8 decoded, straight to the stream when there is one.
TEST(PgnWriter, ALongCommentIsLaidOutAndNormalisedAsAShortOne) {
    for (const std::size_t n : {std::size_t{100}, std::size_t{70'000}}) {
        SCOPED_TRACE(n);
        const std::string comment  = "\xC3\xA9" + std::string(n, 'a') + "\r\nline two \xE9 end";
        const std::string text     = "1. e4 (1. d4 {" + comment + "}) 1... e5 *";
        const std::string expected = "1. e4 (1. d4\n{\xC3\xA9" + std::string(n, 'a') +
                                     "\nline two \xC3\xA9 end}) 1... e5 *\n";
        // EXPECT_TRUE: a failure does not print 70 KB.
        EXPECT_TRUE(movetext(text) == expected);
        parser::RecordReader reader(text);
        rules::GameRecord record;
        rules::DiagnosticLog log;
        ASSERT_TRUE(reader.next(record, log));
        GameOptions options;
        options.variant = &rules::variant_entry(chess::standard_variant());
        std::ostringstream stream;
        std::string rest;
        write_pgn(TextOut(rest, &stream), record, options, {}, std::move(log));
        const std::string streamed = stream.str() + rest;
        EXPECT_TRUE(streamed.substr(streamed.find("\n\n") + 2) == expected);
        if (n > TextOut::Chunk) EXPECT_GE(stream.str().size(), TextOut::Chunk);  // went out
    }
    // A `}` in a `;` comment's text keeps it a `;` comment, which ends its line.
    const std::string semi = std::string(70'000, 'b') + "}";
    EXPECT_TRUE(movetext("1. e4 ;" + semi + "\ne5 *") == "1. e4\n;" + semi + "\n1... e5 *\n");
}

}  // namespace
}  // namespace floe::formats
