#include "cli/decompress.hpp"

#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string_view>

#include "cli/usage.hpp"

namespace floe::cli {

namespace {

constexpr std::size_t BufferBytes = std::size_t{1} << 16;

// A decoder's reason for stopping ("the gzip data is corrupt"), named with the input by
// underflow().
struct DecodeError {
    std::string reason;
};

DecodeError corrupt(const char* format) {
    return {std::string("the ") + format + " data is corrupt"};
}

DecodeError out_of_memory() { return {"out of memory"}; }

}  // namespace

// One library's stream state: decodes compressed bytes into a buffer, a call at a time.
class DecompressBuffer::Decoder {
public:
    struct Step {
        std::size_t consumed = 0, produced = 0;
        bool ended = false;  // a member (stream, frame) ended, all of its output produced
    };

    explicit Decoder(const char* format) : format(format) {}
    virtual ~Decoder() = default;

    /// Decodes from `in` into `out`; `finish`: no bytes follow `in`. Throws DecodeError.
    virtual Step decode(const char* in, std::size_t in_size, char* out, std::size_t out_size,
                        bool finish) = 0;
    /// Starts the next member when bytes follow one that ended: gzip and bzip2 read one member
    /// per stream state; liblzma (LZMA_CONCATENATED) and libzstd go on by themselves.
    virtual void next_member() {}

    const char* const format;  // "gzip", in messages
};

namespace {

using Decoder = DecompressBuffer::Decoder;

// zlib, gzip only (windowBits 15 + 16); each member of a multi-member file in turn.
class GzipDecoder final : public Decoder {
public:
    GzipDecoder() : Decoder("gzip") {
        if (inflateInit2(&z_, 15 + 16) != Z_OK) throw out_of_memory();
    }
    ~GzipDecoder() override { inflateEnd(&z_); }

    Step decode(const char* in, std::size_t in_size, char* out, std::size_t out_size,
                bool) override {
        z_.next_in       = reinterpret_cast<Bytef*>(const_cast<char*>(in));
        z_.avail_in      = static_cast<uInt>(in_size);
        z_.next_out      = reinterpret_cast<Bytef*>(out);
        z_.avail_out     = static_cast<uInt>(out_size);
        const int result = inflate(&z_, Z_NO_FLUSH);
        if (result == Z_MEM_ERROR) throw out_of_memory();
        // Z_BUF_ERROR is no progress: more input is needed (the caller sees the input's end).
        if (result != Z_OK && result != Z_STREAM_END && result != Z_BUF_ERROR)
            throw corrupt(format);
        return {in_size - z_.avail_in, out_size - z_.avail_out, result == Z_STREAM_END};
    }
    void next_member() override {
        if (inflateReset(&z_) != Z_OK) throw corrupt(format);
    }

private:
    z_stream z_{};
};

// libbz2; each stream of a multi-stream file (pbzip2's) in turn.
class Bzip2Decoder final : public Decoder {
public:
    Bzip2Decoder() : Decoder("bzip2") { start(); }
    ~Bzip2Decoder() override { BZ2_bzDecompressEnd(&bz_); }

