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

using detail::FigureValue;
using detail::kCsv;
using detail::kJson;
using detail::kPeople;
using enum detail::Shown;
using detail::kBoth;
using CA = CheckpointAnalysis;
using CQ = CheckpointQuery;
using FR = FailureRate;
using Text = std::optional<std::string>;

using Q = const CheckpointQuery&;
using InputRow = detail::FigureRow<CheckpointQuery>;

/// A figure of the query that applies with a failure rate (F: a member or a
/// function of it), else null; one that applies with a parameter count.
template <auto F> FigureValue with_rate(Q q) {
    return q.failure_rate ? detail::figure_of(std::invoke(F, *q.failure_rate)) : nullptr;
}
template <auto M> FigureValue with_params(Q q) {
    return q.params > 0.0 ? FigureValue(q.*M) : FigureValue(nullptr);
}
using detail::by;

/// What the command was asked (`inputs` in JSON).
constexpr std::array kInputs{
    InputRow{.key = "params", .value = with_params<&CQ::params>},
    InputRow{.key = "bytes_per_param", .value = with_params<&CQ::bytes_per_param>},
    InputRow{.key = "mode", .value = detail::of<&CQ::mode>},
    InputRow{.key = "interval_auto", .value = by<[](Q q) { return !q.interval.has_value(); }>},
    InputRow{.key = "stall_budget", .value = detail::of<&CQ::stall_budget>},
    InputRow{.key = "restart_time_s", .value = detail::of<&CQ::restart>},
    InputRow{.key = "checkpoint_overhead_s", .value = detail::of<&CQ::overhead>},
    InputRow{.key = "local_bandwidth_bytes_per_s", .value = detail::of<&CQ::local_bandwidth>},
    InputRow{.key = "local_bandwidth_source",
             .value = by<[](Q q) { return q.local_bandwidth_given ? "given" : "assumption"; }>},
    InputRow{.key = "gpus",
             .value = [](Q q) { return q.gpus > 0 ? FigureValue(q.gpus) : FigureValue(nullptr); }},
    InputRow{.key = "gpus_per_node", .value = detail::of<&CQ::gpus_per_node>},
    InputRow{.key = "failures_per_1000_node_days", .value = with_rate<&FR::per_1000_node_days>},
    InputRow{.key = "rate_node_gpus", .value = with_rate<&FR::gpus_per_node>},
    InputRow{.key = "failure_rate_preset",
             .value =
                 by<[](Q q) { return q.failure_rate ? q.failure_rate->preset : std::string(); }>},
    InputRow{.key = "failure_rate_source", .value = with_rate<detail::failure_source_json>},
    InputRow{.key = "knee_step_bytes_per_s", .value = detail::of<&CQ::knee, &KneeRule::step>},
    InputRow{.key = "knee_threshold_gpu_hours_per_day",
             .value = detail::of<&CQ::knee, &KneeRule::threshold>},
    InputRow{.key = "offsite_every", .value = detail::of<&CQ::offsite_every>},
    InputRow{.key = "retain", .value = detail::of<&CQ::retain>},
};

/// What `podsizer checkpoint` answers: the question and the analysis.
struct Analysis {
    const CheckpointQuery& q;
    const CheckpointAnalysis& a;
};
using A = const Analysis&;
using Row = detail::FigureRow<Analysis>;

/// A member of the analysis as a figure.
template <auto M> FigureValue got(A x) {
    return detail::figure_of(x.a.*M);
}

Text write_text(A x) {
    if (!x.a.write) {
        return std::nullopt;
    }
    return format_write(*x.a.write) + " (" + std::string(to_string(x.a.write_source)) + ")";
}

Text interval_text(A x) {
    const CheckpointQuery& q = x.q;
    if (!x.a.interval) {
        return std::nullopt;
    }
    const bool drain_bound = q.interval && *x.a.interval > *q.interval;
    return format_interval(*x.a.interval) +
           (drain_bound  ? " (the drain; " + format_interval(*q.interval) + " requested)"
            : q.interval ? " (requested)"
                         : " (Daly)");
}

Text required_text(A x) {
    if (!x.a.required_write || !x.a.basis) {
        return std::nullopt;
    }
    return format_write(*x.a.required_write) + " (" + basis_phrase(x.q, *x.a.basis) + ")";
}

