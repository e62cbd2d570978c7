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

TEST(TypoSuggestion, MistypedCommandNamesTheNearest) {
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
    const RunResult r = run_floe("validate --jsn games.pgn");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "floe validate: unknown option '--jsn'; did you mean '--json'?\n");
    const RunResult with_value = run_floe("convert --move=lan games.pgn");
    EXPECT_EQ(with_value.exit_code, 2);
    EXPECT_EQ(with_value.err, "floe convert: unknown option '--move'; did you mean '--moves'?\n");
    const RunResult root = run_floe("--verison");
    EXPECT_EQ(root.exit_code, 2);
    EXPECT_EQ(root.err, "floe: unknown option '--verison'; did you mean '--version'?\n");
}

TEST(TypoSuggestion, UnknownOptionWithNothingNearKeepsCli11sMessage) {
    const RunResult r = run_floe("validate --zzzz games.pgn");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err,
              "The following argument was not expected: --zzzz\n"
              "Run with --help for more information.\n");
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
    EXPECT_EQ(r.err,
              "--moves: expected one of san, lan, uci, figurine, not \"1\"\n"
              "Run with --help for more information.\n");
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
