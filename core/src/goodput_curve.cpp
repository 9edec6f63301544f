#include "podsizer/core/goodput_curve.hpp"

#include "podsizer/core/failure.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace podsizer {

std::optional<Duration> base_interval(const CheckpointJobModel& job) {
    if (job.interval) {
        return job.interval;
    }
    if (job.mode == CheckpointMode::sync) {
        return std::nullopt; // Daly's at each write time
    }
    // "auto", async: Daly's interval for the stall the job sees, the overhead
    // and the copy to local storage (docs/checkpoints.md §2, §6).
    return daly_interval(async_stall(job), job.mtbf);
}

Duration local_copy_time(const CheckpointJobModel& job) {
    if (job.mode == CheckpointMode::sync || !job.local_write || !(job.local_write->base() > 0.0)) {
        return Duration::from_base(0.0);
    }
    return job.size / *job.local_write;
}

Duration async_stall(const CheckpointJobModel& job) {
    return job.overhead + local_copy_time(job);
}

Throughput local_copy_write(const CheckpointJobModel& job) {
    if (job.mode == CheckpointMode::sync || !job.local_write) {
        return Throughput::from_base(0.0);
    }
    return *job.local_write;
}

namespace {

/// The stall at write time δ: the overhead and the write (sync), the overhead
/// and the local copy (async).
Duration stall_at(const CheckpointJobModel& job, Duration delta) {
    return job.mode == CheckpointMode::sync ? job.overhead + delta : async_stall(job);
}

/// The interval run at write time δ: requested or Daly's for the stall (sync);
/// the base interval, and never shorter than the drain (async).
Duration interval_at(const CheckpointJobModel& job, Duration delta) {
    if (job.mode == CheckpointMode::sync) {
        return job.interval ? *job.interval : daly_interval(stall_at(job, delta), job.mtbf);
    }
    return std::max(*base_interval(job), delta);
}

double goodput_at(const CheckpointJobModel& job, Duration delta) {
    const Duration drain = job.mode == CheckpointMode::sync ? Duration::from_base(0.0) : delta;
    return goodput(interval_at(job, delta), stall_at(job, delta), drain, job.restart, job.mtbf);
}

} // namespace

GoodputPoint evaluate_job(const CheckpointJobModel& job, Throughput write) {
    GoodputPoint p;
    p.write = write;
    p.write_time = write_time(job.size, write);
    p.stall = stall_at(job, p.write_time);
    p.interval = interval_at(job, p.write_time);
    // Sync: the stall's share (what the budget bounds); async: the drain's.
    const Duration share_of = job.mode == CheckpointMode::sync ? p.stall : p.write_time;
    p.write_share = p.interval.base() > 0.0 ? share_of / p.interval : 0.0;
    p.goodput = goodput_at(job, p.write_time);
    p.gpu_hours_lost_per_day = gpu_hours_lost_per_day(p.goodput, job.gpus);
    return p;
}

double goodput_limit(const CheckpointJobModel& job) {
    // The goodput of a write (drain) that takes no time; with no overhead and
    // the Daly interval, which shrinks to 0, goodput() gives e^(−R/M).
    return goodput_at(job, Duration::from_base(0.0));
}

double step_gain(const CheckpointJobModel& job, Throughput write, Throughput step) {
    if (job.gpus <= 0) {
        return 0.0;
    }
    return evaluate_job(job, write).gpu_hours_lost_per_day -
           evaluate_job(job, write + step).gpu_hours_lost_per_day;
}

double gpu_hours_per_day_per_tbps(const CheckpointJobModel& job, Throughput write,
                                  Throughput step) {
    return step_gain(job, write, step) / in(step, units::TB_per_s);
}

CheckpointJobModel knee_job(const CheckpointJobModel& job, const KneeRule& rule) {
    CheckpointJobModel k = job;
    k.overhead = Duration::from_base(std::max(job.overhead.base(), rule.min_overhead.base()));
    return k;
}

