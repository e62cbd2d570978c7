#pragma once
// `--jobs N`: several games in flight on several threads, their results used in input order, so
// that the output is byte-identical to a single-threaded run.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <iostream>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "rules/common/thread_scratch.hpp"

namespace floe::cli {

/// Adds `-j N` (`--jobs`) bound to `jobs`: the number of threads that parse and replay games
/// (validate, convert, fen --all), a whole number from 0; 0 means one per core (job_count).
/// Returns the option.
CLI::Option* add_jobs_option(CLI::App& cmd, int& jobs);

/// The worker threads `--jobs N` asks for: N, or for 0 one per core
/// (std::thread::hardware_concurrency(), at least 1).
inline int job_count(int jobs) {
    if (jobs != 0) return jobs;
    return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

/// Address space mapped and never touched while the object lives (no resident memory), as
/// run_ordered holds it while its threads start; throws std::bad_alloc when the system refuses
/// it (`ulimit -v`). A mapping, not an allocation: freeing a large malloc block would raise
/// glibc's mmap threshold, and later frees would stay resident.
class HeldAddressSpace {
public:
    explicit HeldAddressSpace(std::size_t bytes);
    ~HeldAddressSpace();
    HeldAddressSpace(const HeldAddressSpace&)            = delete;
    HeldAddressSpace& operator=(const HeldAddressSpace&) = delete;

private:
    void* address_;
    std::size_t bytes_;
};

/// How run_ordered starts a worker thread: std::thread's constructor, which throws
/// std::system_error when the system refuses a thread. Tests pass one that refuses.
struct StartThread {
    template <class F>
    std::thread operator()(F&& f) const {
        return std::thread(std::forward<F>(f));
    }
};

/// How much of the input an item holds, for run_ordered's bounds: by default nothing.
struct Weightless {
    template <class Item>
    std::size_t operator()(const Item&) const {
        return 0;
    }
};

/// Runs `produce(item)` on the calling thread until it returns false, `work(item, direct)` on
/// each item (on job_count(jobs) worker threads when that is more than 1), and `consume(item)`
/// on the calling thread in the order the items were produced. `direct` is true when the work
/// runs on the calling thread right before the item's consume: it may then write straight to
/// the output, so that a large game needs no buffer of its output's size.
///
/// Memory stays bounded by the largest item, not the input (issue 13): items go to the workers
/// in batches of at most 16 items and BatchBytes of input (one hand-over per game cost more
/// than it saved, docs/performance.md); at most 4 batches and WorkerBytes of input per worker
/// are in flight; an item of more than DirectBytes (`bytes(item)`) is worked on directly, after
/// the items before it are consumed. With one job everything runs on the calling thread, one
/// item at a time, reusing one Item. An exception from `work` is rethrown by the calling thread
/// at that item's turn.
///
/// When the system refuses a thread or its memory (`start` throws std::system_error, or the
/// worker's memory cannot be reserved: a process or memory limit), the run goes on with the
/// workers already started, or on the calling thread when there are none, after one line on
/// standard error that names `command` ("floe validate: could start only 3 of 64 threads
/// (...); continuing with 3"). Each worker's memory is reserved before it starts: its
/// ThreadScratch (a worker creates no thread_local object with a destructor, which glibc
/// cannot register without memory: rules/common/thread_scratch.hpp) and its share of the
/// batches in flight. When a worker later runs out of memory (std::bad_alloc from `work`), the
/// workers stop and every item from that one on is worked on the calling thread, after one line
/// ("floe validate: out of memory on a worker thread; continuing on one thread"). `jobs` is then
/// lowered to what could be started (1 for none), so that the command's next file neither
/// tries nor reports again. The output and the exit code are unchanged: docs/reliability.md.
template <class Item, class Produce, class Work, class Consume, class Bytes = Weightless,
          class Start = StartThread>
void run_ordered(std::string_view command, int& jobs, Produce produce, Work work, Consume consume,
                 Bytes bytes = {}, Start start = {}) {
    // The output of a game can be 20 times its input (JSON): these keep a worker's share of
    // buffered output within a few megabytes.
    constexpr std::size_t BatchBytes = 32 * 1024, WorkerBytes = 192 * 1024, DirectBytes = 64 * 1024;
    // The address space a worker needs beside its stack (its items and their output: the 8 MB a
    // thread of docs/reliability.md's memory bound), and the calling thread's for its reading,
    // writing and the items it works on directly.
    constexpr std::size_t HeldPerWorker = std::size_t{8} << 20,
                          HeldForCaller = std::size_t{64} << 20;
    const auto one_at_a_time            = [&] {
        Item item;
        while (produce(item)) {
            work(item, true);
            consume(item);
        }
    };
    jobs = job_count(jobs);  // (0 becomes the number of cores for the next files too)
    if (jobs <= 1) {
        one_at_a_time();
        return;
    }

    constexpr std::size_t Batch = 16;
    struct Slot {
        Slot() : items(Batch) {}  // (a default member initializer crashes g++ 12 here)
        std::vector<Item> items;
        std::size_t count     = 0;      // items produced into this batch
        std::size_t bytes     = 0;      // their input
        std::size_t failed_at = Batch;  // the item whose work threw, if any
        bool done             = false;
        std::exception_ptr error;
    };
    std::mutex mutex;
    std::condition_variable work_ready, slot_done;
    std::deque<Slot*> queue;                      // produced, waiting for a worker
    std::deque<std::unique_ptr<Slot>> in_flight;  // in production order
    std::vector<std::unique_ptr<Slot>> spare;     // consumed slots, reused (their buffers too)
    bool stop = false;

    const auto worker = [&] {
        for (;;) {
            Slot* slot = nullptr;
            {
                std::unique_lock lock(mutex);
                work_ready.wait(lock, [&] { return stop || !queue.empty(); });
                if (queue.empty()) return;
                slot = queue.front();
                queue.pop_front();
            }
            for (std::size_t i = 0; i < slot->count; ++i) {
                try {
                    work(slot->items[i], false);
                } catch (...) {
                    slot->error     = std::current_exception();
                    slot->failed_at = i;
                    break;
                }
            }
            {
                std::lock_guard lock(mutex);
                slot->done = true;
            }
            slot_done.notify_all();
        }
    };

    std::vector<std::thread> workers;
    const auto stop_workers = [&] {
        {
            std::lock_guard lock(mutex);
            stop = true;
            queue.clear();  // items not started are dropped; started ones finish first
        }
        work_ready.notify_all();
        for (std::thread& t : workers)
            if (t.joinable()) t.join();
    };
    // Fewer threads give the same output, only later.
    const auto fewer_threads = [&](const std::string& why) {
        const int started = static_cast<int>(workers.size());
        std::cerr << (started == 0 ? fmt::format("floe {}: could not start any of {} threads "
                                                 "({}); continuing on the main thread\n",
                                                 command, jobs, why)
                                   : fmt::format("floe {}: could start only {} of {} threads "
                                                 "({}); continuing with {}\n",
                                                 command, started, jobs, why, started));
        jobs = std::max(started, 1);
    };
    std::vector<std::unique_ptr<rules::ThreadScratch>> scratches;  // one per worker
    // Address space held while the threads start, given back once they have: each thread's stack
    // takes its share (8 MiB under glibc) whether or not memory is left for its work, and 242
    // threads in 2 GB left the run none (std::bad_alloc). Untouched, it costs no resident memory.
    std::vector<std::unique_ptr<HeldAddressSpace>> held;
    const auto hold = [&held](std::size_t bytes) {
        held.push_back(std::make_unique<HeldAddressSpace>(bytes));
    };
    try {
        // Reserved first: push_back must not throw below but for the memory it reserves.
        workers.reserve(static_cast<std::size_t>(jobs));
        scratches.reserve(static_cast<std::size_t>(jobs));
        spare.reserve(static_cast<std::size_t>(jobs) * 4);
        held.reserve(static_cast<std::size_t>(jobs) + 1);
        hold(HeldForCaller);
        while (static_cast<int>(workers.size()) < jobs) {
            // The worker's memory before the worker: a failure here lowers the thread count.
            hold(HeldPerWorker);
            scratches.push_back(std::make_unique<rules::ThreadScratch>());
            for (int i = 0; i < 4; ++i) spare.push_back(std::make_unique<Slot>());
            rules::ThreadScratch* scratch = scratches.back().get();
            workers.push_back(start([&worker, scratch] {
                const rules::ThreadScratch::Install installed(*scratch);
                worker();
            }));
        }
    } catch (const std::system_error& e) {
        fewer_threads(e.code().message());  // a process or thread limit
    } catch (const std::bad_alloc&) {
        fewer_threads("out of memory");  // a memory limit (ulimit -v)
    } catch (...) {
        stop_workers();
        throw;
    }
    held.clear();  // the started workers' and the calling thread's to use
    if (workers.empty()) {
        one_at_a_time();
        return;
    }

    const std::size_t window = workers.size() * 4, window_bytes = workers.size() * WorkerBytes;
    std::size_t in_flight_bytes = 0;
    std::exception_ptr failure;
    bool more = true, direct = false;
    bool alone = false;  // a worker ran out of memory: the workers stopped
    Item large;          // an item worked on directly
    // Whether `error` is running out of memory: then the workers stop and the calling thread
    // goes on alone (once), else the error is the item's.
    const auto out_of_memory = [&](const std::exception_ptr& error) {
        try {
            std::rethrow_exception(error);
        } catch (const std::bad_alloc&) {
            if (!alone) {
                stop_workers();
                alone = true;
                jobs  = 1;
                std::cerr << fmt::format(
                    "floe {}: out of memory on a worker thread; continuing on one thread\n",
                    command);
            }
            return true;
        } catch (...) {
            return false;
        }
    };
    const auto consume_oldest = [&] {
        Slot& oldest = *in_flight.front();
        if (!alone) {
            std::unique_lock lock(mutex);
            slot_done.wait(lock, [&] { return oldest.done; });
        }
        for (std::size_t i = 0; i < oldest.count; ++i) {
            // Alone, the items no worker finished are worked on here, in order.
            if (i == oldest.failed_at && !out_of_memory(oldest.error))
                std::rethrow_exception(oldest.error);
            if (!oldest.done || i >= oldest.failed_at) work(oldest.items[i], true);
            consume(oldest.items[i]);
        }
        in_flight_bytes -= oldest.bytes;
        spare.push_back(std::move(in_flight.front()));
        in_flight.pop_front();
    };
    try {
        while (more || !in_flight.empty()) {
            // Fill the window; production (reading the input) overlaps the workers.
            while (more && !direct && !alone && in_flight.size() < window &&
                   in_flight_bytes < window_bytes) {
                std::unique_ptr<Slot> slot;
                if (!spare.empty()) {
                    slot = std::move(spare.back());
                    spare.pop_back();
                    slot->done      = false;
                    slot->error     = nullptr;
                    slot->failed_at = Batch;
                } else {
                    slot = std::make_unique<Slot>();
                }
                slot->count = slot->bytes = 0;
                while (slot->count < Batch && slot->bytes < BatchBytes) {
                    Item& item = slot->items[slot->count];
                    if (!produce(item)) {
                        more = false;
                        break;
                    }
                    const std::size_t size = bytes(item);
                    if (size > DirectBytes) {
                        std::swap(item, large);
                        direct = true;
                        break;
                    }
                    slot->bytes += size;
                    ++slot->count;
                }
                if (slot->count == 0) {
                    spare.push_back(std::move(slot));
                    break;
                }
                in_flight_bytes += slot->bytes;
                {
                    std::lock_guard lock(mutex);
                    queue.push_back(slot.get());
                }
                in_flight.push_back(std::move(slot));
                work_ready.notify_one();
            }
            if (direct) {  // after every item before it, on this thread
                while (!in_flight.empty()) consume_oldest();
                work(large, true);
                consume(large);
                direct = false;
                continue;
            }
            if (in_flight.empty()) {
                if (alone && more) one_at_a_time();  // the rest of the input, on this thread
                break;
            }
            consume_oldest();
        }
    } catch (...) {
        failure = std::current_exception();
    }
    stop_workers();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace floe::cli
