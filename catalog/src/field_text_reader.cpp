// Text to a field's value: the one reading of a value typed as text, used by
// the flags (cli/flag_binding.cpp), the GUI's form (gui/field_value.cpp) and
// sweep --vary/--set (batch/src/sweep.cpp), and the same grammar as the
// scenario reader's string values (issue 48 item 3).
#include "podsizer/catalog/scenario_fields.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/number_text.hpp"
#include "podsizer/core/units.hpp"

#include <fmt/format.h>
#include <stdexcept>

namespace podsizer {

namespace {

/// A count by core's one reading, within the row's range, unless the row
/// says what its count means (range_text), which field_problem then gives.
std::int64_t count_text(const std::string& text, const ScenarioField& field) {
    if (!field.range_text.empty() || !(field.bounds.min >= 0.0) ||
        !(field.bounds.max <= static_cast<double>(kMaxCount))) {
        return parse_count_text(text);
    }
    return parse_count_text(text, static_cast<std::int64_t>(field.bounds.min),
                            static_cast<std::int64_t>(field.bounds.max));
}

/// A percentage, refused in the row's own words when it has them: a
/// confidence level of 50 % to 99.9999 % (REDTEAM-3 m-d, fourth round D15).
double percent_text(const std::string& text, const ScenarioField& field) {
    try {
        return parse_percent(text);
    } catch (const InputError& e) {
        if (field.range_text.empty()) {
            throw InputError(e.message());
        }
        std::string range(field.range_text);
        if (const auto at = range.find("{}"); at != std::string::npos) {
            throw InputError(range.replace(at, 2, text));
        }
        throw InputError(fmt::format("\"{}\" is not a percentage; {}", text, range));
    }
}

} // namespace

FieldData parse_field_text(const ScenarioField& field, const std::string& text) {
    if (field.read_text != nullptr) {
        return field.read_text(text);
    }
    switch (field.kind) {
    case FieldKind::percent:
        return percent_text(text, field);
    case FieldKind::number:
        if (const std::optional<double> d = parse_decimal(text)) {
            return *d;
        }
        throw InputError(fmt::format(
            "\"{}\" is not a number; {}", text,
            field.range_text.empty() ? std::string_view("expected a number") : field.range_text));
    case FieldKind::quantity_or_auto:
        if (text == "auto") {
            return text;
        }
        [[fallthrough]];
    case FieldKind::quantity:
        return parse_quantity_base(text, field.dimension);
    case FieldKind::count:
        return count_text(text, field);
    case FieldKind::cnodes:
        return text == "knee" || text == "auto" ? FieldData{text}
                                                : FieldData{count_text(text, field)};
    case FieldKind::ratio:
        return parse_ratio(text, "");
    // A parameter count and bytes per parameter by core's readers, a failure
    // rate as a number or else a preset id.
    case FieldKind::params:
        return parse_param_count(text);
    case FieldKind::number_or_id:
        if (field.ids != IdList::none) {
            if (const std::optional<double> d = parse_decimal(text)) {
                return *d;
            }
            return text;
        }
        return parse_bytes_per_param(text);
    case FieldKind::boolean:
        if (text == "true" || text == "false") {
            return text == "true";
        }
        throw InputError(fmt::format("\"{}\" is not true or false", text));
    case FieldKind::choice:
    case FieldKind::id:
    case FieldKind::text:
        return text;
    default:
        throw std::logic_error(
            fmt::format("{}: its field's kind has no text reading", field.pattern));
    }
}

} // namespace podsizer
