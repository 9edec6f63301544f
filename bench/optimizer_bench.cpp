// Optimiser figures (issue 4): designs evaluated per second and the time to
// the full Pareto front for the fleet scenario over the whole default catalog,
// C:D swept in steps of one. Target: the full front in under 50 ms.
//
//   cmake --preset bench && cmake --build --preset bench -j2
//   build/bench/bench/bench_optimizer
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/optimizer.hpp"
#include "podsizer/core/requirements.hpp"

#include <benchmark/benchmark.h>
#include <string>

namespace {

using namespace podsizer;

const Catalog& catalog() {
    static const Catalog c = default_catalog();
    return c;
}

Scenario fleet_scenario() {
    return load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/fleet-160k.json", catalog());
}

/// The whole optimiser: enumerate, evaluate, Pareto front, best design with
/// its layout. The time per iteration is the time to the full front.
void BM_optimize_fleet_full_front(benchmark::State& state) {
    const Scenario s = fleet_scenario();
    std::int64_t evaluated = 0;
    std::int64_t front = 0;
    for (auto _ : state) {
        const OptimizerResult r = optimize(s, catalog());
        evaluated += r.evaluated;
        front = static_cast<std::int64_t>(r.pareto.size());
        benchmark::DoNotOptimize(r.best);
    }
    state.counters["designs_per_s"] =
        benchmark::Counter(static_cast<double>(evaluated), benchmark::Counter::kIsRate);
    state.counters["designs"] = static_cast<double>(evaluated) /
                                static_cast<double>(std::max<std::int64_t>(1, state.iterations()));
    state.counters["pareto_front"] = static_cast<double>(front);
}
BENCHMARK(BM_optimize_fleet_full_front)->Unit(benchmark::kMillisecond);

/// What `optimize examples/fleet-160k.json --pareto` does: the same search,
/// the front thinned to the 20 trade-offs the CLI shows (issue 34: < 50 ms
/// for the whole process).
void BM_optimize_fleet_thinned_front(benchmark::State& state) {
    const Scenario s = fleet_scenario();
    OptimizerOptions options;
    options.front_points = kReadableFrontPoints; // as cli/command_optimize.cpp
    std::int64_t shown = 0;
    for (auto _ : state) {
        const OptimizerResult r = optimize(s, catalog(), options);
        shown = static_cast<std::int64_t>(r.pareto.size());
        benchmark::DoNotOptimize(r.best);
    }
    state.counters["shown"] = static_cast<double>(shown);
}
BENCHMARK(BM_optimize_fleet_thinned_front)->Unit(benchmark::kMillisecond);

/// A larger search: 1 EB with no certification rule, so every D-box and drive
/// (15.36 TB drives at 1 EB sweep thousands of C-node counts).
void BM_optimize_high_density_exabyte(benchmark::State& state) {
    const Scenario s = load_scenario(
        std::string(PODSIZER_SOURCE_DIR) + "/examples/high-density-1eb.json", catalog());
    std::int64_t evaluated = 0;
    for (auto _ : state) {
        const OptimizerResult r = optimize(s, catalog());
        evaluated += r.evaluated;
        benchmark::DoNotOptimize(r.best);
    }
    state.counters["designs_per_s"] =
        benchmark::Counter(static_cast<double>(evaluated), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_optimize_high_density_exabyte)->Unit(benchmark::kMillisecond);

/// One candidate as the optimiser evaluates it (no rack slots), and as the
/// sizing commands do (with the U-by-U layout), on the reference pod.
void evaluate_pod(benchmark::State& state, bool with_layout) {
    const Scenario s = fleet_scenario();
    const Requirements req = compute_requirements(s, catalog());
    const HardwareChoice hw =
        resolve_hardware(catalog(), "cnode-1u", "dbox-1u-22", std::nullopt, "", "");
    const PerformanceRule* rule = catalog().rule(req.rule);
    for (auto _ : state) {
        benchmark::DoNotOptimize(
            build_design("", hw, 450, 180, req, s.constraints, 1.0, rule, with_layout));
    }
    state.counters["designs_per_s"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
void BM_evaluate_pod_without_layout(benchmark::State& state) {
    evaluate_pod(state, false);
}
void BM_evaluate_pod_with_layout(benchmark::State& state) {
    evaluate_pod(state, true);
}
BENCHMARK(BM_evaluate_pod_without_layout);
BENCHMARK(BM_evaluate_pod_with_layout);

/// A large design laid out U by U: about an exabyte of 15.36 TB drives in one
/// namespace (3,304 D-boxes, 8,260 C-nodes, plus their switches).
void BM_layout_exabyte_namespace(benchmark::State& state) {
    const HardwareChoice hw = resolve_hardware(catalog(), "cnode-1u", "dbox-1u-22",
                                               of<Capacity>(15.36, units::TB), "", "");
    for (auto _ : state) {
        benchmark::DoNotOptimize(
            build_design("", hw, 8260, 3304, Requirements{}, Constraints{}, 1.0, nullptr, true));
    }
}
BENCHMARK(BM_layout_exabyte_namespace)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
