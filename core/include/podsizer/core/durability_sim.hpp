// A Monte-Carlo check of the durability closed form, and what the closed form
// cannot do: failures of a whole enclosure or rack that take several strips of
// every stripe at once (docs/resilience.md §4).
//
// Event-driven, not time-stepped: the simulator jumps from one failure or
// rebuild completion to the next, so a simulated year costs a few dozen events
// however fine the time resolution. Deterministic: the same inputs and seed
// give the same losses whatever the thread count.
#pragma once

#include "podsizer/core/durability.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace podsizer {

/// How long one rebuild takes in the simulator.
enum class RepairService : std::uint8_t {
    fixed,      ///< exactly the rebuild time: what a rebuild at a set bandwidth does
    exponential ///< exponential with that mean: the Markov closed form's assumption
};

const char* to_string(RepairService s);
std::optional<RepairService> repair_service_from_string(const std::string& s);

/// Units that fail together (enclosures, racks): `count` of them, each failing
/// `rate_per_year` times a year, and a failure takes `strips_per_stripe` strips
/// of every stripe until its rebuild (`rebuild_s`, queued with the drives')
/// ends. The layout is taken to spread each stripe evenly over the units.
struct CorrelatedGroup {
    std::string name;
    std::int64_t count = 0;
    double rate_per_year = 0.0;
    int strips_per_stripe = 1;
    double rebuild_s = 0.0;
};

struct SimulationInputs {
    DurabilityInputs layout;
    RepairService service = RepairService::fixed;
    std::vector<CorrelatedGroup> groups;
    double years = 100000.0;     ///< simulated time
    double chunk_years = 1000.0; ///< the unit of work; chunk i has its own stream
    std::uint64_t seed = 1;
    unsigned threads = 0;     ///< 0: std::thread::hardware_concurrency(), at least 1
    double confidence = 0.95; ///< of the interval on the loss rate
    /// Called on the calling thread after each chunk it finishes, with the
    /// chunks finished so far (by every thread) and the total: a long run
    /// can show that it is moving. Never changes the result.
    std::function<void(std::int64_t finished, std::int64_t chunks)> progress;
};

struct SimulationResult {
    std::int64_t losses = 0;
    std::int64_t events = 0; ///< failures and rebuild completions
    std::int64_t chunks = 0;
    double simulated_years = 0.0;
    double drive_years = 0.0; ///< N × simulated years
    double annual_loss_rate = 0.0;
    double rate_low = 0.0; ///< Garwood interval on the annual loss rate
    double rate_high = 0.0;
    double annual_loss_probability = 0.0; ///< 1 − exp(−rate), and its interval
    double probability_low = 0.0;
    double probability_high = 0.0;
    double nines = 0.0;
    std::optional<double> mttdl_s; ///< simulated time / losses; none without a loss
    double confidence = 0.95;
    std::uint64_t seed = 0;
    unsigned threads = 1;
    double wall_s = 0.0;
};

/// Runs the simulation (docs/resilience.md §4).
SimulationResult simulate_durability(const SimulationInputs& in);

/// The regularised lower incomplete gamma function P(a, x) = γ(a, x)/Γ(a),
/// a > 0, x ≥ 0 (series below a + 1, continued fraction above).
double regularized_gamma_p(double a, double x);

/// Garwood's exact central interval (Biometrika 28, 1936) on the mean of a
/// Poisson count after observing `count`: mean_low solves P(X ≥ count) = α/2
/// and mean_high solves P(X ≤ count) = α/2, α = 1 − confidence. With no
/// event the lower bound is 0 and the upper is the one-sided −ln(α).
struct PoissonInterval {
    double mean_low = 0.0;
    double mean_high = 0.0;
};
PoissonInterval garwood_interval(std::int64_t count, double confidence);

} // namespace podsizer
