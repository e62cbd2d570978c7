// No allocation per game in the steady state (issue 15): once a thread has read a game, reading
// the next one through GameSource, open_game and a MovetextReader allocates nothing, variations
// included. This executable counts every operator new (support/allocation_count.hpp).
#include <gtest/gtest.h>

#include <string>

#include "parser/movetext_reader.hpp"
#include "parser/parse_record.hpp"
#include "support/allocation_count.hpp"

namespace floe::parser {
namespace {

// Reads the main line of `record` for its meaning, as the replay does: each `(` makes the reader
// find its `)` (longer variations go into the reader's table) and skip the variation.
std::size_t read_main_line(const rules::GameRecord& record) {
    rules::DiagnosticLog log;
    MovetextReader reader(record, log, {});
    std::size_t elements = 0;
    for (;;) {
        const rules::Element e = reader.read(rules::ReadMode::Meaning, 0);
        if (e.kind == rules::ElementKind::End || e.kind == rules::ElementKind::Termination) break;
        ++elements;
    }
    EXPECT_TRUE(log.list().empty());
    return elements;
}

TEST(NoAllocation, TheSecondGameWithVariationsAllocatesNothing) {
    // Two variations longer than the reader finds again without its table, one nested.
    const std::string game =
        "[Event \"a\"]\n\n1. e4 (1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 "
        "(6... Nbd7 7. Rc1 c6 8. Bd3 dxc4 9. Bxc4 Nd5)) e5 (1... c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 "
        "Nf6 5. Nc3 a6 6. Be2 e5) 2. Nf3 *\n\n";
    const std::string text = game + game + game;
    GameSource source(text);
    GameText t;
    rules::GameRecord record;
    rules::DiagnosticLog log;
    std::size_t per_game[3] = {};
    for (std::size_t& count : per_game) {
        const std::size_t before = test::allocation_count();
        ASSERT_TRUE(source.next(t));
        open_game(t, record, log);
        const std::size_t elements = read_main_line(record);
        count                      = test::allocation_count() - before;
        EXPECT_EQ(elements, 8u);  // the tag, 1. e4 ( e5 ( 2. Nf3
    }
    EXPECT_GT(per_game[0], 0u);  // the tables grow once
    EXPECT_EQ(per_game[1], 0u);
    EXPECT_EQ(per_game[2], 0u);
    EXPECT_TRUE(log.list().empty());
}

}  // namespace
}  // namespace floe::parser
