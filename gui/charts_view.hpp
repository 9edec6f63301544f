// The charts tab (Qt Charts), every axis titled with its unit:
//  - delivered read and write throughput of the selected design against its
//    C-node count, with the requirement lines and the knee (each point is
//    core's evaluate_design at that count);
//  - goodput against write bandwidth for a checkpoint job of the selected
//    design (core's goodput_curve), with the job's chosen cadence (the write
//    it needs) and the design's share marked, when the scenario has jobs;
//  - racks and power of each design, design grown to the target, and
//    reference system (the comparison's columns) side by side.
// Each chart is the render library's (render/), the code --charts and --pdf
// draw with; series and axes are made once and their points replaced on each
// edit: rebuilding a chart costs far more than a frame. Every chart's context
// menu saves it as SVG or PNG (chart_save.hpp).
#pragma once

#include "analysis_panels.hpp"

#include <memory>
#include <optional>

class QChart;
class QComboBox;
class QLabel;

namespace podsizer::render {
class BarChart;
class GoodputChart;
class KneeChart;
struct BarFigure;
} // namespace podsizer::render

namespace podsizer::gui {

class ChartsView : public LazyPanel {
    Q_OBJECT
public:
    explicit ChartsView(Session* session, QWidget* parent = nullptr);
    ~ChartsView() override;

    QChart* kneeChart() const;
    QChart* racksChart() const;
    QChart* powerChart() const;
    QChart* goodputChart() const;
    /// The legends of the throughput and goodput charts, wrapped under each
    /// chart with every name whole (Qt Charts' own legend cuts names short).
    QLabel* kneeLegend() const { return knee_legend_; }
    QLabel* goodputLegend() const { return goodput_legend_; }
    /// Their titles, wrapped above each chart, whole (the chart's own is
    /// elided when narrow).
    QLabel* kneeTitle() const { return knee_title_; }
    QLabel* goodputTitle() const { return goodput_title_; }

protected:
    void draw() override;
    void resizeEvent(QResizeEvent* event) override;

private:
    struct BarChart {
        QChartView* view = nullptr;
        std::unique_ptr<render::BarChart> chart; ///< drawn as --charts draws it
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
    void refreshBars(BarChart& chart, const render::BarFigure& figure);

    QChartView* knee_;
    QWidget* knee_box_;
    QLabel* knee_legend_;
    QLabel* goodput_legend_;
    QLabel* knee_title_ = nullptr;
    QLabel* goodput_title_ = nullptr;
    std::unique_ptr<render::KneeChart> knee_chart_;
    QWidget* goodput_box_;
    QComboBox* job_;
    QChartView* goodput_;
    std::unique_ptr<render::GoodputChart> goodput_chart_;
    BarChart racks_;
    BarChart power_;
    /// The tab width from which the bar charts sit side by side: each then
    /// has room for the comparison's longest column name.
    static constexpr int kBarsSideBySide = 1080;
    std::optional<bool> bars_side_by_side_;
    std::optional<bool> knee_alone_; ///< no checkpoint jobs: the knee chart spans the row
};

} // namespace podsizer::gui
