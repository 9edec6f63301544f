#include "podsizer/core/goodput_curve.hpp"

#include "podsizer/core/failure.hpp"

#include <algorithm>
#include <cmath>

namespace podsizer {

namespace {

Duration interval_at(const CheckpointJobModel& job, Duration delta) {
    return job.interval ? *job.interval : daly_interval(delta, job.mtbf);
}

double goodput_at(const CheckpointJobModel& job, Duration delta) {
    return goodput(interval_at(job, delta), delta, job.restart, job.mtbf, job.mode);
}

} // namespace

GoodputPoint evaluate_job(const CheckpointJobModel& job, Throughput write) {
    GoodputPoint p;
    p.write = write;
    p.write_time = write_time(job.size, write);
    p.interval = interval_at(job, p.write_time);
    if (job.mode == CheckpointMode::async) {
        // The next asynchronous checkpoint cannot start before the last one drained.
        p.interval = std::max(p.interval, p.write_time);
    }
    p.write_share = p.interval.base() > 0.0 ? p.write_time / p.interval : 0.0;
    p.goodput = goodput(p.interval, p.write_time, job.restart, job.mtbf, job.mode);
    p.gpu_hours_lost_per_day = gpu_hours_lost_per_day(p.goodput, job.gpus);
    return p;
}

double goodput_limit(const CheckpointJobModel& job) {
    const double m = job.mtbf.base();
    const double r = job.restart.base();
    if (!job.interval) {
        // The Daly interval shrinks with δ; τ/(M·(e^(τ/M) − 1)) → 1 as τ → 0.
        return std::exp(-r / m);
    }
    const double tau = job.interval->base();
    return tau / (m * std::exp(r / m) * std::expm1(tau / m));
}

std::optional<Throughput> knee_bandwidth(const CheckpointJobModel& job, double tolerance) {
    const double limit = goodput_limit(job);
    if (!(limit > tolerance)) {
        return std::nullopt;
    }
    // Goodput falls as the write time δ grows (a longer write stalls longer,
    // or rolls back further). Search δ, log-spaced, for the longest write that
    // stays within `tolerance` of the limit; the knee bandwidth is size / δ.
    auto within = [&](double d) {
        return limit - goodput_at(job, Duration::from_base(d)) <= tolerance;
    };
    const double m = job.mtbf.base();
    double lo = m * 1e-15;
    double hi = m;
    for (int i = 0; i < 200 && within(hi); ++i) {
        hi *= 2.0;
    }
    if (within(hi)) {
        return Throughput::from_base(job.size.base() / hi);
    }
    for (int i = 0; i < 200 && hi / lo > 1.0 + 1e-12; ++i) {
        const double mid = std::sqrt(lo * hi);
        (within(mid) ? lo : hi) = mid;
    }
    return Throughput::from_base(job.size.base() / lo);
}

double job_write_budget(const CheckpointJobModel& job) {
    return job.interval ? write_budget(job.mode, job.stall_budget) : job.stall_budget;
}

Throughput job_required_write(const CheckpointJobModel& job) {
    if (job.interval) {
        return required_write(job.size, *job.interval, job.mode, job.stall_budget);
    }
    const Duration delta = write_time_for_daly_budget(job.mtbf, job_write_budget(job));
    return job.size / delta;
}

GoodputCurve goodput_curve(const CheckpointJobModel& job, const CurveOptions& options) {
    GoodputCurve curve;
    curve.goodput_limit = goodput_limit(job);
    curve.knee_tolerance = options.knee_tolerance;
    const std::optional<Throughput> knee = knee_bandwidth(job, options.knee_tolerance);
    if (knee) {
        curve.knee = evaluate_job(job, *knee);
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
        curve.points.push_back(evaluate_job(job, Throughput::from_base(w)));
    }
    return curve;
}

} // namespace podsizer
