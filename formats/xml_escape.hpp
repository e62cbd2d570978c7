#pragma once
// Escaping text for SVG and HTML output.

#include <string>
#include <string_view>

namespace floe::formats {

/// `text` as XML/HTML character data or attribute value: `&`, `<`, `>` and `"` escaped. Record
/// text must come decoded with its record's encoding (rules::to_utf8); a byte that is still not
/// UTF-8 is read as Windows-1252, so the output is valid UTF-8 whatever it gets.
std::string xml_escape(std::string_view text);

}  // namespace floe::formats
