// Bytes (issue #12, item 8): bytes that are not UTF-8 read as Windows-1252 or as --encoding
// says, control characters escaped in diagnostics but kept in files and JSON, and archived,
// UTF-16/32 and binary inputs refused with one message (docs/rules/notation.md §1.13,
// §8.1). Compressed inputs are read: tests/cli/compressed_input_test.cpp.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "support/test_support.hpp"

namespace floe::test {
namespace {

using namespace std::string_literals;

// A file in the temporary directory, removed with the object.
struct TempFile {
    TempFile(const std::string& name, const std::string& content)
        : path(std::filesystem::temp_directory_path() /
               ("floe-bytes-test-" + std::to_string(::getpid()) + "-" + name)) {
        std::ofstream(path, std::ios::binary) << content;
    }
    ~TempFile() { std::filesystem::remove(path); }
    std::string quoted() const {
        std::string q(1, '\'');  // built with += (g++ 12 warns falsely on "'" + s)
        q += path.string();
        q += '\'';
        return q;
    }
    std::filesystem::path path;
};

// --- bytes that are not UTF-8 ----------------------------------------------------------------

// Windows-1252 smart quotes, a dash and the euro sign, in a tag and in a comment.
const std::string Smart =
    "[Event \"\x93Open\x94 \x96 \x80 5\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n\n"
    "1. e4 {\x93good\x94} e5 *\n"s;

TEST(Bytes, Windows1252SmartQuotesConvertToTheirUtf8WithOneWarning) {
    const RunResult r = run_floe("convert --variant standard -", Smart);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out,
              "[Event \"\xE2\x80\x9COpen\xE2\x80\x9D \xE2\x80\x93 \xE2\x82\xAC 5\"]\n"
              "[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Ann\"]\n"
              "[Black \"Bob\"]\n[Result \"*\"]\n\n"
              "1. e4 {\xE2\x80\x9Cgood\xE2\x80\x9D} 1... e5 *\n");
    EXPECT_EQ(r.err,
              "<stdin>:1:9: warning: game 1 (Ann vs Bob), byte 0x93 is not UTF-8: read as "
              "Windows-1252 '\xE2\x80\x9C' (U+201C), like the game's other bytes that are not "
              "UTF-8 [invalid-utf8]\n"
              "    1 | [Event \"\xE2\x80\x9COpen\xE2\x80\x9D \xE2\x80\x93 \xE2\x82\xAC 5\"]\n"
              "      |         ^\n");
    // JSON carries the same text.
    const RunResult j = run_floe("convert --to json --variant standard -", Smart);
    EXPECT_NE(j.out.find("\"Event\":\"\xE2\x80\x9COpen\xE2\x80\x9D \xE2\x80\x93 \xE2\x82\xAC 5\""),
              std::string::npos)
        << j.out;
    EXPECT_NE(j.out.find("{\"text\":\"\xE2\x80\x9Cgood\xE2\x80\x9D\"}"), std::string::npos)
        << j.out;
}

TEST(Bytes, EncodingOptionReadsLatin1AndCp437) {
    const std::string dos = "[Site \"Br\x81ssel\"]\n\n1. e4 e5 *\n";
    const RunResult cp437 = run_floe("convert --variant standard --encoding cp437 -", dos);
    EXPECT_EQ(cp437.exit_code, 0);
    EXPECT_NE(cp437.out.find("[Site \"Br\xC3\xBCssel\"]\n"), std::string::npos) << cp437.out;
    EXPECT_EQ(cp437.err,
              "<stdin>:1:10: warning: game 1, byte 0x81 is not UTF-8: read as CP437 '\xC3\xBC' "
              "(U+00FC), like the game's other bytes that are not UTF-8 [invalid-utf8]\n"
              "    1 | [Site \"Br\xC3\xBCssel\"]\n"
              "      |          ^\n");
    // Latin-1: 0x81 is the C1 control U+0081, kept in the file, escaped in the diagnostic.
    const RunResult latin1 = run_floe("convert --variant standard --encoding latin1 -", dos);
    EXPECT_NE(latin1.out.find("[Site \"Br\xC2\x81ssel\"]\n"), std::string::npos) << latin1.out;
    EXPECT_EQ(latin1.err,
              "<stdin>:1:10: warning: game 1, byte 0x81 is not UTF-8: read as Latin-1 '\\x81' "
              "(U+0081), like the game's other bytes that are not UTF-8 [invalid-utf8]\n"
              "    1 | [Site \"Br\\x81ssel\"]\n"
              "      |          ^~~~\n");
    // Windows-1252 leaves 0x81 undefined: U+FFFD, with the same warning.
    const RunResult cp1252 = run_floe("convert --variant standard -", dos);
    EXPECT_NE(cp1252.out.find("[Site \"Br\xEF\xBF\xBDssel\"]\n"), std::string::npos) << cp1252.out;
    EXPECT_EQ(cp1252.err,
              "<stdin>:1:10: warning: game 1, byte 0x81 is neither UTF-8 nor defined in "
              "Windows-1252: written as U+FFFD; the game's other bytes that are not UTF-8 are "
              "read as Windows-1252 [invalid-utf8]\n"
              "    1 | [Site \"Br\xEF\xBF\xBDssel\"]\n"
              "      |          ^\n");
    EXPECT_EQ(run_floe("convert --encoding utf16 -", dos).exit_code, 2);
}

TEST(Bytes, EveryCommandThatReadsRecordsTakesTheEncoding) {
    const std::string dos    = "[Site \"Br\x81ssel\"]\n\n1. e4 e5 *\n";
    const RunResult validate = run_floe("validate --variant standard --encoding cp437 -", dos);
    EXPECT_EQ(validate.exit_code, 0);
    EXPECT_NE(validate.err.find("read as CP437 '\xC3\xBC'"), std::string::npos) << validate.err;
    EXPECT_EQ(run_floe("fen --variant standard --encoding cp437 -", dos).exit_code, 0);
    EXPECT_EQ(run_floe("diagram --variant standard --encoding latin1 -", dos).exit_code, 0);
    const RunResult replay = run_floe("replay --variant standard --encoding cp437 -", dos);
    EXPECT_EQ(replay.exit_code, 0);
    EXPECT_NE(replay.out.find("<p class=\"tags\">Br\xC3\xBCssel"), std::string::npos);
    // The game's errors that fen prints name the bytes as the option reads them.
    const RunResult fen =
        run_floe("fen --variant standard --encoding cp437 -", "[White \"G\x81nter\"]\n1. e5 *\n");
    EXPECT_EQ(fen.exit_code, 1);
    EXPECT_NE(fen.err.find("game 1 (G\xC3\xBCnter vs ?), 1. e5"), std::string::npos) << fen.err;
}

// --- control characters ----------------------------------------------------------------------

// An escape sequence in a comment and in a tag value: `\x1B` in the diagnostic (the caret
// still under the failing token), the byte itself in the converted file, `\u001b` in JSON.
TEST(Bytes, EscapeSequencesNeverReachTheTerminalButStayData) {
    const std::string esc = "[Variant \"Chess\x1B[2J\"]\n\n1. e4 {\x1B[31mred\x1B[0m} e5 $256 *\n";
    const RunResult validate = run_floe("validate -", esc);
    EXPECT_EQ(validate.exit_code, 1);
    EXPECT_EQ(validate.err.find('\x1B'), std::string::npos);
    EXPECT_EQ(validate.err,
              "<stdin>:1:1: error: game 1, unsupported variant \"Chess\\x1B[2J\" (floe replays "
              "Ice Age, Ice Age vchess, Standard, Crazyhouse, Chess960 and Glacial Shift) "
              "[unsupported-variant]\n"
              "    1 | [Variant \"Chess\\x1B[2J\"]\n"
              "      | ^~~~~~~~~~~~~~~~~~~~~~~~\n"
              "<stdin>:3:25: error: game 1, NAG $256 out of range: expected $0 to $255 "
              "[syntax-error]\n"
              "    3 | 1. e4 {\\x1B[31mred\\x1B[0m} e5 $256 *\n"
              "      |                               ^~~~\n");
    const RunResult json = run_floe("validate --to json -", esc);
    EXPECT_NE(json.out.find("\"message\":\"unsupported variant \\\"Chess\\u001b[2J\\\""),
              std::string::npos)
        << json.out;
    EXPECT_EQ(json.out.find('\x1B'), std::string::npos);
    // convert keeps the bytes: the record's text is data.
    const std::string clean = "[White \"A\x1B[1mB\"]\n\n1. e4 {\x1B[31mred\x1B[0m} e5 *\n";
    const RunResult convert = run_floe("convert --variant standard -", clean);
    EXPECT_EQ(convert.exit_code, 0);
    EXPECT_NE(convert.out.find("[White \"A\x1B[1mB\"]\n"), std::string::npos) << convert.out;
    EXPECT_NE(convert.out.find("1. e4 {\x1B[31mred\x1B[0m} 1... e5 *\n"), std::string::npos);
    const RunResult to_json = run_floe("convert --to json --variant standard -", clean);
    EXPECT_NE(to_json.out.find("{\"text\":\"\\u001b[31mred\\u001b[0m\"}"), std::string::npos)
        << to_json.out;
}

// --- inputs that are no text -----------------------------------------------------------------

struct Refused {
    const char* name;
    std::string head;  ///< the file's first bytes
    const char* what;  ///< the message after "NAME " (FILE stands for the file name)
};

const Refused RefusedInputs[] = {
    {"zip", "PK\x03\x04\x14\x00\x00\x00games.pgn"s,
     "is a zip archive; extract the records first (e.g. unzip -p FILE | floe validate -)"},
    {"tar", "games.pgn"s + std::string(248, '\0') + "ustar\0"s + "00",
     "is a tar archive; extract the records first (e.g. tar -xOf FILE | floe validate -)"},
    {"7z", "\x37\x7A\xBC\xAF\x27\x1C\x00\x04garbage"s,
     "is a 7z archive; extract the records first (e.g. 7z x -so FILE | floe validate -)"},
    {"utf16le", "\xFF\xFE[\0E\0v\0e\0n\0t\0"s,
     "is UTF-16 (little-endian) text; convert it to UTF-8 first (e.g. iconv -f UTF-16 -t UTF-8 "
     "FILE | floe validate -)"},
    {"utf16be", "\xFE\xFF\0[\0E\0v\0e\0n\0t"s,
     "is UTF-16 (big-endian) text; convert it to UTF-8 first (e.g. iconv -f UTF-16 -t UTF-8 "
     "FILE | floe validate -)"},
    {"utf16nobom", "[\0E\0v\0e\0n\0t\0 \0\"\0x\0\"\0]\0\n\0"s,
     "is UTF-16 (little-endian) text without a byte-order mark; convert it to UTF-8 first (e.g. "
     "iconv -f UTF-16LE -t UTF-8 FILE | floe validate -)"},
    {"utf32le", "\xFF\xFE\0\0[\0\0\0E\0\0\0"s,
     "is UTF-32 (little-endian) text; convert it to UTF-8 first (e.g. iconv -f UTF-32 -t UTF-8 "
     "FILE | floe validate -)"},
    {"utf32be", "\0\0\xFE\xFF\0\0\0[\0\0\0E"s,
     "is UTF-32 (big-endian) text; convert it to UTF-8 first (e.g. iconv -f UTF-32 -t UTF-8 "
     "FILE | floe validate -)"},
    {"binary",
     "\x7F"
     "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0\x3E\0\x01\0\0\0"s,
     "is a binary file, not PGN text: 19 of its first 24 bytes are NUL or other control bytes"},
};

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos;
         at             = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

TEST(Bytes, ArchivedUnicodeAndBinaryInputsGetOneErrorFromAFileAndFromStdin) {
    for (const Refused& r : RefusedInputs) {
        SCOPED_TRACE(r.name);
        const TempFile file(std::string("input.") + r.name, r.head);
        const RunResult from_file = run_floe("validate " + file.quoted());
        EXPECT_EQ(from_file.exit_code, 2);
        EXPECT_EQ(from_file.out, "");
        EXPECT_EQ(from_file.err, "floe validate: " + file.path.string() + " " +
                                     replaced(r.what, "FILE", file.path.string()) + "\n");
        const RunResult from_stdin = run_floe("validate -", r.head);
        EXPECT_EQ(from_stdin.exit_code, 2);
        EXPECT_EQ(from_stdin.err, "floe validate: <stdin> " + std::string(r.what) + "\n");
    }
}

TEST(Bytes, EveryRecordReadingCommandRefusesThroughThePipe) {
    const std::string zip = "PK\x03\x04\x14\x00\x00\x00games.pgn"s;
    const std::string what =
        "<stdin> is a zip archive; extract the records first (e.g. unzip -p FILE | floe ";
    const RunResult convert = run_floe("convert -", zip);
    EXPECT_EQ(convert.exit_code, 2);
    EXPECT_EQ(convert.out, "");
    EXPECT_EQ(convert.err, "floe convert: " + what + "convert -)\n");
    for (const char* command : {"fen", "diagram", "replay"}) {
        const RunResult r = run_floe(std::string(command) + " -", zip);
        EXPECT_EQ(r.exit_code, 2) << command;
        EXPECT_EQ(r.out, "") << command;
        EXPECT_EQ(r.err, "floe " + std::string(command) + ": " + what + command + " -)\n");
    }
    // Through a real pipe, and from the file the pipe came from.
    const TempFile file("piped.zip", zip);
    const std::string err = (file.path.string() + ".err");
    const int status      = std::system(
             ("cat " + file.quoted() + " | " + quoted_floe() + " validate - 2>'" + err + "'").c_str());
    EXPECT_EQ(WEXITSTATUS(status), 2);
    EXPECT_EQ(read_file(err), "floe validate: " + what + "validate -)\n");
    std::filesystem::remove(err);
}

// A record with a stray NUL byte (and a few control bytes) is read: the NUL is a syntax error
// of its game, which ends its line there (the plies before it count), and the next game is
// valid.
TEST(Bytes, ARecordWithAStrayNulIsNotRefused) {
    const std::string text =
        "[Event \"a\"]\n\n1. e4\0 e5 *\n\n[Event \"b\"]\n\n1. d4 \x01\x02 d5 *\n\n"
        "[Event \"c\"]\n\n1. c4 c5 *\n"s;
    const RunResult r = run_floe("validate --variant standard -", text);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "<stdin>: 3 games, 4 plies, 3 errors, 0 warnings\n");
    EXPECT_NE(r.err.find("<stdin>:3:6: error: game 1, unexpected control character U+0000"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("    3 | 1. e4\\x00 e5 *\n"), std::string::npos) << r.err;
}

// A NUL byte inside a tag value or a comment (issue 25 item 8,
// ../shared/cases/hostile/nul_in_tag_and_comment.pgn) is a syntax error at its own line and
// column, as a stray one is. A tag pair holding one is a malformed tag (the tag section goes on),
// a comment in the movetext stops its line, and no writer emits the NUL raw: PGN writes it as
// U+FFFD inside the marker comments, JSON as \u0000.
TEST(Bytes, ANulInATagValueOrACommentIsASyntaxErrorAndNeverWrittenRaw) {
    const std::string text = "[Event \"a\0b\"]\n\n1. e4 {x\0y} e5 *\n"s;
    const RunResult v      = run_floe("validate --variant standard -", text);
    EXPECT_EQ(v.exit_code, 1);
    EXPECT_EQ(v.out, "<stdin>: 1 games, 1 plies, 2 errors, 0 warnings\n");
    const std::string nul =
        "error: game 1, unexpected control character U+0000 (NUL) in the "
        "record: no text holds one [syntax-error]\n";
    EXPECT_NE(v.err.find("<stdin>:1:10: " + nul), std::string::npos) << v.err;
    EXPECT_NE(v.err.find("<stdin>:3:9: " + nul), std::string::npos) << v.err;

    const RunResult pgn = run_floe("convert --variant standard -", text);
    EXPECT_EQ(pgn.exit_code, 1);
    EXPECT_EQ(pgn.out.find('\0'), std::string::npos);
    EXPECT_NE(pgn.out.find("\n\n{[%floe unterminated-tag] [Event \"a\xEF\xBF\xBD"
                           "b\"]} 1. e4 ;[%floe syntax-error] {x\xEF\xBF\xBDy} e5\n*\n"),
              std::string::npos)
        << pgn.out;
    // Read again it stays broken, at both markers, and converting it again changes nothing.
    const RunResult again = run_floe("validate --variant standard -", pgn.out);
    EXPECT_EQ(again.out, "<stdin>: 1 games, 1 plies, 2 errors, 0 warnings\n");
    EXPECT_EQ(run_floe("convert --variant standard -", pgn.out).out, pgn.out);

    const RunResult json = run_floe("convert --to json --variant standard -", text);
    EXPECT_EQ(json.out.find('\0'), std::string::npos);
    const auto game = nlohmann::json::parse(json.out);
    EXPECT_EQ(game["tags"], nlohmann::json::object());  // a malformed tag is no tag
    EXPECT_EQ(game["moves"][1]["san"], "e4");
    EXPECT_EQ(game["moves"][2]["unplayed"], "{x\0y} e5"s);
    EXPECT_NE(json.out.find("x\\u0000y"), std::string::npos);
}

// A NUL is no token, and the U+FFFD written for it is none either: between a game's tag section
// and a move number 1 it is no move, so the number does not start a second game when the output
// is read again (the round-trip fuzz target found `[FEN ""]` + NUL + `1` split in two there).
TEST(Bytes, TheReplacementCharacterWrittenForANulReadsAsTheNulDid) {
    const std::string text = "[FEN\"\"]\0\n1"s;
    const RunResult once   = run_floe("convert --variant standard -", text);
    EXPECT_EQ(once.exit_code, 1);
    EXPECT_EQ(once.out, "[FEN\"\"]\xEF\xBF\xBD\n1 {[%floe syntax-error]}\n*\n");
    const RunResult again = run_floe("validate --variant standard -", once.out);
    EXPECT_EQ(again.out, "<stdin>: 1 games, 0 plies, 3 errors, 1 warnings\n");
    EXPECT_NE(again.err.find("<stdin>:1:8: error: game 1, unexpected '\xEF\xBF\xBD'; expected a "
                             "move, a move number"),
              std::string::npos)
        << again.err;
    EXPECT_EQ(run_floe("convert --variant standard -", once.out).out, once.out);
}

// A byte Windows-1252 leaves undefined is written as U+FFFD, as a NUL is: all three are lost
// characters, read alike, never part of a move or of a tag name. So a tag-like line holding one
// does not cut the comment it stands in, before conversion or after (a round-trip fuzz finding:
// `{` newline `[` NUL `"` became `[U+FFFD"`, a tag pair that cut the comment written again).
TEST(Bytes, ALostCharacterIsNeverPartOfAMoveOrATagName) {
    const std::string text = "[Ev\x81nt \"x\"]\n\n1. e4 e5\x81 *\n\n{\n[\x81 \"x\"}\n1. d4 *\n"s;
    const RunResult v      = run_floe("validate --variant standard -", text);
    EXPECT_EQ(v.out, "<stdin>: 2 games, 3 plies, 2 errors, 2 warnings\n");
    EXPECT_NE(v.err.find("<stdin>:1:1: error: game 1, malformed tag pair: expected [Name "
                         "\"value\"] [unterminated-tag]"),
              std::string::npos)
        << v.err;
    EXPECT_NE(v.err.find("<stdin>:3:9: error: game 1, unexpected '\xEF\xBF\xBD'; expected a move"),
              std::string::npos)
        << v.err;
    const RunResult once = run_floe("convert --variant standard -", text);
    EXPECT_NE(once.out.find("{[%floe unterminated-tag] [Ev\xEF\xBF\xBDnt \"x\"]} 1. e4 e5 "
                            "{[%floe syntax-error] \xEF\xBF\xBD} *\n"),
              std::string::npos)
        << once.out;
    EXPECT_NE(once.out.find("{\n[\xEF\xBF\xBD \"x\"} 1. d4 *\n"), std::string::npos) << once.out;
    EXPECT_EQ(run_floe("convert --variant standard -", once.out).out, once.out);
}

}  // namespace
}  // namespace floe::test
