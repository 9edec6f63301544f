#include "resilience_panel.hpp"

#include "chart_note.hpp"
#include "chart_save.hpp"
#include "grid_table.hpp"
#include "podsizer/core/number_text.hpp"
#include "podsizer/core/resilience.hpp"
#include "podsizer/core/text.hpp"
#include "podsizer/render/chart_parts.hpp"
#include "podsizer/render/resilience_charts.hpp"
#include "podsizer/reports/resilience_report.hpp"
#include "qt_text.hpp"
#include "series_palette.hpp"
#include "session.hpp"

#include <QChart>
#include <QChartView>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace podsizer::gui {

namespace {

QChartView* chart_view(QWidget* parent, const QString& name, const QString& title) {
    QChart* chart = render::new_chart();
    chart->setTitle(title);
    // The two charts share one legend, a label over them: a chart's own
    // legend cuts names to "HD …" in a chart a quarter of a laptop's screen
    // wide, where two designs then read alike.
    chart->legend()->setVisible(false);
    auto* view = new QChartView(chart, parent);
    view->setObjectName(name);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(220, 200);
    add_save_actions(view);
    return view;
}

} // namespace

ResiliencePanel::ResiliencePanel(Session* session, QWidget* parent)
    : LazyPanel(session, parent), note_(note_label(this, "resilience-note")),
      table_(new QTableWidget(this)),
      nines_(chart_view(this, "resilience-nines", tr("Nines vs rebuild share"))),
      outage_(chart_view(this, "resilience-outage", tr("Local need vs WAN outage"))),
      legend_(note_label(this, "resilience-legend")) {
    table_->setObjectName("resilience");
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionMode(QAbstractItemView::NoSelection);
    table_->verticalHeader()->setDefaultSectionSize(19);
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    legend_->setTextFormat(Qt::RichText);
    auto* charts = new QWidget(this);
    auto* cv = flat_column(charts);
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
    auto* l = flat_column(this);
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
    QString outage = base.outage.base() > 0.0 ? q(format_in(base.outage, units::h, 1)) : tr("none");
    note_->setText(
        tr("As <tt>podsizer resilience</tt>: AFR %1, fill %2, rebuild share %3, "
           "WAN outage %4 (resilience.* and cloud.wan in the scenario).")
            .arg(q(cols.front().resilience.afr > 0.0 ? percent_text(cols.front().resilience.afr, 2)
                                                     : std::string("n/a")),
                 q(percent_text(base.fill, 0)), q(percent_text(base.rebuild_share, 0)), outage));
    show_grid(table_, resilience_grid(cols, false), true);
    table_->resizeColumnsToContents();

    // Nines (exact chain, independent drive failures) at rebuild shares of
    // 2 % to 50 %; the local need at outages from 0 to a week, or to as many
    // weeks as twice the scenario's outage takes: the render library's
    // curves, as --charts and --pdf draw them.
    const render::ResilienceCurves curves = render::resilience_curves(cols, catalog, base);
    QStringList keys;
    for (std::size_t i = 0; i < curves.nines.size(); ++i) {
        keys << QString("<span style='color:%1'>&#9632;</span>&nbsp;%2")
                    .arg(series_colour(i).name(), curves.nines[i].first.toHtmlEscaped());
    }
    legend_->setText(keys.join(" &nbsp; "));
    const auto [nines_why, outage_why] =
        render::plot_resilience(nines_->chart(), outage_->chart(), curves);
    set_chart_note(nines_, nines_why);
    set_chart_note(outage_, outage_why);
}

} // namespace podsizer::gui
