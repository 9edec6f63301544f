// The --power-basis, --rack-derate and --pue flags of the commands that size
// racks (docs/cli.md): they override the scenario's constraints.power_basis,
// constraints.rack_derate and constraints.pue (docs/model.md §10).
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/scenario.hpp"

#include <CLI/CLI.hpp>
#include <string>

namespace podsizer::cli {

struct PowerArgs {
    std::string basis;  ///< empty: the scenario's
    std::string derate; ///< empty: the scenario's
    std::string pue;    ///< empty: the scenario's
};

/// Adds the three flags to a subcommand.
void add_power_flags(CLI::App& cmd, PowerArgs& args);

/// Sets what the flags give on `constraints`, checked by the scenario field
/// table's rules; a bad value is an InputError naming the flag.
void apply_power_flags(const PowerArgs& args, Constraints& constraints, const Catalog& catalog);

} // namespace podsizer::cli
