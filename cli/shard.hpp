#pragma once
// --shard K/N: the K-th of N parts of each input file, so that N machines sharing a file system
// each read only their part (docs/scaling.md, docs/decisions/performance.md "Sharding a file").

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <string_view>

#include "cli/input.hpp"
#include "parser/parse_record.hpp"

namespace floe::cli {

/// A part K of N (1 <= K <= N); N = 0 when --shard was not given (the whole file).
struct Shard {
    std::uint64_t index = 0;  ///< K
    std::uint64_t count = 0;  ///< N
    bool active() const { return count > 0; }
};

/// Reads "K/N": two whole numbers with 1 <= K <= N. Throws UsageError naming the rule
/// ("--shard: expected K/N with 1 <= K <= N, not \"0/4\"").
Shard parse_shard(std::string_view text);

/// Part K of N of a file of `size` bytes, [begin, end): the bytes from size*(K-1)/N to
/// size*K/N (the last part runs to the end, whatever the file holds by then). The games of the
/// part are those whose first byte lies in it.
struct ByteRange {
    std::uint64_t begin = 0, end = 0;
};
ByteRange shard_bytes(std::uint64_t size, const Shard& shard);

/// Adds `--shard K/N` to a command, bound to `shard` (checked by parse_shard: a malformed value,
/// K = 0, N = 0 or K > N is a usage error, exit 2). Returns the option.
CLI::Option* add_shard_option(CLI::App& cmd, Shard& shard);

/// Restricts `source`, reading FILE `path` through `in`, to part `shard` of the file
/// (parser::GameSource::set_range); does nothing when the shard is not active. Returns the games
/// passed over before the part. Throws UsageError when the input cannot seek: standard input
/// ("-"), a file that is not a regular file (a pipe), or a compressed file.
parser::GameSource::Passed apply_shard(const Shard& shard, const std::string& path,
                                       const InputStream& in, parser::GameSource& source);

/// True when the single run would have written output for a game before the part: a game was
/// passed over that was not too large to read (--max-game-bytes games write nothing). Decides the
/// blank line before the part's first game.
inline bool wrote_before(const parser::GameSource::Passed& passed) {
    return passed.games > passed.too_large;
}

}  // namespace floe::cli
