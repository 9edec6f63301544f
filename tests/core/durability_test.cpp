// The durability closed form (docs/resilience.md §1–§3): the exact
// birth–death MTTDL with serial repair, the annual loss probability and its
// nines, the first-order rate and the drive rebuild time. Every golden was
// computed independently in Python (plain floats, the recursion and the
// formulas as written in durability.hpp); the tolerance is 0.5 %.
#include "podsizer/core/durability.hpp"
#include "podsizer/core/errors.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <utility>

using namespace podsizer;

namespace {

constexpr double kYear = 8760.0 * 3600.0;

DurabilityInputs layout(std::int64_t n, int d, int k, double afr, double rebuild_s) {
    DurabilityInputs in;
    in.drives = n;
    in.data_strips = d;
    in.parity = k;
    in.afr = afr;
    in.drive_rebuild_s = rebuild_s;
    return in;
}

} // namespace

TEST_CASE("the high-density exabyte's 146+4 over 9,108 drives at 0.5 % AFR and a 1 h rebuild") {
    // λ = 0.005 / 8,760 h; τ_0 = 1/(Nλ), τ_i = (1 + τ_{i−1}/1 h) / ((N − i)λ):
    // MTTDL = 2.66415e11 h = 9.5909e14 s (3.04e7 years); P_year = 1 − exp(−8,760 h /
    // MTTDL) = 3.2881e-8, nines = 7.483. First order: Nλ·Π_{i=1..4}(N−i)λ·1 h =
    // 3.7929e-12 per hour (Python, as above).
    const DurabilityResult r = durability_closed_form(layout(9108, 146, 4, 0.005, 3600.0));
    CHECK(r.mttdl_s == Approx(9.5909e14).epsilon(0.005));
    CHECK(r.annual_loss_probability == Approx(3.2881e-8).epsilon(0.005));
    CHECK(r.nines == Approx(7.483).epsilon(0.005));
    CHECK(r.first_order_rate_per_hour == Approx(3.7929e-12).epsilon(0.005));
    // The exact rate 1/MTTDL is 1.04 % below the first-order one here (ratio
    // 0.98963 in Python): the correction is of order (N − K)λT_d ≈ 0.005 per
    // degraded state.
    CHECK(3600.0 / r.mttdl_s / r.first_order_rate_per_hour == Approx(0.98963).epsilon(1e-4));
}

TEST_CASE("the frequent-loss cases the simulator is checked against") {
    // Exact birth–death MTTDL, computed independently in Python:
    SECTION("N 9,108, K 4, AFR 0.5 %, T_d 24 h: MTTDL 118.40 years, P_year 0.8411 %") {
        const auto r = durability_closed_form(layout(9108, 146, 4, 0.005, 24 * 3600.0));
        CHECK(r.mttdl_s / kYear == Approx(118.396).epsilon(0.005));
        CHECK(r.annual_loss_probability == Approx(0.0084106).epsilon(0.005));
    }
    SECTION("N 9,108, K 4, AFR 5 %, T_d 3,611 s: MTTDL 330.93 years, P_year 0.3017 %") {
        const auto r = durability_closed_form(layout(9108, 146, 4, 0.05, 3611.0));
        CHECK(r.mttdl_s / kYear == Approx(330.928).epsilon(0.005));
        CHECK(r.annual_loss_probability == Approx(0.0030173).epsilon(0.005));
    }
    SECTION("N 200, 8+2, AFR 5 %, T_d 72 h: MTTDL 17.787 years, P_year 5.467 %") {
        const auto r = durability_closed_form(layout(200, 8, 2, 0.05, 72 * 3600.0));
        CHECK(r.mttdl_s / kYear == Approx(17.7869).epsilon(0.005));
        CHECK(r.annual_loss_probability == Approx(0.054670).epsilon(0.005));
    }
    SECTION("N 3,960, K 4, AFR 2 %, T_d 12 h: MTTDL 114.93 years, P_year 0.8663 %") {
        const auto r = durability_closed_form(layout(3960, 146, 4, 0.02, 12 * 3600.0));
        CHECK(r.mttdl_s / kYear == Approx(114.928).epsilon(0.005));
        CHECK(r.annual_loss_probability == Approx(0.0086634).epsilon(0.005));
    }
}

TEST_CASE("with no parity the MTTDL is the time to the first failure") {
    // K = 0: MTTDL = τ_0 = 1/(Nλ) = 8,760 h / (100 × 0.01) = 8,760 h, so a loss
    // a year on average and P_year = 1 − e^−1 = 63.21 % (by hand).
    const auto r = durability_closed_form(layout(100, 1, 0, 0.01, 3600.0));
    CHECK(r.mttdl_s == Approx(kYear));
    CHECK(r.annual_loss_probability == Approx(1.0 - std::exp(-1.0)));
}

