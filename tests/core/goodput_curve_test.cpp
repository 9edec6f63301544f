// The goodput-vs-write-bandwidth curve and its knee (docs/checkpoints.md §7),
// and the one-job analysis behind `podsizer checkpoint`.
#include "podsizer/core/checkpoint_analysis.hpp"
#include "podsizer/core/failure.hpp"
#include "podsizer/core/goodput_curve.hpp"

#include <catch2/catch.hpp>
#include <cmath>

using namespace podsizer;

namespace {
Duration seconds(double s) {
    return Duration::from_base(s);
}
// The reference job on the whole reference pod: 25.2 TB, 10,368 nodes at 6.5
// per 1,000 node-days (M = 1,282.05 s), 10-minute restarts.
CheckpointJobModel reference_job(CheckpointMode mode, std::optional<Duration> interval) {
    CheckpointJobModel j;
    j.size = Capacity::from_base(25.2e12);
    j.mode = mode;
    j.interval = interval;
    j.stall_budget = 0.05;
    j.restart = seconds(600);
    j.mtbf = seconds(86400.0 / 67.392);
    j.gpus = 41472;
    return j;
}
} // namespace

TEST_CASE("with unlimited bandwidth only restarts and the interval cost goodput") {
    const CheckpointJobModel autoj = reference_job(CheckpointMode::sync, std::nullopt);
    // By hand: e^{−600/1,282.05} = e^{−0.468} = 0.626254.
    CHECK(goodput_limit(autoj) == Approx(0.626254).epsilon(1e-5));
    const CheckpointJobModel fixed = reference_job(CheckpointMode::async, seconds(300));
    // 300 / (1,282.05 · e^{0.468} · (e^{0.234} − 1)) = 0.555837.
    CHECK(goodput_limit(fixed) == Approx(0.555837).epsilon(1e-5));
}

TEST_CASE("the knee of an async job at a fixed interval matches its closed form") {
    // With δ < τ async goodput is G∞·e^{−δ/M}, so G∞ − G = tolerance at
    // δ_k = −M ln(1 − tol/G∞): M = 1,282.05, G∞ = 0.555837, tol = 0.01 gives
    // δ_k = 23.275 s and a knee of 25.2e12 / 23.275 = 1.0827e12 B/s.
    const CheckpointJobModel j = reference_job(CheckpointMode::async, seconds(300));
    const auto knee = knee_bandwidth(j, 0.01);
    REQUIRE(knee);
    const double limit = goodput_limit(j);
    const double dk = -j.mtbf.base() * std::log(1.0 - 0.01 / limit);
    CHECK(dk == Approx(23.2752).epsilon(1e-5));
    CHECK(knee->base() == Approx(25.2e12 / dk).epsilon(1e-9));
}

TEST_CASE("the knee is where goodput comes within the tolerance of its limit") {
    for (CheckpointMode mode : {CheckpointMode::sync, CheckpointMode::async}) {
        for (std::optional<Duration> interval :
             {std::optional<Duration>{}, std::optional(seconds(60))}) {
            const CheckpointJobModel j = reference_job(mode, interval);
            for (double tol : {0.001, 0.01, 0.05}) {
                INFO(to_string(mode) << " tol " << tol);
                const auto knee = knee_bandwidth(j, tol);
                REQUIRE(knee);
                const double g = evaluate_job(j, *knee).goodput;
                CHECK(goodput_limit(j) - g == Approx(tol).epsilon(1e-6));
                // Just below the knee more bandwidth still buys more than the tolerance.
                CHECK(goodput_limit(j) - evaluate_job(j, *knee * 0.99).goodput > tol);
            }
        }
    }
}

TEST_CASE("there is no knee when failures leave less goodput than the tolerance") {
    CheckpointJobModel j = reference_job(CheckpointMode::sync, std::nullopt);
    j.restart = seconds(j.mtbf.base() * 100.0); // e^{−100}: nothing to win
    CHECK_FALSE(knee_bandwidth(j, 0.01).has_value());
    const GoodputCurve c = goodput_curve(j);
    CHECK_FALSE(c.knee.has_value());
    CHECK(c.points.size() == 33);
}

TEST_CASE("the curve rises with bandwidth and spans the knee, the need and given points") {
    const CheckpointJobModel j = reference_job(CheckpointMode::sync, std::nullopt);
    CurveOptions opts;
    opts.points = 41;
    opts.include = {Throughput::from_base(4.5e12)};
    const GoodputCurve c = goodput_curve(j, opts);
    REQUIRE(c.points.size() == 41);
    REQUIRE(c.knee);
    for (std::size_t i = 1; i < c.points.size(); ++i) {
        CHECK(c.points[i].write > c.points[i - 1].write);
        CHECK(c.points[i].goodput >= c.points[i - 1].goodput);
    }
    const double need = job_required_write(j).base();
    for (double w : {need, 4.5e12, c.knee->write.base()}) {
        CHECK(c.points.front().write.base() <= w / 8.0 * (1 + 1e-9));
        CHECK(c.points.back().write.base() >= w * 8.0 * (1 - 1e-9));
    }
    CHECK(c.goodput_limit == Approx(goodput_limit(j)));
}

