#include "podsizer/render/resilience_charts.hpp"

#include "podsizer/render/chart_parts.hpp"
#include "podsizer/render/series_palette.hpp"

#include <QChart>
#include <QLineSeries>
#include <QObject>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>

namespace podsizer::render {

namespace {

bool drawn(const Lines& lines) {
    return std::any_of(lines.begin(), lines.end(), [](const auto& l) { return !l.second.empty(); });
}

bool above_zero(const Lines& lines) {
    return std::any_of(lines.begin(), lines.end(), [](const auto& l) {
        return std::any_of(l.second.begin(), l.second.end(),
                           [](const QPointF& p) { return p.y() > 0.0; });
    });
}

/// Replaces the chart's series and axes with `lines` (one colour per line,
/// from the shared palette); the chart's own legend stays as it was.
void plot_lines(QChart* chart, const Lines& lines, const QString& x_title, const QString& y_title,
                const char* y_format, int x_ticks) {
    chart->removeAllSeries();
    for (QAbstractAxis* a : chart->axes()) {
        chart->removeAxis(a);
        delete a;
    }
    QValueAxis* x = titled_axis(chart, x_title, "%.0f");
    QValueAxis* y = titled_axis(chart, y_title, y_format);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    double x_max = 0.0;
    double y_max = 0.0;
    double y_min = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < lines.size(); ++i) {
        // One colour per design: never two alike.
        QLineSeries* s = add_line(chart, series_colour(i), Qt::SolidLine, 2.0);
        s->setName(lines[i].first);
        s->append(lines[i].second);
        s->attachAxis(x);
        s->attachAxis(y);
        for (const QPointF& p : lines[i].second) {
            x_max = std::max(x_max, p.x());
            y_max = std::max(y_max, p.y());
            y_min = std::min(y_min, p.y());
        }
    }
    x->setRange(0.0, x_max > 0.0 ? x_max : 1.0);
    x->setTickCount(x_ticks);
    if (!std::isfinite(y_min)) {
        y_min = 0.0;
    }
    const double lo = std::min(0.0, std::floor(y_min));
    y->setRange(lo, y_max > lo ? y_max * 1.05 : lo + 1.0);
    y->applyNiceNumbers();
}

} // namespace

ResilienceCurves resilience_curves(const std::vector<ResilienceColumn>& cols,
                                   const Catalog& catalog, const ResilienceInputs& base) {
    ResilienceCurves out;
    out.weeks = std::max(1.0, std::ceil(2.0 * in(base.outage, units::h) / 168.0));
    for (const ResilienceColumn& c : cols) {
        const Design& d = *c.design;
        const DBoxModel* box = catalog.dbox(d.dbox_model);
        const ErasureCodingRule* ec =
            box != nullptr ? catalog.ec_rule(box->erasure_coding) : nullptr;
        if (box == nullptr || ec == nullptr) {
            continue;
        }
        QList<QPointF> n;
        for (int pct = 2; pct <= 50; pct += 2) {
            ResilienceInputs at = base;
            at.rebuild_share = pct / 100.0;
            const DesignResilience r = assess_resilience(d, *box, *ec, at);
            if (std::isfinite(r.durability.nines) && r.durability.nines > 0.0) {
                n.append(QPointF(pct, r.durability.nines));
            }
        }
        QList<QPointF> l;
        for (int step = 0; step <= 24; ++step) {
            const double days = 7.0 * out.weeks * step / 24.0;
            ResilienceInputs at = base;
            at.outage = of<Duration>(days * 24.0, units::h);
            const DesignResilience r = assess_resilience(d, *box, *ec, at);
            l.append(QPointF(days, in(r.local_need, units::PB)));
        }
        const QString name = QString::fromStdString(d.name);
        out.nines.emplace_back(name, n);
        out.need.emplace_back(name, l);
    }
    return out;
}

std::pair<QString, QString> plot_resilience(QChart* nines, QChart* outage,
                                            const ResilienceCurves& c) {
    plot_lines(nines, c.nines, QObject::tr("Rebuild share (%)"), QObject::tr("Nines a year"),
               "%.0f", 6); // 0, 10, … 50 %
    plot_lines(outage, c.need, QObject::tr("WAN outage (days)"), QObject::tr("Local need (PB)"),
               "%.1f", c.weeks <= 2.0 ? static_cast<int>(c.weeks) * 7 + 1 : 8); // a tick a day
    std::pair<QString, QString> why;
    if (!drawn(c.nines)) {
        why.first = QObject::tr("No nines to draw: no design's durability is finite and above "
                                "zero at any rebuild share.");
    }
    // The local need is the checkpoints kept on site, the writes held back
    // while the WAN is down and the dataset (docs/resilience.md §11): with
    // none of them it is zero at every outage.
    if (!above_zero(c.need)) {
        why.second = QObject::tr("No local need at any outage: no checkpoint job keeps "
                                 "checkpoints or sends them off site, and no dataset is given.");
    }
    return why;
}

} // namespace podsizer::render
