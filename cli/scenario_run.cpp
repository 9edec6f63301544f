#include "scenario_run.hpp"

#include "podsizer/core/errors.hpp"
#include "price_args.hpp"
#include "scenario_sets.hpp"

namespace podsizer::cli {

OpenedScenario open_scenario(const GlobalOptions& g, const std::string& path,
                             const std::vector<std::string>& sets, const PowerArgs& power,
                             const std::string& prices,
                             const std::function<void(const Catalog&)>& check_flags) {
    Diagnostics diag;
    OpenedScenario opened{load_catalog(g, diag), {}};
    print_warnings(diag);
    diag.warnings.clear();
    if (check_flags) {
        check_flags(opened.catalog);
    }
    opened.scenario = read_scenario(path, opened.catalog, diag, sets);
    apply_power_flags(power, opened.scenario.constraints, opened.catalog);
    apply_prices_flag(prices, opened.scenario);
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
