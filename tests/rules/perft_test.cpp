// Perft over samples/perft/*.txt (one `FEN;depth;count` per line): orthodox and Chess960 counts
// from the Chess Programming Wiki, Ice Age counts from the spec. Not a timed test.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "rules/chess/position.hpp"
#include "rules/chess/variant.hpp"
#include "support/test_support.hpp"
#include "tests/rules/chess_helpers.hpp"

namespace floe::test {
namespace {

struct PerftCase {
    std::string file;
    const chess::Variant* variant;
    std::string fen;
    int depth;
    std::uint64_t count;
};

// Readable test parameters in gtest output.
void PrintTo(const PerftCase& c, std::ostream* os) {
    *os << c.file << ": " << c.fen << " depth " << c.depth;
}

std::vector<PerftCase> load(const std::string& file, const chess::Variant& variant) {
    std::vector<PerftCase> cases;
    std::ifstream in(source_path("samples/perft/" + file));
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        const auto a = line.find(';'), b = line.find(';', a + 1);
        cases.push_back({file, &variant, line.substr(0, a),
                         std::stoi(line.substr(a + 1, b - a - 1)),
                         std::stoull(line.substr(b + 1))});
    }
    return cases;
}

std::vector<PerftCase> all_cases() {
    auto cases = load("orthodox.txt", chess::standard_variant());
    for (auto& c : load("ice-age.txt", chess::ice_age_variant())) cases.push_back(c);
    for (auto& c : load("chess960.txt", chess::chess960_variant())) cases.push_back(c);
    return cases;
}

class PerftSamples : public testing::TestWithParam<PerftCase> {};

TEST_P(PerftSamples, MatchesPublishedCount) {
    const PerftCase& c      = GetParam();
    const chess::Position p = fen_position(*c.variant, c.fen);
    EXPECT_EQ(chess::perft(p, c.depth), c.count) << c.file << ": " << c.fen << " depth " << c.depth;
}

INSTANTIATE_TEST_SUITE_P(Samples, PerftSamples, testing::ValuesIn(all_cases()),
                         [](const testing::TestParamInfo<PerftCase>& info) {
                             return std::string(info.param.file == "orthodox.txt" ? "Orthodox"
                                                                                  : "IceAge") +
                                    std::to_string(info.index);
                         });

TEST(PerftSamples, FilesAreNotEmpty) {
    EXPECT_GE(load("orthodox.txt", chess::standard_variant()).size(), 21u);
    EXPECT_GE(load("ice-age.txt", chess::ice_age_variant()).size(), 3u);
}

}  // namespace
}  // namespace floe::test
