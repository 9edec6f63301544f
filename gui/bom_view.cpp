#include "bom_view.hpp"

#include "grid_table.hpp"
#include "podsizer/reports/bom_report.hpp"
#include "qt_text.hpp"
#include "session.hpp"

#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace podsizer::gui {

BomView::BomView(Session* session, QWidget* parent)
    : LazyPanel(session, parent), note_(note_label(this, "bom-note")),
      bill_(read_only_table(this, "bom")), facility_(read_only_table(this, "bom-facility")),
      facility_note_(note_label(this, "bom-facility-note")) {
    auto* l = new QVBoxLayout(this);
    l->setContentsMargins(4, 4, 4, 4);
    note_->setTextFormat(Qt::RichText);
    l->addWidget(note_);
    // The bill above, scrolling on its own; the facility figures below, whole
    // (a short table whose every row is a key figure), then their note.
    l->addWidget(bill_, 1);
    whole_height(facility_);
    l->addWidget(facility_);
    l->addWidget(facility_note_);
}

void BomView::draw() {
    const SizingResult* r = session_->result();
    const Grid bill = r != nullptr ? bom_grid(*r) : Grid{};
    const bool any = !bill.rows.empty();
    bill_->setVisible(any);
    facility_->setVisible(any);
    facility_note_->setVisible(any);
    if (!any) {
        note_->setText(r == nullptr ? tr("Not sized.")
                                    : tr("No bill of materials: no design of this scenario is "
                                         "laid out in racks."));
        return;
    }
    note_->setText(tr("<b>Bill of materials</b>: each item's quantity in total for each design "
                      "(the lines <tt>podsizer size --bom FILE.csv</tt> writes, with part "
                      "numbers, rules and sources); cables and transceivers by the run each "
                      "link takes. Rules and assumptions: docs/bom.md."));
    show_grid(bill_, bill, false);
    show_grid(facility_, facility_grid(*r), true);
    // The descriptions are the widest column: fit the text, numbers after it.
    bill_->resizeColumnsToContents();
    facility_->resizeColumnsToContents();
    facility_->setFixedHeight(rows_height(facility_)); // as tall as its rows
    facility_note_->setText(q(facility_note(*r)));
}

} // namespace podsizer::gui
