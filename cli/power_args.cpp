#include "power_args.hpp"

#include "cli_common.hpp"
#include "completion_hints.hpp"
#include "flag_binding.hpp"
#include "podsizer/catalog/scenario_fields.hpp"

#include <fmt/format.h>

namespace podsizer::cli {

// What a field left out of the scenario and the flags means: its default, or
// (a field with none, such as the durability target) its words for empty.
namespace {
std::string_view unset_text(const ScenarioField& field) {
    if (field.default_text.empty() && field.look.empty_means != nullptr) {
        return field.look.empty_means;
    }
    return field.default_text;
}
} // namespace

// Each flag is bound to its constraints field, on the field's row (`flag`):
// the value is read, limited and stored by the row (flag_binding.hpp), its
// choices are the row's, and its default in the help is the row's default.
void add_power_flags(CLI::App& cmd, PowerArgs& args) {
    for (const ScenarioField& field : scenario_fields()) {
        if (field.flag.name == nullptr) {
            continue;
        }
        CLI::Option* option = cmd.add_option(field.flag.name, args.texts[field.flag.name],
                                             fmt::format("{} (default: the scenario's, else {})",
                                                         field.flag.help, unset_text(field)));
        if (!field.choices.empty()) {
            option->check(complete_choices({field.choices.begin(), field.choices.end()}));
        }
    }
}

void apply_power_flags(const PowerArgs& args, Constraints& constraints, const Catalog& catalog) {
    // The rows set a scenario's constraints; `design` may have none but its own.
    Scenario scenario;
    scenario.constraints = constraints;
    for (const ScenarioField& field : scenario_fields()) {
        const auto given =
            field.flag.name != nullptr ? args.texts.find(field.flag.name) : args.texts.end();
        if (given != args.texts.end() && !given->second.empty()) {
            apply_flag(given->second, FlagBinding{field.flag.name, field.pattern}, scenario,
                       catalog);
        }
    }
    constraints = scenario.constraints;
}

} // namespace podsizer::cli
