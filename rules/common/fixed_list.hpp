#pragma once
// A list of at most N trivially copyable values with no heap: the move lists of both engines.

#include <cstddef>
#include <type_traits>

namespace floe::rules {

/// Fixed-capacity list. push() ignores what would not fit rather than write past the end. The
/// storage is left uninitialised, so a list costs nothing to create however large its
/// capacity, and a copy copies only the values it holds.
template <class T, std::size_t N>
class FixedList {
    static_assert(std::is_trivially_copyable_v<T>);

public:
    static constexpr std::size_t Capacity = N;
    FixedList() {}
    FixedList(const FixedList& other) : size_(other.size_) { copy_from(other); }
    FixedList& operator=(const FixedList& other) {
        size_ = other.size_;
        copy_from(other);
        return *this;
    }
    void push(const T& value) {
        if (size_ < Capacity) items_.v[size_++] = value;
    }
    void clear() { size_ = 0; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const T& operator[](std::size_t i) const { return items_.v[i]; }
    const T* begin() const { return items_.v; }
    const T* end() const { return items_.v + size_; }
    /// Keeps only the values for which `keep(value)` is true, in their order.
    template <class Predicate>
    void retain(Predicate keep) {
        std::size_t n = 0;
        for (std::size_t i = 0; i < size_; ++i) {
            if (keep(items_.v[i])) items_.v[n++] = items_.v[i];
        }
        size_ = n;
    }

private:
    // A union member is not constructed: only the first size_ values are ever written or read.
    union Storage {
        Storage() {}
        T v[Capacity];
    };
    void copy_from(const FixedList& other) {
        for (std::size_t i = 0; i < size_; ++i) items_.v[i] = other.items_.v[i];
    }
    Storage items_;
    std::size_t size_ = 0;
};

}  // namespace floe::rules
