// podsizer init: a starting scenario file from a few flags, so a first-time
// user edits a commented file instead of writing JSON from nothing.
#include "cli_common.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "scenario_flags.hpp"

#include <iostream>
#include <memory>

namespace podsizer::cli {

namespace {

int run_init(const GlobalOptions& g, ScenarioFlags flags) {
    Diagnostics diag;
    const Catalog catalog = load_catalog(g, diag);
    print_warnings(diag);
    if (flags.gpus.empty() && flags.platform.empty() && flags.usable.empty()) {
        // Nothing to size was given: the reference case's needs, to edit.
        flags.gpus = "41472";
        flags.platform = "gb200-nvl72";
        flags.usable = "215 PB";
    }
    std::cout << commented_scenario(scenario_from_flags(flags, catalog));
    return kExitOk;
}

} // namespace

void add_init_command(CLI::App& app, const GlobalOptions& g, Action& action) {
    const auto [cmd, flags] = add_command<ScenarioFlags>(
        app, g, action, "init",
        "Write a commented starting scenario to stdout (podsizer init ... > s.json)", run_init);
    add_scenario_flags(*cmd, *flags);
}

} // namespace podsizer::cli
