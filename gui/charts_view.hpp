// The charts tab (Qt Charts), every axis titled with its unit:
//  - delivered read and write throughput of the selected design against its
//    C-node count, with the requirement lines and the knee (each point is
//    core's evaluate_design at that count);
//  - racks and power of each design side by side.
// Series and axes are made once and their points replaced on each edit:
// rebuilding a chart costs far more than a frame.
#pragma once

#include <QWidget>

class QBarCategoryAxis;
class QBarSet;
class QChart;
class QChartView;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace podsizer {
struct Design;
}

namespace podsizer::gui {

class Session;

class ChartsView : public QWidget {
    Q_OBJECT
public:
    explicit ChartsView(Session* session, QWidget* parent = nullptr);

    QChart* kneeChart() const;
    QChart* racksChart() const;
    QChart* powerChart() const;

    void refresh();

protected:
    void showEvent(QShowEvent* event) override;

private:
    struct BarChart {
        QChartView* view = nullptr;
        QBarSet* set = nullptr;
        QBarCategoryAxis* categories = nullptr;
        QValueAxis* values = nullptr;
    };
    void refreshKnee();
    void refreshBars(BarChart& chart, double (*value)(const Design&));

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
    BarChart racks_;
    BarChart power_;
    bool stale_ = false; ///< results changed while hidden: redraw when shown
};

} // namespace podsizer::gui
