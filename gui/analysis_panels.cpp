#include "analysis_panels.hpp"

#include "chart_note.hpp"
#include "chart_save.hpp"
#include "grid_table.hpp"
#include "podsizer/render/chart_parts.hpp"
#include "podsizer/render/pareto_chart.hpp"
#include "podsizer/reports/extrapolation_report.hpp"
#include "podsizer/reports/optimizer_report.hpp"
#include "podsizer/reports/sizing_report.hpp"
#include "session.hpp"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace podsizer::gui {

LazyPanel::LazyPanel(Session* session, QWidget* parent) : QWidget(parent), session_(session) {
    connect(session_, &Session::resultsChanged, this, &LazyPanel::refresh);
}

void LazyPanel::refresh() {
    if (!isVisible()) {
        stale_ = true;
        return;
    }
    stale_ = false;
    draw();
}

void LazyPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (stale_) {
        refresh();
    }
}

ExtrapolationPanel::ExtrapolationPanel(Session* session, QWidget* parent)
    : LazyPanel(session, parent), note_(note_label(this, "extrapolation-note")),
      table_(read_only_table(this, "extrapolation")) {
    auto* l = flat_column(this);
    l->addWidget(note_);
    l->addWidget(table_, 1);
}

void ExtrapolationPanel::draw() {
    const ScenarioExtrapolation* x = session_->extrapolation();
    table_->setVisible(x != nullptr);
    if (x == nullptr) {
        note_->setText(session_->extrapolationError());
        table_->setRowCount(0);
        return;
    }
    note_->setText(
        tr("Every design grown to %1 (%2 short still counts): whole pods and one "
           "namespace, then the fleet plan — as <tt>podsizer extrapolate</tt>.")
            .arg(QString::fromStdString(format(x->spec.target, 1)),
                 QString::fromStdString(format_number(x->spec.tolerance * 100, 1)) + " %"));
    show_grid(table_, extrapolation_grid(*x, false), true);
    table_->resizeColumnsToContents();
}

OptimizerPanel::OptimizerPanel(Session* session, QWidget* parent)
    : LazyPanel(session, parent), objective_(new QComboBox(this)),
      summary_(note_label(this, "optimizer-summary")),
      use_(new QPushButton(tr("Add the best as an option"), this)),
      best_(read_only_table(this, "optimizer-best")),
      pareto_(read_only_table(this, "optimizer-pareto")),
      pareto_chart_(new QChartView(render::new_chart(), this)), views_(new QTabWidget(this)) {
    auto* l = flat_column(this);
    auto* bar = new QHBoxLayout();
    bar->addWidget(new QLabel(tr("Objective:"), this));
    objective_->setObjectName("optimizer-objective");
    for (const std::string& name : objective_names()) {
        objective_->addItem(QString::fromStdString(name));
    }
    bar->addWidget(objective_);
    bar->addWidget(use_);
    bar->addStretch();
    l->addLayout(bar);
    // The summary over the best design, on its page: the chart's page keeps
    // the panel's height for its axes.
    auto* best_page = new QWidget(this);
    auto* bl = flat_column(best_page);
    bl->addWidget(summary_);
    bl->addWidget(best_, 1);
    // The best design, the front as a chart (the render library's, as
    // `optimize --charts` draws it, with the scenario's designs beside it)
    // and as a table, each on the panel's whole width: side by side, on a
    // laptop's 1366 × 768, the best design's values were off-screen and the
    // chart's axes read "Powe…" (REVIEW-4 F10).
    pareto_chart_->setObjectName("optimizer-pareto-chart");
    pareto_chart_->setRenderHint(QPainter::Antialiasing);
    add_save_actions(pareto_chart_);
    views_->setObjectName("optimizer-views");
    views_->setDocumentMode(true);
    views_->addTab(best_page, tr("Best design"));
    views_->addTab(pareto_chart_, tr("Pareto front"));
    views_->addTab(pareto_, tr("Pareto table"));
    l->addWidget(views_, 1);
    use_->setObjectName("optimizer-use");
    use_->setToolTip(tr("Adds an option pinned to the best design's hardware and counts "
                        "(undo with Ctrl+Z)"));
    connect(objective_, &QComboBox::currentIndexChanged, this, [this] { refresh(); });
    connect(use_, &QPushButton::clicked, this, [this] {
        if (const OptimizerResult* r = session_->optimization(currentObjective()); r && r->best) {
            Q_EMIT useDesign(*r->best);
        }
    });
}

Objective OptimizerPanel::currentObjective() const {
    return objective_from_string(objective_->currentText().toStdString())
        .value_or(Objective::min_racks);
}

void OptimizerPanel::draw() {
    const OptimizerResult* r = session_->optimization(currentObjective());
    use_->setEnabled(r != nullptr && r->best.has_value());
    if (r == nullptr) {
        summary_->setText(session_->optimizationError());
        best_->setRowCount(0);
        pareto_->setRowCount(0);
        pareto_chart_->chart()->removeAllSeries();
        set_chart_note(pareto_chart_, session_->optimizationError());
        return;
    }
    summary_->setText(QString::fromStdString(optimization_summary(*r)).replace('\n', "<br>"));
    SizingResult best;
    best.scenario = r->scenario;
    best.requirements = r->requirements;
    if (r->best) {
        best.designs.push_back(*r->best);
    }
    show_grid(best_, side_by_side(best), true);
    best_->resizeColumnsToContents();
    show_grid(pareto_, pareto_grid(*r, false), false);
    pareto_->resizeColumnsToContents();
    const SizingResult* own = session_->result();
    set_chart_note(pareto_chart_,
                   render::plot_pareto(pareto_chart_->chart(), *r,
                                       own != nullptr ? own->designs : std::vector<Design>{}));
}

} // namespace podsizer::gui
