#pragma once
// The one random number generator of floe (both engines' random games, Glacial Shift's Zobrist
// keys, property tests). Reproducible everywhere: its numbers are mapped to ranges by the
// callers, never by a standard library distribution (std::uniform_int_distribution differs
// between libraries).

#include <cstdint>

namespace floe::rules {

/// splitmix64 (Steele, Lea and Flood 2014): a tiny generator with a 64-bit state whose output
/// is the same on every platform.
class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z               = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z               = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    /// A number in [0, n), n > 0. The modulo bias (below 2^-50 for move lists) does not matter
    /// here; being the same everywhere does.
    std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(next() % n); }

private:
    std::uint64_t state_;
};

}  // namespace floe::rules
