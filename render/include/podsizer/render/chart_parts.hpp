// Small pieces every chart of the render library is made of: the chart's
// defaults, a pen-styled line, and titles and names set only when they change
// (rich text is laid out again each time it is set, which costs more than the
// new points on every GUI edit).
#pragma once

#include <QColor>
#include <QString>
#include <string>

class QAbstractSeries;
class QChart;
class QLineSeries;

namespace podsizer::render {

inline QString q(const std::string& s) {
    return QString::fromStdString(s);
}

/// A new chart with the look every chart shares: no animation (an edit must
/// show at once), small margins, tooltips on legend entries.
QChart* new_chart();

/// A line series added to `chart`, in `colour`, `style`, `width`.
QLineSeries* add_line(QChart* chart, const QColor& colour, Qt::PenStyle style, qreal width);

/// Shows or hides a series and its legend entry.
void show_series(QChart* chart, QAbstractSeries* s, bool visible);

void set_title(QChart* chart, const QString& title);
void set_name(QAbstractSeries* s, const QString& name);

} // namespace podsizer::render
