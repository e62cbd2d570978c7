#pragma once
// Compressed output: `-o FILE` ending in .gz, .bz2, .xz or .zst is written through the
// compressor's own library (zlib, libbz2, liblzma, libzstd), a buffer at a time, so that memory
// stays flat whatever the output's size (docs/decisions/data-loss.md "Compressed output").

#include <memory>
#include <optional>
#include <streambuf>
#include <string>
#include <string_view>

namespace floe::cli {

/// The formats `-o` can compress to, each the format its tool writes (gzip, bzip2, xz, zstd).
enum class Compression { Gzip, Bzip2, Xz, Zstd };

/// The compression that `path`'s extension asks for: `.gz`, `.bz2`, `.xz` or `.zst`, in any case
/// (`.GZ` too), or nothing for any other name (`.tgz` included).
std::optional<Compression> compression_for(std::string_view path);

/// A std::streambuf that compresses what is written to it into `sink`, in the format of `kind`
/// at its tool's default level (gzip -6, bzip2 -9, xz -6, zstd -3), a buffer at a time.
class CompressBuffer final : public std::streambuf {
public:
    /// `sink` receives the compressed bytes and must outlive this. Throws std::bad_alloc when the
    /// library cannot set up its stream.
    CompressBuffer(std::streambuf& sink, Compression kind);
    CompressBuffer(const CompressBuffer&)            = delete;
    CompressBuffer& operator=(const CompressBuffer&) = delete;
    ~CompressBuffer() override;

    /// Compresses what is buffered and ends the stream (its trailer and checksum), once. Returns
    /// "" when every compressed byte was taken by `sink`, else why not ("the xz encoder failed",
    /// "the output could not be written"). Nothing may be written after it.
    std::string finish();

    class Encoder;  // one library's stream state (cli/compress.cpp)

protected:
    int_type overflow(int_type c) override;

private:
    // Compresses the buffered bytes; `end` ends the stream. False on any failure (kept).
    bool drain(bool end);

    std::streambuf& sink_;
    std::unique_ptr<Encoder> encoder_;
    std::string input_, output_;  // one buffer each, reused
    std::string error_;           // the first failure, or ""
    bool finished_ = false;
};

}  // namespace floe::cli
