// Durability figures (docs/performance.md): the closed form, and the simulator
// on the high-density exabyte (9,108 drives, 146+4, AFR 0.5 %, fixed 3,611 s
// rebuilds) in simulated drive-years per second of wall time — the issue's
// target is 10^9 on this 2-core machine.
#include "podsizer/core/durability.hpp"
#include "podsizer/core/durability_sim.hpp"

#include <benchmark/benchmark.h>

namespace {

using namespace podsizer;

DurabilityInputs exabyte() {
    DurabilityInputs in;
    in.drives = 9108;
    in.data_strips = 146;
    in.parity = 4;
    in.afr = 0.005;
    in.drive_rebuild_s = 3611.0; // locally decodable rebuild at 10 % of 207 × 48 GB/s
    return in;
}

void BM_closed_form(benchmark::State& state) {
    const DurabilityInputs in = exabyte();
    for (auto _ : state) {
        benchmark::DoNotOptimize(durability_closed_form(in));
    }
}
BENCHMARK(BM_closed_form);

/// `state.range(0)` threads, 200,000 simulated years (1.82e9 drive-years) per
/// iteration; with range(1) = 1, also 207 enclosures of 2 strips per stripe.
void simulate(benchmark::State& state, bool enclosures) {
    SimulationInputs in;
    in.layout = exabyte();
    in.service = RepairService::fixed;
    in.years = 200000.0;
    in.threads = static_cast<unsigned>(state.range(0));
    if (enclosures) {
        // The enclosure rate is an assumption for the benchmark only (2 % a
        // year); 44 h is the D-box rebuild at a 10 % rebuild share.
        in.groups.push_back(CorrelatedGroup{"enclosure", 207, 0.02, 2, 44 * 3600.0});
    }
    double drive_years = 0.0;
    double events = 0.0;
    std::int64_t losses = 0;
    for (auto _ : state) {
        const SimulationResult r = simulate_durability(in);
        drive_years += r.drive_years;
        events += static_cast<double>(r.events);
        losses += r.losses;
        in.seed += 1; // a fresh stream each iteration, same work
    }
    // Rates over wall time: the work runs on other threads than the timed one.
    state.counters["drive_years_per_s"] =
        benchmark::Counter(drive_years, benchmark::Counter::kIsRate);
    state.counters["events_per_s"] = benchmark::Counter(events, benchmark::Counter::kIsRate);
    state.counters["losses_per_run"] =
        benchmark::Counter(static_cast<double>(losses), benchmark::Counter::kAvgIterations);
}

void BM_simulate_hd_exabyte(benchmark::State& state) {
    simulate(state, false);
}
BENCHMARK(BM_simulate_hd_exabyte)->Arg(2)->Arg(1)->UseRealTime()->Unit(benchmark::kMillisecond);

void BM_simulate_hd_exabyte_enclosures(benchmark::State& state) {
    simulate(state, true);
}
BENCHMARK(BM_simulate_hd_exabyte_enclosures)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
