// The failure band (docs/checkpoints.md §10): MTBF, goodput and required write
// for three sourced failure cases, not one favourable point. No GPU platform
// newer than the H100 has a published failure rate (REVIEW-3 §1.4, T4), so the
// band brackets the published A100 and H100 rates, transferred per GPU, with
// restart times from 5 to 15 minutes.
#pragma once

#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/checkpoint_plan.hpp"
#include "podsizer/core/goodput_curve.hpp"
#include "podsizer/core/units.hpp"

#include <optional>
#include <vector>

namespace podsizer {

struct Catalog;

/// The catalog presets the band uses, in the order low, central, high.
inline constexpr const char* kBandPresets[3] = {"hpca25-a100-high", "llama3-h100",
                                                "hpca25-a100-low"};
/// The restart times of the band, in seconds, in the same order: 15, 10 and
/// 5 min. 5 min is Kokolis et al.'s ETTR overhead (HPCA 2025); checkpoint
/// restarts of large jobs take longer (TrainMover, arXiv 2412.12636, calls
/// them "long downtimes"), so 10 and 15 min are ASSUMPTION. The central
/// case's is the default restart (checkpoint.hpp): one restart time, so the
/// headline goodput is the band's central one.
inline constexpr double kBandRestartSeconds[3] = {900.0, kDefaultRestartSeconds, 300.0};

/// The band's three inputs from `catalog`: empty when it lacks a preset.
std::vector<FailureBandInput> failure_band_inputs(const Catalog& catalog);

/// The band for `job` (its size, mode, interval, budget, overhead and local
/// copy) on `nodes` nodes of `gpus_per_node` GPUs. With `write`, the goodput
/// of each case at that write; without, at each case's own requirement.
/// Needs three inputs; the job's own MTBF and restart are ignored.
FailureBand failure_band(const CheckpointJobModel& job, std::int64_t nodes, int gpus_per_node,
                         const std::vector<FailureBandInput>& inputs,
                         std::optional<Throughput> write);

} // namespace podsizer
