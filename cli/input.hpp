#pragma once
// Reading the inputs: a whole small file (a FEN file), a record file streamed a chunk at a time,
// and the --encoding option that says how their bytes that are not UTF-8 are read.

#include <CLI/CLI.hpp>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/encoding.hpp"

namespace floe::cli {

/// The whole content of FILE, or standard input for "-". Throws UsageError when FILE is a
/// directory or cannot be opened or read (the message names the reason).
std::string read_input(const std::string& path);

/// A record file opened for streaming (record files are read a chunk at a time), or standard
/// input for "-": the one place every record-reading command opens its input. Its first bytes
/// are read first (formats/input_kind.hpp) and served again by get(), so this works on pipes.
class InputStream {
public:
    /// A gzip, bzip2, xz or zstd input (by its first bytes) is decompressed as it is read
    /// (cli/decompress.hpp), again when it holds another compressed input (up to 4 layers),
    /// and what it holds is checked like a plain input.
    /// Throws UsageError when FILE is a directory or cannot be opened, when its compressed
    /// header is broken ("FILE: cannot decompress: REASON"), and when its first bytes (once
    /// decompressed) show no text: an archive (tar, zip, 7z), UTF-16 or UTF-32, binary.
    /// `command` ("validate") names the subcommand in the message's example
    /// (`iconv -f UTF-16 -t UTF-8 F | floe validate -`). Corrupt or truncated compressed data
    /// found later is thrown by get()'s reads as the same UsageError, with its reason.
    InputStream(const std::string& path, std::string_view command);
    InputStream(const InputStream&)            = delete;
    InputStream& operator=(const InputStream&) = delete;
    ~InputStream();
    /// The input, from its first byte.
    std::istream& get();
    /// The bytes read so far from the file or standard input itself (for a compressed input, the
    /// compressed bytes), for the progress line. Reading runs ahead of the games by a chunk.
    std::uint64_t bytes_read() const;
    /// The input's size in bytes when it is a regular file (standard input too, when it is one:
    /// what is left of it), else nullopt (a pipe, a terminal).
    std::optional<std::uint64_t> size() const { return size_; }
    /// True when the input was compressed (it is read decompressed).
    bool compressed() const { return !layers_.empty(); }

private:
    class Replay;  // the head, then the rest of the input
    std::ifstream file_;
    std::unique_ptr<Replay> buffer_;
    // A compressed input's DecompressBuffer, then a Replay of its sniffed head and the rest;
    // again for each compression inside it.
    std::vector<std::unique_ptr<std::streambuf>> layers_;
    std::unique_ptr<std::istream> stream_;
    std::optional<std::uint64_t> size_;
};

/// Adds `--encoding cp1252|latin1|cp437` bound to `encoding`: how bytes that are not UTF-8 are
/// read (docs/rules/notation.md §1); the default is cp1252. Returns the option.
CLI::Option* add_encoding_option(CLI::App& cmd, rules::Encoding& encoding);

/// Adds `--max-game-bytes N` bound to `bytes`: the largest game read, in bytes; a larger game is
/// one `game-too-large` error and is skipped, the next game read as usual
/// (docs/decisions/hostile-input.md). The default is parser::ParseOptions's, 268435456 (256 MiB).
/// Returns the option.
CLI::Option* add_max_game_bytes_option(CLI::App& cmd, std::size_t& bytes);

}  // namespace floe::cli
