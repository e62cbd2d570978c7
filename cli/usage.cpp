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
            return fmt::format("expected a whole number from {}, not \"{}\"", minimum, value);
        },
        fmt::format("N>={}", minimum));
}

}  // namespace floe::cli
