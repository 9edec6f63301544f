// The results tab: the requirement line, the side-by-side table (reports'
// side_by_side grid, so it reads exactly like `podsizer size`), the findings
// with their severities, and the ± panel to play with a design.
#pragma once

// moc (Qt 6.4) cannot parse the C++20 standard headers these pull in; it
// only needs the type names, so it skips them.
#ifndef Q_MOC_RUN
#include "podsizer/core/design.hpp"
#endif

#include <QIcon>
#include <QWidget>

class QLabel;
class QTableWidget;
class QTreeWidget;

namespace podsizer::gui {

class PlayPanel;
class Session;

/// The standard icon for a finding's severity.
QIcon severity_icon(const QWidget* widget, Severity severity);

class ResultsView : public QWidget {
    Q_OBJECT
public:
    explicit ResultsView(Session* session, QWidget* parent = nullptr);

    QTableWidget* table() const { return table_; }
    QTreeWidget* findings() const { return findings_; }
    PlayPanel* play() const { return play_; }

    void refresh();

protected:
    void showEvent(QShowEvent* event) override;

private:
    void markSelection();

    Session* session_;
    QLabel* title_;
    QLabel* requirement_;
    QLabel* error_;
    QTableWidget* table_;
    QTreeWidget* findings_;
    PlayPanel* play_;
    bool stale_ = false; ///< results changed while hidden: redraw when shown
};

} // namespace podsizer::gui
