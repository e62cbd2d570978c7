#pragma once
// The single-byte encodings that bytes which are not UTF-8 are read in
// (docs/rules/notation.md §1.13, `--encoding cp1252|latin1|cp437`). Only bytes 0x80-0xFF can be
// invalid UTF-8, so the tables cover those.

#include <cstdint>
#include <string>
#include <string_view>

namespace floe::rules {

/// How a byte that is not valid UTF-8 is read. Chosen once per run (--encoding) and carried by
/// parser::ParseOptions and GameRecord, so that every writer reads such a byte alike.
enum class Encoding : std::uint8_t {
    Cp1252,  ///< Windows-1252, the default: ChessBase and most Windows exports
    Latin1,  ///< ISO-8859-1: each byte is the code point of its value
    Cp437,   ///< the DOS code page of old archives
};

/// The code point that byte (0x80-0xFF) stands for in `encoding`: U+FFFD for the five bytes
/// Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D). A byte below 0x80 is itself.
char32_t fallback_code_point(unsigned char byte, Encoding encoding);

/// Appends the code point `c` (at most U+10FFFF) encoded as UTF-8.
void append_code_point(std::string& out, char32_t c);

/// The encoding's name in messages: "Windows-1252", "Latin-1" or "CP437".
std::string_view encoding_name(Encoding encoding);

}  // namespace floe::rules
