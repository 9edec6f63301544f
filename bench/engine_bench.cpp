// Engine figures: sizing the reference scenario, and evaluating one design;
// with the steps around it (catalog, parsing, rendering) that `podsizer size`
// runs in one process (docs/performance.md).
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/hand_design.hpp"
#include "podsizer/reports/sizing_report.hpp"

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
    const HandDesign hand{"bench", "cnode-1u", "dbox-1u-22", std::nullopt, "", "", 450, 180, {}};
    for (auto _ : state) {
        benchmark::DoNotOptimize(
            evaluate_design(hand, Requirements{}, Constraints{}, 1.0, catalog()));
    }
}
BENCHMARK(BM_evaluate_one_design);

// The knee curve the GUI and the PDF draw (60 points, render/src/knee_chart.cpp)
// for the fleet example's first design: each point is the engine's throughput
// rule (delivered_rates); before, a whole design was laid out per point.
void BM_knee_curve_fleet(benchmark::State& state) {
    const Scenario s =
        load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/fleet-160k.json", catalog());
    const SizingResult r = size_scenario(s, catalog());
    for (auto _ : state) {
        benchmark::DoNotOptimize(knee_curve(r.designs.at(0), catalog(), 60));
    }
}
BENCHMARK(BM_knee_curve_fleet)->Unit(benchmark::kMicrosecond);

// The same 60 counts as whole replayed designs (hand_design.hpp's replay), as
// the curve was drawn before: what the throughput-only curve saves.
void BM_knee_replay_fleet(benchmark::State& state) {
    const Scenario s =
        load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/fleet-160k.json", catalog());
    const SizingResult r = size_scenario(s, catalog());
    const Design& d = r.designs.at(0);
    const KneeCurve curve = knee_curve(d, catalog(), 60);
    for (auto _ : state) {
        for (const KneePoint& p : curve.points) {
            benchmark::DoNotOptimize(replay(d, p.cnodes, d.dboxes, s, catalog()));
        }
    }
}
BENCHMARK(BM_knee_replay_fleet)->Unit(benchmark::kMicrosecond);

/// The default catalog from its compact form, compiled in at build time
/// (catalog/src/compact_catalog.hpp): what every CLI run does.
void BM_load_default_catalog(benchmark::State& state) {
    for (auto _ : state) {
        benchmark::DoNotOptimize(default_catalog());
    }
}
BENCHMARK(BM_load_default_catalog);

/// The same catalog parsed from its embedded JSON and validated: what every
/// run did before the compact form (issue 34), and what a user catalog costs.
void BM_load_default_catalog_from_json(benchmark::State& state) {
    for (auto _ : state) {
        benchmark::DoNotOptimize(default_catalog_from_json());
    }
}
BENCHMARK(BM_load_default_catalog_from_json);

std::string example(const char* name) {
    return read_text_file(std::string(PODSIZER_SOURCE_DIR) + "/examples/" + name);
}

void BM_parse_reference_scenario(benchmark::State& state) {
    const std::string text = example("ncp-pod-41k.json");
    for (auto _ : state) {
        benchmark::DoNotOptimize(parse_scenario(text, "ncp-pod-41k.json", catalog()));
    }
}
BENCHMARK(BM_parse_reference_scenario);

void BM_size_high_density_scenario(benchmark::State& state) {
    const Scenario s = parse_scenario(example("high-density-1eb.json"), "hd.json", catalog());
    for (auto _ : state) {
        benchmark::DoNotOptimize(size_scenario(s, catalog()));
    }
}
BENCHMARK(BM_size_high_density_scenario);

// No option: the engine sizes every C-node × D-box × drive of the catalog
// and keeps the best.
void BM_size_automatic_hardware(benchmark::State& state) {
    const Scenario s = parse_scenario(R"({"name": "auto",
        "fleet": {"platform": "gb200-nvl72", "gpus": 41472},
        "performance": {"rule": "ncp-gb200-customer"}, "capacity": {"usable": "1 EB"}})",
                                      "auto.json", catalog());
    for (auto _ : state) {
        benchmark::DoNotOptimize(size_scenario(s, catalog()));
    }
}
BENCHMARK(BM_size_automatic_hardware);

void BM_render_reference_table(benchmark::State& state) {
    const SizingResult r = size_scenario(
        parse_scenario(example("ncp-pod-41k.json"), "ncp-pod-41k.json", catalog()), catalog());
    for (auto _ : state) {
        benchmark::DoNotOptimize(render_sizing(r, Format::table));
    }
}
BENCHMARK(BM_render_reference_table);

// Everything `podsizer size examples/ncp-pod-41k.json` does in its process,
// from reading the embedded catalog to the rendered table.
void BM_size_command_in_process(benchmark::State& state) {
    const std::string path = std::string(PODSIZER_SOURCE_DIR) + "/examples/ncp-pod-41k.json";
    for (auto _ : state) {
        const Catalog c = default_catalog();
        const SizingResult r = size_scenario(load_scenario(path, c), c);
        benchmark::DoNotOptimize(render_sizing(r, Format::table));
    }
}
BENCHMARK(BM_size_command_in_process)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();
