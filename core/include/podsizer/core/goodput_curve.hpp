// Goodput against write bandwidth for one checkpointing job, what one more
// step of write buys there, and the knee: the bandwidth beyond which one more
// step gives back less GPU time than a stated threshold (docs/checkpoints.md §7).
//
// The points are plain data so the CLI, the Excel export and the GUI can chart
// the same curve (reports/checkpoint_report.hpp renders it to JSON and CSV).
#pragma once

#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/units.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace podsizer {

/// What the goodput of one job depends on, besides the bandwidth it gets.
struct CheckpointJobModel {
    Capacity size;
    CheckpointMode mode = CheckpointMode::sync;
    std::optional<Duration> interval; ///< requested; empty: Daly's optimum at each bandwidth
    double stall_budget = 0.05;       ///< sync: the stall's share of the interval
    Duration restart;
    Duration mtbf;
    std::int64_t gpus = 0; ///< for GPU-hours lost; 0 when unknown
    /// Fixed stall of every checkpoint besides moving its bytes (barrier,
    /// metadata, fsync; kDefaultCheckpointOverheadSeconds).
    Duration overhead = Duration::from_base(kDefaultCheckpointOverheadSeconds);
    /// Async: the staging tier's write bandwidth over all the job's nodes
    /// (per node × nodes); empty when the nodes are unknown (no local copy).
    std::optional<Throughput> local_write;
};

/// The job at one write bandwidth.
struct GoodputPoint {
    Throughput write;
    Duration write_time;      ///< δ = size / write: the stall (sync) or the drain (async)
    Duration stall;           ///< the job's stall: the write (sync), the local copy (async)
    Duration interval;        ///< run: requested or Daly's at δ; async: at least δ
    double write_share = 0.0; ///< δ / interval: the stall (sync) or drain (async) share
    double goodput = 0.0;     ///< useful fraction of GPU time
    double gpu_hours_lost_per_day = 0.0;
    /// GPU-hours a day one more knee step of write would give back here
    /// (step_gain()); filled where the knee rule is known, else 0.
    double step_gain = 0.0;
};

/// The step of write bandwidth the knee is measured in when none is given:
/// 100 GB/s, ASSUMPTION — four of the catalog's 1U D-boxes (25 GB/s of write
/// each, with their C-nodes), about 2 % of the reference pod's 4.5 TB/s.
inline constexpr double kDefaultKneeStepBytesPerSecond = 100e9;
/// GPU-hours a day one more step must give back to be worth buying when no
/// threshold is given: 100, ASSUMPTION — about four GPUs kept busy all day;
/// set your own from what a step costs a day and what a GPU-hour is worth.
inline constexpr double kDefaultKneeThreshold = 100.0;

/// When more write bandwidth stops being worth buying: one more `step` of
/// write gives back less than `threshold` GPU-hours a day.
/// The least fixed overhead per checkpoint the knee is taken at: 10 s,
/// ASSUMPTION — REVIEW-3 §1.3 puts barrier, metadata and fsync at seconds to
/// tens of seconds at 10k+ GPUs and works the knee at 10-20 s; 10 s is its low
/// end. At no overhead more bandwidth always shortens the stall, and the knee
/// (13.3 TB/s for the reference job) reads as if it always paid
/// (docs/checkpoints.md §7).
inline constexpr double kDefaultKneeOverheadSeconds = 10.0;

struct KneeRule {
    Throughput step = Throughput::from_base(kDefaultKneeStepBytesPerSecond);
    double threshold = kDefaultKneeThreshold; ///< GPU-hours per day per step
    /// The knee is taken with the job's overhead raised to at least this.
    Duration min_overhead = Duration::from_base(kDefaultKneeOverheadSeconds);
};

/// The job the knee is taken on: `job` with its fixed overhead raised to the
/// rule's least (knee_bandwidth, GoodputCurve::knee).
CheckpointJobModel knee_job(const CheckpointJobModel& job, const KneeRule& rule);

