// The figure tables of checkpoint results (figure_table.hpp), shared by the
// sizing report and the checkpoint report: a goodput point, a failure band's
// case, a job's requirement and a job on a design. Their JSON, the curve's
// CSV and display columns and the sizing report's checkpoint table are
// generated from them (private to podsizer::reports: nlohmann stays inside).
#pragma once

#include "figure_table.hpp"
#include "podsizer/core/checkpoint_plan.hpp"
#include "podsizer/core/goodput_curve.hpp"

#include <nlohmann/json.hpp>
#include <span>

namespace podsizer::detail {

using ordered_json = nlohmann::ordered_json;

/// A goodput point's figures: write_bytes_per_s, write_time_s, interval_s,
/// stall_s (JSON only), write_share, goodput, gpu_hours_lost_per_day,
/// step_gain_gpu_hours_per_day; the curve's CSV and display columns.
Rows<GoodputPoint> goodput_point_figures();

/// {"write_bytes_per_s", "write_time_s", "interval_s", "write_share", "goodput",
///  "gpu_hours_lost_per_day"}
ordered_json goodput_point_json(const GoodputPoint& p);

/// A failure rate's source {"kind", "ref", "note"}, or null for a given number.
ordered_json failure_source_json(const FailureRate& r);

/// The curve's points as an array of goodput_point_json.
ordered_json goodput_points_json(const GoodputCurve& c);

/// The failure band {"low", "central", "high"}, each {failure_rate_preset,
/// failures_per_1000_node_days, rate_node_gpus, restart_time_s, mtbf_s,
/// goodput, required_write_bytes_per_s} (docs/checkpoints.md §10).
ordered_json failure_band_json(const FailureBand& b);

/// The plan's figures in the requirements: checkpoint_write_bytes_per_s,
/// checkpoints_concurrent, checkpoint_offsite_write_bytes_per_s,
/// checkpoint_peak_retained_bytes and checkpoints[] (one requirement a job).
Rows<CheckpointPlan> checkpoint_plan_figures();

/// A job on a design: the row of the sizing report's checkpoint table.
struct JobAtDesign {
    const CheckpointRequirement& r;
    const CheckpointAtDesign& c;
};

/// The figures of a job on a design beyond its inputs; the people ones are
/// the sizing report's checkpoint table columns (checkpoint_grid).
Rows<JobAtDesign> job_at_design_figures();
/// The columns' order for people (Needs, Gets, Interval, Shortest, ...).
std::string_view job_at_design_columns();

/// One job on a design (designs[].checkpoints[]).
ordered_json checkpoint_at_design_json(const CheckpointRequirement& r, const CheckpointAtDesign& c);

} // namespace podsizer::detail
