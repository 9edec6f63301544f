// The --power-basis, --rack-derate, --pue, --size-for, --headroom and
// --client-network flags of the commands that size racks (docs/cli.md): they
// override the scenario's constraints.power_basis, rack_derate and pue
// (docs/model.md §10), size_for and headroom (§5) and client_network (§8).
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
/// (power_args.cpp): the row's choices and default.
void add_power_flags(CLI::App& cmd, PowerArgs& args);

/// Sets what the flags give on `constraints`, checked by the scenario field
/// table's rules; a bad value is an InputError naming the flag.
void apply_power_flags(const PowerArgs& args, Constraints& constraints, const Catalog& catalog);

} // namespace podsizer::cli
