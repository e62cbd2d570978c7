#include "cli/shard.hpp"

#include <fmt/format.h>

#include <charconv>
#include <filesystem>

#include "cli/usage.hpp"

namespace floe::cli {

Shard parse_shard(std::string_view text) {
    const auto whole = [](std::string_view s, std::uint64_t& n) {
        const auto r = std::from_chars(s.data(), s.data() + s.size(), n);
        return !s.empty() && r.ec == std::errc() && r.ptr == s.data() + s.size();
    };
    Shard shard;
    const std::size_t slash = text.find('/');
    if (slash == std::string_view::npos || !whole(text.substr(0, slash), shard.index) ||
        !whole(text.substr(slash + 1), shard.count) || shard.index < 1 || shard.index > shard.count)
        throw UsageError(
            fmt::format("--shard: expected K/N with 1 <= K <= N (e.g. 2/8), not \"{}\"", text));
    return shard;
}

ByteRange shard_bytes(std::uint64_t size, const Shard& shard) {
    // size * K / N without overflow for any file size: 128-bit arithmetic.
    const auto at = [&](std::uint64_t k) {
        return static_cast<std::uint64_t>(static_cast<unsigned __int128>(size) * k / shard.count);
    };
    return {at(shard.index - 1), shard.index == shard.count ? UINT64_MAX : at(shard.index)};
}

CLI::Option* add_shard_option(CLI::App& cmd, Shard& shard) {
    return cmd
        .add_option_function<std::string>(
            "--shard", [&shard](const std::string& text) { shard = parse_shard(text); },
            "Process only part K of N of each file (byte ranges aligned to games; not standard "
            "input or compressed files): docs/scaling.md")
        ->type_name("K/N");
}

parser::GameSource::Passed apply_shard(const Shard& shard, const std::string& path,
                                       const InputStream& in, parser::GameSource& source) {
    if (!shard.active()) return {};
    // The part is found by its bytes: an input that cannot seek has no known size.
    if (path == "-")
        throw UsageError("--shard needs a file: standard input cannot be split into parts");
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        throw UsageError("--shard needs a regular file: " + path + " is not one");
    if (in.compressed())
        throw UsageError("--shard cannot split a compressed file (" + path +
                         "): decompress it first");
    const std::uint64_t size = std::filesystem::file_size(path, ec);
    if (ec) throw UsageError("cannot read " + path + ": " + ec.message());
    const ByteRange range = shard_bytes(size, shard);
    return source.set_range(range.begin, range.end);
}

}  // namespace floe::cli
