// The flags of the commands that size racks (docs/cli.md) that override the
// scenario's constraints: --power-basis, --rack-derate and --pue (docs/model.md
// §10), --size-for and --headroom (§5), --client-network (§8), --availability
// and --min-nines (§15). Each is its constraints field's `flag` in the scenario
// field table (catalog/src/scenario_fields.cpp).
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/scenario.hpp"

#include <CLI/CLI.hpp>
#include <map>
#include <string>

namespace podsizer::cli {

/// The texts of the flags given, by flag ("--pue" -> "1.3"); a flag not
/// given is empty: the scenario's value stands.
struct PowerArgs {
    std::map<std::string, std::string> texts;
};

/// Adds the flags to a subcommand, each bound to its constraints field
/// (the row's `flag`, catalog/src/scenario_fields.cpp): the row's choices and default.
void add_power_flags(CLI::App& cmd, PowerArgs& args);

/// Sets what the flags give on `constraints`, checked by the scenario field
/// table's rules; a bad value is an InputError naming the flag.
void apply_power_flags(const PowerArgs& args, Constraints& constraints, const Catalog& catalog);

} // namespace podsizer::cli
