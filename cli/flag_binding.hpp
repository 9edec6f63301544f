// A command-line flag bound to its row of the scenario field table
// (catalog/scenario_fields.hpp), or to a row of an analysis command's own
// small table (command_tables.hpp): the flag's value is read as the row's
// kind and held to the row's limits and message, so a flag and a file can
// never disagree about what a value may be (issue 27 item 1; REVIEW-3 part C,
// R1–R3).
#pragma once

#include "podsizer/catalog/scenario_fields.hpp"
#include "podsizer/core/catalog.hpp"
#include "podsizer/core/scenario.hpp"

#include <string>
#include <string_view>

namespace podsizer::cli {

struct FlagBinding {
    const char* flag;         ///< "--fill"
    std::string_view pattern; ///< its field: "resilience.fill"
};

/// The scenario field a binding names; a binding to no row is a programming
/// error (std::logic_error), caught by the tests that run every flag.
const ScenarioField& bound_field(const FlagBinding& binding);

/// `text` as `field` would hold it, checked by the field's rules; a bad value
/// is an InputError naming `flag`.
FieldData flag_value(const std::string& text, const char* flag, const ScenarioField& field,
                     const Catalog& catalog);

/// `text` as the bound field would hold it, checked by the field's rules; a
/// bad value is an InputError naming the flag.
FieldData flag_value(const std::string& text, const FlagBinding& binding, const Catalog& catalog);

/// Reads `text` as flag_value does and stores it in `scenario` through the
/// field's own setter (the same one a file's value goes through), at list
/// position 0 for a field under a list.
void apply_flag(const std::string& text, const FlagBinding& binding, Scenario& scenario,
                const Catalog& catalog);

} // namespace podsizer::cli
