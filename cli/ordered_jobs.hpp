#pragma once
// `--jobs N`: several games in flight on several threads, their results used in input order, so
// that the output is byte-identical to a single-threaded run.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace floe::cli {

/// Runs `produce(item)` on the calling thread until it returns false, `work(item)` on each item
/// (on `jobs` worker threads when jobs > 1), and `consume(item)` on the calling thread in the
/// order the items were produced. Items go to the workers in batches of 16 (one hand-over per
/// game cost more than it saved, docs/performance.md); at most 4 batches per job are in flight,
/// so memory stays bounded. With jobs <= 1 everything runs on the calling thread, one item at a
/// time, reusing one Item. An exception from `work` is rethrown by the calling thread at that
/// item's turn.
template <class Item, class Produce, class Work, class Consume>
void run_ordered(int jobs, Produce produce, Work work, Consume consume) {
    if (jobs <= 1) {
        Item item;
        while (produce(item)) {
            work(item);
            consume(item);
        }
        return;
    }

    constexpr std::size_t Batch = 16;
    struct Slot {
        Slot() : items(Batch) {}  // (a default member initializer crashes g++ 12 here)
        std::vector<Item> items;
        std::size_t count     = 0;      // items produced into this batch
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

    std::vector<std::thread> workers;
    for (int i = 0; i < jobs; ++i)
        workers.emplace_back([&] {
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
                        work(slot->items[i]);
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
        });

    const std::size_t window = static_cast<std::size_t>(jobs) * 4;
    std::exception_ptr failure;
    bool more = true;
    try {
        while (more || !in_flight.empty()) {
            // Fill the window; production (reading the input) overlaps the workers.
            while (more && in_flight.size() < window) {
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
                for (slot->count = 0; slot->count < Batch && produce(slot->items[slot->count]);)
                    ++slot->count;
                more = slot->count == Batch;
                if (slot->count == 0) {
                    spare.push_back(std::move(slot));
                    break;
                }
                {
                    std::lock_guard lock(mutex);
                    queue.push_back(slot.get());
                }
                in_flight.push_back(std::move(slot));
                work_ready.notify_one();
            }
            if (in_flight.empty()) break;
            Slot& oldest = *in_flight.front();
            {
                std::unique_lock lock(mutex);
                slot_done.wait(lock, [&] { return oldest.done; });
            }
            for (std::size_t i = 0; i < oldest.count; ++i) {
                if (i == oldest.failed_at) std::rethrow_exception(oldest.error);
                consume(oldest.items[i]);
            }
            spare.push_back(std::move(in_flight.front()));
            in_flight.pop_front();
        }
    } catch (...) {
        failure = std::current_exception();
    }
    {
        std::lock_guard lock(mutex);
        stop = true;
        queue.clear();  // items not started are dropped; started ones finish first
    }
    work_ready.notify_all();
    for (std::thread& t : workers) t.join();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace floe::cli
