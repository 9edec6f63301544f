// The "BOM & facility" tab (docs/bom.md §5): the bill of materials of every
// design of the scenario, a row per item by group with its quantity in each
// design's column (reports' bom_grid, the lines `podsizer size --bom`
// writes), and each design's facility figures per rack and in total with the
// power basis its racks are laid out on (reports' facility_grid).
#pragma once

#include "analysis_panels.hpp"

class QLabel;
class QTableWidget;

namespace podsizer::gui {

class BomView : public LazyPanel {
    Q_OBJECT
public:
    explicit BomView(Session* session, QWidget* parent = nullptr);
    /// Items as rows, designs as columns.
    QTableWidget* bill() const { return bill_; }
    /// Facility figures as rows, designs as columns.
    QTableWidget* facility() const { return facility_; }
    QLabel* note() const { return note_; }

protected:
    void draw() override;

private:
    QLabel* note_;
    QTableWidget* bill_;
    QTableWidget* facility_;
    QLabel* facility_note_;
};

} // namespace podsizer::gui
