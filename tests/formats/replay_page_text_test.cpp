// The replay page keeps every byte of record text that has no ply to stand on (issue 18,
// docs/rules/notation.md §1.11): a variation whose first move fails or that holds only
// comments, text after a line's last variation, and a main line that fails on its first move.
// Its data (formats/replay_page.hpp) is checked node by node, without positions.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "formats/replay_page.hpp"
#include "parser/parse_record.hpp"
#include "rules/chess/variant.hpp"
#include "support/replay_page_data.hpp"

namespace floe::formats {
namespace {

// The page of an orthodox chess game.
std::string page(const std::string& movetext) {
    const std::string input = "[Event \"t\"]\n\n" + movetext + "\n";
    parser::RecordReader reader(input);
    rules::GameRecord record;
    rules::DiagnosticLog log;
    EXPECT_TRUE(reader.next(record, log));
    GameOptions options;
    options.variant = &rules::variant_entry(rules::chess::standard_variant());
    std::ostringstream out;
    write_replay_page(out, record, options, log, nullptr);
    return out.str();
}

// The page's nodes of an orthodox chess game, each without its position and marks ("d", "f",
// "m"), one JSON object a line; then the error, if any.
std::string page_text(const std::string& movetext) {
    const nlohmann::json game = test::page_game(page(movetext));
    std::string out;
    for (nlohmann::json node : game["nodes"]) {
        node.erase("d");
        node.erase("f");
        node.erase("m");
        out += node.dump() + "\n";
    }
    if (game.contains("error")) out += "error: " + game["error"].get<std::string>() + "\n";
    return out;
}

TEST(ReplayPageText, AVariationWhoseFirstMoveFailsKeepsItsText) {
    EXPECT_EQ(page_text("1. e4 e5 (1... Ke7 Nf6 {kept}) 2. Nf3 *"),
              "{}\n"
              "{\"s\":\"e4\"}\n"
              "{\"s\":\"e5\"}\n"
              "{\"u\":1,\"x\":\"Ke7 Nf6 {kept}\",\"z\":1}\n"
              "{\"s\":\"Nf3\",\"u\":2}\n");
    // Its comment before the failing move, and a variation of comments only.
    EXPECT_EQ(page_text("1. e4 e5 ({before} 1... Ke7) ({only}) *"),
              "{}\n"
              "{\"s\":\"e4\"}\n"
              "{\"s\":\"e5\"}\n"
              "{\"c\":[{\"text\":\"before\"}],\"u\":1,\"x\":\"Ke7\",\"z\":1}\n"
              "{\"c\":[{\"text\":\"only\"}],\"u\":1,\"z\":1}\n");
    // An empty variation holds nothing to show.
    EXPECT_EQ(page_text("1. e4 () *"), "{}\n{\"s\":\"e4\"}\n");
}

TEST(ReplayPageText, TextAfterALinesLastVariationIsKept) {
    // The line's last move was written with its variation: what stops the line after it is a
    // node of its own, child of that move.
    EXPECT_EQ(page_text("1. e4 (1. d4) {unterminated"),
              "{}\n"
              "{\"s\":\"e4\"}\n"
              "{\"s\":\"d4\",\"u\":0}\n"
              "{\"c\":[{\"text\":\"unterminated\"}],\"u\":1,\"z\":2}\n"
              "error: unterminated comment: expected '}' (the comment is read up to the end of "
              "the game)\n");
    EXPECT_EQ(page_text("1. e4 e5 (1... c5) ) 2. Nf3"),
              "{}\n"
              "{\"s\":\"e4\"}\n"
              "{\"s\":\"e5\"}\n"
              "{\"s\":\"c5\",\"u\":1}\n"
              "{\"u\":2,\"x\":\") 2. Nf3\",\"z\":2}\n"
              "error: ')' without a matching '('\n");
    // Inside a variation too: its rest after its own variation.
    EXPECT_EQ(page_text("1. e4 e5 (1... c5 2. Nf3 (2. Nc3) Ke7) *"),
              "{}\n"
              "{\"s\":\"e4\"}\n"
              "{\"s\":\"e5\"}\n"
              "{\"s\":\"c5\",\"u\":1}\n"
              "{\"s\":\"Nf3\"}\n"
              "{\"s\":\"Nc3\",\"u\":3}\n"
              "{\"u\":4,\"x\":\"Ke7\",\"z\":2}\n");
}

TEST(ReplayPageText, TheErrorShownIsTheMainLinesNotAnEarlierVariations) {
    EXPECT_EQ(page_text("1. e4 e5 (1... Ke7) 2. Nf3 Bc3 ( *"),
              "{}\n"
              "{\"s\":\"e4\"}\n"
              "{\"s\":\"e5\"}\n"
              "{\"u\":1,\"x\":\"Ke7\",\"z\":1}\n"
              "{\"s\":\"Nf3\",\"u\":2,\"x\":\"Bc3 (\"}\n"
              "error: 2... Bc3: no bishop can reach c3\n");
}

TEST(ReplayPageText, AVariationBeforeTheFirstMoveIsNotTheMainLine) {
    // The main continuation is the first child not marked "a": e4 here, as `fen --all` says.
    EXPECT_EQ(page_text("(1. d4 d5) 1. e4 e5 *"),
              "{}\n"
              "{\"a\":1,\"s\":\"d4\"}\n"
              "{\"s\":\"d5\"}\n"
              "{\"s\":\"e4\",\"u\":0}\n"
              "{\"s\":\"e5\"}\n");
    EXPECT_EQ(test::page_main_line(test::page_game(page("(1. d4 d5) 1. e4 e5 *"))).size(), 3u);
}

TEST(ReplayPageText, AMainLineThatFailsOnItsFirstMoveKeepsItsText) {
    EXPECT_EQ(page_text("{before} 1. e5 e4 {text} 2. Nf3 *"),
              "{\"c\":[{\"text\":\"before\"}],\"x\":\"e5 e4 {text} 2. Nf3\"}\n"
              "error: 1. e5: no pawn can reach e5\n");
}

}  // namespace
}  // namespace floe::formats

