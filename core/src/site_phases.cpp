// Phases by site (docs/sites-and-phases.md, "Phases by site"): a phase that
// names a site opens it or grows it, and each site grows on its own
// installed base by the rules of one system's phases (phases.cpp), sized as
// the site's one-site scenario (site_scenario.hpp).
#include "podsizer/core/phases.hpp"
#include "site_scenario.hpp"

#include <algorithm>
#include <map>

namespace podsizer {

namespace {

/// The phase that opens a site: the first naming it; a site no phase names
/// is in service from the first.
std::size_t opening(const Scenario& s, const std::string& site) {
    for (std::size_t k = 0; k < s.phases.size(); ++k) {
        if (s.phases[k].site == site) {
            return k;
        }
    }
    return 0;
}

/// A site's copies held in another site's own system: what they add there
/// (their capacity and arriving write) and the phase the sender opens.
struct Copies {
    std::size_t opens = 0;
    Capacity usable;
    Throughput write;
};

/// The copies each site receives: their capacity and arriving write when
/// they go into its own system; none (only the sender's opening) when it
/// holds them in a separate replica store.
std::vector<std::vector<Copies>> copies_held(const Scenario& s, const SitePlan& sites) {
    std::vector<std::vector<Copies>> held(sites.sites.size());
    for (const SiteStorage& from : sites.sites) {
        for (std::size_t to = 0; to < sites.sites.size(); ++to) {
            const SiteStorage& site = sites.sites[to];
            if (from.replicate_to != site.name || !site.replica) {
                continue;
            }
            Copies& c = held[to].emplace_back();
            c.opens = opening(s, from.name);
            if (!site.replica->separate) {
                c.usable = from.copies_kept;
                c.write = from.replication_write;
            }
        }
    }
    return held;
}

/// The site's own phases: those naming it, each for one of its pods; a site
/// no phase names stands at full size from the first phase. A phase that
/// opens a site whose copies it holds grows it too, as it stood before.
std::vector<PhaseSpec> site_steps(const Scenario& s, const SiteSpec& spec, std::int64_t pods,
                                  const std::vector<Copies>& held, std::vector<std::size_t>& at) {
    std::map<std::size_t, PhaseSpec> steps;
    for (std::size_t k = 0; k < s.phases.size(); ++k) {
        const PhaseSpec& p = s.phases[k];
        if (p.site != spec.name) {
            continue;
        }
        PhaseSpec one = p;
        one.site.clear();
        one.gpus = p.gpus > 0 ? (p.gpus + pods - 1) / pods : 0; // per pod, rounded up
        if (p.usable) {
            one.usable = *p.usable / static_cast<double>(pods);
        } else if (spec.usable) {
            one.usable = *spec.usable / static_cast<double>(pods);
        }
        steps.emplace(k, one);
    }
    if (steps.empty()) {
        PhaseSpec first = s.phases.front();
        first.site.clear();
        first.gpus = 0;
        first.usable =
            spec.usable ? std::optional(*spec.usable / static_cast<double>(pods)) : std::nullopt;
        steps.emplace(0, first);
    }
    for (const Copies& c : held) {
        const auto before = steps.upper_bound(c.opens);
        if (before != steps.begin() && !steps.contains(c.opens)) {
            PhaseSpec grown = std::prev(before)->second;
            grown.name = s.phases[c.opens].name;
            grown.date = s.phases[c.opens].date;
            steps.emplace(c.opens, grown);
        }
    }
    std::vector<PhaseSpec> out;
    for (auto& [k, p] : steps) {
        at.push_back(k);
        out.push_back(std::move(p));
    }
    return out;
}

/// Each step's share per pod of the copies of the senders open by then.
std::vector<AddedNeed> added_needs(const std::vector<std::size_t>& at,
                                   const std::vector<Copies>& held, std::int64_t pods) {
    const auto n = static_cast<double>(pods);
    std::vector<AddedNeed> out(at.size());
    for (std::size_t j = 0; j < at.size(); ++j) {
        out[j].why = "the copies arriving from other sites";
        for (const Copies& c : held) {
            if (c.opens <= at[j]) {
                out[j].usable += c.usable / n;
                out[j].write += c.write / n;
            }
        }
    }
    return out;
}

PhaseCounts operator+(const PhaseCounts& a, const PhaseCounts& b) {
    return {a.cnodes + b.cnodes, a.dboxes + b.dboxes, a.switches + b.switches, a.racks + b.racks};
}

PhaseCounts times(const PhaseCounts& c, std::int64_t n) {
    return {c.cnodes * n, c.dboxes * n, c.switches * n, c.racks * n};
}

/// The separate replica store, built in the first phase a sender is open
/// at and standing from then: the step's counts and power with it.
void with_store(std::vector<PhaseStep>& steps, const std::vector<std::size_t>& at,
                const std::vector<Copies>& held, const SiteStorage& site) {
    if (held.empty() || !site.replica || !site.replica->separate || !site.replica->design) {
        return;
    }
    std::size_t from = at.back() + 1;
    for (const Copies& c : held) {
        from = std::min(from, c.opens);
    }
    const SiteReplica& r = *site.replica;
    const PhaseCounts counts{r.cnodes, r.dboxes, r.switches, r.racks};
    bool built = false;
    for (std::size_t j = 0; j < steps.size(); ++j) {
        if (at[j] < from) {
            continue;
        }
        PhaseStep& step = steps[j];
        step.store = r.design;
        step.store_added = !built;
        step.total = step.total + counts;
        step.added = built ? step.added : step.added + counts;
        step.power += r.power;
        built = true;
    }
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
    step.store_added = false;
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
                                          const SizingResult& sized, const SitePlan& sites) {
    const int option = detail::first_per_pod(scenario, sized);
    if (!phases_by_site(scenario) || !scenario.fleet || scenario.fleet->site_list.empty() ||
        option < 0) {
        return std::nullopt;
    }
    // Each site's steps, keyed by the scenario's phase index.
    std::vector<std::map<std::size_t, PhaseStep>> by_site;
    const std::vector<std::vector<Copies>> held = copies_held(scenario, sites);
    for (std::size_t i = 0; i < scenario.fleet->site_list.size(); ++i) {
        const SiteSpec& spec = scenario.fleet->site_list[i];
        const SitePods p = site_pods(spec, *scenario.fleet);
        const std::int64_t pods = p.pods;
        std::vector<std::size_t> at;
        Scenario one = detail::site_scenario(scenario, spec, option, p.pod_gpus, pods);
        one.phases = site_steps(scenario, spec, pods, held[i], at);
        const std::optional<PhasePlan> grown =
            plan_phases(one, catalog, added_needs(at, held[i], pods));
        std::vector<PhaseStep> site;
        for (std::size_t k = 0; k < at.size(); ++k) {
            PhaseStep& step = site.emplace_back(scaled(grown->phases[k], pods));
            step.site = spec.name;
            step.opens = k == 0;
            for (Finding& f : step.findings) {
                f = f.about("site " + spec.name);
            }
        }
        with_store(site, at, held[i], sites.sites[i]);
        std::map<std::size_t, PhaseStep>& steps = by_site.emplace_back();
        for (std::size_t k = 0; k < at.size(); ++k) {
            steps.emplace(at[k], std::move(site[k]));
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
