#include "results_view.hpp"

#include "analysis_panels.hpp"
#include "cost_panel.hpp"
#include "grid_table.hpp"
#include "growth_panel.hpp"
#include "plain_label.hpp"
#include "play_panel.hpp"
#include "podsizer/reports/comparison_report.hpp"
#include "podsizer/reports/growth_report.hpp"
#include "podsizer/reports/metrics.hpp"
#include "podsizer/reports/sizing_report.hpp"
#include "resilience_panel.hpp"
#include "session.hpp"

#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace podsizer::gui {

namespace {

/// The C-node, D-box and rack cells say what set them and what each
/// requirement alone would need (docs/model.md §5), after any tooltip the
/// cell has (the assumptions a shaded figure rests on).
void add_sized_by_tooltips(QTableWidget* table, const SizingResult& result) {
    const std::pair<MetricId, MetricId> rows[] = {{MetricId::cnodes, MetricId::cnodes_sized_by},
                                                  {MetricId::dboxes, MetricId::dboxes_sized_by},
                                                  {MetricId::racks, MetricId::racks_sized_by}};
    for (int row = 0; row < table->rowCount(); ++row) {
        const QTableWidgetItem* label = table->verticalHeaderItem(row);
        for (const auto& [count, why] : rows) {
            if (label == nullptr || label->text() != QString::fromStdString(metric_label(
                                                         metric(count), result.designs))) {
                continue;
            }
            for (std::size_t i = 0; i < result.designs.size(); ++i) {
                QTableWidgetItem* cell = table->item(row, static_cast<int>(i));
                if (cell == nullptr) {
                    continue;
                }
                const QString was = cell->toolTip();
                const QString set =
                    QObject::tr("Set by %1")
                        .arg(QString::fromStdString(metric(why).cell(result.designs[i], false)));
                cell->setToolTip(was.isEmpty() ? set : was + "\n" + set);
            }
        }
    }
}

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

} // namespace

QIcon severity_icon(const QWidget* w, Severity s) {
    switch (s) {
    case Severity::error:
        return w->style()->standardIcon(QStyle::SP_MessageBoxCritical);
    case Severity::warning:
        return w->style()->standardIcon(QStyle::SP_MessageBoxWarning);
    case Severity::info:
        break;
    }
    return w->style()->standardIcon(QStyle::SP_MessageBoxInformation);
}

ResultsView::ResultsView(Session* session, QWidget* parent)
    : QWidget(parent), session_(session), title_(new QLabel(this)),
      requirement_(new WrappedLabel(this)), error_(new QLabel(this)),
      table_(new QTableWidget(this)), comparison_(new QTableWidget(this)),
      tables_(new SteadyTabWidget(this)), extrapolation_(new ExtrapolationPanel(session, this)),
      growth_(new GrowthPanel(session, this)), optimizer_(new OptimizerPanel(session, this)),
      resilience_(new ResiliencePanel(session, this)), cost_(new CostPanel(session, this)),
      findings_(new QTreeWidget(this)), checkpoints_(new QTableWidget(this)),
      checkpoint_notes_(new QLabel(this)), details_(new SteadyTabWidget(this)),
      play_(new PlayPanel(session, this)) {
    auto* layout = new QVBoxLayout(this);
    buildHeader(layout);
    buildTables();
    buildFindings();
    buildDetails();

    // The tables across the top (designs and references side by side need
    // the width); the ± panel, findings, checkpoints, extrapolation and the
    // optimiser in tabs underneath.
    auto* split = new QSplitter(Qt::Vertical, this);
    split->setObjectName("results-splitter");
    split->addWidget(tables_);
    split->addWidget(details_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);

    connect(session_, &Session::resultsChanged, this, &ResultsView::refresh);
    connect(session_, &Session::selectionChanged, this, &ResultsView::markSelection);
    stale_ = true;
}

void ResultsView::buildHeader(QVBoxLayout* layout) {
    QFont big = title_->font();
    big.setPointSizeF(big.pointSizeF() * 1.25);
    big.setBold(true);
    title_->setFont(big);
    title_->setObjectName("results-title");
    requirement_->setObjectName("results-requirement");
    requirement_->setWordWrap(true);
    add_copy_action(requirement_); // plain, not selectable: plain_label.hpp
    error_->setObjectName("results-error");
    error_->setWordWrap(true);
    error_->setStyleSheet("QLabel { color: #b71c1c; background: #ffebee; border: 1px solid "
                          "#e57373; border-radius: 3px; padding: 4px; }");
    error_->hide();
    layout->addWidget(title_);
    layout->addWidget(requirement_);
    layout->addWidget(error_);
}

