// A mistyped command or long option is named with the nearest known one ("did you mean"), and
// --help shows the words of an enum option, not its numbers (issue 17 item 6).

#include "cli/typo_suggestion.hpp"

#include <gtest/gtest.h>

#include <string>

#include "cli/command_docs.hpp"
#include "rules/variants.hpp"
#include "support/test_support.hpp"

namespace floe::test {
namespace {

using cli::edit_distance;
using cli::nearest_word;

TEST(EditDistance, CountsInsertionsDeletionsSubstitutionsAndSwaps) {
    EXPECT_EQ(edit_distance("validate", "validate"), 0u);
    EXPECT_EQ(edit_distance("valdate", "validate"), 1u);   // one left out
    EXPECT_EQ(edit_distance("vaildate", "validate"), 1u);  // two swapped
    EXPECT_EQ(edit_distance("convret", "convert"), 1u);
    EXPECT_EQ(edit_distance("fen", "ten"), 1u);
    EXPECT_EQ(edit_distance("", "fen"), 3u);
    EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
}

TEST(NearestWord, TakesTheClosestWithinTwoAndAThirdOfTheLength) {
    const std::vector<std::string> commands = {"validate", "convert", "select", "fen", "moves"};
    EXPECT_EQ(nearest_word("valdate", commands), "validate");
    EXPECT_EQ(nearest_word("selcet", commands), "select");
    EXPECT_EQ(nearest_word("fn", commands), "fen");
    EXPECT_EQ(nearest_word("mvoes", commands), "moves");
    EXPECT_EQ(nearest_word("xyz", commands), "");
    EXPECT_EQ(nearest_word("fxx", commands), "");  // 2 edits from fen: too many for 3 letters
}

// A word cut short names the one word it begins (issue 27: `floe vali` suggested nothing); two
// words begun, or fewer than 3 letters, name none.
TEST(NearestWord, AWordCutShortNamesTheOneWordItBegins) {
    const std::vector<std::string> commands = {"validate", "convert", "select", "fen", "moves"};
    EXPECT_EQ(nearest_word("vali", commands), "validate");
    EXPECT_EQ(nearest_word("conv", commands), "convert");
    EXPECT_EQ(nearest_word("va", commands), "");
    const std::vector<std::string> options = {"max-errors", "max-game-bytes", "variant"};
    EXPECT_EQ(nearest_word("max", options), "");
    EXPECT_EQ(nearest_word("max-g", options), "max-game-bytes");
    EXPECT_EQ(nearest_word("var", options), "variant");
}

TEST(UnknownValue, NamesTheNearestOrListsTheValues) {
    EXPECT_EQ(cli::unknown_value("jsn", "value", {"pgn", "json"}),
              "unknown value \"jsn\"; did you mean \"json\"?");
    EXPECT_EQ(cli::unknown_value("xml", "value", {"pgn", "json"}),
              "\"xml\" is not one of pgn, json");
    EXPECT_EQ(cli::unknown_value("chess960x", "variant", "Chess960", {"Standard", "Chess960"}),
              "unknown variant \"chess960x\"; did you mean \"Chess960\"?");
}

TEST(TypoSuggestion, MistypedCommandNamesTheNearest) {
    const RunResult cut = run_floe("vali games.pgn");
    EXPECT_EQ(cut.exit_code, 2);
    EXPECT_EQ(cut.err, "floe: unknown command 'vali'; did you mean 'validate'?\n");
    const RunResult r = run_floe("valdate games.pgn");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "floe: unknown command 'valdate'; did you mean 'validate'?\n");
}

TEST(TypoSuggestion, UnknownCommandWithNothingNearPointsToHelp) {
    const RunResult r = run_floe("frobnicate games.pgn");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "floe: unknown command 'frobnicate'; see 'floe --help'\n");
}

TEST(TypoSuggestion, HiddenCommandIsNeverSuggested) {
    const RunResult r = run_floe("help-exprt man");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "floe: unknown command 'help-exprt'; see 'floe --help'\n");
}

TEST(TypoSuggestion, MistypedLongOptionNamesTheNearestOfItsCommand) {
    const RunResult r = run_floe("validate --quite games.pgn");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "floe validate: unknown option '--quite'; did you mean '--quiet'?\n");
    const RunResult with_value = run_floe("convert --move=lan games.pgn");
    EXPECT_EQ(with_value.exit_code, 2);
    EXPECT_EQ(with_value.err, "floe convert: unknown option '--move'; did you mean '--moves'?\n");
    const RunResult root = run_floe("--verison");
    EXPECT_EQ(root.exit_code, 2);
    EXPECT_EQ(root.err, "floe: unknown option '--verison'; did you mean '--version'?\n");
}

