#include "podsizer/render/knee_chart.hpp"

#include "podsizer/core/degraded_throughput.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/hand_design.hpp"
#include "podsizer/render/chart_parts.hpp"
#include "podsizer/render/series_palette.hpp"

#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QObject>
#include <QScatterSeries>
#include <QStringList>
#include <QValueAxis>
#include <algorithm>

namespace podsizer::render {

namespace {

/// A requirement as the throughput axis reads it (TB/s, two decimals); one
/// that small would read "0.00 TB/s", so it takes the unit that shows it.
QString throughput_text(Throughput t) {
    const double tb = in(t, units::TB_per_s);
    return tb >= 0.01 ? q(format_number(tb, 2)) + " TB/s" : q(format(t, 2));
}

/// The second title line: the read and write the scenario needs, each only
/// when it needs some (never "needs 0.00 TB/s"); empty when it needs neither.
QString needs_line(Throughput read, Throughput write) {
    QStringList parts;
    if (read.base() > 0) {
        parts << QObject::tr("%1 read").arg(throughput_text(read));
    }
    if (write.base() > 0) {
        parts << QObject::tr("%1 write").arg(throughput_text(write));
    }
    return parts.isEmpty() ? QString() : "<br>" + QObject::tr("needs %1").arg(parts.join(", "));
}

QString count(std::int64_t n) {
    return q(format_number(static_cast<double>(n)));
}

/// Read (first) and write at each C-node count of `points` in the state `d`
/// is sized for: the verdict's survivors rule (delivered_in) at the design's
/// D-boxes and rebuild share; a lost rack's devices spread evenly over its
/// racks, as for a design counted but not laid out.
std::pair<QList<QPointF>, QList<QPointF>> state_curve(const Design& d, const Catalog& catalog,
                                                      const std::vector<KneePoint>& points) {
    const HardwareChoice hw = resolve_hardware(catalog, d.cnode_model, d.dbox_model, d.drive_size,
                                               d.rack_model, d.switch_model);
    std::pair<QList<QPointF>, QList<QPointF>> out;
    for (const KneePoint& p : points) {
        const DeliveredRates r = delivered_rates(hw, p.cnodes, d.dboxes);
        Design at;
        at.cnodes = p.cnodes;
        at.dboxes = d.dboxes;
        at.racks = d.racks;
        at.frontend_read = r.frontend_read;
        at.frontend_write = r.frontend_write;
        at.backend_read = r.backend_read;
        at.backend_write = r.backend_write;
        at.tolerates_dbox_loss = d.tolerates_dbox_loss;
        at.tolerates_rack_loss = d.tolerates_rack_loss;
        const StateThroughput t = delivered_in(at, d.constraints.size_for, d.verdict.rebuild_share);
        const auto x = static_cast<double>(p.cnodes);
        out.first.append({x, in(t.read, units::TB_per_s)});
        out.second.append({x, in(t.write, units::TB_per_s)});
    }
    return out;
}

QString state_name(SizeFor s) {
    return s == SizeFor::rack_down ? QObject::tr("one rack down") : QObject::tr("one D-box down");
}

} // namespace

KneeChart::KneeChart(QChart* chart) : chart_(chart) {
    chart->legend()->setAlignment(Qt::AlignBottom);
    // A requirement line in the lighter shade of the line it bounds.
    read_ = add_line(chart, series_colour(series::read), Qt::SolidLine, 2.5);
    write_ = add_line(chart, series_colour(series::write), Qt::SolidLine, 2.5);
    read_state_ = add_line(chart, series_colour(series::read_state), Qt::DashDotLine, 2.0);
    write_state_ = add_line(chart, series_colour(series::write_state), Qt::DashDotLine, 2.0);
    read_req_ = add_line(chart, companion_colour(series::read), Qt::DashLine, 2.0);
    write_req_ = add_line(chart, companion_colour(series::write), Qt::DashLine, 2.0);
    knee_line_ = add_line(chart, series_colour(series::knee), Qt::DotLine, 2.0);
    here_ = add_mark(chart, series_colour(series::design), 11);
    read_->setName(QObject::tr("Read"));
    write_->setName(QObject::tr("Write"));
    x_ = titled_axis(chart, QObject::tr("C-nodes (count)"), "%.0f");
    // Short: the axis is as tall as the chart, which is short on a laptop.
    y_ = titled_axis(chart, QObject::tr("Delivered (TB/s)"), "%.1f");
    chart->addAxis(x_, Qt::AlignBottom);
    chart->addAxis(y_, Qt::AlignLeft);
    for (QAbstractSeries* s : chart->series()) {
        s->attachAxis(x_);
        s->attachAxis(y_);
    }
}

void KneeChart::draw_state(const Design& d, const Catalog& catalog,
                           const std::vector<KneePoint>& points) {
    auto [r, w] = state_curve(d, catalog, points);
    read_state_->replace(r);
    write_state_->replace(w);
    set_name(read_state_, QObject::tr("Read, %1").arg(state_name(d.constraints.size_for)));
    set_name(write_state_, QObject::tr("Write, %1").arg(state_name(d.constraints.size_for)));
}

QString KneeChart::update(const Design* d, const Scenario& scenario, const Catalog& catalog) {
    KneeCurve curve;
    QString problem;
    if (d == nullptr) {
        problem = QObject::tr("nothing sized");
    } else {
        try {
            // 60 evaluations draw the two straight segments and the knee
            // exactly (the knee and the design's own count are always in).
            curve = knee_curve(*d, catalog, 60);
        } catch (const InputError& e) {
            problem = q(e.what());
        }
    }
    if (!problem.isEmpty() || curve.points.empty()) {
        set_title(chart_, QObject::tr("<b>Delivered throughput vs C-nodes</b>: %1").arg(problem));
        for (QAbstractSeries* s : chart_->series()) {
            show_series(chart_, s, false);
        }
        return problem.isEmpty() ? QObject::tr("No curve: the design has no C-nodes to vary.")
                                 : QObject::tr("No curve: %1.").arg(problem);
    }
    set_title(chart_, QObject::tr("<b>Delivered throughput vs C-nodes</b> — %1, %2 D-boxes%3")
                          .arg(q(d->name).toHtmlEscaped(), count(d->dboxes),
                               needs_line(curve.required_read, curve.required_write)));

    // The x range is rounded up to nice numbers, and the curve is evaluated
    // out to that edge so the plateau past the knee reaches it.
    x_->setRange(0, static_cast<double>(curve.points.back().cnodes));
    x_->applyNiceNumbers();
    const auto x_end = static_cast<std::int64_t>(x_->max());
    if (x_end > curve.points.back().cnodes) {
        const Design edge = replay(*d, x_end, d->dboxes, scenario, catalog);
        curve.points.push_back({x_end, edge.read, edge.write});
    }
    QList<QPointF> read;
    QList<QPointF> write;
    double top = 0;
    for (const KneePoint& p : curve.points) {
        const auto x = static_cast<double>(p.cnodes);
        read.append({x, in(p.read, units::TB_per_s)});
        write.append({x, in(p.write, units::TB_per_s)});
        top = std::max({top, read.back().y(), write.back().y()});
    }
    const double rr = in(curve.required_read, units::TB_per_s);
    const double rw = in(curve.required_write, units::TB_per_s);
    y_->setRange(0, std::max({top, rr, rw}) * 1.1);
    y_->applyNiceNumbers();
    const double x_max = x_->max();

    read_->replace(read);
    write_->replace(write);
    const bool state = d->constraints.size_for != SizeFor::intact;
    if (state) {
        draw_state(*d, catalog, curve.points);
    }
    read_req_->replace(QList<QPointF>{{0, rr}, {x_max, rr}});
    set_name(read_req_, QObject::tr("Read needed"));
    write_req_->replace(QList<QPointF>{{0, rw}, {x_max, rw}});
    set_name(write_req_, QObject::tr("Write needed"));
    const auto knee = static_cast<double>(curve.knee);
    knee_line_->replace(QList<QPointF>{{knee, 0}, {knee, y_->max()}});
    set_name(knee_line_, QObject::tr("Knee: %1").arg(count(curve.knee)));
    const auto c = static_cast<double>(d->cnodes);
    here_->replace(
        QList<QPointF>{{c, in(d->read, units::TB_per_s)}, {c, in(d->write, units::TB_per_s)}});
    set_name(here_, QObject::tr("Design: %1").arg(count(d->cnodes)));

    for (QAbstractSeries* s : chart_->series()) {
        show_series(chart_, s, true);
    }
    show_series(chart_, read_req_, curve.required_read.base() > 0);
    show_series(chart_, write_req_, curve.required_write.base() > 0);
    show_series(chart_, read_state_, state);
    show_series(chart_, write_state_, state);
    return {};
}

} // namespace podsizer::render
