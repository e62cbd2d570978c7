#include "cli/parse_error_message.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cctype>
#include <string_view>
#include <utility>

#include "cli/typo_suggestion.hpp"

namespace floe::cli {

namespace {

const CLI::App* chosen_command(const CLI::App& app) {
    const auto chosen = app.get_subcommands();
    return chosen.empty() ? nullptr : chosen.front();
}

// Where the help of the command line is, after a message about its shape.
std::string see_help(const CLI::App* command) {
    return command ? "; see 'floe " + command->get_name() + " --help'" : "; see 'floe --help'";
}

bool starts_with(std::string_view text, std::string_view start) {
    return text.substr(0, start.size()) == start;
}

// CLI11's "NAME: WORDS" (ValidationError, ArgumentMismatch, ConversionError's flag forms): the
// option's name and the words after it; an empty name when there is no ": ".
std::pair<std::string, std::string> name_and_words(const std::string& what) {
    const auto colon = what.find(": ");
    if (colon == std::string::npos) return {"", what};
    return {what.substr(0, colon), what.substr(colon + 2)};
}

// A value that an option's check refused. CLI11's CLI::IsMember says "png not in {text,svg}" and
// CLI::Range "Value 5 not in range 16 to 16384"; floe's own checks speak floe's words already.
std::string bad_value(const std::string& what) {
    const auto [name, words]          = name_and_words(what);
    constexpr std::string_view not_in = " not in {";
    if (const auto at = words.rfind(not_in); at != std::string::npos && words.back() == '}') {
        const std::size_t first = at + not_in.size();
        const std::vector<std::string> allowed =
            CLI::detail::split(words.substr(first, words.size() - first - 1), ',');
        return name + ": " + unknown_value(words.substr(0, at), "value", allowed);
    }
    constexpr std::string_view value = "Value ", range = " not in range ";
    if (const auto at = words.find(range); starts_with(words, value) && at != std::string::npos) {
        const std::string typed  = words.substr(value.size(), at - value.size());
        const std::string bounds = words.substr(at + range.size());
        const auto to            = bounds.find(" to ");
        if (to != std::string::npos)
            return fmt::format("{}: \"{}\" is not a number from {} to {}", name, typed,
                               bounds.substr(0, to), bounds.substr(to + 4));
    }
    return what;
}

// A value CLI11 could not read as its option's type ("Could not convert: --seed = x"), or a
// value given to a flag.
std::string unreadable_value(const CLI::App* command, const std::string& what) {
    constexpr std::string_view convert = "Could not convert: ";
    if (!starts_with(what, convert)) {
        const auto [name, words] = name_and_words(what);
        if (!name.empty() &&
            (words == "Should be true/false or a number" || words == "too many inputs for a flag"))
            return name + " takes no value";
        return what;
    }
    const std::string rest = what.substr(convert.size());
    const auto equals      = rest.find(" = ");
    if (equals == std::string::npos) return what;
    const std::string name    = rest.substr(0, equals);
    const std::string typed   = rest.substr(equals + 3);
    const CLI::Option* option = command ? command->get_option_no_throw(name) : nullptr;
    if (option && option->get_expected_max() == 0) return name + " takes no value";
    const std::string type = option ? option->get_type_name() : "";
    std::string kind       = "a value of " + name;
    if (starts_with(type, "UINT"))
        kind = "a whole number from 0";
    else if (starts_with(type, "INT"))
        kind = "a whole number";
    else if (starts_with(type, "FLOAT") || starts_with(type, "NUMBER"))
        kind = "a number";
    return fmt::format("{}: \"{}\" is not {}", name, typed, kind);
}

// An option given without its value ("--max-errors: 1 required N>=1 missing") or too often
// ("--game: At Most 1 required but received 2").
std::string value_count(const std::string& what) {
    const auto [name, words] = name_and_words(what);
    if (name.empty()) return what;
    if (words.ends_with(" missing")) return name + " needs a value";
    constexpr std::string_view at_most = "At Most ", received = " required but received ";
    if (const auto at = words.find(received);
        starts_with(words, at_most) && at != std::string::npos)
        return fmt::format("{} is given {} values; it takes {}", name,
                           words.substr(at + received.size()),
                           words.substr(at_most.size(), at - at_most.size()));
    return what;
}

// CLI11 names a hidden option (an old spelling, deprecated_option.hpp) "" in its messages
// (": 1 required INT missing", " excludes --to", "Could not convert:  = x"): the name typed for
// it stands in.
std::string with_hidden_name(const CLI::App* command, const std::string& what,
                             const std::vector<std::string>& args) {
    if (command == nullptr) return what;
    std::string typed;
    for (const CLI::Option* option : command->get_options())
        for (const std::string& name :
             option->get_group().empty() ? option->get_lnames() : std::vector<std::string>{})
            for (const std::string& arg : args)
                if (arg == "--" + name || starts_with(arg, "--" + name + "=")) typed = "--" + name;
    if (typed.empty()) return what;
    if (starts_with(what, ": ") || starts_with(what, " excludes ")) return typed + what;
    if (what.ends_with(" excludes ")) return what + typed;
    if (const auto at = what.find(":  = "); at != std::string::npos)  // "Could not convert:  = x"
        return what.substr(0, at + 2) + typed + what.substr(at + 2);
    return what;
}

// The arguments no option or positional took: a word ("b.pgn") or an unknown short
// option.
std::string extras(const std::vector<std::string>& left) {
    if (left.empty()) return "unexpected argument";
    const std::string& first = left.front();
    if (first.size() > 1 && first[0] == '-' && !std::isdigit(static_cast<unsigned char>(first[1])))
        return "unknown option '" + first + "'";
    return fmt::format("unexpected argument{} '{}'", left.size() > 1 ? "s" : "",
                       fmt::join(left, "' '"));
}

}  // namespace

std::string message_prefix(const CLI::App& app) {
    const CLI::App* command = chosen_command(app);
    return command ? "floe " + command->get_name() + ": " : "floe: ";
}

std::string parse_error_message(const CLI::App& app, const CLI::ParseError& error,
                                const std::vector<std::string>& args) {
    if (std::string typo = typo_message(app, args); !typo.empty()) return typo;
    const CLI::App* command  = chosen_command(app);
    const std::string prefix = message_prefix(app);
    const std::string what   = with_hidden_name(command, error.what(), args);
    if (dynamic_cast<const CLI::RequiredError*>(&error) != nullptr)
        return command ? prefix + what + see_help(command)
                       : "floe: a command is required" + see_help(nullptr);
    if (dynamic_cast<const CLI::ExtrasError*>(&error) != nullptr) {
        // Left over in the command, or before it ("floe -q validate"): said of the one that
        // holds them.
        if (command && !command->remaining(false).empty())
            return prefix + extras(command->remaining(false)) + see_help(command);
        return "floe: " + extras(app.remaining(false)) + see_help(nullptr);
    }
    if (dynamic_cast<const CLI::ValidationError*>(&error) != nullptr)
        return prefix + bad_value(what);
    if (dynamic_cast<const CLI::ConversionError*>(&error) != nullptr)
        return prefix + unreadable_value(command, what);
    if (dynamic_cast<const CLI::ArgumentMismatch*>(&error) != nullptr)
        return prefix + value_count(what) + see_help(command);
    if (dynamic_cast<const CLI::ExcludesError*>(&error) != nullptr) {
        if (const auto at = what.find(" excludes "); at != std::string::npos)
            return prefix + what.substr(0, at) + " and " + what.substr(at + 10) +
                   " cannot be used together" + see_help(command);
    }
    return prefix + what + see_help(command);
}

}  // namespace floe::cli
