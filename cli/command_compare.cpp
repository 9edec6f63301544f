#include "cli_common.hpp"
#include "exports.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/reports/comparison_report.hpp"
#include "podsizer/reports/study.hpp"
#include "power_args.hpp"
#include "target_args.hpp"

#include <iostream>
#include <memory>

namespace podsizer::cli {

namespace {

struct CompareArgs {
    std::string scenario;
    std::vector<std::string> with;
    TargetArgs target;
    PowerArgs power;
    ExportOptions exports;
};

int run_compare(const GlobalOptions& g, const CompareArgs& a) {
    const Format format = parse_format(g.format);
    Diagnostics diag;
    const Catalog catalog = load_catalog(g, diag);
    print_warnings(diag);
    diag.warnings.clear();
    const std::vector<std::string> known = ids_of(catalog.references);
    for (const std::string& id : a.with) {
        require_known(id, known, "--with", "reference system");
    }
    Scenario scenario = read_scenario(a.scenario, catalog, diag);
    apply_power_flags(a.power, scenario.constraints, catalog);

    StudyOptions options;
    options.references = a.with;
    options.target = resolve_target(a.target, scenario);
    Study study;
    try {
        study = run_study(scenario, catalog, options);
    } catch (const InputError& e) {
        throw e.located(a.scenario);
    }
    write_exports(a.exports, study, catalog, &scenario);
    const Comparison& cmp = *study.comparison;
    std::cout << render_comparison(cmp, format);
    return cmp.all_feasible() ? kExitOk : kExitNotMet;
}

} // namespace

void add_compare_command(CLI::App& app, const GlobalOptions& g, Action& action) {
    auto* cmd = app.add_subcommand(
        "compare", "Put the designs, grown to the target, beside reference systems such as the "
                   "cloud object store");
    auto a = std::make_shared<CompareArgs>();
    cmd->add_option("SCENARIO", a->scenario, "Scenario JSON file")->required();
    add_power_flags(*cmd, a->power);
    cmd->add_option("--with", a->with,
                    "Reference system id (repeatable; default: the scenario's comparisons, else "
                    "every reference in the catalog)");
    add_target_flags(*cmd, a->target,
                     "Capacity to grow the designs to and size the references at, e.g. 1EB "
                     "(default: the scenario's extrapolation.target)");
    add_export_options(cmd, a->exports);
    cmd->callback([&g, &action, a] { action = [&g, a] { return run_compare(g, *a); }; });
}

} // namespace podsizer::cli
