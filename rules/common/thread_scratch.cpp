#include "rules/common/thread_scratch.hpp"

namespace floe::rules {

namespace {
// Trivially destructible: no destructor is registered for a thread that only installs one.
thread_local ThreadScratch* installed = nullptr;
}  // namespace

ThreadScratch& ThreadScratch::current() {
    if (installed) return *installed;
    thread_local ThreadScratch own;  // threads that install none: the main thread, tests
    return own;
}

ThreadScratch::Install::Install(ThreadScratch& scratch) : previous_(installed) {
    installed = &scratch;
}

ThreadScratch::Install::~Install() { installed = previous_; }

}  // namespace floe::rules
