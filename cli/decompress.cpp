#include "cli/decompress.hpp"

#include <archive.h>
#include <archive_entry.h>

#include "cli/usage.hpp"

namespace floe::cli {

namespace {

constexpr std::size_t BufferBytes = std::size_t{1} << 16;

}  // namespace

struct DecompressBuffer::Reader {
    // libarchive asks for the next compressed bytes; 0 is the end of the input.
    static la_ssize_t read(struct archive*, void* self, const void** data) {
        auto& buffer = *static_cast<DecompressBuffer*>(self);
        *data        = buffer.compressed_.data();
        return static_cast<la_ssize_t>(buffer.source_.sgetn(
            buffer.compressed_.data(), static_cast<std::streamsize>(buffer.compressed_.size())));
    }
};

DecompressBuffer::DecompressBuffer(std::streambuf& source, std::string name)
    : source_(source),
      name_(std::move(name)),
      compressed_(BufferBytes, '\0'),
      decompressed_(BufferBytes, '\0'),
      archive_(archive_read_new()) {
    if (!archive_) throw UsageError(name_ + ": cannot decompress: out of memory");
    // The four formats floe detects, no more: libarchive's other filters may run external
    // programs (lzop, lrzip, grzip).
    archive_read_support_filter_gzip(archive_);
    archive_read_support_filter_bzip2(archive_);
    archive_read_support_filter_xz(archive_);
    archive_read_support_filter_zstd(archive_);
    archive_read_support_format_raw(archive_);    // the decompressed bytes as they are
    archive_read_support_format_empty(archive_);  // none: an empty file, compressed
    if (archive_read_open(archive_, this, nullptr, &Reader::read, nullptr) != ARCHIVE_OK) fail();
    struct archive_entry* entry = nullptr;
    const int header            = archive_read_next_header(archive_, &entry);
    if (header == ARCHIVE_EOF) {
        empty_ = true;
        return;
    }
    if (header != ARCHIVE_OK) fail();
    // No filter recognised the data (a signature followed by a broken header): the raw format
    // would read the compressed bytes as they are.
    if (archive_filter_code(archive_, 0) == ARCHIVE_FILTER_NONE)
        throw UsageError(name_ + ": cannot decompress: its compressed header is not valid");
}

DecompressBuffer::~DecompressBuffer() { archive_read_free(archive_); }

DecompressBuffer::int_type DecompressBuffer::underflow() {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (empty_) return traits_type::eof();
    const la_ssize_t got = archive_read_data(archive_, decompressed_.data(), decompressed_.size());
    if (got < 0) fail();
    if (got == 0) return traits_type::eof();
    setg(decompressed_.data(), decompressed_.data(), decompressed_.data() + got);
    return traits_type::to_int_type(*gptr());
}

void DecompressBuffer::fail() const {
    const char* reason = archive_error_string(archive_);
    throw UsageError(
        name_ + ": cannot decompress: " + (reason ? reason : "the compressed data is not valid"));
}

}  // namespace floe::cli
