#pragma once
// Buffers a thread reuses from game to game (a parser's tables, the replay's frame stack, a
// selection's caches), without thread_local objects that have destructors. glibc registers such
// a destructor with memory of its own the first time a thread touches the object, and aborts
// the process when that memory cannot be had (`--jobs 1000` under a memory limit, issue 25). A
// thread_local raw pointer has no destructor: it points at the ThreadScratch its thread was
// given (`--jobs` workers: allocated before the thread starts, so that a failed allocation
// lowers the thread count, cli/ordered_jobs.hpp), or else at one of the calling thread's own.

#include <atomic>
#include <cstddef>
#include <memory>
#include <vector>

namespace floe::rules {

class ThreadScratch {
public:
    ThreadScratch() { slots_.reserve(SlotsReserved); }
    ThreadScratch(const ThreadScratch&)            = delete;
    ThreadScratch& operator=(const ThreadScratch&) = delete;

    /// This thread's T (value-initialised the first time).
    template <class T>
    T& get() {
        const std::size_t id = type_id<T>();
        if (id >= slots_.size()) slots_.resize(id + 1);
        Slot& slot = slots_[id];
        if (!slot.object) slot = Slot{new T(), [](void* p) { delete static_cast<T*>(p); }};
        return *static_cast<T*>(slot.object);
    }

    /// The calling thread's scratch: the one installed (Install), else the thread's own (a
    /// thread_local object: only threads that install none have one, the main thread).
    static ThreadScratch& current();

    /// Makes `scratch` the calling thread's while it lives (a worker, from its first line).
    class Install {
    public:
        explicit Install(ThreadScratch& scratch);
        ~Install();
        Install(const Install&)            = delete;
        Install& operator=(const Install&) = delete;

    private:
        ThreadScratch* previous_;
    };

private:
    static constexpr std::size_t SlotsReserved = 16;  // more than the buffer types floe has
    struct Slot {
        void* object        = nullptr;
        void (*free)(void*) = nullptr;
    };
    struct Slots : std::vector<Slot> {
        ~Slots() {
            for (Slot& s : *this)
                if (s.object) s.free(s.object);
        }
    };
    template <class T>
    static std::size_t type_id() {
        static const std::size_t id = next_id_++;
        return id;
    }
    static inline std::atomic<std::size_t> next_id_{0};
    Slots slots_;
};

}  // namespace floe::rules