/// The interval an asynchronous job is run at before the drain bounds it: the
/// requested one, or Daly's for its stall, the overhead plus the copy to local
/// storage (docs/checkpoints.md §2, §6). For a sync job, the requested interval
/// (Daly's depends on the write).
std::optional<Duration> base_interval(const CheckpointJobModel& job);

/// The time an asynchronous job's copy to local storage (host memory or
/// node-local NVMe) takes: size / local_write, each node copying its share at
/// the staging bandwidth. Zero for sync, or when the local bandwidth is unknown.
Duration local_copy_time(const CheckpointJobModel& job);

/// The stall of every checkpoint of an async job: the overhead plus the local
/// copy (docs/checkpoints.md §2).
Duration async_stall(const CheckpointJobModel& job);

/// The staging tier's write bandwidth over all the job's nodes (async); zero
/// for sync. It loads the GPU nodes' own storage, not the pod's.
Throughput local_copy_write(const CheckpointJobModel& job);

/// The job's state at bandwidth `write` (> 0).
GoodputPoint evaluate_job(const CheckpointJobModel& job, Throughput write);

/// Goodput as the write bandwidth grows without bound (δ → 0): the job's
/// goodput with only the fixed overhead left in the stall; without overhead,
/// e^(−R/M) at the Daly interval (which shrinks to 0), or the requested
/// interval's τ / (M·e^(R/M)·(e^(τ/M) − 1)).
double goodput_limit(const CheckpointJobModel& job);

/// GPU-hours a day that one more `step` of write gives back at `write`:
/// lost(write) − lost(write + step), with lost = (1 − goodput) × GPUs × 24 h.
/// 0 when the job's GPUs are unknown.
double step_gain(const CheckpointJobModel& job, Throughput write, Throughput step);

/// The marginal value of write at `write`: GPU-hours per day recovered per
/// extra TB/s, measured over one `step` (step_gain / step in TB/s).
double gpu_hours_per_day_per_tbps(const CheckpointJobModel& job, Throughput write, Throughput step);

/// The knee: the smallest bandwidth at which one more `rule.step` gives back
/// less than `rule.threshold` GPU-hours a day — beyond it a step is not worth
/// its price at that threshold. Empty when the job's GPUs are unknown or when
/// no step at any bandwidth gives back the threshold (a small job).
std::optional<Throughput> knee_bandwidth(const CheckpointJobModel& job, const KneeRule& rule);

/// The share of the interval a job's pod write may take: the stall budget
/// (sync); all of it for async, which drains before the next checkpoint
/// (write_budget()), at a requested interval or at "auto".
double job_write_budget(const CheckpointJobModel& job);

/// The pod write bandwidth a job needs. Sync: its write and the overhead fit
/// in the stall budget of the interval — the requested one (required_write())
/// or, for "auto", the Daly interval at that stall; infinite when the overhead
/// alone fills the budget. Async: the drain of each checkpoint fits in the
/// interval — the requested one, or Daly's for the overhead and the local copy
/// (base_interval()).
Throughput job_required_write(const CheckpointJobModel& job);

struct CurveOptions {
    KneeRule knee;
    int points = 33;                 ///< log-spaced points (at least 2)
    std::vector<Throughput> include; ///< bandwidths the range must cover (e.g. a design's)
};

struct GoodputCurve {
    std::vector<GoodputPoint> points; ///< ascending write bandwidth
    double goodput_limit = 0.0;
    KneeRule knee_rule;
    /// At knee_job's overhead (knee_overhead), as are knee_limit's figures.
    std::optional<GoodputPoint> knee;
    Duration knee_overhead;
    double knee_limit = 0.0; ///< goodput_limit of knee_job
};

/// The curve from an eighth of the smallest to eight times the largest of
/// (knee, the job's requirement, `include`), log-spaced.
GoodputCurve goodput_curve(const CheckpointJobModel& job, const CurveOptions& options = {});

} // namespace podsizer
