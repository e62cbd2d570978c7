// The variant table as the command line shows it (rules/variants.hpp,
// docs/rules/notation.md §2.2): --variant's
// help and validator, the help's list of variants, the unsupported-variant message and the
// Variant tag of the canonical writer all come from the table.

#include <gtest/gtest.h>

#include <string>

#include "rules/variants.hpp"
#include "support/test_support.hpp"

namespace floe::test {
namespace {

// Every command with --variant.
constexpr const char* Commands[] = {"validate", "convert", "generate", "fen",
                                    "moves",    "perft",   "diagram",  "replay"};

TEST(VariantsCli, HelpListsEveryVariantWithItsAliasesAndHelp) {
    for (const char* command : Commands) {
        const RunResult r = run_floe(std::string(command) + " --help");
        EXPECT_EQ(r.exit_code, 0) << command;
        // The commands that read records say what the first plies choose without the option
        // (docs/rules/notation.md §2.7); those of a position or of generated games name the
        // default; diagram, of a --fen position or a record FILE, says both.
        const std::string cmd(command);
        const bool records =
            cmd == "validate" || cmd == "convert" || cmd == "fen" || cmd == "replay";
        const std::string names =
            "\"Ice Age\", \"Ice Age vchess\", \"Standard\", \"Crazyhouse\", \"Chess960\", "
            "\"Glacial Shift\" (see Variants below)";
        const std::string plies =
            "each game's first plies choose: Standard, Crazyhouse, Glacial Shift, else Ice Age): ";
        std::string lead = "Rules of the position (default: Ice Age): ";
        if (records) lead = "Rules for games without a Variant tag (without this option, " + plies;
        if (cmd == "generate") lead = "Rules of the games (default: Ice Age): ";
        if (cmd == "diagram")
            lead =
                "Rules of the position of --fen or --fen-file (default: Ice Age), and of a game "
                "without a Variant tag (without this option, " +
                plies;
        EXPECT_NE(r.out.find("--variant TEXT:VARIANT      " + lead + names), std::string::npos)
            << command << ":\n"
            << r.out;
        EXPECT_NE(
            r.out.find("Variants, for --variant and the Variant tag (case, spaces, '-' and "
                       "'_' are ignored):\n"
                       "  Ice Age         Ice Age Chess: ice cubes, and an Ice Age after "
                       "every 20th move of Black (the default)\n"
                       "                  also: Iceage, Ice Age Chess\n"
                       "  Ice Age vchess  Ice Age Chess as vchess plays it: the Ice Age move "
                       "is judged after the Ice Age\n"
                       "  Standard        orthodox chess\n"
                       "                  also: Chess, Orthodox, Regular, From Position, Normal\n"
                       "  Crazyhouse      orthodox chess with drops: captured pieces go to "
                       "the capturer's pocket\n"
                       "                  also: zh\n"
                       "  Chess960        orthodox chess from any of the 960 Fischer Random "
                       "start arrays\n"
                       "                  also: Fischerandom, Chess 960, 960\n"
                       "  Glacial Shift   four players on the Glacial Shift board\n"),
            std::string::npos)
            << command << ":\n"
            << r.out;
        // Whatever the table holds, each row is in the help.
        for (const rules::VariantEntry& entry : rules::variant_table()) {
            EXPECT_NE(r.out.find(entry.help), std::string::npos) << command << ": " << entry.name;
            for (const std::string_view alias : entry.aliases)
                EXPECT_NE(r.out.find(alias), std::string::npos) << command << ": " << alias;
        }
    }
}

TEST(VariantsCli, TheValidatorAcceptsEveryNameAndAliasAndRefusesOthers) {
    for (const rules::VariantEntry& entry : rules::variant_table()) {
        std::vector<std::string_view> spellings{entry.name};
        spellings.insert(spellings.end(), entry.aliases.begin(), entry.aliases.end());
        for (const std::string_view s : spellings) {
            const RunResult r = run_floe("validate --variant '" + std::string(s) + "' -", "*\n");
            EXPECT_EQ(r.exit_code, 0) << s << ": " << r.err;
        }
    }
    const RunResult r = run_floe("validate --variant antichess -", "*\n");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err,
              "floe validate: --variant: \"antichess\" is not one of Ice Age, Ice Age vchess, "
              "Standard, Crazyhouse, Chess960, Glacial Shift\n");
}

TEST(VariantsCli, TheUnsupportedMessageListsEveryVariant) {
    const RunResult r = run_floe("validate -", "[Variant \"Antichess\"]\n\n1. e3 *\n");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(
        r.err,
        "<stdin>:1:1: error: game 1, unsupported variant \"Antichess\" (floe replays Ice Age, "
        "Ice Age vchess, Standard, Crazyhouse, Chess960 and Glacial Shift) [unsupported-variant]\n"
        "    1 | [Variant \"Antichess\"]\n"
        "      | ^~~~~~~~~~~~~~~~~~~~~\n");
    EXPECT_EQ(r.out, "<stdin>: 1 games, 0 plies, 1 errors, 0 warnings\n");
    for (const rules::VariantEntry& entry : rules::variant_table())
        EXPECT_NE(r.err.find(entry.name), std::string::npos) << entry.name;
}

TEST(VariantsCli, TheCanonicalWriterNamesTheVariantFromTheTable) {
    // A game read under --variant gets the row's canonical name as its Variant tag, except
    // orthodox chess, which PGN assumes.
    const std::string game = "1. e4 e5 *\n";
    EXPECT_NE(run_floe("convert --variant zh -", game).out.find("[Variant \"Crazyhouse\"]"),
              std::string::npos);
    EXPECT_EQ(run_floe("convert --variant orthodox -", game).out.find("[Variant"),
              std::string::npos);
    EXPECT_NE(run_floe("convert --variant ice_age_vchess -", "1. d4 d5 *\n")
                  .out.find("[Variant \"Ice Age vchess\"]"),
              std::string::npos);
}

}  // namespace
}  // namespace floe::test
