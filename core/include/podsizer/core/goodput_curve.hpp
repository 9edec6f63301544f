// Goodput against write bandwidth for one checkpointing job, and its knee: the
// bandwidth beyond which more write throughput buys less than a chosen
// fraction of goodput (docs/checkpoints.md §7).
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
    double stall_budget = 0.05;       ///< sync, and any job at the Daly interval
    Duration restart;
    Duration mtbf;
    std::int64_t gpus = 0; ///< for GPU-hours lost; 0 when unknown
};

/// The job at one write bandwidth.
struct GoodputPoint {
    Throughput write;
    Duration write_time;      ///< δ = size / write
    Duration interval;        ///< run: requested or Daly's at δ; async: at least δ
    double write_share = 0.0; ///< δ / interval: the stall (sync) or drain (async) share
    double goodput = 0.0;     ///< useful fraction of GPU time
    double gpu_hours_lost_per_day = 0.0;
};

/// The job's state at bandwidth `write` (> 0).
GoodputPoint evaluate_job(const CheckpointJobModel& job, Throughput write);

/// Goodput as the write bandwidth grows without bound (δ → 0): e^(−R/M) with
/// the Daly interval (which shrinks to 0), or the requested interval's
/// τ / (M·e^(R/M)·(e^(τ/M) − 1)).
double goodput_limit(const CheckpointJobModel& job);

/// The smallest bandwidth whose goodput is within `tolerance` (a fraction, 0.01
/// = one percentage point) of goodput_limit: past it, however much more write
/// throughput is bought, goodput rises by less than `tolerance`. Empty when the
/// limit itself is below the tolerance (failures leave nothing to win).
std::optional<Throughput> knee_bandwidth(const CheckpointJobModel& job, double tolerance);

/// The share of the interval a job's write may take: for a requested interval
/// write_budget() (sync: the stall budget; async: all of it, draining before
/// the next); for "auto" the stall budget in both modes, since the Daly
/// interval grows with the write time and only a budget keeps it short.
double job_write_budget(const CheckpointJobModel& job);

/// The bandwidth a job needs: its write must fit in job_write_budget() of the
/// interval. For a requested interval that is required_write(); for "auto" it
/// is the bandwidth at which the write takes that share of the Daly interval.
Throughput job_required_write(const CheckpointJobModel& job);

struct CurveOptions {
    double knee_tolerance = 0.01;
    int points = 33;                 ///< log-spaced points (at least 2)
    std::vector<Throughput> include; ///< bandwidths the range must cover (e.g. a design's)
};

struct GoodputCurve {
    std::vector<GoodputPoint> points; ///< ascending write bandwidth
    double goodput_limit = 0.0;
    double knee_tolerance = 0.0;
    std::optional<GoodputPoint> knee;
};

/// The curve from an eighth of the smallest to eight times the largest of
/// (knee, the job's requirement, `include`), log-spaced.
GoodputCurve goodput_curve(const CheckpointJobModel& job, const CurveOptions& options = {});

} // namespace podsizer
