#include "podsizer/core/failure.hpp"

#include <algorithm>
#include <cmath>

namespace podsizer {

namespace {
constexpr double kSecondsPerDay = 86400.0;
} // namespace

std::int64_t nodes_for(std::int64_t gpus, int gpus_per_node) {
    const std::int64_t per = std::max(gpus_per_node, 1);
    return (gpus + per - 1) / per;
}

double failure_rate_per_node(double per_1000_node_days, int rate_gpus_per_node, int gpus_per_node) {
    return per_1000_node_days * static_cast<double>(std::max(gpus_per_node, 1)) /
           static_cast<double>(std::max(rate_gpus_per_node, 1));
}

Duration cluster_mtbf(std::int64_t nodes, double failures_per_1000_node_days) {
    // Node failures are independent and each node fails at the same rate, so
    // the cluster's rate is the sum: nodes × rate; the MTBF is its inverse.
    const double failures_per_day =
        static_cast<double>(nodes) * failures_per_1000_node_days / 1000.0;
    return Duration::from_base(kSecondsPerDay / failures_per_day);
}

Duration young_interval(Duration write_time, Duration mtbf) {
    return Duration::from_base(std::sqrt(2.0 * write_time.base() * mtbf.base()));
}

Duration daly_interval(Duration write_time, Duration mtbf) {
    const double d = write_time.base();
    const double m = mtbf.base();
    if (d >= 2.0 * m) {
        // Daly 2006: when a checkpoint takes longer than two MTBFs the
        // perturbation series no longer converges; checkpoint once per MTBF.
        return mtbf;
    }
    const double x = d / (2.0 * m);
    return Duration::from_base(std::sqrt(2.0 * d * m) * (1.0 + std::sqrt(x) / 3.0 + x / 9.0) - d);
}

double goodput(Duration interval, Duration stall, Duration drain, Duration restart, Duration mtbf) {
    const double m = mtbf.base();
    const double r = restart.base();
    const double ds = stall.base();
    const double dd = drain.base();
    // The next checkpoint cannot start before the last one drained.
    const double tau = std::max(interval.base(), dd);
    // A failure during a drain rolls back one interval more: the drain adds to
    // the restart (docs/checkpoints.md §5).
    const double restart_cost = std::exp((r + dd) / m);
    if (!(tau > 0.0)) {
        // Checkpointing without computing makes no progress when it stalls;
        // without a stall the limit τ → 0 of τ / (M·expm1(τ/M)) is 1.
        return ds > 0.0 ? 0.0 : 1.0 / restart_cost;
    }
    // Daly's expected wall time per unit of work: M·e^(R/M)·(e^((τ+δ)/M) − 1)/τ.
    // expm1 keeps precision when τ+δ ≪ M (a single node: M is months).
    const double wall = m * restart_cost * std::expm1((tau + ds) / m) / tau;
    // Rounding can put a near-perfect job a hair above 1 (a failure rate of
    // 1e-300 gave 1.0000000000000002, and negative GPU-hours lost): a share
    // of the wall time is at most all of it.
    return std::isfinite(wall) ? std::clamp(1.0 / wall, 0.0, 1.0) : 0.0;
}

double goodput(Duration interval, Duration write_time, Duration restart, Duration mtbf,
               CheckpointMode mode) {
    const Duration none = Duration::from_base(0.0);
    return mode == CheckpointMode::sync ? goodput(interval, write_time, none, restart, mtbf)
                                        : goodput(interval, none, write_time, restart, mtbf);
}

double goodput_first_order(Duration interval, Duration write_time, Duration restart, Duration mtbf,
                           CheckpointMode mode) {
    const double tau = interval.base();
    const double d = write_time.base();
    const double m = mtbf.base();
    const double r = restart.base();
    if (mode == CheckpointMode::sync) {
        return 1.0 - d / tau - (tau / 2.0 + r) / m;
    }
    return 1.0 - (std::max(tau, d) / 2.0 + d + r) / m;
}

double gpu_hours_lost_per_day(double goodput_fraction, std::int64_t gpus) {
    return (1.0 - goodput_fraction) * static_cast<double>(gpus) * 24.0;
}

Duration write_time_for_daly_budget(Duration mtbf, double budget) {
    // With u = sqrt(δ/2M), δ = b·τ_Daly(δ) becomes (b/9)u² − (1 + 2b/3)u + b = 0;
    // its smaller root, written without cancellation, is
    // u = 2b / (1 + 2b/3 + sqrt(1 + 4b/3)). For b ≤ 1, u < 0.63, so δ < 2M and
    // Daly's first branch applies.
    const double b = budget;
    const double u = 2.0 * b / (1.0 + 2.0 * b / 3.0 + std::sqrt(1.0 + 4.0 * b / 3.0));
    return Duration::from_base(2.0 * mtbf.base() * u * u);
}

} // namespace podsizer
