#include "cli/deprecated_option.hpp"

#include <fmt/format.h>

#include <iostream>
#include <memory>

namespace floe::cli {

std::string deprecation_warning(std::string_view command, std::string_view old_spelling,
                                std::string_view replacement) {
    return fmt::format("floe {}: warning: {} is deprecated; use {}", command, old_spelling,
                       replacement);
}

CLI::Option* deprecate(CLI::App& cmd, CLI::Option* option, std::string replacement) {
    // Once a run, however often the old spelling is given (a repeated flag, a list).
    struct Given {
        bool old_spelling = false, replacement = false;
    };
    auto given                      = std::make_shared<Given>();
    const std::string old           = option->get_name();
    const std::string warning       = deprecation_warning(cmd.get_name(), old, replacement);
    const std::string spelling_name = replacement.substr(0, replacement.find(' '));
    // Not CLI11's excludes(): --help would show "Excludes: " with the hidden name left blank.
    // `each` runs on every value as the command line is read, flags included.
    if (CLI::Option* spelling = cmd.get_option_no_throw(spelling_name))
        spelling->each([given, old, spelling_name](const std::string&) {
            given->replacement = true;
            if (given->old_spelling) throw CLI::ExcludesError(spelling_name, old);
        });
    return option->group("")->each([given, warning, old, spelling_name](const std::string&) {
        if (!given->old_spelling) std::cerr << warning << '\n';
        given->old_spelling = true;
        if (given->replacement) throw CLI::ExcludesError(spelling_name, old);
    });
}

}  // namespace floe::cli
