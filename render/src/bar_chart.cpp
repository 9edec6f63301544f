#include "podsizer/render/bar_chart.hpp"

#include "podsizer/core/comparison.hpp"
#include "podsizer/render/chart_parts.hpp"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QHorizontalBarSeries>
#include <QLegend>
#include <QObject>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace podsizer::render {

namespace {

double per_pb(double value, const ComparisonColumn& c) {
    const double pb = in(c.usable(), units::PB);
    return pb > 0.0 ? value / pb : 0.0;
}

} // namespace

BarFigure racks_figure() {
    return {[](const ComparisonColumn& c) { return static_cast<double>(c.racks()); }, 1};
}
BarFigure power_figure() {
    return {[](const ComparisonColumn& c) { return in(c.power(), units::kW); }, 1};
}
BarFigure racks_per_pb_figure() {
    return {[](const ComparisonColumn& c) { return per_pb(static_cast<double>(c.racks()), c); }, 3};
}
BarFigure power_per_pb_figure() {
    return {[](const ComparisonColumn& c) { return per_pb(in(c.power(), units::kW), c); }, 2};
}

BarChart::BarChart(QChart* c, const QString& axis, const QString& title, const QColor& colour) {
    c->setTitle(title);
    c->legend()->setVisible(false);
    set_ = new QBarSet(axis, c);
    set_->setColor(colour);
    set_->setLabelColor(Qt::black);
    // Horizontal bars: the names of designs and reference systems are long
    // ("HD exabyte, capacity only (1:2)"); on a vertical axis they are read
    // in full, where slanted labels under vertical bars clipped the last one.
    auto* series = new QHorizontalBarSeries(c);
    series->append(set_);
    series->setLabelsVisible(true);
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    series->setLabelsFormat("@value");
    c->addSeries(series);
    categories_ = new QBarCategoryAxis(c);
    values_ = titled_axis(c, axis, "%g");
    categories_->setTruncateLabels(false);
    c->addAxis(categories_, Qt::AlignLeft);
    c->addAxis(values_, Qt::AlignBottom);
    series->attachAxis(categories_);
    series->attachAxis(values_);
}

QString BarChart::update(const Comparison* cmp, const BarFigure& figure) {
    QStringList names;
    QList<qreal> values;
    const double scale = std::pow(10.0, figure.decimals);
    if (cmp != nullptr) {
        // Bottom to top, so the bars read top-down in the table's column order
        // (QBarCategoryAxis::setReverse is not honoured by bar series in Qt 6.4).
        for (auto it = cmp->columns.rbegin(); it != cmp->columns.rend(); ++it) {
            names << q(it->name);
            // Labels show the value as is: rounded to the figure's decimals.
            values << std::round(figure.value(*it) * scale) / scale;
        }
    }
    if (categories_->categories() != names) {
        categories_->clear();
        categories_->append(names);
    }
    if (set_->count() != values.size()) {
        set_->remove(0, set_->count());
        set_->append(values);
    } else {
        for (int i = 0; i < set_->count(); ++i) {
            if (set_->at(i) != values[i]) {
                set_->replace(i, values[i]);
            }
        }
    }
    const double top = values.isEmpty() ? 0.0 : *std::max_element(values.begin(), values.end());
    values_->setRange(0, top > 0.0 ? top * 1.15 : 1.0);
    values_->applyNiceNumbers();
    return values.isEmpty() ? QObject::tr("Nothing to compare: the scenario was not sized (the "
                                          "Results tab says why).")
                            : QString();
}

} // namespace podsizer::render
