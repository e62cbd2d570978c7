#include "cli/variant_option.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "rules/variants.hpp"

namespace floe::cli {

namespace {

bool accepted(const rules::VariantEntry& entry, Games games) {
    return entry.engine == rules::Engine::Chess || games == Games::ChessAndGlacial;
}

}  // namespace

std::string variant_option_help(Games games, bool records) {
    // In a record command the default is only the plies' last resort
    // (docs/rules/notation.md §2.7): "(default)" there misled users of plain chess files.
    std::string out = records ? "Rules for games without a Variant tag (without this option, "
                                "each game's first plies choose: Standard, Crazyhouse, Glacial "
                                "Shift, else Ice Age):"
                              : "Rules for games without a Variant tag:";
    for (const rules::VariantEntry& entry : rules::variant_table()) {
        if (!accepted(entry, games)) continue;
        out +=
            fmt::format(" \"{}\"{},", entry.name, entry.is_default && !records ? " (default)" : "");
    }
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

CLI::Option* add_variant_option(CLI::App& cmd, std::string& name, Games games) {
    cmd.footer(variant_list_help(games));
    return cmd.add_option("--variant", name, variant_option_help(games))
        ->check(CLI::Validator(
            [games](std::string& v) -> std::string {
                const rules::VariantEntry* entry = rules::find_variant(v);
                if (entry && accepted(*entry, games)) return "";
                return "unknown variant \"" + v + "\"";
            },
            "VARIANT"));
}

CLI::Option* add_record_variant_option(CLI::App& cmd, std::string& name, Games games) {
    return add_variant_option(cmd, name, games)->description(variant_option_help(games, true));
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