void ResultsView::buildTables() {
    table_->setObjectName("side-by-side");
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectColumns);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->verticalHeader()->setDefaultSectionSize(19);

    table_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table_->setToolTip(tr("The side-by-side table of `podsizer size`; click a column to "
                          "select that design for the charts, racks and ± panel"));
    comparison_->setObjectName("comparison");
    comparison_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    comparison_->setSelectionMode(QAbstractItemView::NoSelection);
    comparison_->verticalHeader()->setDefaultSectionSize(19);

    comparison_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    comparison_->setToolTip(tr("The table of `podsizer compare`: designs, designs grown to the "
                               "target, reference systems, and ratios to each reference"));
    tables_->setObjectName("results-tables");
    tables_->addTab(comparison_, tr("Comparison"));
    tables_->addTab(table_, tr("Sizing"));

    connect(tables_, &QTabWidget::currentChanged, this, [this] { ensureShown(); });
    connect(table_, &QTableWidget::currentCellChanged, this,
            [this](int, int column) { session_->selectDesign(column); });
    connect(table_->horizontalHeader(), &QHeaderView::sectionClicked, this,
            [this](int column) { session_->selectDesign(column); });
}

void ResultsView::buildFindings() {
    findings_->setObjectName("findings");
    findings_->setColumnCount(4);
    findings_->setHeaderLabels({tr("Severity"), tr("Design"), tr("Code"), tr("Message")});
    findings_->setRootIsDecorated(false);
    findings_->setWordWrap(true);
    findings_->header()->setStretchLastSection(true);
}

void ResultsView::buildDetails() {
    checkpoints_->setObjectName("checkpoints");
    checkpoints_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    checkpoints_->setSelectionMode(QAbstractItemView::NoSelection);
    checkpoints_->verticalHeader()->hide();
    checkpoints_->verticalHeader()->setDefaultSectionSize(20);
    checkpoint_notes_->setObjectName("checkpoint-notes");
    checkpoint_notes_->setWordWrap(true);
    auto* ckpt = new QWidget(details_);
    auto* cl = new QVBoxLayout(ckpt);
    cl->setContentsMargins(0, 0, 0, 0);
    cl->addWidget(checkpoints_, 1);
    cl->addWidget(checkpoint_notes_);
    details_->setObjectName("results-details");
    // The ± panel scrolls where it is taller or wider than its tab (a
    // laptop's 768-pixel screen) instead of laying its findings over its
    // table.
    auto* play = new QScrollArea(details_);
    play->setObjectName("play-scroll");
    play->setFrameShape(QFrame::NoFrame);
    play->setWidgetResizable(true);
    play->setWidget(play_);
    details_->addTab(play, QString::fromUtf8("\u00b1 ") + tr("Play"));
    details_->addTab(findings_, tr("Findings"));
    details_->addTab(ckpt, tr("Checkpoints"));
    details_->addTab(extrapolation_, tr("Extrapolation && fleet"));
    details_->addTab(growth_, growth_->title());
    connect(growth_, &GrowthPanel::titleChanged, this, [this] {
        details_->setTabTextIfChanged(details_->indexOf(growth_), growth_->title());
    });
    details_->addTab(optimizer_, tr("Optimiser"));
    details_->addTab(resilience_, tr("Resilience"));
    details_->addTab(cost_, tr("Cost"));
    connect(details_, &QTabWidget::currentChanged, this, [this] { ensureShown(); });
}

void ResultsView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (stale_) {
        refresh();
    }
}

void ResultsView::refresh() {
    // Drawn only when on screen: a hidden tab costs an edit nothing.
    if (!isVisible()) {
        stale_ = true;
        return;
    }
    stale_ = false;
    const auto& result = session_->result();
    title_->setText(q(session_->scenario().name));
    error_->setVisible(!result);
    if (!result) {
        showNotSized();
        return;
    }
    // Numbers right-aligned, as `podsizer size` prints them (numeric_from = 1).
    // Built once a result: its assumption marks for the heading here, the
    // table itself when the Sizing tab is filled.
    sizing_ = side_by_side(*result);
    QString heading = tr("Requirement: %1").arg(q(requirement_line(*result)));
    if (!result->designs.empty()) {
        heading += "\n" + q(power_basis_line(result->designs.front()));
    }
    if (!sizing_.all_assumptions().empty()) {
        heading += "\n" + tr("Shaded figures marked * rest on catalog figures nobody publishes "
                             "(ASSUMPTION); hover one to see which.");
    }
    set_text_if_changed(requirement_, heading);
    showCounts(*result);
    stale_parts_ = static_cast<unsigned>(Part::sizing) | static_cast<unsigned>(Part::comparison) |
                   static_cast<unsigned>(Part::findings) | static_cast<unsigned>(Part::checkpoints);
    ensureShown();
}

void ResultsView::ensure(Part part) {
    const auto bit = static_cast<unsigned>(part);
    if ((stale_parts_ & bit) == 0) {
        return;
    }
    stale_parts_ &= ~bit;
    fill(part);
}

void ResultsView::ensureShown() {
    ensure(tables_->currentWidget() == table_ ? Part::sizing : Part::comparison);
    if (details_->currentWidget() == findings_) {
        ensure(Part::findings);
    } else if (details_->currentWidget() == checkpoints_->parentWidget()) {
        ensure(Part::checkpoints);
    }
}

