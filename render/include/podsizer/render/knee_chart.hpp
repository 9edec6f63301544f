// Delivered read and write throughput of a design against its C-node count,
// with the requirement lines and the knee (each point is core's
// evaluate_design at that count). Drawn by the GUI's charts tab and written
// by `--charts` and `--pdf` from this one class. Series and axes are made
// once and their points replaced on each update: rebuilding a chart costs
// far more than a frame.
#pragma once

#include <QString>
#include <vector>

class QChart;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace podsizer {
struct Catalog;
struct Design;
struct KneePoint;
struct Scenario;
} // namespace podsizer

namespace podsizer::render {

class KneeChart {
public:
    /// Adds the series and axes to `chart`, which stays the caller's.
    explicit KneeChart(QChart* chart);
    /// Draws the curve of `design` (null: nothing sized). Returns why
    /// nothing is drawn, empty when the curve is.
    QString update(const Design* design, const Scenario& scenario, const Catalog& catalog);

private:
    /// Read and write in the state `d` is sized for, at `points`' C-nodes.
    void draw_state(const Design& d, const Catalog& catalog, const std::vector<KneePoint>& points);

    QChart* chart_;
    QLineSeries* read_;
    QLineSeries* write_;
    /// Read and write in the state the design is sized for (one D-box or
    /// one rack down), shown only for such a design (issue 51 item 4).
    QLineSeries* read_state_;
    QLineSeries* write_state_;
    QLineSeries* read_req_;
    QLineSeries* write_req_;
    QLineSeries* knee_line_;
    QScatterSeries* here_;
    QValueAxis* x_;
    QValueAxis* y_;
};

} // namespace podsizer::render
