// Conversion loses nothing on the corpus set (issue: every *.pgn under ../shared/corpora plus
// ice-age/*.txt): the tags, comments, NAGs and variations of each game are counted on both
// sides, and canonical output written again gives the same bytes.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "formats/pgn_writer.hpp"
#include "parser/parse_record.hpp"
#include "parser/read_games.hpp"
#include "support/test_support.hpp"

namespace floe::formats {
namespace {

namespace chess = rules::chess;

struct Counts {
    std::size_t comments = 0, nags = 0, variations = 0;
    bool operator==(const Counts&) const = default;
};

Counts count(const parser::test::Outline& record) {
    Counts c;
    for (const parser::test::Line& line : record.lines)
        for (const rules::Element& e : line.elements) {
            if (e.kind == rules::ElementKind::Comment || e.kind == rules::ElementKind::LineComment)
                ++c.comments;
            if (e.kind == rules::ElementKind::Nag) ++c.nags;
            if (e.kind == rules::ElementKind::Open) ++c.variations;
        }
    return c;
}

std::vector<std::filesystem::path> corpus_set(const std::filesystem::path& shared) {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(shared / "corpora"))
        if (entry.is_regular_file() && entry.path().extension() == ".pgn")
            files.push_back(entry.path());
    for (const auto& entry : std::filesystem::directory_iterator(shared / "corpora/ice-age"))
        if (entry.path().extension() == ".txt") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

// Games of the ice-age folder are Ice Age Chess (the default); the other corpora are orthodox.
const chess::Variant* variant_for(const std::filesystem::path& file) {
    return file.parent_path().filename() == "ice-age" ? nullptr : &chess::standard_variant();
}

struct Written {
    std::string text;
    std::vector<parser::test::Outline> records;
    std::vector<ReplayedGame> games;
};

Written convert(const std::string& input, const chess::Variant* variant) {
    Written w;
    parser::RecordReader reader(input);
    rules::GameRecord record;
    rules::DiagnosticLog log;
    GameOptions options;
    options.variant = variant ? &rules::variant_entry(*variant) : nullptr;
    while (reader.next(record, log)) {
        if (!w.records.empty()) w.text += '\n';
        w.records.push_back(parser::test::outline(record, log));
        w.games.push_back(write_pgn(w.text, record, options, {}, std::move(log)));
        log = {};
    }
    return w;
}

TEST(CorpusRoundTrip, NothingIsLostAndCanonicalOutputIsStable) {
    FLOE_REQUIRE_SHARED(shared);
    std::size_t files = 0, games = 0, clean_games = 0;
    Counts total;
    for (const auto& file : corpus_set(shared)) {
        SCOPED_TRACE(file.string());
        const std::string input = test::read_file(file);
        const Written once      = convert(input, variant_for(file));
        const Written twice     = convert(once.text, variant_for(file));
        ASSERT_EQ(twice.text, once.text);
        ASSERT_EQ(twice.records.size(), once.records.size());
        for (std::size_t g = 0; g < once.records.size(); ++g) {
            const parser::test::Outline& in  = once.records[g];
            const parser::test::Outline& out = twice.records[g];
            SCOPED_TRACE("game " + std::to_string(g + 1));
            for (const parser::test::TestTag& tag : in.tags) {  // every tag, with its value
                const std::string* value = out.tag(tag.name);
                ASSERT_NE(value, nullptr) << tag.name;
                if (tag.name != "Result") {
                    std::string expected;
                    rules::append_utf8(expected, tag.value, in.encoding);
                    EXPECT_EQ(*value, expected) << tag.name;
                }
            }
            if (!once.games[g].setup.playable()) continue;  // passed through as written
            if (once.games[g].errors() == 0) {
                // Every comment, NAG and variation is there, one for one.
                EXPECT_EQ(count(out), count(in));
                ++clean_games;
                const Counts c = count(in);
                total.comments += c.comments;
                total.nags += c.nags;
                total.variations += c.variations;
            } else {
                // Written up to the error; every line of every comment still appears,
                // verbatim (the rest of a line of play may be cut into one comment per
                // source line, docs/rules/notation.md §7.5).
                for (const parser::test::Line& line : in.lines)
                    for (const rules::Element& e : line.elements) {
                        if (e.kind != rules::ElementKind::Comment) continue;
                        std::string text;
                        rules::append_utf8(text, e.text, in.encoding);
                        std::erase(text, '\r');
                        for (std::size_t b = 0, n; b < text.size(); b = n + 1) {
                            n = std::min(text.find('\n', b), text.size());
                            EXPECT_NE(once.text.find(text.substr(b, n - b)), std::string::npos)
                                << text;
                        }
                    }
            }
        }
        ++files;
        games += once.records.size();
    }
    // The set is real: many files, games and annotations (no vacuous pass).
    EXPECT_GT(files, 100u);
    EXPECT_GT(games, 3000u);
    EXPECT_GT(clean_games, 2500u);
    EXPECT_GT(total.comments, 1000u);
    EXPECT_GT(total.nags, 100u);
    EXPECT_GT(total.variations, 100u);
}

TEST(CorpusRoundTrip, GamesOfUnknownVariantsPassThroughWithAWarning) {
    FLOE_REQUIRE_SHARED(shared);
    const std::string input =
        test::read_file(shared / "corpora/python-chess-data/antichess-programfox.pgn");
    const Written once = convert(input, &chess::standard_variant());
    ASSERT_FALSE(once.games.empty());
    for (const ReplayedGame& g : once.games) {
        EXPECT_FALSE(g.setup.playable());
        ASSERT_FALSE(g.diagnostics().empty());
        EXPECT_EQ(g.diagnostics().front().code, rules::DiagCode::UnsupportedVariant);
    }
    for (const parser::test::Outline& r : once.records) {
        std::string text;
        rules::append_utf8(text, r.text, r.encoding);
        std::erase(text, '\r');
        EXPECT_NE(once.text.find(text), std::string::npos);
    }
}

}  // namespace
}  // namespace floe::formats
