// The failure model (docs/checkpoints.md §4–§6): how often a cluster of a given
// size is interrupted, the checkpoint interval that minimises lost time
// (Young 1974; Daly 2006), and the goodput — the useful fraction of GPU time —
// that a checkpoint cadence leaves.
//
// Failures are taken as a Poisson process (exponential times between
// interruptions), the assumption under which Young's and Daly's formulas hold.
#pragma once

#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/units.hpp"

#include <cstdint>

namespace podsizer {

/// Nodes needed for `gpus`: ceil(gpus / gpus per node).
std::int64_t nodes_for(std::int64_t gpus, int gpus_per_node);

/// A failure rate stated per node of `rate_gpus_per_node` GPUs, restated per
/// node of `gpus_per_node` GPUs: rate × gpus_per_node / rate_gpus_per_node.
/// Failures are taken to scale with the GPUs a node holds (each GPU-day carries
/// the same risk; docs/checkpoints.md §4): the published rates are per 8-GPU
/// node (Kokolis et al., HPCA 2025; Llama 3 §3.3.4), a GB200 tray holds 4.
double failure_rate_per_node(double per_1000_node_days, int rate_gpus_per_node, int gpus_per_node);

/// Cluster MTBF M = 24 h / (nodes × failures per node-day), with the rate given
/// per 1,000 node-days as the papers quote it (docs/checkpoints.md §4).
Duration cluster_mtbf(std::int64_t nodes, double failures_per_1000_node_days);

/// Young's first-order optimum interval τ = sqrt(2δM) (CACM 17(9), 1974).
Duration young_interval(Duration write_time, Duration mtbf);

/// Daly's higher-order optimum (FGCS 22(3), 2006):
/// τ = sqrt(2δM)·[1 + (1/3)·sqrt(δ/2M) + (1/9)·(δ/2M)] − δ for δ < 2M; τ = M otherwise.
Duration daly_interval(Duration write_time, Duration mtbf);

/// Goodput of a job that stalls for `stall` at every checkpoint and then
/// drains it for `drain` in the background, every `interval` of compute, with
/// a restart of `restart` and cluster MTBF `mtbf` (docs/checkpoints.md §5):
/// Daly's complete model (FGCS 22(3), 2006) with the stall in the segment and
/// the drain added to the rollback of each failure (a failure during a drain
/// loses one interval more), the interval no shorter than the drain:
/// τ' = max(τ, δd), goodput = τ' / (M·e^((R+δd)/M)·(e^((τ'+δs)/M) − 1)).
/// A synchronous checkpoint is a stall without drain; an asynchronous one
/// stalls for its copy to local storage and drains to the pod.
double goodput(Duration interval, Duration stall, Duration drain, Duration restart, Duration mtbf);

/// Goodput: the fraction of wall-clock GPU time that is useful work, for
/// checkpoints every `interval` of compute that take `write_time` to write,
/// a restart (detect, reschedule, reload) of `restart`, and cluster MTBF `mtbf`.
///
/// sync: Daly's complete model (2006) gives the expected wall time per
///   unit of work, M·e^(R/M)·(e^((τ+δ)/M) − 1)/τ; goodput is its inverse.
/// async: the drain alone, no stall (the general form above with stall 0):
///   a failure during a drain rolls back one interval more, so each failure
///   costs on average τ/2 + δ + R (docs/checkpoints.md §5).
/// To first order both reduce to the starting specification's form (docs/checkpoints.md §11): 1 −
/// δ/τ (sync) − (τ/2 + R)/M.
double goodput(Duration interval, Duration write_time, Duration restart, Duration mtbf,
               CheckpointMode mode);

/// The starting specification's first-order approximation (docs/checkpoints.md §11) 1 − δ/τ (sync
/// only) − (τ/2 + R)/M (async: − (τ/2 + δ + R)/M). Accurate while τ, δ and R are small against M;
/// not clamped, so it goes negative where the approximation breaks down.
double goodput_first_order(Duration interval, Duration write_time, Duration restart, Duration mtbf,
                           CheckpointMode mode);

/// GPU-hours lost per day: (1 − goodput) × GPUs × 24 h.
double gpu_hours_lost_per_day(double goodput, std::int64_t gpus);

/// The write time δ at which the write takes exactly `budget` of the Daly
/// interval (δ = budget × τ_Daly(δ)); closed form, see docs/checkpoints.md §6.
/// `budget` must be in (0, 1].
Duration write_time_for_daly_budget(Duration mtbf, double budget);

} // namespace podsizer
