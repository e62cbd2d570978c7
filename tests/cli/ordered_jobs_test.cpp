// run_ordered (cli/ordered_jobs.hpp) when the system refuses threads: the run goes on with the
// threads it has, in input order, after one message. The starter below refuses as a process
// limit does (std::system_error, EAGAIN); tests/cli/output_test.cpp provokes the real refusal.
#include "cli/ordered_jobs.hpp"

#include <gtest/gtest.h>

#include <cerrno>
#include <new>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

namespace floe::cli {
namespace {

// Starts `allowed` threads, then throws what std::thread throws when pthread_create fails.
struct RefusingStart {
    int allowed;
    int* calls;
    template <class F>
    std::thread operator()(F&& f) const {
        if (++*calls > allowed)
            throw std::system_error(EAGAIN, std::generic_category(), "pthread_create");
        return std::thread(std::forward<F>(f));
    }
};

struct Outcome {
    std::vector<int> consumed;  // the items' squares, in the order consume saw them
    std::string err;            // standard error
    int jobs  = 0;              // run_ordered's `jobs` afterwards
    int calls = 0;              // threads asked of the starter
};

// Squares 1..items on `jobs` threads, with a starter that allows `allowed` threads.
Outcome squares(int jobs, int allowed, int items) {
    Outcome run;
    run.jobs = jobs;
    int next = 0;
    testing::internal::CaptureStderr();
    run_ordered<long>(
        "validate", run.jobs,
        [&](long& item) {
            item = ++next;
            return next <= items;
        },
        [](long& item, bool) { item *= item; },
        [&](long& item) { run.consumed.push_back(static_cast<int>(item)); }, Weightless{},
        RefusingStart{allowed, &run.calls});
    run.err = testing::internal::GetCapturedStderr();
    return run;
}

std::vector<int> expected_squares(int items) {
    std::vector<int> out;
    for (int i = 1; i <= items; ++i) out.push_back(i * i);
    return out;
}

TEST(RunOrdered, ContinuesWithTheThreadsItCouldStart) {
    const Outcome run = squares(64, 3, 1000);
    EXPECT_EQ(run.consumed, expected_squares(1000));
    EXPECT_EQ(run.err,
              "floe validate: could start only 3 of 64 threads (Resource temporarily "
              "unavailable); continuing with 3\n");
    EXPECT_EQ(run.calls, 4);  // three started, the fourth refused, no more asked
    EXPECT_EQ(run.jobs, 3);   // the command's next file asks for 3
}

TEST(RunOrdered, RunsOnTheCallingThreadWhenNoThreadStarts) {
    const Outcome run = squares(8, 0, 100);
    EXPECT_EQ(run.consumed, expected_squares(100));
    EXPECT_EQ(run.err,
              "floe validate: could not start any of 8 threads (Resource temporarily "
              "unavailable); continuing on the main thread\n");
    EXPECT_EQ(run.calls, 1);
    EXPECT_EQ(run.jobs, 1);
}

TEST(RunOrdered, SaysNothingWhenEveryThreadStarts) {
    const Outcome run = squares(4, 4, 100);
    EXPECT_EQ(run.consumed, expected_squares(100));
    EXPECT_EQ(run.err, "");
    EXPECT_EQ(run.calls, 4);
    EXPECT_EQ(run.jobs, 4);
}

TEST(RunOrdered, OneJobStartsNoThread) {
    const Outcome run = squares(1, 0, 10);
    EXPECT_EQ(run.consumed, expected_squares(10));
    EXPECT_EQ(run.err, "");
    EXPECT_EQ(run.calls, 0);
}

TEST(RunOrdered, ZeroJobsMeansOneThreadPerCore) {
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    EXPECT_EQ(job_count(0), cores);
    EXPECT_EQ(job_count(5), 5);
    const Outcome run = squares(0, 1000, 100);
    EXPECT_EQ(run.consumed, expected_squares(100));
    EXPECT_EQ(run.jobs, cores);
    EXPECT_EQ(run.calls, cores == 1 ? 0 : cores);
}

// Items that weigh their value in KiB: which were worked on directly (on the calling thread,
// right before their consume), and in what order they were consumed.
struct Weighed {
    std::vector<int> consumed, direct;
    std::size_t most_in_flight = 0;  // the most items produced and not yet consumed
};

Weighed weigh(int jobs, const std::vector<int>& kib) {
    Weighed run;
    std::size_t next = 0, done = 0;
    struct Item {
        int kib     = 0;
        bool direct = false;
    };
    run_ordered<Item>(
        "convert", jobs,
        [&](Item& item) {
            if (next == kib.size()) return false;
            item.kib           = kib[next++];
            run.most_in_flight = std::max(run.most_in_flight, next - done);
            return true;
        },
        [](Item& item, bool direct) { item.direct = direct; },
        [&](Item& item) {
            ++done;
            run.consumed.push_back(item.kib);
            if (item.direct) run.direct.push_back(item.kib);
        },
        [](const Item& item) { return static_cast<std::size_t>(item.kib) * 1024; });
    return run;
}

TEST(RunOrdered, AGameOver64KiBIsWorkedOnDirectlyInItsTurn) {
    // 1 KiB games around two large ones: the large ones go straight to the output, after every
    // game before them, and the order holds.
    std::vector<int> kib(100, 1);
    kib[10]           = 65;
    kib[70]           = 9000;
    const Weighed run = weigh(3, kib);
    EXPECT_EQ(run.consumed, kib);
    EXPECT_EQ(run.direct, (std::vector<int>{65, 9000}));
    // With one job every game is worked on directly.
    EXPECT_EQ(weigh(1, kib).direct, kib);
}

TEST(RunOrdered, InputInFlightStaysWithin192KiBAWorker) {
    // 60 KiB games: a batch closes at 32 KiB (one game here), and production waits once the
    // input in flight reaches 192 KiB a worker: 7 games for 2 workers (420 KiB), not the 8
    // batches the count allows.
    const Weighed run = weigh(2, std::vector<int>(200, 60));
    EXPECT_EQ(run.consumed, std::vector<int>(200, 60));
    EXPECT_TRUE(run.direct.empty());
    EXPECT_EQ(run.most_in_flight, 7u);
    // 1 KiB games: batches of 16, at most 4 a worker.
    EXPECT_EQ(weigh(2, std::vector<int>(1000, 1)).most_in_flight, 2u * 4 * 16);
}

// A worker that runs out of memory on items 300 to 320 (issue 25 item 5): the workers stop,
// every item from the first that failed on is worked on the calling thread, in order, after
// one message, and the command's next file asks for one thread.
TEST(RunOrdered, AWorkerOutOfMemoryLeavesTheRestToTheCallingThread) {
    int jobs = 4, next = 0;
    std::vector<int> consumed;
    const std::thread::id caller = std::this_thread::get_id();
    testing::internal::CaptureStderr();
    run_ordered<long>(
        "convert", jobs,
        [&](long& item) {
            item = ++next;
            return next <= 1000;
        },
        [&](long& item, bool) {
            if (item >= 300 && item <= 320 && std::this_thread::get_id() != caller)
                throw std::bad_alloc();
            item *= item;
        },
        [&](long& item) { consumed.push_back(static_cast<int>(item)); });
    const std::string err = testing::internal::GetCapturedStderr();
    EXPECT_EQ(consumed, expected_squares(1000));
    EXPECT_EQ(err, "floe convert: out of memory on a worker thread; continuing on one thread\n");
    EXPECT_EQ(jobs, 1);
}

// An error other than memory is still the item's own: rethrown at its turn.
TEST(RunOrdered, AnotherErrorOfAWorkerIsRethrown) {
    int jobs = 2, next = 0;
    std::vector<int> consumed;
    EXPECT_THROW(run_ordered<long>(
                     "convert", jobs,
                     [&](long& item) {
                         item = ++next;
                         return next <= 100;
                     },
                     [](long& item, bool) {
                         if (item == 50) throw std::runtime_error("bad item");
                     },
                     [&](long& item) { consumed.push_back(static_cast<int>(item)); }),
                 std::runtime_error);
    EXPECT_EQ(consumed.size(), 49u);
}

// A worker's memory is reserved before it starts: when it cannot be had, the run goes on with
// the workers started (here the starter itself runs out, as a reservation would).
struct OutOfMemoryStart {
    int allowed;
    int* calls;
    template <class F>
    std::thread operator()(F&& f) const {
        if (++*calls > allowed) throw std::bad_alloc();
        return std::thread(std::forward<F>(f));
    }
};

TEST(RunOrdered, ContinuesWithTheThreadsWhoseMemoryItHad) {
    int jobs = 16, next = 0, calls = 0;
    std::vector<int> consumed;
    testing::internal::CaptureStderr();
    run_ordered<long>(
        "validate", jobs,
        [&](long& item) {
            item = ++next;
            return next <= 500;
        },
        [](long& item, bool) { item *= item; },
        [&](long& item) { consumed.push_back(static_cast<int>(item)); }, Weightless{},
        OutOfMemoryStart{2, &calls});
    EXPECT_EQ(testing::internal::GetCapturedStderr(),
              "floe validate: could start only 2 of 16 threads (out of memory); continuing "
              "with 2\n");
    EXPECT_EQ(consumed, expected_squares(500));
    EXPECT_EQ(jobs, 2);
}

}  // namespace
}  // namespace floe::cli
