#pragma once
// A compressed input read as a stream: gzip, bzip2, xz or zstd decompressed by libarchive, a
// buffer at a time, so that memory stays flat whatever the input's size (docs/decisions.md
// "Compressed input").

#include <memory>
#include <streambuf>
#include <string>

struct archive;  // libarchive's reader, kept out of the header

namespace floe::cli {

/// The decompressed bytes of `source` as a std::streambuf, read one buffer at a time.
class DecompressBuffer final : public std::streambuf {
public:
    /// Reads compressed bytes from `source`, from its first byte; `source` must outlive this.
    /// `name` names the input in messages ("<stdin>" for standard input). Throws UsageError
    /// "NAME: cannot decompress: REASON" (REASON is libarchive's) when the data is none of
    /// the four formats or its header is broken. The data itself is checked as it is read:
    /// underflow() throws the same error for corrupt or truncated data, never a silent end.
    DecompressBuffer(std::streambuf& source, std::string name);
    DecompressBuffer(const DecompressBuffer&)            = delete;
    DecompressBuffer& operator=(const DecompressBuffer&) = delete;
    ~DecompressBuffer() override;

protected:
    int_type underflow() override;

private:
    [[noreturn]] void fail() const;  // throws libarchive's reason

    struct Reader;  // libarchive's read callback
    std::streambuf& source_;
    std::string name_;
    std::string compressed_, decompressed_;  // one buffer each, reused
    struct archive* archive_ = nullptr;
    bool empty_              = false;  // nothing was compressed: no data to read
};

}  // namespace floe::cli
