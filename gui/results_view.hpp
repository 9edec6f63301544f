// The results tab: the requirement line, the side-by-side table (reports'
// side_by_side grid, so it reads exactly like `podsizer size`) across the
// top; under it the findings with their severities and the checkpoint table
// (reports' checkpoint_grid) in tabs, and the ± panel to play with a design.
#pragma once

// moc (Qt 6.4) cannot parse the C++20 standard headers these pull in; it
// only needs the type names, so it skips them.
#ifndef Q_MOC_RUN
#include "podsizer/core/design.hpp"
#endif

#include "steady_tab_widget.hpp"

#include <QIcon>
#include <QWidget>

class QLabel;
class QSplitter;
class QTableWidget;
class QTabWidget;
class QTreeWidget;
class QVBoxLayout;

namespace podsizer::gui {

class CostPanel;
class ExtrapolationPanel;
class GrowthPanel;
class OptimizerPanel;
class PlayPanel;
class ResiliencePanel;
class Session;

/// The standard icon for a finding's severity.
QIcon severity_icon(const QWidget* widget, Severity severity);

class ResultsView : public QWidget {
    Q_OBJECT
public:
    explicit ResultsView(Session* session, QWidget* parent = nullptr);

    /// The sizing table (reports' side_by_side: `podsizer size`).
    QTableWidget* table() const { return table_; }
    /// Designs beside the reference systems with ratios (reports'
    /// comparison_grid: `podsizer compare`).
    QTableWidget* comparison() const { return comparison_; }
    /// The tabs holding the two tables.
    QTabWidget* tables() const { return tables_; }
    ExtrapolationPanel* extrapolation() const { return extrapolation_; }
    GrowthPanel* growth() const { return growth_; }
    OptimizerPanel* optimizer() const { return optimizer_; }
    ResiliencePanel* resilience() const { return resilience_; }
    /// Brings the Resilience panel to the front of the details.
    void showResilience();
    /// What the designs cost, from the scenario's price book.
    CostPanel* cost() const { return cost_; }
    /// Brings the Cost panel to the front of the details.
    void showCost();
    /// The sites and phases panel in front (`--tab sites`).
    void showGrowth();
    QTreeWidget* findings() const { return findings_; }
    QTableWidget* checkpoints() const { return checkpoints_; }
    /// The tabs under the table: findings, checkpoints (and more as they come).
    QTabWidget* details() const { return details_; }
    PlayPanel* play() const { return play_; }

    void refresh();

protected:
    void showEvent(QShowEvent* event) override;

private:
    void buildHeader(QVBoxLayout* layout);
    void buildTables();
    void buildFindings();
    void buildDetails();
    /// Nothing sized: every table and label emptied, the reason shown.
    void showNotSized();
    void showFindings();
    void showCheckpoints(const SizingResult& result);
    void markSelection();

    Session* session_;
    QLabel* title_;
    QLabel* requirement_;
    QLabel* error_;
    QTableWidget* table_;
    QTableWidget* comparison_;
    SteadyTabWidget* tables_;
    ExtrapolationPanel* extrapolation_;
    GrowthPanel* growth_;
    OptimizerPanel* optimizer_;
    ResiliencePanel* resilience_;
    CostPanel* cost_;
    QTreeWidget* findings_;
    QTableWidget* checkpoints_;
    QLabel* checkpoint_notes_;
    SteadyTabWidget* details_;
    PlayPanel* play_;
    bool stale_ = false; ///< results changed while hidden: redraw when shown
};

} // namespace podsizer::gui
