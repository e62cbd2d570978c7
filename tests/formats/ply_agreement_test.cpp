// One policy for where a line stops (issue 12, item 6): every game of every corpus file has the
// same number of main-line plies in each command's reading of it, as the CLI makes them:
// validate (replay_game), fen --all (every position kept), convert --to json (the walk) and the
// replay page (its data's main line).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "formats/json_writer.hpp"
#include "formats/main_line.hpp"
#include "formats/replay_page.hpp"
#include "parser/parse_record.hpp"
#include "support/json_moves.hpp"
#include "support/replay_page_data.hpp"
#include "support/test_support.hpp"

namespace floe::formats {
namespace {

namespace chess = rules::chess;
using Json      = nlohmann::json;

std::vector<std::filesystem::path> corpus_set(const std::filesystem::path& shared) {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(shared / "corpora"))
        if (entry.is_regular_file() && (entry.path().extension() == ".pgn" ||
                                        entry.path().parent_path().filename() == "ice-age"))
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

// Main-line plies of a replay page: the plies of its data's main line (issue 18: the browser
// draws the boards, so the page holds no `data-ply` per ply).
std::size_t page_plies(const std::string& page) {
    return test::page_main_line(test::page_game(page)).size() - 1;
}

// Main-line plies of a game's JSON (0 for a game passed through, whose moves are null).
std::size_t json_plies(const Json& game) {
    return game["moves"].is_null() ? 0 : test::line_plies(game["moves"]).size();
}

TEST(PlyAgreement, ValidateFenJsonAndTheReplayPageCountTheSamePliesOnEveryCorpusGame) {
    FLOE_REQUIRE_SHARED(shared);
    std::size_t games = 0, pages = 0, stopped = 0;
    for (const auto& file : corpus_set(shared)) {
        const std::string input = test::read_file(file);
        GameOptions options;
        options.variant = file.parent_path().filename() == "ice-age"
                              ? nullptr
                              : &rules::variant_entry(chess::standard_variant());
        parser::RecordReader reader(input);
        rules::GameRecord record;
        rules::DiagnosticLog log;
        while (reader.next(record, log)) {
            SCOPED_TRACE(file.string() + ", game " + std::to_string(record.number));
            const ReplayedGame v = replay_game<NoVisitor>(record, options, log);
            std::string fens;
            replay_game<MainLinePositions>(record, options, log, fens);
            if (v.setup.playable()) {
                EXPECT_EQ(std::count(fens.begin(), fens.end(), '\n'), v.plies() + 1);
            }
            std::string json;
            write_game_json(json, file.string(), record, options, false, log, nullptr);
            EXPECT_EQ(json_plies(Json::parse(json)), v.plies());
            // The page for every game that stopped early and one in ten of the others, to keep
            // the test quick (page_main_line is quadratic).
            if (v.setup.playable() && (v.main_line_failed() || record.number % 10 == 1)) {
                std::ostringstream page;
                write_replay_page(page, record, options, log, nullptr);
                EXPECT_EQ(page_plies(page.str()), v.plies());
                ++pages;
            }
            stopped += v.main_line_failed();
            ++games;
            log = {};
        }
    }
    // The set is real: many games, pages and stopped lines (no vacuous pass).
    EXPECT_GT(games, 3000u);
    EXPECT_GT(pages, 400u);
    EXPECT_GT(stopped, 20u);
}

}  // namespace
}  // namespace floe::formats
