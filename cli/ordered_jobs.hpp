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

namespace detail {

// Produces, works on and consumes one item at a time on the calling thread, reusing one Item.
template <class Item, class Produce, class Work, class Consume>
void one_at_a_time(Produce& produce, Work& work, Consume& consume) {
    Item item;
    while (produce(item)) {
        work(item, true);
        consume(item);
    }
}

// run_ordered with more than one job, in named steps: the workers started (fewer when the
// system refuses), the window of batches in flight filled and consumed in order, a large item
// worked on directly, a worker out of memory. One object per run, on the calling thread's stack;
// every worker is joined before run() returns or throws.
template <class Item, class Produce, class Work, class Consume, class Bytes, class Start>
class OrderedRun {
public:
    OrderedRun(std::string_view command, int& jobs, Produce& produce, Work& work, Consume& consume,
               Bytes& bytes, Start& start)
        : command_(command),
          jobs_(jobs),
          produce_(produce),
          work_(work),
          consume_(consume),
          bytes_(bytes),
          start_(start) {}

    void run() {
        start_workers();
        if (workers_.empty()) {
            one_at_a_time<Item>(produce_, work_, consume_);
            return;
        }
        window_       = workers_.size() * 4;
        window_bytes_ = workers_.size() * WorkerBytes;
        std::exception_ptr failure;
        try {
            feed_and_consume();
        } catch (...) {
            failure = std::current_exception();
        }
        stop_workers();
        if (failure) std::rethrow_exception(failure);
    }

private:
    // The output of a game can be 20 times its input (JSON): these keep a worker's share of
    // buffered output within a few megabytes.
    static constexpr std::size_t BatchBytes = 32 * 1024, WorkerBytes = 192 * 1024,
                                 DirectBytes = 64 * 1024;
    // The address space a worker needs beside its stack (its items and their output: the 8 MB a
    // thread of docs/reliability.md's memory bound), and the calling thread's for its reading,
    // writing and the items it works on directly.
    static constexpr std::size_t HeldPerWorker = std::size_t{8} << 20,
                                 HeldForCaller = std::size_t{64} << 20;
    static constexpr std::size_t Batch         = 16;

    struct Slot {
        Slot() : items(Batch) {}  // (a default member initializer crashes g++ 12 here)
        std::vector<Item> items;
        std::size_t count     = 0;      // items produced into this batch
        std::size_t bytes     = 0;      // their input
        std::size_t failed_at = Batch;  // the item whose work threw, if any
        bool done             = false;
        std::exception_ptr error;
    };

