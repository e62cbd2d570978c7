// The variant table (rules/variants.hpp, docs/rules/notation.md §2): every name and alias
// resolves, the matcher ignores what §2.1 says it ignores, each row's data is the variant's, and
// the lists in the docs are the table's.

#include "rules/variants.hpp"

#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "support/test_support.hpp"

namespace floe::rules {
namespace {

std::string name_of(std::string_view written) {
    const VariantEntry* entry = find_variant(written);
    return entry ? std::string(entry->name) : "(none)";
}

TEST(VariantTable, EveryNameAndAliasOfNotationSection2Resolves) {
    // docs/rules/notation.md §2.2, "Tag value (and accepted aliases)".
    const std::vector<std::pair<std::string, std::string>> spec = {
        {"Ice Age", "Ice Age"},        {"Iceage", "Ice Age"},
        {"Ice Age Chess", "Ice Age"},  {"Ice Age vchess", "Ice Age vchess"},
        {"Standard", "Standard"},      {"Chess", "Standard"},
        {"Orthodox", "Standard"},      {"Regular", "Standard"},
        {"From Position", "Standard"}, {"Crazyhouse", "Crazyhouse"},
        {"zh", "Crazyhouse"},          {"Glacial Shift", "Glacial Shift"},
        {"Chess960", "Chess960"},      {"Fischerandom", "Chess960"},
        {"Chess 960", "Chess960"},     {"960", "Chess960"},
    };
    for (const auto& [written, name] : spec) EXPECT_EQ(name_of(written), name) << written;
}

TEST(VariantTable, MatchingIgnoresCaseSpacesDashesAndUnderscores) {
    EXPECT_EQ(name_of("ICE_AGE"), "Ice Age");
    EXPECT_EQ(name_of("ice-age-vchess"), "Ice Age vchess");
    EXPECT_EQ(name_of("  from_position "), "Standard");
    EXPECT_EQ(name_of("glacial-shift"), "Glacial Shift");
    EXPECT_EQ(name_of("GLACIAL_SHIFT"), "Glacial Shift");
    EXPECT_EQ(name_of("Z H"), "Crazyhouse");
    // Nothing else is ignored, and a prefix is no match.
    EXPECT_EQ(name_of("Glacial"), "(none)");
    EXPECT_EQ(name_of("Ice Age."), "(none)");
    EXPECT_EQ(name_of("Standardx"), "(none)");
    EXPECT_EQ(name_of(""), "(none)");
    EXPECT_EQ(name_of("---"), "(none)");
    EXPECT_EQ(name_of("Antichess"), "(none)");
    // As the corpora spell Chess960: kokopu's `chess 960` and `chess-960`, cutechess's
    // `fischerandom`.
    EXPECT_EQ(name_of("chess 960"), "Chess960");
    EXPECT_EQ(name_of("chess-960"), "Chess960");
    EXPECT_EQ(name_of("fischerandom"), "Chess960");
    EXPECT_TRUE(variant_name_matches("i c e a g e", "Ice Age"));
    EXPECT_FALSE(variant_name_matches("Ice Ag", "Ice Age"));
}

TEST(VariantTable, Chess960IsOrthodoxChessWithFreeCastling) {
    // No ice, no pockets, no Ice Age: orthodox chess from another start
    // (docs/rules/notation.md §2.6).
    const chess::Variant& v = *find_variant("960")->chess;
    EXPECT_FALSE(v.ice);
    EXPECT_FALSE(v.pockets);
    EXPECT_EQ(v.ice_age_period, 0);
    EXPECT_FALSE(v.kings_may_be_missing);
    EXPECT_TRUE(v.castling_960);
    EXPECT_EQ(v.start_fen, chess::standard_variant().start_fen);
    for (const VariantEntry& entry : variant_table())
        if (entry.chess && entry.chess != &v) EXPECT_FALSE(entry.chess->castling_960) << entry.name;
}

TEST(VariantTable, RowsHoldTheirVariantsData) {
    EXPECT_EQ(find_variant("Ice Age")->chess, &chess::ice_age_variant());
    EXPECT_EQ(find_variant("Ice Age vchess")->chess, &chess::ice_age_vchess_variant());
    EXPECT_EQ(find_variant("Standard")->chess, &chess::standard_variant());
    EXPECT_EQ(find_variant("Crazyhouse")->chess, &chess::crazyhouse_variant());
    EXPECT_EQ(find_variant("Chess960")->chess, &chess::chess960_variant());
    EXPECT_EQ(find_variant("Glacial Shift")->chess, nullptr);
    EXPECT_EQ(find_variant("Glacial Shift")->engine, Engine::GlacialShift);
    EXPECT_EQ(default_variant().name, "Ice Age");
    EXPECT_EQ(engine_variant(Engine::GlacialShift).name, "Glacial Shift");
    int defaults = 0;
    for (const VariantEntry& entry : variant_table()) {
        defaults += entry.is_default;
        EXPECT_FALSE(entry.help.empty()) << entry.name;
        // A chess row's rules data carries the row's name, and leads back to the row.
        EXPECT_EQ(entry.chess == nullptr, entry.engine == Engine::GlacialShift) << entry.name;
        if (entry.chess) {
            EXPECT_EQ(entry.chess->name, entry.name);
            EXPECT_EQ(&variant_entry(*entry.chess), &entry);
        }
        // Only orthodox chess, PGN's own game, goes without a Variant tag.
        EXPECT_EQ(entry.tag_written, entry.chess != &chess::standard_variant()) << entry.name;
    }
    EXPECT_EQ(defaults, 1);
}

TEST(VariantTable, NamesAndAliasesAreUnique) {
    for (const VariantEntry& entry : variant_table()) {
        std::vector<std::string_view> spellings{entry.name};
        spellings.insert(spellings.end(), entry.aliases.begin(), entry.aliases.end());
        for (const std::string_view s : spellings) {
            // Each spelling finds its own row first: no earlier row shadows it.
            EXPECT_EQ(find_variant(s), &entry) << s;
        }
    }
}

TEST(VariantTable, NamesJoinForASentence) {
    EXPECT_EQ(variant_names(),
              "Ice Age, Ice Age vchess, Standard, Crazyhouse, Chess960 and Glacial Shift");
    EXPECT_EQ(variant_names(true),
              "\"Ice Age\", \"Ice Age vchess\", \"Standard\", \"Crazyhouse\", \"Chess960\" and "
              "\"Glacial Shift\"");
}

// The backquoted spellings of a Markdown table's first cell: "`Ice Age` (`Iceage`)" -> both.
std::vector<std::string> backquoted(const std::string& cell) {
    std::vector<std::string> out;
    const std::regex code("`([^`]*)`");
    for (auto it = std::sregex_iterator(cell.begin(), cell.end(), code);
         it != std::sregex_iterator(); ++it)
        out.push_back((*it)[1]);
    return out;
}

// The rows of the variants table of a Markdown file: the table after `heading`, each row's
// first cell's spellings.
std::vector<std::vector<std::string>> docs_table(const std::string& text,
                                                 const std::string& heading) {
    std::vector<std::vector<std::string>> rows;
    const std::size_t at = text.find(heading);
    if (at == std::string::npos) return rows;
    std::size_t line = text.find("\n| ", at);
    line             = text.find('\n', text.find('\n', line + 1) + 1);  // past the header rule
    while (line != std::string::npos && text.compare(line + 1, 2, "| ") == 0) {
        const std::size_t end  = text.find('\n', line + 1);
        const std::string row  = text.substr(line + 1, end - line - 1);
        const std::size_t cell = row.find(" |", 2);
        rows.push_back(backquoted(row.substr(2, cell - 2)));
        line = end;
    }
    return rows;
}

// Each docs row is a table row, in the table's order, with exactly its name and aliases.
void expect_table_rows(const std::vector<std::vector<std::string>>& rows,
                       const std::string& where) {
    const auto table = variant_table();
    ASSERT_EQ(rows.size(), table.size()) << where;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        std::vector<std::string> want{std::string(table[i].name)};
        for (const std::string_view a : table[i].aliases) want.emplace_back(a);
        EXPECT_EQ(rows[i], want) << where << ", row " << i + 1;
    }
}

TEST(VariantTable, DocsNotationTableIsTheTable) {
    const std::string text = test::read_file(test::source_path("docs/notation.md"));
    expect_table_rows(docs_table(text, "## Variants"), "docs/notation.md");
}

TEST(VariantTable, SpecTableIsTheTable) {
    const auto shared = test::shared_dir();
    if (!shared) GTEST_SKIP() << "no shared/ folder";
    const std::string text = test::read_file(*shared / "spec" / "notation.md");
    // The spec lists Chess960 last, after Glacial Shift: compare as sets of rows.
    auto rows = docs_table(text, "## 2. Variants");
    ASSERT_FALSE(rows.empty());
    for (const auto& row : rows) {
        ASSERT_FALSE(row.empty());
        const VariantEntry* entry = find_variant(row[0]);
        if (!entry) {
            ADD_FAILURE() << "the spec's table names " << row[0] << ", which the table lacks";
            continue;
        }
        EXPECT_EQ(entry->name, row[0]);
        for (std::size_t i = 1; i < row.size(); ++i)
            EXPECT_EQ(find_variant(row[i]), entry) << row[i];
    }
}

TEST(VariantTable, ReadmeAndCommandsListTheTable) {
    // README: "Variants: `Ice Age` (the default …), `Ice Age vchess`, …" in table order.
    for (const char* file : {"README.md", "docs/commands.md"}) {
        const std::string text = test::read_file(test::source_path(file));
        const std::size_t at =
            text.find(std::string(file) == "README.md" ? "Variants: " : "**`--variant V`**");
        ASSERT_NE(at, std::string::npos) << file;
        const std::string paragraph = text.substr(at, text.find("\n\n", at) - at);
        std::vector<std::string> names;
        for (const std::string& s : backquoted(paragraph))
            if (find_variant(s) && find_variant(s)->name == s) names.push_back(s);
        std::vector<std::string> want;
        for (const VariantEntry& entry : variant_table()) want.emplace_back(entry.name);
        EXPECT_EQ(names, want) << file;
    }
}

}  // namespace
}  // namespace floe::rules