/// "a / b / c" of the band's three cases, low to high goodput.
template <class F> std::string band_text(const FailureBand& b, F f) {
    return f(b.low) + " / " + f(b.central) + " / " + f(b.high);
}

/// The failure band: MTBF, goodput and the required write under the low,
/// central and high cases (docs/checkpoints.md §10).
std::vector<std::array<std::string, 2>> band_rows(A x) {
    std::vector<std::array<std::string, 2>> rows;
    if (!x.a.band) {
        return rows;
    }
    const FailureBand& b = *x.a.band;
    using FC = const FailureBandCase&;
    rows.push_back({"Failure band (low / central / high)", band_text(b, [](FC c) {
                        return c.input.rate.preset + ", restart " +
                               format_interval(c.input.restart);
                    })});
    rows.push_back({"MTBF, band", band_text(b, [](FC c) { return format_interval(c.mtbf); })});
    rows.push_back({"Goodput, band", band_text(b, [](FC c) { return format_percent(c.goodput); })});
    rows.push_back({"Required write, band",
                    band_text(b, [](FC c) { return format_write(c.required_write); })});
    if (!x.q.platform_rate_measured) {
        rows.push_back({"Band basis", "no public failure rate exists for " +
                                          (x.q.platform_name.empty() ? std::string("this platform")
                                                                     : x.q.platform_name) +
                                          "; the band transfers A100 (HPCA 2025) and H100 "
                                          "(Llama 3) rates per GPU"});
    }
    return rows;
}

/// {"low", "central", "high", "rates_transferred"} (docs/checkpoints.md §10).
FigureValue band_value(A x) {
    if (!x.a.band) {
        return nullptr;
    }
    json j = detail::failure_band_json(*x.a.band);
    j.push_back({"rates_transferred", !x.q.platform_rate_measured});
    return j;
}

Text local_copy_text(A x) {
    const CheckpointAnalysis& a = x.a;
    if (!a.local_copy_time || !a.local_copy_write || !a.nodes) {
        return std::nullopt;
    }
    // docs/checkpoints.md §2: each node copies its share at the staging bandwidth.
    return format_interval(*a.local_copy_time) + " at " +
           format_write(*a.local_copy_write / static_cast<double>(*a.nodes)) + " per node (" +
           format_write(*a.local_copy_write) + " over all nodes)";
}

std::string step_label(A x) {
    return "One more " + format_write(x.a.curve->knee_rule.step) + " of write";
}

Text step_text(A x) {
    const CheckpointAnalysis& a = x.a;
    if (!a.curve || !a.write || !a.step_gain) {
        return std::nullopt;
    }
    // docs/checkpoints.md §7: the marginal value of write at this write.
    return "gives back " + format_number(*a.step_gain, 0) + " GPU-hours a day (" +
           format_significant(*a.step_gain / in(a.curve->knee_rule.step, units::TB_per_s), 0) +
           " per TB/s)";
}

std::string knee_label(A x) {
    const KneeRule& k = x.a.curve->knee_rule;
    return "Knee at " + format_significant(k.threshold, 0) + " GPU-h/day per " +
           format_write(k.step);
}

Text knee_text(A x) {
    const std::optional<GoodputCurve>& c = x.a.curve;
    if (!c) {
        return std::nullopt;
    }
    const KneeRule& k = c->knee_rule;
    const std::string rule = "one more " + format_write(k.step) + " gives back less than " +
                             format_significant(k.threshold, 0) + " GPU-hours a day";
    // The fixed overhead moves the knee most (docs/checkpoints.md §7):
    // printed beside it, and named an ASSUMPTION when it is the default.
    const std::string overhead = format_interval(c->knee_overhead) + " fixed overhead";
    if (c->knee) {
        return format_write(c->knee->write) + " at " + overhead + " (beyond it " + rule +
               "; goodput there " + format_percent(c->knee->goodput) + ", limit " +
               format_percent(c->knee_limit) + ")";
    }
    return x.q.gpus > 0 ? "none (no step gives back " + format_significant(k.threshold, 0) +
                              " GPU-hours a day)"
                        : std::string("none (needs --gpus: GPU-hours)");
}

