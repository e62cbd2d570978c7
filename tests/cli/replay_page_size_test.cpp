// The replay page's size budget of issue 18 on long generated games: 60 KB plus 300 bytes a ply,
// for chess and for Glacial Shift (the generated games have no comments). The annotated samples'
// budget is checked in the browser test (tests/render/replay_page_browser_test.py).
#include <gtest/gtest.h>

#include <string>

#include "support/replay_page_data.hpp"
#include "support/test_support.hpp"

namespace floe::test {
namespace {

// The page of `floe generate ARGS`'s game, and its main-line plies.
struct Page {
    std::string html;
    std::size_t plies = 0;
};

Page generated_page(const std::string& generate_args) {
    const RunResult game = run_floe("generate " + generate_args);
    EXPECT_EQ(game.exit_code, 0) << game.err;
    const RunResult page = run_floe("replay -", game.out);
    EXPECT_EQ(page.exit_code, 0) << page.err;
    return {page.out, page_main_line(page_game(page.out)).size() - 1};
}

TEST(ReplayPageSize, ALongGlacialShiftGameIsWithinTheBudget) {
    const Page p = generated_page("--variant 'Glacial Shift' --max-plies 400 --seed 3");
    EXPECT_EQ(p.plies, 400u);
    EXPECT_LE(p.html.size(), 60000u + 300u * p.plies);
}

TEST(ReplayPageSize, ALongChessGameIsWithinTheBudget) {
    const Page p = generated_page("--variant Standard --max-plies 400 --seed 3");
    EXPECT_EQ(p.plies, 400u);
    EXPECT_LE(p.html.size(), 60000u + 300u * p.plies);
}

}  // namespace
}  // namespace floe::test
