// The option table of docs/commands.md, "Options common to commands" (issue 27): each option is
// accepted by every command the table names and means the same there; the old spellings still
// work and warn with the exact text.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/deprecated_option.hpp"
#include "cli/game_selection.hpp"
#include "support/test_support.hpp"

namespace floe::test {
namespace {

namespace fs = std::filesystem;

// Three Standard games: the second has a NAG, a comment and a variation, for the shaping options.
const std::string First =
    "[Event \"One\"]\n[Result \"*\"]\n[Variant \"Standard\"]\n\n"
    "1. e4 e5 2. Nf3 Nc6 *\n";
const std::string Second =
    "[Event \"Two\"]\n[Result \"0-1\"]\n[Variant \"Standard\"]\n\n"
    "1. f3 $2 {weak} e5 (1... d5) 2. g4 Qh4# 0-1\n";
const std::string Third =
    "[Event \"Three\"]\n[Result \"*\"]\n[Variant \"Standard\"]\n\n"
    "1. d4 d5 *\n";
const std::string Games = First + "\n" + Second + "\n" + Third;

const std::string Start = "'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'";

// A temporary folder, removed with the object.
struct TempDir {
    TempDir() : path(fs::temp_directory_path() / ("floe-options-" + std::to_string(::getpid()))) {
        fs::create_directories(path);
    }
    ~TempDir() { fs::remove_all(path); }
    std::string file(const std::string& name) const { return (path / name).string(); }
    fs::path path;
};

// Runs `args` on the three games on standard input; expects no usage error.
RunResult on_games(const std::string& args) {
    RunResult r = run_floe(args, Games);
    EXPECT_NE(r.exit_code, 2) << args << "\n" << r.err;
    return r;
}

TEST(OptionTable, GamesPicksTheSecondGameInEveryRecordCommand) {
    EXPECT_EQ(on_games("validate --games 2 -").out,
              "<stdin>: 1 games, 4 plies, 0 errors, 0 warnings\n");
    EXPECT_EQ(on_games("convert --games 2 -").out, run_floe("convert -", Second).out);
    EXPECT_EQ(on_games("select --games 2 -").out, Second + "\n");
    EXPECT_EQ(on_games("fen --games 2 -").out,
              "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n");
    EXPECT_EQ(on_games("diagram --games 2 -").out, run_floe("diagram -", Second).out);
    const std::string page = on_games("replay --games 2 -").out;
    EXPECT_NE(page.find("Qh4#"), std::string::npos);
    EXPECT_EQ(page.find("Nc6"), std::string::npos);  // game 1's
}

// `--game N` is `--games N`, in the six record commands.
TEST(OptionTable, GameIsGamesOfOneNumber) {
    for (const char* command : {"validate", "convert", "select", "fen", "diagram", "replay"}) {
        SCOPED_TRACE(command);
        const std::string name = command;
        EXPECT_EQ(on_games(name + " --game 3 -").out, on_games(name + " --games 3 -").out);
        EXPECT_NE(on_games(name + " --game 3 -").out, on_games(name + " --game 1 -").out);
        const RunResult both = run_floe(name + " --game 1 --games 2 -", Games);
        EXPECT_EQ(both.exit_code, 2);
        EXPECT_EQ(both.err, "floe " + name + ": --game N is --games N: give one of them\n");
    }
}

// A range where whole games are read; one number where one game is shown.
TEST(OptionTable, GamesRangeOrOneGame) {
    EXPECT_EQ(on_games("validate --games 2- -").out,
              "<stdin>: 2 games, 6 plies, 0 errors, 0 warnings\n");
    EXPECT_EQ(on_games("convert --games 1,3 -").out,
              run_floe("convert -", First + "\n" + Third).out);
    EXPECT_EQ(on_games("fen --all --games 2-3 -").out,
              on_games("fen --all --games 2 -").out + "\n" + on_games("fen --all --games 3 -").out);
    for (const char* command : {"fen", "diagram", "replay"}) {
        SCOPED_TRACE(command);
        const RunResult r = run_floe(std::string(command) + " --games 2-3 -", Games);
        EXPECT_EQ(r.exit_code, 2);
        EXPECT_EQ(r.out, "");
        EXPECT_EQ(r.err, std::string("floe ") + command +
                             ": --games: one game is shown: give one number, not '2-3'\n");
    }
    const TempDir dir;
    const RunResult all = run_floe("replay --all '" + dir.file("pages") + "' --games 2-3 -", Games);
    EXPECT_EQ(all.exit_code, 0) << all.err;
    EXPECT_FALSE(fs::exists(dir.path / "pages" / "game-1.html"));
    EXPECT_TRUE(fs::exists(dir.path / "pages" / "game-2.html"));
    EXPECT_TRUE(fs::exists(dir.path / "pages" / "game-3.html"));
    EXPECT_TRUE(fs::exists(dir.path / "pages" / "index.html"));
}

// `-o FILE` writes what standard output would get, in every command that writes.
TEST(OptionTable, OutputWritesTheFileInEveryWritingCommand) {
    const TempDir dir;
    const std::vector<std::string> commands = {"validate -",
                                               "validate --to json -",
                                               "convert -",
                                               "select -",
                                               "generate --count 2",
                                               "fen -",
                                               "fen --all -",
                                               "diagram -",
                                               "replay -",
                                               "moves --variant standard " + Start,
                                               "perft --variant standard " + Start + " 2"};
    for (const std::string& command : commands) {
        SCOPED_TRACE(command);
        const std::string path = dir.file("out");
        fs::remove(path);
        const RunResult to_stdout = run_floe(command, Games);
        const RunResult to_file   = run_floe(command + " -o '" + path + "'", Games);
        EXPECT_EQ(to_file.exit_code, to_stdout.exit_code) << to_file.err;
        EXPECT_EQ(to_file.out, "");
        EXPECT_NE(to_stdout.out, "");
        EXPECT_EQ(read_file(path), to_stdout.out);
    }
}

// `--to FORMAT` picks the format of the results.
TEST(OptionTable, ToPicksTheFormat) {
    EXPECT_EQ(on_games("validate --to text -").out,
              "<stdin>: 3 games, 10 plies, 0 errors, 0 warnings\n");
    EXPECT_EQ(on_games("validate --to json -").out,
              "{\"schema_version\":1,\"file\":\"<stdin>\",\"games\":3,\"plies\":10,\"errors\":0,"
              "\"warnings\":0}\n");
    const std::string json = on_games("convert --to json -").out;
    EXPECT_EQ(json.rfind("{\"schema_version\":2,", 0), 0u) << json;
    EXPECT_EQ(on_games("select --to json -").out, json);
    EXPECT_EQ(on_games("convert --to pgn -").out, on_games("convert -").out);
    EXPECT_EQ(on_games("diagram --to svg -").out.rfind("<svg", 0), 0u);
    EXPECT_NE(on_games("diagram --to unicode -").out.find("♔"), std::string::npos);
    EXPECT_EQ(on_games("diagram --to text -").out, on_games("diagram -").out);
    EXPECT_NE(on_games("diagram --to text -").out, on_games("diagram --to unicode -").out);
}

// The shaping options are one implementation: convert and select write the same games, select
// ending each PGN game with its blank line; a move list is one line a game in both.
TEST(OptionTable, ShapingGivesTheSameBytesInConvertAndSelect) {
    for (const char* shape :
         {"--strip comments,nags", "--strip variations,tags", "--add-tags PlyCount,FEN",
          "--no-move-numbers", "--moves lan", "--moves figurine --strip comments"}) {
        SCOPED_TRACE(shape);
        const std::string converted = on_games(std::string("convert ") + shape + " -").out;
        EXPECT_NE(converted, on_games("convert -").out);
        EXPECT_EQ(on_games(std::string("select ") + shape + " -").out, converted + "\n");
    }
    const std::string list = on_games("convert --moves uci --no-move-numbers -").out;
    EXPECT_EQ(list, "e2e4 e7e5 g1f3 b8c6\nf2f3 e7e5 g2g4 d8h4\nd2d4 d7d5\n");
    EXPECT_EQ(on_games("select --moves uci --no-move-numbers -").out, list);
    // A word that is no shaping word is the same usage error in both.
    for (const char* command : {"convert", "select"}) {
        const RunResult bad = run_floe(std::string(command) + " --strip clocks -", Games);
        EXPECT_EQ(bad.exit_code, 2);
        EXPECT_EQ(bad.out, "");
        EXPECT_EQ(bad.err, std::string("floe ") + command +
                               ": --strip: \"clocks\" is not one of comments, nags, "
                               "variations, tags\n");
    }
}

// `moves --moves` writes each legal move in that notation, in UCI order.
TEST(OptionTable, MovesTakesANotation) {
    const std::string san = run_floe("moves --variant standard " + Start).out;
    EXPECT_EQ(san.substr(0, 14), "a3\na4\nNa3\nNc3\n");
    EXPECT_EQ(run_floe("moves --variant standard --moves san " + Start).out, san);
    const std::string uci = run_floe("moves --variant standard --moves uci " + Start).out;
    EXPECT_EQ(uci.substr(0, 20), "a2a3\na2a4\nb1a3\nb1c3\n");
    EXPECT_EQ(std::count(uci.begin(), uci.end(), '\n'), 20);
    const std::string lan = run_floe("moves --variant standard --moves lan " + Start).out;
    EXPECT_EQ(lan.substr(0, 22), "a2-a3\na2-a4\nNb1-a3\nNb1");
    const std::string figurine = run_floe("moves --variant standard --moves figurine " + Start).out;
    EXPECT_EQ(figurine.substr(0, 6), "a3\na4\n");
    EXPECT_NE(figurine.find("♘a3\n"), std::string::npos);
    const RunResult bad = run_floe("moves --moves xyz " + Start);
    EXPECT_EQ(bad.exit_code, 2);
}

// The old spellings work as the new ones, with one warning naming the new one, and are not in
// --help.
TEST(OptionTable, OldSpellingsWorkAndWarn) {
    struct Row {
        std::string old_args, new_args, warning, command, old_name;
    };
    const std::vector<Row> rows = {
        {"validate --json -", "validate --to json -",
         "floe validate: warning: --json is deprecated; use --to json\n", "validate", "--json"},
        {"diagram --format svg -", "diagram --to svg -",
         "floe diagram: warning: --format is deprecated; use --to\n", "diagram", "--format"},
        {"generate --games 2", "generate --count 2",
         "floe generate: warning: --games is deprecated; use --count\n", "generate", "--games"}};
    for (const Row& row : rows) {
        SCOPED_TRACE(row.old_args);
        const RunResult old_spelling = run_floe(row.old_args, Games);
        const RunResult new_spelling = run_floe(row.new_args, Games);
        EXPECT_EQ(old_spelling.exit_code, new_spelling.exit_code);
        EXPECT_EQ(old_spelling.out, new_spelling.out);
        EXPECT_EQ(old_spelling.err, row.warning + new_spelling.err);
        EXPECT_EQ(new_spelling.err.find("deprecated"), std::string::npos);
        const std::string help = run_floe(row.command + " --help").out;
        EXPECT_EQ(help.find(row.old_name + " "), std::string::npos) << help;
    }
    // Once a run, however often it is given.
    EXPECT_EQ(run_floe("validate --json --json -", Games).err,
              "floe validate: warning: --json is deprecated; use --to json\n");
}

// Every command's --help lists the options the table gives it.
TEST(OptionTable, HelpListsTheTablesOptions) {
    const auto has = [](const std::string& command, const std::string& option) {
        const std::string help = run_floe(command + " --help").out;
        return help.find(" " + option) != std::string::npos;
    };
    for (const char* command : {"validate", "convert", "select", "fen", "diagram", "replay"}) {
        SCOPED_TRACE(command);
        EXPECT_TRUE(has(command, "--games RANGES"));
        EXPECT_TRUE(has(command, "--game INT"));
    }
    for (const char* command : {"validate", "convert", "select", "generate", "fen", "moves",
                                "perft", "diagram", "replay"}) {
        SCOPED_TRACE(command);
        EXPECT_TRUE(has(command, "-o,--output"));
    }
    EXPECT_TRUE(has("validate", "--to TEXT:{text,json}=text"));
    EXPECT_TRUE(has("convert", "--to TEXT:{pgn,json}=pgn"));
    EXPECT_TRUE(has("select", "--to TEXT:{pgn,json}=pgn"));
    EXPECT_TRUE(has("diagram", "--to TEXT:{text,unicode,svg}=text"));
    EXPECT_TRUE(has("generate", "--count INT"));
    for (const char* command : {"convert", "select", "moves"}) {
        SCOPED_TRACE(command);
        EXPECT_TRUE(has(command, "--moves TEXT:{san,lan,uci,figurine}"));
    }
    for (const char* command : {"convert", "select"}) {
        SCOPED_TRACE(command);
        EXPECT_TRUE(has(command, "--strip"));
        EXPECT_TRUE(has(command, "--add-tags"));
        EXPECT_TRUE(has(command, "--no-move-numbers"));
    }
}

// The table in docs/commands.md itself: each option named first in a row (the first backticked
// word of its first cell) is in the --help of every command of its last cell.
TEST(OptionTable, EveryCommandOfTheDocumentedTableHasItsOptions) {
    const std::string doc   = read_file(source_path("docs/commands.md"));
    const std::size_t start = doc.find("## Options common to commands");
    ASSERT_NE(start, std::string::npos);
    const std::vector<std::string> all = {"validate", "convert", "select",  "generate", "fen",
                                          "moves",    "perft",   "diagram", "replay"};
    // The backticked words of `text`, in order.
    const auto ticked = [](const std::string& text) {
        std::vector<std::string> words;
        for (std::size_t at = text.find('`'); at != std::string::npos;) {
            const std::size_t end = text.find('`', at + 1);
            words.push_back(text.substr(at + 1, end - at - 1));
            at = text.find('`', end + 1);
        }
        return words;
    };
    int rows         = 0;
    std::size_t line = doc.find("\n| `", start);
    while (line != std::string::npos && line < doc.find("\n\n", doc.find("| --- |", start))) {
        const std::string row = doc.substr(line + 1, doc.find('\n', line + 1) - line - 1);
        // Every option the first column names (`--jobs N` (`-j N`), `--progress`, ...).
        std::vector<std::string> options;
        for (const std::string& name : ticked(row.substr(0, row.find(" | "))))
            if (name.starts_with("-")) options.push_back(name.substr(0, name.find(' ')));
        ASSERT_FALSE(options.empty()) << row;
        const std::string last = row.substr(row.rfind(" | ", row.size() - 3));
        const std::vector<std::string> commands =
            last.find("every command") != std::string::npos ? all : ticked(last);
        ASSERT_FALSE(commands.empty()) << row;
        for (const std::string& command : commands) {
            const std::string help = run_floe(command + " --help").out;
            for (const std::string& option : options)
                EXPECT_TRUE(help.find(" " + option + " ") != std::string::npos ||
                            help.find(" " + option + ",") != std::string::npos ||
                            help.find("," + option + " ") != std::string::npos)
                    << command << " lacks " << option;
        }
        ++rows;
        line = doc.find("\n| `", line + 1);
    }
    EXPECT_EQ(rows, 18);
}

TEST(OptionTable, DeprecationWarningNamesTheCommandAndTheNewSpelling) {
    EXPECT_EQ(cli::deprecation_warning("generate", "--games", "--count"),
              "floe generate: warning: --games is deprecated; use --count");
}

// --games's ranges, read once for every record command.
TEST(OptionTable, GameChoiceReadsRanges) {
    CLI::App app;
    cli::GameChoice choice;
    cli::add_game_options(app, choice);
    app.parse(std::vector<std::string>{"10-20,35", "--games"});  // CLI11 reads them reversed
    choice.read();
    EXPECT_TRUE(choice.given());
    EXPECT_FALSE(choice.contains(9));
    EXPECT_TRUE(choice.contains(10));
    EXPECT_TRUE(choice.contains(20));
    EXPECT_FALSE(choice.contains(21));
    EXPECT_TRUE(choice.contains(35));
    EXPECT_FALSE(choice.past(34));
    EXPECT_TRUE(choice.past(35));
    EXPECT_THROW(choice.single(), cli::UsageError);
    const std::vector<cli::GameRange> open = cli::parse_game_ranges("100-");
    ASSERT_EQ(open.size(), 1u);
    EXPECT_EQ(open[0].first, 100u);
    EXPECT_EQ(open[0].last, UINT32_MAX);
    cli::GameChoice none;
    none.read();
    EXPECT_EQ(none.single(), 1);
    EXPECT_TRUE(none.contains(7));
    EXPECT_FALSE(none.past(1000000));
}

}  // namespace
}  // namespace floe::test