TEST_CASE("the auto requirement of the reference job keeps the stall at 5 % of the Daly interval") {
    // Solved by bisection outside the code: δ = 6.0065 s, so 25.2e12 / 6.0065 = 4.1955e12 B/s.
    const CheckpointJobModel j = reference_job(CheckpointMode::sync, std::nullopt);
    CHECK(job_required_write(j).base() == Approx(4.19546e12).epsilon(1e-5));
    // Async at the Daly interval keeps its drain within the same budget, so it
    // needs the same bandwidth (and loses less goodput: it does not stall).
    const CheckpointJobModel a = reference_job(CheckpointMode::async, std::nullopt);
    CHECK(job_required_write(a).base() == Approx(4.19546e12).epsilon(1e-5));
    CHECK(evaluate_job(a, job_required_write(a)).goodput >
          evaluate_job(j, job_required_write(j)).goodput);
    // A requested async interval only has to drain before the next (budget 1).
    CHECK(job_write_budget(reference_job(CheckpointMode::async, seconds(300))) == 1.0);
    CHECK(job_write_budget(a) == Approx(0.05));
}

TEST_CASE("the one-job analysis fills what its inputs determine and nothing more") {
    CheckpointQuery q;
    q.params = 1.8e12;
    q.cadences = {seconds(60), seconds(300), seconds(900)};
    CheckpointAnalysis a = analyse_checkpoint(q);
    REQUIRE(a.size);
    CHECK(a.size->base() == Approx(25.2e12));
    REQUIRE(a.cadences.size() == 3);
    CHECK(a.cadences[0].sync_write.base() == Approx(8.4e12));
    CHECK(a.cadences[2].async_write.base() == Approx(28e9));
    CHECK_FALSE(a.mtbf);
    CHECK_FALSE(a.goodput);
    CHECK_FALSE(a.curve);
    CHECK_FALSE(a.required_write); // no interval and no MTBF for Daly's

    q.gpus = 41472;
    q.gpus_per_node = 4;
    q.failure_rate = FailureRate{};
    q.failure_rate->per_1000_node_days = 6.5; // stated per 4-GPU node: no conversion
    q.failure_rate->gpus_per_node = 4;
    q.write_bandwidth = Throughput::from_base(4.5e12);
    a = analyse_checkpoint(q);
    CHECK(*a.nodes == 10368);
    CHECK(a.mtbf->base() == Approx(1282.0512820512822));
    CHECK(a.write_source == WriteSource::given);
    CHECK(a.write_time->base() == Approx(5.6));
    CHECK(a.interval->base() == Approx(a.daly_interval->base()));
    CHECK(*a.sustainable); // 4.5 TB/s ≥ 4.1955 TB/s
    REQUIRE(a.curve);
    CHECK(a.gpu_hours_lost_per_day.value() == Approx((1 - *a.goodput) * 41472 * 24));

    q.interval = seconds(60);
    q.write_bandwidth.reset();
    q.offsite_every = 30;
    q.retain = 2;
    a = analyse_checkpoint(q);
    CHECK(a.write_source == WriteSource::required);
    CHECK(a.write->base() == Approx(8.4e12));
    CHECK(a.write_share.value() == Approx(0.05));
    CHECK(a.offsite_write->base() == Approx(25.2e12 / 1800.0)); // one copy per 30 min
    CHECK(a.peak_retained->base() == Approx(75.6e12));

    CheckpointQuery only_time;
    only_time.write_time = seconds(300);
    only_time.mtbf = seconds(86400);
    const CheckpointAnalysis t = analyse_checkpoint(only_time);
    CHECK_FALSE(t.size);
    CHECK(t.daly_interval->base() / 60.0 == Approx(116.69).epsilon(1e-4)); // Daly 2006, fig. 3
    CHECK(t.goodput);
    CHECK_FALSE(t.gpu_hours_lost_per_day); // no GPUs given
    CHECK_FALSE(t.curve);                  // a curve needs the size
}

TEST_CASE("an async checkpoint that drains longer than its interval pushes the next one back") {
    // 25.2 TB at 50 GB/s drains in 504 s, longer than the 300 s asked for: the
    // next checkpoint starts when the drain ends, so the interval run is 504 s.
    const CheckpointJobModel j = reference_job(CheckpointMode::async, seconds(300));
    const GoodputPoint p = evaluate_job(j, Throughput::from_base(50e9));
    CHECK(p.write_time.base() == Approx(504.0));
    CHECK(p.interval.base() == Approx(504.0));
    CHECK(p.write_share == Approx(1.0));
    CHECK(p.goodput ==
          Approx(goodput(seconds(504), seconds(504), seconds(600), j.mtbf, CheckpointMode::async)));
    // Sync keeps the requested interval and stalls longer than the budget instead.
    const GoodputPoint s = evaluate_job(reference_job(CheckpointMode::sync, seconds(300)),
                                        Throughput::from_base(50e9));
    CHECK(s.interval.base() == Approx(300.0));
    CHECK(s.write_share == Approx(504.0 / 300.0));
}
