#include "cli/typo_suggestion.hpp"

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
    return best;
}

namespace {

std::vector<std::string> long_options(const CLI::App& app) {
    std::vector<std::string> names;
    for (const CLI::Option* option : app.get_options())
        for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
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

std::string option_message(const std::string& prefix, const CLI::App& app,
                           const std::string& unknown) {
    const std::string near = nearest_word(unknown, long_options(app));
    if (near.empty()) return "";
    return prefix + "unknown option '" + unknown + "'; did you mean '" + near + "'?";
}

}  // namespace

std::string typo_message(const CLI::App& app, const std::vector<std::string>& args) {
    if (const std::string unknown = unknown_option(app, args, 0, true); !unknown.empty())
        return option_message("floe: ", app, unknown);
    const auto word = std::find_if(args.begin(), args.end(),
                                   [](const std::string& arg) { return arg.rfind('-', 0) != 0; });
    if (word == args.end()) return "";
    std::vector<std::string> commands;
    const CLI::App* chosen = nullptr;
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
        if (sub->get_name() == *word) chosen = sub;
        if (!sub->get_group().empty()) commands.push_back(sub->get_name());
    }
    if (chosen == nullptr) {
        const std::string near = nearest_word(*word, commands);
        if (near.empty()) return "floe: unknown command '" + *word + "'; see 'floe --help'";
        return "floe: unknown command '" + *word + "'; did you mean '" + near + "'?";
    }
    const auto after          = static_cast<std::size_t>(word - args.begin()) + 1;
    const std::string unknown = unknown_option(*chosen, args, after, false);
    if (unknown.empty()) return "";
    return option_message("floe " + chosen->get_name() + ": ", *chosen, unknown);
}

}  // namespace floe::cli
