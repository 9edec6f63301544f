// Goodput against write bandwidth for one checkpoint job of a design (core's
// goodput_curve), with the job's chosen cadence (the write it needs), the
// design's share and the knee marked, and on a second axis what one more step
// of bandwidth gives back against the knee's threshold (docs/checkpoints.md
// §7). Shared by the GUI's charts tab, --charts and --pdf.
#pragma once

#include <cstddef>

class QChart;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QValueAxis;

namespace podsizer {
struct Design;
struct GoodputCurve;
} // namespace podsizer

namespace podsizer::render {

class GoodputChart {
public:
    /// Adds the series and axes to `chart`, which stays the caller's.
    explicit GoodputChart(QChart* chart);
    /// Draws job `job` of `design` (an index into design.checkpoints).
    void update(const Design& design, std::size_t job);

private:
    void updateStepGain(const GoodputCurve& curve, double lo, double hi);

    QChart* chart_;
    QLineSeries* line_;
    QScatterSeries* need_;
    QScatterSeries* gets_;
    QScatterSeries* knee_;
    QLogValueAxis* x_;
    QValueAxis* y_;
    QLineSeries* step_gain_; ///< GPU-hours a day one more step gives back
    QLineSeries* threshold_; ///< the knee's threshold, flat
    QLogValueAxis* y_step_;  ///< right-hand axis of the two
};

} // namespace podsizer::render
