// The results tab: the requirement line, the side-by-side table (reports'
// side_by_side grid, so it reads exactly like `podsizer size`) across the
// top; under it the findings with their severities and the checkpoint table
// (reports' checkpoint_grid) in tabs, and the ± panel to play with a design.
#pragma once

// moc (Qt 6.4) cannot parse the C++20 standard headers these pull in; it
// only needs the type names, so it skips them.
#ifndef Q_MOC_RUN
#include "podsizer/core/design.hpp"
#include "podsizer/reports/grid.hpp"
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

    // The tables, findings and checkpoints are filled when their tab comes
    // to the front (an edit fills only what is on screen; docs/gui.md,
    // "Latency"); asking for one fills it first, as showing it would.

    /// The sizing table (reports' side_by_side: `podsizer size`).
    QTableWidget* table() {
        ensure(Part::sizing);
        return table_;
    }
    /// Designs beside the reference systems with ratios (reports'
    /// comparison_grid: `podsizer compare`).
    QTableWidget* comparison() {
        ensure(Part::comparison);
        return comparison_;
    }
    /// The tabs holding the two tables.
    QTabWidget* tables() const { return tables_; }
    ExtrapolationPanel* extrapolation() const { return extrapolation_; }
    GrowthPanel* growth() const { return growth_; }
    OptimizerPanel* optimizer() const { return optimizer_; }
    ResiliencePanel* resilience() const { return resilience_; }
    /// What the designs cost, from the scenario's price book.
    CostPanel* cost() const { return cost_; }
    QTreeWidget* findings() {
        ensure(Part::findings);
        return findings_;
    }
    QTableWidget* checkpoints() {
        ensure(Part::checkpoints);
        return checkpoints_;
    }
    /// The tabs under the table: findings, checkpoints (and more as they come).
    QTabWidget* details() const { return details_; }
    PlayPanel* play() const { return play_; }

    void refresh();

protected:
    void showEvent(QShowEvent* event) override;

private:
    /// The parts filled only when on screen or asked for.
    enum class Part : unsigned { sizing = 1, comparison = 2, findings = 4, checkpoints = 8 };
    /// Fills `part` if the results changed since it was last filled.
    void ensure(Part part);
    /// Fills the stale parts whose tabs are in front.
    void ensureShown();
    void fill(Part part);
    void buildHeader(QVBoxLayout* layout);
    void buildTables();
    void buildFindings();
    void buildDetails();
    /// Nothing sized: every table and label emptied, the reason shown.
    void showNotSized();
    void showFindings();
    void showCheckpoints(const SizingResult& result);
    /// The findings' and checkpoints' counts on their tabs (kept current
    /// while their lists wait).
    void showCounts(const SizingResult& result);
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
    bool stale_ = false;       ///< results changed while hidden: redraw when shown
    unsigned stale_parts_ = 0; ///< Parts (bits) not filled since the results changed
    Grid sizing_;              ///< the sizing table's grid, built once a result
};

} // namespace podsizer::gui
