#include "resilience_panel.hpp"

#include "chart_note.hpp"
#include "grid_table.hpp"
#include "podsizer/core/number_text.hpp"
#include "podsizer/core/resilience.hpp"
#include "podsizer/core/text.hpp"
#include "podsizer/reports/resilience_report.hpp"
#include "series_palette.hpp"
#include "session.hpp"

#include <QChart>
#include <QChartView>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>

namespace podsizer::gui {

namespace {

QChartView* chart_view(QWidget* parent, const QString& name, const QString& title) {
    auto* chart = new QChart();
    chart->setAnimationOptions(QChart::NoAnimation); // an edit must show at once
    chart->setMargins(QMargins(6, 6, 6, 6));
    chart->setTitle(title);
    // The two charts share one legend, a label over them: a chart's own
    // legend cuts names to "HD …" in a chart a quarter of a laptop's screen
    // wide, where two designs then read alike.
    chart->legend()->setVisible(false);
    auto* view = new QChartView(chart, parent);
    view->setObjectName(name);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(220, 200);
    return view;
}

/// One colour per design, from the shared palette: never two alike.
QPen design_pen(std::size_t i) {
    QPen pen(series_colour(i));
    pen.setWidthF(2.0);
    return pen;
}

/// Replaces the chart's series and axes: one line per design.
void plot(QChart* chart, const std::vector<std::pair<QString, QList<QPointF>>>& lines,
          const QString& x_title, const QString& y_title, const char* y_format, int x_ticks) {
    chart->removeAllSeries();
    for (QAbstractAxis* a : chart->axes()) {
        chart->removeAxis(a);
        delete a;
    }
    auto* x = new QValueAxis(chart);
    x->setTitleText(x_title);
    x->setLabelFormat("%.0f");
    auto* y = new QValueAxis(chart);
    y->setTitleText(y_title);
    y->setLabelFormat(y_format);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    double x_max = 0.0;
    double y_max = 0.0;
    double y_min = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < lines.size(); ++i) {
        auto* s = new QLineSeries(chart);
        s->setName(lines[i].first);
        s->setPen(design_pen(i));
        s->append(lines[i].second);
        chart->addSeries(s);
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

/// Per design, the curves the charts draw: the nines (exact chain) at
/// rebuild shares of 2 % to 50 % and the local need at outages from 0 to
/// `weeks` weeks.
void sweep_curves(const std::vector<ResilienceColumn>& cols, const Catalog& catalog,
                  const ResilienceInputs& base, double weeks,
                  std::vector<std::pair<QString, QList<QPointF>>>& nines,
                  std::vector<std::pair<QString, QList<QPointF>>>& need) {
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
            const double days = 7.0 * weeks * step / 24.0;
            ResilienceInputs at = base;
            at.outage = of<Duration>(days * 24.0, units::h);
            const DesignResilience r = assess_resilience(d, *box, *ec, at);
            l.append(QPointF(days, in(r.local_need, units::PB)));
        }
        const QString name = QString::fromStdString(d.name);
        nines.emplace_back(name, n);
        need.emplace_back(name, l);
    }
}

using Lines = std::vector<std::pair<QString, QList<QPointF>>>;

bool drawn(const Lines& lines) {
    return std::any_of(lines.begin(), lines.end(), [](const auto& l) { return !l.second.empty(); });
}

bool above_zero(const Lines& lines) {
    return std::any_of(lines.begin(), lines.end(), [](const auto& l) {
        return std::any_of(l.second.begin(), l.second.end(),
                           [](const QPointF& p) { return p.y() > 0.0; });
    });
}

} // namespace

