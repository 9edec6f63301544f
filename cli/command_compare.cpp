#include "cli_common.hpp"
#include "completion_hints.hpp"
#include "exports.hpp"
#include "flag_binding.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/reports/comparison_report.hpp"
#include "podsizer/reports/study.hpp"
#include "power_args.hpp"
#include "price_args.hpp"
#include "render_flags.hpp"
#include "scenario_sets.hpp"
#include "target_args.hpp"

#include <algorithm>
#include <iostream>
#include <memory>

namespace podsizer::cli {

namespace {

struct CompareArgs {
    std::string scenario;
    std::vector<std::string> sets;
    std::vector<std::string> with;
    TargetArgs target;
    std::string wan;
    bool raised_account_limit = false;
    PowerArgs power;
    std::string prices;
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
    Diagnostics diag;
    Catalog catalog = load_catalog(g, diag); // plus the scenario's own entries, below
    print_warnings(diag);
    diag.warnings.clear();
    const std::vector<std::string> known = ids_of(catalog.references);
    for (std::size_t i = 0; i < a.with.size(); ++i) {
        require_known(a.with[i], known, "--with", "reference system");
        // As a scenario's comparisons: a reference named twice is a mistake,
        // not a second column.
        if (std::find(a.with.begin(), a.with.begin() + static_cast<std::ptrdiff_t>(i), a.with[i]) !=
            a.with.begin() + static_cast<std::ptrdiff_t>(i)) {
            throw InputError("--with", "\"" + a.with[i] + "\" is given twice");
        }
    }
    Scenario scenario = read_scenario(a.scenario, catalog, diag, a.sets);
    apply_power_flags(a.power, scenario.constraints, catalog);
    apply_prices_flag(a.prices, scenario);

    StudyOptions options;
    options.references = a.with;
    options.target = resolve_target(a.target, scenario);
    options.wan = wan_flag(a.wan, catalog);
    options.raised_account_limit = a.raised_account_limit;
    Study study;
    try {
        study = run_study(scenario, catalog, options);
    } catch (const InputError& e) {
        throw e.located(a.scenario);
    }
    check_render_targets(a.render, run_inputs(g, a.scenario), &a.exports);
    write_exports(a.exports, study, catalog, &scenario, run_inputs(g, a.scenario));
    write_renders(a.render, {"compare", &study, &catalog, &scenario}, run_inputs(g, a.scenario));
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
    cmd->add_option("SCENARIO", a->scenario, "Scenario JSON file")
        ->required()
        ->check(complete_file());
    add_set_option(*cmd, a->sets);
    add_power_flags(*cmd, a->power);
    add_prices_flag(*cmd, a->prices);
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
    cmd->callback([&g, &action, a] { action = [&g, a] { return run_compare(g, *a); }; });
}

} // namespace podsizer::cli
