// A scenario from command-line flags (docs/cli.md, "Starting without a
// scenario file"): `podsizer init` writes it as a commented file and
// `podsizer size` sizes it directly, so a first run needs no JSON. Both build
// the same Scenario here, and the file init writes reads back to it.
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/scenario.hpp"

#include <CLI/CLI.hpp>
#include <string>

namespace podsizer::cli {

struct ScenarioFlags {
    std::string name;
    std::string gpus;
    std::string platform;
    std::string usable;
    std::string rule;     ///< empty: the platform's only rule; "none": no throughput need
    std::string workload; ///< a training-data workload on all the GPUs; empty: none
    std::string rack;
    std::string cnode;
    std::string dbox;
    std::string drive;

    /// Some flag was given.
    bool any() const;
};

/// The `--set` that does to a scenario file what the first flag given does to
/// the flags' scenario: "--set 'options[*].drive=122.88TB'" for --drive
/// 122.88TB; empty when no flag is given.
std::string set_equivalent(const ScenarioFlags& flags);

/// Adds the scenario flags to `cmd`.
void add_scenario_flags(CLI::App& cmd, ScenarioFlags& flags);

/// The scenario the flags describe, checked by the same rules as a file; a
/// bad value is an InputError naming the flag. Left out: the performance rule
/// is the platform's only one, the rack the catalog's default, the C:D bounds
/// the format's, and the hardware automatic.
Scenario scenario_from_flags(const ScenarioFlags& flags, const Catalog& catalog);

/// The scenario as a `podsizer-scenario/1` document with "_comment" keys
/// saying what each part means and how to change it; `podsizer size` reads it
/// back into the same scenario.
std::string commented_scenario(const Scenario& scenario);

} // namespace podsizer::cli
