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
// per 1,000 node-days (M = 1,282.05 s), 10-minute restarts; an async job
// stages at the default 3.2 GB/s per node (checkpoint.hpp): a copy of
// 25.2e12 / (10,368 × 3.2e9) = 0.75955 s.
CheckpointJobModel reference_job(CheckpointMode mode, std::optional<Duration> interval) {
    CheckpointJobModel j;
    j.size = Capacity::from_base(25.2e12);
    j.mode = mode;
    j.interval = interval;
    j.stall_budget = 0.05;
    j.restart = seconds(600);
    j.mtbf = seconds(86400.0 / 67.392);
    j.gpus = 41472;
    j.local_write = Throughput::from_base(10368 * 3.2e9);
    return j;
}
constexpr double kCopy = 25.2e12 / (10368 * 3.2e9); // 0.75955 s
} // namespace

TEST_CASE("with unlimited bandwidth only restarts, the interval and the local copy cost goodput") {
    const CheckpointJobModel autoj = reference_job(CheckpointMode::sync, std::nullopt);
    // By hand: e^{−600/1,282.05} = e^{−0.468} = 0.626254.
    CHECK(goodput_limit(autoj) == Approx(0.626254).epsilon(1e-5));
    const CheckpointJobModel fixed = reference_job(CheckpointMode::async, seconds(300));
    // The local copy still stalls 0.75955 s (docs/checkpoints.md §2):
    // 300 / (1,282.05 · e^{0.468} · (e^{300.75955/1,282.05} − 1)) = 0.554263.
    CHECK(goodput_limit(fixed) == Approx(0.554263).epsilon(1e-5));
}

TEST_CASE("what one more step of write gives back matches its closed form") {
    // Async at a fixed interval with δ < τ: G = G∞·e^{−δ/M} (docs/checkpoints.md
    // §5), so one step Δ at W gives back GPUs × 24 h × G∞ × (e^{−S/((W+Δ)M)} − e^{−S/(WM)}).
    const CheckpointJobModel j = reference_job(CheckpointMode::async, seconds(300));
    const double m = j.mtbf.base();
    const double g_inf = goodput_limit(j);
    for (double w : {0.2e12, 1e12, 4.5e12}) {
        INFO(w);
        const double expected =
            41472 * 24 * g_inf *
            (std::exp(-25.2e12 / ((w + 100e9) * m)) - std::exp(-25.2e12 / (w * m)));
        const double gain = step_gain(j, Throughput::from_base(w), Throughput::from_base(100e9));
        CHECK(gain == Approx(expected).epsilon(1e-9));
        CHECK(
            gpu_hours_per_day_per_tbps(j, Throughput::from_base(w), Throughput::from_base(100e9)) ==
            Approx(expected / 0.1).epsilon(1e-9));
    }
    // Without GPUs there are no GPU-hours to give back, and no knee.
    CheckpointJobModel nogpus = j;
    nogpus.gpus = 0;
    CHECK(step_gain(nogpus, Throughput::from_base(1e12), Throughput::from_base(100e9)) == 0.0);
    CHECK_FALSE(knee_bandwidth(nogpus, KneeRule{}).has_value());
}

TEST_CASE("the knee is where one more step gives back less than the threshold") {
    for (CheckpointMode mode : {CheckpointMode::sync, CheckpointMode::async}) {
        for (std::optional<Duration> interval :
             {std::optional<Duration>{}, std::optional(seconds(60))}) {
            const CheckpointJobModel job = reference_job(mode, interval);
            for (double threshold : {10.0, 100.0, 1000.0}) {
                INFO(to_string(mode) << " threshold " << threshold);
                KneeRule rule;
                rule.threshold = threshold;
                const auto knee = knee_bandwidth(job, rule);
                // The knee is the crossing on the job at the knee's overhead
                // (at least 10 s, issue 51).
                const CheckpointJobModel j = knee_job(job, rule);
                REQUIRE(knee);
                CHECK(step_gain(j, *knee, rule.step) == Approx(threshold).epsilon(1e-6));
                // Just below the knee one more step still gives back more.
                CHECK(step_gain(j, *knee * 0.99, rule.step) > threshold);
                CHECK(step_gain(j, *knee * 1.01, rule.step) < threshold);
            }
        }
    }
}

TEST_CASE("a job too small to give back the threshold has no knee") {
    CheckpointJobModel j = reference_job(CheckpointMode::sync, std::nullopt);
    j.gpus = 8; // at most 192 GPU-hours a day to win in all
    KneeRule rule;
    rule.threshold = 500.0;
    CHECK_FALSE(knee_bandwidth(j, rule).has_value());
    CurveOptions opts;
    opts.knee = rule;
    const GoodputCurve c = goodput_curve(j, opts);
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
    // Async at the Daly interval: the local copy at 3.2 GB/s per node takes
    // 0.75955 s, the interval is Daly's for it, sqrt(2·0.75955·1,282.05)·(1 +
    // sqrt(x)/3 + x/9) − 0.75955 with x = 0.75955/2,564.1: 43.626 s, and the pod
    // only drains the checkpoint within it: 25.2e12 / 43.626 = 5.776e11 B/s,
    // well under half of sync (docs/checkpoints.md §6).
    const CheckpointJobModel a = reference_job(CheckpointMode::async, std::nullopt);
    CHECK(local_copy_time(a).base() == Approx(kCopy));
    CHECK(base_interval(a)->base() == Approx(43.62626).epsilon(1e-5));
    CHECK(job_required_write(a).base() == Approx(5.776337e11).epsilon(1e-5));
    CHECK(job_required_write(a).base() < 0.5 * job_required_write(j).base());
    CHECK(local_copy_write(a).base() == Approx(10368 * 3.2e9));
    // The pod write may fill an async interval (drain before the next); sync has its budget.
    CHECK(job_write_budget(reference_job(CheckpointMode::async, seconds(300))) == 1.0);
    CHECK(job_write_budget(a) == 1.0);
    CHECK(job_write_budget(j) == Approx(0.05));
}

TEST_CASE("async needs less than half the sync write at the same cadence") {
    // docs/checkpoints.md §3: sync W = S/(sτ), async W = S/τ — the stall budget
    // bounds the copy to local storage, not the pod (issue 13, "Must show").
    for (double tau : {60.0, 300.0, 900.0}) {
        INFO(tau);
        const CheckpointJobModel sync = reference_job(CheckpointMode::sync, seconds(tau));
        const CheckpointJobModel async = reference_job(CheckpointMode::async, seconds(tau));
        CHECK(job_required_write(async).base() < 0.5 * job_required_write(sync).base());
        CHECK(job_required_write(async).base() == Approx(25.2e12 / tau));
        // The async job still stalls for its local copy, whatever the interval.
        CHECK(evaluate_job(async, job_required_write(async)).stall.base() == Approx(kCopy));
    }
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
    // The local copy keeps its 0.75955 s.
    CHECK(p.stall.base() == Approx(kCopy));
    CHECK(p.goodput ==
          Approx(goodput(seconds(504), seconds(kCopy), seconds(504), seconds(600), j.mtbf)));
    // Sync keeps the requested interval and stalls longer than the budget instead.
    const GoodputPoint s = evaluate_job(reference_job(CheckpointMode::sync, seconds(300)),
                                        Throughput::from_base(50e9));
    CHECK(s.interval.base() == Approx(300.0));
    CHECK(s.write_share == Approx(504.0 / 300.0));
}
