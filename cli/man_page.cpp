#include "cli/man_page.hpp"

#include <fmt/format.h>

#include <string_view>
#include <utility>

#include "cli/command_docs.hpp"
#include "rules/variants.hpp"

namespace floe::cli {

namespace {

// Text as roff reads it literally: a backslash is \e, a minus \-, and a line that starts with
// a dot or a quote would be a request.
std::string roff(std::string_view text) {
    std::string out;
    for (const char c : text) {
        if (c == '\\')
            out += "\\e";
        else if (c == '-')
            out += "\\-";
        else
            out += c;
    }
    if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out.insert(0, "\\&");
    return out;
}

std::string usage(const CommandDoc& command) {
    std::string out = fmt::format("\\fBfloe {}\\fR [\\fIoptions\\fR]", roff(command.name));
    for (const OptionDoc& option : command.options) {
        if (option.positional.empty()) continue;
        const std::string word =
            fmt::format("\\fI{}\\fR{}", roff(option.positional), option.repeated ? "..." : "");
        out += option.required ? " " + word : " [" + word + "]";
    }
    return out;
}

void write_command(std::string& out, const CommandDoc& command) {
    out += fmt::format(".SS \"floe {}\"\n{}\n.PP\n{}\n", roff(command.name), usage(command),
                       roff(command.help));
    for (const OptionDoc& option : command.options) {
        std::string names;
        for (const std::string& name : option.names)
            names += fmt::format("{}\\fB{}\\fR", names.empty() ? "" : ", ", roff(name));
        if (option.names.empty()) names = fmt::format("\\fI{}\\fR", roff(option.positional));
        if (!option.value.empty()) names += fmt::format(" \\fI{}\\fR", roff(option.value));
        out += fmt::format(".TP\n{}\n{}\n", names, roff(option.help));
    }
}

// EXAMPLES: each command is one of the console examples of README.md and docs/, which run in the
// tests as shown; tests/docs/check_examples.py fails when an entry here is not one of them.
struct ManExample {
    std::string_view what;
    std::string_view command;
};
constexpr ManExample Examples[] = {
    {"Replay every game of a file, plain or compressed, and print a summary per file:",
     "floe validate samples/orthodox/classics.pgn samples/orthodox/classics.pgn.zst"},
    {"The FEN after ply 40 (20...Rxd6 and the first Ice Age) of the published Ice Age game:",
     "floe fen --ply 40 samples/ice-age/lookintochess-2017.pgn"},
    {"A game's moves in UCI notation, without move numbers:",
     "floe convert --variant standard --moves uci --no-move-numbers "
     "samples/orthodox/opera-game-1858.pgn"},
    {"The games of a player, selected by a --where expression:",
     "floe select --where 'White ~~ \"fischer\" or Black ~~ \"fischer\"' "
     "samples/select/chess.pgn | grep Event"},
    {"How many games reach a position:",
     "floe select --position 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' "
     "--count samples/select/chess.pgn 2>/dev/null"},
    {"A thousand random legal games, the same for the same seed:",
     "floe generate --variant \"Ice Age\" --count 1000 --seed 7 -o random.pgn"},
    {"The leaves of the Chess960 move tree at depth 4:",
     "floe perft --variant chess960 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf "
     "- 2 9' 4"},
    {"An SVG diagram of the position after ply 40:",
     "floe diagram --to svg --ply 40 -o board.svg samples/ice-age/lookintochess-2017.pgn"},
    {"A web page that replays a game:",
     "floe replay -o game.html samples/ice-age/lookintochess-2017.pgn"},
};

// ENVIRONMENT: every variable the program reads (getenv in cli/; the libraries read none).
constexpr std::pair<std::string_view, std::string_view> Environment[] = {
    {"NO_COLOR",
     "When set and not empty, --color auto writes no colour (https://no-color.org); --color "
     "always still does."},
    {"TERM", "When dumb, the progress line is not shown: such a terminal cannot rewrite a line."},
    {"FLOE_PROGRESS_DELAY_MS",
     "Milliseconds before the progress line first shows (default 1000); the tests set 0."},
    {"FLOE_COUNT_REPLAYS",
     "A test hook: when set, floe prints \"floe: replays: N\" on standard error as it exits, the "
     "number of games it replayed (tests/cli/replay_count_test.cpp)."},
};

void write_examples(std::string& out) {
    out +=
        ".SH EXAMPLES\nThe files are those of samples/ in floe's source tree, where each example "
        "runs as shown in the tests (README.md and docs/commands.md show their output).\n";
    for (const ManExample& example : Examples)
        out += fmt::format(".PP\n{}\n.PP\n.RS 4\n.nf\n{}\n.fi\n.RE\n", roff(example.what),
                           roff(example.command));
}

void write_environment(std::string& out) {
    out += ".SH ENVIRONMENT\n";
    for (const auto& [name, meaning] : Environment)
        out += fmt::format(".TP\n\\fB{}\\fR\n{}\n", roff(name), roff(meaning));
}

}  // namespace

std::string man_page(const CLI::App& app, const std::string& version) {
    // The help's first line names the program already, as NAME does.
    std::string summary = app.get_description();
    if (summary.rfind("floe: ", 0) == 0) summary.erase(0, 6);
    std::string out = fmt::format(
        ".\\\" Generated by `floe help-export man` from floe's own --help: do not edit.\n"
        ".TH FLOE 1 \"\" \"{}\" \"User Commands\"\n"
        ".SH NAME\nfloe \\- {}\n"
        ".SH SYNOPSIS\n\\fBfloe\\fR \\fIcommand\\fR [\\fIoptions\\fR] [\\fIFILE\\fR...]\n"
        ".br\n\\fBfloe\\fR \\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR\n"
        ".SH DESCRIPTION\n"
        "floe reads, replays, converts and selects game records (extended PGN) of Ice Age "
        "Chess, orthodox chess, Crazyhouse, Chess960 and Glacial Shift, and prints positions and "
        "diagrams. Every FILE may be \\fB\\-\\fR for standard input; gzip, bzip2, xz and zstd "
        "input is decompressed as it is read. \\fBfloe\\fR \\fIcommand\\fR \\fB\\-\\-help\\fR "
        "prints a command's options.\n"
        ".SH COMMANDS\n",
        roff(version), roff(summary));
    for (const CommandDoc& command : describe_commands(app)) write_command(out, command);
    out +=
        ".SH VARIANTS\nThe values of \\fB\\-\\-variant\\fR and of the Variant tag; letter "
        "case, spaces, \\- and _ are ignored.\n";
    for (const rules::VariantEntry& entry : rules::variant_table()) {
        out += fmt::format(".TP\n\\fB{}\\fR\n{}{}\n", roff(entry.name), roff(entry.help),
                           entry.is_default ? " (the default)" : "");
        std::string aliases;
        for (const std::string_view alias : entry.aliases)
            aliases += fmt::format("{}{}", aliases.empty() ? "" : ", ", roff(alias));
        if (!aliases.empty()) out += fmt::format(".br\nAlso: {}.\n", aliases);
    }
    out +=
        ".SH EXIT STATUS\n"
        ".TP\n0\nAll valid, or warnings only.\n"
        ".TP\n1\nA record or position is invalid (or, under \\fB\\-\\-strict\\fR, has "
        "warnings).\n"
        ".TP\n2\nA usage, option or I/O error.\n"
        ".PP\nWhen files mix outcomes, the highest wins.\n";
    write_environment(out);
    write_examples(out);
    out +=
        ".SH SEE ALSO\n"
        "docs/commands.md, docs/notation.md and docs/diagnostics.md in floe's source.\n";
    return out;
}

}  // namespace floe::cli