Text knee_overhead_text(A x) {
    const std::optional<GoodputCurve>& c = x.a.curve;
    if (!c || c->knee_overhead.base() <= x.q.overhead.base()) {
        return std::nullopt;
    }
    // The knee's own overhead, named (docs/checkpoints.md §7).
    return format_interval(c->knee_overhead) +
           " a checkpoint, ASSUMPTION: the least the knee is taken at (the rows above take " +
           format_interval(x.q.overhead) + ")";
}

Text offsite_text(A x) {
    if (!x.a.offsite_write) {
        return std::nullopt;
    }
    const Throughput w = *x.a.offsite_write;
    return format_write(w) + " = " + format_in(w, units::Gbps, 0);
}

Text retained_text(A x) {
    if (!x.a.retained || !x.a.peak_retained) {
        return std::nullopt;
    }
    return format(*x.a.retained, 1) + "; " + format(*x.a.peak_retained, 1) +
           " while the next is written";
}

/// A figure of the curve (F: a member or a function of it), absent without one.
template <auto F> FigureValue of_curve(A x) {
    return x.a.curve ? detail::figure_of(std::invoke(F, *x.a.curve)) : detail::Absent{};
}
/// The knee's rule: the curve's, or without a curve the query's.
const KneeRule& knee_rule(A x) {
    return x.a.curve ? x.a.curve->knee_rule : x.q.knee;
}

json cadences_json(A x);

using GC = const GoodputCurve&;

/// Every figure of the analysis, in the JSON's order (docs/checkpoints.md §9).
constexpr std::array kFigures{
    Row{.key = "podsizer_version", .value = [](A) -> FigureValue { return version(); }},
    Row{.key = "inputs",
        .value = by<[](A x) { return detail::figures_json<CheckpointQuery>(kInputs, x.q); }>},
    Row{.key = "checkpoint_bytes", .value = got<&CA::size>},
    Row{.key = "nodes", .value = got<&CA::nodes>},
    Row{.key = "platform_failures_per_1000_node_days",
        .value = got<&CA::platform_failures_per_1000_node_days>},
    Row{.key = "mtbf_s", .label = "MTBF", .shown = interval, .value = got<&CA::mtbf>},
    Row{.key = "pattern", .value = by<[](A x) { return checkpoint_pattern(x.q.mode); }>},
    Row{.key = "local_copy_time_s",
        .label = "Copy to local storage",
        .value = got<&CA::local_copy_time>,
        .text = local_copy_text},
    Row{.key = "local_copy_write_bytes_per_s", .value = got<&CA::local_copy_write>},
    Row{"stall_s", "Stall per checkpoint", {}, 0, interval, kBoth, got<&CA::stall>},
    Row{"write_bytes_per_s", "Write bandwidth", {}, 0, {}, kBoth, got<&CA::write>, write_text},
    Row{.key = "write_source", .value = got<&CA::write_source>},
    Row{"write_time_s", "Write time", {}, 0, interval, kBoth, got<&CA::write_time>},
    Row{"young_interval_s", "Young interval", {}, 0, interval, kBoth, got<&CA::young_interval>},
    Row{"daly_interval_s", "Daly interval", {}, 0, interval, kBoth, got<&CA::daly_interval>},
    Row{"interval_s", "Interval", {}, 0, {}, kBoth, got<&CA::interval>, interval_text},
    Row{.key = "write_share",
        .decimals = 1,
        .shown = percent,
        .value = got<&CA::write_share>,
        .label_of =
            [](A x) {
                return std::string(x.q.mode == CheckpointMode::sync ? "Stall share of interval"
                                                                    : "Drain share of interval");
            }},
    Row{"goodput", "Goodput", {}, 1, percent, kBoth, got<&CA::goodput>},
    Row{.key = "gpu_hours_lost_per_day",
        .label = "GPU-hours lost per day",
        .value = got<&CA::gpu_hours_lost_per_day>},
    Row{.key = "step_gain_gpu_hours_per_day",
        .value = got<&CA::step_gain>,
        .text = step_text,
        .label_of = step_label},
    Row{.key = "required_write_bytes_per_s",
        .label = "Required write",
        .value = got<&CA::required_write>,
        .text = required_text},
    Row{.key = "requirement_basis", .value = got<&CA::basis>},
    Row{.key = "shortest_interval_s",
        .label = "Shortest interval at this write",
        .shown = interval,
        .value = got<&CA::shortest_interval>},
    Row{.key = "sustainable", .label = "Cadence sustainable", .value = got<&CA::sustainable>},
    Row{.key = "offsite_write_bytes_per_s",
        .value = got<&CA::offsite_write>,
        .text = offsite_text,
        .label_of =
            [](A x) {
                return "Offsite WAN to the central store (every " +
                       detail::ordinal(x.q.offsite_every) + " checkpoint)";
            }},
    Row{.key = "retained_bytes",
        .value = got<&CA::retained>,
        .text = retained_text,
        .label_of = [](A x) { return fmt::format("Retained locally ({})", x.q.retain); }},
    Row{.key = "peak_retained_bytes", .value = got<&CA::peak_retained>},
    Row{.key = "band", .value = band_value, .rows_of = band_rows},
    Row{.key = "cadences", .value = by<cadences_json>},
    Row{.key = "goodput_limit", .value = by<[](A x) {
                                    return x.a.curve ? std::optional(x.a.curve->goodput_limit)
                                                     : std::nullopt;
                                }>},
    Row{.key = "knee_step_bytes_per_s", .value = by<[](A x) { return knee_rule(x).step; }>},
    Row{.key = "knee_threshold_gpu_hours_per_day",
        .value = by<[](A x) { return knee_rule(x).threshold; }>},
    Row{.key = "knee",
        .value = [](A x) -> FigureValue {
            return x.a.curve && x.a.curve->knee ? detail::goodput_point_json(*x.a.curve->knee)
                                                : json(nullptr);
        },
        .text = knee_text,
        .label_of = knee_label},
    // The knee's figures are at this overhead (at least 10 s, goodput_curve.hpp).
    Row{.key = "knee_overhead_s",
        .label = "Knee's fixed overhead",
        .value = of_curve<&GoodputCurve::knee_overhead>,
        .text = knee_overhead_text},
    Row{.key = "knee_goodput_limit", .value = of_curve<&GoodputCurve::knee_limit>},
    Row{.key = "curve", .value = by<[](A x) {
                            return x.a.curve ? detail::goodput_points_json(*x.a.curve)
                                             : json::array();
                        }>},
};

