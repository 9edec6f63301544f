#include "power_args.hpp"

#include "cli_common.hpp"
#include "completion_hints.hpp"
#include "flag_binding.hpp"
#include "podsizer/catalog/scenario_fields.hpp"
#include "podsizer/core/client_network.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/failure_state.hpp"
#include "podsizer/core/number_text.hpp"
#include "podsizer/core/power.hpp"

namespace podsizer::cli {

namespace {

/// The flag's value as its scenario field would hold it, checked by the
/// field's own rules so a flag and a file are held to the same range.
FieldData checked(const std::string& value, const char* flag, std::string_view pattern,
                  const Catalog& catalog) {
    return flag_value(value, FlagBinding{flag, pattern}, catalog);
}

} // namespace

void add_power_flags(CLI::App& cmd, PowerArgs& args) {
    cmd.add_option("--power-basis", args.basis,
                   "Draw the racks are checked on: typical or max (default: the scenario's, "
                   "else typical)")
        ->check(complete_choices({kPowerBasisNames.names.begin(), kPowerBasisNames.names.end()}));
    cmd.add_option("--rack-derate", args.derate,
                   "Share of each rack's power budget the devices may draw, such as 0.8 "
                   "(default: the scenario's, else 1)");
    cmd.add_option("--pue", args.pue,
                   "Site PUE: facility power = IT power x PUE (default: the scenario's, else "
                   "1.58)");
    cmd.add_option("--size-for", args.size_for,
                   "State the design must still meet the requirement in: intact, dbox-down or "
                   "rack-down (default: the scenario's, else intact)")
        ->check(complete_choices({kSizeForNames.names.begin(), kSizeForNames.names.end()}));
    cmd.add_option("--client-network", args.client_network,
                   "Where the C-nodes' client ports land: storage-leaves (uplinks to your fabric "
                   "counted) or converged (on your fabric) (default: the scenario's, else "
                   "storage-leaves)")
        ->check(
            complete_choices({kClientNetworkNames.names.begin(), kClientNetworkNames.names.end()}));
    cmd.add_option("--headroom", args.headroom,
                   "Margin on the read and write requirement, such as 20% (default: the "
                   "scenario's, else 0%)");
}

void apply_power_flags(const PowerArgs& args, Constraints& constraints, const Catalog& catalog) {
    if (!args.basis.empty()) {
        checked(args.basis, "--power-basis", "constraints.power_basis", catalog);
        constraints.power_basis = *power_basis_from_string(args.basis);
    }
    if (!args.derate.empty()) {
        constraints.rack_derate = std::get<double>(
            checked(args.derate, "--rack-derate", "constraints.rack_derate", catalog));
    }
    if (!args.size_for.empty()) {
        checked(args.size_for, "--size-for", "constraints.size_for", catalog);
        constraints.size_for = *size_for_from_string(args.size_for);
    }
    if (!args.client_network.empty()) {
        checked(args.client_network, "--client-network", "constraints.client_network", catalog);
        constraints.client_network = *client_network_from_string(args.client_network);
    }
    if (!args.headroom.empty()) {
        constraints.headroom =
            std::get<double>(checked(args.headroom, "--headroom", "constraints.headroom", catalog));
    }
    if (!args.pue.empty()) {
        constraints.pue = std::get<double>(checked(args.pue, "--pue", "constraints.pue", catalog));
    }
}

} // namespace podsizer::cli
