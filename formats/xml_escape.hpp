#pragma once
// Escaping text for SVG and HTML output.

#include <string>
#include <string_view>

namespace floe::formats {

/// `text` as XML/HTML character data or attribute value: `&`, `<`, `>` and `"` escaped, and
/// bytes that are not UTF-8 read as Latin-1 (notation.md §1), so the output is valid UTF-8.
std::string xml_escape(std::string_view text);

}  // namespace floe::formats
