// The durability simulator (docs/resilience.md §4) against the closed form, its
// determinism across thread counts, a correlated-failure case the closed form
// cannot do, and the Garwood interval it reports.
#include "podsizer/core/durability.hpp"
#include "podsizer/core/durability_sim.hpp"
#include "podsizer/core/errors.hpp"
// The simulator's private random numbers, checked here directly.
#include "../../core/src/rng.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

using namespace podsizer;

namespace {

SimulationInputs case_of(std::int64_t n, int d, int k, double afr, double rebuild_s, double years) {
    SimulationInputs in;
    in.layout.drives = n;
    in.layout.data_strips = d;
    in.layout.parity = k;
    in.layout.afr = afr;
    in.layout.drive_rebuild_s = rebuild_s;
    in.service = RepairService::exponential;
    in.years = years;
    in.seed = 1;
    in.threads = 2;
    in.confidence = 0.99;
    return in;
}

/// The closed form inside the simulator's 99 % interval, with enough losses.
void check_agreement(const SimulationInputs& in) {
    const DurabilityResult closed = durability_closed_form(in.layout);
    const SimulationResult sim = simulate_durability(in);
    INFO("losses " << sim.losses << " in " << sim.simulated_years << " years, " << sim.events
                   << " events, " << sim.wall_s << " s; simulated P " << sim.annual_loss_probability
                   << " [" << sim.probability_low << ", " << sim.probability_high
                   << "], closed form " << closed.annual_loss_probability);
    CHECK(sim.losses >= 1000);
    CHECK(sim.probability_low <= closed.annual_loss_probability);
    CHECK(closed.annual_loss_probability <= sim.probability_high);
    CHECK(sim.threads == 2U);
}

} // namespace

// The frequent-loss cases of durability_test.cpp (closed-form goldens there,
// computed independently in Python). Exponential rebuild times make the
// simulated process the Markov chain the closed form solves, so the two must
// agree within the interval; the years are ~1,200 MTTDLs, for ~1,200 losses.
TEST_CASE("simulated N 9,108, K 4, AFR 0.5 %, T_d 24 h agrees with the closed form") {
    check_agreement(case_of(9108, 146, 4, 0.005, 24 * 3600.0, 142000.0)); // MTTDL 118.4 y
}

TEST_CASE("simulated N 9,108, K 4, AFR 5 %, T_d 3,611 s agrees with the closed form") {
    check_agreement(case_of(9108, 146, 4, 0.05, 3611.0, 397000.0)); // MTTDL 330.9 y
}

TEST_CASE("simulated N 200, 8+2, AFR 5 %, T_d 72 h agrees with the closed form") {
    check_agreement(case_of(200, 8, 2, 0.05, 72 * 3600.0, 21400.0)); // MTTDL 17.79 y
}

TEST_CASE("simulated N 3,960, K 4, AFR 2 %, T_d 12 h agrees with the closed form") {
    check_agreement(case_of(3960, 146, 4, 0.02, 12 * 3600.0, 138000.0)); // MTTDL 114.9 y
}

TEST_CASE("fixed rebuild times with one parity strip match the renewal argument") {
    // K = 1 with fixed rebuilds T has its own exact MTTDL, independent of the
    // Markov chain: each cycle is a healthy spell, Exp(Nλ), then a degraded one
    // that ends in loss if another drive fails within T, q = 1 − e^−(N−1)λT, and
    // otherwise lasts min(T, X) with mean q/((N−1)λ). By Wald's identity MTTDL =
    // (1/(Nλ) + q/((N−1)λ)) / q. N 100, 4+1, AFR 10 %, T 100 h: q = 0.106862,
    // MTTDL = 9,082.37 h = 1.03680 years, P_year = 61.883 % (Python).
    SimulationInputs in = case_of(100, 4, 1, 0.1, 100 * 3600.0, 1500.0);
    in.service = RepairService::fixed;
    const SimulationResult sim = simulate_durability(in);
    INFO("losses " << sim.losses << ", P " << sim.annual_loss_probability << " ["
                   << sim.probability_low << ", " << sim.probability_high << "]");
    CHECK(sim.losses >= 1000);
    CHECK(sim.probability_low <= 0.618829);
    CHECK(0.618829 <= sim.probability_high);
}

