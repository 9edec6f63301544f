#include "flag_binding.hpp"

#include "cli_common.hpp"
#include "podsizer/core/errors.hpp"

#include <fmt/format.h>
#include <stdexcept>

namespace podsizer::cli {

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
    // The one text reading (catalog's parse_field_text), its error at the flag.
    const FieldData v = at_flag(flag, [&] { return parse_field_text(field, text); });
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

} // namespace podsizer::cli
