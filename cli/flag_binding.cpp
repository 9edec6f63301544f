#include "flag_binding.hpp"

#include "cli_common.hpp"
#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/number_text.hpp"
#include "podsizer/core/units.hpp"

#include <fmt/format.h>
#include <stdexcept>

namespace podsizer::cli {

namespace {

/// A number, or else text read by `parse` (a preset, an id, "1.8T").
template <class F> FieldData number_or(const std::string& text, F parse) {
    if (const std::optional<double> d = parse_decimal(text)) {
        return *d;
    }
    return parse();
}

/// A count by core's one reading, within the row's range: the range's own
/// message ("0 is out of range; expected a whole number from 1 to 256"),
/// unless the row says what its count means (range_text), which
/// field_problem then gives.
std::int64_t parse_count_flag(const std::string& text, const ScenarioField& field,
                              const char* flag) {
    if (!field.range_text.empty() || !(field.bounds.min >= 0.0) ||
        !(field.bounds.max <= static_cast<double>(kMaxCount))) {
        return parse_count(text, flag);
    }
    return parse_count(text, flag, static_cast<std::int64_t>(field.bounds.min),
                       static_cast<std::int64_t>(field.bounds.max));
}

/// The value's JSON-free reading: what the scenario reader's parse_value
/// (catalog/src/scenario_io.cpp) does with the same text in a file.
FieldData parse_flag_text(const std::string& text, const ScenarioField& field, const char* flag) {
    switch (field.kind) {
    case FieldKind::percent:
        try {
            return parse_percent(text);
        } catch (const InputError& e) {
            if (field.range_text.empty()) {
                throw InputError(flag, e.message());
            }
            // The row's own words: "--confidence x" suggested "5%" for a
            // confidence level of 50 % to 99.9999 % (REDTEAM-3 m-d, fourth
            // round D15).
            std::string range(field.range_text);
            if (const auto at = range.find("{}"); at != std::string::npos) {
                throw InputError(flag, range.replace(at, 2, text));
            }
            throw InputError(flag, fmt::format("\"{}\" is not a percentage; {}", text, range));
        }
    case FieldKind::number:
        if (const std::optional<double> d = parse_decimal(text)) {
            return *d;
        }
        throw InputError(flag, fmt::format("\"{}\" is not a number; {}", text,
                                           field.range_text.empty()
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
        return parse_count_flag(text, field, flag);
    case FieldKind::cnodes:
        return text == "knee" || text == "auto" ? FieldData{text}
                                                : FieldData{parse_count_flag(text, field, flag)};
    // A flag is text, so it is read as the same text in a file is: a
    // parameter count and bytes per parameter by core's readers, a failure
    // rate as a number or else a preset id.
    case FieldKind::params:
        return at_flag(flag, [&] { return parse_param_count(text); });
    case FieldKind::number_or_id:
        if (field.ids != IdList::none) {
            return number_or(text, [&] { return FieldData{text}; });
        }
        return at_flag(flag, [&] { return parse_bytes_per_param(text); });
    case FieldKind::choice:
    case FieldKind::id:
    case FieldKind::text:
        return text;
    default:
        throw std::logic_error(fmt::format("{}: its field's kind has no flag reading", flag));
    }
}

} // namespace

const ScenarioField& bound_field(const FlagBinding& binding) {
    const ScenarioField* field = find_scenario_field(binding.pattern);
    if (field == nullptr) {
        throw std::logic_error(
            fmt::format("{} is bound to no scenario field ({})", binding.flag, binding.pattern));
    }
    return *field;
}

FieldData flag_value(const std::string& text, const char* flag, const ScenarioField& field,
                     const Catalog& catalog) {
    const FieldData v = parse_flag_text(text, field, flag);
    if (std::string problem = field_problem(field, v, text, catalog); !problem.empty()) {
        // A file's message names the value by its JSON path; a flag's message
        // names the value, once.
        const std::string quoted = fmt::format("\"{}\"", text);
        if (!problem.starts_with('"') && problem.find(quoted) == std::string::npos &&
            !problem.starts_with(text)) {
            problem = fmt::format("\"{}\": {}", text, problem);
        }
        throw InputError(flag, problem);
    }
    return v;
}

FieldData flag_value(const std::string& text, const FlagBinding& binding, const Catalog& catalog) {
    return flag_value(text, binding.flag, bound_field(binding), catalog);
}

void apply_flag(const std::string& text, const FlagBinding& binding, Scenario& scenario,
                const Catalog& catalog) {
    bound_field(binding).set(scenario, 0, flag_value(text, binding, catalog));
}

double flag_number(const std::string& text, const char* flag, const ScenarioField& field,
                   const Catalog& catalog) {
    return std::get<double>(flag_value(text, flag, field, catalog));
}

std::int64_t flag_count(const std::string& text, const char* flag, const ScenarioField& field,
                        const Catalog& catalog) {
    return std::get<std::int64_t>(flag_value(text, flag, field, catalog));
}

} // namespace podsizer::cli
