// Horizontal bars of one figure across the comparison's columns: each
// design, designs grown to the target, and the reference systems (the cloud
// object store), in absolute terms (racks, kW) or per PB of usable capacity
// so a 218 PB pod reads beside a 1 EB store like for like (REVIEW-3 part B,
// item 7). Shared by the GUI's charts tab, --charts and --pdf.
#pragma once

#include <QColor>
#include <QList>
#include <QString>
#include <QStringList>

class QBarCategoryAxis;
class QBarSet;
class QChart;
class QValueAxis;

namespace podsizer {
struct Comparison;
struct ComparisonColumn;
} // namespace podsizer

namespace podsizer::render {

/// One figure of a comparison column; `decimals` shown on the bars.
struct BarFigure {
    double (*value)(const ComparisonColumn&);
    int decimals = 1;
};

/// The figures the charts draw.
BarFigure racks_figure();
BarFigure power_figure();        ///< kW
BarFigure racks_per_pb_figure(); ///< racks per PB usable
BarFigure power_per_pb_figure(); ///< kW per PB usable

class BarChart {
public:
    /// Adds the series and axes to `chart`, which stays the caller's.
    BarChart(QChart* chart, const QString& axis, const QString& title, const QColor& colour);
    /// The columns of `comparison` (null: nothing to compare), top-down in
    /// the table's order. Returns why nothing is drawn, empty when drawn.
    QString update(const Comparison* comparison, const BarFigure& figure);

private:
    QBarSet* set_;
    QBarCategoryAxis* categories_;
    QValueAxis* values_;
};

} // namespace podsizer::render
