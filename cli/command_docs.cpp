#include "cli/command_docs.hpp"

#include <cctype>

#include "cli/warn_option.hpp"
#include "formats/pgn_writer.hpp"
#include "play/selection.hpp"
#include "rules/variants.hpp"
#include "rules/warning_codes.hpp"

namespace floe::cli {

std::string variant_word(std::string_view name) {
    std::string word;
    for (const char c : name)
        word += c == ' ' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return word;
}

namespace {

// The words of a type shown as "TEXT:{a,b,c}", or none.
std::vector<std::string> braced_words(const std::string& type) {
    const auto open = type.rfind(":{");
    if (open == std::string::npos || type.back() != '}') return {};
    return CLI::detail::split(type.substr(open + 2, type.size() - open - 3), ',');
}

template <typename Words>
std::vector<std::string> strings(const Words& words) {
    return {std::begin(words), std::end(words)};
}

// `--warn CODE=LEVEL`: every code a user may change (rules/warning_codes.hpp), at each level.
std::vector<std::string> warn_words() {
    std::vector<std::string> words;
    for (const std::string& code : code_names(true))
        for (const char* level : {"off", "warning", "error"}) words.push_back(code + "=" + level);
    return words;
}

// The words of an option whose values the command checks itself (not through a CLI11
// validator), taken from the tables that check them; empty for any other option.
std::vector<std::string> table_words(const CLI::Option& option) {
    if (option.check_lname("variant")) {
        std::vector<std::string> words;
        for (const rules::VariantEntry& entry : rules::variant_table())
            words.push_back(variant_word(entry.name));
        return words;
    }
    if (option.check_lname("strip")) return strings(formats::StripWords);
    if (option.check_lname("add-tags")) return strings(formats::AddedTagNames);
    if (option.check_lname("event")) return strings(formats::select_event_names());
    if (option.check_lname("warn")) return warn_words();
    return {};
}

OptionDoc describe(const CLI::Option& option) {
    OptionDoc doc;
    doc.help = option.get_description();
    if (option.nonpositional()) {
        for (const std::string& name : option.get_snames()) doc.names.push_back("-" + name);
        for (const std::string& name : option.get_lnames()) doc.names.push_back("--" + name);
        if (option.get_type_size() != 0) doc.value = option.get_type_name();
        if (!doc.value.empty() && !option.get_default_str().empty())
            doc.value += "=" + option.get_default_str();
    } else {
        doc.positional = option.get_name();
        doc.repeated   = option.get_items_expected_max() > 1;
        doc.required   = option.get_required();
    }
    doc.choices = table_words(option);
    if (doc.choices.empty()) doc.choices = braced_words(option.get_type_name());
    doc.list = option.get_delimiter() != '\0';
    return doc;
}

}  // namespace

std::vector<CommandDoc> describe_commands(const CLI::App& app) {
    std::vector<CommandDoc> commands;
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
        if (sub->get_group().empty()) continue;
        CommandDoc command{sub->get_name(), sub->get_description(), {}};
        std::vector<OptionDoc> positionals;
        for (const CLI::Option* option : sub->get_options()) {
            if (option->get_group().empty()) continue;
            (option->nonpositional() ? command.options : positionals).push_back(describe(*option));
        }
        command.options.insert(command.options.end(), positionals.begin(), positionals.end());
        commands.push_back(std::move(command));
    }
    return commands;
}

}  // namespace floe::cli
