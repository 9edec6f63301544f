// How the form presents a scenario field: its look (placeholder, what empty
// means, the nouns a count is read with, the items a pick list adds for
// "left out") is a member of the field's row in the scenario field table
// (catalog's scenario_fields.hpp, ScenarioField::look); these are the GUI's
// helpers over it.
#pragma once

// moc (Qt 6.4) cannot parse the C++20 standard headers these pull in.
#ifndef Q_MOC_RUN
#include "podsizer/catalog/scenario_fields.hpp"
#endif

#include <QString>
#include <span>

namespace podsizer::gui {

/// The look of the field with `pattern` (ScenarioField::look); a plain one
/// for a pattern the table does not have.
const FieldLook& field_look(std::string_view pattern);

/// The form's row label: the look's short label, else the table's label
/// with a capital letter ("maximum racks" → "Maximum racks").
QString row_label(const ScenarioField& field);

/// The catalog's default id for a list that has one (rack, switch,
/// failure-rate preset), else empty.
std::string default_id(const Catalog& catalog, IdList list);

} // namespace podsizer::gui
