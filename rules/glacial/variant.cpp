#include "rules/glacial/variant.hpp"

namespace floe::rules::glacial {

bool is_glacial_variant(std::string_view name) {
    constexpr std::string_view Key = "glacialshift";
    std::size_t at                 = 0;
    for (const char c : name) {
        if (c == ' ' || c == '-' || c == '_') continue;
        const char lower = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
        if (at >= Key.size() || Key[at] != lower) return false;
        ++at;
    }
    return at == Key.size();
}

}  // namespace floe::rules::glacial
