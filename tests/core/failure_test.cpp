// The failure model: cluster MTBF, Young's and Daly's intervals, goodput and
// GPU-hours lost (docs/checkpoints.md §4–§6), with Daly's published examples
// and the limits δ → 0, δ ≥ 2M, one node and huge clusters.
#include "podsizer/core/failure.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

using namespace podsizer;

namespace {
Duration seconds(double s) {
    return Duration::from_base(s);
}
Duration minutes(double m) {
    return Duration::from_base(m * 60.0);
}
Duration hours(double h) {
    return Duration::from_base(h * 3600.0);
}
constexpr auto kSync = CheckpointMode::sync;
constexpr auto kAsync = CheckpointMode::async;

/// The interval that maximises goodput, found by brute force: a fine scan
/// then golden-section refinement. An independent route to Daly's optimum.
double best_interval(Duration delta, Duration restart, Duration mtbf) {
    auto g = [&](double t) { return goodput(seconds(t), delta, restart, mtbf, kSync); };
    double best = 0.0;
    double best_g = -1.0;
    for (int i = 1; i <= 4000; ++i) {
        const double t = mtbf.base() * 4.0 * i / 4000.0;
        if (g(t) > best_g) {
            best_g = g(t);
            best = t;
        }
    }
    double lo = best - mtbf.base() / 1000.0;
    double hi = best + mtbf.base() / 1000.0;
    const double k = (std::sqrt(5.0) - 1.0) / 2.0;
    for (int i = 0; i < 200; ++i) {
        const double a = hi - k * (hi - lo);
        const double b = lo + k * (hi - lo);
        if (g(a) < g(b)) {
            lo = a; // the maximum lies right of a
        } else {
            hi = b; // the maximum lies left of b
        }
    }
    return (lo + hi) / 2.0;
}
} // namespace

TEST_CASE("nodes are whole: GPUs over GPUs per node, rounded up") {
    CHECK(nodes_for(41472, 4) == 10368); // 41,472 / 4
    CHECK(nodes_for(41473, 4) == 10369);
    CHECK(nodes_for(16384, 8) == 2048);
    CHECK(nodes_for(1, 8) == 1);
}

TEST_CASE("cluster MTBF is a day over nodes times the failure rate per node-day") {
    struct Row {
        std::int64_t nodes;
        double rate;
        double mtbf_s;
    };
    // By hand: M = 86,400 s / (nodes × rate / 1,000).
    const std::vector<Row> rows{
        {10368, 6.5, 86400.0 / 67.392},     // the reference pod: 1,282.05 s = 21.4 min
        {2048, 3.79, 86400.0 / 7.76192},    // Llama 3's 16,384 H100: 11,131 s = 3.1 h
        {1, 6.5, 86400.0 / 0.0065},         // one node: 13.3 million s = 153.8 days
        {1000000000, 6.5, 86400.0 / 6.5e6}, // a billion nodes: 13.3 ms
    };
    for (const Row& r : rows) {
        INFO(r.nodes);
        CHECK(cluster_mtbf(r.nodes, r.rate).base() == Approx(r.mtbf_s));
    }
}

TEST_CASE("Young's interval is the square root of twice the write time and the MTBF") {
    // By hand: sqrt(2 × 300 s × 86,400 s) = sqrt(51,840,000) = 7,200 s.
    CHECK(young_interval(minutes(5), hours(24)).base() == Approx(7200.0));
    // sqrt(2 × 5.6 × 1,282.05) = 119.83 s.
    CHECK(young_interval(seconds(5.6), seconds(1282.0512820512822)).base() ==
          Approx(119.8290).epsilon(1e-6));
}

TEST_CASE("Daly's interval reproduces the paper's worked examples") {
    // Daly 2006 (FGCS 22(3)), figures 3 to 5: R = 10 min, δ = 5 min, and
    // M = 24 h -> τopt = 117 min; M = 6 h -> 57 min; M = 15 min -> 9.1 min,
    // quoted to the paper's precision.
    CHECK(daly_interval(minutes(5), hours(24)).base() / 60.0 == Approx(117.0).margin(0.5));
    CHECK(daly_interval(minutes(5), hours(6)).base() / 60.0 == Approx(57.0).margin(0.5));
    CHECK(daly_interval(minutes(5), minutes(15)).base() / 60.0 == Approx(9.1).margin(0.05));
    // The same by hand to more digits: sqrt(2·5·1440) = 120 min, δ/2M = 5/2880:
    // 120 × (1 + 0.0138889 + 0.0001929) − 5 = 116.690 min.
    CHECK(daly_interval(minutes(5), hours(24)).base() / 60.0 == Approx(116.6898).epsilon(1e-5));
}

