#include "podsizer/core/extrapolation.hpp"

#include "podsizer/core/counting.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/erasure_coding.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/resilience.hpp"
#include "podsizer/core/text.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace podsizer {

namespace {

std::string pb(Capacity c) {
    return format_in(c, units::PB, 1);
}

} // namespace

double parse_tolerance(std::string_view text, const std::string& where) {
    double t = 0.0;
    try {
        t = parse_percent(text);
    } catch (const InputError& e) {
        throw e.located(where);
    }
    if (!(t >= 0.0) || t > kMaxTolerance + kSlack) {
        throw InputError(where, "\"" + std::string(text) +
                                    "\" is outside 0 % to 50 %; expected a tolerance such as "
                                    "\"10%\" (how far short of the target still counts)");
    }
    return t;
}

Capacity parse_target(std::string_view text, const std::string& where) {
    Capacity c;
    try {
        c = parse<Capacity>(text);
    } catch (const InputError& e) {
        throw e.located(where);
    }
    if (!(c.base() > 0.0)) {
        throw InputError(where, "the target must be greater than zero; expected a capacity such "
                                "as \"1 EB\"");
    }
    return c;
}

Extrapolation extrapolate_pods(const Design& pod, const ExtrapolationSpec& spec) {
    if (!(spec.target.base() > 0.0)) {
        throw InputError("$.extrapolation.target", "the target must be greater than zero");
    }
    if (!(spec.tolerance >= 0.0) || spec.tolerance > kMaxTolerance + kSlack) {
        throw InputError("$.extrapolation.tolerance", "must be from 0 % to 50 %");
    }
    if (!(pod.usable.base() > 0.0)) {
        throw InputError(pod.name, "the design has no usable capacity to grow to a target");
    }
    Extrapolation e;
    e.design = pod.name;
    e.target = spec.target;
    e.tolerance = spec.tolerance;
    e.pod_usable = pod.usable;
    e.pods_exact = spec.target / pod.usable;
    // The brief's rule of thumb: "10 % short of an EB is still an EB". The
    // whole number is the fewest pods reaching target × (1 − tolerance).
    const Capacity enough = spec.target * (1.0 - spec.tolerance);
    e.pods_within_tolerance = enough / pod.usable;
    e.pods = std::max<std::int64_t>(1, ceil_to_count(e.pods_within_tolerance));

    e.cnodes = pods_total(pod.cnodes, e.pods);
    e.dboxes = pods_total(pod.dboxes, e.pods);
    e.racks = pods_total(pod.racks, e.pods);
    e.racks_fit = pod.racks_fit;
    e.raw = pods_total(pod.raw, e.pods);
    e.usable = pods_total(pod.usable, e.pods);
    e.read = pods_total(pod.read, e.pods);
    e.write = pods_total(pod.write, e.pods);
    e.power = pods_total(pod.power, e.pods);
    e.coverage = e.usable / spec.target;
    if (std::max({e.pods, e.cnodes, e.dboxes, e.racks}) >= kCountCap) {
        e.findings.push_back({FindingCode::too_large, "more devices than can be counted to reach " +
                                                          pb(spec.target) + " in pods of " +
                                                          pb(pod.usable) + " — check the target"});
    }

    const std::string tol = percent_text(spec.tolerance);
    if (!meets(e.usable.base(), spec.target.base())) {
        e.findings.push_back(
            {FindingCode::short_within_tolerance,
             fmt::format("{} pods give {}, {} short of {}: within the {} tolerance", e.pods,
                         pb(e.usable), percent_text(1.0 - e.coverage), pb(spec.target), tol)});
    }
    if (e.pods > 1) {
        const Capacity fewer = pods_total(pod.usable, e.pods - 1);
        e.findings.push_back(
            {FindingCode::one_pod_fewer,
             fmt::format("{} pods would give {}, {} short of {}: outside the {} tolerance",
                         e.pods - 1, pb(fewer), percent_text(1.0 - fewer / spec.target),
                         pb(spec.target), tol)});
    }
    if (e.pods_exact < 1.0) {
        e.findings.push_back(
            {FindingCode::pod_exceeds_target,
             "one pod (" + pb(pod.usable) + ") already exceeds " + pb(spec.target)});
    }
    return e;
}

