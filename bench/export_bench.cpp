// Export figures (issue 5: the full export of an example in under 100 ms):
// the workbook, the rack elevations, and everything at once as the CLI does
// it for `size --xlsx --svg DIR` (sizing included, the text report too).
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/comparison.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/reports/atomic_file.hpp"
#include "podsizer/reports/comparison_report.hpp"
#include "podsizer/reports/rack_svg.hpp"
#include "podsizer/reports/sizing_report.hpp"
#include "podsizer/reports/workbook.hpp"

#include <benchmark/benchmark.h>
#include <cstdlib>
#include <string>
#include <unistd.h>

namespace {

using namespace podsizer;

const Catalog& catalog() {
    static const Catalog c = default_catalog();
    return c;
}

Scenario scenario(const char* example) {
    return load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/" + example, catalog());
}

/// A scratch directory on the same file system as /tmp, removed at exit.
const std::string& scratch() {
    static const std::string dir = [] {
        char tmpl[] = "/tmp/podsizer-bench-XXXXXX";
        const char* d = mkdtemp(tmpl);
        return std::string(d != nullptr ? d : "/tmp");
    }();
    return dir;
}

void BM_workbook(benchmark::State& state, const char* example) {
    const Scenario s = scenario(example);
    const SizingResult r = size_scenario(s, catalog());
    WorkbookOptions o;
    o.date = "2026-01-01";
    const std::string path = scratch() + "/bench.xlsx";
    for (auto _ : state) {
        benchmark::DoNotOptimize(write_workbook(path, {&r, &catalog(), &s}, o));
    }
}
BENCHMARK_CAPTURE(BM_workbook, reference_pod, "ncp-pod-41k.json")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_workbook, high_density, "high-density-1eb.json")
    ->Unit(benchmark::kMillisecond);

void BM_rack_svgs(benchmark::State& state, const char* example) {
    const SizingResult r = size_scenario(scenario(example), catalog());
    for (auto _ : state) {
        for (const Design& d : r.designs) {
            benchmark::DoNotOptimize(render_rack_svg(d));
        }
    }
}
BENCHMARK_CAPTURE(BM_rack_svgs, reference_pod, "ncp-pod-41k.json")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_rack_svgs, high_density, "high-density-1eb.json")
    ->Unit(benchmark::kMillisecond);

/// What `podsizer size X --format json --xlsx F --svg DIR/` does after parsing.
void BM_full_export(benchmark::State& state, const char* example) {
    const Scenario s = scenario(example);
    WorkbookOptions o;
    o.date = "2026-01-01";
    const std::string dir = scratch();
    for (auto _ : state) {
        const SizingResult r = size_scenario(s, catalog());
        benchmark::DoNotOptimize(render_sizing(r, Format::json));
        write_workbook(dir + "/full.xlsx", {&r, &catalog(), &s}, o);
        for (std::size_t i = 0; i < r.designs.size(); ++i) {
            write_file_atomically(dir + "/" + rack_svg_file_name(r.designs[i], i + 1),
                                  render_rack_svg(r.designs[i]));
        }
    }
}
BENCHMARK_CAPTURE(BM_full_export, reference_pod, "ncp-pod-41k.json")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_full_export, high_density, "high-density-1eb.json")
    ->Unit(benchmark::kMillisecond);

} // namespace
/// What `podsizer compare examples/fleet-160k.json --xlsx F --svg DIR/` does
/// after parsing: size, compare at the target with the cloud store, the JSON
/// report, the workbook with its reference columns, and the elevations.
void BM_full_export_fleet(benchmark::State& state) {
    const Scenario s = scenario("fleet-160k.json");
    ComparisonSpec spec;
    spec.target = s.extrapolation;
    for (const std::string& id : s.comparisons) {
        spec.references.push_back(catalog().reference(id));
    }
    WorkbookOptions o;
    o.date = "2026-01-01";
    const std::string dir = scratch();
    for (auto _ : state) {
        const SizingResult r = size_scenario(s, catalog());
        const Comparison cmp = compare_designs(r, spec);
        benchmark::DoNotOptimize(render_comparison(cmp, Format::json));
        write_workbook(dir + "/fleet.xlsx", {&r, &catalog(), &s, &cmp}, o);
        for (std::size_t i = 0; i < r.designs.size(); ++i) {
            write_file_atomically(dir + "/" + rack_svg_file_name(r.designs[i], i + 1),
                                  render_rack_svg(r.designs[i]));
        }
    }
}
BENCHMARK(BM_full_export_fleet)->Unit(benchmark::kMillisecond);

/// The fleet comparison's workbook alone (the inputs of BM_full_export_fleet),
/// the part of `compare examples/fleet-160k.json --xlsx` that issue 34 wants
/// 100 times faster than LibreOffice recalculating the file.
void BM_workbook_fleet(benchmark::State& state) {
    const Scenario s = scenario("fleet-160k.json");
    ComparisonSpec spec;
    spec.target = s.extrapolation;
    for (const std::string& id : s.comparisons) {
        spec.references.push_back(catalog().reference(id));
    }
    const SizingResult r = size_scenario(s, catalog());
    const Comparison cmp = compare_designs(r, spec);
    WorkbookOptions o;
    o.date = "2026-01-01";
    const std::string path = scratch() + "/fleet-only.xlsx";
    for (auto _ : state) {
        benchmark::DoNotOptimize(write_workbook(path, {&r, &catalog(), &s, &cmp}, o));
    }
}
BENCHMARK(BM_workbook_fleet)->Unit(benchmark::kMillisecond);

void BM_workbook_checkpoints(benchmark::State& state) {
    const Scenario s = scenario("checkpoint-cadence.json");
    const SizingResult r = size_scenario(s, catalog());
    WorkbookOptions o;
    o.date = "2026-01-01";
    const std::string path = scratch() + "/ckpt.xlsx";
    for (auto _ : state) {
        benchmark::DoNotOptimize(write_workbook(path, {&r, &catalog(), &s}, o));
    }
}
BENCHMARK(BM_workbook_checkpoints)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
