#pragma once
// Text as floe reads it (docs/rules/notation.md §1.13): UTF-8, and the single-byte encodings that
// bytes which are not UTF-8 are read in (`--encoding cp1252|latin1|cp437`). Only bytes 0x80-0xFF
// can be invalid UTF-8, so the tables cover those.

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

/// Length of the character at text[pos]: 1 for ASCII, 2-4 for a valid UTF-8 sequence, 0 when
/// the byte there starts no valid sequence (it is then read as one character of the fallback
/// Encoding, docs/rules/notation.md §1). pos must be < text.size().
std::uint32_t utf8_length(std::string_view text, std::size_t pos);

/// Number of characters in text: valid UTF-8 sequences and invalid bytes count one each.
std::uint32_t code_point_count(std::string_view text);

/// Appends text to out as UTF-8: valid UTF-8 as it is, each other byte read in `encoding`
/// (U+FFFD where it defines none).
void append_utf8(std::string& out, std::string_view text, Encoding encoding);

/// text as UTF-8, as append_utf8 writes it.
std::string to_utf8(std::string_view text, Encoding encoding);

/// The encoding's name in messages: "Windows-1252", "Latin-1" or "CP437".
std::string_view encoding_name(Encoding encoding);

}  // namespace floe::rules
