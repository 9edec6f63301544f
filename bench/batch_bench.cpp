// Batch throughput (issue 8): a 10,000-run sweep of the reference scenario —
// 100 GPU counts × 100 capacities — sized and rendered, on 1 and 2 threads.
// The target is >= 10,000 runs per second on the project's 2-core machine;
// items_per_second in the output is runs per second. BM_gpu_sweep_* is issue
// 34's sweep, 9,901 GPU counts from 1,000 to 100,000 (target: >= 20,000 runs
// a second, csv and jsonl, on 2 cores; docs/performance.md).
#include "podsizer/batch/batch_runner.hpp"
#include "podsizer/catalog/catalog_io.hpp"

#include <benchmark/benchmark.h>
#include <ostream>
#include <streambuf>
#include <string>

namespace {

using namespace podsizer;

const Catalog& catalog() {
    static const Catalog c = default_catalog();
    return c;
}

/// Counts what is written and keeps nothing: the output's cost is measured
/// up to the stream, not the terminal.
class NullBuffer : public std::streambuf {
public:
    std::size_t bytes = 0;

protected:
    std::streamsize xsputn(const char*, std::streamsize n) override {
        bytes += static_cast<std::size_t>(n);
        return n;
    }
    int_type overflow(int_type c) override {
        ++bytes;
        return c;
    }
};

const Sweep& ten_thousand_runs() {
    static const Sweep sweep = [] {
        const std::string path = std::string(PODSIZER_SOURCE_DIR) + "/examples/ncp-pod-41k.json";
        // 576 GPUs is one GB200 SU: 1 to 100 SUs, and 10 PB to 1 EB usable.
        return Sweep(ScenarioDocument(read_text_file(path), path),
                     {"gpus=576..57600+576", "capacity.usable=10PB..1000PB+10PB"}, catalog());
    }();
    return sweep;
}

const Sweep& gpu_sweep() {
    static const Sweep sweep = [] {
        const std::string path = std::string(PODSIZER_SOURCE_DIR) + "/examples/ncp-pod-41k.json";
        return Sweep(ScenarioDocument(read_text_file(path), path), {"fleet.gpus=1000..100000+10"},
                     catalog());
    }();
    return sweep;
}

void run_sweep_bench(benchmark::State& state, BatchFormat format,
                     const Sweep& sweep = ten_thousand_runs()) {
    BatchOptions options;
    options.format = format;
    options.jobs = static_cast<unsigned>(state.range(0));
    NullBuffer out_buf;
    NullBuffer err_buf;
    std::ostream out(&out_buf);
    std::ostream err(&err_buf);
    for (auto _ : state) {
        const BatchSummary s = run_sweep(sweep, catalog(), options, out, err);
        if (s.sized + s.not_met != sweep.runs()) {
            state.SkipWithError("not every run was sized");
        }
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(sweep.runs()));
    state.counters["output_MB"] =
        static_cast<double>(out_buf.bytes) / 1e6 / static_cast<double>(state.iterations());
}

void BM_sweep_10k_jsonl(benchmark::State& state) {
    run_sweep_bench(state, BatchFormat::jsonl);
}
BENCHMARK(BM_sweep_10k_jsonl)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_sweep_10k_csv(benchmark::State& state) {
    run_sweep_bench(state, BatchFormat::csv);
}
BENCHMARK(BM_sweep_10k_csv)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_sweep_10k_table(benchmark::State& state) {
    run_sweep_bench(state, BatchFormat::table);
}
BENCHMARK(BM_sweep_10k_table)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_gpu_sweep_csv(benchmark::State& state) {
    run_sweep_bench(state, BatchFormat::csv, gpu_sweep());
}
BENCHMARK(BM_gpu_sweep_csv)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_gpu_sweep_jsonl(benchmark::State& state) {
    run_sweep_bench(state, BatchFormat::jsonl, gpu_sweep());
}
BENCHMARK(BM_gpu_sweep_jsonl)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

/// Checking every value up front: a sweep's cost before its first run.
void BM_gpu_sweep_setup(benchmark::State& state) {
    const std::string path = std::string(PODSIZER_SOURCE_DIR) + "/examples/ncp-pod-41k.json";
    const ScenarioDocument doc(read_text_file(path), path);
    for (auto _ : state) {
        const Sweep sweep(doc, {"fleet.gpus=1000..100000+10"}, catalog());
        benchmark::DoNotOptimize(sweep.runs());
    }
}
BENCHMARK(BM_gpu_sweep_setup)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
