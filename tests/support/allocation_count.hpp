#pragma once
// Counts the test program's allocations, for the tests of "no allocation per game in the steady
// state" (issue 15). Only the executables that list allocation_count.cpp among their sources
// count: that file replaces the global operator new.

#include <cstddef>

namespace floe::test {

/// How many times operator new has been called in this program so far. Compare two readings
/// around the code under test; nothing else allocates between them in a single-threaded test.
std::size_t allocation_count();

}  // namespace floe::test
