#include "power_args.hpp"

#include "cli_common.hpp"
#include "completion_hints.hpp"
#include "flag_binding.hpp"
#include "podsizer/catalog/scenario_fields.hpp"

#include <fmt/format.h>

namespace podsizer::cli {

namespace {

/// A flag bound to its constraints field: the value is read, limited and
/// stored by the field's row (flag_binding.hpp), its choices are the row's,
/// and its default in the help is the row's default.
struct PowerFlag {
    FlagBinding binding;
    const char* what; ///< the help before "(default: ...)"
};

constexpr PowerFlag kPowerFlags[] = {
    {{"--power-basis", "constraints.power_basis"}, "Draw the racks are checked on: typical or max"},
    {{"--rack-derate", "constraints.rack_derate"},
     "Share of each rack's power budget the devices may draw, such as 0.8"},
    {{"--pue", "constraints.pue"}, "Site PUE: facility power = IT power x PUE"},
    {{"--size-for", "constraints.size_for"},
     "State the design must still meet the requirement in: intact, dbox-down or rack-down"},
    {{"--client-network", "constraints.client_network"},
     "Where the C-nodes' client ports land: storage-leaves (uplinks to your fabric counted) or "
     "converged (on your fabric)"},
    {{"--headroom", "constraints.headroom"},
     "Margin on the read and write requirement, such as 20%"},
    {{"--availability", "constraints.availability"},
     "Outage the layout must survive: auto (the vendor's default layout rule), none, dbox or "
     "rack"},
    {{"--min-nines", "constraints.min_nines"},
     "Durability target in nines of the annual loss probability, such as 5"},
};

} // namespace

void add_power_flags(CLI::App& cmd, PowerArgs& args) {
    for (const PowerFlag& f : kPowerFlags) {
        const ScenarioField& field = bound_field(f.binding);
        CLI::Option* option = cmd.add_option(
            f.binding.flag, args.texts[f.binding.flag],
            fmt::format("{} (default: the scenario's, else {})", f.what, field.default_text));
        if (!field.choices.empty()) {
            option->check(complete_choices({field.choices.begin(), field.choices.end()}));
        }
    }
}

void apply_power_flags(const PowerArgs& args, Constraints& constraints, const Catalog& catalog) {
    // The rows set a scenario's constraints; `design` may have none but its own.
    Scenario scenario;
    scenario.constraints = constraints;
    for (const PowerFlag& f : kPowerFlags) {
        const auto given = args.texts.find(f.binding.flag);
        if (given != args.texts.end() && !given->second.empty()) {
            apply_flag(given->second, f.binding, scenario, catalog);
        }
    }
    constraints = scenario.constraints;
}

} // namespace podsizer::cli
