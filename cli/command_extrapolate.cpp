#include "cli_common.hpp"
#include "completion_hints.hpp"
#include "exports.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/reports/extrapolation_report.hpp"
#include "podsizer/reports/study.hpp"
#include "power_args.hpp"
#include "price_args.hpp"
#include "render_flags.hpp"
#include "scenario_sets.hpp"
#include "target_args.hpp"

#include <iostream>
#include <memory>

namespace podsizer::cli {

namespace {

struct ExtrapolateArgs {
    std::string scenario;
    std::vector<std::string> sets;
    TargetArgs target;
    PowerArgs power;
    std::string prices;
    ExportOptions exports;
    RenderFlags render;
};

int run_extrapolate(const GlobalOptions& g, const ExtrapolateArgs& a) {
    const Format format = parse_format(g.format);
    Diagnostics diag;
    Catalog catalog = load_catalog(g, diag); // plus the scenario's own entries, below
    print_warnings(diag);
    diag.warnings.clear();
    Scenario scenario = read_scenario(a.scenario, catalog, diag, a.sets);
    apply_power_flags(a.power, scenario.constraints, catalog);
    apply_prices_flag(a.prices, scenario);
    const std::optional<ExtrapolationSpec> spec = resolve_target(a.target, scenario);
    if (!spec) {
        throw InputError("--target", "no target to grow to; give --target (e.g. --target 1EB) or "
                                     "\"extrapolation\": {\"target\": \"1 EB\"} in the scenario");
    }
    StudyOptions options;
    options.target = spec;
    options.extrapolate = true;
    // The exports put the pods and the scenario's own references beside the
    // sized and one-namespace designs; without exports nothing is compared.
    options.compare = !a.exports.xlsx.empty() || !a.exports.svg.empty() || a.render.any();
    options.only_named_references = true;
    Study study;
    try {
        study = run_study(scenario, catalog, options);
    } catch (const InputError& e) {
        throw e.located(a.scenario);
    }
    check_render_targets(a.render, run_inputs(g, a.scenario), &a.exports);
    write_exports(a.exports, study, catalog, &scenario, run_inputs(g, a.scenario));
    write_renders(a.render, {"extrapolate", &study, &catalog, &scenario},
                  run_inputs(g, a.scenario));
    const ScenarioExtrapolation& x = *study.extrapolation;
    std::cout << render_extrapolation(x, format);
    return x.all_feasible() ? kExitOk : kExitNotMet;
}

} // namespace

void add_extrapolate_command(CLI::App& app, const GlobalOptions& g, Action& action) {
    auto* cmd = app.add_subcommand(
        "extrapolate", "Grow every design of a scenario to a capacity target (whole pods and one "
                       "namespace), with the fleet plan");
    auto a = std::make_shared<ExtrapolateArgs>();
    cmd->add_option("SCENARIO", a->scenario, "Scenario JSON file")
        ->required()
        ->check(complete_file());
    add_set_option(*cmd, a->sets);
    add_power_flags(*cmd, a->power);
    add_prices_flag(*cmd, a->prices);
    add_target_flags(*cmd, a->target,
                     "Capacity target, e.g. 1EB (default: the scenario's extrapolation.target)");
    add_export_options(cmd, a->exports);
    add_render_flags(cmd, a->render);
    cmd->callback([&g, &action, a] { action = [&g, a] { return run_extrapolate(g, *a); }; });
}

} // namespace podsizer::cli
