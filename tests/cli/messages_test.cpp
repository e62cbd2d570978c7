// One message shape (issue 27 item 2): every message about the command line starts with
// "floe COMMAND: " ("floe: " before a command is chosen), is one line in floe's words, never
// CLI11's, and exits with the usage code 2 (cli/parse_error_message.hpp).

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/test_support.hpp"

namespace floe::test {
namespace {

// A kind of command-line error and the arguments that make it in one command ("S" stands for a
// record file that exists).
struct Mistake {
    const char* kind;
    const char* args;
};

struct CommandMistakes {
    const char* command;
    std::vector<Mistake> mistakes;
};

// The kinds every command can make.
std::vector<Mistake> common_mistakes(const std::string& command) {
    return {{"unknown option", "--zzzz S"},
            {"unknown short option", "-Z S"},
            {"option of another command", command == "perft" ? "--steer drops S 1" : "--divide S"},
            {"bad variant", "--variant chess960x S"},
            {"missing value", "S --variant"},
            {"value given twice", "--variant standard --variant zh S"}};
}

// Each command with the kinds of mistake it can make beside the common ones.
std::vector<CommandMistakes> all_mistakes() {
    const std::vector<Mistake> records = {{"missing FILE", ""},
                                          {"bad list value", "--color blue S"},
                                          {"bad number", "--max-game-bytes 0 S"},
                                          {"value for a flag", "--quiet=x S"},
                                          {"exclusive options", "--progress --no-progress S"}};
    std::vector<CommandMistakes> all   = {
          {"validate", records},
          {"convert", records},
          {"select", records},
          {"fen",
           {{"missing FILE", ""},
            {"extra argument", "S S"},
            {"bad number", "--ply x S"},
            {"exclusive options", "--all --ply 1 S"},
            {"needed option", "--to epd S"}}},
          {"diagram",
           {{"missing FILE", ""},
            {"extra argument", "S S"},
            {"bad number", "--size 5 S"},
            {"exclusive options", "--ply 1 --fen x"}}},
          {"replay",
           {{"missing FILE", ""},
            {"extra argument", "S S"},
            {"bad number", "--max-errors 0 S"},
            {"exclusive options", "--all dir -o x.html S"}}},
          {"moves",
           {{"missing FEN", ""},
            {"extra argument", "S S"},
            {"bad list value", "--diagnostics xml S"},
            {"exclusive options", "--fen x --fen-file y"}}},
          {"perft",
           {{"missing FEN", ""},
            {"bad list value", "--color blue S 1"},
            {"value for a flag", "--divide=x S 1"},
            {"exclusive options", "--fen x --fen-file y 1"}}},
          {"generate",
           {{"extra argument", "S"}, {"bad number", "--seed x"}, {"bad number", "--max-plies -1"}}},
    };
    for (CommandMistakes& command : all) {
        const std::vector<Mistake> common = common_mistakes(command.command);
        command.mistakes.insert(command.mistakes.begin(), common.begin(), common.end());
    }
    return all;
}

std::string with_file(std::string args) {
    const std::string file = quoted_source("samples/select/chess.pgn");
    for (std::size_t at = args.find('S'); at != std::string::npos; at = args.find('S', at))
        if ((at == 0 || args[at - 1] == ' ') && (at + 1 == args.size() || args[at + 1] == ' ')) {
            args.replace(at, 1, file);
            at += file.size();
        } else {
            ++at;
        }
    return args;
}

// What CLI11 says in its own words, which no message may show.
constexpr const char* Cli11Words[] = {
    "Run with --help",
    "The following argument",
    " not in {",
    "Could not convert",
    "At Most",
    "required but received",
    " excludes ",
    "is required\n",
    "A subcommand",
    "not in range",
    "Should be true",
    "missing\n",
    "too many inputs for",
};

TEST(Messages, EveryKindInEveryCommandHasTheCommandsShape) {
    for (const CommandMistakes& command : all_mistakes()) {
        for (const Mistake& mistake : command.mistakes) {
            const std::string args =
                std::string(command.command) + (*mistake.args ? " " : "") + mistake.args;
            SCOPED_TRACE(std::string(mistake.kind) + ": floe " + args);
            const RunResult r = run_floe(with_file(args));
            EXPECT_EQ(r.exit_code, 2);
            EXPECT_EQ(r.out, "");
            const std::string prefix = "floe " + std::string(command.command) + ": ";
            EXPECT_EQ(r.err.rfind(prefix, 0), 0u) << r.err;
            EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
            for (const char* words : Cli11Words)
                EXPECT_EQ(r.err.find(words), std::string::npos) << r.err;
        }
    }
}

TEST(Messages, BeforeACommandTheShapeIsFloeAlone) {
    for (const char* args : {"", "--zzzz", "frobnicate", "vali", "-Z"}) {
        SCOPED_TRACE(args);
        const RunResult r = run_floe(args);
        EXPECT_EQ(r.exit_code, 2);
        EXPECT_EQ(r.err.rfind("floe: ", 0), 0u) << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    }
}

// The exact words of each kind, on one representative.
struct Expected {
    const char* args;
    const char* err;
};

TEST(Messages, EachKindInItsExactWords) {
    const Expected cases[] = {
        {"", "floe: a command is required; see 'floe --help'\n"},
        {"vali S", "floe: unknown command 'vali'; did you mean 'validate'?\n"},
        {"validate", "floe validate: FILE is required; see 'floe validate --help'\n"},
        {"validate --zzzz S",
         "floe validate: unknown option '--zzzz'; see 'floe validate --help'\n"},
        {"validate -Z S", "floe validate: unknown option '-Z'; see 'floe validate --help'\n"},
        {"-q validate S", "floe: unknown option '-q'; see 'floe --help'\n"},  // before the command
        {"validate --stric S",
         "floe validate: unknown option '--stric'; did you mean '--strict'?\n"},
        {"fen --divide S",
         "floe fen: unknown option '--divide' (an option of perft); see 'floe fen --help'\n"},
        {"fen S S",
         "floe fen: unexpected argument 'samples/select/chess.pgn'; see 'floe fen --help'\n"},
        {"generate x y",
         "floe generate: unexpected arguments 'x' 'y'; see 'floe generate --help'\n"},
        {"validate --variant chess960x S",
         "floe validate: --variant: unknown variant \"chess960x\"; did you mean \"Chess960\"?\n"},
        {"convert --to xml S", "floe convert: --to: \"xml\" is not one of pgn, json\n"},
        {"convert --to jsn S",
         "floe convert: --to: unknown value \"jsn\"; did you mean \"json\"?\n"},
        {"validate --max-errors 0 S",
         "floe validate: --max-errors: \"0\" is not a whole number from 1\n"},
        {"diagram --size 5 S", "floe diagram: --size: \"5\" is not a number from 16 to 16384\n"},
        {"generate --seed x", "floe generate: --seed: \"x\" is not a whole number from 0\n"},
        {"perft 'K6k/8/8/8/8/8/8/8 w - - 0 1' x",
         "floe perft: DEPTH: \"x\" is not a whole number from 0\n"},
        {"validate S --max-errors",
         "floe validate: --max-errors needs a value; see 'floe validate --help'\n"},
        {"fen --game 1 --game 2 S",
         "floe fen: --game is given 2 values; it takes 1; see 'floe fen --help'\n"},
        {"validate --quiet=x S", "floe validate: --quiet takes no value\n"},
        {"fen --all --ply 1 S",
         "floe fen: --ply and --all cannot be used together; see 'floe fen --help'\n"},
        {"fen --to epd S", "floe fen: --to epd requires --all\n"},
        {"validate --warn castling-zero=lod S",
         "floe validate: --warn castling-zero: \"lod\" is not one of off, warning, error\n"},
    };
    for (const Expected& c : cases) {
        SCOPED_TRACE(c.args);
        const RunResult r = run_floe(with_file(c.args));
        EXPECT_EQ(r.exit_code, 2);
        // The file's name, where a message shows it, as the repository names it.
        const std::string err = strip_source_dir(r.err);
        EXPECT_EQ(err, c.err);
    }
}

// --variant compares the typed name with every accepted name and alias, as --variant reads
// them (case, spaces, '-' and '_' ignored), and answers with the canonical name; with none
// near, it lists the names.
// An old spelling (deprecated_option.hpp) is named in its errors as it was typed (CLI11 names a
// hidden option ""), and cannot be given with the spelling that replaces it.
TEST(Messages, AnOldSpellingIsNamedInItsErrorsAndExcludesItsReplacement) {
    const Expected cases[] = {
        {"generate --games x", "floe generate: --games: \"x\" is not a whole number from 0\n"},
        {"generate --games", "floe generate: --games needs a value; see 'floe generate --help'\n"},
        {"validate --json=x S",
         "floe validate: warning: --json is deprecated; use --to json\n"
         "floe validate: --json takes no value\n"},
        {"diagram --format svg --format text S",
         "floe diagram: warning: --format is deprecated; use --to\n"
         "floe diagram: --format is given 2 values; it takes 1; see 'floe diagram --help'\n"},
        {"validate --json --to text S",
         "floe validate: warning: --json is deprecated; use --to json\n"
         "floe validate: --to and --json cannot be used together; see 'floe validate --help'\n"},
        {"generate --count 2 --games 1",
         "floe generate: warning: --games is deprecated; use --count\n"
         "floe generate: --count and --games cannot be used together; see 'floe generate "
         "--help'\n"},
    };
    for (const Expected& c : cases) {
        SCOPED_TRACE(c.args);
        const RunResult r = run_floe(with_file(c.args));
        EXPECT_EQ(r.exit_code, 2);
        EXPECT_EQ(r.out, "");
        EXPECT_EQ(strip_source_dir(r.err), c.err);
    }
}

TEST(Messages, ABadVariantSuggestsTheNearestNameOrListsThem) {
    const Expected cases[] = {
        {"chess960x", "unknown variant \"chess960x\"; did you mean \"Chess960\"?"},
        {"crazyhose", "unknown variant \"crazyhose\"; did you mean \"Crazyhouse\"?"},
        {"Ice-Agee", "unknown variant \"Ice-Agee\"; did you mean \"Ice Age\"?"},
        {"orthodx", "unknown variant \"orthodx\"; did you mean \"Standard\"?"},       // an alias
        {"glacial", "unknown variant \"glacial\"; did you mean \"Glacial Shift\"?"},  // cut short
        {"antichess",
         "\"antichess\" is not one of Ice Age, Ice Age vchess, Standard, Crazyhouse, Chess960, "
         "Glacial Shift"},
    };
    for (const char* command : {"validate", "moves", "generate"}) {
        for (const Expected& c : cases) {
            SCOPED_TRACE(std::string(command) + " --variant " + c.args);
            const RunResult r = run_floe(std::string(command) + " --variant " + c.args + " x");
            EXPECT_EQ(r.exit_code, 2);
            EXPECT_EQ(r.err, "floe " + std::string(command) + ": --variant: " + c.err + "\n");
        }
    }
}

}  // namespace
}  // namespace floe::test
