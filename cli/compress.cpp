#include "cli/compress.hpp"

#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <cctype>
#include <cstdint>
#include <new>

namespace floe::cli {

namespace {

constexpr std::size_t BufferBytes = std::size_t{1} << 16;

// `end` is lower case; `text` is compared in any case: `GAMES.PGN.GZ` is a gzip name too, and
// writing it plain would surprise whoever reads it back.
bool ends_with(std::string_view text, std::string_view end) {
    if (text.size() <= end.size()) return false;
    const std::string_view tail = text.substr(text.size() - end.size());
    for (std::size_t i = 0; i < end.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(tail[i])) != end[i]) return false;
    return true;
}

}  // namespace

std::optional<Compression> compression_for(std::string_view path) {
    if (ends_with(path, ".gz")) return Compression::Gzip;
    if (ends_with(path, ".bz2")) return Compression::Bzip2;
    if (ends_with(path, ".xz")) return Compression::Xz;
    if (ends_with(path, ".zst")) return Compression::Zstd;
    return std::nullopt;
}

// One library's stream state: compresses bytes into a buffer, a call at a time.
class CompressBuffer::Encoder {
public:
    struct Step {
        std::size_t consumed = 0, produced = 0;
        bool ended  = false;  // the stream is complete (only after `end`)
        bool failed = false;  // the library reported an error
    };

    explicit Encoder(const char* format) : format(format) {}
    virtual ~Encoder() = default;

    /// Compresses from `in` into `out`; `end`: no bytes follow `in`, finish the stream.
    virtual Step encode(const char* in, std::size_t in_size, char* out, std::size_t out_size,
                        bool end) = 0;

    const char* const format;  // "gzip", in messages
};