    // Starts up to jobs_ workers, each after its memory is reserved; when the system refuses a
    // thread or its memory, goes on with those started (fewer_threads).
    void start_workers() {
        // Address space held while the threads start, given back once they have (at the end of
        // this step): each thread's stack takes its share (8 MiB under glibc) whether or not
        // memory is left for its work, and 242 threads in 2 GB left the run none
        // (std::bad_alloc). Untouched, it costs no resident memory.
        std::vector<std::unique_ptr<HeldAddressSpace>> held;
        const auto hold = [&held](std::size_t bytes) {
            held.push_back(std::make_unique<HeldAddressSpace>(bytes));
        };
        try {
            // Reserved first: push_back must not throw below but for the memory it reserves.
            workers_.reserve(static_cast<std::size_t>(jobs_));
            scratches_.reserve(static_cast<std::size_t>(jobs_));
            spare_.reserve(static_cast<std::size_t>(jobs_) * 4);
            held.reserve(static_cast<std::size_t>(jobs_) + 1);
            hold(HeldForCaller);
            while (static_cast<int>(workers_.size()) < jobs_) {
                // The worker's memory before the worker: a failure here lowers the thread count.
                hold(HeldPerWorker);
                scratches_.push_back(std::make_unique<rules::ThreadScratch>());
                for (int i = 0; i < 4; ++i) spare_.push_back(std::make_unique<Slot>());
                rules::ThreadScratch* scratch = scratches_.back().get();
                workers_.push_back(start_([this, scratch] {
                    const rules::ThreadScratch::Install installed(*scratch);
                    work_batches();
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
    }

    // Fewer threads give the same output, only later.
    void fewer_threads(const std::string& why) {
        const int started = static_cast<int>(workers_.size());
        std::cerr << (started == 0 ? fmt::format("floe {}: could not start any of {} threads "
                                                 "({}); continuing on the main thread\n",
                                                 command_, jobs_, why)
                                   : fmt::format("floe {}: could start only {} of {} threads "
                                                 "({}); continuing with {}\n",
                                                 command_, started, jobs_, why, started));
        jobs_ = std::max(started, 1);
    }

    // A worker's loop: takes the next batch from the queue and works on its items, until
    // stop_workers.
    void work_batches() {
        for (;;) {
            Slot* slot = nullptr;
            {
                std::unique_lock lock(mutex_);
                work_ready_.wait(lock, [&] { return stop_ || !queue_.empty(); });
                if (queue_.empty()) return;
                slot = queue_.front();
                queue_.pop_front();
            }
            for (std::size_t i = 0; i < slot->count; ++i) {
                try {
                    work_(slot->items[i], false);
                } catch (...) {
                    slot->error     = std::current_exception();
                    slot->failed_at = i;
                    break;
                }
            }
            {
                std::lock_guard lock(mutex_);
                slot->done = true;
            }
            slot_done_.notify_all();
        }
    }

    void stop_workers() {
        {
            std::lock_guard lock(mutex_);
            stop_ = true;
            queue_.clear();  // items not started are dropped; started ones finish first
        }
        work_ready_.notify_all();
        for (std::thread& t : workers_)
            if (t.joinable()) t.join();
    }

    // The calling thread's loop: batches handed to the workers and consumed in input order.
    void feed_and_consume() {
        Item large{};  // an item worked on directly (value-initialised: the swap reads it)
        while (more_ || !in_flight_.empty()) {
            fill_window(large);
            if (direct_) {
                work_directly(large);
                continue;
            }
            if (in_flight_.empty()) {
                // The rest of the input, on this thread.
                if (alone_ && more_) one_at_a_time<Item>(produce_, work_, consume_);
                break;
            }
            consume_oldest();
        }
    }

    // Fills the window; production (reading the input) overlaps the workers. Stops at an item
    // too large for a batch, which is swapped into `large` (direct_).
    void fill_window(Item& large) {
        while (more_ && !direct_ && !alone_ && in_flight_.size() < window_ &&
               in_flight_bytes_ < window_bytes_) {
            std::unique_ptr<Slot> slot = take_slot();
            produce_batch(*slot, large);
            if (slot->count == 0) {
                spare_.push_back(std::move(slot));
                break;
            }
            hand_over(std::move(slot));
        }
    }

    // A consumed slot to reuse (its buffers too), or a new one.
    std::unique_ptr<Slot> take_slot() {
        if (spare_.empty()) return std::make_unique<Slot>();
        std::unique_ptr<Slot> slot = std::move(spare_.back());
        spare_.pop_back();
        slot->done      = false;
        slot->error     = nullptr;
        slot->failed_at = Batch;
        return slot;
    }

    // Produces at most Batch items and BatchBytes of input into `slot`.
    void produce_batch(Slot& slot, Item& large) {
        slot.count = slot.bytes = 0;
        while (slot.count < Batch && slot.bytes < BatchBytes) {
            Item& item = slot.items[slot.count];
            if (!produce_(item)) {
                more_ = false;
                return;
            }
            const std::size_t size = bytes_(item);
            if (size > DirectBytes) {
                std::swap(item, large);
                direct_ = true;
                return;
            }
            slot.bytes += size;
            ++slot.count;
        }
    }

    // Puts a produced batch in flight and in the workers' queue.
    void hand_over(std::unique_ptr<Slot> slot) {
        in_flight_bytes_ += slot->bytes;
        {
            std::lock_guard lock(mutex_);
            queue_.push_back(slot.get());
        }
        in_flight_.push_back(std::move(slot));
        work_ready_.notify_one();
    }

    // A large item: after every item before it, on this thread.
    void work_directly(Item& large) {
        while (!in_flight_.empty()) consume_oldest();
        work_(large, true);
        consume_(large);
        direct_ = false;
    }

    // Waits for the oldest batch in flight and consumes its items in order.
    void consume_oldest() {
        Slot& oldest = *in_flight_.front();
        if (!alone_) {
            std::unique_lock lock(mutex_);
            slot_done_.wait(lock, [&] { return oldest.done; });
        }
        for (std::size_t i = 0; i < oldest.count; ++i) {
            // Alone, the items no worker finished are worked on here, in order.
            if (i == oldest.failed_at && !out_of_memory(oldest.error))
                std::rethrow_exception(oldest.error);
            if (!oldest.done || i >= oldest.failed_at) work_(oldest.items[i], true);
            consume_(oldest.items[i]);
        }
        in_flight_bytes_ -= oldest.bytes;
        spare_.push_back(std::move(in_flight_.front()));
        in_flight_.pop_front();
    }

    // Whether `error` is running out of memory: then the workers stop and the calling thread
    // goes on alone (once), else the error is the item's.
    bool out_of_memory(const std::exception_ptr& error) {
        try {
            std::rethrow_exception(error);
        } catch (const std::bad_alloc&) {
            if (!alone_) {
                stop_workers();
                alone_ = true;
                jobs_  = 1;
                std::cerr << fmt::format(
                    "floe {}: out of memory on a worker thread; continuing on one thread\n",
                    command_);
            }
            return true;
        } catch (...) {
            return false;
        }
    }

    std::string_view command_;
    int& jobs_;
    Produce& produce_;
    Work& work_;
    Consume& consume_;
    Bytes& bytes_;
    Start& start_;

    std::mutex mutex_;
    std::condition_variable work_ready_, slot_done_;
    std::deque<Slot*> queue_;                      // produced, waiting for a worker
    std::deque<std::unique_ptr<Slot>> in_flight_;  // in production order
    std::vector<std::unique_ptr<Slot>> spare_;     // consumed slots, reused (their buffers too)
    bool stop_ = false;
    std::vector<std::thread> workers_;
    std::vector<std::unique_ptr<rules::ThreadScratch>> scratches_;  // one per worker

    std::size_t window_ = 0, window_bytes_ = 0;  // batches and input in flight at most
    std::size_t in_flight_bytes_ = 0;
    bool more_                   = true;   // produce has not yet returned false
    bool direct_                 = false;  // a large item waits to be worked on directly
    bool alone_                  = false;  // a worker ran out of memory: the workers stopped
};

}  // namespace detail

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
    jobs = job_count(jobs);  // (0 becomes the number of cores for the next files too)
    if (jobs <= 1) {
        detail::one_at_a_time<Item>(produce, work, consume);
        return;
    }
    detail::OrderedRun<Item, Produce, Work, Consume, Bytes, Start>(command, jobs, produce, work,
                                                                   consume, bytes, start)
        .run();
}

}  // namespace floe::cli
