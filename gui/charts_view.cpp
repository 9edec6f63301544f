#include "charts_view.hpp"

#include "design_play.hpp"
#include "podsizer/core/errors.hpp"
#include "session.hpp"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QGridLayout>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace podsizer::gui {

namespace {

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

const QColor kRead("#1565c0");
const QColor kWrite("#ef6c00");
const QColor kKnee("#6a1b9a");

QChartView* make_view(QWidget* parent, const QString& name) {
    auto* chart = new QChart();
    chart->setAnimationOptions(QChart::NoAnimation); // an edit must show at once
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setShowToolTips(true);
    chart->setMargins(QMargins(6, 6, 6, 6));
    auto* view = new QChartView(chart, parent);
    view->setObjectName(name);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(320, 240);
    return view;
}

void clear(QChart* chart) {
    chart->removeAllSeries();
    for (QAbstractAxis* a : chart->axes()) {
        chart->removeAxis(a);
        delete a;
    }
}

QLineSeries* line(const QString& name, const QColor& colour, Qt::PenStyle style, qreal width) {
    auto* s = new QLineSeries();
    s->setName(name);
    QPen pen(colour);
    pen.setStyle(style);
    pen.setWidthF(width);
    s->setPen(pen);
    return s;
}

} // namespace

ChartsView::ChartsView(Session* session, QWidget* parent)
    : QWidget(parent), session_(session), knee_(make_view(this, "knee-chart")),
      racks_(make_view(this, "racks-chart")), power_(make_view(this, "power-chart")) {
    auto* grid = new QGridLayout(this);
    grid->addWidget(knee_, 0, 0, 1, 2);
    grid->addWidget(racks_, 1, 0);
    grid->addWidget(power_, 1, 1);
    grid->setRowStretch(0, 3);
    grid->setRowStretch(1, 2);
    connect(session_, &Session::resultsChanged, this, &ChartsView::refresh);
    connect(session_, &Session::selectionChanged, this, &ChartsView::refresh);
    stale_ = true;
}

QChart* ChartsView::kneeChart() const {
    return knee_->chart();
}
QChart* ChartsView::racksChart() const {
    return racks_->chart();
}
QChart* ChartsView::powerChart() const {
    return power_->chart();
}

void ChartsView::refresh() {
    // Drawn only when on screen: a hidden tab costs an edit nothing.
    if (!isVisible()) {
        stale_ = true;
        return;
    }
    stale_ = false;
    refreshKnee();
    refreshBars();
}

void ChartsView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (stale_) {
        refresh();
    }
}

