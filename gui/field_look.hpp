// How the form presents a scenario field beyond what the field table says
// (its label and help come from the table): the example or meaning shown in
// an empty line edit, what an empty optional text means, the nouns a count
// is read with, and the items a pick list adds for "left out". Presentation
// only: which fields exist, their kinds, bounds and enabling conditions are
// the table's (catalog's scenario_fields.hpp).
#pragma once

// moc (Qt 6.4) cannot parse the C++20 standard headers these pull in.
#ifndef Q_MOC_RUN
#include "podsizer/catalog/scenario_fields.hpp"
#endif

#include <QString>
#include <span>

namespace podsizer::gui {

struct FieldLook {
    std::string_view pattern;
    /// The grey text of an empty line edit: an example ("215 PB") or what
    /// empty means ("no limit").
    const char* placeholder = "";
    /// The note under an empty optional field; nullptr: the field needs a value.
    const char* empty_means = nullptr;
    /// Counts: what one and many of them are called ("site", "sites").
    const char* one = "";
    const char* many = "";
    /// Percentages: what the share is of ("of the interval").
    const char* share_of = "";
    /// Pick lists: the item for "left out", first in the list ("%1" is the
    /// catalog's default id), and an item at the end meaning the same.
    const char* first_item = nullptr;
    const char* last_item = nullptr;
    /// Choice fields: the items' texts, one per choice, split by '|'.
    const char* choice_texts = nullptr;
    /// The form's row label when the table's is too long for it.
    const char* short_label = nullptr;
    /// Plain numbers: read as a ratio to one ("1.5:1", data reduction);
    /// otherwise the number is echoed with `unit` after it.
    bool ratio_to_one = false;
    const char* unit = "";
    /// false: the form offers no control for the field (an older key a
    /// file may still give; the form shows it through the newer one).
    bool in_form = true;
};

/// The look of a field; a plain one for fields without an entry.
const FieldLook& field_look(std::string_view pattern);

/// Every entry, keyed by the field table's patterns ("options[N].dbox"): a
/// test checks each names a real field and fits its kind.
std::span<const FieldLook> field_looks();

/// The form's row label: the look's short label, else the table's label
/// with a capital letter ("maximum racks" → "Maximum racks").
QString row_label(const ScenarioField& field);

/// The catalog's default id for a list that has one (rack, switch,
/// failure-rate preset), else empty.
std::string default_id(const Catalog& catalog, IdList list);

} // namespace podsizer::gui
