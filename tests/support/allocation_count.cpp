// The replaced global operator new of allocation_count.hpp: it counts, then allocates as usual.
#include "support/allocation_count.hpp"

#include <cstdlib>
#include <new>

namespace {
std::size_t allocations = 0;
}  // namespace

void* operator new(std::size_t size) {
    ++allocations;
    if (void* p = std::malloc(size ? size : 1)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace floe::test {

std::size_t allocation_count() { return allocations; }

}  // namespace floe::test
