// Phases by site (docs/sites-and-phases.md, "Phases by site"): a phase that
// names a site opens it or grows it, and each site grows on its own
// installed base by the rules of one system's phases (phases.cpp), sized as
// the site's one-site scenario (site_scenario.hpp).
#include "podsizer/core/counting.hpp"
#include "podsizer/core/phases.hpp"
#include "site_scenario.hpp"

#include <algorithm>
#include <map>

namespace podsizer {

namespace {

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
    return (a + b - 1) / b;
}

/// The site's own phases: those naming it, each for one of its pods; a site
/// no phase names stands at full size from the first phase.
std::vector<PhaseSpec> site_steps(const Scenario& s, const SiteSpec& spec, std::int64_t pods,
                                  std::vector<std::size_t>& at) {
    std::vector<PhaseSpec> out;
    for (std::size_t k = 0; k < s.phases.size(); ++k) {
        const PhaseSpec& p = s.phases[k];
        if (p.site != spec.name) {
            continue;
        }
        PhaseSpec one = p;
        one.site.clear();
        one.gpus = p.gpus > 0 ? ceil_div(p.gpus, pods) : 0;
        if (p.usable) {
            one.usable = *p.usable / static_cast<double>(pods);
        } else if (spec.usable) {
            one.usable = *spec.usable / static_cast<double>(pods);
        }
        out.push_back(one);
        at.push_back(k);
    }
    if (out.empty()) {
        PhaseSpec first = s.phases.front();
        first.site.clear();
        first.gpus = 0;
        first.usable =
            spec.usable ? std::optional(*spec.usable / static_cast<double>(pods)) : std::nullopt;
        out.push_back(first);
        at.push_back(0);
    }
    return out;
}

PhaseCounts operator+(const PhaseCounts& a, const PhaseCounts& b) {
    return {a.cnodes + b.cnodes, a.dboxes + b.dboxes, a.switches + b.switches, a.racks + b.racks};
}

PhaseCounts times(const PhaseCounts& c, std::int64_t n) {
    return {c.cnodes * n, c.dboxes * n, c.switches * n, c.racks * n};
}

/// A step of one pod as the site's: every count and figure times its pods.
PhaseStep scaled(PhaseStep step, std::int64_t pods) {
    const auto n = static_cast<double>(pods);
    step.gpus *= pods;
    step.required_usable = step.required_usable * n;
    step.required_read = step.required_read * n;
    step.required_write = step.required_write * n;
    step.needed = times(step.needed, pods);
    step.added = times(step.added, pods);
    step.total = times(step.total, pods);
    step.usable = step.usable * n;
    step.read = step.read * n;
    step.write = step.write * n;
    step.power = step.power * n;
    step.read_in_state = step.read_in_state * n;
    step.write_in_state = step.write_in_state * n;
    step.wan_out = step.wan_out * n;
    step.pods = pods;
    return step;
}

/// The site as it stands in a phase that does not change it: nothing added.
PhaseStep carried(PhaseStep step, const PhaseSpec& phase) {
    step.name = phase.name;
    step.date = phase.date;
    step.added = {};
    step.opens = false;
    step.findings.clear();
    return step;
}

} // namespace

std::vector<PhaseStep> phase_totals(const PhasePlan& plan) {
    if (!plan.by_site) {
        return plan.phases;
    }
    std::vector<PhaseStep> out;
    for (const PhaseStep& p : plan.phases) {
        if (out.empty() || out.back().name != p.name) {
            PhaseStep& t = out.emplace_back();
            t.name = p.name;
            t.date = p.date;
            t.state = p.state;
        }
        PhaseStep& t = out.back();
        t.gpus += p.gpus;
        t.required_usable += p.required_usable;
        t.required_read += p.required_read;
        t.required_write += p.required_write;
        t.needed = t.needed + p.needed;
        t.added = t.added + p.added;
        t.total = t.total + p.total;
        t.usable += p.usable;
        t.read += p.read;
        t.write += p.write;
        t.power += p.power;
        t.read_in_state += p.read_in_state;
        t.write_in_state += p.write_in_state;
        t.wan_out += p.wan_out;
        t.fabric_tiers = std::max(t.fabric_tiers, p.fabric_tiers);
    }
    return out;
}

bool phases_by_site(const Scenario& scenario) {
    return std::any_of(scenario.phases.begin(), scenario.phases.end(),
                       [](const PhaseSpec& p) { return !p.site.empty(); });
}

std::optional<PhasePlan> plan_site_phases(const Scenario& scenario, const Catalog& catalog,
                                          const SizingResult& sized) {
    const int option = detail::first_per_pod(scenario, sized);
    if (!phases_by_site(scenario) || !scenario.fleet || scenario.fleet->site_list.empty() ||
        option < 0) {
        return std::nullopt;
    }
    // Each site's steps, keyed by the scenario's phase index.
    std::vector<std::map<std::size_t, PhaseStep>> by_site;
    for (const SiteSpec& spec : scenario.fleet->site_list) {
        const detail::SitePods p = detail::site_pods(spec, *scenario.fleet);
        const std::int64_t pods = p.pods;
        std::vector<std::size_t> at;
        Scenario one = detail::site_scenario(scenario, spec, option, p.pod_gpus, pods);
        one.phases = site_steps(scenario, spec, pods, at);
        const std::optional<PhasePlan> grown = plan_phases(one, catalog);
        std::map<std::size_t, PhaseStep>& steps = by_site.emplace_back();
        for (std::size_t k = 0; k < at.size(); ++k) {
            PhaseStep step = scaled(grown->phases[k], pods);
            step.site = spec.name;
            step.opens = k == 0;
            for (Finding& f : step.findings) {
                f = f.about("site " + spec.name);
            }
            steps.emplace(at[k], std::move(step));
        }
    }
    PhasePlan plan;
    plan.design = sized.designs[static_cast<std::size_t>(option)].name;
    plan.by_site = true;
    // The matrix: every site open after a phase, changed by it or carried.
    for (std::size_t k = 0; k < scenario.phases.size(); ++k) {
        for (std::size_t i = 0; i < by_site.size(); ++i) {
            const auto& steps = by_site[i];
            const auto here = steps.find(k);
            if (here != steps.end()) {
                plan.phases.push_back(here->second);
                continue;
            }
            const auto before = steps.lower_bound(k);
            if (before != steps.begin()) {
                plan.phases.push_back(carried(std::prev(before)->second, scenario.phases[k]));
            }
        }
    }
    return plan;
}

} // namespace podsizer
