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
    std::string dbox_events;
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

/// The flags, over the scenario's `resilience` block and `cloud.wan`.
void apply_flags(const ResilienceArgs& a, Scenario& s) {
    ResilienceSpec& r = s.resilience;
    if (!a.afr.empty()) {
        r.afr = flag_percent(a.afr, "--afr", "an annual failure rate per drive");
    }
    if (!a.dbox_events.empty()) {
        const double v = at_flag("--dbox-events", [&] { return parse_percent(a.dbox_events); });
        if (!(v >= 0.0 && v <= 10.0)) {
            throw InputError("--dbox-events", "\"" + a.dbox_events +
                                                  "\": expected enclosure events per D-box-year "
                                                  "from 0 % to 1000 %, such as \"1%\"");
        }
        r.dbox_events = v;
    }
    if (!a.fill.empty()) {
        r.fill = flag_percent(a.fill, "--fill", "the share of the drives holding data", true);
    }
    if (!a.rebuild_share.empty()) {
        r.rebuild_share = flag_percent(a.rebuild_share, "--rebuild-share",
                                       "the share of the backend given to rebuilds", true);
    }
    if (!a.outage.empty()) {
        r.outage = at_least_zero<Duration>(a.outage, "--outage");
        if (r.outage->base() > kSecondsPerYear) {
            throw InputError("--outage",
                             "\"" + a.outage + "\": expected an outage of at most a year");
        }
    }
    if (!a.wan.empty()) {
        s.cloud.wan = flag_above_zero<Throughput>(a.wan, "--wan");
    }
    if (!a.dataset.empty()) {
        r.dataset = at_least_zero<Capacity>(a.dataset, "--dataset");
    }
}

int run_resilience(const GlobalOptions& g, const ResilienceArgs& a) {
    const Format format = parse_format(g.format);
    Diagnostics diag;
    Catalog catalog = load_catalog(g, diag); // plus the scenario's own entries
    Scenario scenario = read_scenario(a.scenario, catalog, diag);
    apply_flags(a, scenario);
    SizingResult sized;
    try {
        sized = size_scenario(scenario, catalog);
    } catch (const InputError& e) {
        throw e.located(a.scenario);
    }
    std::vector<ResilienceColumn> cols;
    for (const Design& d : sized.designs) {
        if (!d.resilience) {
            throw InputError(a.afr.empty() ? "--afr" : a.scenario,
                             "D-box " + d.dbox_model +
                                 " gives no drive_afr; expected an annual failure rate such "
                                 "as --afr 0.5% (or resilience.afr in the scenario)");
        }
        cols.push_back({&d, *d.resilience});
    }
    const ResilienceInputs in = resilience_inputs(scenario, catalog);
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
    cmd->add_option("--dbox-events", a->dbox_events,
                    "Events a year per D-box that take its drives offline until rebuilt, e.g. 1% "
                    "(default: the D-box's dbox_events_per_year)");
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
