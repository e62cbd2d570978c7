#include "cli/typo_suggestion.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <numeric>

namespace floe::cli {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // Three rows of the classic table: the swap looks two rows back.
    std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), row(b.size() + 1);
    std::iota(previous.begin(), previous.end(), std::size_t{0});
    for (std::size_t i = 1; i <= a.size(); ++i) {
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            row[j] = std::min({previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                row[j] = std::min(row[j], before[j - 2] + 1);
        }
        before   = previous;
        previous = row;
    }
    return previous[b.size()];
}

std::string nearest_word(std::string_view typed, const std::vector<std::string>& candidates) {
    std::string best;
    std::size_t best_distance = 3;  // more than the largest accepted
    for (const std::string& candidate : candidates) {
        const std::size_t distance = edit_distance(typed, candidate);
        if (distance < best_distance && distance * 3 <= candidate.size()) {
            best          = candidate;
            best_distance = distance;
        }
    }
    if (!best.empty() || typed.size() < 3) return best;
    // A word cut short ("vali") is no typo of any word, but names the one word it begins.
    for (const std::string& candidate : candidates) {
        if (candidate.rfind(typed, 0) != 0) continue;
        if (!best.empty()) return "";  // begins two words: neither is meant more than the other
        best = candidate;
    }
    return best;
}

std::string unknown_value(std::string_view typed, std::string_view kind, std::string_view nearest,
                          const std::vector<std::string>& allowed) {
    if (!nearest.empty())
        return fmt::format("unknown {} \"{}\"; did you mean \"{}\"?", kind, typed, nearest);
    return fmt::format("\"{}\" is not one of {}", typed, fmt::join(allowed, ", "));
}

std::string unknown_value(std::string_view typed, std::string_view kind,
                          const std::vector<std::string>& allowed) {
    return unknown_value(typed, kind, nearest_word(typed, allowed), allowed);
}

namespace {

// The visible subcommands of `app` (a hidden one has an empty group).
std::vector<const CLI::App*> visible_commands(const CLI::App& app) {
    std::vector<const CLI::App*> commands;
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
        if (!sub->get_group().empty()) commands.push_back(sub);
    return commands;
}

// An option --help shows: an old spelling (deprecated_option.hpp) has an empty group, and is
// never suggested, so that a typo leads to the spelling to use.
bool visible(const CLI::Option* option) {
    return option != nullptr && !option->get_group().empty();
}

// The visible long options of `command` without their dashes: a name is compared with names, not
// with the "--" every one of them shares (which let "--strip" pass for "--skip").
std::vector<std::string> long_names(const CLI::App& command) {
    std::vector<std::string> names;
    for (const CLI::Option* option : command.get_options())
        if (visible(option))
            for (const std::string& name : option->get_lnames()) names.push_back(name);
    return names;
}

// The first "--name" (or "--name=value") of `args` from `first` that `app` does not know; ""
// when there is none before the end of options ("--") or the next command word.
std::string unknown_option(const CLI::App& app, const std::vector<std::string>& args,
                           std::size_t first, bool stop_at_word) {
    for (std::size_t i = first; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--") return "";
        if (arg.rfind("--", 0) != 0) {
            if (stop_at_word && arg.rfind('-', 0) != 0) return "";
            continue;
        }
        const std::string name = arg.substr(0, arg.find('='));
        if (app.get_option_no_throw(name) == nullptr) return name;
    }
    return "";
}

// "floe moves: unknown option '--divide' (an option of perft); see 'floe moves --help'", or the
// nearest option of `command` (the root `app` itself before a command). An option of another
// command is named as such before any near name of this one: "--strip" of select is convert's,
// not a typo of select's "--strict".
std::string option_message(const CLI::App& app, const CLI::App& command,
                           const std::string& unknown) {
    const bool root            = &command == &app;
    const std::string prefix   = root ? "floe: " : "floe " + command.get_name() + ": ";
    const std::string fragment = prefix + "unknown option '" + unknown + "'";
    const std::string help     = root ? "floe --help" : "floe " + command.get_name() + " --help";
    std::vector<std::string> owners;
    for (const CLI::App* sub : visible_commands(app))
        if (sub != &command && visible(sub->get_option_no_throw(unknown)))
            owners.push_back(sub->get_name());
    if (!owners.empty())
        return fmt::format("{} (an option of {}); see '{}'", fragment, fmt::join(owners, ", "),
                           help);
    const std::string near = nearest_word(unknown.substr(2), long_names(command));
    if (!near.empty()) return fragment + "; did you mean '--" + near + "'?";
    return fragment + "; see '" + help + "'";
}

}  // namespace

std::string typo_message(const CLI::App& app, const std::vector<std::string>& args) {
    if (const std::string unknown = unknown_option(app, args, 0, true); !unknown.empty())
        return option_message(app, app, unknown);
    const auto word = std::find_if(args.begin(), args.end(),
                                   [](const std::string& arg) { return arg.rfind('-', 0) != 0; });
    if (word == args.end()) return "";
    std::vector<std::string> commands;
    const CLI::App* chosen = nullptr;
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
        if (sub->get_name() == *word) chosen = sub;
    for (const CLI::App* sub : visible_commands(app)) commands.push_back(sub->get_name());
    if (chosen == nullptr) {
        const std::string near = nearest_word(*word, commands);
        if (near.empty()) return "floe: unknown command '" + *word + "'; see 'floe --help'";
        return "floe: unknown command '" + *word + "'; did you mean '" + near + "'?";
    }
    const auto after          = static_cast<std::size_t>(word - args.begin()) + 1;
    const std::string unknown = unknown_option(*chosen, args, after, false);
    if (unknown.empty()) return "";
    return option_message(app, *chosen, unknown);
}

}  // namespace floe::cli
