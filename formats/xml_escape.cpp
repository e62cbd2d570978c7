#include "formats/xml_escape.hpp"

#include "rules/encoding.hpp"

namespace floe::formats {

std::string xml_escape(std::string_view text) {
    const std::string utf8 = rules::to_utf8(text, rules::Encoding::Cp1252);
    std::string out;
    out.reserve(utf8.size());
    for (const char c : utf8) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

}  // namespace floe::formats
