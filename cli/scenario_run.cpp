#include "scenario_run.hpp"

#include "completion_hints.hpp"
#include "podsizer/core/errors.hpp"
#include "price_args.hpp"
#include "scenario_sets.hpp"

namespace podsizer::cli {

void add_scenario_run_flags(CLI::App& cmd, ScenarioRunArgs& args) {
    cmd.add_option("SCENARIO", args.scenario, "Scenario JSON file")
        ->required()
        ->check(complete_file());
    add_set_option(cmd, args.sets);
    add_power_flags(cmd, args.power);
    add_prices_flag(cmd, args.prices);
}

OpenedScenario open_scenario(const GlobalOptions& g, const ScenarioRunArgs& args,
                             const std::function<void(const Catalog&)>& check_flags) {
    Diagnostics diag;
    OpenedScenario opened{load_catalog(g, diag), {}};
    print_warnings(diag);
    diag.warnings.clear();
    if (check_flags) {
        check_flags(opened.catalog);
    }
    opened.scenario = read_scenario(args.scenario, opened.catalog, diag, args.sets);
    apply_power_flags(args.power, opened.scenario.constraints, opened.catalog);
    apply_prices_flag(args.prices, opened.scenario, opened.catalog);
    return opened;
}

Study study_at(const std::string& path, const OpenedScenario& opened, const StudyOptions& options) {
    try {
        return run_study(opened.scenario, opened.catalog, options);
    } catch (const InputError& e) {
        throw e.located(path);
    }
}

} // namespace podsizer::cli
