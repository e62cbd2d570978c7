// run_ordered (cli/ordered_jobs.hpp) when the system refuses threads: the run goes on with the
// threads it has, in input order, after one message. The starter below refuses as a process
// limit does (std::system_error, EAGAIN); tests/cli/output_test.cpp provokes the real refusal.
#include "cli/ordered_jobs.hpp"

#include <gtest/gtest.h>

#include <cerrno>
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
        [](long& item) { item *= item; },
        [&](long& item) { run.consumed.push_back(static_cast<int>(item)); },
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

}  // namespace
}  // namespace floe::cli
