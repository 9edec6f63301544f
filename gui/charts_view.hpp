// The charts tab (Qt Charts), every axis titled with its unit:
//  - delivered read and write throughput of the selected design against its
//    C-node count, with the requirement lines and the knee (each point is
//    core's evaluate_design at that count);
//  - racks and power of each design side by side.
#pragma once

#include <QWidget>

class QChart;
class QChartView;

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
    void refreshKnee();
    void refreshBars();

    Session* session_;
    QChartView* knee_;
    QChartView* racks_;
    QChartView* power_;
    bool stale_ = false; ///< results changed while hidden: redraw when shown
};

} // namespace podsizer::gui
