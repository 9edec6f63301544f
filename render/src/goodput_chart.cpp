#include "podsizer/render/goodput_chart.hpp"

#include "podsizer/core/design.hpp"
#include "podsizer/core/goodput_curve.hpp"
#include "podsizer/render/chart_parts.hpp"
#include "podsizer/render/series_palette.hpp"
#include "podsizer/reports/checkpoint_report.hpp"

#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QObject>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>

namespace podsizer::render {

namespace {

/// The failure band under the title (docs/checkpoints.md §10): goodput
/// low / central / high, not one favourable point.
QString band_line(const CheckpointRequirement& req) {
    if (!req.band) {
        return {};
    }
    const FailureBand& b = *req.band;
    return QObject::tr("<br>failure band (A100/H100 rates): goodput %1")
        .arg(q(format_percent(b.low.goodput) + " / " + format_percent(b.central.goodput) + " / " +
               format_percent(b.high.goodput)));
}

/// The title: the job, the design, the cadence, the pattern and the failure
/// rate as the reports name them (docs/checkpoints.md §2, §4), and the band.
QString goodput_title(const CheckpointRequirement& req, const std::string& design) {
    const QString cadence =
        req.model.interval ? QObject::tr("every %1").arg(q(format_interval(*req.model.interval)))
                           : QObject::tr("at the Daly interval");
    const QString pattern = req.model.mode == CheckpointMode::sync
                                ? QObject::tr("sync: written to the pod")
                                : QObject::tr("async: staged locally, drained to the pod");
    const QString rate = req.failure_rate.preset.empty()
                             ? QObject::tr("a given failure rate")
                             : QObject::tr("failure rate %1").arg(q(req.failure_rate.preset));
    return QObject::tr(
               "<b>Goodput vs write bandwidth</b> — %1 on %2<br>checkpointing %3 (%4; %5)%6")
        .arg(q(req.name).toHtmlEscaped(), q(design).toHtmlEscaped(), cadence, pattern,
             rate.toHtmlEscaped(), band_line(req));
}

QLogValueAxis* log_axis(QChart* chart, const QString& title) {
    auto* a = new QLogValueAxis(chart);
    a->setTitleText(title);
    a->setLabelFormat("%g");
    a->setBase(10);
    return a;
}

} // namespace

GoodputChart::GoodputChart(QChart* g) : chart_(g) {
    // Log-scaled: the curve spans 64:1.
    g->legend()->setAlignment(Qt::AlignBottom);
    line_ = add_line(g, series_colour(series::goodput), Qt::SolidLine, 2.5);
    line_->setName(QObject::tr("Goodput"));
    need_ = add_mark(g, series_colour(series::write), 12);
    gets_ = add_mark(g, series_colour(series::design), 12);
    knee_ = add_mark(g, series_colour(series::knee), 10);
    knee_->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    x_ = log_axis(g, QObject::tr("Write bandwidth to the job (TB/s, log scale)"));
    x_->setMinorTickCount(8);
    y_ = titled_axis(g, QObject::tr("Goodput (% of GPU time)"), "%.0f");
    g->addAxis(x_, Qt::AlignBottom);
    g->addAxis(y_, Qt::AlignLeft);
    for (QAbstractSeries* s : g->series()) {
        s->attachAxis(x_);
        s->attachAxis(y_);
    }
    // What one more step gives back, on its own axis: the knee read as a
    // curve against its threshold, not one number (REVIEW-3 §1.3).
    step_gain_ = add_line(g, series_colour(series::step_gain), Qt::SolidLine, 1.5);
    threshold_ = add_line(g, companion_colour(series::step_gain), Qt::DashLine, 1.5);
    y_step_ = log_axis(g, QObject::tr("One more step gives back (GPU-h/day, log)"));
    g->addAxis(y_step_, Qt::AlignRight);
    for (QLineSeries* s : {step_gain_, threshold_}) {
        s->attachAxis(x_);
        s->attachAxis(y_step_);
    }
}

void GoodputChart::update(const Design& d, std::size_t i) {
    const CheckpointRequirement& req = d.requirements.checkpoints.jobs[i];
    const CheckpointAtDesign& at = d.checkpoints[i];
    CurveOptions options;
    options.knee = req.knee_rule;
    options.include = {at.share, req.required_write};
    const GoodputCurve curve = goodput_curve(req.model, options);
    QList<QPointF> points;
    double lo = 0;
    double hi = 0;
    for (const GoodputPoint& p : curve.points) {
        const double x = in(p.write, units::TB_per_s);
        points.append({x, p.goodput * 100.0});
        lo = lo == 0 ? x : std::min(lo, x);
        hi = std::max(hi, x);
    }
    line_->replace(points);
    auto mark = [](QScatterSeries* s, const GoodputPoint& p) {
        s->replace(QList<QPointF>{{in(p.write, units::TB_per_s), p.goodput * 100.0}});
    };
    mark(need_, evaluate_job(req.model, req.required_write));
    set_name(need_, QObject::tr("Needed: %1").arg(q(format_write(req.required_write))));
    mark(gets_, at.at_share);
    set_name(gets_, QObject::tr("Design: %1").arg(q(format_write(at.share))));
    show_series(chart_, knee_, curve.knee.has_value());
    if (curve.knee) {
        mark(knee_, *curve.knee);
        set_name(knee_, QObject::tr("Knee: %1").arg(q(format_write(curve.knee->write))));
    }
    x_->setRange(lo, hi);
    y_->setRange(0, 100);
    updateStepGain(curve, lo, hi);
    set_title(chart_, goodput_title(req, d.name));
}

void GoodputChart::updateStepGain(const GoodputCurve& curve, double lo, double hi) {
    QList<QPointF> gains;
    double top = curve.knee_rule.threshold;
    double bottom = curve.knee_rule.threshold;
    for (const GoodputPoint& p : curve.points) {
        if (p.step_gain > 0.0) { // a log axis takes no zero
            gains.append({in(p.write, units::TB_per_s), p.step_gain});
            top = std::max(top, p.step_gain);
            bottom = std::min(bottom, p.step_gain);
        }
    }
    step_gain_->replace(gains);
    set_name(step_gain_, QObject::tr("One more %1 gives back (GPU-h/day)")
                             .arg(q(format_write(curve.knee_rule.step))));
    const double t = curve.knee_rule.threshold;
    threshold_->replace(QList<QPointF>{{lo, t}, {hi, t}});
    set_name(threshold_, QObject::tr("Knee threshold: %1 GPU-h/day").arg(q(format_number(t, 0))));
    y_step_->setRange(std::max(bottom, t / 1000.0), top * 1.5);
}

} // namespace podsizer::render
