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
    if (CLI::Option* spelling =
            cmd.get_option_no_throw(replacement.substr(0, replacement.find(' '))))
        option->excludes(spelling);
    // Once a run, however often the old spelling is given (a repeated flag, a list).
    auto warned = std::make_shared<bool>(false);
    const std::string warning =
        deprecation_warning(cmd.get_name(), option->get_name(), replacement);
    // `each` runs on every value as the command line is read, flags included.
    return option->group("")->each([warned, warning](const std::string&) {
        if (*warned) return;
        *warned = true;
        std::cerr << warning << '\n';
    });
}

}  // namespace floe::cli