TEST_CASE("fixed rebuild times lose far less than the Markov chain's exponential ones at K = 4") {
    // The closed form takes rebuild times as exponential; a rebuild at a set
    // bandwidth takes a fixed time. To first order a loss needs K more failures
    // within one rebuild window: (ρ)^K/K! for a fixed window against ρ^K for
    // the chain, ρ = NλT_d — 24 times fewer at K = 4. Measured at N 9,108, AFR
    // 0.5 %, T_d 24 h: 96 losses in 142,000 years against 1,234 (docs/
    // resilience.md §6); the check is only that the fixed run's interval lies
    // wholly below the closed form.
    SimulationInputs in = case_of(9108, 146, 4, 0.005, 24 * 3600.0, 142000.0);
    in.service = RepairService::fixed;
    const SimulationResult sim = simulate_durability(in);
    CHECK(sim.probability_high < durability_closed_form(in.layout).annual_loss_probability / 5.0);
}

TEST_CASE("the same seed gives the same result on one thread and on two") {
    SimulationInputs in = case_of(200, 8, 2, 0.05, 72 * 3600.0, 5000.0);
    in.chunk_years = 100.0;
    in.service = RepairService::fixed;
    in.threads = 1;
    const SimulationResult one = simulate_durability(in);
    in.threads = 2;
    const SimulationResult two = simulate_durability(in);
    CHECK(one.losses > 0);
    CHECK(one.losses == two.losses);
    CHECK(one.events == two.events);
    CHECK(one.annual_loss_probability == two.annual_loss_probability);
    CHECK(one.probability_low == two.probability_low);
    CHECK(one.probability_high == two.probability_high);
    CHECK(one.threads == 1U);
    CHECK(two.threads == 2U);
    in.seed = 2;
    CHECK(simulate_durability(in).events != one.events); // another stream
}

TEST_CASE("rack failures that exceed the parity dominate: 30 racks at 1 % a year") {
    // 8+2 with 3 strips of every stripe in each rack: one rack down loses data.
    // Racks fail at 30 × 1 % = 0.3 a year, so P_year = 1 − e^−0.3 = 25.92 % (by
    // hand); the drives (0.1 % AFR, 1 h rebuilds, closed form P_year ≈ 1e-9)
    // add nothing visible.
    SimulationInputs in = case_of(200, 8, 2, 0.001, 3600.0, 20000.0);
    in.service = RepairService::fixed;
    CorrelatedGroup racks;
    racks.name = "rack";
    racks.count = 30;
    racks.rate_per_year = 0.01;
    racks.strips_per_stripe = 3;
    racks.rebuild_s = 48 * 3600.0;
    in.groups.push_back(racks);
    const SimulationResult sim = simulate_durability(in);
    const double expected = 1.0 - std::exp(-0.3);
    INFO("losses " << sim.losses << ", P " << sim.annual_loss_probability << " ["
                   << sim.probability_low << ", " << sim.probability_high << "]");
    CHECK(sim.losses >= 1000);
    CHECK(sim.probability_low <= expected);
    CHECK(expected <= sim.probability_high);
    CHECK(durability_closed_form(in.layout).annual_loss_probability < 1e-8);
}

TEST_CASE("enclosure failures within the parity need a second failure to lose data") {
    // 207 enclosures holding 2 strips of every stripe at K = 4: one enclosure
    // down costs 2 strips, so loss needs two enclosures, or one and three
    // drives, within a rebuild. Drives alone lose data every 118.4 years (closed
    // form), ~169 times in 20,000 years; 4.14 enclosure failures a year, each
    // holding 2 strips for 44 h (and delaying the drive rebuilds queued behind
    // it), must add losses well beyond that count's noise (±13).
    SimulationInputs in = case_of(9108, 146, 4, 0.005, 24 * 3600.0, 20000.0);
    in.service = RepairService::fixed;
    const std::int64_t drives_only = simulate_durability(in).losses;
    CorrelatedGroup boxes{"enclosure", 207, 0.02, 2, 44 * 3600.0};
    in.groups.push_back(boxes);
    CHECK(simulate_durability(in).losses > drives_only);
}

