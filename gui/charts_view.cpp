#include "charts_view.hpp"

#include "chart_note.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/goodput_curve.hpp"
#include "podsizer/core/hand_design.hpp"
#include "podsizer/reports/checkpoint_report.hpp"
#include "series_palette.hpp"
#include "session.hpp"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QSignalBlocker>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace podsizer::gui {

namespace {

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

QChartView* make_view(QWidget* parent, const QString& name) {
    auto* chart = new QChart();
    chart->setAnimationOptions(QChart::NoAnimation); // an edit must show at once
    chart->legend()->setShowToolTips(true);
    chart->setMargins(QMargins(6, 6, 6, 6));
    auto* view = new QChartView(chart, parent);
    view->setObjectName(name);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(320, 240);
    return view;
}

QLineSeries* line(QChart* chart, const QColor& colour, Qt::PenStyle style, qreal width) {
    auto* s = new QLineSeries(chart);
    QPen pen(colour);
    pen.setStyle(style);
    pen.setWidthF(width);
    s->setPen(pen);
    chart->addSeries(s);
    return s;
}

/// The failure band under the title (docs/checkpoints.md §10): goodput and
/// required write, low / central / high, not one favourable point.
QString band_line(const CheckpointRequirement& req) {
    if (!req.band) {
        return {};
    }
    const FailureBand& b = *req.band;
    auto three = [&b](auto f) {
        return q(f(b.low)) + " / " + q(f(b.central)) + " / " + q(f(b.high));
    };
    return QObject::tr("<br>failure band (A100/H100 rates): goodput %1")
        .arg(three([](const FailureBandCase& c) { return format_percent(c.goodput); }));
}

/// The goodput chart's title: the job, the design, the cadence, the pattern
/// and the failure rate as the reports name them (docs/checkpoints.md §2, §4),
/// and the failure band (§10).
QString goodput_title(const CheckpointRequirement& req, const std::string& design) {
    const QString cadence =
        req.model.interval ? QObject::tr("every %1").arg(q(format_interval(*req.model.interval)))
                           : QObject::tr("at the Daly interval");
    // The pattern and the failure rate's preset, as the reports name them
    // (docs/checkpoints.md §2, §4).
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

/// Shows or hides a series and its legend entry.
void show_series(QChart* chart, QAbstractSeries* s, bool visible) {
    s->setVisible(visible);
    for (QLegendMarker* m : chart->legend()->markers(s)) {
        m->setVisible(visible);
    }
}

// Titles and legend entries are laid out as rich text each time they are
// set, which costs more than the new points: set them only when they change.
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

/// A requirement as the throughput axis reads it (TB/s, two decimals); one
/// that small would read "0.00 TB/s", so it takes the unit that shows it.
QString throughput_text(Throughput t) {
    const double tb = in(t, units::TB_per_s);
    return tb >= 0.01 ? q(format_number(tb, 2)) + " TB/s" : q(format(t, 2));
}

/// The knee chart's second title line: the read and write the scenario
/// needs, each only when it needs some (never "needs 0.00 TB/s"); empty
/// when it needs neither.
QString needs_line(Throughput read, Throughput write) {
    QStringList parts;
    if (read.base() > 0) {
        parts << ChartsView::tr("%1 read").arg(throughput_text(read));
    }
    if (write.base() > 0) {
        parts << ChartsView::tr("%1 write").arg(throughput_text(write));
    }
    return parts.isEmpty() ? QString() : "<br>" + ChartsView::tr("needs %1").arg(parts.join(", "));
}

QString count(std::int64_t n) {
    return q(format_number(static_cast<double>(n)));
}

} // namespace

ChartsView::ChartsView(Session* session, QWidget* parent)
    : QWidget(parent), session_(session), knee_(make_view(this, "knee-chart")) {
    buildKneeChart();
    buildGoodputChart();
    racks_ =
        makeBars("racks-chart", tr("Racks (count)"),
                 tr("<b>Racks</b> — designs and reference systems"), series_colour(series::racks));
    power_ =
        makeBars("power-chart", tr("Power (kW)"),
                 tr("<b>Power</b> — designs and reference systems"), series_colour(series::power));

    auto* grid = new QGridLayout(this);
    grid->addWidget(knee_, 0, 0);
    grid->addWidget(goodput_box_, 0, 1);
    placeBars();
    connect(session_, &Session::resultsChanged, this, &ChartsView::refresh);
    connect(session_, &Session::selectionChanged, this, &ChartsView::refresh);
    stale_ = true;
}

/// Delivered read and write against C-nodes, with the requirements and the knee.
void ChartsView::buildKneeChart() {
    QChart* chart = knee_->chart();
    chart->legend()->setAlignment(Qt::AlignBottom);
    // A requirement line in the lighter shade of the line it bounds.
    read_ = line(chart, series_colour(series::read), Qt::SolidLine, 2.5);
    write_ = line(chart, series_colour(series::write), Qt::SolidLine, 2.5);
    read_req_ = line(chart, companion_colour(series::read), Qt::DashLine, 2.0);
    write_req_ = line(chart, companion_colour(series::write), Qt::DashLine, 2.0);
    knee_line_ = line(chart, series_colour(series::knee), Qt::DotLine, 2.0);
    here_ = new QScatterSeries(chart);
    here_->setMarkerSize(11);
    here_->setColor(series_colour(series::design));
    here_->setBorderColor(Qt::white);
    chart->addSeries(here_);
    read_->setName(tr("Read"));
    write_->setName(tr("Write"));
    x_ = new QValueAxis(chart);
    x_->setTitleText(tr("C-nodes (count)"));
    x_->setLabelFormat("%.0f");
    y_ = new QValueAxis(chart);
    // Short: the axis is as tall as the chart, which is short on a laptop.
    y_->setTitleText(tr("Delivered (TB/s)"));
    y_->setLabelFormat("%.1f");
    chart->addAxis(x_, Qt::AlignBottom);
    chart->addAxis(y_, Qt::AlignLeft);
    for (QAbstractSeries* s : chart->series()) {
        s->attachAxis(x_);
        s->attachAxis(y_);
    }
}

/// Goodput against write bandwidth for the chosen checkpoint job.
void ChartsView::buildGoodputChart() {
    // Goodput vs write bandwidth, log-scaled: the curve spans 64:1.
    goodput_box_ = new QWidget(this);
    job_ = new QComboBox(goodput_box_);
    job_->setObjectName("goodput-job");
    goodput_ = make_view(goodput_box_, "goodput-chart");
    QChart* g = goodput_->chart();
    g->legend()->setAlignment(Qt::AlignBottom);
    goodput_line_ = line(g, series_colour(series::goodput), Qt::SolidLine, 2.5);
    goodput_line_->setName(tr("Goodput"));
    auto scatter = [g](const QColor& colour, qreal size) {
        auto* s = new QScatterSeries(g);
        s->setMarkerSize(size);
        s->setColor(colour);
        s->setBorderColor(Qt::white);
        g->addSeries(s);
        return s;
    };
    goodput_need_ = scatter(series_colour(series::write), 12);
    goodput_gets_ = scatter(series_colour(series::design), 12);
    goodput_knee_ = scatter(series_colour(series::knee), 10);
    goodput_knee_->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    gx_ = new QLogValueAxis(g);
    gx_->setTitleText(tr("Write bandwidth to the job (TB/s, log scale)"));
    gx_->setLabelFormat("%g");
    gx_->setBase(10);
    gx_->setMinorTickCount(8);
    gy_ = new QValueAxis(g);
    gy_->setTitleText(tr("Goodput (% of GPU time)"));
    gy_->setLabelFormat("%.0f");
    g->addAxis(gx_, Qt::AlignBottom);
    g->addAxis(gy_, Qt::AlignLeft);
    for (QAbstractSeries* s : g->series()) {
        s->attachAxis(gx_);
        s->attachAxis(gy_);
    }
    // What one more step gives back, on its own axis: the knee read as a
    // curve against its threshold, not one number (REVIEW-3 §1.3).
    step_gain_ = line(g, series_colour(series::step_gain), Qt::SolidLine, 1.5);
    threshold_ = line(g, companion_colour(series::step_gain), Qt::DashLine, 1.5);
    gy_step_ = new QLogValueAxis(g);
    gy_step_->setTitleText(tr("One more step gives back (GPU-h/day, log)"));
    gy_step_->setLabelFormat("%g");
    gy_step_->setBase(10);
    g->addAxis(gy_step_, Qt::AlignRight);
    for (QLineSeries* s : {step_gain_, threshold_}) {
        s->attachAxis(gx_);
        s->attachAxis(gy_step_);
    }
    auto* gl = new QVBoxLayout(goodput_box_);
    gl->setContentsMargins(0, 0, 0, 0);
    auto* pick = new QHBoxLayout();
    pick->addWidget(new QLabel(tr("Checkpoint job:"), goodput_box_));
    pick->addWidget(job_, 1);
    gl->addLayout(pick);
    gl->addWidget(goodput_, 1);
    connect(job_, &QComboBox::currentIndexChanged, this, [this] { refreshGoodput(); });
}

ChartsView::BarChart ChartsView::makeBars(const QString& name, const QString& axis,
                                          const QString& title, const QColor& colour) {
    BarChart b;
    b.view = make_view(this, name);
    // Five bars read at this height: the charts fit a 768-pixel screen one
    // above the other.
    b.view->setMinimumHeight(150);
    QChart* c = b.view->chart();
    c->setTitle(title);
    c->legend()->setVisible(false);
    b.set = new QBarSet(axis, c);
    b.set->setColor(colour);
    b.set->setLabelColor(Qt::black);
    // Horizontal bars: the names of designs and reference systems are
    // long ("HD exabyte, capacity only (1:2)"); on a vertical axis they
    // are read in full, where slanted labels under vertical bars clipped
    // the last one.
    auto* series = new QHorizontalBarSeries(c);
    series->append(b.set);
    series->setLabelsVisible(true);
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    series->setLabelsFormat("@value");
    c->addSeries(series);
    b.categories = new QBarCategoryAxis(c);
    b.values = new QValueAxis(c);
    b.values->setTitleText(axis);
    b.values->setLabelFormat("%.0f");
    b.categories->setTruncateLabels(false);
    c->addAxis(b.categories, Qt::AlignLeft);
    c->addAxis(b.values, Qt::AlignBottom);
    series->attachAxis(b.categories);
    series->attachAxis(b.values);
    return b;
}

QChart* ChartsView::kneeChart() const {
    return knee_->chart();
}
QChart* ChartsView::racksChart() const {
    return racks_.view->chart();
}
QChart* ChartsView::powerChart() const {
    return power_.view->chart();
}
QChart* ChartsView::goodputChart() const {
    return goodput_->chart();
}

void ChartsView::refresh() {
    // Drawn only when on screen: a hidden tab costs an edit nothing.
    if (!isVisible()) {
        stale_ = true;
        return;
    }
    stale_ = false;
    refreshKnee();
    refreshGoodput();
    refreshBars(racks_, [](const ComparisonColumn& c) { return static_cast<double>(c.racks); });
    refreshBars(power_, [](const ComparisonColumn& c) { return in(c.power, units::kW); });
}

void ChartsView::placeBars() {
    // Qt Charts gives a vertical axis at most a third of its chart's width
    // and clips longer category names ("HD exabyte, capacity only (1:2)");
    // side by side, each bar chart has half the tab, which on a laptop
    // (the tab about 900 pixels wide at 1366) leaves the names too little:
    // there the two bar charts take a row each, the whole width.
    const bool side_by_side = width() >= kBarsSideBySide;
    if (bars_side_by_side_ == side_by_side) {
        return;
    }
    bars_side_by_side_ = side_by_side;
    auto* grid = static_cast<QGridLayout*>(layout());
    grid->removeWidget(racks_.view);
    grid->removeWidget(power_.view);
    if (side_by_side) {
        grid->addWidget(racks_.view, 1, 0);
        grid->addWidget(power_.view, 1, 1);
        grid->setRowStretch(0, 3);
        grid->setRowStretch(1, 2);
        grid->setRowStretch(2, 0);
    } else {
        grid->addWidget(racks_.view, 1, 0, 1, 2);
        grid->addWidget(power_.view, 2, 0, 1, 2);
        grid->setRowStretch(0, 3);
        grid->setRowStretch(1, 2);
        grid->setRowStretch(2, 2);
    }
}

void ChartsView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    placeBars();
}