void ChartsView::refreshKnee() {
    QChart* chart = knee_->chart();
    chart->legend()->setAlignment(Qt::AlignRight); // long entries: one per line
    clear(chart);
    const Design* d = session_->selected();
    if (d == nullptr) {
        chart->setTitle(tr("Delivered throughput vs C-nodes: nothing sized"));
        return;
    }
    KneeCurve curve;
    try {
        curve = knee_curve(*d, session_->scenario(), session_->catalog());
    } catch (const InputError& e) {
        chart->setTitle(q(e.what()));
        return;
    }
    chart->setTitle(
        tr("<b>Delivered throughput vs C-nodes</b> — %1, %2 D-boxes")
            .arg(q(d->name).toHtmlEscaped(), q(format_number(static_cast<double>(d->dboxes)))));

    // Axes first: the x range is rounded up to nice numbers, and the curve is
    // evaluated out to that edge so the plateau past the knee reaches it.
    auto* x_axis = new QValueAxis();
    x_axis->setTitleText(tr("C-nodes (count)"));
    x_axis->setLabelFormat("%.0f");
    x_axis->setRange(0,
                     curve.points.empty() ? 1.0 : static_cast<double>(curve.points.back().cnodes));
    x_axis->applyNiceNumbers();
    const auto x_end = static_cast<std::int64_t>(x_axis->max());
    if (!curve.points.empty() && x_end > curve.points.back().cnodes) {
        const Design edge = replay(*d, x_end, d->dboxes, session_->scenario(), session_->catalog());
        curve.points.push_back({x_end, edge.read, edge.write});
    }

    auto* read = line(tr("Delivered read"), kRead, Qt::SolidLine, 2.5);
    auto* write = line(tr("Delivered write"), kWrite, Qt::SolidLine, 2.5);
    double top = 0;
    for (const KneePoint& p : curve.points) {
        const auto x = static_cast<double>(p.cnodes);
        read->append(x, in(p.read, units::TB_per_s));
        write->append(x, in(p.write, units::TB_per_s));
        top = std::max({top, in(p.read, units::TB_per_s), in(p.write, units::TB_per_s)});
    }
    top = std::max(
        {top, in(curve.required_read, units::TB_per_s), in(curve.required_write, units::TB_per_s)});

    auto* y_axis = new QValueAxis();
    y_axis->setTitleText(tr("Delivered throughput (TB/s)"));
    y_axis->setLabelFormat("%.1f");
    y_axis->setRange(0, top * 1.1);
    y_axis->applyNiceNumbers();
    const double y_max = y_axis->max();
    chart->addAxis(x_axis, Qt::AlignBottom);
    chart->addAxis(y_axis, Qt::AlignLeft);

    QList<QAbstractSeries*> series{read, write};
    if (curve.required_read.base() > 0) {
        auto* r = line(tr("Read requirement (%1 TB/s)")
                           .arg(q(format_number(in(curve.required_read, units::TB_per_s), 2))),
                       kRead, Qt::DashLine, 1.5);
        r->append(0, in(curve.required_read, units::TB_per_s));
        r->append(x_axis->max(), in(curve.required_read, units::TB_per_s));
        series << r;
    }
    if (curve.required_write.base() > 0) {
        auto* w = line(tr("Write requirement (%1 TB/s)")
                           .arg(q(format_number(in(curve.required_write, units::TB_per_s), 2))),
                       kWrite, Qt::DashLine, 1.5);
        w->append(0, in(curve.required_write, units::TB_per_s));
        w->append(x_axis->max(), in(curve.required_write, units::TB_per_s));
        series << w;
    }
    auto* knee =
        line(tr("Knee (%1 C-nodes)").arg(q(format_number(static_cast<double>(curve.knee)))), kKnee,
             Qt::DotLine, 2.0);
    knee->append(static_cast<double>(curve.knee), 0);
    knee->append(static_cast<double>(curve.knee), y_max);
    series << knee;
    auto* here = new QScatterSeries();
    here->setName(
        tr("This design (%1 C-nodes)").arg(q(format_number(static_cast<double>(d->cnodes)))));
    here->setMarkerSize(11);
    here->setColor(QColor("#2e7d32"));
    here->setBorderColor(Qt::white);
    here->append(static_cast<double>(d->cnodes), in(d->read, units::TB_per_s));
    here->append(static_cast<double>(d->cnodes), in(d->write, units::TB_per_s));
    series << here;
    for (QAbstractSeries* s : series) {
        chart->addSeries(s);
        s->attachAxis(x_axis);
        s->attachAxis(y_axis);
    }
}

void ChartsView::refreshBars() {
    const auto& result = session_->result();
    struct Bars {
        QChart* chart;
        QString title;
        QString axis;
        QString set;
        QColor colour;
        double (*value)(const Design&);
        const char* format;
    };
    const Bars bars[] = {
        {racks_->chart(), tr("<b>Racks per design</b>"), tr("Racks (count)"), tr("Racks"),
         QColor("#455a64"), [](const Design& d) { return static_cast<double>(d.racks); }, "%.0f"},
        {power_->chart(), tr("<b>Power per design</b>"), tr("Power (kW)"), tr("Power (kW)"),
         QColor("#c62828"), [](const Design& d) { return in(d.power, units::kW); }, "%.0f"},
    };
    for (const Bars& b : bars) {
        clear(b.chart);
        b.chart->setTitle(b.title);
        if (!result) {
            continue;
        }
        auto* set = new QBarSet(b.set);
        set->setColor(b.colour);
        QStringList names;
        double top = 0;
        for (const Design& d : result->designs) {
            // Labels show the value as is: one decimal at most.
            set->append(std::round(b.value(d) * 10.0) / 10.0);
            top = std::max(top, b.value(d));
            names << q(d.name);
        }
        auto* series = new QBarSeries();
        series->append(set);
        series->setLabelsVisible(true);
        series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
        series->setLabelsFormat("@value");
        set->setLabelColor(Qt::black);
        b.chart->addSeries(series);
        auto* x_axis = new QBarCategoryAxis();
        x_axis->append(names);
        x_axis->setTitleText(tr("Design"));
        auto* y_axis = new QValueAxis();
        y_axis->setTitleText(b.axis);
        y_axis->setLabelFormat(b.format);
        y_axis->setRange(0, std::max(1.0, top * 1.15));
        y_axis->applyNiceNumbers();
        b.chart->addAxis(x_axis, Qt::AlignBottom);
        b.chart->addAxis(y_axis, Qt::AlignLeft);
        series->attachAxis(x_axis);
        series->attachAxis(y_axis);
        b.chart->legend()->setVisible(false);
    }
}

} // namespace podsizer::gui