TEST(TypoSuggestion, UnknownOptionWithNothingNearPointsToTheCommandsHelp) {
    const RunResult r = run_floe("validate --zzzz games.pgn");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "floe validate: unknown option '--zzzz'; see 'floe validate --help'\n");
    const RunResult root = run_floe("--zzzz validate games.pgn");
    EXPECT_EQ(root.exit_code, 2);
    EXPECT_EQ(root.err, "floe: unknown option '--zzzz'; see 'floe --help'\n");
}

// Option names are compared without the "--" they all share: "--strip" is 2 edits from
// "--skip" and from "--strict", too many for "skip" and "strict" (issue 27: select --strip
// suggested --skip).
TEST(TypoSuggestion, OptionNamesAreComparedWithoutTheirDashes) {
    const RunResult r = run_floe("validate --strp games.pgn");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "floe validate: unknown option '--strp'; see 'floe validate --help'\n");
    const RunResult near = run_floe("validate --stric games.pgn");
    EXPECT_EQ(near.err, "floe validate: unknown option '--stric'; did you mean '--strict'?\n");
}

// An option of another command is named as that command's, not taken for a typo of a near name
// of this one.
TEST(TypoSuggestion, AnOptionOfAnotherCommandIsNamedAsItsOwn) {
    const RunResult r = run_floe("moves --divide x");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err,
              "floe moves: unknown option '--divide' (an option of perft); see 'floe moves "
              "--help'\n");
    // --steer is generate's alone.
    const RunResult steer = run_floe("validate --steer drops games.pgn");
    EXPECT_EQ(steer.err,
              "floe validate: unknown option '--steer' (an option of generate); see 'floe "
              "validate --help'\n");
}

// An old spelling (validate --json, diagram --format) still works but is never suggested, nor
// named as another command's option: a typo leads to the spelling to use.
TEST(TypoSuggestion, AnOldSpellingIsNeverSuggested) {
    const RunResult r = run_floe("validate --jsn games.pgn");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "floe validate: unknown option '--jsn'; see 'floe validate --help'\n");
    const RunResult format = run_floe("fen --format svg games.pgn");
    EXPECT_EQ(format.err, "floe fen: unknown option '--format'; see 'floe fen --help'\n");
}

TEST(TypoSuggestion, KnownCommandsAndOptionsAreNotTypos) {
    const RunResult r = run_floe("validate --json " + quoted_source("samples/select/chess.pgn"));
    EXPECT_EQ(r.err.find("did you mean"), std::string::npos) << r.err;
    EXPECT_EQ(run_floe("--version").out, "floe 0.1.0\n");
}

// Every command's help shows words for its enum options: no "ENUM", no "->" of CLI11's mapping.
TEST(HelpWords, NoCommandShowsEnumNumbers) {
    for (const char* command : {"validate", "convert", "select", "fen", "generate", "moves",
                                "perft", "diagram", "replay"}) {
        const RunResult r = run_floe(std::string(command) + " --help");
        EXPECT_EQ(r.exit_code, 0) << command;
        EXPECT_EQ(r.out.find("ENUM"), std::string::npos) << command << ":\n" << r.out;
        EXPECT_EQ(r.out.find("->"), std::string::npos) << command << ":\n" << r.out;
    }
}

TEST(HelpWords, ConvertShowsMoveNotationsAndEncodingsAsWords) {
    const RunResult r = run_floe("convert --help");
    EXPECT_NE(r.out.find("  --moves TEXT:{san,lan,uci,figurine}\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("  --encoding TEXT:{cp1252,latin1,cp437}\n"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("{0,1"), std::string::npos) << r.out;
}

TEST(HelpWords, WordsAreReadInAnyCaseAndOthersNamed) {
    const std::string sample = quoted_source("samples/select/chess.pgn");
    EXPECT_EQ(run_floe("convert --moves UCI --encoding Latin1 " + sample).out,
              run_floe("convert --moves uci " + sample).out);
    const RunResult r = run_floe("convert --moves 1 " + sample);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "floe convert: --moves: \"1\" is not one of san, lan, uci, figurine\n");
    const RunResult near = run_floe("convert --moves UCX " + sample);
    EXPECT_EQ(near.err, "floe convert: --moves: unknown value \"UCX\"; did you mean \"uci\"?\n");
}

// The completion offers each variant as one shell word that --variant reads as that variant.
TEST(VariantWord, NamesEachVariantAsOneWord) {
    EXPECT_EQ(cli::variant_word("Ice Age vchess"), "ice-age-vchess");
    for (const rules::VariantEntry& entry : rules::variant_table()) {
        const std::string word = cli::variant_word(entry.name);
        EXPECT_EQ(word.find(' '), std::string::npos) << word;
        EXPECT_EQ(rules::find_variant(word), &entry) << word;
    }
}

}  // namespace
}  // namespace floe::test