TEST_CASE("the regularised incomplete gamma function") {
    // Values from mpmath.gammainc(a, 0, x, regularized=True) at 30 digits.
    CHECK(regularized_gamma_p(3.0, 2.5) == Approx(0.456186884116670).epsilon(1e-12));
    CHECK(regularized_gamma_p(100.0, 90.0) == Approx(0.158220989186430).epsilon(1e-10));
    CHECK(regularized_gamma_p(0.5, 4.0) == Approx(0.995322265018953).epsilon(1e-12));
    CHECK(regularized_gamma_p(1e4, 1.01e4) == Approx(0.841348750447180).epsilon(1e-8));
    CHECK(regularized_gamma_p(2.0, 0.0) == 0.0);
}

TEST_CASE("Garwood's interval on a Poisson count") {
    // Exact central intervals, solved with mpmath (bisection on the regularised
    // incomplete gamma at 30 digits); 10 at 95 % is the textbook 4.795–18.39.
    const PoissonInterval ten = garwood_interval(10, 0.95);
    CHECK(ten.mean_low == Approx(4.79538869613243).epsilon(1e-9));
    CHECK(ten.mean_high == Approx(18.3903560420178).epsilon(1e-9));
    const PoissonInterval one = garwood_interval(1, 0.95);
    CHECK(one.mean_low == Approx(0.0253178079842899).epsilon(1e-9));
    CHECK(one.mean_high == Approx(5.57164339093890).epsilon(1e-9));
    const PoissonInterval thousand = garwood_interval(1000, 0.99);
    CHECK(thousand.mean_low == Approx(920.424046163359).epsilon(1e-9));
    CHECK(thousand.mean_high == Approx(1084.37286806439).epsilon(1e-9));
    // None seen: one-sided, −ln(0.05) = 2.996 (the "rule of three").
    const PoissonInterval none = garwood_interval(0, 0.95);
    CHECK(none.mean_low == 0.0);
    CHECK(none.mean_high == Approx(-std::log(0.05)));
}

TEST_CASE("settings the simulator cannot use are errors naming the field") {
    SimulationInputs in = case_of(200, 8, 2, 0.05, 3600.0, 100.0);
    in.years = 0.0;
    CHECK_THROWS_WITH(simulate_durability(in), Catch::StartsWith("years"));
    in.years = 100.0;
    in.confidence = 1.0;
    CHECK_THROWS_WITH(simulate_durability(in), Catch::StartsWith("confidence"));
    in.confidence = 0.95;
    in.groups.push_back(CorrelatedGroup{"rack", 10, 0.01, 0, 3600.0});
    CHECK_THROWS_WITH(simulate_durability(in), Catch::StartsWith("groups.rack.strips_per_stripe"));
}

TEST_CASE("the simulator's exponential draws have the exponential's moments and tail") {
    // Exp(1): mean 1, variance 1, P(X > 1) = e^−1, P(X > 8) = e^−8 = 3.35e-4
    // (beyond the ziggurat's base edge r = 7.697, drawn from the tail). With
    // 4·10^6 draws the standard errors are 5e-4 (mean), 1.1e-3 (variance),
    // 2.4e-4 (P > 1) and 9e-6 (P > 8); the bounds are 5 of them.
    podsizer::detail::Xoshiro256 rng(42);
    const podsizer::detail::ExponentialZiggurat draw;
    constexpr int n = 4'000'000;
    double sum = 0.0;
    double sum_sq = 0.0;
    int above_1 = 0;
    int above_8 = 0;
    int negative = 0;
    for (int i = 0; i < n; ++i) {
        const double x = draw(rng);
        negative += x < 0.0 ? 1 : 0;
        sum += x;
        sum_sq += x * x;
        above_1 += x > 1.0 ? 1 : 0;
        above_8 += x > 8.0 ? 1 : 0;
    }
    CHECK(negative == 0);
    const double mean = sum / n;
    CHECK(std::abs(mean - 1.0) < 5 * 5e-4);
    CHECK(std::abs(sum_sq / n - mean * mean - 1.0) < 5 * 1.1e-3);
    CHECK(std::abs(above_1 / double(n) - std::exp(-1.0)) < 5 * 2.4e-4);
    CHECK(std::abs(above_8 / double(n) - std::exp(-8.0)) < 5 * 9.2e-6);
}
