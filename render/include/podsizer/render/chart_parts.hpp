// Small pieces every chart of the render library is made of: the chart's
// defaults, a pen-styled line, marks, a value axis, and titles and names set
// only when they change (rich text is laid out again each time it is set,
// which costs more than the new points on every GUI edit).
#pragma once

#include <QColor>
#include <QString>
#include <string>

class QAbstractSeries;
class QChart;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace podsizer::render {

inline QString q(const std::string& s) {
    return QString::fromStdString(s);
}

/// A new chart with the look every chart shares: no animation (an edit must
/// show at once), small margins, tooltips on legend entries.
QChart* new_chart();

/// A line series added to `chart`, in `colour`, `style`, `width`.
QLineSeries* add_line(QChart* chart, const QColor& colour, Qt::PenStyle style, qreal width);

/// A scatter series of markers added to `chart`, in `colour`, `size`, outlined in white.
QScatterSeries* add_mark(QChart* chart, const QColor& colour, qreal size);

/// A value axis titled `title` with labels in `format` ("%.0f"), not yet added.
QValueAxis* titled_axis(QChart* chart, const QString& title, const char* format);

/// A value axis from 0 to `top` (at least 1) and a tenth, in nice numbers,
/// whole-numbered labels, added to `chart` at `where`.
QValueAxis* value_axis(QChart* chart, const QString& title, double top, Qt::Alignment where);

/// Shows or hides a series and its legend entry.
void show_series(QChart* chart, QAbstractSeries* s, bool visible);

void set_title(QChart* chart, const QString& title);
void set_name(QAbstractSeries* s, const QString& name);

} // namespace podsizer::render
