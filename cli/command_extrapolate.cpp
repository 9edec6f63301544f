#include "cli_common.hpp"
#include "completion_hints.hpp"
#include "exports.hpp"
#include "output_plan.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/number_text.hpp"
#include "podsizer/reports/extrapolation_report.hpp"
#include "podsizer/reports/study.hpp"
#include "power_args.hpp"
#include "price_args.hpp"
#include "render_flags.hpp"
#include "scenario_run.hpp"
#include "scenario_sets.hpp"
#include "target_args.hpp"

#include <iostream>
#include <memory>

namespace podsizer::cli {

namespace {

struct ExtrapolateArgs {
    ScenarioRunArgs run; ///< SCENARIO, --set, the power flags, --prices
    TargetArgs target;
    ExportOptions exports;
    RenderFlags render;
};

/// The target given (--target, the scenario's extrapolation.target) or, with
/// phases and neither, the last phase's usable capacity: a scenario that grows
/// to an exabyte in phases asks about that exabyte (docs/sites-and-phases.md
/// §4). Said on stderr, so the answer is never taken for one to another target.
std::optional<ExtrapolationSpec> target_or_last_phase(const TargetArgs& args,
                                                      const Scenario& scenario) {
    std::optional<ExtrapolationSpec> spec = resolve_target(args, scenario);
    if (spec || scenario.phases.empty() || !scenario.phases.back().usable) {
        return spec;
    }
    const PhaseSpec& last = scenario.phases.back();
    std::cerr << "podsizer: no --target or extrapolation.target; growing to the last phase's "
                 "usable capacity, "
              << format_in(*last.usable, units::PB, 1) << " (phase \"" << last.name << "\")\n";
    return ExtrapolationSpec{*last.usable, 0.0};
}

int run_extrapolate(const GlobalOptions& g, const ExtrapolateArgs& a) {
    const Format format = parse_format(g.format);
    const OpenedScenario opened = open_scenario(g, a.run);
    const Scenario& scenario = opened.scenario;
    const std::optional<ExtrapolationSpec> spec = target_or_last_phase(a.target, scenario);
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
    const Study study = study_at(a.run.scenario, opened, options);
    write_outputs(&a.exports, &a.render, {"extrapolate", &study, &opened.catalog, &scenario},
                  run_inputs(g, a.run.scenario));
    const ScenarioExtrapolation& x = *study.extrapolation;
    const GrowthView growth = growth_of(study);
    std::cout << with_growth(render_extrapolation(x, format), growth, format);
    return x.all_feasible() && growth.ok() ? kExitOk : kExitNotMet;
}

} // namespace

void add_extrapolate_command(CLI::App& app, const GlobalOptions& g, Action& action) {
    const auto [cmd, a] = add_command<ExtrapolateArgs>(
        app, g, action, "extrapolate",
        "Grow every design of a scenario to a capacity target (whole pods and one "
        "namespace), with the fleet plan",
        run_extrapolate);
    add_scenario_run_flags(*cmd, a->run);
    add_target_flags(*cmd, a->target,
                     "Capacity target, e.g. 1EB (default: the scenario's extrapolation.target)");
    add_export_options(cmd, a->exports);
    add_render_flags(cmd, a->render);
}

} // namespace podsizer::cli
