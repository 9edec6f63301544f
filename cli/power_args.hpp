// The --power-basis, --rack-derate, --pue, --size-for, --headroom and
// --client-network flags of the commands that size racks (docs/cli.md): they
// override the scenario's constraints.power_basis, rack_derate and pue
// (docs/model.md §10), size_for and headroom (§5) and client_network (§8).
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/scenario.hpp"

#include <CLI/CLI.hpp>
#include <string>

namespace podsizer::cli {

struct PowerArgs {
    std::string basis;          ///< empty: the scenario's
    std::string derate;         ///< empty: the scenario's
    std::string pue;            ///< empty: the scenario's
    std::string size_for;       ///< empty: the scenario's
    std::string headroom;       ///< empty: the scenario's
    std::string client_network; ///< empty: the scenario's
};

/// Adds the flags to a subcommand.
void add_power_flags(CLI::App& cmd, PowerArgs& args);

/// Sets what the flags give on `constraints`, checked by the scenario field
/// table's rules; a bad value is an InputError naming the flag.
void apply_power_flags(const PowerArgs& args, Constraints& constraints, const Catalog& catalog);

} // namespace podsizer::cli
