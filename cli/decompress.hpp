#pragma once
// A compressed input read as a stream: gzip, bzip2, xz or zstd decompressed by the compressor's
// own library (zlib, libbz2, liblzma, libzstd), a buffer at a time, so that memory stays flat
// whatever the input's size (docs/decisions/data-loss.md "Compressed input").

#include <memory>
#include <streambuf>
#include <string>

#include "formats/input_kind.hpp"

namespace floe::cli {

/// The decompressed bytes of `source` as a std::streambuf, read one buffer at a time.
class DecompressBuffer final : public std::streambuf {
public:
    /// Reads compressed bytes from `source`, from its first byte, with the decoder of `kind`
    /// (Gzip, Bzip2, Xz or Zstd, as sniff_input found it; any other kind is a logic error);
    /// `source` must outlive this. `name` names the input in messages ("<stdin>" for standard
    /// input). The data is checked as it is read: underflow() throws UsageError
    /// "NAME: cannot decompress: REASON" for a broken header, corrupt data and truncated data
    /// ("the gzip data is truncated"), never a silent end. Concatenated members, streams or
    /// frames are read one after the other, as the compressors' own tools do.
    DecompressBuffer(std::streambuf& source, formats::InputKind kind, std::string name);
    DecompressBuffer(const DecompressBuffer&)            = delete;
    DecompressBuffer& operator=(const DecompressBuffer&) = delete;
    ~DecompressBuffer() override;

    class Decoder;  // one library's stream state (cli/decompress.cpp)

protected:
    int_type underflow() override;

private:
    // After a member that ended with bytes left: whether another member of the format follows
    // (true), or only zero padding up to the input's end (false, as gzip reads it); throws
    // DecodeError naming what else follows (another format's frame, or other data).
    bool member_follows();
    // Makes at least `n` bytes stand at in_ (fewer only at the input's end).
    void look_ahead(std::size_t n);

    std::streambuf& source_;
    std::string name_;
    std::unique_ptr<Decoder> decoder_;
    std::string compressed_, decompressed_;  // one buffer each, reused
    const char* in_          = nullptr;      // the compressed bytes not yet decoded...
    std::size_t in_size_     = 0;            // ...and how many
    bool source_ended_       = false;        // `source` has no more bytes
    bool member_ended_       = false;        // a member (stream, frame) ended where in_ stands
    unsigned long long read_ = 0;            // compressed bytes read from `source` so far
};

}  // namespace floe::cli
