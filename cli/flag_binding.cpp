#include "flag_binding.hpp"

#include "cli_common.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/number_text.hpp"
#include "podsizer/core/units.hpp"

#include <stdexcept>

namespace podsizer::cli {

namespace {

const ScenarioField& field_of(const FlagBinding& binding) {
    const ScenarioField* field = find_scenario_field(binding.pattern);
    if (field == nullptr) {
        throw std::logic_error(std::string(binding.flag) + " is bound to no scenario field (" +
                               std::string(binding.pattern) + ")");
    }
    return *field;
}

/// The value's JSON-free reading: what the scenario reader's parse_value does
/// with the same text in a file.
FieldData parse_flag_text(const std::string& text, const ScenarioField& field, const char* flag) {
    switch (field.kind) {
    case FieldKind::percent:
        return at_flag(flag, [&] { return parse_percent(text); });
    case FieldKind::number:
        if (const std::optional<double> d = parse_decimal(text)) {
            return *d;
        }
        throw InputError(flag, "\"" + text + "\" is not a number; " +
                                   std::string(field.range_text.empty()
                                                   ? std::string_view("expected a number")
                                                   : field.range_text));
    case FieldKind::quantity_or_auto:
        if (text == "auto") {
            return text;
        }
        [[fallthrough]];
    case FieldKind::quantity:
        return at_flag(flag, [&] { return parse_quantity_base(text, field.dimension); });
    case FieldKind::count:
        return parse_count(text, flag);
    case FieldKind::choice:
    case FieldKind::id:
    case FieldKind::text:
        return text;
    default:
        throw std::logic_error(std::string(flag) + ": its field's kind has no flag reading");
    }
}

} // namespace

FieldData flag_value(const std::string& text, const FlagBinding& binding, const Catalog& catalog) {
    const ScenarioField& field = field_of(binding);
    const FieldData v = parse_flag_text(text, field, binding.flag);
    if (std::string problem = field_problem(field, v, text, catalog); !problem.empty()) {
        // A file's message names the value by its JSON path; a flag's message
        // starts with the value.
        if (!problem.starts_with('"') && !problem.starts_with(text)) {
            problem = "\"" + text + "\": " + problem;
        }
        throw InputError(binding.flag, problem);
    }
    return v;
}

void apply_flag(const std::string& text, const FlagBinding& binding, Scenario& scenario,
                const Catalog& catalog) {
    field_of(binding).set(scenario, 0, flag_value(text, binding, catalog));
}

} // namespace podsizer::cli
