#include "podsizer/render/chart_parts.hpp"

#include <QChart>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>

namespace podsizer::render {

QChart* new_chart() {
    auto* chart = new QChart();
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setShowToolTips(true);
    chart->setMargins(QMargins(6, 6, 6, 6));
    return chart;
}

QLineSeries* add_line(QChart* chart, const QColor& colour, Qt::PenStyle style, qreal width) {
    auto* s = new QLineSeries(chart);
    QPen pen(colour);
    pen.setStyle(style);
    pen.setWidthF(width);
    s->setPen(pen);
    chart->addSeries(s);
    return s;
}

QScatterSeries* add_mark(QChart* chart, const QColor& colour, qreal size) {
    auto* s = new QScatterSeries(chart);
    s->setMarkerSize(size);
    s->setColor(colour);
    s->setBorderColor(Qt::white);
    chart->addSeries(s);
    return s;
}

QValueAxis* titled_axis(QChart* chart, const QString& title, const char* format) {
    auto* a = new QValueAxis(chart);
    a->setTitleText(title);
    a->setLabelFormat(format);
    return a;
}

QValueAxis* value_axis(QChart* chart, const QString& title, double top, Qt::Alignment where) {
    QValueAxis* a = titled_axis(chart, title, "%.0f");
    a->setRange(0, std::max(1.0, top * 1.1));
    a->applyNiceNumbers();
    chart->addAxis(a, where);
    return a;
}

void show_series(QChart* chart, QAbstractSeries* s, bool visible) {
    s->setVisible(visible);
    for (QLegendMarker* m : chart->legend()->markers(s)) {
        m->setVisible(visible);
    }
}

void set_title(QChart* chart, const QString& title) {
    if (chart->title() != title) {
        chart->setTitle(title);
    }
}

void set_name(QAbstractSeries* s, const QString& name) {
    if (s->name() != name) {
        s->setName(name);
    }
}

} // namespace podsizer::render