namespace floe::formats {
namespace {

// A comment and a stopped line's rest of about 100 KB are kept as the record's bytes and written
// a piece of 16 KB at a time (issue 25): the page holds them as the whole text gives them, decoded,
// with `<` escaped (no `<b>` or `</script>` of the record appears in the page), CRLF kept as read.
TEST(ReplayPageText, LongCommentsAndRestsAreWrittenWhole) {
    std::string comment;
    for (int i = 0; i < 2000; ++i)
        comment += "line " + std::to_string(i) + " <b>\"q\"\\ caf\xE9 </script>\x01\r\n";
    const std::string text = "1. e4 {" + comment + "} e5 2. Qxx {" + comment + "} Nc6 *";
    const std::string html = page(text);
    EXPECT_EQ(html.find("<b>"), std::string::npos);
    const nlohmann::json game = test::page_game(html);
    ASSERT_GE(game["nodes"].size(), 3u);
    const std::string trimmed = comment.substr(0, comment.size() - 2);  // its CRLF at the end
    const auto utf8           = [](std::string s) {
        for (std::size_t at; (at = s.find('\xE9')) != std::string::npos;)
            s.replace(at, 1, "\xC3\xA9");  // Windows-1252 é
        return s;
    };
    // EXPECT_TRUE: a failure does not print 100 KB.
    EXPECT_TRUE(game["nodes"][1]["c"][0]["text"].get<std::string>() == utf8(trimmed));
    EXPECT_TRUE(game["nodes"].back()["x"].get<std::string>() == utf8("Qxx {" + comment + "} Nc6"));
}

}  // namespace
}  // namespace floe::formats
