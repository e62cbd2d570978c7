#pragma once
// What an input is, from its first bytes, before it is read as PGN: a compressed file, an
// archive, UTF-16 or UTF-32 text, or binary data gets one clear error instead of thousands of
// syntax errors (docs/decisions/reading.md "Binary input").

#include <cstddef>
#include <string_view>

namespace floe::formats {

enum class InputKind {
    Text,  ///< read as PGN (UTF-8, or bytes read in the fallback encoding)
    Gzip,
    Zstd,
    Bzip2,
    Xz,
    Zip,
    SevenZip,
    Tar,      ///< POSIX (ustar) or GNU tar: "ustar" at offset 257
    Utf16Le,  ///< with a byte-order mark, or without one (see InputSniff::bom)
    Utf16Be,
    Utf32Le,
    Utf32Be,
    Binary,  ///< control bytes that text does not use, see sniff_input
};

/// The first bytes sniff_input looks at (fewer only when the input is shorter).
constexpr std::size_t SniffBytes = 4096;

struct InputSniff {
    InputKind kind       = InputKind::Text;
    bool bom             = false;  ///< UTF-16/32: a byte-order mark says so (else the NULs do)
    std::size_t controls = 0;      ///< Binary: the binary control bytes among the first...
    std::size_t sampled  = 0;      ///< ...`sampled` bytes
};

/// Classifies an input by `head`, its first SniffBytes bytes (all of it when shorter):
/// - by signature: gzip `1F 8B`, zstd `28 B5 2F FD`, bzip2 `BZh1`-`BZh9`, xz `FD 37 7A 58 5A 00`,
///   zip `PK 03 04` (also `PK 05 06`, `PK 07 08`), 7z `37 7A BC AF 27 1C`, and the byte-order
///   marks of UTF-32 (`FF FE 00 00`, `00 00 FE FF`) and UTF-16 (`FF FE`, `FE FF`); tar by
///   `ustar` at offset 257 (its first header's magic, POSIX and GNU alike);
/// - Binary when at least 8 of the head's bytes, and at least 1 in 32, are control bytes that
///   text does not use: 0x00-0x08, 0x0E-0x19 and 0x1C-0x1F (every C0 control but tab, line
///   feed, vertical tab, form feed, carriage return, SUB 0x1A, the DOS end-of-file mark, and
///   ESC). A stray NUL in a real record stays a syntax error of its game. When those bytes are
///   NULs at every odd offset only (or every even offset only) the head is UTF-16 without a
///   byte-order mark, little-endian (big-endian).
InputSniff sniff_input(std::string_view head);

}  // namespace floe::formats