TEST_CASE("with one parity strip the MTTDL is the two-state chain's textbook result") {
    // K = 1, serial repair: MTTDL = ((2N − 1)λ + μ) / (N(N − 1)λ²) (the RAID 5
    // Markov result, e.g. Gibson 1991), N 10, AFR 10 %, T_d 100 h: λ = 1.14155e-5
    // /h, μ = 0.01 /h → MTTDL = 8.7113e5 h (by hand from the formula).
    const double lambda = 0.1 / 8760.0;
    const double mu = 0.01;
    const double expected_h = (19.0 * lambda + mu) / (90.0 * lambda * lambda);
    const auto r = durability_closed_form(layout(10, 4, 1, 0.1, 100 * 3600.0));
    CHECK(r.mttdl_s / 3600.0 == Approx(expected_h).epsilon(1e-12));
    CHECK(expected_h == Approx(8.7113e5).epsilon(1e-4));
}

TEST_CASE("the exact rate tends to the first-order rate and scales as the rebuild time to the K") {
    // As λT_d → 0 the chain's loss rate 1/MTTDL approaches Nλ·Π(N−i)λT_d; the
    // first-order rate itself is a polynomial in T_d of degree K. Ratios exact /
    // first order at N 9,108, K 4, AFR 0.5 % (Python): 0.989632 at 1 h,
    // 0.999827 at 1 min, 0.999997 at 1 s.
    const auto base = layout(9108, 146, 4, 0.005, 3600.0);
    auto rate = [](DurabilityInputs in) { return 3600.0 / mttdl_serial_repair_s(in); };
    const std::pair<double, double> expected[] = {
        {3600.0, 0.989632}, {60.0, 0.999827}, {1.0, 0.999997}};
    for (const auto& [t, ratio] : expected) {
        auto in = base;
        in.drive_rebuild_s = t;
        CHECK(rate(in) / first_order_loss_rate_per_hour(in) == Approx(ratio).epsilon(2e-6));
    }
    auto longer = base;
    longer.drive_rebuild_s = 2.0 * base.drive_rebuild_s;
    CHECK(first_order_loss_rate_per_hour(longer) / first_order_loss_rate_per_hour(base) ==
          Approx(16.0).epsilon(1e-12)); // 2^K, K = 4
    // At long rebuilds the exact rate falls below the first-order one (a
    // second failure can also be rebuilt before a third), never above.
    auto slow = base;
    slow.drive_rebuild_s = 24 * 3600.0;
    CHECK(rate(slow) < first_order_loss_rate_per_hour(slow));
}

TEST_CASE("tiny annual probabilities keep their digits and give their nines") {
    // 1 − exp(−x) through expm1: 1e-15 stays 1e-15 (1 − exp(−x) in doubles gives 9.992e-16).
    CHECK(annual_probability_of_rate(1e-15) == Approx(1e-15).epsilon(1e-12));
    CHECK(nines_of(0.01) == Approx(2.0));
    CHECK(std::isinf(nines_of(0.0)));
}

TEST_CASE("the drive rebuild time of the high-density exabyte") {
    // 122.88 TB drive, 80 % full; 10 % of 207 D-boxes × 48 GB/s = 993.6 GB/s of
    // rebuild bandwidth. Locally decodable 146+4 reads a quarter: a = 0.25 × 146 =
    // 36.5, T_d = 0.8 × 122.88e12 × 36.5 / 993.6e9 = 3,611.2 s; Reed-Solomon reads
    // all 146: 14,444.8 s (by hand).
    RebuildInputs in;
    in.drive_size = Capacity::from_base(122.88e12);
    in.fill = 0.8;
    in.data_strips = 146;
    in.rebuild_read_fraction = 0.25;
    in.bandwidth = Throughput::from_base(0.10 * 207 * 48e9);
    CHECK(rebuild_read_amplification(146, 0.25) == Approx(36.5));
    CHECK(drive_rebuild_time(in).base() == Approx(3611.2).epsilon(0.001));
    in.rebuild_read_fraction = 1.0;
    CHECK(drive_rebuild_time(in).base() == Approx(14444.8).epsilon(0.001));
}

TEST_CASE("inputs the closed form cannot use are errors naming the field") {
    CHECK_THROWS_AS(durability_closed_form(layout(100, 146, 4, 0.005, 3600.0)), InputError);
    CHECK_THROWS_AS(durability_closed_form(layout(9108, 146, 4, 0.0, 3600.0)), InputError);
    CHECK_THROWS_AS(durability_closed_form(layout(9108, 146, 4, 1.0, 3600.0)), InputError);
    CHECK_THROWS_AS(durability_closed_form(layout(9108, 146, 4, std::nan(""), 3600.0)), InputError);
    CHECK_THROWS_AS(durability_closed_form(layout(9108, 146, 4, 0.005, 0.0)), InputError);
    CHECK_THROWS_AS(durability_closed_form(layout(9108, 0, 4, 0.005, 3600.0)), InputError);
    CHECK_THROWS_WITH(durability_closed_form(layout(100, 146, 4, 0.005, 3600.0)),
                      Catch::StartsWith("drives: 100"));
}