void ChartsView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (stale_) {
        refresh();
    }
}

void ChartsView::refreshKnee() {
    QChart* chart = knee_->chart();
    const Design* d = session_->selected();
    KneeCurve curve;
    QString problem;
    if (d == nullptr) {
        problem = tr("nothing sized");
    } else {
        try {
            // 60 evaluations draw the two straight segments and the knee
            // exactly (the knee and the design's own count are always in).
            curve = knee_curve(*d, session_->scenario(), session_->catalog(), 60);
        } catch (const InputError& e) {
            problem = q(e.what());
        }
    }
    if (!problem.isEmpty() || curve.points.empty()) {
        set_title(chart, tr("<b>Delivered throughput vs C-nodes</b>: %1").arg(problem));
        set_chart_note(knee_, problem.isEmpty() ? tr("No curve: the design has no C-nodes to vary.")
                                                : tr("No curve: %1.").arg(problem));
        for (QAbstractSeries* s : chart->series()) {
            show_series(chart, s, false);
        }
        return;
    }
    set_chart_note(knee_, {});
    set_title(chart, tr("<b>Delivered throughput vs C-nodes</b> — %1, %2 D-boxes%3")
                         .arg(q(d->name).toHtmlEscaped(), count(d->dboxes),
                              needs_line(curve.required_read, curve.required_write)));

    // The x range is rounded up to nice numbers, and the curve is evaluated
    // out to that edge so the plateau past the knee reaches it.
    x_->setRange(0, static_cast<double>(curve.points.back().cnodes));
    x_->applyNiceNumbers();
    const auto x_end = static_cast<std::int64_t>(x_->max());
    if (x_end > curve.points.back().cnodes) {
        const Design edge = replay(*d, x_end, d->dboxes, session_->scenario(), session_->catalog());
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
    top = std::max(
        {top, in(curve.required_read, units::TB_per_s), in(curve.required_write, units::TB_per_s)});
    y_->setRange(0, top * 1.1);
    y_->applyNiceNumbers();
    const double x_max = x_->max();
    const double y_max = y_->max();

    read_->replace(read);
    write_->replace(write);
    const double rr = in(curve.required_read, units::TB_per_s);
    const double rw = in(curve.required_write, units::TB_per_s);
    read_req_->replace(QList<QPointF>{{0, rr}, {x_max, rr}});
    set_name(read_req_, tr("Read needed"));
    write_req_->replace(QList<QPointF>{{0, rw}, {x_max, rw}});
    set_name(write_req_, tr("Write needed"));
    const auto knee = static_cast<double>(curve.knee);
    knee_line_->replace(QList<QPointF>{{knee, 0}, {knee, y_max}});
    set_name(knee_line_, tr("Knee: %1").arg(count(curve.knee)));
    const auto c = static_cast<double>(d->cnodes);
    here_->replace(
        QList<QPointF>{{c, in(d->read, units::TB_per_s)}, {c, in(d->write, units::TB_per_s)}});
    set_name(here_, tr("Design: %1").arg(count(d->cnodes)));

    for (QAbstractSeries* s : chart->series()) {
        show_series(chart, s, true);
    }
    show_series(chart, read_req_, curve.required_read.base() > 0);
    show_series(chart, write_req_, curve.required_write.base() > 0);
}

void ChartsView::refreshGoodput() {
    const Design* d = session_->selected();
    const bool jobs = d != nullptr && !d->checkpoints.empty();
    // Without checkpoint jobs the throughput chart takes the whole row.
    // Re-placed only when that changes: a widget taken out of the grid and
    // put back lays out and repaints the whole tab on every edit.
    if (knee_alone_ != !jobs) {
        knee_alone_ = !jobs;
        auto* grid = static_cast<QGridLayout*>(layout());
        goodput_box_->setVisible(jobs);
        grid->removeWidget(knee_);
        grid->addWidget(knee_, 0, 0, 1, jobs ? 1 : 2);
    }
    if (!jobs) {
        return;
    }
    QStringList names;
    for (const CheckpointAtDesign& c : d->checkpoints) {
        names << q(c.name);
    }
    QStringList shown;
    for (int i = 0; i < job_->count(); ++i) {
        shown << job_->itemText(i);
    }
    if (shown != names) {
        const QSignalBlocker block(job_);
        const int keep = job_->currentIndex();
        job_->clear();
        job_->addItems(names);
        job_->setCurrentIndex(std::clamp(keep, 0, static_cast<int>(names.size()) - 1));
    }
    const auto i = static_cast<std::size_t>(std::max(0, job_->currentIndex()));
    const CheckpointRequirement& req = d->requirements.checkpoints.jobs[i];
    const CheckpointAtDesign& at = d->checkpoints[i];

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
    goodput_line_->replace(points);
    auto mark = [](QScatterSeries* s, const GoodputPoint& p) {
        s->replace(QList<QPointF>{{in(p.write, units::TB_per_s), p.goodput * 100.0}});
    };
    const GoodputPoint need = evaluate_job(req.model, req.required_write);
    mark(goodput_need_, need);
    set_name(goodput_need_, tr("Needed: %1").arg(q(format_write(req.required_write))));
    mark(goodput_gets_, at.at_share);
    set_name(goodput_gets_, tr("Design: %1").arg(q(format_write(at.share))));
    show_series(goodput_->chart(), goodput_knee_, curve.knee.has_value());
    if (curve.knee) {
        mark(goodput_knee_, *curve.knee);
        set_name(goodput_knee_, tr("Knee: %1").arg(q(format_write(curve.knee->write))));
    }
    gx_->setRange(lo, hi);
    gy_->setRange(0, 100);
    refreshStepGain(curve, lo, hi);
    set_title(goodput_->chart(), goodput_title(req, d->name));
}

void ChartsView::refreshStepGain(const GoodputCurve& curve, double lo, double hi) {
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
    set_name(step_gain_,
             tr("One more %1 gives back (GPU-h/day)").arg(q(format_write(curve.knee_rule.step))));
    const double t = curve.knee_rule.threshold;
    threshold_->replace(QList<QPointF>{{lo, t}, {hi, t}});
    set_name(threshold_, tr("Knee threshold: %1 GPU-h/day").arg(q(format_number(t, 0))));
    gy_step_->setRange(std::max(bottom, t / 1000.0), top * 1.5);
}

void ChartsView::refreshBars(BarChart& b, double (*value)(const ComparisonColumn&)) {
    // The comparison's columns: each design, designs grown to the target,
    // and the reference systems (the cloud object store) at the same capacity.
    const auto& cmp = session_->comparison();
    QStringList names;
    QList<qreal> values;
    if (cmp) {
        // Bottom to top, so the bars read top-down in the table's column order
        // (QBarCategoryAxis::setReverse is not honoured by bar series in Qt 6.4).
        for (auto it = cmp->columns.rbegin(); it != cmp->columns.rend(); ++it) {
            const ComparisonColumn& c = *it;
            names << q(c.name);
            // Labels show the value as is: one decimal at most.
            values << std::round(value(c) * 10.0) / 10.0;
        }
    }
    if (b.categories->categories() != names) {
        b.categories->clear();
        b.categories->append(names);
    }
    if (b.set->count() != values.size()) {
        b.set->remove(0, b.set->count());
        b.set->append(values);
    } else {
        for (int i = 0; i < b.set->count(); ++i) {
            if (b.set->at(i) != values[i]) {
                b.set->replace(i, values[i]);
            }
        }
    }
    set_chart_note(b.view, values.isEmpty()
                               ? tr("Nothing to compare: the scenario was not sized (the "
                                    "Results tab says why).")
                               : QString());
    const double top = values.isEmpty() ? 1.0 : *std::max_element(values.begin(), values.end());
    b.values->setRange(0, std::max(1.0, top * 1.15));
    b.values->applyNiceNumbers();
}

} // namespace podsizer::gui
