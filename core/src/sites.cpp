#include "podsizer/core/sites.hpp"

#include "podsizer/core/engine.hpp"
#include "site_replication.hpp"
#include "site_scenario.hpp"

#include <algorithm>

namespace podsizer {

namespace detail {

/// The first design sized for one pod (fleet.cpp's split_fleet rule), or -1.
int first_per_pod(const Scenario& s, const SizingResult& sized) {
    if (sized.designs.empty()) {
        return -1;
    }
    if (s.options.empty()) {
        return 0;
    }
    for (std::size_t i = 0; i < s.options.size() && i < sized.designs.size(); ++i) {
        if (s.options[i].per_pod()) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

/// The one-site scenario a site with its own needs is sized as
/// (docs/sites-and-phases.md, "A site's own needs"): the scenario with the
/// site's platform, GPUs, needs and rack, for one of its `pods`.
Scenario site_scenario(const Scenario& s, const SiteSpec& spec, int option, std::int64_t pod_gpus,
                       std::int64_t pods) {
    Scenario one = s;
    Fleet& f = *one.fleet;
    f.platform = spec.platform.empty() ? s.fleet->platform : spec.platform;
    f.gpus = pod_gpus;
    f.sites = 1;
    f.gpus_per_cluster = 0;
    f.site_list.clear();
    one.phases.clear();
    one.extrapolation.reset();
    one.comparisons.clear();
    if (spec.usable) {
        one.capacity = CapacitySpec{.usable = *spec.usable / static_cast<double>(pods),
                                    .usable_per_gpu = std::nullopt};
    } else if (s.capacity.usable) {
        // The scenario's need is stated for one pod of fleet.pod_gpus() GPUs.
        one.capacity.usable = *s.capacity.usable * (static_cast<double>(pod_gpus) /
                                                    static_cast<double>(s.fleet->pod_gpus()));
    }
    if (spec.own_performance()) {
        PerformanceSpec p;
        p.rule = spec.rule;
        p.read_per_gpu = spec.read_per_gpu;
        p.write_per_gpu = spec.write_per_gpu;
        if (!spec.workload.empty()) {
            WorkloadUse w;
            w.id = spec.workload;
            p.workloads = {w};
        }
        one.performance = p;
    }
    if (spec.size_for) {
        one.constraints.size_for = *spec.size_for;
    }
    if (!spec.rack.empty()) {
        one.constraints.rack = spec.rack;
    }
    if (!s.options.empty()) {
        one.options = {s.options[static_cast<std::size_t>(option)]};
        if (!spec.rack.empty()) {
            one.options.front().rack.clear();
        }
    }
    return one;
}

} // namespace detail

using detail::first_per_pod;
using detail::site_scenario;

SitePods site_pods(const SiteSpec& spec, const Fleet& fleet) {
    SitePods p;
    const std::int64_t per_cluster = fleet.pod_gpus();
    p.own = spec.own_needs() || fleet.gpus_per_cluster <= 0;
    p.gpus = spec.gpus > 0 ? spec.gpus : spec.clusters * per_cluster;
    if (p.own) {
        p.pods = spec.clusters > 0 ? spec.clusters : 1;
        p.pod_gpus = (p.gpus + p.pods - 1) / p.pods;
    } else {
        p.pods = spec.clusters > 0 ? spec.clusters : (p.gpus + per_cluster - 1) / per_cluster;
        p.pod_gpus = per_cluster;
    }
    return p;
}

namespace {

/// "1 × 29 per pod", and the replica store's racks when the site holds one.
std::string racks_breakdown(const SiteStorage& site) {
    std::string t = figure::grouped(site.clusters).text() + " × " +
                    figure::grouped(site.pod_racks).text() + " per pod";
    if (site.replica) {
        t += " and " + figure::grouped(site.replica->racks).text() + " for the replica store";
    }
    return t;
}

void check_racks(SiteStorage& site) {
    if (!site.max_racks || site.racks <= *site.max_racks) {
        return;
    }
    // What it would take: more racks, or what sets a pod's racks.
    if (site.pod_racks_for_power > site.pod_racks_for_space) {
        site.findings.push_back(
            Finding(FindingCode::site_racks,
                    "site {}: needs {} racks ({}), more than the {} it has room for (on space "
                    "alone a pod needs {} racks)",
                    figure::text(site.name), figure::grouped(site.racks),
                    figure::text(racks_breakdown(site)), figure::grouped(*site.max_racks),
                    figure::grouped(site.pod_racks_for_space))
                .with_hint("raise max_racks to {1}, or give the site racks with a larger power "
                           "budget"));
    } else {
        site.findings.push_back(
            Finding(FindingCode::site_racks,
                    "site {}: needs {} racks ({}), more than the {} it has room for",
                    figure::text(site.name), figure::grouped(site.racks),
                    figure::text(racks_breakdown(site)), figure::grouped(*site.max_racks))
                .with_hint("raise max_racks to {1}, or use a denser D-box"));
    }
}

void check_wan(SiteStorage& site) {
    if (!site.wan || site.wan_out() <= *site.wan) {
        return;
    }
    if (site.replication_write.base() > 0.0 && site.offsite_write.base() == 0.0) {
        site.findings.push_back(
            Finding(FindingCode::site_wan,
                    "site {}: the checkpoint copies to site {} need {} of WAN, the site's is {}",
                    figure::text(site.name), figure::text(site.replicate_to),
                    figure::in(site.replication_write, units::Gbps, 0),
                    figure::in(*site.wan, units::Gbps, 0)));
        return;
    }
    if (site.replication_write.base() > 0.0) {
        site.findings.push_back(Finding(
            FindingCode::site_wan,
            "site {}: the checkpoints' offsite copies ({}) and the checkpoint copies to site {} "
            "({}) need {} of WAN, the site's is {}",
            figure::text(site.name), figure::in(site.offsite_write, units::Gbps, 0),
            figure::text(site.replicate_to), figure::in(site.replication_write, units::Gbps, 0),
            figure::in(site.wan_out(), units::Gbps, 0), figure::in(*site.wan, units::Gbps, 0)));
        return;
    }
    site.findings.push_back(
        Finding(FindingCode::site_wan,
                "site {}: the checkpoints' offsite copies need {} of WAN, the site's is {}",
                figure::text(site.name), figure::in(site.offsite_write, units::Gbps, 0),
                figure::in(*site.wan, units::Gbps, 0)));
}

void check_limits(SiteStorage& site, const Design& pod) {
    check_racks(site);
    if (site.max_power && site.power > *site.max_power) {
        const std::string store = site.replica
                                      ? "; the replica store draws " +
                                            figure::in(site.replica->power, units::kW, 1).text()
                                      : std::string();
        site.findings.push_back(
            Finding(FindingCode::site_power,
                    "site {}: needs {} of IT power ({} basis), more than the {} the site allows "
                    "(the pod draws {}{})",
                    figure::text(site.name), figure::in(site.power, units::kW, 1),
                    figure::text(std::string(to_string(pod.constraints.power_basis))),
                    figure::in(*site.max_power, units::kW, 1),
                    figure::in(pod.basis_power(), units::kW, 1), figure::text(store))
                .with_hint("raise max_power to {1}, or lower the headroom or the C-node count"));
    }
    check_wan(site);
    if (site.replica) {
        site.findings.insert(site.findings.end(), site.replica->findings.begin(),
                             site.replica->findings.end());
    }
}

/// The figures a site takes from its pod: its `clusters` pods' counts,
/// capacity, power and throughput, and the needs and verdict they got.
void pod_figures(SiteStorage& s, const Design& pod) {
    const auto n = static_cast<double>(s.clusters);
    s.pod_racks = pod.racks;
    s.pod_racks_for_space = pod.racks_for_space;
    s.pod_racks_for_power = pod.racks_for_power;
    s.racks = pod.racks * s.clusters;
    s.cnodes = pod.cnodes * s.clusters;
    s.dboxes = pod.dboxes * s.clusters;
    s.switches = pod.switches() * s.clusters;
    s.usable = pod.usable * n;
    s.power = pod.basis_power() * n;
    s.facility_power = s.power * s.pue;
    s.read = pod.read * n;
    s.write = pod.write * n;
    s.offsite_write = pod.requirements.checkpoints.offsite_write * n;
    s.usable_need = pod.requirements.usable * n;
    s.read_need = pod.requirements.read * n;
    s.write_need = pod.requirements.write * n;
    s.size_for = pod.constraints.size_for;
    s.verdict = pod.verdict.status;
    s.verdict_cell = verdict_cell_text(pod.verdict);
}

/// A site's storage: `clusters` pods of `pod` for its `gpus`.
SiteStorage site_storage(const SiteSpec& spec, std::int64_t gpus, std::int64_t clusters,
                         const Design& pod, const std::string& rack, double scenario_pue) {
    SiteStorage s;
    s.name = spec.name;
    s.gpus = gpus;
    s.clusters = clusters;
    s.rack = rack;
    s.max_racks = spec.max_racks;
    s.max_power = spec.max_power;
    s.max_it_power = spec.max_it_power;
    s.pue = spec.pue.value_or(scenario_pue);
    s.wan = spec.wan;
    pod_figures(s, pod);
    return s;
}

/// The scenario of one pod of option `i` laid out in `rack`: the option in
/// a scenario of one site whose rack is the site's (the rest unchanged).
Scenario pod_scenario(const Scenario& s, int i, const std::string& rack) {
    Scenario one = s;
    one.fleet->site_list.clear();
    one.fleet->sites = 1;
    one.phases.clear();
    one.constraints.rack = rack;
    if (!s.options.empty()) {
        one.options = {s.options[static_cast<std::size_t>(i)]};
        one.options.front().rack.clear();
    }
    return one;
}

/// Other sites' copies held in the site's own system (docs/sites-and-phases.md,
/// "Replication between sites"): each pod sized again with its share of the
/// copies' capacity and arriving write added to its needs.
void hold_in_system(SiteStorage& site, SiteReplica store, const Scenario& s, const Catalog& cat,
                    const SiteSpec& spec, int option, Design& pod) {
    const auto n = static_cast<double>(site.clusters);
    const AddedNeed added{store.need() / n, store.inbound / n,
                          "the copies arriving from other sites"};
    const Scenario one = site.own ? site_scenario(s, spec, option, site.pod_gpus, site.clusters)
                                  : pod_scenario(s, option, site.rack);
    pod = size_scenario(one, cat, added).designs.front();
    pod_figures(site, pod);
    store.usable = store.need();
    store.write = store.inbound;
    site.replica = std::move(store);
}

/// The GPUs' draw at the site: GPUs / GPUs per SU × the SU's power (the
/// platform's catalog figure, docs/extrapolation-and-comparison.md "Freed
/// power in GPUs"); empty when the catalog gives the platform no power.
std::optional<Power> gpu_draw(const Catalog& cat, const std::string& platform, std::int64_t gpus) {
    const GpuPlatform* p = cat.platform(platform);
    if (p == nullptr || p->power_per_su.base() <= 0.0 || p->gpus_per_su <= 0) {
        return std::nullopt;
    }
    return p->power_per_su * (static_cast<double>(gpus) / p->gpus_per_su);
}

/// The site's whole IT power: its GPUs' draw and its storage's against
/// max_it_power. Without the GPUs' draw the limit has no basis: named, not passed.
void check_it_power(SiteStorage& site) {
    if (!site.max_it_power) {
        return;
    }
    if (!site.gpu_power) {
        site.findings.push_back(Finding(
            FindingCode::site_it_power_unknown,
            "site {}: its IT power limit of {} is not checked: the catalog gives platform {} no "
            "power per scalable unit, so the GPUs' draw is unknown (the storage draws {})",
            figure::text(site.name), figure::in(*site.max_it_power, units::MW, 2),
            figure::text(site.platform), figure::in(site.power, units::kW, 1)));
        return;
    }
    const Power total = *site.gpu_power + site.power;
    if (total <= *site.max_it_power) {
        return;
    }
    site.findings.push_back(Finding(
        FindingCode::site_it_power,
        "site {}: its {} GPUs ({}) draw {} and its storage {}: {} of IT power, above the site's "
        "limit of {}",
        figure::text(site.name), figure::grouped(site.gpus), figure::text(site.platform),
        figure::in(*site.gpu_power, units::MW, 2), figure::in(site.power, units::MW, 2),
        figure::in(total, units::MW, 2), figure::in(*site.max_it_power, units::MW, 2)));
}

/// The site's storage against its own needs: short is an error at the site,
/// as any design's short verdict is (docs/model.md §15).
void check_verdict(SiteStorage& site, const Design& pod) {
    if (site.verdict != VerdictStatus::short_) {
        return;
    }
    site.findings.push_back(Finding(FindingCode::site_short, "site {}: its storage is short: {}",
                                    figure::text(site.name),
                                    figure::text(verdict_sentence(pod.verdict, pod))));
}

/// A site sized as its own system: one pod for its GPUs, or one per cluster
/// it gives.
SiteStorage own_site(const Scenario& s, const Catalog& cat, const SiteSpec& spec, int option,
                     Design& pod) {
    const Fleet& fleet = *s.fleet;
    const SitePods p = site_pods(spec, fleet);
    pod = size_scenario(site_scenario(s, spec, option, p.pod_gpus, p.pods), cat).designs.front();
    SiteStorage site = site_storage(spec, p.gpus, p.pods, pod, pod.rack_model, s.constraints.pue);
    site.own = true;
    site.pod_gpus = p.pod_gpus;
    if (!spec.usable && s.capacity.usable && p.pod_gpus != fleet.pod_gpus()) {
        site.findings.push_back(
            Finding(FindingCode::site_usable_share,
                    "site {}: no usable need of its own; it gets {} per pod, the scenario's {} "
                    "for {} GPUs scaled to the pod's {} GPUs",
                    figure::text(site.name),
                    figure::in(pod.requirements.usable_target, units::PB, 1),
                    figure::in(*s.capacity.usable, units::PB, 1), figure::grouped(fleet.pod_gpus()),
                    figure::grouped(p.pod_gpus))
                .with_hint("capacity.usable scaled; the site's own usable sets it"));
    }
    return site;
}

/// A site of the identical-pods form: one pod per training cluster.
SiteStorage pods_site(const SiteSpec& spec, const Fleet& fleet, const Design& pod,
                      const std::string& rack, double pue) {
    const SitePods p = site_pods(spec, fleet);
    SiteStorage site = site_storage(spec, p.gpus, p.pods, pod, rack, pue);
    site.pod_gpus = p.pod_gpus;
    if (p.pods * p.pod_gpus != p.gpus) {
        site.findings.push_back(
            Finding(FindingCode::partial_cluster,
                    "site {}: its {} GPUs get {} × a pod sized for {} GPUs, one pod per training "
                    "cluster",
                    figure::text(site.name), figure::grouped(p.gpus), figure::grouped(p.pods),
                    figure::grouped(p.pod_gpus))
                .with_hint("fleet.gpus_per_cluster; give the site its own usable and "
                           "performance to size a system for its GPUs"));
    }
    return site;
}

} // namespace

bool SiteStorage::fits() const {
    return std::none_of(findings.begin(), findings.end(),
                        [](const Finding& f) { return f.severity() == Severity::error; });
}

bool SitePlan::fits() const {
    return std::all_of(sites.begin(), sites.end(), [](const SiteStorage& s) { return s.fits(); });
}

std::optional<SitePlan> size_sites(const Scenario& scenario, const Catalog& catalog,
                                   const SizingResult& sized) {
    const int i = first_per_pod(scenario, sized);
    if (!scenario.fleet || scenario.fleet->site_list.empty() || i < 0) {
        return std::nullopt;
    }
    const Design& pod = sized.designs[static_cast<std::size_t>(i)];
    const std::string& own = pod.rack_model;
    SitePlan plan;
    plan.design = pod.name;
    std::vector<Design> pods;
    for (const SiteSpec& spec : scenario.fleet->site_list) {
        // Without a cluster size the scenario's pod is the whole fleet: each
        // site then gets a system for its own GPUs (issue 49).
        if (site_pods(spec, *scenario.fleet).own) {
            pods.emplace_back();
            plan.sites.push_back(own_site(scenario, catalog, spec, i, pods.back()));
            plan.own_needs = true;
        } else {
            const bool other_rack = !spec.rack.empty() && spec.rack != own;
            pods.push_back(
                other_rack
                    ? size_scenario(pod_scenario(scenario, i, spec.rack), catalog).designs.front()
                    : pod);
            plan.sites.push_back(pods_site(spec, *scenario.fleet, pods.back(),
                                           other_rack ? spec.rack : own, scenario.constraints.pue));
        }
        SiteStorage& site = plan.sites.back();
        site.platform = spec.platform.empty() ? scenario.fleet->platform : spec.platform;
        site.gpu_power = gpu_draw(catalog, site.platform, site.gpus);
        plan.it_power = plan.it_power || spec.max_it_power.has_value();
    }
    // The copies a site receives: in its own system (its pods sized with
    // them), or a replica store of their own that counts against the site's
    // limits like its pods.
    std::vector<std::optional<SiteReplica>> stores =
        detail::replication_stores(plan, scenario, pods);
    const std::vector<SiteSpec>& specs = scenario.fleet->site_list;
    for (std::size_t k = 0; k < plan.sites.size(); ++k) {
        if (!stores[k]) {
            continue;
        }
        if (stores[k]->separate) {
            detail::hold_separately(plan.sites[k], std::move(*stores[k]), scenario, catalog,
                                    pods[k], i);
        } else {
            hold_in_system(plan.sites[k], std::move(*stores[k]), scenario, catalog, specs[k], i,
                           pods[k]);
        }
    }
    for (std::size_t k = 0; k < plan.sites.size(); ++k) {
        plan.sites[k].pod = std::make_shared<const Design>(pods[k]);
        check_limits(plan.sites[k], pods[k]);
        check_it_power(plan.sites[k]);
        const bool resized = plan.sites[k].replica && !plan.sites[k].replica->separate;
        if (plan.sites[k].own || resized) {
            check_verdict(plan.sites[k], pods[k]);
        }
    }
    return plan;
}

} // namespace podsizer
