#include "podsizer/core/failure_band.hpp"

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/failure.hpp"

namespace podsizer {

std::vector<FailureBandInput> failure_band_inputs(const Catalog& catalog) {
    std::vector<FailureBandInput> out;
    for (int i = 0; i < 3; ++i) {
        const FailureRatePreset* p = catalog.failure_rate(kBandPresets[i]);
        if (p == nullptr) {
            return {};
        }
        FailureBandInput in;
        in.rate.per_1000_node_days = p->per_1000_node_days;
        in.rate.gpus_per_node = p->gpus_per_node;
        in.rate.preset = p->id;
        in.rate.source = p->provenance.source;
        in.restart = Duration::from_base(kBandRestartSeconds[i]);
        out.push_back(std::move(in));
    }
    return out;
}

namespace {

FailureBandCase evaluate_case(CheckpointJobModel job, std::int64_t nodes, int gpus_per_node,
                              const FailureBandInput& in, std::optional<Throughput> write) {
    FailureBandCase c;
    c.input = in;
    job.mtbf = cluster_mtbf(nodes, in.rate.per_platform_node(gpus_per_node));
    job.restart = in.restart;
    c.mtbf = job.mtbf;
    c.required_write = job_required_write(job);
    c.goodput = evaluate_job(job, write ? *write : c.required_write).goodput;
    return c;
}

} // namespace

FailureBand failure_band(const CheckpointJobModel& job, std::int64_t nodes, int gpus_per_node,
                         const std::vector<FailureBandInput>& inputs,
                         std::optional<Throughput> write) {
    FailureBand b;
    b.low = evaluate_case(job, nodes, gpus_per_node, inputs.at(0), write);
    b.central = evaluate_case(job, nodes, gpus_per_node, inputs.at(1), write);
    b.high = evaluate_case(job, nodes, gpus_per_node, inputs.at(2), write);
    return b;
}

} // namespace podsizer
