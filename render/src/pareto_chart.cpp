#include "podsizer/render/pareto_chart.hpp"

#include "podsizer/render/chart_parts.hpp"
#include "podsizer/render/series_palette.hpp"

#include <QChart>
#include <QLegend>
#include <QObject>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>

namespace podsizer::render {

namespace {

QScatterSeries* points(QChart* chart, const QString& name, std::size_t colour, qreal size,
                       const std::vector<const Design*>& designs) {
    QScatterSeries* s = add_mark(chart, series_colour(colour), size);
    s->setName(name);
    for (const Design* d : designs) {
        s->append(static_cast<double>(d->racks), in(d->power, units::kW));
    }
    return s;
}

} // namespace

QString plot_pareto(QChart* chart, const OptimizerResult& result, const std::vector<Design>& own) {
    chart->removeAllSeries();
    for (QAbstractAxis* a : chart->axes()) {
        chart->removeAxis(a);
        delete a;
    }
    chart->legend()->setAlignment(Qt::AlignBottom);
    set_title(chart, QObject::tr("<b>Pareto front</b> — %1 of %2 members shown, racks vs "
                                 "typical power<br>(a member that looks dominated here wins on "
                                 "read, write, capacity or cost)")
                         .arg(result.pareto.size())
                         .arg(result.front_size));
    if (result.pareto.empty()) {
        return QObject::tr("No front: no design meets every requirement and constraint.");
    }
    std::vector<const Design*> front;
    for (const Design& d : result.pareto) {
        front.push_back(&d);
    }
    std::vector<QScatterSeries*> all{
        points(chart, QObject::tr("Front member"), series::read, 9, front)};
    std::vector<const Design*> mine;
    for (const Design& d : own) {
        mine.push_back(&d);
    }
    if (!mine.empty()) {
        all.push_back(
            points(chart, QObject::tr("The scenario's designs"), series::write, 11, mine));
    }
    if (result.best) {
        all.push_back(points(chart,
                             QObject::tr("Best for %1: %2")
                                 .arg(q(std::string(to_string(result.objective))),
                                      q(result.best->name).toHtmlEscaped()),
                             series::knee, 14, {&*result.best}));
    }
    double x_max = 1.0;
    double y_max = 1.0;
    for (QScatterSeries* s : all) {
        for (const QPointF& p : s->points()) {
            x_max = std::max(x_max, p.x());
            y_max = std::max(y_max, p.y());
        }
    }
    QValueAxis* x = value_axis(chart, QObject::tr("Racks (count)"), x_max, Qt::AlignBottom);
    QValueAxis* y = value_axis(chart, QObject::tr("Power (kW)"), y_max, Qt::AlignLeft);
    for (QScatterSeries* s : all) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    return {};
}

} // namespace podsizer::render
