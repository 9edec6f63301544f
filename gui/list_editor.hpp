// The generic editor of a list in the scenario (its options, its checkpoint
// jobs): the elements as one line each, Add / Duplicate / Remove, and a form
// for the selected element that the scenario editor fills with field
// widgets. What the list is — its length, how an element is made, copied,
// removed and summed up — is a ListKind (scenario_lists.hpp).
#pragma once

// moc (Qt 6.4) cannot parse the C++20 standard headers these pull in.
#ifndef Q_MOC_RUN
#include "scenario_lists.hpp"
#endif

#include <QWidget>

class QFormLayout;
class QGroupBox;
class QListWidget;
class QPushButton;

namespace podsizer::gui {

class ListEditor : public QWidget {
    Q_OBJECT
public:
    ListEditor(const ListKind& kind, QWidget* parent);

    const ListKind& kind() const { return kind_; }
    /// The selected element, -1 for none.
    int current() const { return current_; }
    /// The form of the selected element, for the field widgets.
    QFormLayout* form() const { return form_; }
    QListWidget* list() const { return list_; }

    /// Shows the elements of `s`, selecting `current` (clamped to the list).
    void display(const Scenario& s, int current);
    /// Updates the line of the selected element.
    void updateCurrent(const Scenario& s);

    // The list's edits, done on `s` (the form's scenario): each selects the
    // element it made or the one after the removed one.
    void add(Scenario& s);
    bool duplicate(Scenario& s);
    bool remove(Scenario& s);

Q_SIGNALS:
    void addClicked();
    void duplicateClicked();
    void removeClicked();
    /// The user selected another element.
    void selected(int index);

private:
    const ListKind& kind_;
    int current_ = -1;
    QListWidget* list_;
    QPushButton* duplicate_;
    QPushButton* remove_;
    QGroupBox* box_;
    QFormLayout* form_;
};

} // namespace podsizer::gui
