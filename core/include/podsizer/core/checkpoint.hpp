// The checkpoint model (docs/checkpoints.md §1–§3): how large a checkpoint is,
// how long it takes to write, and what write throughput a cadence needs.
//
// Pure arithmetic on strong quantities; the failure side (MTBF, Young, Daly,
// goodput) is in failure.hpp, the goodput-vs-bandwidth curve in goodput_curve.hpp.
#pragma once

#include "podsizer/core/enum_names.hpp"
#include "podsizer/core/units.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace podsizer {

/// Synchronous checkpoints stall the job while they are written; asynchronous
/// ones are staged (host memory, local NVMe) and drain while training goes on.
enum class CheckpointMode {
#define ENUM_NAME(value, spelling, ...) value,
#include "podsizer/core/checkpoint_mode.def"
};
inline constexpr auto kCheckpointModeNames = enum_names<CheckpointMode>({
#define ENUM_NAME(value, spelling, ...) {CheckpointMode::value, spelling},
#include "podsizer/core/checkpoint_mode.def"
});

std::string_view to_string(CheckpointMode m);

/// The storage pattern a mode models, for reports: "write-to-pod" (sync: the
/// job stalls while the pod writes) or "stage-locally-then-drain" (async: the
/// job stalls only for a copy to node-local storage, which then drains to the
/// pod before the next checkpoint; docs/checkpoints.md §2).
std::string_view checkpoint_pattern(CheckpointMode m);
std::optional<CheckpointMode> checkpoint_mode_from_string(std::string_view s);

/// A named bytes-per-parameter figure with where it comes from.
struct BytesPerParamPreset {
    std::string_view id;   ///< what users type: "checkpoint", "full-state", "weights"
    std::string_view name; ///< what it holds
    double bytes = 0.0;    ///< bytes per model parameter
    std::string_view source_kind;
    std::string_view ref;
    std::string_view note;
};

/// The presets: full training state 16, checkpoint 14 (the default), weights only 2.
std::span<const BytesPerParamPreset> bytes_per_param_presets();
/// The preset with this id, or nullptr.
const BytesPerParamPreset* find_bytes_per_param_preset(std::string_view id);
/// Bytes per parameter used when none is given: the "checkpoint" preset (14).
inline constexpr double kDefaultBytesPerParam = 14.0;

/// Restart time (detect, reschedule, reload) used when none is given: 10 min,
/// ASSUMPTION, the failure band's central case (failure_band.hpp), so the
/// headline goodput is the band's central one (issue 51). Kokolis et al.
/// (HPCA 2025) take 5 min in their effective-training-time model (the band's
/// optimistic end); checkpoint restarts of large jobs take longer (TrainMover,
/// arXiv 2412.12636, calls them "long downtimes"); docs/checkpoints.md §10.
inline constexpr double kDefaultRestartSeconds = 600.0;

/// Local staging bandwidth per node used when none is given: 3.2 GB/s,
/// ASSUMPTION — no GPU platform publishes the write bandwidth of its
/// checkpoint staging tier; this is one data-centre NVMe drive's sequential
/// write (Solidigm D5-P5336, 3.2 GB/s, REVIEW-3 T12). A GB200 tray holds up to
/// 8 E1.S drives and host memory is faster still, so this is the slow end
/// (docs/checkpoints.md §2).
inline constexpr double kDefaultLocalBandwidthBytesPerSecond = 3.2e9;

/// Fixed time every checkpoint stalls the job besides moving its bytes
/// (barrier, metadata, fsync) when none is given: 0 s, ASSUMPTION — nobody
/// publishes it for a given job; at 10k+ GPUs it is seconds to tens of seconds,
/// which lowers the knee (docs/checkpoints.md §7; the knee is taken at no less
/// than kDefaultKneeOverheadSeconds, goodput_curve.hpp). Set your own.
inline constexpr double kDefaultCheckpointOverheadSeconds = 0.0;

/// GPUs per node a failure rate given as a bare number is read on: 8, the
/// node of every published rate the catalog carries (HPCA 2025, Llama 3).
inline constexpr int kDefaultRateGpusPerNode = 8;

/// Parses a parameter count: "1.8T", "70B", "405 B", "7e9", "175,000,000,000".
/// Suffixes K (10^3), M (10^6), B, bn or G (10^9), T (10^12), either case. The count
/// must be positive and at most 10^16. A capacity ("25 TB") is rejected with a
/// pointer to the checkpoint-size input. Throws InputError (no location).
double parse_param_count(std::string_view text);

/// Parses bytes per parameter: a number ("14", "14 B") or a preset id
/// ("checkpoint"). Must be above 0 and at most 1,024. Throws InputError.
double parse_bytes_per_param(std::string_view text);

/// A parameter count as people write it: 1.8e12 -> "1.8T", 7e10 -> "70B".
std::string format_param_count(double params);

/// An interval as people say it: "60 s", "5 min", "1.9 min", "3.2 h" (one
/// decimal, dropped when it is zero).
std::string format_interval(Duration d);

/// Checkpoint size = parameters × bytes per parameter.
Capacity checkpoint_size(double params, double bytes_per_param);

/// Write time δ = size / write bandwidth available to the job.
Duration write_time(Capacity size, Throughput bandwidth);

/// The share of each interval the write may take: the stall budget s for a
/// synchronous checkpoint; 1 for an asynchronous one (it must drain before the
/// next starts, docs/checkpoints.md §3).
double write_budget(CheckpointMode mode, double stall_budget);

/// Required write bandwidth to checkpoint every `interval` with a fixed
/// per-checkpoint overhead o in the stall: sync W = size / (s·τ − o), infinite
/// when the overhead alone fills the budget; async W = size / τ (the drain).
Throughput required_write(Capacity size, Duration interval, CheckpointMode mode,
                          double stall_budget, Duration overhead = Duration::from_base(0.0));

/// The shortest interval `bandwidth` sustains (the inverse of required_write):
/// sync τ = (δ + o) / s; async τ = δ.
Duration shortest_interval(Capacity size, Throughput bandwidth, CheckpointMode mode,
                           double stall_budget, Duration overhead = Duration::from_base(0.0));

/// Several jobs in one pod: concurrent jobs add up; alternatives (one at a
/// time) need the largest.
Throughput combined_write(std::span<const Throughput> jobs, bool concurrent);

/// WAN bandwidth to copy every `every`-th checkpoint to the central store
/// before the next copy is due: size / (every × τ).
Throughput offsite_bandwidth(Capacity size, Duration interval, std::int64_t every);

/// Capacity held by `retain` local checkpoints: retain × size.
Capacity retained_capacity(Capacity size, std::int64_t retain);
/// Peak capacity while the next checkpoint is being written: (retain + 1) × size,
/// because the oldest is deleted only once the new one is complete.
Capacity peak_retained_capacity(Capacity size, std::int64_t retain);

} // namespace podsizer
