#include "podsizer/reports/checkpoint_report.hpp"

#include "checkpoint_json.hpp"
#include "podsizer/reports/version.hpp"
#include "report_json.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/format.h>

namespace podsizer {

namespace {

using detail::or_null;
using json = detail::ordered_json;

/// A number for machines, to 6 decimals (detail::plain).
std::string plain(double v) {
    return detail::plain(v, 6);
}

/// Curve points and marks merged in ascending bandwidth; marks after a curve
/// point of the same bandwidth.
std::vector<MarkedPoint> merged(const GoodputCurve& curve, const std::vector<MarkedPoint>& marks) {
    std::vector<MarkedPoint> all;
    for (const GoodputPoint& p : curve.points) {
        all.emplace_back("curve", p);
    }
    for (const MarkedPoint& m : marks) {
        all.push_back(m);
    }
    std::stable_sort(all.begin(), all.end(), [](const MarkedPoint& a, const MarkedPoint& b) {
        return a.second.write < b.second.write;
    });
    return all;
}

/// 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, ...
std::string ordinal(std::int64_t n) {
    const std::int64_t tens = n % 100;
    const std::int64_t ones = n % 10;
    const char* suffix = (tens >= 11 && tens <= 13) ? "th"
                         : ones == 1                ? "st"
                         : ones == 2                ? "nd"
                         : ones == 3                ? "rd"
                                                    : "th";
    return fmt::format("{}{}", n, suffix);
}

/// The checkpoint pattern and the staging figure, said the way the model
/// takes them (docs/checkpoints.md §2).
std::string budget_phrase(const CheckpointQuery& q) {
    std::string overhead;
    if (q.overhead.base() > 0.0) {
        overhead = ", " + format_interval(q.overhead) + " fixed overhead";
    }
    if (q.mode == CheckpointMode::sync) {
        return "sync (write-to-pod), written to the pod while the job stalls, " +
               format_percent(q.stall_budget, 0) + " stall budget" + overhead;
    }
    return "async (stage-locally-then-drain), staged to node-local storage at " +
           format_write(q.local_bandwidth) + " per node" +
           (q.local_bandwidth_given ? std::string() : " (ASSUMPTION: one NVMe drive)") + overhead +
           ", drained to the pod before the next";
}

std::string basis_phrase(const CheckpointQuery& q, CheckpointBasis b) {
    if (b == CheckpointBasis::cadence) {
        return "every " + format_interval(*q.interval) +
               (q.mode == CheckpointMode::sync
                    ? " within the " + format_percent(q.stall_budget, 0) + " stall budget"
                    : ", draining before the next");
    }
    return q.mode == CheckpointMode::sync
               ? (q.overhead.base() > 0.0 ? std::string("the write and the overhead stall ")
                                          : std::string("the write stalls ")) +
                     format_percent(q.stall_budget, 0) + " of the Daly interval"
               : "draining within the Daly interval of the local copy's stall";
}

std::vector<MarkedPoint> marks_of(const CheckpointAnalysis& a) {
    std::vector<MarkedPoint> marks;
    if (a.curve && a.curve->knee) {
        marks.emplace_back("knee", *a.curve->knee);
    }
    if (a.write && a.write_time && a.interval && a.goodput && a.write_source != WriteSource::none) {
        GoodputPoint p;
        p.write = *a.write;
        p.write_time = *a.write_time;
        p.interval = *a.interval;
        p.write_share = a.write_share.value_or(0.0);
        p.goodput = *a.goodput;
        p.gpu_hours_lost_per_day = a.gpu_hours_lost_per_day.value_or(0.0);
        p.step_gain = a.step_gain.value_or(0.0);
        marks.emplace_back(
            a.write_source == WriteSource::required ? "requirement" : "operating point", p);
    }
    return marks;
}

/// "3.79 per 1,000 node-days of 8 GPUs (llama3-h100)".
std::string stated_rate(const FailureRate& r) {
    return fmt::format("{} per 1,000 node-days of {} GPU{} ({})",
                       format_number(r.per_1000_node_days, 2), r.gpus_per_node,
                       r.gpus_per_node == 1 ? "" : "s",
                       r.preset.empty() ? std::string("given") : r.preset);
}

std::vector<std::string> header_lines(const CheckpointQuery& q, const CheckpointAnalysis& a) {
    std::vector<std::string> lines;
    if (q.params > 0.0 && a.size) {
        lines.push_back("Checkpoint: " + format_param_count(q.params) + " parameters × " +
                        format_number(q.bytes_per_param,
                                      q.bytes_per_param == std::floor(q.bytes_per_param) ? 0 : 2) +
                        " B = " + format(*a.size, 1));
    } else if (a.size) {
        lines.push_back("Checkpoint: " + format(*a.size, 1));
    } else if (q.write_time) {
        lines.push_back("Checkpoint: size not given; write time " + format_interval(*q.write_time));
    }
    if (q.mtbf) {
        lines.push_back("Failures: MTBF " + format_interval(*q.mtbf) + " (given)");
    } else if (a.nodes && a.mtbf && q.failure_rate && a.platform_failures_per_1000_node_days) {
        // The rate as its source states it, then per node of this platform
        // (docs/checkpoints.md §4): the two differ when the nodes differ.
        const FailureRate& r = *q.failure_rate;
        std::string converted;
        if (r.gpus_per_node != q.gpus_per_node) {
            converted = fmt::format(" = {} per 1,000 node-days of {} GPUs",
                                    format_number(*a.platform_failures_per_1000_node_days, 2),
                                    q.gpus_per_node);
        }
        lines.push_back(fmt::format("Failures: {}{}; {} GPUs = {} nodes of {}; MTBF {}",
                                    stated_rate(r), converted,
                                    format_number(static_cast<double>(q.gpus)),
                                    format_number(static_cast<double>(*a.nodes)), q.gpus_per_node,
                                    format_interval(*a.mtbf)));
        if (r.source) {
            lines.push_back("Failure rate source: " + std::string(to_string(r.source->kind)) +
                            ", " + r.source->ref);
        }
    } else {
        lines.push_back("Failures: not given (--gpus or --mtbf give the MTBF, the Daly "
                        "interval and goodput)");
    }
    lines.push_back("Mode: " + budget_phrase(q) + "; " +
                    (q.interval ? "every " + format_interval(*q.interval)
                                : std::string("at the Daly interval")) +
                    "; restart " + format_interval(q.restart));
    return lines;
}

/// A "Metric, Value" row of the results table.
void add_row(Grid& g, std::string k, std::string v) {
    g.rows.push_back({std::move(k), std::move(v)});
}

/// The local copy (async) and whether the cadence fits the write.
void add_cadence_rows(Grid& g, const CheckpointAnalysis& a) {
    auto row = [&g](std::string k, std::string v) { add_row(g, std::move(k), std::move(v)); };
    if (a.local_copy_time && a.local_copy_write && a.nodes) {
        // docs/checkpoints.md §2: each node copies its share at the staging bandwidth.
        row("Copy to local storage",
            format_interval(*a.local_copy_time) + " at " +
                format_write(*a.local_copy_write / static_cast<double>(*a.nodes)) + " per node (" +
                format_write(*a.local_copy_write) + " over all nodes)");
    }
    if (a.stall) {
        row("Stall per checkpoint", format_interval(*a.stall));
    }
    if (a.shortest_interval) {
        row("Shortest interval at this write", format_interval(*a.shortest_interval));
    }
    if (a.sustainable) {
        row("Cadence sustainable", *a.sustainable ? "yes" : "NO");
    }
}

/// What one more step of write buys, the knee, the offsite copy and what is kept.
void add_knee_rows(Grid& g, const CheckpointQuery& q, const CheckpointAnalysis& a) {
    auto row = [&g](std::string k, std::string v) { add_row(g, std::move(k), std::move(v)); };
    if (a.curve && a.write && a.step_gain) {
        // docs/checkpoints.md §7: the marginal value of write at this write.
        const KneeRule& k = a.curve->knee_rule;
        row("One more " + format_write(k.step) + " of write",
            "gives back " + format_number(*a.step_gain, 0) + " GPU-hours a day (" +
                format_significant(*a.step_gain / in(k.step, units::TB_per_s), 0) + " per TB/s)");
    }
    if (a.curve) {
        const KneeRule& k = a.curve->knee_rule;
        const std::string rule = "one more " + format_write(k.step) + " gives back less than " +
                                 format_significant(k.threshold, 0) + " GPU-hours a day";
        // The fixed overhead moves the knee most (docs/checkpoints.md §7):
        // printed beside it, and named an ASSUMPTION when it is the default.
        const bool raised = a.curve->knee_overhead.base() > q.overhead.base();
        const std::string overhead = format_interval(a.curve->knee_overhead) + " fixed overhead";
        row("Knee at " + format_significant(k.threshold, 0) + " GPU-h/day per " +
                format_write(k.step),
            a.curve->knee
                ? format_write(a.curve->knee->write) + " at " + overhead + " (beyond it " + rule +
                      "; goodput there " + format_percent(a.curve->knee->goodput) + ", limit " +
                      format_percent(a.curve->knee_limit) + ")"
            : q.gpus > 0 ? "none (no step gives back " + format_significant(k.threshold, 0) +
                               " GPU-hours a day)"
                         : std::string("none (needs --gpus: GPU-hours)"));
        if (raised) { // the knee's own overhead, named (docs/checkpoints.md §7)
            row("Knee's fixed overhead", format_interval(a.curve->knee_overhead) +
                                             " a checkpoint, ASSUMPTION: the least the knee is "
                                             "taken at (the rows above take " +
                                             format_interval(q.overhead) + ")");
        }
    }
    if (a.offsite_write) {
        row("Offsite WAN to the central store (every " + ordinal(q.offsite_every) + " checkpoint)",
            format_write(*a.offsite_write) + " = " + format_in(*a.offsite_write, units::Gbps, 0));
    }
    if (a.retained && a.peak_retained) {
        row(fmt::format("Retained locally ({})", q.retain), format(*a.retained, 1) + "; " +
                                                                format(*a.peak_retained, 1) +
                                                                " while the next is written");
    }
}

/// "a / b / c" of the band's three cases, low to high goodput.
template <class F> std::string band_text(const FailureBand& b, F f) {
    return f(b.low) + " / " + f(b.central) + " / " + f(b.high);
}

/// The failure band: MTBF, goodput and the required write under the low,
/// central and high cases (docs/checkpoints.md §10).
void add_band_rows(Grid& g, const CheckpointQuery& q, const CheckpointAnalysis& a) {
    if (!a.band) {
        return;
    }
    const FailureBand& b = *a.band;
    auto row = [&g](std::string k, std::string v) { add_row(g, std::move(k), std::move(v)); };
    row("Failure band (low / central / high)", band_text(b, [](const FailureBandCase& c) {
            return c.input.rate.preset + ", restart " + format_interval(c.input.restart);
        }));
    row("MTBF, band",
        band_text(b, [](const FailureBandCase& c) { return format_interval(c.mtbf); }));
    row("Goodput, band",
        band_text(b, [](const FailureBandCase& c) { return format_percent(c.goodput); }));
    row("Required write, band",
        band_text(b, [](const FailureBandCase& c) { return format_write(c.required_write); }));
    if (!q.platform_rate_measured) {
        row("Band basis",
            "no public failure rate exists for " +
                (q.platform_name.empty() ? std::string("this platform") : q.platform_name) +
                "; the band transfers A100 (HPCA 2025) and H100 (Llama 3) rates per "
                "GPU");
    }
}

Grid results_grid(const CheckpointQuery& q, const CheckpointAnalysis& a) {
    Grid g;
    g.header = {"Metric", "Value"};
    g.numeric_from = 99;
    auto row = [&g](std::string k, std::string v) { add_row(g, std::move(k), std::move(v)); };
    if (a.write) {
        row("Write bandwidth",
            format_write(*a.write) + " (" + std::string(to_string(a.write_source)) + ")");
    }
    if (a.write_time) {
        row("Write time", format_interval(*a.write_time));
    }
    if (a.mtbf) {
        row("MTBF", format_interval(*a.mtbf));
    }
    if (a.young_interval) {
        row("Young interval", format_interval(*a.young_interval));
    }
    if (a.daly_interval) {
        row("Daly interval", format_interval(*a.daly_interval));
    }
    if (a.interval) {
        const bool drain_bound = q.interval && *a.interval > *q.interval;
        row("Interval",
            format_interval(*a.interval) +
                (drain_bound  ? " (the drain; " + format_interval(*q.interval) + " requested)"
                 : q.interval ? " (requested)"
                              : " (Daly)"));
    }
    if (a.write_share) {
        row(q.mode == CheckpointMode::sync ? "Stall share of interval" : "Drain share of interval",
            format_percent(*a.write_share));
    }
    if (a.goodput) {
        row("Goodput", format_percent(*a.goodput));
    }
    if (a.gpu_hours_lost_per_day) {
        row("GPU-hours lost per day", format_number(*a.gpu_hours_lost_per_day, 0));
    }
    if (a.required_write && a.basis) {
        row("Required write",
            format_write(*a.required_write) + " (" + basis_phrase(q, *a.basis) + ")");
    }
    add_band_rows(g, q, a);
    add_cadence_rows(g, a);
    add_knee_rows(g, q, a);
    return g;
}

/// {"low", "central", "high", "rates_transferred"} (docs/checkpoints.md §10).
json band_json(const FailureBand& b, const CheckpointQuery& q) {
    json j = detail::failure_band_json(b);
    j["rates_transferred"] = !q.platform_rate_measured;
    return j;
}

json analysis_json(const CheckpointQuery& q, const CheckpointAnalysis& a) {
    json j;
    j["podsizer_version"] = version();
    json in;
    in["params"] = q.params > 0.0 ? json(q.params) : json(nullptr);
    in["bytes_per_param"] = q.params > 0.0 ? json(q.bytes_per_param) : json(nullptr);
    in["mode"] = to_string(q.mode);
    in["interval_auto"] = !q.interval.has_value();
    in["stall_budget"] = q.stall_budget;
    in["restart_time_s"] = q.restart.base();
    in["checkpoint_overhead_s"] = q.overhead.base();
    in["local_bandwidth_bytes_per_s"] = q.local_bandwidth.base();
    in["local_bandwidth_source"] = q.local_bandwidth_given ? "given" : "assumption";
    in["gpus"] = q.gpus > 0 ? json(q.gpus) : json(nullptr);
    in["gpus_per_node"] = q.gpus_per_node;
    const FailureRate* rate = q.failure_rate ? &*q.failure_rate : nullptr;
    in["failures_per_1000_node_days"] = rate ? json(rate->per_1000_node_days) : json(nullptr);
    in["rate_node_gpus"] = rate ? json(rate->gpus_per_node) : json(nullptr);
    in["failure_rate_preset"] = rate ? rate->preset : std::string();
    in["failure_rate_source"] = rate ? detail::failure_source_json(*rate) : json(nullptr);
    in["knee_step_bytes_per_s"] = q.knee.step.base();
    in["knee_threshold_gpu_hours_per_day"] = q.knee.threshold;
    in["offsite_every"] = q.offsite_every;
    in["retain"] = q.retain;
    j["inputs"] = in;
    auto base = [](const auto& opt) { return opt ? json(opt->base()) : json(nullptr); };
    j["checkpoint_bytes"] = base(a.size);
    j["nodes"] = or_null(a.nodes);
    j["platform_failures_per_1000_node_days"] = or_null(a.platform_failures_per_1000_node_days);
    j["mtbf_s"] = base(a.mtbf);
    j["pattern"] = checkpoint_pattern(q.mode);
    j["local_copy_time_s"] = base(a.local_copy_time);
    j["local_copy_write_bytes_per_s"] = base(a.local_copy_write);
    j["stall_s"] = base(a.stall);
    j["write_bytes_per_s"] = base(a.write);
    j["write_source"] = to_string(a.write_source);
    j["write_time_s"] = base(a.write_time);
    j["young_interval_s"] = base(a.young_interval);
    j["daly_interval_s"] = base(a.daly_interval);
    j["interval_s"] = base(a.interval);
    j["write_share"] = or_null(a.write_share);
    j["goodput"] = or_null(a.goodput);
    j["gpu_hours_lost_per_day"] = or_null(a.gpu_hours_lost_per_day);
    j["step_gain_gpu_hours_per_day"] = or_null(a.step_gain);
    j["required_write_bytes_per_s"] = base(a.required_write);
    j["requirement_basis"] = a.basis ? json(to_string(*a.basis)) : json(nullptr);
    j["shortest_interval_s"] = base(a.shortest_interval);
    j["sustainable"] = or_null(a.sustainable);
    j["offsite_write_bytes_per_s"] = base(a.offsite_write);
    j["retained_bytes"] = base(a.retained);
    j["peak_retained_bytes"] = base(a.peak_retained);
    j["band"] = a.band ? band_json(*a.band, q) : json(nullptr);
    json cad = json::array();
    for (const CadenceRow& r : a.cadences) {
        cad.push_back({{"interval_s", r.interval.base()},
                       {"sync_write_bytes_per_s", r.sync_write.base()},
                       {"async_write_bytes_per_s", r.async_write.base()}});
    }
    j["cadences"] = cad;
    if (a.curve) {
        j["goodput_limit"] = a.curve->goodput_limit;
        j["knee_step_bytes_per_s"] = a.curve->knee_rule.step.base();
        j["knee_threshold_gpu_hours_per_day"] = a.curve->knee_rule.threshold;
        j["knee"] = a.curve->knee ? detail::goodput_point_json(*a.curve->knee) : json(nullptr);
        // The knee's figures are at this overhead (at least 10 s, goodput_curve.hpp).
        j["knee_overhead_s"] = a.curve->knee_overhead.base();
        j["knee_goodput_limit"] = a.curve->knee_limit;
        j["curve"] = detail::goodput_points_json(*a.curve);
    } else {
        j["goodput_limit"] = nullptr;
        j["knee_step_bytes_per_s"] = q.knee.step.base();
        j["knee_threshold_gpu_hours_per_day"] = q.knee.threshold;
        j["knee"] = nullptr;
        j["curve"] = json::array();
    }
    return j;
}

} // namespace

std::string format_write(Throughput t) {
    static constexpr std::array ladder{units::B_per_s, units::MB_per_s, units::GB_per_s,
                                       units::TB_per_s, units::PB_per_s};
    const units::ThroughputUnit* unit = &ladder.front();
    for (const units::ThroughputUnit& u : ladder) {
        if (std::abs(t.base()) >= u.factor) {
            unit = &u;
        }
    }
    const double v = std::abs(in(t, *unit));
    return format_in(t, *unit, v >= 100.0 ? 0 : (v >= 10.0 ? 1 : 2));
}

std::string format_percent(double fraction, int decimals) {
    return format_number(fraction * 100.0, decimals) + " %";
}

Grid goodput_curve_grid(const GoodputCurve& curve, const std::vector<MarkedPoint>& marks) {
    Grid g;
    g.header = {"point",
                "write_bytes_per_s",
                "write_time_s",
                "interval_s",
                "write_share",
                "goodput",
                "gpu_hours_lost_per_day",
                "step_gain_gpu_hours_per_day"};
    for (const auto& [label, p] : merged(curve, marks)) {
        g.rows.push_back({label, plain(p.write.base()), plain(p.write_time.base()),
                          plain(p.interval.base()), plain(p.write_share), plain(p.goodput),
                          plain(p.gpu_hours_lost_per_day), plain(p.step_gain)});
    }
    return g;
}

Grid goodput_curve_display_grid(const GoodputCurve& curve, const std::vector<MarkedPoint>& marks) {
    Grid g;
    g.header = {"",        "Write",          "Write time",         "Interval", "Write share",
                "Goodput", "GPU-h lost/day", "One more step gives"};
    for (const auto& [label, p] : merged(curve, marks)) {
        g.rows.push_back({label == "curve" ? std::string() : label, format_write(p.write),
                          format_interval(p.write_time), format_interval(p.interval),
                          format_percent(p.write_share), format_percent(p.goodput),
                          format_number(p.gpu_hours_lost_per_day, 0),
                          format_number(p.step_gain, 0)});
    }
    return g;
}

std::string render_goodput_curve(const GoodputCurve& curve, Format format,
                                 const std::vector<MarkedPoint>& marks) {
    switch (format) {
    case Format::json: {
        json j;
        j["goodput_limit"] = curve.goodput_limit;
        j["knee_step_bytes_per_s"] = curve.knee_rule.step.base();
        j["knee_threshold_gpu_hours_per_day"] = curve.knee_rule.threshold;
        j["knee"] = curve.knee ? detail::goodput_point_json(*curve.knee) : json(nullptr);
        j["points"] = detail::goodput_points_json(curve);
        return detail::without_negative_zero(j).dump(2) + "\n";
    }
    case Format::csv:
        return render_csv(goodput_curve_grid(curve, marks));
    case Format::md:
        return render_markdown(goodput_curve_display_grid(curve, marks));
    case Format::table:
        return render_text(goodput_curve_display_grid(curve, marks));
    }
    return {};
}

Grid cadence_grid(const CheckpointAnalysis& a, double stall_budget) {
    Grid g;
    g.header = {"Cadence", "Sync, " + format_percent(stall_budget, 0) + " stall",
                "Async (drain before the next)"};
    for (const CadenceRow& r : a.cadences) {
        // The overhead alone can fill the budget of a short cadence (§7).
        g.rows.push_back({"every " + format_interval(r.interval),
                          std::isfinite(r.sync_write.base()) ? format_write(r.sync_write)
                                                             : std::string("none meets it"),
                          format_write(r.async_write)});
    }
    return g;
}

std::string render_checkpoint(const CheckpointQuery& q, const CheckpointAnalysis& a,
                              Format format) {
    if (format == Format::json) {
        return detail::without_negative_zero(analysis_json(q, a)).dump(2) + "\n";
    }
    const std::vector<MarkedPoint> marks = marks_of(a);
    if (format == Format::csv) {
        return a.curve ? render_csv(goodput_curve_grid(*a.curve, marks)) : std::string();
    }
    const bool md = format == Format::md;
    auto grid = [md](const Grid& g) { return md ? render_markdown(g) : render_text(g); };
    std::string out;
    for (const std::string& line : header_lines(q, a)) {
        out += line + (md ? "  \n" : "\n");
    }
    if (!a.cadences.empty()) {
        out += std::string(md ? "\n### " : "\n") + "Write bandwidth a cadence needs\n" +
               (md ? "\n" : "") + grid(cadence_grid(a, q.stall_budget));
    }
    const Grid results = results_grid(q, a);
    if (!results.rows.empty()) {
        out += std::string(md ? "\n### " : "\n") + "Result\n" + (md ? "\n" : "") + grid(results);
    }
    if (a.curve) {
        out += std::string(md ? "\n### " : "\n") + "Goodput vs write bandwidth\n" +
               (md ? "\n" : "") + grid(goodput_curve_display_grid(*a.curve, marks));
    }
    return out;
}

} // namespace podsizer
