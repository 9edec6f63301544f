// One scenario field in the form: a widget made from a row of the field
// table (catalog's scenario_fields.hpp) that holds the field's value
// (FieldData), not a string. Its kind decides the control: a typed line
// edit with what it understood under it, a pick list of catalog ids, a
// check box, a list of choices. The form reads and writes values through
// the row's get and set, labels and tooltips are the row's, and a problem
// validate() names by the field's path is shown under it.
#pragma once

// moc (Qt 6.4) cannot parse the C++20 standard headers these pull in.
#ifndef Q_MOC_RUN
#include "podsizer/catalog/scenario_fields.hpp"
#endif

#include <QString>
#include <QWidget>

class QComboBox;
class QLabel;

namespace podsizer::gui {

class InputField;

class FieldWidget : public QWidget {
    Q_OBJECT
public:
    FieldWidget(const ScenarioField& field, QWidget* parent);

    const ScenarioField& field() const { return field_; }

    /// The value shown; monostate when the field is left out.
    virtual FieldData value() const = 0;
    /// Shows a value as loaded from a file: no edited() signal.
    virtual void setValue(const FieldData& value) = 0;
    /// The text cannot be read (the reason is under the field).
    virtual bool hasInputError() const { return false; }
    /// A problem validate() found at this field; empty clears it.
    virtual void setProblem(const QString& message);
    /// The reason shown under the field, empty when none.
    virtual QString error() const { return problem_; }
    /// Refills pick lists from the catalog (keeping the choice when it is still there).
    virtual void setCatalog(const Catalog& catalog);

    /// The typed line edit, for fields typed as text; else nullptr.
    virtual InputField* input() const { return nullptr; }
    /// The pick list, for fields chosen from a list; else nullptr.
    virtual QComboBox* combo() const { return nullptr; }

Q_SIGNALS:
    /// The user changed the value (whether or not it is valid).
    void edited();

protected:
    /// Lays out `control` with a note under it for problems.
    void holdControl(QWidget* control);
    const Catalog* catalog() const { return catalog_; }

private:
    const ScenarioField& field_;
    const Catalog* catalog_ = nullptr;
    QLabel* note_ = nullptr;
    QString problem_;
};

/// The widget for a field, by its kind.
FieldWidget* make_field_widget(const ScenarioField& field, QWidget* parent);

} // namespace podsizer::gui