TEST_CASE("Daly's interval maximises goodput of the complete model") {
    // Independent route: maximise Daly's complete cost function numerically
    // and compare with the perturbation formula. The figures' cases, and the
    // reference pod (M = 1,282 s, δ = 5.6 s).
    struct Row {
        Duration delta;
        Duration mtbf;
        double rel;
    };
    const std::vector<Row> rows{{minutes(5), hours(24), 1e-4},
                                {minutes(5), hours(6), 1e-4},
                                {minutes(5), minutes(15), 5e-3},
                                {seconds(5.6), seconds(1282.0512820512822), 1e-4}};
    for (const Row& r : rows) {
        INFO(r.delta.base() << " s write, M " << r.mtbf.base() << " s");
        const double numeric = best_interval(r.delta, minutes(10), r.mtbf);
        CHECK(daly_interval(r.delta, r.mtbf).base() == Approx(numeric).epsilon(r.rel));
    }
}

TEST_CASE("Daly's interval approaches Young's as the write time goes to zero") {
    const Duration m = hours(24);
    for (double d : {1e-6, 1e-3, 1.0}) {
        INFO(d);
        const double ratio = daly_interval(seconds(d), m) / young_interval(seconds(d), m);
        // τ_D / τ_Y − 1 ≈ (1/3)sqrt(δ/2M) − sqrt(δ/2M) (from the −δ term) → 0.
        CHECK(std::abs(ratio - 1.0) < std::sqrt(d / (2.0 * m.base())));
    }
    CHECK(daly_interval(seconds(0), m).base() == 0.0);
    CHECK(young_interval(seconds(0), m).base() == 0.0);
}

TEST_CASE("Daly's interval is the MTBF once a write takes two MTBFs or more") {
    const Duration m = minutes(10);
    CHECK(daly_interval(minutes(20), m).base() == Approx(600.0));
    CHECK(daly_interval(minutes(60), m).base() == Approx(600.0));
    // Just below δ = 2M the series gives sqrt(4M²)(1 + 1/3 + 1/9) − 2M = 8M/9:
    // the published formula jumps from 8M/9 to M at the branch.
    CHECK(daly_interval(seconds(1200.0 * (1 - 1e-12)), m).base() == Approx(600.0 * 8.0 / 9.0));
}

TEST_CASE("goodput of the complete model, worked for Daly's first example") {
    // τ/(M e^{R/M}(e^{(τ+δ)/M} − 1)) with M = 86,400, R = 600, δ = 300,
    // τ = 7,001.39 s (Daly): worked with a calculator to 0.912606.
    const Duration tau = daly_interval(minutes(5), hours(24));
    CHECK(goodput(tau, minutes(5), minutes(10), hours(24), kSync) ==
          Approx(0.9126056).epsilon(1e-6));
    // Asynchronous, δ = 30 s, τ = 300 s, R = 600 s, M = 3,600 s:
    // 300 / (3,600 · e^{630/3,600} · (e^{300/3,600} − 1)) = 0.804965.
    CHECK(goodput(seconds(300), seconds(30), minutes(10), hours(1), kAsync) ==
          Approx(0.8049654).epsilon(1e-6));
}

TEST_CASE(
    "goodput agrees with the first-order goodput formula (docs/checkpoints.md §11) on one node") {
    // One node: M = 153.8 days, so δ/τ, τ/M and R/M are all small and the
    // complete model must agree with 1 − δ/τ − (τ/2 + R)/M to second order.
    const Duration m = cluster_mtbf(1, 6.5);
    for (CheckpointMode mode : {kSync, kAsync}) {
        for (double d : {1.0, 10.0}) {
            const double tau = 3600.0;
            const double exact = goodput(seconds(tau), seconds(d), minutes(10), m, mode);
            const double first =
                goodput_first_order(seconds(tau), seconds(d), minutes(10), m, mode);
            const double second_order =
                2.0 * (d / tau) * (d / tau) + 2.0 * std::pow((tau + d + 600.0) / m.base(), 2);
            INFO(d);
            CHECK(std::abs(exact - first) <= second_order);
        }
    }
    // By hand for sync, δ = 10 s: 1 − 10/3,600 − (1,800 + 600)/13,292,307.7 = 0.9970417.
    CHECK(goodput_first_order(seconds(3600), seconds(10), minutes(10), m, kSync) ==
          Approx(0.9970417).epsilon(1e-6));
}

