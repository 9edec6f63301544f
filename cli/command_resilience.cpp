// podsizer resilience SCENARIO: per design, rebuilds, the odds of losing
// data, throughput with a D-box down, a WAN outage, staging and endurance
// (docs/resilience.md §8–§12). The flags override the scenario's values.
#include "cli_common.hpp"
#include "completion_hints.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/reports/resilience_report.hpp"

#include <iostream>

namespace podsizer::cli {

namespace {

struct ResilienceArgs {
    std::string scenario;
    std::string afr;
    std::string fill;
    std::string rebuild_share;
    std::string outage;
    std::string wan;
    std::string dataset;
};

/// A quantity flag that may be zero (no outage, no dataset) but not negative.
template <class Q> Q at_least_zero(const std::string& text, const std::string& flag) {
    const Q q = at_flag(flag, [&] { return parse<Q>(text); });
    if (!(q.base() >= 0.0) || !std::isfinite(q.base())) {
        throw InputError(flag, "\"" + text + "\": expected " +
                                   std::string(dimension_name(Q::dimension)) + " of zero or more");
    }
    return q;
}

ResilienceInputs read_inputs(const ResilienceArgs& a, const Scenario& s, const Catalog& catalog) {
    ResilienceInputs in;
    if (!a.afr.empty()) {
        in.afr = flag_percent(a.afr, "--afr", "an annual failure rate per drive");
    }
    if (!a.fill.empty()) {
        in.fill = flag_percent(a.fill, "--fill", "the share of the drives holding data", true);
    }
    if (!a.rebuild_share.empty()) {
        in.rebuild_share = flag_percent(a.rebuild_share, "--rebuild-share",
                                        "the share of the backend given to rebuilds", true);
    }
    if (!a.outage.empty()) {
        in.outage = at_least_zero<Duration>(a.outage, "--outage");
        if (in.outage.base() > kSecondsPerYear) {
            throw InputError("--outage",
                             "\"" + a.outage + "\": expected an outage of at most a year");
        }
    }
    in.wan = !a.wan.empty() ? flag_above_zero<Throughput>(a.wan, "--wan")
                            : s.cloud.wan.value_or(Throughput{});
    if (!a.dataset.empty()) {
        in.dataset = at_least_zero<Capacity>(a.dataset, "--dataset");
    }
    // The cloud's per-account ingress, from the first reference the scenario
    // compares with that gives one.
    for (const std::string& id : s.comparisons) {
        const ReferenceSystem* ref = catalog.reference(id);
        if (ref != nullptr && ref->account_ingress.base() > 0.0) {
            in.account_ingress = ref->account_ingress;
            break;
        }
    }
    return in;
}

int run_resilience(const GlobalOptions& g, const ResilienceArgs& a) {
    const Format format = parse_format(g.format);
    Diagnostics diag;
    Catalog catalog = load_catalog(g, diag); // plus the scenario's own entries
    const Scenario scenario = read_scenario(a.scenario, catalog, diag);
    const ResilienceInputs in = read_inputs(a, scenario, catalog);
    SizingResult sized;
    try {
        sized = size_scenario(scenario, catalog);
    } catch (const InputError& e) {
        throw e.located(a.scenario);
    }
    std::vector<ResilienceColumn> cols;
    for (const Design& d : sized.designs) {
        const DBoxModel* box = catalog.dbox(d.dbox_model);
        const ErasureCodingRule* ec =
            box != nullptr ? catalog.ec_rule(box->erasure_coding) : nullptr;
        if (box == nullptr || ec == nullptr) {
            continue;
        }
        try {
            cols.push_back({&d, assess_resilience(d, *box, *ec, in)});
        } catch (const InputError& e) {
            throw e.located(a.afr.empty() ? "--afr (or the catalog's drive_afr)" : "--afr");
        }
    }
    std::cout << render_resilience({scenario.name, in}, cols, format);
    return kExitOk;
}

} // namespace

void add_resilience_command(CLI::App& app, const GlobalOptions& g, Action& action) {
    auto* cmd = app.add_subcommand(
        "resilience", "Rebuilds, odds of data loss, degraded throughput, WAN outage, staging and "
                      "endurance of every design of a scenario");
    auto a = std::make_shared<ResilienceArgs>();
    cmd->add_option("SCENARIO", a->scenario, "Scenario JSON file")
        ->required()
        ->check(complete_file());
    cmd->add_option("--afr", a->afr,
                    "Annual failure rate per drive (default: the D-box's drive_afr)");
    cmd->add_option("--fill", a->fill, "Share of the drives holding data (default 80%)");
    cmd->add_option("--rebuild-share", a->rebuild_share,
                    "Share of the backend's bandwidth given to rebuilds (default 10%)");
    cmd->add_option("--outage", a->outage, "WAN outage to ride through, e.g. 24h (default none)");
    cmd->add_option(
        "--wan", a->wan,
        "WAN link to the cloud region, e.g. 400Gbps (default: the scenario's cloud.wan)");
    cmd->add_option("--dataset", a->dataset, "Data to pre-stage over the WAN, e.g. 100PB");
    cmd->callback([&g, &action, a] { action = [&g, a] { return run_resilience(g, *a); }; });
}

} // namespace podsizer::cli
