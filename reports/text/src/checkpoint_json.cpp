#include "checkpoint_json.hpp"

#include "podsizer/reports/checkpoint_report.hpp"
#include "report_json.hpp"

#include <array>

namespace podsizer::detail {

namespace {

using Text = std::optional<std::string>;
using enum Shown;
using GP = GoodputPoint;
using AD = CheckpointAtDesign;
using BI = FailureBandInput;
using FR = FailureRate;
using JM = CheckpointJobModel;
using PointRow = FigureRow<GoodputPoint>;
constexpr unsigned kAll = kJson | kCsv | kPeople;

constexpr std::array kPoint{
    PointRow{"write_bytes_per_s", "Write", {}, 0, write, kAll, of<&GP::write>},
    PointRow{"write_time_s", "Write time", {}, 0, interval, kAll, of<&GP::write_time>},
    PointRow{"interval_s", "Interval", {}, 0, interval, kAll, of<&GP::interval>},
    PointRow{.key = "stall_time_s", .value = of<&GP::stall>},
    PointRow{"write_share", "Write share", {}, 1, percent, kAll, of<&GP::write_share>},
    PointRow{"goodput", "Goodput", {}, 1, percent, kAll, of<&GP::goodput>},
    PointRow{.key = "gpu_hours_lost_per_day",
             .label = "GPU-h lost/day",
             .out = kAll,
             .value = of<&GP::gpu_hours_lost_per_day>},
    PointRow{.key = "step_gain_gpu_hours_per_day",
             .label = "One more step gives",
             .out = kAll,
             .value = of<&GP::step_gain>},
};

using BC = FailureBandCase;
using BandRow = FigureRow<FailureBandCase>;
constexpr std::array kBandCase{
    BandRow{.key = "failure_rate_preset", .value = of<&BC::input, &BI::rate, &FR::preset>},
    BandRow{.key = "failures_per_1000_node_days",
            .value = of<&BC::input, &BI::rate, &FR::per_1000_node_days>},
    BandRow{.key = "rate_node_gpus", .value = of<&BC::input, &BI::rate, &FR::gpus_per_node>},
    BandRow{.key = "restart_time_s", .value = of<&BC::input, &BI::restart>},
    BandRow{.key = "mtbf_s", .value = of<&BC::mtbf>},
    BandRow{.key = "goodput", .value = of<&BC::goodput>},
    BandRow{.key = "required_write_bytes_per_s", .value = of<&BC::required_write>},
};

using CR = CheckpointRequirement;
using J = const CheckpointRequirement&;
using JobRow = FigureRow<CheckpointRequirement>;

/// A figure of a job given by its parameters, null for a size given directly.
FigureValue if_params(J r, double v) {
    return r.params > 0.0 ? FigureValue(v) : FigureValue(nullptr);
}

/// What a job was asked, the same in its requirement and on a design.
constexpr std::array kJobInputs{
    JobRow{.key = "name", .value = of<&CR::name>},
    JobRow{.key = "params", .value = [](J r) { return if_params(r, r.params); }},
    JobRow{.key = "bytes_per_param", .value = [](J r) { return if_params(r, r.bytes_per_param); }},
    JobRow{.key = "checkpoint_bytes", .value = of<&CR::model, &JM::size>},
    JobRow{.key = "mode", .value = of<&CR::model, &JM::mode>},
    JobRow{.key = "pattern", .value = by<[](J r) { return checkpoint_pattern(r.model.mode); }>},
    JobRow{.key = "interval_auto", .value = by<[](J r) { return !r.model.interval.has_value(); }>},
    JobRow{.key = "requested_interval_s", .value = of<&CR::model, &JM::interval>},
    JobRow{.key = "stall_budget", .value = of<&CR::model, &JM::stall_budget>},
    JobRow{.key = "restart_time_s", .value = of<&CR::model, &JM::restart>},
    JobRow{.key = "gpus", .value = of<&CR::gpus>},
    JobRow{.key = "nodes", .value = of<&CR::nodes>},
    JobRow{.key = "failures_per_1000_node_days",
           .value = of<&CR::failure_rate, &FR::per_1000_node_days>},
    JobRow{.key = "failure_rate_preset", .value = of<&CR::failure_rate, &FR::preset>},
    JobRow{.key = "rate_node_gpus", .value = of<&CR::failure_rate, &FR::gpus_per_node>},
    JobRow{.key = "failure_rate_source", .value = via<&CR::failure_rate, failure_source_json>},
    JobRow{.key = "platform_failures_per_1000_node_days",
           .value = of<&CR::platform_failures_per_1000_node_days>},
    JobRow{.key = "mtbf_s", .value = of<&CR::model, &JM::mtbf>},
    JobRow{.key = "knee_write_bytes_per_s", .value = of<&CR::knee>},
    JobRow{.key = "knee_step_bytes_per_s", .value = of<&CR::knee_rule, &KneeRule::step>},
    JobRow{.key = "knee_threshold_gpu_hours_per_day",
           .value = of<&CR::knee_rule, &KneeRule::threshold>},
};

/// One job's requirement (requirements.checkpoints[]): what it was asked,
/// then what the plan requires of it.
constexpr std::array kRequirement{
    JobRow{.value = by<[](J r) { return figures_json(kJobInputs, r); }>}, // in place
    JobRow{.key = "required_write_bytes_per_s", .value = of<&CR::required_write>},
    JobRow{.key = "local_copy_write_bytes_per_s", .value = of<&CR::local_copy_write>},
    JobRow{.key = "requirement_basis", .value = of<&CR::basis>},
    JobRow{.key = "at_requirement", .value = via<&CR::at_requirement, goodput_point_json>},
    JobRow{.key = "offsite_every", .value = of<&CR::offsite_every>},
    JobRow{.key = "offsite_write_bytes_per_s", .value = of<&CR::offsite_write>},
    JobRow{.key = "retain", .value = of<&CR::retain>},
    JobRow{.key = "retained_bytes", .value = of<&CR::retained>},
    JobRow{.key = "peak_retained_bytes", .value = of<&CR::peak_retained>},
    JobRow{.key = "band",
           .value = [](J r) -> FigureValue {
               return r.band ? failure_band_json(*r.band) : ordered_json(nullptr);
           }},
};

using CP = const CheckpointPlan&;
using PlanRow = FigureRow<CheckpointPlan>;

/// The plan of every job: the sums (concurrent) or the largest (alternatives).
constexpr std::array kPlan{
    PlanRow{.key = "checkpoint_write_bytes_per_s", .value = of<&CheckpointPlan::write>},
    PlanRow{.key = "checkpoints_concurrent", .value = of<&CheckpointPlan::concurrent>},
    PlanRow{.key = "checkpoint_offsite_write_bytes_per_s",
            .value = of<&CheckpointPlan::offsite_write>},
    PlanRow{.key = "checkpoint_peak_retained_bytes", .value = of<&CheckpointPlan::peak_retained>},
    PlanRow{.key = "checkpoints",
            .value = by<[](CP p) { return figures_json(kRequirement, p.jobs); }>},
};

using D = const JobAtDesign&;
using AtRow = FigureRow<JobAtDesign>;

/// A member of the job on a design, or of its requirement, as a figure.
template <auto M, auto... More> FigureValue at(D j) {
    return figure_of(reach<M, More...>(j.c));
}
template <auto M> FigureValue job(D j) {
    return figure_of(j.r.*M);
}

/// "every 5 min, sync 5 %" or "auto, async: stage 3.20 GB/s/node, drain".
Text cadence_text(D j) {
    const CheckpointJobModel& m = j.r.model;
    return (m.interval ? "every " + format_interval(*m.interval) : std::string("auto")) + ", " +
           (m.mode == CheckpointMode::sync
                ? "sync " + format_percent(m.stall_budget, 0)
                : "async: stage " + format_write(j.r.local_bandwidth) + "/node, drain");
}

/// A job on a design beyond its inputs. "+1 step" and "Knee" put the
/// marginal value of write beside the design's own share of it
/// (docs/checkpoints.md §7).
constexpr std::array kAtDesign{
    AtRow{.key = "cadence", .label = "Cadence", .out = kPeople, .text = cadence_text},
    AtRow{"required_write_bytes_per_s", "Needs", {}, 0, write, kBoth, at<&AD::required_write>},
    AtRow{.key = "requirement_basis", .value = job<&CR::basis>},
    AtRow{"share_write_bytes_per_s", "Gets", {}, 0, write, kBoth, at<&AD::share>},
    AtRow{.key = "sustainable", .label = "Sustainable", .value = at<&AD::sustainable>},
    AtRow{"shortest_interval_s", "Shortest", {}, 0, interval, kBoth, at<&AD::shortest_interval>},
    AtRow{"interval_s", "Interval", {}, 0, interval, kBoth, at<&AD::at_share, &GP::interval>},
    AtRow{.key = "write_time_s", .value = at<&AD::at_share, &GP::write_time>},
    AtRow{.key = "write_share", .value = at<&AD::at_share, &GP::write_share>},
    AtRow{"goodput", "Goodput", {}, 1, percent, kBoth, at<&AD::at_share, &GP::goodput>},
    AtRow{.key = "gpu_hours_lost_per_day",
          .label = "GPU-h lost/day",
          .value = at<&AD::at_share, &GP::gpu_hours_lost_per_day>},
    AtRow{.key = "step_gain_gpu_hours_per_day",
          .label = "+1 step",
          .unit = "GPU-h/day",
          .value = at<&AD::at_share, &GP::step_gain>},
    AtRow{.key = "knee",
          .label = "Knee",
          .out = kPeople,
          .text = [](D j) -> Text {
              return j.r.knee ? format_write(*j.r.knee) : std::string("none");
          }},
    AtRow{.key = "offsite_every", .value = job<&CR::offsite_every>},
    AtRow{.key = "offsite_write_bytes_per_s", .value = at<&AD::offsite_write>},
    AtRow{.key = "retain", .value = job<&CR::retain>},
    AtRow{.key = "retained_bytes", .value = job<&CR::retained>},
    AtRow{.key = "peak_retained_bytes", .value = job<&CR::peak_retained>},
};

constexpr std::string_view kAtDesignColumns =
    "cadence required_write_bytes_per_s share_write_bytes_per_s interval_s "
    "shortest_interval_s goodput gpu_hours_lost_per_day step_gain_gpu_hours_per_day "
    "knee sustainable";

} // namespace

Rows<GoodputPoint> goodput_point_figures() {
    return kPoint;
}

ordered_json goodput_point_json(const GoodputPoint& p) {
    return figures_json<GoodputPoint>(kPoint, p);
}

ordered_json failure_source_json(const FailureRate& r) {
    return r.source ? source_json(*r.source) : ordered_json(nullptr);
}

ordered_json goodput_points_json(const GoodputCurve& c) {
    return figures_json<GoodputPoint>(kPoint, c.points);
}

ordered_json failure_band_json(const FailureBand& b) {
    return {{"low", figures_json<FailureBandCase>(kBandCase, b.low)},
            {"central", figures_json<FailureBandCase>(kBandCase, b.central)},
            {"high", figures_json<FailureBandCase>(kBandCase, b.high)}};
}

Rows<CheckpointPlan> checkpoint_plan_figures() {
    return kPlan;
}

Rows<JobAtDesign> job_at_design_figures() {
    return kAtDesign;
}

std::string_view job_at_design_columns() {
    return kAtDesignColumns;
}

ordered_json checkpoint_at_design_json(const CheckpointRequirement& r,
                                       const CheckpointAtDesign& c) {
    ordered_json j = figures_json<CheckpointRequirement>(kJobInputs, r);
    put_json<JobAtDesign>(j, kAtDesign, JobAtDesign{r, c});
    return j;
}

} // namespace podsizer::detail