namespace {

using Encoder = CompressBuffer::Encoder;

// zlib's deflate with a gzip wrapper (windowBits 15 + 16), level 6 as gzip.
class GzipEncoder final : public Encoder {
public:
    GzipEncoder() : Encoder("gzip") {
        if (deflateInit2(&z_, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
            throw std::bad_alloc();
    }
    ~GzipEncoder() override { deflateEnd(&z_); }

    Step encode(const char* in, std::size_t in_size, char* out, std::size_t out_size,
                bool end) override {
        z_.next_in       = reinterpret_cast<Bytef*>(const_cast<char*>(in));
        z_.avail_in      = static_cast<uInt>(in_size);
        z_.next_out      = reinterpret_cast<Bytef*>(out);
        z_.avail_out     = static_cast<uInt>(out_size);
        const int result = deflate(&z_, end ? Z_FINISH : Z_NO_FLUSH);
        // Z_BUF_ERROR is no progress possible, not a failure.
        return {in_size - z_.avail_in, out_size - z_.avail_out, result == Z_STREAM_END,
                result != Z_OK && result != Z_STREAM_END && result != Z_BUF_ERROR};
    }

private:
    z_stream z_{};
};

// libbz2, blocks of 900 kB as bzip2 -9 (its default).
class Bzip2Encoder final : public Encoder {
public:
    Bzip2Encoder() : Encoder("bzip2") {
        if (BZ2_bzCompressInit(&bz_, 9, 0, 0) != BZ_OK) throw std::bad_alloc();
    }
    ~Bzip2Encoder() override { BZ2_bzCompressEnd(&bz_); }

    Step encode(const char* in, std::size_t in_size, char* out, std::size_t out_size,
                bool end) override {
        bz_.next_in      = const_cast<char*>(in);
        bz_.avail_in     = static_cast<unsigned>(in_size);
        bz_.next_out     = out;
        bz_.avail_out    = static_cast<unsigned>(out_size);
        const int result = BZ2_bzCompress(&bz_, end ? BZ_FINISH : BZ_RUN);
        return {in_size - bz_.avail_in, out_size - bz_.avail_out, result == BZ_STREAM_END,
                result != BZ_RUN_OK && result != BZ_FINISH_OK && result != BZ_STREAM_END};
    }

private:
    bz_stream bz_{};
};

// liblzma's .xz encoder, preset 6 with a CRC64 check, as xz writes by default.
class XzEncoder final : public Encoder {
public:
    XzEncoder() : Encoder("xz") {
        if (lzma_easy_encoder(&s_, 6, LZMA_CHECK_CRC64) != LZMA_OK) throw std::bad_alloc();
    }
    ~XzEncoder() override { lzma_end(&s_); }

    Step encode(const char* in, std::size_t in_size, char* out, std::size_t out_size,
                bool end) override {
        s_.next_in            = reinterpret_cast<const std::uint8_t*>(in);
        s_.avail_in           = in_size;
        s_.next_out           = reinterpret_cast<std::uint8_t*>(out);
        s_.avail_out          = out_size;
        const lzma_ret result = lzma_code(&s_, end ? LZMA_FINISH : LZMA_RUN);
        return {in_size - s_.avail_in, out_size - s_.avail_out, result == LZMA_STREAM_END,
                result != LZMA_OK && result != LZMA_STREAM_END && result != LZMA_BUF_ERROR};
    }

private:
    lzma_stream s_ = LZMA_STREAM_INIT;
};

// libzstd, level 3 with a content checksum, as zstd writes by default.
class ZstdEncoder final : public Encoder {
public:
    ZstdEncoder() : Encoder("zstd"), c_(ZSTD_createCCtx()) {
        if (c_ == nullptr || ZSTD_isError(ZSTD_CCtx_setParameter(c_, ZSTD_c_compressionLevel, 3)) ||
            ZSTD_isError(ZSTD_CCtx_setParameter(c_, ZSTD_c_checksumFlag, 1))) {
            ZSTD_freeCCtx(c_);
            throw std::bad_alloc();
        }
    }
    ~ZstdEncoder() override { ZSTD_freeCCtx(c_); }

    Step encode(const char* in, std::size_t in_size, char* out, std::size_t out_size,
                bool end) override {
        ZSTD_inBuffer input{in, in_size, 0};
        ZSTD_outBuffer output{out, out_size, 0};
        const std::size_t left =
            ZSTD_compressStream2(c_, &output, &input, end ? ZSTD_e_end : ZSTD_e_continue);
        const bool failed = ZSTD_isError(left) != 0;
        return {input.pos, output.pos, end && !failed && left == 0, failed};
    }

private:
    ZSTD_CCtx* c_;
};

std::unique_ptr<Encoder> make_encoder(Compression kind) {
    switch (kind) {
        case Compression::Gzip:
            return std::make_unique<GzipEncoder>();
        case Compression::Bzip2:
            return std::make_unique<Bzip2Encoder>();
        case Compression::Xz:
            return std::make_unique<XzEncoder>();
        case Compression::Zstd:
            return std::make_unique<ZstdEncoder>();
    }
    return nullptr;
}

}  // namespace

CompressBuffer::CompressBuffer(std::streambuf& sink, Compression kind)
    : sink_(sink),
      encoder_(make_encoder(kind)),
      input_(BufferBytes, '\0'),
      output_(BufferBytes, '\0') {
    setp(input_.data(), input_.data() + input_.size());
}

CompressBuffer::~CompressBuffer() = default;

bool CompressBuffer::drain(bool end) {
    if (!error_.empty()) return false;
    const char* in   = pbase();
    std::size_t left = static_cast<std::size_t>(pptr() - pbase());
    setp(input_.data(), input_.data() + input_.size());
    while (left > 0 || end) {
        const Encoder::Step step = encoder_->encode(in, left, output_.data(), output_.size(), end);
        if (step.failed) {
            error_ = std::string("the ") + encoder_->format + " encoder failed";
            return false;
        }
        in += step.consumed;
        left -= step.consumed;
        const auto produced = static_cast<std::streamsize>(step.produced);
        if (produced > 0 && sink_.sputn(output_.data(), produced) != produced) {
            error_ = "the output could not be written";
            return false;
        }
        if (step.ended) break;
        if (end && step.consumed == 0 && step.produced == 0) {  // no progress: never loop forever
            error_ = std::string("the ") + encoder_->format + " encoder failed";
            return false;
        }
    }
    return true;
}

CompressBuffer::int_type CompressBuffer::overflow(int_type c) {
    if (finished_ || !drain(false)) return traits_type::eof();
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    *pptr() = traits_type::to_char_type(c);
    pbump(1);
    return c;
}

std::string CompressBuffer::finish() {
    if (!finished_) {
        finished_ = true;
        drain(true);
        setp(nullptr, nullptr);  // nothing more is taken
    }
    return error_;
}

}  // namespace floe::cli
