#include "podsizer/render/phases_chart.hpp"

#include "podsizer/render/chart_parts.hpp"
#include "podsizer/render/series_palette.hpp"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QObject>
#include <QStackedBarSeries>
#include <QValueAxis>
#include <algorithm>

namespace podsizer::render {

namespace {

QString phase_label(const PhaseStep& p) {
    return p.date.empty() ? q(p.name) : q(p.name) + " (" + q(p.date) + ")";
}

} // namespace

void plot_phases(QChart* chart, const PhasePlan& plan) {
    chart->setTitle((plan.by_site ? QObject::tr("<b>Phases by site</b> — %1, all sites: racks "
                                                "added per phase and capacity after it")
                                  : QObject::tr("<b>Phases on the installed base</b> — %1, racks "
                                                "added per phase and capacity after it"))
                        .arg(q(plan.design).toHtmlEscaped()));
    chart->legend()->setAlignment(Qt::AlignBottom);
    auto* before = new QBarSet(QObject::tr("Racks installed before"), chart);
    before->setColor(companion_colour(series::racks));
    auto* added = new QBarSet(QObject::tr("Racks the phase adds"), chart);
    added->setColor(series_colour(series::racks));
    added->setLabelColor(Qt::white);
    before->setLabelColor(QColor("#263238"));
    // The bars first, so the capacity lines are drawn over them.
    auto* bars = new QStackedBarSeries(chart);
    bars->append(before);
    bars->append(added);
    bars->setLabelsVisible(true);
    chart->addSeries(bars);
    auto* usable = add_line(chart, series_colour(series::read), Qt::SolidLine, 2.5);
    usable->setName(QObject::tr("Usable after the phase (PB)"));
    auto* needed = add_line(chart, series_colour(series::write), Qt::DashLine, 2.0);
    needed->setName(QObject::tr("Usable needed (PB)"));
    QStringList names;
    double racks = 0;
    double pb = 0;
    // Phases by site: the project after each phase, its sites summed.
    const std::vector<PhaseStep> steps = phase_totals(plan);
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const PhaseStep& p = steps[i];
        names << phase_label(p);
        *before << static_cast<double>(p.total.racks - p.added.racks);
        *added << static_cast<double>(p.added.racks);
        const auto x = static_cast<double>(i);
        usable->append(x, in(p.usable, units::PB));
        needed->append(x, in(p.required_usable, units::PB));
        racks = std::max(racks, static_cast<double>(p.total.racks));
        pb = std::max({pb, in(p.usable, units::PB), in(p.required_usable, units::PB)});
    }
    auto* categories = new QBarCategoryAxis(chart);
    categories->append(names);
    categories->setTruncateLabels(false);
    chart->addAxis(categories, Qt::AlignBottom);
    QValueAxis* rack_axis = value_axis(chart, QObject::tr("Racks (count)"), racks, Qt::AlignLeft);
    QValueAxis* pb_axis = value_axis(chart, QObject::tr("Usable (PB)"), pb, Qt::AlignRight);
    bars->attachAxis(categories);
    bars->attachAxis(rack_axis);
    for (QLineSeries* s : {usable, needed}) {
        s->attachAxis(categories);
        s->attachAxis(pb_axis);
    }
}

} // namespace podsizer::render
