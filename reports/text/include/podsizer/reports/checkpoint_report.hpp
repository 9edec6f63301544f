// Reports of the checkpoint model: the `podsizer checkpoint` output and the
// goodput-vs-write-bandwidth curve as data (JSON, CSV) for charts in the CLI,
// the Excel export and the GUI (docs/checkpoints.md §9).
#pragma once

#include "podsizer/core/checkpoint_analysis.hpp"
#include "podsizer/core/goodput_curve.hpp"
#include "podsizer/reports/format.hpp"
#include "podsizer/reports/grid.hpp"

#include <string>
#include <utility>
#include <vector>

namespace podsizer {

/// Three significant digits in the largest unit that keeps the number >= 1:
/// "8.40 TB/s", "560 GB/s", "84.0 GB/s".
std::string format_write(Throughput t);

/// A fraction as a percentage: 0.5695 -> "57.0 %".
std::string format_percent(double fraction, int decimals = 1);

/// A labelled point to merge into the curve ("knee", "operating point").
using MarkedPoint = std::pair<std::string, GoodputPoint>;

/// The curve for machines: one row per point in ascending bandwidth, plain SI
/// numbers with the units in the headers; `marks` are merged in as rows whose
/// first column names them (curve points say "curve").
Grid goodput_curve_grid(const GoodputCurve& curve, const std::vector<MarkedPoint>& marks = {});

/// The curve for people: bandwidths, times and percentages with units.
Grid goodput_curve_display_grid(const GoodputCurve& curve,
                                const std::vector<MarkedPoint>& marks = {});

/// JSON {"goodput_limit", "knee_step_bytes_per_s", "knee_threshold_gpu_hours_per_day",
/// "knee": point or null, "points": [...]},
/// or the CSV of goodput_curve_grid; table and md give the display grid.
std::string render_goodput_curve(const GoodputCurve& curve, Format format,
                                 const std::vector<MarkedPoint>& marks = {});

/// The whole `podsizer checkpoint` report; the failure rate is named with its
/// node and source (q.failure_rate). The CSV is the curve (the caller makes
/// sure there is one).
std::string render_checkpoint(const CheckpointQuery& q, const CheckpointAnalysis& a, Format format);

} // namespace podsizer
