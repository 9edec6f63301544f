#include "cli_common.hpp"
#include "completion_hints.hpp"
#include "exports.hpp"
#include "output_plan.hpp"
#include "podsizer/catalog/suggest.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/optimizer.hpp"
#include "podsizer/core/resilience.hpp"
#include "podsizer/reports/optimizer_report.hpp"
#include "power_args.hpp"
#include "price_args.hpp"
#include "render_flags.hpp"
#include "scenario_run.hpp"
#include "scenario_sets.hpp"

#include <iostream>
#include <memory>

namespace podsizer::cli {

namespace {

struct OptimizeArgs {
    ScenarioRunArgs run; ///< SCENARIO, --set, the power flags, --prices
    std::string objective = "min-racks";
    std::vector<std::string> racks;
    bool pareto = false;
    bool all = false;
    bool any_rack = false;
    ExportOptions exports;
    RenderFlags render;
};

/// The best design as a study, assessed as a sized design is (degraded
/// throughput, durability), so its sheets and pages show what `size` would;
/// no design when none is feasible.
Study best_study(const OptimizerResult& result, const Scenario& scenario, const Catalog& catalog) {
    SizingResult best;
    best.scenario = result.scenario;
    best.requirements = result.requirements;
    best.prices = result.prices;
    if (result.best) {
        best.designs.push_back(*result.best);
    }
    assess_designs(best, catalog, resilience_inputs(scenario, catalog));
    return study_of(std::move(best));
}

/// --xlsx and --svg: the best design's proposal workbook and drawings, as
/// `size` exports a design, with the front on the workbook's "Pareto front"
/// sheet. Without a best design there is nothing to propose. --pdf and
/// --charts: the best design and the front.
void write_optimize_exports(const GlobalOptions& g, const OptimizeArgs& a,
                            const OptimizerResult& result, const Scenario& scenario,
                            const Catalog& catalog) {
    if (a.exports.xlsx.empty() && a.exports.svg.empty() && !a.render.any()) {
        return;
    }
    const bool exports = !a.exports.xlsx.empty() || !a.exports.svg.empty();
    if (exports && !result.best) {
        throw InputError(a.exports.xlsx.empty() ? "--svg" : "--xlsx",
                         "no design meets every requirement and constraint, so there is no "
                         "best design to export; nothing written");
    }
    const Study study = best_study(result, scenario, catalog);
    RenderJob job{"optimize", &study, &catalog, &scenario};
    job.optimization = &result;
    write_outputs(&a.exports, &a.render, job, run_inputs(g, a.run.scenario));
}

int run_optimize(const GlobalOptions& g, const OptimizeArgs& a) {
    const Format format = parse_format(g.format);
    OptimizerOptions options;
    if (auto o = objective_from_string(a.objective)) {
        options.objective = *o;
    } else {
        std::string list;
        for (const std::string& n : objective_names()) {
            list += (list.empty() ? "" : ", ") + n;
        }
        throw InputError("--objective", "unknown objective \"" + a.objective + "\" (" +
                                            suggestion_phrase(a.objective, objective_names()) +
                                            "); expected one of " + list);
    }
    OpenedScenario opened = open_scenario(g, a.run, [&a, &options](const Catalog& catalog) {
        if (a.any_rack && !a.racks.empty()) {
            throw InputError("--any-rack", "expected either --any-rack (every rack model of "
                                           "the catalog) or --rack ID, not both");
        }
        for (const std::string& id : a.racks) {
            options.racks.push_back(
                require_known(id, ids_of(catalog.racks), "--rack", "rack model"));
        }
    });
    Scenario& scenario = opened.scenario;
    const Catalog& catalog = opened.catalog;
    if (options.objective == Objective::min_cost && !scenario.prices) {
        throw InputError("--objective", "min-cost needs a price book (docs/cost.md); expected "
                                        "--prices FILE or the scenario's \"prices\"");
    }
    if (a.any_rack) {
        scenario.constraints.optimize_rack = true;
    }
    // A readable answer by default; --all for the whole front.
    options.front_points = a.all ? 0 : kReadableFrontPoints;
    OptimizerResult result;
    try {
        result = optimize(scenario, catalog, options);
    } catch (const InputError& e) {
        throw e.located(a.run.scenario);
    }
    write_optimize_exports(g, a, result, scenario, catalog);
    std::cout << render_optimization(result, format, a.pareto);
    return result.best ? kExitOk : kExitNotMet;
}

} // namespace

void add_optimize_command(CLI::App& app, const GlobalOptions& g, Action& action) {
    const auto [cmd, a] = add_command<OptimizeArgs>(
        app, g, action, "optimize",
        "Search the catalog for the Pareto front and the best design for an objective",
        run_optimize);
    add_scenario_run_flags(*cmd, a->run);
    cmd->add_option("--objective", a->objective,
                    "min-racks, min-power, max-read, max-write, max-capacity or min-cost (the "
                    "lowest TCO; needs a price book)")
        ->capture_default_str()
        ->check(complete_choices(
            {"min-racks", "min-power", "max-read", "max-write", "max-capacity", "min-cost"}));
    cmd->add_option("--rack", a->racks,
                    "Only this rack model (repeatable; default: the scenario's rack, or every "
                    "rack model with constraints.optimize_rack)")
        ->check(complete_catalog_ids("racks"));
    cmd->add_flag("--any-rack", a->any_rack,
                  "Let the optimiser choose among every rack model of the catalog (as "
                  "constraints.optimize_rack)");
    cmd->add_flag("--pareto", a->pareto,
                  "Also list the Pareto front (thinned to at most 20 distinct trade-offs)");
    cmd->add_flag("--all", a->all, "Keep the whole Pareto front, not only its distinct trade-offs");
    add_export_options(cmd, a->exports);
    add_render_flags(cmd, a->render);
}

} // namespace podsizer::cli
