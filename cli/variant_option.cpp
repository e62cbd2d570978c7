#include "cli/variant_option.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <vector>

#include "cli/typo_suggestion.hpp"
#include "rules/variants.hpp"

namespace floe::cli {

namespace {

bool accepted(const rules::VariantEntry& entry, Games games) {
    return entry.engine == rules::Engine::Chess || games == Games::ChessAndGlacial;
}

// A variant name as find_variant compares it: lower case, without spaces, '-' and '_'.
std::string plain_word(std::string_view name) {
    std::string word;
    for (const char c : name)
        if (c != ' ' && c != '-' && c != '_')
            word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return word;
}

}  // namespace

std::string variant_option_help(Games games, VariantDefault use) {
    // In a record command the default is only the plies' last resort
    // (docs/rules/notation.md §2.7): "(default)" there misled users of plain chess files. A
    // position given as text, or a generated game, has no plies to choose: it takes the default.
    const std::string plies =
        "each game's first plies choose: Standard, Crazyhouse, Glacial Shift, else Ice Age";
    const std::string default_name(rules::default_variant().name);
    std::string out;
    switch (use) {
        case VariantDefault::Records:
            out = "Rules for games without a Variant tag (without this option, " + plies + "):";
            break;
        case VariantDefault::Position:
            out = "Rules of the position (default: " + default_name + "):";
            break;
        case VariantDefault::Generated:
            out = "Rules of the games (default: " + default_name + "):";
            break;
        case VariantDefault::PositionOrRecords:
            out = "Rules of the position of --fen or --fen-file (default: " + default_name +
                  "), and of a game without a Variant tag (without this option, " + plies + "):";
            break;
    }
    for (const rules::VariantEntry& entry : rules::variant_table())
        if (accepted(entry, games)) out += fmt::format(" \"{}\",", entry.name);
    out.back() = ' ';
    return out + "(see Variants below)";
}

std::string variant_list_help(Games games) {
    std::size_t width = 0;
    for (const rules::VariantEntry& entry : rules::variant_table())
        if (accepted(entry, games)) width = std::max(width, entry.name.size());
    std::string out =
        "Variants, for --variant and the Variant tag (case, spaces, '-' and '_' are ignored):\n";
    for (const rules::VariantEntry& entry : rules::variant_table()) {
        if (!accepted(entry, games)) continue;
        out += fmt::format("  {:<{}}  {}{}\n", entry.name, width, entry.help,
                           entry.is_default ? " (the default)" : "");
        if (entry.aliases.empty()) continue;
        std::string aliases;
        for (const std::string_view alias : entry.aliases)
            aliases += fmt::format("{}{}", aliases.empty() ? "" : ", ", alias);
        out += fmt::format("  {:<{}}  also: {}\n", "", width, aliases);
    }
    return out;
}

std::string variant_check(const std::string& value, Games games) {
    const rules::VariantEntry* entry = rules::find_variant(value);
    if (entry && accepted(*entry, games)) return "";
    // Compared as find_variant reads names (case, spaces, '-' and '_' ignored), with each
    // accepted variant's name and aliases, and answered with the canonical name.
    std::vector<std::string> names;
    std::vector<std::string> words;
    std::vector<std::string_view> word_names;
    for (const rules::VariantEntry& row : rules::variant_table()) {
        if (!accepted(row, games)) continue;
        names.emplace_back(row.name);
        words.push_back(plain_word(row.name));
        word_names.push_back(row.name);
        for (const std::string_view alias : row.aliases) {
            words.push_back(plain_word(alias));
            word_names.push_back(row.name);
        }
    }
    const std::string near         = nearest_word(plain_word(value), words);
    const auto at                  = std::find(words.begin(), words.end(), near);
    const std::string_view nearest = near.empty()
                                         ? std::string_view{}
                                         : word_names[static_cast<std::size_t>(at - words.begin())];
    return unknown_value(value, "variant", nearest, names);
}

CLI::Option* add_variant_option(CLI::App& cmd, std::string& name, Games games) {
    cmd.footer(variant_list_help(games));
    // Which default to name is read from the options added before: a position given as text
    // (--fen), and a record FILE too (diagram), or neither (generate).
    const bool position = cmd.get_option_no_throw("--fen") != nullptr;
    const bool records  = cmd.get_option_no_throw("FILE") != nullptr;
    const VariantDefault use =
        !position ? VariantDefault::Generated
                  : (records ? VariantDefault::PositionOrRecords : VariantDefault::Position);
    return cmd.add_option("--variant", name, variant_option_help(games, use))
        ->check(CLI::Validator(
            [games](std::string& v) -> std::string { return variant_check(v, games); }, "VARIANT"));
}

CLI::Option* add_record_variant_option(CLI::App& cmd, std::string& name, Games games) {
    return add_variant_option(cmd, name, games)
        ->description(variant_option_help(games, VariantDefault::Records));
}

const rules::VariantEntry* named_variant(const std::string& name) {
    return name.empty() ? nullptr : rules::find_variant(name);
}

rules::Engine variant_engine(const std::string& name) {
    const rules::VariantEntry* entry = named_variant(name);
    return entry ? entry->engine : rules::default_variant().engine;
}

const rules::chess::Variant* chess_variant(const std::string& name) {
    const rules::VariantEntry* entry = named_variant(name);
    return entry ? entry->chess : nullptr;
}

}  // namespace floe::cli
