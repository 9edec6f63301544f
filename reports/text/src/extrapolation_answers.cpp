#include "extrapolation_answers.hpp"

#include "podsizer/core/number_text.hpp"
#include "podsizer/core/units.hpp"

#include <fmt/format.h>
#include <string>
#include <vector>

namespace podsizer::detail {

namespace {

struct Answer {
    std::string design;
    std::string question;
    std::int64_t pods = 0;
    Capacity usable;
    std::int64_t racks = 0;
    std::string assumes;
};

std::string n(std::int64_t v) {
    return format_number(static_cast<double>(v));
}

std::string pb(Capacity c) {
    return format_in(c, units::PB, 1);
}

/// The fleet's answer: how far it is from the target, and what closes the gap.
std::string fleet_assumes(const FleetPlan& plan, const FleetStorage& f, const Extrapolation& e) {
    std::string out = fmt::format(
        "one pod per training cluster ({} clusters of {} GPUs over {} site{})", n(plan.clusters),
        n(plan.gpus_per_cluster), plan.sites, plan.sites == 1 ? "" : "s");
    const double share = f.usable / e.target;
    if (share >= 1.0 - e.tolerance) {
        return out + "; it reaches the target";
    }
    const std::int64_t more = e.pods - f.pods;
    out += "; " + percent_text(1.0 - share) + " short of " + pb(e.target);
    if (more > 0) {
        out += ": " + n(more) + (more == 1 ? " pod" : " pods") +
               " more than clusters, or larger pods, reach it";
    }
    return out;
}

std::vector<Answer> answers(const ScenarioExtrapolation& x) {
    std::vector<Answer> out;
    if (!x.fleet) {
        return out;
    }
    for (std::size_t i = 0; i < x.extrapolations.size() && i < x.fleet_storage.size(); ++i) {
        if (!x.fleet_storage[i]) {
            continue; // not a per-pod design: its one column is its one answer
        }
        const Extrapolation& e = x.extrapolations[i];
        const FleetStorage& f = *x.fleet_storage[i];
        const std::string pod = "pods of " + pb(e.pod_usable) + ", each sized for one cluster";
        out.push_back({e.design, "whole pods to reach " + pb(e.target), e.pods, e.usable, e.racks,
                       pod + ", wherever they stand; within the " + percent_text(e.tolerance) +
                           " tolerance"});
        out.push_back({e.design, "the fleet as planned", f.pods, f.usable, f.racks,
                       fleet_assumes(*x.fleet, f, e)});
        if (e.single_namespace && e.pods > 1) {
            const Design& d = *e.single_namespace;
            out.push_back({e.design, "one namespace of " + pb(e.target), 1, d.usable, d.racks,
                           "one system of the pod's hardware at the pod's C:D ratio (" +
                               n(d.cnodes) + " C-nodes, " + n(d.dboxes) + " D-boxes)"});
        }
    }
    return out;
}

} // namespace

Grid answers_grid(const ScenarioExtrapolation& x) {
    Grid g;
    g.header = {"Question", "Assumes", "Pods", "Usable capacity (PB)", "Racks"};
    g.numeric_from = 2;
    for (const Answer& a : answers(x)) {
        g.rows.push_back({a.design + ": " + a.question, a.assumes, n(a.pods),
                          format_number(in(a.usable, units::PB), 1), n(a.racks)});
    }
    return g;
}

ojson answers_json(const ScenarioExtrapolation& x) {
    ojson out = ojson::array();
    for (const Answer& a : answers(x)) {
        out.push_back({{"design", a.design},
                       {"question", a.question},
                       {"pods", a.pods},
                       {"usable_capacity_bytes", a.usable.base()},
                       {"racks", a.racks},
                       {"assumes", a.assumes}});
    }
    return out;
}

} // namespace podsizer::detail
