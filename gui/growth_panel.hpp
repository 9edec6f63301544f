// The sites of a fleet given as a list and the phases on the installed base
// (docs/sites-and-phases.md), as `podsizer size` prints them after its
// table: each site's racks and power against its limits, each phase's
// additions and totals. Issue 33 item 4.
#pragma once

#include <QWidget>

class QLabel;
class QTableWidget;

namespace podsizer {
struct PhasePlan;
}

namespace podsizer::gui {

class Session;

class GrowthPanel : public QWidget {
    Q_OBJECT
public:
    explicit GrowthPanel(Session* session, QWidget* parent = nullptr);
    QTableWidget* sites() const { return sites_; }
    QTableWidget* phases() const { return phases_; }
    QTableWidget* replication() const { return replication_; }
    /// With phases and a price book: the cost by year (docs/cost.md §8).
    QTableWidget* money() const { return money_; }
    /// The tab's title: "Sites & phases", with "(!)" when a site or phase
    /// breaks a limit.
    QString title() const;

Q_SIGNALS:
    void titleChanged();

private:
    void refresh();
    void show_money(const PhasePlan* phases);

    Session* session_;
    QLabel* note_;
    QLabel* sites_title_;
    QTableWidget* sites_;
    QLabel* replication_title_;
    QTableWidget* replication_;
    QLabel* phases_title_;
    QTableWidget* phases_;
    QLabel* scratch_;
    QLabel* money_title_;
    QTableWidget* money_;
    QLabel* money_notes_;
    bool broken_ = false;
};

} // namespace podsizer::gui