void ResultsView::fill(Part part) {
    const auto& result = session_->result();
    if (!result) {
        return; // showNotSized emptied every part
    }
    switch (part) {
    case Part::sizing:
        show_grid(table_, sizing_, true);
        add_sized_by_tooltips(table_, *result);
        markSelection();
        break;
    case Part::comparison:
        if (const auto& cmp = session_->comparison()) {
            show_grid(comparison_, comparison_grid(*cmp, false), true);
        }
        break;
    case Part::findings:
        showFindings();
        break;
    case Part::checkpoints:
        showCheckpoints(*result);
        break;
    }
}

void ResultsView::showNotSized() {
    stale_parts_ = 0;
    error_->setText(tr("Not sized: %1").arg(session_->sizingError()));
    requirement_->clear();
    table_->clear();
    table_->setRowCount(0);
    table_->setColumnCount(0);
    findings_->clear();
    comparison_->setRowCount(0);
    comparison_->setColumnCount(0);
    checkpoints_->setRowCount(0);
    checkpoint_notes_->clear();
}

void ResultsView::showFindings() {
    findings_->clear();
    QList<QTreeWidgetItem*> items;
    // The comparison's findings: every design's, and those of the designs
    // grown to the target and of the references.
    const auto& cmp = session_->comparison();
    if (cmp) {
        for (const SubjectFinding& sf : cmp->findings) {
            const Finding& f = sf.finding;
            auto* item =
                new QTreeWidgetItem({q(std::string(to_string(f.severity()))), q(sf.subject),
                                     q(std::string(to_string(f.code))), q(f.message_and_hint())});
            item->setIcon(0, severity_icon(this, f.severity()));
            item->setToolTip(3, q(f.message_and_hint()));
            items << item;
        }
    }
    // The sites' and phases' findings, as `podsizer size` lists them after
    // the designs' (a site over its power limit is an error there too).
    if (const Study* study = session_->study()) {
        const GrowthView growth{study->sites ? &*study->sites : nullptr,
                                study->phases ? &*study->phases : nullptr};
        for (const auto& [design, f] : growth_findings(growth)) {
            auto* item =
                new QTreeWidgetItem({q(std::string(to_string(f.severity()))), q(design),
                                     q(std::string(to_string(f.code))), q(f.message_and_hint())});
            item->setIcon(0, severity_icon(this, f.severity()));
            item->setToolTip(3, q(f.message_and_hint()));
            items << item;
        }
    }
    if (items.isEmpty()) {
        auto* none = new QTreeWidgetItem({tr("none"), QString(), QString(),
                                          tr("No findings: every requirement and constraint is "
                                             "met without warnings")});
        none->setFlags(Qt::NoItemFlags);
        items << none;
    }
    findings_->addTopLevelItems(items);
    findings_->resizeColumnToContents(0);
    findings_->resizeColumnToContents(1);
    findings_->resizeColumnToContents(2);
}

void ResultsView::showCheckpoints(const SizingResult& result) {
    const Grid ck = checkpoint_grid(result);
    checkpoints_->setColumnCount(static_cast<int>(ck.header.size()));
    checkpoints_->setRowCount(static_cast<int>(ck.rows.size()));
    QStringList ck_header;
    for (const std::string& h : ck.header) {
        ck_header << q(h);
    }
    checkpoints_->setHorizontalHeaderLabels(ck_header);
    for (std::size_t r = 0; r < ck.rows.size(); ++r) {
        for (std::size_t c = 0; c < ck.rows[r].size(); ++c) {
            auto* item = new QTableWidgetItem(q(ck.rows[r][c]));
            if (c >= ck.numeric_from) {
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            }
            if (ck.cell_role(r, c) == CellRole::not_met) {
                item->setForeground(QColor("#b71c1c"));
            }
            checkpoints_->setItem(static_cast<int>(r), static_cast<int>(c), item);
        }
    }
    checkpoints_->resizeColumnsToContents();
    checkpoint_notes_->setText(ck.rows.empty() ? tr("No checkpoint jobs in this scenario.")
                                               : q(checkpoint_notes(result)).trimmed());
}

void ResultsView::showCounts(const SizingResult& result) {
    std::size_t findings = 0;
    if (const auto& cmp = session_->comparison()) {
        findings += cmp->findings.size();
    }
    if (const Study* study = session_->study()) {
        const GrowthView growth{study->sites ? &*study->sites : nullptr,
                                study->phases ? &*study->phases : nullptr};
        findings += growth_findings(growth).size();
    }
    details_->setTabTextIfChanged(details_->indexOf(findings_), tr("Findings (%1)").arg(findings));
    std::size_t jobs = 0; // checkpoint_grid's rows: every design's jobs
    for (const Design& d : result.designs) {
        jobs += d.checkpoints.size();
    }
    details_->setTabTextIfChanged(details_->indexOf(checkpoints_->parentWidget()),
                                  tr("Checkpoints (%1)").arg(jobs));
}

void ResultsView::markSelection() {
    if ((stale_parts_ & static_cast<unsigned>(Part::sizing)) != 0) {
        return; // marked when the table is filled
    }
    const int sel = session_->selectedDesign();
    for (int c = 0; c < table_->columnCount(); ++c) {
        if (auto* h = table_->horizontalHeaderItem(c)) {
            QFont f = h->font();
            f.setBold(c == sel);
            h->setFont(f);
        }
    }
}

} // namespace podsizer::gui
