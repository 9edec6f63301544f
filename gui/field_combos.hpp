// Field widgets picked from a list: catalog ids ("dbox-1u-22 — D-box 1U"),
// a field's fixed choices ("sync", "async"), a failure rate given as a preset
// or a number, and the drive sizes of the option's D-box.
#pragma once

#include "field_widget.hpp"

#include <string>

namespace podsizer::gui {

/// A catalog id, with the look's items for "left out" ("auto", "catalog default").
FieldWidget* make_id_field(const ScenarioField& field, QWidget* parent);
/// One of the field's choices.
FieldWidget* make_choice_field(const ScenarioField& field, QWidget* parent);
/// A catalog preset or a number typed under the list (checkpoint.failure_rate).
FieldWidget* make_rate_field(const ScenarioField& field, QWidget* parent);

/// The drive of an option: auto or one of the D-box's drive sizes.
class DriveField : public FieldWidget {
public:
    DriveField(const ScenarioField& field, QWidget* parent);

    FieldData value() const override;
    void setValue(const FieldData& value) override;
    void setCatalog(const Catalog& catalog) override;
    QComboBox* combo() const override { return box_; }

    /// Lists the sizes of `dbox` (every box's sizes for auto). With
    /// `drop_unlisted`, a drive the box does not offer goes back to auto
    /// (the D-box was changed); else it is kept "as given" (as loaded).
    void followBox(const std::string& dbox, bool drop_unlisted);

private:
    void refill();

    QComboBox* box_;
    std::string dbox_;
    FieldData value_;
};

} // namespace podsizer::gui
