#pragma once
// A growable byte buffer for the streaming reader (GameSource) and the games it hands out
// (GameText): unlike std::string, growing it neither writes the new bytes (resize's zeros) nor
// keeps the old block beside the new one while it copies. realloc grows a large block in place
// (glibc moves its pages with mremap), so the memory it costs is the bytes read into it, not
// twice or three times that (memory bounds, docs/reliability.md).

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string_view>
#include <utility>

namespace floe::parser {

class ByteBuffer {
public:
    ByteBuffer() = default;
    ByteBuffer(const ByteBuffer& other) { assign(other.view()); }
    ByteBuffer(ByteBuffer&& other) noexcept
        : data_(std::exchange(other.data_, nullptr)),
          size_(std::exchange(other.size_, 0)),
          capacity_(std::exchange(other.capacity_, 0)) {}
    ByteBuffer& operator=(const ByteBuffer& other) {
        if (this != &other) assign(other.view());
        return *this;
    }
    ByteBuffer& operator=(ByteBuffer&& other) noexcept {
        ByteBuffer taken(std::move(other));
        swap(taken);
        return *this;
    }
    ~ByteBuffer() { std::free(data_); }

    void swap(ByteBuffer& other) noexcept {
        std::swap(data_, other.data_);
        std::swap(size_, other.size_);
        std::swap(capacity_, other.capacity_);
    }

    const char* data() const { return data_; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    char operator[](std::size_t i) const { return data_[i]; }
    std::string_view view() const { return {data_, size_}; }

    /// Replaces the bytes with `bytes`. A block much larger than they need (a large game's,
    /// reused for a small one) is given back first.
    void assign(std::string_view bytes) {
        if (capacity_ > LargeBlock && capacity_ / 4 > bytes.size()) {
            std::free(data_);
            data_     = nullptr;
            capacity_ = 0;
        }
        size_ = 0;
        append(bytes);
    }

    void append(std::string_view bytes) {
        if (bytes.empty()) return;
        std::memcpy(room(bytes.size()), bytes.data(), bytes.size());
        size_ += bytes.size();
    }

    /// Space for `n` more bytes after the last one, not written: fill some of it, then commit().
    char* room(std::size_t n) {
        reserve(size_ + n);
        return data_ + size_;
    }
    /// Adds `n` bytes written into room() to the buffer.
    void commit(std::size_t n) { size_ += n; }

    /// Drops the first `n` bytes.
    void erase_front(std::size_t n) {
        if (n == 0) return;
        std::memmove(data_, data_ + n, size_ - n);
        size_ -= n;
    }

    void clear() { size_ = 0; }

    /// Empties the buffer, and gives its block back when it is large (a large game's).
    void release_large() {
        size_ = 0;
        if (capacity_ > LargeBlock) {
            std::free(data_);
            data_     = nullptr;
            capacity_ = 0;
        }
    }

private:
    // A block over this many bytes is given back rather than reused for far fewer.
    static constexpr std::size_t LargeBlock = std::size_t{1} << 20;

    void reserve(std::size_t n) {
        if (n <= capacity_) return;
        const std::size_t grown = std::max(n, capacity_ + capacity_ / 2);
        void* block             = std::realloc(data_, grown);
        if (!block) throw std::bad_alloc();
        data_     = static_cast<char*>(block);
        capacity_ = grown;
    }

    char* data_           = nullptr;
    std::size_t size_     = 0;
    std::size_t capacity_ = 0;
};

}  // namespace floe::parser
