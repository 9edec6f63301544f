// One checkpointing job analysed from whatever the user knows (the
// `podsizer checkpoint` command): a model size or a checkpoint size or a write
// time; a failure rate and GPU count or an MTBF; a write bandwidth or none.
// Every result that the given inputs do not determine is left empty.
#pragma once

#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/checkpoint_plan.hpp"
#include "podsizer/core/failure_band.hpp"
#include "podsizer/core/goodput_curve.hpp"
#include "podsizer/core/units.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace podsizer {

/// The inputs, already validated (positive sizes, rates and intervals; a
/// stall budget in (0, 1)).
struct CheckpointQuery {
    double params = 0.0; ///< 0: not given
    double bytes_per_param = kDefaultBytesPerParam;
    std::optional<Capacity> size;       ///< given directly instead of params
    std::optional<Duration> write_time; ///< given directly
    std::optional<Throughput> write_bandwidth;
    std::int64_t gpus = 0; ///< 0: not given
    int gpus_per_node = 8;
    std::optional<FailureRate> failure_rate; ///< as stated, with its node and source
    std::optional<Duration> mtbf;            ///< given directly; wins over the rate
    CheckpointMode mode = CheckpointMode::sync;
    std::optional<Duration> interval; ///< empty: auto (Daly), when the MTBF is known
    double stall_budget = 0.05;       ///< sync: the stall's share of the interval
    Duration restart = Duration::from_base(kDefaultRestartSeconds);
    /// Fixed stall per checkpoint (barrier, metadata, fsync; checkpoint.hpp).
    Duration overhead = Duration::from_base(kDefaultCheckpointOverheadSeconds);
    /// Async: the staging tier's write bandwidth per node (checkpoint.hpp).
    Throughput local_bandwidth = Throughput::from_base(kDefaultLocalBandwidthBytesPerSecond);
    bool local_bandwidth_given = false; ///< false: the ASSUMPTION default
    /// The failure band's three cases (failure_band.hpp); empty: no band.
    std::vector<FailureBandInput> band;
    std::string platform_name; ///< for the band's note; empty when not given
    /// Whether the band's rates were measured on this platform (H100 or
    /// A100 nodes); false: transferred per GPU from them.
    bool platform_rate_measured = false;
    std::int64_t offsite_every = 0; ///< 0: no offsite copies
    std::int64_t retain = 0;        ///< 0: not asked
    KneeRule knee;                  ///< the knee's step and threshold
    std::vector<Duration> cadences; ///< rows of the cadence table
    int curve_points = 33;
};

/// Write bandwidth a cadence needs, both ways.
struct CadenceRow {
    Duration interval;
    Throughput sync_write;  ///< size / (stall budget × interval)
    Throughput async_write; ///< size / interval
};

/// Where the operating point's bandwidth comes from.
enum class WriteSource { none, given, size_and_write_time, required };
std::string_view to_string(WriteSource s);

struct CheckpointAnalysis {
    std::optional<Capacity> size;
    std::vector<CadenceRow> cadences; ///< empty when the size is unknown
    std::optional<std::int64_t> nodes;
    std::optional<double>
        platform_failures_per_1000_node_days; ///< the rate per node of q.gpus_per_node
    std::optional<Duration> mtbf;
    std::optional<Throughput> required_write; ///< for the requested (or Daly) cadence
    std::optional<CheckpointBasis> basis;
    // The operating point: the given bandwidth, or else the requirement.
    WriteSource write_source = WriteSource::none;
    std::optional<Throughput> write;
    std::optional<Duration> write_time;
    std::optional<Duration>
        young_interval; ///< for the stall: the write (sync), the local copy (async)
    std::optional<Duration> daly_interval;
    std::optional<Duration> interval;  ///< the interval run: requested, or Daly's
    std::optional<double> write_share; ///< δ / interval
    std::optional<double> goodput;
    std::optional<double> gpu_hours_lost_per_day;
    std::optional<Duration> local_copy_time;    ///< async: the copy to local storage
    std::optional<Throughput> local_copy_write; ///< async: the staging bandwidth, all nodes
    std::optional<Duration> stall;              ///< per checkpoint: overhead + write or copy
    std::optional<Duration> shortest_interval;  ///< the shortest interval `write` sustains
    std::optional<bool> sustainable;            ///< write >= required_write
    std::optional<Throughput> offsite_write;
    std::optional<Capacity> retained;
    std::optional<Capacity> peak_retained;
    std::optional<double> step_gain;   ///< GPU-hours a day one more knee step gives back at `write`
    std::optional<GoodputCurve> curve; ///< needs the size and the MTBF
    std::optional<FailureBand> band;   ///< needs the size, the GPUs and the band's inputs
};

CheckpointAnalysis analyse_checkpoint(const CheckpointQuery& q);

} // namespace podsizer