Design grow_single_namespace(const Design& pod, Capacity target, const Catalog& catalog,
                             const Constraints& constraints, double data_reduction) {
    const HardwareChoice hw = resolve_hardware(catalog, pod.cnode_model, pod.dbox_model,
                                               pod.drive_size, pod.rack_model, pod.switch_model);
    // The pod's layout, when it was asked for by name, carries over.
    Constraints cons = constraints;
    if (!pod.ec_layout_auto) {
        cons.layout = pod.ec_layout;
        cons.rack_resilient = false;
    }
    const std::int64_t dboxes = std::max<std::int64_t>(
        std::max(1, hw.ec->min_dboxes),
        dboxes_for_capacity(*hw.dbox, hw.drive, target, *hw.ec, cons.effective_layout()));
    // C-nodes to match: the pod's C:D ratio, so the namespace keeps the pod's
    // balance between frontend and backend; rounding up never takes it past
    // the knee (827 D-boxes at 2.5:1 are 2,067.5 C-nodes, and 2,067 is the knee).
    const double c_per_d =
        pod.dboxes > 0 ? static_cast<double>(pod.cnodes) / static_cast<double>(pod.dboxes) : 1.0;
    const auto dd = static_cast<double>(dboxes);
    std::int64_t cnodes = ceil_to_count(dd * c_per_d);
    if (!exceeds(c_per_d, saturation(hw))) {
        cnodes = std::min(cnodes, knee_cnodes(dboxes, saturation(hw)));
    }
    cnodes = std::max<std::int64_t>(1, cnodes);
    Requirements req;
    req.usable = target;
    req.usable_target = target;
    Design grown = build_design(pod.name + ", one namespace", hw, cnodes, dboxes, req, cons,
                                data_reduction, nullptr, true);
    const auto* option = std::get_if<FromOption>(&pod.origin);
    grown.origin = GrownToTarget{option ? std::optional(option->index) : std::nullopt, target};
    return grown;
}

bool ScenarioExtrapolation::all_feasible() const {
    return sizing.all_feasible() &&
           std::all_of(extrapolations.begin(), extrapolations.end(), [](const Extrapolation& e) {
               return !e.single_namespace || e.single_namespace->meets();
           });
}

ScenarioExtrapolation extrapolate_scenario(const Scenario& scenario, const Catalog& catalog,
                                           const ExtrapolationSpec& spec) {
    ScenarioExtrapolation out;
    out.scenario = scenario.name;
    out.spec = spec;
    out.sizing = size_scenario(scenario, catalog);
    // Each one namespace is a design of its own: its durability and risks
    // are assessed as the sized designs' are (issue 28 item 3).
    SizingResult grown;
    for (const Design& d : out.sizing.designs) {
        out.extrapolations.push_back(extrapolate_pods(d, spec));
        grown.designs.push_back(grow_single_namespace(d, spec.target, catalog, scenario.constraints,
                                                      scenario.data_reduction));
    }
    assess_designs(grown, catalog, resilience_inputs(scenario, catalog));
    for (std::size_t i = 0; i < grown.designs.size(); ++i) {
        out.extrapolations[i].single_namespace = std::move(grown.designs[i]);
    }
    FleetSplit split = split_fleet(scenario, out.sizing.designs);
    out.fleet = std::move(split.plan);
    out.fleet_storage = std::move(split.storage);
    if (!out.fleet) {
        // One entry per design either way (nullopt: no fleet).
        out.fleet_storage.assign(out.sizing.designs.size(), std::nullopt);
    }
    return out;
}

} // namespace podsizer