std::optional<Throughput> knee_bandwidth(const CheckpointJobModel& given, const KneeRule& rule) {
    const CheckpointJobModel job = knee_job(given, rule);
    if (job.gpus <= 0 || !(rule.step.base() > 0.0) || !(rule.threshold > 0.0)) {
        return std::nullopt;
    }
    // What a step gives back falls as the write grows (goodput flattens out
    // towards its limit). Bracket the crossing in bandwidth, doubling from the
    // bandwidth that writes one checkpoint per MTBF, then bisect in log space.
    auto worth = [&](double w) {
        return step_gain(job, Throughput::from_base(w), rule.step) >= rule.threshold;
    };
    double hi = job.size.base() / job.mtbf.base();
    for (int i = 0; i < 200 && worth(hi); ++i) {
        hi *= 2.0;
    }
    if (worth(hi)) {
        return std::nullopt; // no bandwidth ends it: not a finite knee
    }
    double lo = hi;
    for (int i = 0; i < 200 && !worth(lo); ++i) {
        lo /= 2.0;
    }
    if (!worth(lo)) {
        return std::nullopt; // no step anywhere gives back the threshold
    }
    for (int i = 0; i < 200 && hi / lo > 1.0 + 1e-12; ++i) {
        const double mid = std::sqrt(lo * hi);
        (worth(mid) ? lo : hi) = mid;
    }
    return Throughput::from_base(hi);
}

double job_write_budget(const CheckpointJobModel& job) {
    return write_budget(job.mode, job.stall_budget);
}

Throughput job_required_write(const CheckpointJobModel& job) {
    if (job.interval) {
        return required_write(job.size, *job.interval, job.mode, job.stall_budget, job.overhead);
    }
    if (job.mode == CheckpointMode::async) {
        return job.size / *base_interval(job); // drain before the next
    }
    // The stall (overhead + write) takes the budget of the Daly interval for it.
    const Duration stall = write_time_for_daly_budget(job.mtbf, job.stall_budget);
    const Duration room = stall - job.overhead;
    if (!(room.base() > 0.0)) {
        return Throughput::from_base(std::numeric_limits<double>::infinity());
    }
    return job.size / room;
}

GoodputCurve goodput_curve(const CheckpointJobModel& job, const CurveOptions& options) {
    GoodputCurve curve;
    curve.goodput_limit = goodput_limit(job);
    curve.knee_rule = options.knee;
    const std::optional<Throughput> knee = knee_bandwidth(job, options.knee);
    const CheckpointJobModel at_knee = knee_job(job, options.knee);
    curve.knee_overhead = at_knee.overhead;
    curve.knee_limit = goodput_limit(at_knee);
    if (knee) {
        curve.knee = evaluate_job(at_knee, *knee);
        curve.knee->step_gain = step_gain(at_knee, *knee, options.knee.step);
    }
    std::vector<double> marks;
    auto mark = [&marks](Throughput t) {
        if (t.base() > 0.0 && std::isfinite(t.base())) {
            marks.push_back(t.base());
        }
    };
    if (knee) {
        mark(*knee);
    }
    mark(job_required_write(job));
    for (Throughput t : options.include) {
        mark(t);
    }
    if (marks.empty()) {
        marks.push_back(job.size.base() / job.mtbf.base()); // one checkpoint per MTBF
    }
    const auto [lo_it, hi_it] = std::minmax_element(marks.begin(), marks.end());
    const double lo = *lo_it / 8.0;
    const double hi = *hi_it * 8.0;
    const int n = std::max(options.points, 2);
    curve.points.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        const double f = static_cast<double>(i) / static_cast<double>(n - 1);
        const double w = lo * std::pow(hi / lo, f);
        GoodputPoint p = evaluate_job(job, Throughput::from_base(w));
        p.step_gain = step_gain(job, p.write, options.knee.step);
        curve.points.push_back(p);
    }
    return curve;
}

} // namespace podsizer
