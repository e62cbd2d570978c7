#pragma once
// An option whose value is one word of a fixed list, bound to an enum: its help shows the words
// ("TEXT:{san,lan,uci,figurine}"), not the enum's numbers as CLI11's CheckedTransformer does.

#include <CLI/CLI.hpp>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "cli/typo_suggestion.hpp"

namespace floe::cli {

/// Makes `option` (bound to an enum T) accept exactly the words of `words`, in any letter case,
/// each standing for its value. The help shows "TEXT:{w1,w2,...}" in the order given; a value
/// that is no word is a usage error, "--opt: \"x\" is not one of w1, w2, ..." or, with a word
/// near, "--opt: unknown value \"x\"; did you mean \"w2\"?" (unknown_value;
/// docs/rules/notation.md §9.5). Returns `option`.
template <class T>
CLI::Option* accept_words(CLI::Option* option, std::vector<std::pair<std::string, T>> words) {
    static_assert(std::is_enum_v<T>);
    std::vector<std::string> listed;
    std::string braced;
    for (const auto& word : words) {
        listed.push_back(word.first);
        braced += (braced.empty() ? "" : ",") + word.first;
    }
    auto check = [words, listed](std::string& value) -> std::string {
        for (const auto& word : words) {
            if (CLI::detail::to_lower(value) != word.first) continue;
            // CLI11 reads an enum from its underlying number: hand it that number.
            value = std::to_string(static_cast<long long>(word.second));
            return {};
        }
        const std::string lower = CLI::detail::to_lower(value);
        return unknown_value(value, "value", nearest_word(lower, listed), listed);
    };
    return option->type_name("TEXT")->transform(CLI::Validator(check, "{" + braced + "}"));
}

}  // namespace floe::cli
