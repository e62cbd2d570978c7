// The diagram, replay and validate --board commands end to end (issue 6): text and Unicode
// goldens on the samples, SVG squares read back and compared with the FEN for every ply of the
// published record, the replay page's self-containment, and the option rules.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <regex>
#include <sstream>
#include <string>

#include "support/replay_page_data.hpp"
#include "support/test_support.hpp"

namespace floe::test {
namespace {

// A source file's absolute path, quoted for the shell (built with += : g++ 12 gives a false
// -Wrestrict warning on "'" + string).
std::string sample(const std::string& relative) {
    std::string quoted = "'";
    quoted += source_path(relative).string();
    quoted += '\'';
    return quoted;
}

const std::string Published = "samples/ice-age/lookintochess-2017.pgn";

std::string golden(const std::string& name) {
    return read_file(source_path("tests/cli/golden/diagram/" + name));
}

// The 64 squares of a FEN's board as square name -> FEN character ('*' ice, "" empty).
std::map<std::string, std::string> fen_squares(const std::string& fen) {
    std::map<std::string, std::string> squares;
    int rank = 7, file = 0;
    for (char c : fen.substr(0, fen.find(' '))) {
        if (c == '/') {
            --rank;
            file = 0;
        } else if (c >= '1' && c <= '8') {
            for (int i = 0; i < c - '0'; ++i, ++file)
                squares[std::string{char('a' + file), char('1' + rank)}] = "";
        } else {
            squares[std::string{char('a' + file), char('1' + rank)}] = std::string(1, c);
            ++file;
        }
    }
    return squares;
}

// The data-square/data-piece pairs of an SVG's square groups.
std::map<std::string, std::string> svg_squares(const std::string& svg, int* groups = nullptr) {
    static const std::regex square(R"re(<g data-square="([a-h][1-8])" data-piece="([^"]*)")re");
    std::map<std::string, std::string> squares;
    int count = 0;
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), square);
         it != std::sregex_iterator(); ++it, ++count)
        squares[(*it)[1]] = (*it)[2];
    if (groups) *groups = count;
    return squares;
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

struct GoldenCase {
    const char* args;
    const char* file;
};

TEST(DiagramGolden, TextAndUnicodeMatchTheGoldenFiles) {
    const GoldenCase cases[] = {
        {"--ply 40 PUBLISHED", "lookintochess-ply40.text"},  // the Ice Age ply
        {"--to unicode --ply 40 PUBLISHED", "lookintochess-ply40.unicode"},
        {"--to unicode --flip --ply 20 PUBLISHED", "lookintochess-ply20-flipped.unicode"},
        {"--flip samples/orthodox/opera-game-1858.pgn", "opera-final-flipped.text"},
        {"--to unicode samples/orthodox/opera-game-1858.pgn", "opera-final.unicode"},
        {"--to unicode --no-coords --ply 1 samples/ice-age/reference-3.pgn",
         "reference-3-after-no-coords.unicode"},
        {"--no-coords --flip --ply 1 samples/ice-age/reference-3.pgn",
         "reference-3-after-flipped-no-coords.text"},
    };
    for (const GoldenCase& c : cases) {
        std::string args = c.args;
        if (auto at = args.find("PUBLISHED"); at != std::string::npos)
            args.replace(at, 9, sample(Published));
        else
            args = args.substr(0, args.rfind(' ') + 1) + sample(args.substr(args.rfind(' ') + 1));
        const RunResult r = run_floe("diagram " + args);
        EXPECT_EQ(r.exit_code, 0) << c.args << '\n' << r.err;
        EXPECT_EQ(r.out, golden(c.file)) << c.args;
    }
}

TEST(DiagramUnicode, OneColumnPerCellAndIceAsShade) {
    const RunResult r = run_floe("diagram --to unicode --fen 'k7/8/8/*7/8/8/8/R6K b - - 0 6'");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out,
              "8 ♚·······\n7 ········\n6 ········\n5 ▒·······\n4 ········\n3 ········\n"
              "2 ········\n1 ♖······♔\n  abcdefgh\nBlack to move\n");
}

TEST(DiagramSvg, SquaresMatchTheFenAtEveryPlyOfThePublishedRecord) {
    for (int ply = 0; ply <= 40; ++ply) {
        const std::string at = "--ply " + std::to_string(ply) + " " + sample(Published);
        const RunResult fen  = run_floe("fen " + at);
        const RunResult svg  = run_floe("diagram --to svg " + at);
        const RunResult flip = run_floe("diagram --to svg --flip --no-coords " + at);
        ASSERT_EQ(fen.exit_code, 0) << fen.err;
        ASSERT_EQ(svg.exit_code, 0) << svg.err;
        int groups = 0;
        EXPECT_EQ(svg_squares(svg.out, &groups), fen_squares(fen.out)) << "ply " << ply;
        EXPECT_EQ(groups, 64) << "ply " << ply;
        EXPECT_EQ(svg_squares(flip.out), fen_squares(fen.out)) << "flipped, ply " << ply;
        // The SVG names the position it shows.
        EXPECT_NE(svg.out.find("data-position=\"" + first_line(fen.out) + "\""), std::string::npos);
    }
}

TEST(DiagramSvg, MarksTheLastMoveAndTheIceAge) {
    const RunResult r =
        run_floe("diagram --to svg --ply 1 " + sample("samples/ice-age/reference-3.pgn"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // 20...Rxc3: from c8 (iced by the Ice Age) to c3; Rh1, Ph4 and pb5 froze.
    EXPECT_NE(r.out.find(R"(data-square="c8" data-piece="*" data-marks="last-from new-ice")"),
              std::string::npos);
    EXPECT_NE(r.out.find(R"(data-square="c3" data-piece="r" data-marks="last-to")"),
              std::string::npos);
    for (const char* sq : {"h1", "h4", "b5"})
        EXPECT_NE(r.out.find(std::string(R"(data-square=")") + sq +
                             R"(" data-piece="*" data-marks="frozen")"),
                  std::string::npos)
            << sq;
    // a1, c1 stay empty and unmarked; b6 was ice before and is not marked.
    EXPECT_NE(r.out.find(R"(data-square="a1" data-piece="" transform)"), std::string::npos);
    EXPECT_NE(r.out.find(R"(data-square="b6" data-piece="*" transform)"), std::string::npos);
}

TEST(DiagramSvg, MarksAKingInCheck) {
    const RunResult r = run_floe("diagram --to svg --fen '4k3/8/8/8/8/8/8/4RK2 b - - 0 1'");
    EXPECT_NE(r.out.find(R"(data-square="e8" data-piece="k" data-marks="check")"),
              std::string::npos);
}

TEST(DiagramSvg, StandaloneWithoutFontsOrExternalFiles) {
    const RunResult r = run_floe("diagram --to svg --ply 40 " + sample(Published));
    ASSERT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
    EXPECT_EQ(r.out.find("<text"), std::string::npos);
    EXPECT_EQ(r.out.find("font"), std::string::npos);
    EXPECT_EQ(r.out.find("<image"), std::string::npos);
    // Every reference is to an id inside the file.
    static const std::regex href(R"re(href="([^"]*)")re");
    for (auto it = std::sregex_iterator(r.out.begin(), r.out.end(), href);
         it != std::sregex_iterator(); ++it) {
        const std::string target = (*it)[1];
        ASSERT_EQ(target[0], '#') << target;
        EXPECT_NE(r.out.find("id=\"" + target.substr(1) + "\""), std::string::npos) << target;
    }
}

TEST(DiagramSvg, SizeIsTheBoardWithoutCoordinates) {
    const RunResult bare = run_floe("diagram --to svg --no-coords --size 320 " + sample(Published));
    EXPECT_NE(bare.out.find(R"(width="320" height="320")"), std::string::npos);
    const RunResult framed = run_floe("diagram --to svg --size 320 " + sample(Published));
    EXPECT_NE(framed.out.find(R"(width="360" height="360")"), std::string::npos);
}

TEST(DiagramOptions, PlyAndFenExcludeEachOther) {
    const RunResult r = run_floe("diagram --ply 3 --fen '8/8/8/8/8/8/8/K6k w - - 0 1'");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(run_floe("diagram --to png " + sample(Published)).exit_code, 2);
    EXPECT_EQ(run_floe("diagram --to svg --size 0 " + sample(Published)).exit_code, 2);
}

TEST(DiagramOptions, OutputFile) {
    const auto path = std::filesystem::temp_directory_path() / "floe-diagram-test-out.svg";
    std::filesystem::remove(path);
    const RunResult r =
        run_floe("diagram --to svg -o '" + path.string() + "' " + sample(Published));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(r.out.empty());
    EXPECT_EQ(read_file(path), run_floe("diagram --to svg " + sample(Published)).out);
    std::filesystem::remove(path);
    EXPECT_EQ(run_floe("diagram -o /nonexistent-dir/x.txt " + sample(Published)).exit_code, 2);
}

TEST(Replay, PageIsSelfContainedAndStartsAtPlyZero) {
    const RunResult r = run_floe("replay " + sample(Published));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string& page = r.out;
    EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
    // No network, no external script, style or font.
    for (const char* banned :
         {"<script src", "<link", "@import", "@font-face", "url(http", "src=\"http", "href=\"http"})
        EXPECT_EQ(page.find(banned), std::string::npos) << banned;
    // The data: the 40 plies of the main line, their positions those of `fen --all`, the Ice Age
    // on ply 40 as its event.
    const nlohmann::json game = page_game(page);
    ASSERT_TRUE(game.is_object());
    EXPECT_EQ(game["game"], "chess");
    std::vector<std::string> fens;
    std::istringstream all(run_floe("fen --all " + sample(Published)).out);
    for (std::string line; std::getline(all, line);) fens.push_back(line);
    EXPECT_EQ(page_main_line(game), fens);
    ASSERT_EQ(game["nodes"].size(), 41u);
    EXPECT_EQ(game["nodes"][40]["s"], "Rxd6");
    EXPECT_EQ(game["nodes"][40]["e"], "<ice age>");
    EXPECT_FALSE(game["nodes"][39].contains("e"));
    // Small: one board's shapes, not a board per ply.
    EXPECT_LT(page.size(), 60000u + 300u * 40u);
    EXPECT_EQ(page.find("id=\"floe-king-0\""), page.rfind("id=\"floe-king-0\""));
}

TEST(Replay, WritesTheFileAndStopsAtAFailingMove) {
    const auto path = std::filesystem::temp_directory_path() / "floe-replay-test.html";
    const RunResult r =
        run_floe("replay -o '" + path.string() + "' " + sample("samples/broken/three-faults.pgn"));
    EXPECT_EQ(r.exit_code, 1);  // game 1's third move is illegal
    const std::string page = read_file(path);
    EXPECT_NE(page.find("\"error\":\"3. e4: no pawn can reach e4"), std::string::npos);
    EXPECT_EQ(page_game(page)["nodes"].size(), 5u);  // the start and the 4 plies reached
    std::filesystem::remove(path);
}

TEST(ValidateBoard, DrawsThePositionBeforeTheFailingMove) {
    const RunResult r = run_floe("validate --board " + sample("samples/broken/three-faults.pgn"));
    EXPECT_EQ(r.exit_code, 1);
    const std::string board =
        "8 ♜♞♝♛♚♝♞♜\n7 ♟·♟·♟♟♟♟\n6 ▒▒♟▒♟▒▒▒\n5 ▒▒▒▒▒▒▒▒\n4 ▒▒▒▒▒▒▒▒\n3 ▒▒♙▒♙▒▒▒\n"
        "2 ♙·♙·♙♙♙♙\n1 ♖♘♗♕♔♗♘♖\n  abcdefgh\nWhite to move\n";
    const std::string note =
        "note: position before the move: rnbqkbnr/p1p1pppp/**p*p***/********/********/**P*P***/"
        "P1P1PPPP/RNBQKBNR w KQkq - 0 3\n";
    EXPECT_NE(r.err.find(note + board), std::string::npos) << r.err;
    // Without --board, no diagram.
    EXPECT_EQ(run_floe("validate " + sample("samples/broken/three-faults.pgn")).err.find("♜"),
              std::string::npos);
}

}  // namespace
}  // namespace floe::test
