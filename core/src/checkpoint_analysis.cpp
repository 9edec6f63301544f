#include "podsizer/core/checkpoint_analysis.hpp"

#include "podsizer/core/counting.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/failure.hpp"

#include <cmath>

namespace podsizer {

std::string_view to_string(WriteSource s) {
    switch (s) {
    case WriteSource::none:
        return "none";
    case WriteSource::given:
        return "given";
    case WriteSource::size_and_write_time:
        return "size and write time";
    case WriteSource::required:
        return "required";
    }
    return "none";
}

namespace {

/// The checkpoint size, the write each cadence needs, the nodes and the MTBF.
void size_and_failures(const CheckpointQuery& q, CheckpointAnalysis& a) {
    if (q.params > 0.0) {
        a.size = checkpoint_size(q.params, q.bytes_per_param);
    } else if (q.size) {
        a.size = *q.size;
    }
    if (a.size) {
        for (Duration t : q.cadences) {
            a.cadences.push_back(
                {t, required_write(*a.size, t, CheckpointMode::sync, q.stall_budget, q.overhead),
                 required_write(*a.size, t, CheckpointMode::async, 0.0)});
        }
    }
    if (q.gpus > 0) {
        a.nodes = nodes_for(q.gpus, q.gpus_per_node);
    }
    if (q.mtbf) {
        a.mtbf = *q.mtbf;
    } else if (a.nodes && q.failure_rate) {
        a.platform_failures_per_1000_node_days = q.failure_rate->per_platform_node(q.gpus_per_node);
        a.mtbf = cluster_mtbf(*a.nodes, *a.platform_failures_per_1000_node_days);
    }
}

/// The job model, once the size is known and the interval is either requested
/// or can follow from the MTBF; sets the required write and its basis.
std::optional<CheckpointJobModel> job_model(const CheckpointQuery& q, CheckpointAnalysis& a) {
    if (!a.size || (!q.interval && !a.mtbf)) {
        return std::nullopt;
    }
    CheckpointJobModel m;
    m.size = *a.size;
    m.mode = q.mode;
    m.interval = q.interval;
    m.stall_budget = q.stall_budget;
    m.restart = q.restart;
    // Without failures a requested cadence still has a bandwidth requirement;
    // the MTBF only enters goodput, which stays empty then.
    m.mtbf = a.mtbf.value_or(Duration::from_base(0.0));
    m.gpus = q.gpus;
    m.overhead = q.overhead;
    if (a.nodes) {
        m.local_write = q.local_bandwidth * static_cast<double>(*a.nodes);
    }
    a.required_write = job_required_write(m);
    if (!std::isfinite(a.required_write->base())) {
        // Sync: the overhead alone fills the stall budget (docs/checkpoints.md §7).
        throw InputError("--checkpoint-overhead",
                         "the fixed overhead of " + format_interval(q.overhead) +
                             " fills the stall budget of the interval on its own, so no write "
                             "bandwidth meets it; expected an overhead below the budget's share "
                             "of the interval, or a larger --stall-budget");
    }
    a.basis = q.interval ? CheckpointBasis::cadence : CheckpointBasis::daly_budget;
    return m;
}

/// The operating point: the write bandwidth given, implied by a write time,
/// or the required one; and the write time it gives.
void operating_point(const CheckpointQuery& q, CheckpointAnalysis& a) {
    if (q.write_bandwidth) {
        a.write = *q.write_bandwidth;
        a.write_source = WriteSource::given;
    } else if (a.size && q.write_time) {
        a.write = *a.size / *q.write_time;
        a.write_source = WriteSource::size_and_write_time;
    } else if (a.required_write) {
        a.write = *a.required_write;
        a.write_source = WriteSource::required;
    }
    if (q.write_time) {
        a.write_time = *q.write_time;
    } else if (a.size && a.write) {
        a.write_time = write_time(*a.size, *a.write);
    }
}

/// The stall the intervals are about and the interval before any drain bound:
/// sync, the overhead and the write, and the requested (or Daly's) interval;
/// async, the overhead and the copy to local storage at the staging
/// bandwidth, and the requested interval or Daly's for that stall
/// (docs/checkpoints.md §2, §6).
void stall_and_base(const CheckpointQuery& q, CheckpointAnalysis& a, std::optional<Duration>& stall,
                    std::optional<Duration>& base) {
    if (q.mode == CheckpointMode::sync) {
        stall = q.overhead + *a.write_time;
    } else {
        Duration copy = Duration::from_base(0.0);
        if (a.size && a.nodes) {
            a.local_copy_write = q.local_bandwidth * static_cast<double>(*a.nodes);
            copy = *a.size / *a.local_copy_write;
            a.local_copy_time = copy;
        }
        stall = q.overhead + copy;
    }
    a.stall = stall;
    if (a.mtbf) {
        a.young_interval = young_interval(*stall, *a.mtbf);
        a.daly_interval = daly_interval(*stall, *a.mtbf);
    }
    base = q.interval ? q.interval : a.daly_interval;
}

/// Intervals (shortest, Young, Daly, the one used), the write share, goodput.
void intervals_and_goodput(const CheckpointQuery& q, CheckpointAnalysis& a) {
    if (!a.write_time) {
        if (q.interval) {
            a.interval = *q.interval;
        }
        return;
    }
    a.shortest_interval = q.mode == CheckpointMode::sync
                              ? (q.overhead + *a.write_time) / q.stall_budget
                              : *a.write_time;
    std::optional<Duration> stall;
    std::optional<Duration> base;
    stall_and_base(q, a, stall, base);
    if (!base) {
        return;
    }
    a.interval = *base;
    if (q.mode == CheckpointMode::async && *a.write_time > *a.interval) {
        a.interval = *a.write_time; // the next cannot start before the drain ends
    }
    // Sync: the stall's share, which the budget bounds; async: the drain's.
    a.write_share = (q.mode == CheckpointMode::sync ? *stall : *a.write_time) / *a.interval;
    if (a.mtbf) {
        const Duration drain =
            q.mode == CheckpointMode::async ? *a.write_time : Duration::from_base(0.0);
        a.goodput = goodput(*a.interval, *stall, drain, q.restart, *a.mtbf);
        if (q.gpus > 0) {
            a.gpu_hours_lost_per_day = gpu_hours_lost_per_day(*a.goodput, q.gpus);
        }
    }
}

/// Whether the operating point sustains the requirement, offsite copies,
/// retention.
void sustainability_and_copies(const CheckpointQuery& q, CheckpointAnalysis& a) {
    if (a.required_write && a.write) {
        a.sustainable = meets(a.write->base(), a.required_write->base());
    }
    if (a.size && q.offsite_every > 0 && a.interval) {
        a.offsite_write = offsite_bandwidth(*a.size, *a.interval, q.offsite_every);
    }
    if (a.size && q.retain > 0) {
        a.retained = retained_capacity(*a.size, q.retain);
        a.peak_retained = peak_retained_capacity(*a.size, q.retain);
    }
}

} // namespace

CheckpointAnalysis analyse_checkpoint(const CheckpointQuery& q) {
    CheckpointAnalysis a;
    size_and_failures(q, a);
    const std::optional<CheckpointJobModel> job = job_model(q, a);
    operating_point(q, a);
    intervals_and_goodput(q, a);
    sustainability_and_copies(q, a);
    if (job && a.mtbf) {
        CurveOptions opts;
        opts.knee = q.knee;
        opts.points = q.curve_points;
        if (a.write) {
            opts.include.push_back(*a.write);
        }
        a.curve = goodput_curve(*job, opts);
        if (a.write && q.gpus > 0) {
            a.step_gain = step_gain(*job, *a.write, q.knee.step);
        }
    }
    if (job && a.nodes && !q.mtbf && q.band.size() == 3) {
        const bool given = a.write_source == WriteSource::given ||
                           a.write_source == WriteSource::size_and_write_time;
        a.band =
            failure_band(*job, *a.nodes, q.gpus_per_node, q.band, given ? a.write : std::nullopt);
    }
    return a;
}

} // namespace podsizer
