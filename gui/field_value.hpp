// A scenario field's value (FieldData) to and from the text of its line
// edit, by the field table's kind: "215 PB" is a capacity in bytes, "1.8T"
// a parameter count, "5%" a fraction. The texts are read by core's parsers,
// so the form reads a value exactly as the scenario reader does.
#pragma once

#include "input_field.hpp"

// moc (Qt 6.4) cannot parse the C++20 standard headers these pull in.
#ifndef Q_MOC_RUN
#include "podsizer/catalog/scenario_fields.hpp"
#endif

#include <QString>

namespace podsizer::gui {

/// Reads a field's text and says what it understood (the note under it).
InputField::Reader field_reader(const ScenarioField& field);
/// The value of a text the field's reader accepted; monostate when empty.
FieldData field_value(const ScenarioField& field, const QString& text);
/// The text a value is typed as ("215 PB", "1.8T", "5%"); empty for
/// monostate and for the words a line edit leaves to its placeholder
/// ("auto", "knee").
QString value_text(const ScenarioField& field, const FieldData& value);

} // namespace podsizer::gui