/// The Result table's order for people.
constexpr std::string_view kResultOrder =
    "write_bytes_per_s write_time_s mtbf_s young_interval_s daly_interval_s "
    "interval_s write_share goodput gpu_hours_lost_per_day "
    "required_write_bytes_per_s band local_copy_time_s stall_s shortest_interval_s "
    "sustainable step_gain_gpu_hours_per_day knee knee_overhead_s "
    "offsite_write_bytes_per_s retained_bytes";

Grid results_grid(const CheckpointQuery& q, const CheckpointAnalysis& a) {
    Grid g;
    g.header = {"Metric", "Value"};
    g.numeric_from = 99;
    detail::add_people_rows(g, kFigures, Analysis{q, a}, kResultOrder);
    return g;
}

/// One cadence of the cadence table, with the stall budget its label names.
struct Cadence {
    const CadenceRow& row;
    double stall_budget = 0.0;
};
using CR = const Cadence&;
using CadenceFigure = detail::FigureRow<Cadence>;

constexpr std::array kCadence{
    CadenceFigure{.key = "interval_s",
                  .label = "Cadence",
                  .value = [](CR c) -> FigureValue { return c.row.interval.base(); },
                  .text = [](CR c) -> Text { return "every " + format_interval(c.row.interval); }},
    // The overhead alone can fill the budget of a short cadence (§7).
    CadenceFigure{
        .key = "sync_write_bytes_per_s",
        .value = [](CR c) -> FigureValue { return c.row.sync_write.base(); },
        .text = [](CR c) -> Text {
            return std::isfinite(c.row.sync_write.base()) ? format_write(c.row.sync_write)
                                                          : std::string("none meets it");
        },
        .label_of = [](CR c) { return "Sync, " + format_percent(c.stall_budget, 0) + " stall"; }},
    CadenceFigure{.key = "async_write_bytes_per_s",
                  .label = "Async (drain before the next)",
                  .shown = write,
                  .value = [](CR c) -> FigureValue { return c.row.async_write.base(); }},
};

json cadences_json(A x) {
    json cad = json::array();
    for (const CadenceRow& r : x.a.cadences) {
        cad.push_back(detail::figures_json<Cadence>(kCadence, Cadence{r, x.q.stall_budget}));
    }
    return cad;
}

