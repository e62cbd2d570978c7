#include "cli/usage.hpp"

#include <fmt/format.h>

#include <charconv>

namespace floe::cli {

CLI::Validator whole_number_from(long long minimum) {
    return CLI::Validator(
        [minimum](std::string& value) -> std::string {
            long long n  = 0;
            const auto r = std::from_chars(value.data(), value.data() + value.size(), n);
            if (r.ec == std::errc() && r.ptr == value.data() + value.size() && n >= minimum)
                return {};
            return fmt::format("\"{}\" is not a whole number from {}", value, minimum);
        },
        fmt::format("N>={}", minimum));
}

CLI::Validator game_number() {
    return CLI::Validator(
        [](std::string& value) -> std::string {
            unsigned long long n = 0;
            const auto r         = std::from_chars(value.data(), value.data() + value.size(), n);
            if (r.ec == std::errc() && r.ptr == value.data() + value.size() && n >= 1 &&
                n <= 2147483647)
                return {};
            if (n > 2147483647 || r.ec == std::errc::result_out_of_range)
                return fmt::format("\"{}\" is too large a game number (at most 2147483647)", value);
            if (r.ec == std::errc() && r.ptr == value.data() + value.size())
                return "\"0\" is not a game number: they start at 1 (the first game is --game 1)";
            return fmt::format("\"{}\" is not a game number (a whole number from 1)", value);
        },
        "N>=1");
}

}  // namespace floe::cli
