// run_ordered: results come back in job order whatever the thread count.
#include "podsizer/batch/ordered_runner.hpp"

#include <catch2/catch.hpp>
#include <stdexcept>
#include <thread>
#include <vector>

using podsizer::run_ordered;

TEST_CASE("results are emitted in job order with any number of threads") {
    for (unsigned jobs : {1U, 2U, 3U, 8U}) {
        for (std::size_t window : {std::size_t{1}, std::size_t{2}, std::size_t{4096}}) {
            INFO("jobs " << jobs << ", window " << window);
            std::vector<std::size_t> order;
            std::vector<std::size_t> values;
            run_ordered(
                500, jobs,
                [](std::size_t i) {
                    // Uneven work, so later jobs often finish first.
                    if (i % 7 == 0) {
                        std::this_thread::yield();
                    }
                    return i * i;
                },
                [&](std::size_t i, std::size_t v) {
                    order.push_back(i);
                    values.push_back(v);
                },
                window);
            REQUIRE(order.size() == 500);
            for (std::size_t i = 0; i < order.size(); ++i) {
                CHECK(order[i] == i);
                CHECK(values[i] == i * i);
            }
        }
    }
}

TEST_CASE("an exception in a job stops the run and reaches the caller after earlier results") {
    for (unsigned jobs : {1U, 2U, 4U}) {
        INFO("jobs " << jobs);
        std::vector<std::size_t> emitted;
        CHECK_THROWS_WITH(run_ordered(
                              1000, jobs,
                              [](std::size_t i) {
                                  if (i == 300) {
                                      throw std::runtime_error("job 300 failed");
                                  }
                                  return i;
                              },
                              [&](std::size_t i, std::size_t) { emitted.push_back(i); }),
                          "job 300 failed");
        REQUIRE(emitted.size() == 300);
        CHECK(emitted.back() == 299);
    }
}

TEST_CASE("an exception while emitting stops the workers and reaches the caller") {
    std::size_t emitted = 0;
    CHECK_THROWS_WITH(run_ordered(
                          1000, 2, [](std::size_t i) { return i; },
                          [&](std::size_t i, std::size_t) {
                              if (i == 10) {
                                  throw std::runtime_error("output closed");
                              }
                              ++emitted;
                          }),
                      "output closed");
    CHECK(emitted == 10);
}

TEST_CASE("no jobs and one job are run without threads") {
    std::size_t calls = 0;
    run_ordered(
        0, 4, [](std::size_t i) { return i; }, [&](std::size_t, std::size_t) { ++calls; });
    CHECK(calls == 0);
    run_ordered(
        1, 4, [](std::size_t i) { return i + 1; }, [&](std::size_t, std::size_t v) { calls += v; });
    CHECK(calls == 1);
}
