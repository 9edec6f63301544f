// Engine figures: sizing the reference scenario, and evaluating one design.
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/engine.hpp"

#include <benchmark/benchmark.h>
#include <string>

namespace {

using namespace podsizer;

const Catalog& catalog() {
    static const Catalog c = default_catalog();
    return c;
}

void BM_size_reference_scenario(benchmark::State& state) {
    const Scenario s =
        load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/ncp-pod-41k.json", catalog());
    for (auto _ : state) {
        benchmark::DoNotOptimize(size_scenario(s, catalog()));
    }
}
BENCHMARK(BM_size_reference_scenario);

void BM_evaluate_one_design(benchmark::State& state) {
    const HandDesign hand{"bench", "cnode-1u", "dbox-1u-22", std::nullopt, "", "", 450, 180};
    for (auto _ : state) {
        benchmark::DoNotOptimize(
            evaluate_design(hand, Requirements{}, Constraints{}, 1.0, catalog()));
    }
}
BENCHMARK(BM_evaluate_one_design);

void BM_load_default_catalog(benchmark::State& state) {
    for (auto _ : state) {
        benchmark::DoNotOptimize(default_catalog());
    }
}
BENCHMARK(BM_load_default_catalog);

} // namespace

BENCHMARK_MAIN();
