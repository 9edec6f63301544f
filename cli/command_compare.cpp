#include "cli_common.hpp"
#include "completion_hints.hpp"
#include "exports.hpp"
#include "flag_binding.hpp"
#include "output_plan.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/reports/comparison_report.hpp"
#include "podsizer/reports/study.hpp"
#include "power_args.hpp"
#include "price_args.hpp"
#include "render_flags.hpp"
#include "scenario_run.hpp"
#include "scenario_sets.hpp"
#include "target_args.hpp"

#include <algorithm>
#include <iostream>
#include <memory>

namespace podsizer::cli {

namespace {

struct CompareArgs {
    ScenarioRunArgs run; ///< SCENARIO, --set, the power flags, --prices
    std::vector<std::string> with;
    TargetArgs target;
    std::string wan;
    bool raised_account_limit = false;
    ExportOptions exports;
    RenderFlags render;
};

/// --wan: the row cloud.wan of the scenario field table, which it overrides
/// (a throughput above zero; the flag had a message of its own, REVIEW-3 R3).
std::optional<Throughput> wan_flag(const std::string& text, const Catalog& catalog) {
    if (text.empty()) {
        return std::nullopt;
    }
    return Throughput::from_base(
        std::get<double>(flag_value(text, {"--wan", "cloud.wan"}, catalog)));
}

int run_compare(const GlobalOptions& g, const CompareArgs& a) {
    const Format format = parse_format(g.format);
    const OpenedScenario opened = open_scenario(g, a.run, [&a](const Catalog& catalog) {
        const std::vector<std::string> known = ids_of(catalog.references);
        for (std::size_t i = 0; i < a.with.size(); ++i) {
            require_known(a.with[i], known, "--with", "reference system");
            // As a scenario's comparisons: a reference named twice is a
            // mistake, not a second column.
            const auto here = a.with.begin() + static_cast<std::ptrdiff_t>(i);
            if (std::find(a.with.begin(), here, a.with[i]) != here) {
                throw InputError("--with", "\"" + a.with[i] + "\" is given twice");
            }
        }
    });
    const Scenario& scenario = opened.scenario;
    const Catalog& catalog = opened.catalog;

    StudyOptions options;
    options.references = a.with;
    options.target = resolve_target(a.target, scenario);
    options.wan = wan_flag(a.wan, catalog);
    options.raised_account_limit = a.raised_account_limit;
    const Study study = study_at(a.run.scenario, opened, options);
    write_outputs(&a.exports, &a.render, {"compare", &study, &catalog, &scenario},
                  run_inputs(g, a.run.scenario));
    const Comparison& cmp = *study.comparison;
    // The sites and phases after the table, as `size` shows them.
    const GrowthView growth = growth_of(study);
    std::cout << with_growth(render_comparison(cmp, format), growth, format);
    return cmp.all_feasible() && growth.ok() ? kExitOk : kExitNotMet;
}

} // namespace

void add_compare_command(CLI::App& app, const GlobalOptions& g, Action& action) {
    const auto [cmd, a] = add_command<CompareArgs>(
        app, g, action, "compare",
        "Put the designs, grown to the target, beside reference systems such as the "
        "cloud object store",
        run_compare);
    add_scenario_run_flags(*cmd, a->run);
    cmd->add_option("--with", a->with,
                    "Reference system id (repeatable; default: the scenario's comparisons, else "
                    "every reference in the catalog)")
        ->check(complete_catalog_ids("references"));
    add_target_flags(*cmd, a->target,
                     "Capacity to grow the designs to and size the references at, e.g. 1EB "
                     "(default: the scenario's extrapolation.target)");
    cmd->add_option("--wan", a->wan,
                    "The WAN link between the GPU site and the cloud region, e.g. 400Gbps: what "
                    "reaches the GPUs from a cloud store is at most this (default: the "
                    "scenario's cloud.wan)");
    cmd->add_flag("--raised-account-limit", a->raised_account_limit,
                  "The cloud provider raised the accounts allowed per subscription per region "
                  "(Azure: 500 instead of 250)");
    add_export_options(cmd, a->exports);
    add_render_flags(cmd, a->render);
    add_bom_delta_option(cmd, a->exports);
}

} // namespace podsizer::cli
