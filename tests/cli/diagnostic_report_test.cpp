// The diagnostic options every record command shares (issue 17: cli/report_options.hpp,
// cli/diagnostic_report.hpp): --quiet, --max-errors, --warn, a hint once per file, --color and
// --diagnostics json, on validate, convert, fen and select. The records name their variant, so
// their diagnostics do not depend on how an untagged game is read.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "support/test_support.hpp"

namespace floe::test {
namespace {

// Three games of standard chess: a castling-zero warning and two errors with the Crazyhouse
// hint, then a third error without a hint.
const std::string Broken = R"([Event "a"]
[White "Ann"]
[Black "Bob"]
[Variant "Standard"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 N@d4 *

[Event "b"]
[Variant "Standard"]
[Result "*"]

1. d4 d5 2. N@e5 *

[Event "c"]
[Variant "Standard"]
[Result "*"]

1. e4 e5 2. Qxf7 *
)";

// One valid game with one warning.
const std::string Warned =
    "[Variant \"Standard\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 Be7 *\n";

const std::string CastlingWarning =
    "<stdin>:7:35: warning: game 1 (Ann vs Bob), castling written with digit zero (canonical: "
    "O-O) [castling-zero]\n"
    "    7 | 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 N@d4 *\n"
    "      |                                   ^~~\n";
const std::string FirstError =
    "<stdin>:7:39: error: game 1 (Ann vs Bob), 4... N@d4: drop in a non-drop variant "
    "[illegal-move]\n"
    "    7 | 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 N@d4 *\n"
    "      |                                       ^~~~\n";
// The hint, a note of its own, at the file's first drop only.
const std::string FirstHint =
    "<stdin>:7:39: note: drops are Crazyhouse moves: use --variant crazyhouse\n";
const std::string FirstPosition =
    "<stdin>:7:39: note: position before the move: "
    "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4\n";
// The second game's error: the hint was given at the first.
const std::string SecondError =
    "<stdin>:13:13: error: game 2, 2. N@e5: drop in a non-drop variant [illegal-move]\n"
    "   13 | 1. d4 d5 2. N@e5 *\n"
    "      |             ^~~~\n";
const std::string SecondPosition =
    "<stdin>:13:13: note: position before the move: "
    "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2\n";
const std::string ThirdError =
    "<stdin>:19:13: error: game 3, 2. Qxf7: no queen can reach f7 [illegal-move]\n"
    "   19 | 1. e4 e5 2. Qxf7 *\n"
    "      |             ^~~~\n";
const std::string ThirdPosition =
    "<stdin>:19:13: note: position before the move: "
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n";

std::filesystem::path temp_file(const std::string& name, const std::string& content) {
    const auto path = std::filesystem::temp_directory_path() / ("floe-report-test-" + name);
    std::ofstream(path, std::ios::binary) << content;
    return path;
}

TEST(DiagnosticReport, AHintIsShownOncePerFileInEveryCommand) {
    const std::string all = CastlingWarning + FirstError + FirstHint + FirstPosition + SecondError +
                            SecondPosition + ThirdError + ThirdPosition;
    const RunResult validate = run_floe("validate -", Broken);
    EXPECT_EQ(validate.exit_code, 1);
    EXPECT_EQ(validate.err, all);
    EXPECT_EQ(validate.out, "<stdin>: 3 games, 11 plies, 3 errors, 1 warnings\n");
    EXPECT_EQ(run_floe("convert -", Broken).err, all);
    EXPECT_EQ(run_floe("select --canonical -", Broken).err, all);
    // fen shows the errors of the games whose positions it prints.
    const RunResult fen = run_floe("fen --all -", Broken);
    EXPECT_EQ(fen.exit_code, 1);
    EXPECT_EQ(fen.err, FirstError + FirstHint + FirstPosition + SecondError + SecondPosition +
                           ThirdError + ThirdPosition);
}

TEST(DiagnosticReport, QuietPrintsOnlyErrorsWithoutNotesOrHints) {
    const std::string errors = FirstError + SecondError + ThirdError;
    const RunResult validate = run_floe("validate --quiet -", Broken);
    EXPECT_EQ(validate.exit_code, 1);
    EXPECT_EQ(validate.err, errors);
    // The summary still counts the warning.
    EXPECT_EQ(validate.out, "<stdin>: 3 games, 11 plies, 3 errors, 1 warnings\n");
    EXPECT_EQ(run_floe("convert -q -", Broken).err, errors);
    EXPECT_EQ(run_floe("fen --all --quiet -", Broken).err, errors);
    EXPECT_EQ(run_floe("select --canonical --quiet -", Broken).err, errors);
    const RunResult warned = run_floe("validate --quiet -", Warned);
    EXPECT_EQ(warned.exit_code, 0);
    EXPECT_EQ(warned.err, "");
    EXPECT_EQ(warned.out, "<stdin>: 1 games, 8 plies, 0 errors, 1 warnings\n");
}

TEST(DiagnosticReport, MaxErrorsStopsTheFileSaysSoAndTheNextFileGoesOn) {
    const std::string stop =
        "<stdin>: note: stopped after 2 errors (--max-errors 2): the games after game 2 are not "
        "read\n";
    const RunResult validate = run_floe("validate --max-errors 2 -", Broken);
    EXPECT_EQ(validate.exit_code, 1);
    EXPECT_EQ(validate.err, CastlingWarning + FirstError + FirstHint + FirstPosition + SecondError +
                                SecondPosition + stop);
    EXPECT_EQ(validate.out, "<stdin>: 2 games, 9 plies, 2 errors, 1 warnings\n");

    // The rest of the stopping game is counted, not shown; the next file starts again.
    const auto broken   = temp_file("broken.pgn", Broken);
    const auto warned   = temp_file("warned.pgn", Warned);
    const std::string b = broken.string(), w = warned.string();
    const RunResult two =
        run_floe("validate --max-errors 1 --quiet '" + b + "' '" + w + "' '" + b + "'");
    EXPECT_EQ(two.exit_code, 1);
    const std::string first_error =
        b + ":7:39: error: game 1 (Ann vs Bob), 4... N@d4: drop in a non-drop variant " +
        "[illegal-move]\n" + "    7 | 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 N@d4 *\n" +
        "      |                                       ^~~~\n" + b +
        ": note: stopped after 1 errors (--max-errors 1): the games after game 1 are not read\n";
    EXPECT_EQ(two.err, first_error + first_error);
    EXPECT_EQ(two.out, b + ": 1 games, 7 plies, 1 errors, 1 warnings\n" + w +
                           ": 1 games, 8 plies, 0 errors, 1 warnings\n" + b +
                           ": 1 games, 7 plies, 1 errors, 1 warnings\n");

    // convert, fen and select write no game after the stop.
    const RunResult convert = run_floe("convert --max-errors 1 -q -", Broken);
    EXPECT_EQ(convert.exit_code, 1);
    EXPECT_EQ(convert.out,
              "[Event \"a\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Ann\"]\n"
              "[Black \"Bob\"]\n[Result \"*\"]\n[Variant \"Standard\"]\n\n1. e4 e5 2. Nf3 Nc6 3. "
              "Bc4 Bc5 4. O-O {[%floe illegal-move] N@d4} *\n");
    const std::string stop_one =
        "<stdin>: note: stopped after 1 errors (--max-errors 1): the games after game 1 are not "
        "read\n";
    EXPECT_EQ(convert.err,
              "<stdin>:7:39: error: game 1 (Ann vs Bob), 4... N@d4: drop in a non-drop variant "
              "[illegal-move]\n    7 | 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 N@d4 *\n      | "
              "                                      ^~~~\n" +
                  stop_one);
    const RunResult fen = run_floe("fen --all --max-errors 1 -", Broken);
    EXPECT_EQ(fen.exit_code, 1);
    EXPECT_EQ(fen.err, FirstError + FirstHint + FirstPosition + stop_one);
    EXPECT_EQ(fen.out.find("\n\n"), std::string::npos);  // one game's positions only
    const RunResult select = run_floe("select --canonical --max-errors 1 -", Broken);
    EXPECT_EQ(select.exit_code, 1);
    EXPECT_EQ(select.err, CastlingWarning + FirstError + FirstHint + FirstPosition + stop_one);
    EXPECT_EQ(select.out.find("[Event \"b\"]"), std::string::npos);
}

TEST(DiagnosticReport, WarnChangesOneCodeAndTheCountsAndExitCodeFollow) {
    const RunResult off = run_floe("validate --warn castling-zero=off -", Broken);
    EXPECT_EQ(off.err, FirstError + FirstHint + FirstPosition + SecondError + SecondPosition +
                           ThirdError + ThirdPosition);
    EXPECT_EQ(off.out, "<stdin>: 3 games, 11 plies, 3 errors, 0 warnings\n");

    const RunResult error = run_floe("validate --warn castling-zero=error -", Warned);
    EXPECT_EQ(error.exit_code, 1);
    EXPECT_EQ(error.err,
              "<stdin>:3:35: error: game 1, castling written with digit zero (canonical: O-O) "
              "[castling-zero]\n"
              "    3 | 1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 Be7 *\n"
              "      |                                   ^~~\n");
    EXPECT_EQ(error.out, "<stdin>: 1 games, 8 plies, 1 errors, 0 warnings\n");
    EXPECT_EQ(run_floe("convert --warn castling-zero=error -", Warned).exit_code, 1);
    EXPECT_EQ(run_floe("select --canonical --warn castling-zero=error -", Warned).exit_code, 1);
    // fen shows errors: a warning made an error is one.
    EXPECT_EQ(run_floe("fen --all --warn castling-zero=error -", Warned).err, error.err);

    // The choice for a code wins over --strict.
    const RunResult strict = run_floe("validate --strict --warn castling-zero=warning -", Warned);
    EXPECT_EQ(strict.exit_code, 0);
    EXPECT_EQ(strict.out, "<stdin>: 1 games, 8 plies, 0 errors, 1 warnings\n");
    EXPECT_EQ(run_floe("validate --strict --warn castling-zero=off -", Warned).out,
              "<stdin>: 1 games, 8 plies, 0 errors, 0 warnings\n");
}

TEST(DiagnosticReport, WarnRefusesToLowerAnErrorAndNamesTheNearestCode) {
    for (const std::string command : {"validate", "convert", "fen --all", "select"}) {
        const RunResult lowered = run_floe(command + " --warn illegal-move=off -", Broken);
        EXPECT_EQ(lowered.exit_code, 2) << command;
        EXPECT_EQ(lowered.out, "") << command;
        const std::string name = command.substr(0, command.find(' '));
        EXPECT_EQ(lowered.err, "floe " + name +
                                   ": --warn: illegal-move is always an error, and an error "
                                   "cannot be lowered: a broken game is never hidden\n");
    }
    const RunResult unknown = run_floe("validate --warn castling-zeros=off -", Broken);
    EXPECT_EQ(unknown.exit_code, 2);
    EXPECT_EQ(unknown.err,
              "floe validate: --warn: unknown code \"castling-zeros\"; did you mean "
              "\"castling-zero\"?\n");
}

TEST(DiagnosticReport, ColorAlwaysGivesTheCompilersEscapeSequences) {
    const RunResult r = run_floe("validate --color always --max-errors 1 -", Broken);
    EXPECT_EQ(r.err,
              "<stdin>:7:35: \x1b[1;35mwarning\x1b[0m: game 1 (Ann vs Bob), castling written with "
              "digit zero (canonical: O-O) [castling-zero]\n"
              "    7 | 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 N@d4 *\n"
              "      |                                   \x1b[32m^~~\x1b[0m\n"
              "<stdin>:7:39: \x1b[1;31merror\x1b[0m: game 1 (Ann vs Bob), 4... N@d4: drop in a "
              "non-drop variant [illegal-move]\n"
              "    7 | 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 N@d4 *\n"
              "      |                                       \x1b[32m^~~~\x1b[0m\n"
              "<stdin>:7:39: \x1b[1;36mnote\x1b[0m: drops are Crazyhouse moves: use --variant "
              "crazyhouse\n"
              "<stdin>:7:39: \x1b[1;36mnote\x1b[0m: position before the move: "
              "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4\n"
              "<stdin>: \x1b[1;36mnote\x1b[0m: stopped after 1 errors (--max-errors 1): the games "
              "after game 1 are not read\n");
    // Standard output (the summary, the positions, the games) is never coloured.
    EXPECT_EQ(r.out, "<stdin>: 1 games, 7 plies, 1 errors, 1 warnings\n");
    for (const std::string command : {"convert", "fen --all", "select --canonical"})
        EXPECT_NE(run_floe(command + " --color always --max-errors 1 -", Broken)
                      .err.find("<stdin>:7:39: \x1b[1;31merror\x1b[0m: game 1"),
                  std::string::npos)
            << command;
}

TEST(DiagnosticReport, ColorAutoAndNeverGiveNoEscapeIntoAPipe) {
    const std::string all = CastlingWarning + FirstError + FirstHint + FirstPosition + SecondError +
                            SecondPosition + ThirdError + ThirdPosition;
    EXPECT_EQ(run_floe("validate -", Broken).err, all);  // auto, standard error is a file
    EXPECT_EQ(run_floe("validate --color auto -", Broken).err, all);
    EXPECT_EQ(run_floe("convert --color never -", Broken).err, all);
}

// On a pseudo-terminal (script(1)) auto colours, unless NO_COLOR is set and not empty.
std::string on_terminal(const std::string& environment, const std::string& args) {
    const auto record = temp_file("terminal.pgn", Broken);
    const auto out    = std::filesystem::temp_directory_path() / "floe-report-test-terminal.out";
    const std::string command = environment + " script -qec \"" + quoted_floe() + " " + args +
                                " '" + record.string() + "' 2>&1 >/dev/null\" /dev/null > '" +
                                out.string() + "'";
    // Its status is floe's: 1, the record has errors.
    [[maybe_unused]] const int status = std::system(command.c_str());
    return read_file(out);
}

TEST(DiagnosticReport, ColorAutoOnATerminalUnlessNoColor) {
    if (std::system("command -v script >/dev/null") != 0) GTEST_SKIP() << "no script(1)";
    const std::string error = "\x1b[1;31merror\x1b[0m";
    EXPECT_NE(on_terminal("", "validate --max-errors 1").find(error), std::string::npos);
    EXPECT_EQ(on_terminal("NO_COLOR=1", "validate --max-errors 1").find('\x1b'), std::string::npos);
    EXPECT_NE(on_terminal("NO_COLOR=", "validate --max-errors 1").find(error), std::string::npos);
    EXPECT_EQ(on_terminal("", "validate --color never --max-errors 1").find('\x1b'),
              std::string::npos);
    EXPECT_EQ(on_terminal("", "validate --diagnostics json --max-errors 1").find('\x1b'),
              std::string::npos);
}

TEST(DiagnosticReport, DiagnosticsJsonOnStandardErrorForEveryCommand) {
    const std::string warning =
        R"j({"schema_version":1,"file":"<stdin>","line":7,"column":35,"end_column":38,"severity":"warning","code":"castling-zero","message":"castling written with digit zero (canonical: O-O)","game":1,"ply":7,"move":null,"fen":null})j"
        "\n";
    const std::string first =
        R"j({"schema_version":1,"file":"<stdin>","line":7,"column":39,"end_column":43,"severity":"error","code":"illegal-move","message":"4... N@d4: drop in a non-drop variant","game":1,"ply":8,"move":"4... N@d4","fen":"r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4","hint":"drops are Crazyhouse moves: use --variant crazyhouse"})j"
        "\n";
    const std::string second =
        R"j({"schema_version":1,"file":"<stdin>","line":13,"column":13,"end_column":17,"severity":"error","code":"illegal-move","message":"2. N@e5: drop in a non-drop variant","game":2,"ply":3,"move":"2. N@e5","fen":"rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2"})j"
        "\n";
    const std::string third =
        R"j({"schema_version":1,"file":"<stdin>","line":19,"column":13,"end_column":17,"severity":"error","code":"illegal-move","message":"2. Qxf7: no queen can reach f7","game":3,"ply":3,"move":"2. Qxf7","fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"})j"
        "\n";
    const std::string all = warning + first + second + third;

    const RunResult validate = run_floe("validate --diagnostics json -", Broken);
    EXPECT_EQ(validate.err, all);
    EXPECT_EQ(validate.out, "<stdin>: 3 games, 11 plies, 3 errors, 1 warnings\n");
    // validate --to json: the same objects, on standard output as before.
    EXPECT_EQ(
        run_floe("validate --to json -", Broken).out,
        all +
            R"j({"schema_version":1,"file":"<stdin>","games":3,"plies":11,"errors":3,"warnings":1})j"
            "\n");

    const RunResult convert = run_floe("convert --diagnostics json -", Broken);
    EXPECT_EQ(convert.exit_code, 1);
    EXPECT_EQ(convert.err, all);
    EXPECT_EQ(convert.out, run_floe("convert -", Broken).out);  // the games as before
    EXPECT_EQ(run_floe("select --canonical --diagnostics json -", Broken).err, all);
    const RunResult fen = run_floe("fen --all --diagnostics json -", Broken);
    EXPECT_EQ(fen.err, first + second + third);
    EXPECT_EQ(fen.out, run_floe("fen --all -", Broken).out);
    EXPECT_EQ(
        run_floe("fen --game 3 --diagnostics json -", Broken).err,
        R"j({"schema_version":1,"file":"<stdin>","line":19,"column":13,"end_column":17,"severity":"error","code":"illegal-move","message":"2. Qxf7: no queen can reach f7","game":3,"ply":3,"move":"2. Qxf7","fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"})j"
        "\n");

    // The file's notes are objects of their own.
    EXPECT_EQ(
        run_floe("convert --diagnostics json --max-errors 1 --quiet -", Broken).err,
        first.substr(0, first.find(",\"hint\"")) + "}\n" +  // --quiet: no hint
            R"j({"schema_version":1,"kind":"note","file":"<stdin>","game":1,"message":"stopped after 1 errors (--max-errors 1): the games after game 1 are not read"})j"
            "\n");
}

TEST(DiagnosticReport, ReplayReportsItsGamesErrorsThroughTheSameOptions) {
    const RunResult json = run_floe("replay --game 3 --diagnostics json -o /dev/null -", Broken);
    EXPECT_EQ(json.exit_code, 1);
    EXPECT_EQ(
        json.err,
        R"j({"schema_version":1,"file":"<stdin>","line":19,"column":13,"end_column":17,"severity":"error","code":"illegal-move","message":"2. Qxf7: no queen can reach f7","game":3,"ply":3,"move":"2. Qxf7","fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"})j"
        "\n");
    EXPECT_EQ(run_floe("replay --game 3 --quiet -o /dev/null -", Broken).err, ThirdError);
    EXPECT_EQ(run_floe("replay --game 3 --warn illegal-move=off -o /dev/null -", Broken).exit_code,
              2);
}

TEST(DiagnosticReport, MaxErrorsGivesTheSameOutputWhateverTheThreads) {
    // Games read ahead by the workers past the stop are dropped unseen. The book's untagged
    // chess games read as Ice Age (asked for: --variant wins over any decision for untagged
    // games) give an error each.
    FLOE_REQUIRE_SHARED(shared);
    const std::string book = "--variant \"Ice Age\" '" +
                             (shared / "corpora/gnuchess-book/book_1.02.first2000.pgn").string() +
                             "' ";
    for (const std::string command : {"validate", "convert", "fen --all", "select --canonical"}) {
        const RunResult one   = run_floe(command + " --max-errors 5 --jobs 1 " + book);
        const RunResult three = run_floe(command + " --max-errors 5 --jobs 3 " + book);
        EXPECT_EQ(one.exit_code, three.exit_code) << command;
        EXPECT_EQ(one.out, three.out) << command;
        EXPECT_EQ(one.err, three.err) << command;
        EXPECT_NE(one.err.find(": note: stopped after 5 errors (--max-errors 5): the games after "
                               "game "),
                  std::string::npos)
            << command;
    }
}

}  // namespace
}  // namespace floe::test
