// What the designs cost from the scenario's price book (docs/cost.md §7): per
// design the Cost table `podsizer size --prices` prints (CapEx and its parts,
// OpEx a year and its parts, TCO, present value, per usable TB-month, per
// GB/s of read, the unpriced parts), and the cost rows of `podsizer compare`
// beside the cloud store priced at the same capacity. Without a book it says
// how to give one; "Price book…" reads one into the scenario.
#pragma once

#include "analysis_panels.hpp"

class QLabel;
class QPushButton;
class QTableWidget;

namespace podsizer::gui {

class CostPanel : public LazyPanel {
    Q_OBJECT
public:
    explicit CostPanel(Session* session, QWidget* parent = nullptr);
    /// Designs as columns: `podsizer size --prices`'s Cost table.
    QTableWidget* designs() const { return designs_; }
    /// The comparison's columns (designs, pods, the cloud store): the cost
    /// rows of `podsizer compare --prices`, and each column's unpriced parts.
    QTableWidget* columns() const { return columns_; }
    QLabel* note() const { return note_; }
    /// What the recovered GPU-hours compare, and the ASSUMPTION prices.
    QLabel* footnote() const { return footnote_; }

Q_SIGNALS:
    /// The user wants to pick a price-book file (MainWindow's dialog).
    void pickRequested();

protected:
    void draw() override;

private:
    QLabel* note_;
    QPushButton* pick_;
    QPushButton* remove_;
    QTableWidget* designs_;
    QTableWidget* columns_;
    QLabel* footnote_;
};

} // namespace podsizer::gui