TEST_CASE("goodput with an instant write depends only on the interval and the restart") {
    // δ → 0: sync and async coincide at τ/(M e^{R/M}(e^{τ/M} − 1)).
    const Duration m = hours(2);
    const double s = goodput(seconds(600), seconds(0), minutes(5), m, kSync);
    const double a = goodput(seconds(600), seconds(0), minutes(5), m, kAsync);
    CHECK(s == Approx(a));
    CHECK(s == Approx(600.0 / (7200.0 * std::exp(300.0 / 7200.0) * std::expm1(600.0 / 7200.0))));
    // Async with τ → 0 and δ = 0: only the restart is lost, e^{−R/M}.
    CHECK(goodput(seconds(0), seconds(0), minutes(5), m, kAsync) ==
          Approx(std::exp(-300.0 / 7200.0)));
    CHECK(goodput(seconds(0), seconds(1), minutes(5), m, kSync) == 0.0);
}

TEST_CASE("goodput of a huge cluster goes to zero without becoming NaN") {
    // A billion nodes fail every 13 ms: nothing useful gets done.
    const Duration m = cluster_mtbf(1000000000, 6.5);
    for (CheckpointMode mode : {kSync, kAsync}) {
        const double g = goodput(seconds(60), seconds(5), minutes(10), m, mode);
        CHECK(std::isfinite(g));
        CHECK(g >= 0.0);
        CHECK(g < 1e-9);
    }
    CHECK(std::isfinite(daly_interval(seconds(5), m).base()));
}

TEST_CASE("goodput falls as checkpoints take longer and as failures come faster") {
    const Duration tau = minutes(5);
    double previous = 1.0;
    for (double d : {0.1, 1.0, 10.0, 100.0}) {
        const double g = goodput(tau, seconds(d), minutes(10), hours(3), kSync);
        CHECK(g < previous);
        previous = g;
    }
    previous = 1.0;
    for (double h : {1000.0, 100.0, 10.0, 1.0}) {
        const double g = goodput(tau, seconds(5), minutes(10), hours(h), kAsync);
        CHECK(g < previous);
        previous = g;
    }
}

TEST_CASE("GPU-hours lost per day are the lost fraction of the GPUs' day") {
    // By hand: (1 − 0.9) × 1,000 GPUs × 24 h = 2,400; nothing lost at goodput 1.
    CHECK(gpu_hours_lost_per_day(0.9, 1000) == Approx(2400.0));
    CHECK(gpu_hours_lost_per_day(1.0, 41472) == 0.0);
    CHECK(gpu_hours_lost_per_day(0.0, 41472) == Approx(41472.0 * 24.0));
}

TEST_CASE("the write time that fills a budget of the Daly interval solves its definition") {
    // Independent route: the closed form must satisfy δ / τ_Daly(δ) = b.
    const Duration m = seconds(1282.0512820512822);
    for (double b : {0.001, 0.01, 0.05, 0.2, 0.5, 1.0}) {
        INFO(b);
        const Duration d = write_time_for_daly_budget(m, b);
        CHECK(d / daly_interval(d, m) == Approx(b).epsilon(1e-9));
        CHECK(d.base() < 2.0 * m.base());
    }
    // b = 1 by hand: 1/u + u/9 = 5/3 gives u = (15 − √189)/2 = 0.626139, δ = 2u²M = 0.784094 M.
    CHECK(write_time_for_daly_budget(m, 1.0).base() / m.base() == Approx(0.784094).epsilon(1e-6));
}

TEST_CASE("goodput never exceeds 1, so GPU-hours lost are never negative") {
    // Second red-team round, minor item m10: a failure rate of 1e-300 gave an
    // MTBF so long that rounding put goodput at 1.0000000000000002 and the
    // GPU-hours lost at -2.2e-10.
    // Without the clamp these cases give 1.0000000000000002 (the same
    // arithmetic in Python's doubles): M = 1e300 s at 7 s and 1,000 s
    // intervals, M = 1e20 s at 12,345.6 s, no stall.
    const struct {
        double mtbf_s, interval_s;
    } cases[] = {{1e300, 7.0}, {1e300, 1000.0}, {1e20, 12345.6}};
    for (const auto& c : cases) {
        INFO(c.mtbf_s << " " << c.interval_s);
        const double g = goodput(seconds(c.interval_s), seconds(0.0), minutes(5),
                                 Duration::from_base(c.mtbf_s), kSync);
        CHECK(g <= 1.0);
        CHECK(gpu_hours_lost_per_day(g, 1024) >= 0.0);
    }
}