/// The cadence table: write bandwidth needed per cadence, sync and async.
Grid cadence_grid(const CheckpointAnalysis& a, double stall_budget) {
    Grid g;
    const CadenceRow none;
    g.header = detail::people_labels<Cadence>(kCadence, Cadence{none, stall_budget});
    for (const CadenceRow& r : a.cadences) {
        g.rows.push_back(detail::people_cells<Cadence>(kCadence, Cadence{r, stall_budget}));
    }
    return g;
}

/// The curve alone (`render_goodput_curve` in JSON).
using CurveRow = detail::FigureRow<GoodputCurve>;
constexpr std::array kCurve{
    CurveRow{.key = "goodput_limit", .value = detail::of<&GoodputCurve::goodput_limit>},
    CurveRow{.key = "knee_step_bytes_per_s",
             .value = detail::of<&GoodputCurve::knee_rule, &KneeRule::step>},
    CurveRow{.key = "knee_threshold_gpu_hours_per_day",
             .value = detail::of<&GoodputCurve::knee_rule, &KneeRule::threshold>},
    CurveRow{.key = "knee",
             .value =
                 by<[](GC c) { return c.knee ? detail::goodput_point_json(*c.knee) : json(); }>},
    CurveRow{.key = "points", .value = by<detail::goodput_points_json>},
};

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
    const detail::Rows<GoodputPoint> figures = detail::goodput_point_figures();
    Grid g;
    g.header = {"point"};
    for (std::string& key : detail::csv_keys<GoodputPoint>(figures)) {
        g.header.push_back(std::move(key));
    }
    for (const auto& [label, p] : merged(curve, marks)) {
        std::vector<std::string> row{label};
        for (std::string& cell : detail::csv_cells(figures, p, plain)) {
            row.push_back(std::move(cell));
        }
        g.rows.push_back(std::move(row));
    }
    return g;
}

Grid goodput_curve_display_grid(const GoodputCurve& curve, const std::vector<MarkedPoint>& marks) {
    const detail::Rows<GoodputPoint> figures = detail::goodput_point_figures();
    Grid g;
    g.header = {""};
    for (std::string& label : detail::people_labels(figures, GoodputPoint{})) {
        g.header.push_back(std::move(label));
    }
    for (const auto& [label, p] : merged(curve, marks)) {
        std::vector<std::string> row{label == "curve" ? std::string() : label};
        for (std::string& cell : detail::people_cells(figures, p)) {
            row.push_back(std::move(cell));
        }
        g.rows.push_back(std::move(row));
    }
    return g;
}

std::string render_goodput_curve(const GoodputCurve& curve, Format format,
                                 const std::vector<MarkedPoint>& marks) {
    switch (format) {
    case Format::json:
        return detail::json_text(detail::figures_json<GoodputCurve>(kCurve, curve));
    case Format::csv:
        return render_csv(goodput_curve_grid(curve, marks));
    case Format::md:
        return render_markdown(goodput_curve_display_grid(curve, marks));
    case Format::table:
        return render_text(goodput_curve_display_grid(curve, marks));
    }
    return {};
}

std::string render_checkpoint(const CheckpointQuery& q, const CheckpointAnalysis& a,
                              Format format) {
    if (format == Format::json) {
        return detail::json_text(detail::figures_json(kFigures, Analysis{q, a}));
    }
    const std::vector<MarkedPoint> marks = marks_of(a);
    if (format == Format::csv) {
        return a.curve ? render_csv(goodput_curve_grid(*a.curve, marks)) : std::string();
    }
    const bool md = format == Format::md;
    std::string out;
    for (const std::string& line : header_lines(q, a)) {
        out += line + (md ? "  \n" : "\n");
    }
    const auto section = [&](bool shown, const std::string& title, const Grid& g) {
        out += !shown ? std::string()
               : md   ? "\n### " + title + "\n\n" + render_markdown(g)
                      : "\n" + title + "\n" + render_text(g);
    };
    section(!a.cadences.empty(), "Write bandwidth a cadence needs",
            cadence_grid(a, q.stall_budget));
    const Grid results = results_grid(q, a);
    section(!results.rows.empty(), "Result", results);
    if (a.curve) {
        section(true, "Goodput vs write bandwidth", goodput_curve_display_grid(*a.curve, marks));
    }
    return out;
}

} // namespace podsizer
