#pragma once
// Eight bytes tested at once: the reader's loops that look for a few rare bytes (line ends, bytes
// that are not ASCII) step over the bytes between them a machine word at a time, so that the
// walks over a game cost a fraction of one test per byte (docs/performance.md). Internal to
// parser/.

#include <cstdint>
#include <cstring>

namespace floe::parser::detail {

/// The eight bytes at `p` as one word (any alignment; the byte order does not matter to the
/// tests below, which only ask whether some byte qualifies).
inline std::uint64_t load8(const char* p) {
    std::uint64_t w;
    std::memcpy(&w, p, sizeof w);
    return w;
}

/// True when some byte of `w` has its high bit set (is not ASCII).
constexpr bool has_high_bit(std::uint64_t w) { return (w & 0x8080808080808080ULL) != 0; }

/// True when some byte of `w` is below `n` (n at most 128): exact, not a heuristic (the
/// borrow of a lower byte only reaches a byte above it when a lower byte qualified already).
constexpr bool has_byte_below(std::uint64_t w, std::uint8_t n) {
    return ((w - 0x0101010101010101ULL * n) & ~w & 0x8080808080808080ULL) != 0;
}

}  // namespace floe::parser::detail
