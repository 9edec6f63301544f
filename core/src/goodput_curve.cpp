#include "podsizer/core/goodput_curve.hpp"

#include "podsizer/core/failure.hpp"

#include <algorithm>
#include <cmath>

namespace podsizer {

std::optional<Duration> base_interval(const CheckpointJobModel& job) {
    if (job.interval) {
        return job.interval;
    }
    if (job.mode == CheckpointMode::sync) {
        return std::nullopt; // Daly's at each write time
    }
    // "auto", async: the local copy takes the stall budget of the Daly
    // interval for that copy, δl = s·τ_Daly(δl): the closed form of §6.
    return daly_interval(write_time_for_daly_budget(job.mtbf, job.stall_budget), job.mtbf);
}

Duration local_copy_time(const CheckpointJobModel& job) {
    if (job.mode == CheckpointMode::sync) {
        return Duration::from_base(0.0);
    }
    return *base_interval(job) * job.stall_budget;
}

Throughput local_copy_write(const CheckpointJobModel& job) {
    const Duration copy = local_copy_time(job);
    return copy.base() > 0.0 ? job.size / copy : Throughput::from_base(0.0);
}

namespace {

/// The interval run at write time δ: requested or Daly's (sync); the base
/// interval, and never shorter than the drain (async).
Duration interval_at(const CheckpointJobModel& job, Duration delta) {
    if (job.mode == CheckpointMode::sync) {
        return job.interval ? *job.interval : daly_interval(delta, job.mtbf);
    }
    return std::max(*base_interval(job), delta);
}

double goodput_at(const CheckpointJobModel& job, Duration delta) {
    const Duration none = Duration::from_base(0.0);
    if (job.mode == CheckpointMode::sync) {
        return goodput(interval_at(job, delta), delta, none, job.restart, job.mtbf);
    }
    return goodput(interval_at(job, delta), local_copy_time(job), delta, job.restart, job.mtbf);
}

} // namespace

GoodputPoint evaluate_job(const CheckpointJobModel& job, Throughput write) {
    GoodputPoint p;
    p.write = write;
    p.write_time = write_time(job.size, write);
    p.stall = job.mode == CheckpointMode::sync ? p.write_time : local_copy_time(job);
    p.interval = interval_at(job, p.write_time);
    p.write_share = p.interval.base() > 0.0 ? p.write_time / p.interval : 0.0;
    p.goodput = goodput_at(job, p.write_time);
    p.gpu_hours_lost_per_day = gpu_hours_lost_per_day(p.goodput, job.gpus);
    return p;
}

double goodput_limit(const CheckpointJobModel& job) {
    if (job.mode == CheckpointMode::sync && !job.interval) {
        // The Daly interval shrinks with δ; τ/(M·(e^(τ/M) − 1)) → 1 as τ → 0.
        return std::exp(-job.restart.base() / job.mtbf.base());
    }
    // A requested interval, or an async job's base interval with its local
    // copy: the goodput of a write (drain) that takes no time.
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

std::optional<Throughput> knee_bandwidth(const CheckpointJobModel& job, const KneeRule& rule) {
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
        return required_write(job.size, *job.interval, job.mode, job.stall_budget);
    }
    if (job.mode == CheckpointMode::async) {
        return job.size / *base_interval(job); // drain before the next
    }
    const Duration delta = write_time_for_daly_budget(job.mtbf, job.stall_budget);
    return job.size / delta;
}

GoodputCurve goodput_curve(const CheckpointJobModel& job, const CurveOptions& options) {
    GoodputCurve curve;
    curve.goodput_limit = goodput_limit(job);
    curve.knee_rule = options.knee;
    const std::optional<Throughput> knee = knee_bandwidth(job, options.knee);
    if (knee) {
        curve.knee = evaluate_job(job, *knee);
        curve.knee->step_gain = step_gain(job, *knee, options.knee.step);
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
