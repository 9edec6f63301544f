#include "charts_view.hpp"

#include "chart_note.hpp"
#include "chart_save.hpp"
#include "grid_table.hpp"
#include "podsizer/render/bar_chart.hpp"
#include "podsizer/render/chart_parts.hpp"
#include "podsizer/render/goodput_chart.hpp"
#include "podsizer/render/knee_chart.hpp"
#include "series_palette.hpp"
#include "session.hpp"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegendMarker>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <algorithm>

namespace podsizer::gui {

namespace {

/// A chart's legend as wrapped text under it (REVIEW-4 F10): Qt Charts lays
/// its legend out on one line and cuts every name short ("Goo…", "Nee…")
/// when the chart is narrow, as two charts side by side are at 1366 × 768.
/// Each entry is its marker's colour and label, kept on one line.
QLabel* make_legend(QWidget* parent, const QString& name) {
    auto* l = new QLabel(parent);
    l->setObjectName(name);
    l->setWordWrap(true);
    l->setTextFormat(Qt::RichText);
    l->setAlignment(Qt::AlignHCenter | Qt::AlignTop);
    return l;
}

/// A chart's title as wrapped text above it (issue 51, REVIEW-4 F10): Qt
/// Charts elides a title wider than its chart ("… NCP pod as quot…") and a
/// vertical axis's title longer than the plot ("Goodput (% of GP…"). The
/// title moves to the label, whole on as many lines as it needs; the axes
/// take a smaller font so their titles fit the plot at 1366 × 768.
void show_title(QLabel* label, QChart* chart) {
    const QString title = chart->title();
    if (!title.isEmpty()) {
        label->setText(title);
        chart->setTitle(QString());
        // A saved chart carries it above the plot (chart_save.cpp).
        chart->setProperty(kSavedTitle, title);
    }
    for (QAbstractAxis* axis : chart->axes()) {
        QFont f = axis->titleFont();
        if (f.pointSizeF() > 8.0) {
            f.setPointSizeF(8.0);
            axis->setTitleFont(f);
        }
    }
}

void show_legend(QLabel* label, QChart* chart) {
    chart->legend()->hide();
    QStringList entries;
    for (QLegendMarker* m : chart->legend()->markers()) {
        // The series' visibility: a hidden legend's markers read hidden.
        if (!m->series()->isVisible() || m->label().isEmpty()) {
            continue;
        }
        entries << QString("<span style=\"color:%1\">&#9632;</span>&nbsp;%2")
                       .arg(m->brush().color().name(),
                            m->label().toHtmlEscaped().replace(' ', "&nbsp;"));
    }
    const QString text = entries.join(" &nbsp; ");
    if (label->text() != text) {
        label->setText(text);
        chart->setProperty(kSavedLegend, text);
    }
}

QChartView* make_view(QWidget* parent, const QString& name) {
    auto* view = new QChartView(render::new_chart(), parent);
    view->setObjectName(name);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(320, 240);
    add_save_actions(view);
    return view;
}

} // namespace

ChartsView::ChartsView(Session* session, QWidget* parent)
    : LazyPanel(session, parent), knee_(make_view(this, "knee-chart")),
      knee_box_(new QWidget(this)), knee_legend_(make_legend(knee_box_, "knee-legend")) {
    auto* kl = flat_column(knee_box_);
    kl->setSpacing(0);
    knee_->setParent(knee_box_);
    knee_title_ = make_legend(knee_box_, "knee-title");
    kl->addWidget(knee_title_);
    kl->addWidget(knee_, 1);
    kl->addWidget(knee_legend_);
    buildKneeChart();
    buildGoodputChart();
    racks_ =
        makeBars("racks-chart", tr("Racks (count)"),
                 tr("<b>Racks</b> — designs and reference systems"), series_colour(series::racks));
    power_ =
        makeBars("power-chart", tr("Power (kW)"),
                 tr("<b>Power</b> — designs and reference systems"), series_colour(series::power));

    auto* grid = new QGridLayout(this);
    grid->addWidget(knee_box_, 0, 0);
    grid->addWidget(goodput_box_, 0, 1);
    placeBars();
    connect(session_, &Session::selectionChanged, this, &ChartsView::refresh);
}

ChartsView::~ChartsView() = default;

/// Delivered read and write against C-nodes, with the requirements and the
/// knee: the render library's chart, as --charts and --pdf draw it.
void ChartsView::buildKneeChart() {
    knee_chart_ = std::make_unique<render::KneeChart>(knee_->chart());
}

/// Goodput against write bandwidth for the chosen checkpoint job.
void ChartsView::buildGoodputChart() {
    // Goodput vs write bandwidth, log-scaled: the curve spans 64:1.
    goodput_box_ = new QWidget(this);
    job_ = new QComboBox(goodput_box_);
    job_->setObjectName("goodput-job");
    goodput_ = make_view(goodput_box_, "goodput-chart");
    goodput_chart_ = std::make_unique<render::GoodputChart>(goodput_->chart());
    // The right axis's title, short enough for the plot's height at 1366 ×
    // 768 ("One more step gives back (GPU-h/day, log)" is 265 px on 162);
    // the legend under the chart names the curve in full.
    for (QAbstractAxis* axis : goodput_->chart()->axes(Qt::Vertical)) {
        if (axis->alignment() == Qt::AlignRight) {
            axis->setTitleText(tr("+1 step (GPU-h/day)"));
        }
    }
    auto* gl = flat_column(goodput_box_);
    auto* pick = new QHBoxLayout();
    pick->addWidget(new QLabel(tr("Checkpoint job:"), goodput_box_));
    pick->addWidget(job_, 1);
    gl->addLayout(pick);
    goodput_title_ = make_legend(goodput_box_, "goodput-title");
    gl->addWidget(goodput_title_);
    gl->addWidget(goodput_, 1);
    goodput_legend_ = make_legend(goodput_box_, "goodput-legend");
    gl->addWidget(goodput_legend_);
    connect(job_, &QComboBox::currentIndexChanged, this, [this] { refreshGoodput(); });
}

ChartsView::BarChart ChartsView::makeBars(const QString& name, const QString& axis,
                                          const QString& title, const QColor& colour) {
    BarChart b;
    b.view = make_view(this, name);
    // Five bars read at this height: the charts fit a 768-pixel screen one
    // above the other.
    b.view->setMinimumHeight(150);
    b.chart = std::make_unique<render::BarChart>(b.view->chart(), axis, title, colour);
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

void ChartsView::draw() {
    // Drawn only when on screen (LazyPanel): a hidden tab costs an edit nothing.
    refreshKnee();
    refreshGoodput();
    refreshBars(racks_, render::racks_figure());
    refreshBars(power_, render::power_figure());
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

void ChartsView::refreshKnee() {
    set_chart_note(knee_, knee_chart_->update(session_->selected(), session_->scenario(),
                                              session_->catalog()));
    show_title(knee_title_, knee_->chart());
    show_legend(knee_legend_, knee_->chart());
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
        grid->removeWidget(knee_box_);
        grid->addWidget(knee_box_, 0, 0, 1, jobs ? 1 : 2);
    }
    if (!jobs) {
        return;
    }
    QStringList names;
    for (const CheckpointAtDesign& c : d->checkpoints) {
        names << QString::fromStdString(c.name);
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
    goodput_chart_->update(*d, static_cast<std::size_t>(std::max(0, job_->currentIndex())));
    show_title(goodput_title_, goodput_->chart());
    show_legend(goodput_legend_, goodput_->chart());
}

void ChartsView::refreshBars(BarChart& b, const render::BarFigure& figure) {
    // The comparison's columns: each design, designs grown to the target,
    // and the reference systems (the cloud object store) at the same capacity.
    const auto& cmp = session_->comparison();
    set_chart_note(b.view, b.chart->update(cmp ? &*cmp : nullptr, figure));
}

} // namespace podsizer::gui
