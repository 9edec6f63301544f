// A scenario's checkpoint jobs: the write throughput they require of a pod
// (which may raise the performance rule's write requirement, docs/model.md §3) and
// what a sized design sustains for each of them (docs/checkpoints.md §8).
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/goodput_curve.hpp"
#include "podsizer/core/units.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace podsizer {

struct CheckpointJobSpec;
struct CheckpointSpec;

/// The failure rate the jobs run under, resolved from the catalog or given,
/// as stated: per node of `gpus_per_node` GPUs (docs/checkpoints.md §4).
struct FailureRate {
    double per_1000_node_days = 0.0;
    int gpus_per_node = kDefaultRateGpusPerNode; ///< the node the rate is stated on
    std::string preset;           ///< catalog id; empty when the scenario gave a number
    std::optional<Source> source; ///< the preset's source; empty for a given number

    /// The rate per node of the platform's `platform_gpus_per_node` GPUs.
    double per_platform_node(int platform_gpus_per_node) const;
};

// The failure band (failure_band.hpp, docs/checkpoints.md §10).

/// One case of the band: a failure rate and a restart time.
struct FailureBandInput {
    FailureRate rate;
    Duration restart;
};

/// One case evaluated for a job.
struct FailureBandCase {
    FailureBandInput input;
    Duration mtbf;
    Throughput required_write; ///< the job's requirement under this case
    double goodput = 0.0;      ///< at the operating write (given) or at this requirement
};

/// Low, central and high goodput: the least favourable case (the higher
/// HPCA 2025 rate, RSC-1, and a 15-minute restart), the central one (the
/// Llama 3 production rate and 10 minutes) and the most favourable (the lower
/// HPCA 2025 rate, RSC-2, and 5 minutes).
struct FailureBand {
    FailureBandCase low;
    FailureBandCase central;
    FailureBandCase high;
};

/// How a job's requirement was set.
enum class CheckpointBasis {
    cadence,    ///< a requested interval and the write budget (stall budget, or drain)
    daly_budget ///< "auto": the write takes the budget's share of the Daly interval
};
std::string_view to_string(CheckpointBasis b);

/// One job's requirement in a pod.
struct CheckpointRequirement {
    std::string name;
    double params = 0.0; ///< 0 when the size was given directly
    double bytes_per_param = 0.0;
    std::int64_t gpus = 0;
    std::int64_t nodes = 0; ///< the platform's nodes
    FailureRate failure_rate;
    double platform_failures_per_1000_node_days = 0.0; ///< the rate per platform node
    CheckpointJobModel model;    ///< size, mode, interval, stall budget, restart, MTBF
    Throughput required_write;   ///< of the pod: the write (sync) or the drain (async)
    Throughput local_copy_write; ///< async: the staging tier's write, all nodes
    Throughput local_bandwidth;  ///< the staging tier's write per node (the spec's)
    /// size / (nodes × local_bandwidth): the copy's time, for any mode
    std::optional<double> size_over_local_write;
    CheckpointBasis basis = CheckpointBasis::cadence;
    GoodputPoint at_requirement;    ///< the job when it gets exactly its requirement
    std::optional<Throughput> knee; ///< past it, a knee step gives back less than the threshold
    KneeRule knee_rule;
    std::int64_t offsite_every = 0;
    Throughput offsite_write; ///< WAN, at the interval run at the requirement
    std::int64_t retain = 0;
    Capacity retained;      ///< retain × size
    Capacity peak_retained; ///< (retain + 1) × size, while the next one is written
    /// The job under the failure band's three cases (failure_band.hpp); empty
    /// when the catalog lacks the band's presets.
    std::optional<FailureBand> band;
};

/// Everything the checkpoint jobs ask of one pod.
struct CheckpointPlan {
    std::vector<CheckpointRequirement> jobs;
    bool concurrent = true;
    Throughput write;         ///< concurrent: the sum; alternatives: the largest
    Throughput offsite_write; ///< likewise
    Capacity peak_retained;   ///< likewise
};

/// The requirement of every job of `spec` in a pod of `pod_gpus` GPUs with
/// `gpus_per_node` GPUs per node (a job without GPUs takes the whole pod).
CheckpointPlan plan_checkpoints(const CheckpointSpec& spec, std::int64_t pod_gpus,
                                int gpus_per_node, const FailureRate& rate);

/// One job on a design.
struct CheckpointAtDesign {
    std::string name;
    Throughput share;           ///< the design's write throughput available to this job
    Throughput required_write;  ///< from the plan
    GoodputPoint at_share;      ///< interval run, write time, goodput, step gain at the share
    Duration shortest_interval; ///< the shortest interval the share sustains within the budget
    bool sustainable = false;   ///< share >= requirement
    Throughput offsite_write;   ///< WAN at the interval run
};

/// The jobs on a design delivering `write`. Concurrent jobs share it in
/// proportion to their requirements, so the design meets every job exactly
/// when it meets the sum; alternatives each get all of it.
std::vector<CheckpointAtDesign> checkpoints_on_design(const CheckpointPlan& plan, Throughput write);

} // namespace podsizer
