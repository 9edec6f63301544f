// The resilience of every design (docs/resilience.md §8–§13), as `podsizer
// resilience` prints it, with two charts: nines against the rebuild share, and
// the local capacity a WAN outage needs against its length. Redrawn on every
// edit while on screen.
#pragma once

#include "analysis_panels.hpp"

class QChartView;
class QLabel;
class QTableWidget;

namespace podsizer::gui {

class ResiliencePanel : public LazyPanel {
    Q_OBJECT
public:
    explicit ResiliencePanel(Session* session, QWidget* parent = nullptr);
    QTableWidget* table() const { return table_; }
    QChartView* ninesChart() const { return nines_; }
    QChartView* outageChart() const { return outage_; }

protected:
    void draw() override;

private:
    QLabel* note_;
    QTableWidget* table_;
    QChartView* nines_;
    QChartView* outage_;
    QLabel* legend_; ///< both charts' legend: a colour and a design name each
};

} // namespace podsizer::gui
