// Runs independent jobs on several threads and hands their results back in
// job order, each as soon as it and all jobs before it are done. The output
// of a batch is then the same with 1 or N threads, and a JSON Lines consumer
// sees the first rows while later ones are still being computed.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

namespace podsizer {

namespace detail {

/// What the workers and the emitting thread of run_ordered share.
template <class Result> struct OrderedRun {
    OrderedRun(std::size_t jobs, std::size_t ahead)
        : n(jobs), window(ahead), slots(jobs), errors(jobs) {}

    std::size_t n;
    std::size_t window;
    std::mutex m;
    std::condition_variable ready;   // a result arrived (main waits)
    std::condition_variable advance; // the window moved or the run stopped (workers wait)
    std::vector<std::optional<Result>> slots;
    std::vector<std::exception_ptr> errors;
    std::size_t next = 0;    // next job to hand out
    std::size_t emitted = 0; // jobs emitted so far
    bool stop = false;

    /// One worker: takes the next job while the window allows, until none is left.
    template <class Work> void work_loop(Work& work) {
        while (true) {
            std::size_t i = 0;
            {
                std::unique_lock lock(m);
                advance.wait(lock, [&] { return stop || next >= n || next < emitted + window; });
                if (stop || next >= n) {
                    return;
                }
                i = next++;
            }
            std::optional<Result> r;
            std::exception_ptr error;
            try {
                r.emplace(work(i));
            } catch (...) {
                error = std::current_exception();
            }
            {
                std::lock_guard lock(m);
                slots[i] = std::move(r);
                errors[i] = error;
                if (error) {
                    // Nothing after this job will be emitted: stop handing out work.
                    stop = true;
                    advance.notify_all();
                }
            }
            ready.notify_one();
        }
    }

    /// Emits each result in job order as it arrives; the first failure (of a
    /// job or of `emit`), null when every job was emitted. Stops the workers.
    template <class Emit> std::exception_ptr emit_in_order(Emit& emit) {
        std::exception_ptr failure;
        for (std::size_t i = 0; i < n && !failure; ++i) {
            std::optional<Result> r;
            {
                std::unique_lock lock(m);
                ready.wait(lock, [&] { return slots[i].has_value() || errors[i] != nullptr; });
                if (errors[i]) {
                    failure = errors[i];
                    break;
                }
                r = std::move(slots[i]);
                slots[i].reset();
            }
            try {
                emit(i, std::move(*r));
            } catch (...) {
                failure = std::current_exception();
            }
            {
                std::lock_guard lock(m);
                emitted = i + 1;
                stop = stop || failure != nullptr;
            }
            advance.notify_all();
        }
        {
            std::lock_guard lock(m);
            stop = true;
        }
        advance.notify_all();
        return failure;
    }
};

} // namespace detail

/// Calls `work(i)` for i in [0, n) on `jobs` threads (the calling thread
/// only, when jobs <= 1) and `emit(i, result)` on the calling thread in order
/// i = 0, 1, 2, ... Workers stay at most `window` jobs ahead of the last
/// emitted one, so a slow reader of the output bounds the memory used. An
/// exception thrown by `work` or `emit` stops the run and is rethrown here
/// (after the workers have stopped).
template <class Work, class Emit>
void run_ordered(std::size_t n, unsigned jobs, Work work, Emit emit, std::size_t window = 4096) {
    using Result = decltype(work(std::size_t{0}));
    if (jobs <= 1 || n <= 1) {
        for (std::size_t i = 0; i < n; ++i) {
            emit(i, work(i));
        }
        return;
    }
    const unsigned threads = static_cast<unsigned>(std::min<std::size_t>(jobs, n));
    detail::OrderedRun<Result> run(n, std::max<std::size_t>(window, threads));
    std::vector<std::thread> pool;
    pool.reserve(threads);
    for (unsigned t = 0; t < threads; ++t) {
        pool.emplace_back([&run, &work] { run.work_loop(work); });
    }
    const std::exception_ptr failure = run.emit_in_order(emit);
    for (std::thread& t : pool) {
        t.join();
    }
    if (failure) {
        std::rethrow_exception(failure);
    }
}

} // namespace podsizer
