// The charts tab (Qt Charts), every axis titled with its unit:
//  - delivered read and write throughput of the selected design against its
//    C-node count, with the requirement lines and the knee (each point is
//    core's evaluate_design at that count);
//  - goodput against write bandwidth for a checkpoint job of the selected
//    design (core's goodput_curve), with the job's chosen cadence (the write
//    it needs) and the design's share marked, when the scenario has jobs;
//  - racks and power of each design, design grown to the target, and
//    reference system (the comparison's columns) side by side.
// Series and axes are made once and their points replaced on each edit:
// rebuilding a chart costs far more than a frame.
#pragma once

#include <QWidget>
#include <optional>

class QBarCategoryAxis;
class QBarSet;
class QComboBox;
class QLogValueAxis;
class QChart;
class QChartView;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace podsizer {
struct ComparisonColumn;
struct GoodputCurve;
} // namespace podsizer

namespace podsizer::gui {

class Session;

class ChartsView : public QWidget {
    Q_OBJECT
public:
    explicit ChartsView(Session* session, QWidget* parent = nullptr);

    QChart* kneeChart() const;
    QChart* racksChart() const;
    QChart* powerChart() const;
    QChart* goodputChart() const;
    /// Picks the checkpoint job the goodput chart shows.
    QComboBox* jobPicker() const { return job_; }

    void refresh();

protected:
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    struct BarChart {
        QChartView* view = nullptr;
        QBarSet* set = nullptr;
        QBarCategoryAxis* categories = nullptr;
        QValueAxis* values = nullptr;
    };
    /// Racks and power side by side when the tab is wide enough for their
    /// names, else one above the other.
    void placeBars();
    void buildKneeChart();
    void buildGoodputChart();
    BarChart makeBars(const QString& name, const QString& axis, const QString& title,
                      const QColor& colour);
    void refreshKnee();
    void refreshGoodput();
    /// The GPU-hours a day one more knee step gives back along the curve,
    /// and the threshold the knee is measured against (docs/checkpoints.md §7).
    void refreshStepGain(const GoodputCurve& curve, double lo, double hi);
    void refreshBars(BarChart& chart, double (*value)(const ComparisonColumn&));

    Session* session_;
    QChartView* knee_;
    QLineSeries* read_;
    QLineSeries* write_;
    QLineSeries* read_req_;
    QLineSeries* write_req_;
    QLineSeries* knee_line_;
    QScatterSeries* here_;
    QValueAxis* x_;
    QValueAxis* y_;
    QWidget* goodput_box_;
    QComboBox* job_;
    QChartView* goodput_;
    QLineSeries* goodput_line_;
    QScatterSeries* goodput_need_;
    QScatterSeries* goodput_gets_;
    QScatterSeries* goodput_knee_;
    QLogValueAxis* gx_;
    QValueAxis* gy_;
    QLineSeries* step_gain_; ///< GPU-hours a day one more step gives back
    QLineSeries* threshold_; ///< the knee's threshold, flat
    QLogValueAxis* gy_step_; ///< right-hand axis of the two
    BarChart racks_;
    BarChart power_;
    bool stale_ = false; ///< results changed while hidden: redraw when shown
    /// The tab width from which the bar charts sit side by side: each then
    /// has room for the comparison's longest column name.
    static constexpr int kBarsSideBySide = 1080;
    std::optional<bool> bars_side_by_side_;
    std::optional<bool> knee_alone_; ///< no checkpoint jobs: the knee chart spans the row
};

} // namespace podsizer::gui