    Step decode(const char* in, std::size_t in_size, char* out, std::size_t out_size,
                bool) override {
        bz_.next_in      = const_cast<char*>(in);
        bz_.avail_in     = static_cast<unsigned>(in_size);
        bz_.next_out     = out;
        bz_.avail_out    = static_cast<unsigned>(out_size);
        const int result = BZ2_bzDecompress(&bz_);
        if (result == BZ_MEM_ERROR) throw out_of_memory();
        if (result != BZ_OK && result != BZ_STREAM_END) throw corrupt(format);
        return {in_size - bz_.avail_in, out_size - bz_.avail_out, result == BZ_STREAM_END};
    }
    void next_member() override {
        BZ2_bzDecompressEnd(&bz_);
        start();
    }

private:
    void start() {
        bz_ = bz_stream{};
        if (BZ2_bzDecompressInit(&bz_, 0, 0) != BZ_OK) throw out_of_memory();
    }
    bz_stream bz_{};
};

// liblzma's .xz decoder; concatenated streams (and their padding) are read by liblzma itself,
// whose end it reports only once told that no input follows.
class XzDecoder final : public Decoder {
public:
    XzDecoder() : Decoder("xz") {
        if (lzma_stream_decoder(&s_, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
            throw out_of_memory();
    }
    ~XzDecoder() override { lzma_end(&s_); }

    Step decode(const char* in, std::size_t in_size, char* out, std::size_t out_size,
                bool finish) override {
        s_.next_in            = reinterpret_cast<const std::uint8_t*>(in);
        s_.avail_in           = in_size;
        s_.next_out           = reinterpret_cast<std::uint8_t*>(out);
        s_.avail_out          = out_size;
        const lzma_ret result = lzma_code(&s_, finish ? LZMA_FINISH : LZMA_RUN);
        if (result == LZMA_MEM_ERROR) throw out_of_memory();
        if (result == LZMA_OPTIONS_ERROR)
            throw DecodeError{"the xz data uses options liblzma does not support"};
        if (result != LZMA_OK && result != LZMA_STREAM_END && result != LZMA_BUF_ERROR)
            throw corrupt(format);
        return {in_size - s_.avail_in, out_size - s_.avail_out, result == LZMA_STREAM_END};
    }

private:
    lzma_stream s_ = LZMA_STREAM_INIT;
};

// libzstd's streaming decoder; it reads concatenated (and skippable) frames by itself.
class ZstdDecoder final : public Decoder {
public:
    ZstdDecoder() : Decoder("zstd"), d_(ZSTD_createDStream()) {
        if (!d_) throw out_of_memory();
    }
    ~ZstdDecoder() override { ZSTD_freeDStream(d_); }

    Step decode(const char* in, std::size_t in_size, char* out, std::size_t out_size,
                bool) override {
        ZSTD_inBuffer input{in, in_size, 0};
        ZSTD_outBuffer output{out, out_size, 0};
        const std::size_t result = ZSTD_decompressStream(d_, &output, &input);
        if (ZSTD_isError(result)) {
            switch (ZSTD_getErrorCode(result)) {
                case ZSTD_error_memory_allocation:
                    throw out_of_memory();
                case ZSTD_error_frameParameter_windowTooLarge:
                    // libzstd's default limit, 2^27 bytes; `zstd --long=28` and more exceed it.
                    throw DecodeError{"the zstd data needs a window larger than 128 MiB"};
                default:
                    throw corrupt(format);
            }
        }
        // 0: a frame is decoded and all of its output flushed.
        return {input.pos, output.pos, result == 0};
    }

private:
    ZSTD_DStream* d_;
};

std::unique_ptr<Decoder> decoder_for(formats::InputKind kind) {
    switch (kind) {
        case formats::InputKind::Gzip:
            return std::make_unique<GzipDecoder>();
        case formats::InputKind::Bzip2:
            return std::make_unique<Bzip2Decoder>();
        case formats::InputKind::Xz:
            return std::make_unique<XzDecoder>();
        case formats::InputKind::Zstd:
            return std::make_unique<ZstdDecoder>();
        default:
            throw std::logic_error("DecompressBuffer: not a compressed input kind");
    }
}

}  // namespace

DecompressBuffer::DecompressBuffer(std::streambuf& source, formats::InputKind kind,
                                   std::string name)
    : source_(source),
      name_(std::move(name)),
      compressed_(BufferBytes, '\0'),
      decompressed_(BufferBytes, '\0') {
    try {
        decoder_ = decoder_for(kind);
    } catch (const DecodeError& e) {
        throw UsageError(name_ + ": cannot decompress: " + e.reason);
    }
}

DecompressBuffer::~DecompressBuffer() = default;

DecompressBuffer::int_type DecompressBuffer::underflow() {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    try {
        for (;;) {
            if (in_size_ == 0 && !source_ended_) {
                const std::streamsize got = source_.sgetn(
                    compressed_.data(), static_cast<std::streamsize>(compressed_.size()));
                if (got <= 0) {
                    source_ended_ = true;
                } else {
                    in_      = compressed_.data();
                    in_size_ = static_cast<std::size_t>(got);
                    read_ += static_cast<unsigned long long>(got);
                }
            }
            if (member_ended_) {
                // The input may end after a whole member, or go on with the next one.
                if (in_size_ == 0) {
                    if (source_ended_) return traits_type::eof();
                    continue;
                }
                if (!member_follows()) return traits_type::eof();
                decoder_->next_member();
                member_ended_ = false;
            }
            const Decoder::Step step = decoder_->decode(in_, in_size_, decompressed_.data(),
                                                        decompressed_.size(), source_ended_);
            in_ += step.consumed;
            in_size_ -= step.consumed;
            member_ended_ = step.ended;
            if (step.produced > 0) {
                setg(decompressed_.data(), decompressed_.data(),
                     decompressed_.data() + step.produced);
                return traits_type::to_int_type(*gptr());
            }
            if (step.ended || step.consumed > 0) continue;
            // No progress: the decoder wants more input than there is.
            if (source_ended_ && in_size_ == 0)
                throw DecodeError{std::string("the ") + decoder_->format + " data is truncated"};
            // Input left that the decoder takes none of (not expected of these libraries): an
            // error rather than a loop.
            if (in_size_ > 0) throw corrupt(decoder_->format);
        }
    } catch (const DecodeError& e) {
        throw UsageError(name_ + ": cannot decompress: " + e.reason);
    }
}

void DecompressBuffer::look_ahead(std::size_t n) {
    while (in_size_ < n && !source_ended_) {
        std::memmove(compressed_.data(), in_, in_size_);
        in_ = compressed_.data();
        const std::streamsize got =
            source_.sgetn(compressed_.data() + in_size_,
                          static_cast<std::streamsize>(compressed_.size() - in_size_));
        if (got <= 0) {
            source_ended_ = true;
        } else {
            in_size_ += static_cast<std::size_t>(got);
            read_ += static_cast<unsigned long long>(got);
        }
    }
}

bool DecompressBuffer::member_follows() {
    const std::string_view format = decoder_->format;
    if (format != "gzip" && format != "bzip2") return true;  // xz and zstd read on by themselves
    const std::string_view magic = format == "gzip" ? "\x1f\x8b" : "BZh";
    look_ahead(magic.size());
    if (std::string_view(in_, std::min(in_size_, magic.size())) == magic) return true;
    const unsigned long long at = read_ - in_size_;  // the offset of in_ in the input
    // Zero padding (tape blocks, a preallocated file): gzip reads it as the end, and so does
    // floe, when nothing but zeros follows.
    for (;;) {
        while (in_size_ > 0 && *in_ == '\0') {
            ++in_;
            --in_size_;
        }
        if (in_size_ > 0) break;
        look_ahead(1);
        if (in_size_ == 0) return false;
    }
    look_ahead(formats::SniffBytes);
    const formats::InputKind kind =
        formats::sniff_input(std::string_view(in_, std::min(in_size_, formats::SniffBytes))).kind;
    const char* const other = kind == formats::InputKind::Zstd    ? "zstd frame"
                              : kind == formats::InputKind::Xz    ? "xz stream"
                              : kind == formats::InputKind::Bzip2 ? "bzip2 stream"
                              : kind == formats::InputKind::Gzip  ? "gzip member"
                                                                  : nullptr;
    const std::string where = " at byte " + std::to_string(read_ - in_size_);
    if (other && read_ - in_size_ == at)
        throw DecodeError{std::string("a ") + other + " follows the " + std::string(format) +
                          " data" + where +
                          ": the file joins two compression formats; decompress each part "
                          "on its own"};
    throw DecodeError{"data that is not " + std::string(format) + " follows the " +
                      std::string(format) + " data" + where};
}

}  // namespace floe::cli