ResiliencePanel::ResiliencePanel(Session* session, QWidget* parent)
    : LazyPanel(session, parent), note_(new QLabel(this)), table_(new QTableWidget(this)),
      nines_(chart_view(this, "resilience-nines", tr("Nines vs rebuild share"))),
      outage_(chart_view(this, "resilience-outage", tr("Local need vs WAN outage"))),
      legend_(new QLabel(this)) {
    note_->setObjectName("resilience-note");
    note_->setWordWrap(true);
    table_->setObjectName("resilience");
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionMode(QAbstractItemView::NoSelection);
    table_->verticalHeader()->setDefaultSectionSize(19);
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    legend_->setObjectName("resilience-legend");
    legend_->setWordWrap(true);
    legend_->setTextFormat(Qt::RichText);
    auto* charts = new QWidget(this);
    auto* cv = new QVBoxLayout(charts);
    cv->setContentsMargins(0, 0, 0, 0);
    cv->addWidget(legend_);
    auto* cl = new QHBoxLayout();
    cl->addWidget(nines_, 1);
    cl->addWidget(outage_, 1);
    cv->addLayout(cl, 1);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(table_);
    split->addWidget(charts);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({1000, 1000}); // half each: the labels and a design column fit at 1366 px
    auto* l = new QVBoxLayout(this);
    l->setContentsMargins(0, 0, 0, 0);
    l->addWidget(note_);
    l->addWidget(split, 1);
}

void ResiliencePanel::draw() {
    const SizingResult* result = session_->result();
    std::vector<ResilienceColumn> cols;
    if (result != nullptr) {
        for (const Design& d : result->designs) {
            if (d.resilience) {
                cols.push_back({&d, *d.resilience});
            }
        }
    }
    if (cols.empty()) {
        note_->setText(tr("No design to assess: the scenario has none, or its D-boxes give no "
                          "drive AFR (set resilience.afr)."));
        table_->setRowCount(0);
        nines_->chart()->removeAllSeries();
        outage_->chart()->removeAllSeries();
        legend_->clear();
        set_chart_note(nines_, tr("No design to assess."));
        set_chart_note(outage_, tr("No design to assess."));
        return;
    }
    const Catalog& catalog = session_->catalog();
    const ResilienceInputs base = resilience_inputs(session_->scenario(), catalog);
    QString outage = base.outage.base() > 0.0
                         ? QString::fromStdString(format_in(base.outage, units::h, 1))
                         : tr("none");
    note_->setText(
        tr("As <tt>podsizer resilience</tt>: AFR %1, fill %2, rebuild share %3, "
           "WAN outage %4 (resilience.* and cloud.wan in the scenario).")
            .arg(QString::fromStdString(cols.front().resilience.afr > 0.0
                                            ? percent_text(cols.front().resilience.afr, 2)
                                            : std::string("n/a")),
                 QString::fromStdString(percent_text(base.fill, 0)),
                 QString::fromStdString(percent_text(base.rebuild_share, 0)), outage));
    show_grid(table_, resilience_grid(cols, false), true);
    table_->resizeColumnsToContents();

    // Nines (exact chain, independent drive failures) at rebuild shares of
    // 2 % to 50 %; the local need at outages from 0 to a week, or to as many
    // weeks as twice the scenario's outage takes.
    std::vector<std::pair<QString, QList<QPointF>>> nines;
    std::vector<std::pair<QString, QList<QPointF>>> need;
    const double weeks = std::max(1.0, std::ceil(2.0 * in(base.outage, units::h) / 168.0));
    sweep_curves(cols, catalog, base, weeks, nines, need);
    QStringList keys;
    for (std::size_t i = 0; i < nines.size(); ++i) {
        keys << QString("<span style='color:%1'>&#9632;</span>&nbsp;%2")
                    .arg(series_colour(i).name(), nines[i].first.toHtmlEscaped());
    }
    legend_->setText(keys.join(" &nbsp; "));
    plot(nines_->chart(), nines, tr("Rebuild share (%)"), tr("Nines a year"), "%.0f",
         6); // 0, 10, … 50 %
    plot(outage_->chart(), need, tr("WAN outage (days)"), tr("Local need (PB)"), "%.1f",
         weeks <= 2.0 ? static_cast<int>(weeks) * 7 + 1 : 8); // a tick a day, or 7 steps
    set_chart_note(nines_, drawn(nines) ? QString()
                                        : tr("No nines to draw: no design's durability is "
                                             "finite and above zero at any rebuild share."));
    // The local need is the checkpoints kept on site, the writes held back
    // while the WAN is down and the dataset (docs/resilience.md §11): with
    // none of them it is zero at every outage.
    set_chart_note(outage_, above_zero(need)
                                ? QString()
                                : tr("No local need at any outage: no checkpoint job keeps "
                                     "checkpoints or sends them off site, and no dataset is "
                                     "given (resilience.dataset)."));
}

} // namespace podsizer::gui
