#include "podsizer/core/sites.hpp"

#include "podsizer/core/engine.hpp"
#include "site_replication.hpp"

#include <algorithm>

namespace podsizer {

namespace {

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

/// One pod of option `i` laid out in `rack`: the option sized again in a
/// scenario whose rack is the site's (the rest of the scenario unchanged).
Design pod_in_rack(const Scenario& s, const Catalog& cat, int i, const std::string& rack) {
    Scenario one = s;
    one.fleet->site_list.clear();
    one.fleet->sites = 1;
    one.phases.clear();
    one.constraints.rack = rack;
    if (!s.options.empty()) {
        one.options = {s.options[static_cast<std::size_t>(i)]};
        one.options.front().rack.clear();
    }
    return size_scenario(one, cat).designs.front();
}

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
        site.findings.push_back(Finding(
            FindingCode::site_racks,
            "site {}: needs {} racks ({}), max_racks {} allows {}; raise max_racks to {}, or give "
            "the site racks with a larger power budget (on space alone a pod needs {} racks)",
            figure::text(site.name), figure::grouped(site.racks),
            figure::text(racks_breakdown(site)), figure::grouped(*site.max_racks),
            figure::grouped(*site.max_racks), figure::grouped(site.racks),
            figure::grouped(site.pod_racks_for_space)));
    } else {
        site.findings.push_back(
            Finding(FindingCode::site_racks,
                    "site {}: needs {} racks ({}), max_racks {} allows {}; raise max_racks to {}, "
                    "or use a denser D-box",
                    figure::text(site.name), figure::grouped(site.racks),
                    figure::text(racks_breakdown(site)), figure::grouped(*site.max_racks),
                    figure::grouped(*site.max_racks), figure::grouped(site.racks)));
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
        site.findings.push_back(Finding(
            FindingCode::site_power,
            "site {}: needs {} of IT power ({} basis), max_power allows {}; raise max_power to "
            "{}, or lower the headroom or the C-node count (the pod draws {}{})",
            figure::text(site.name), figure::in(site.power, units::kW, 1),
            figure::text(std::string(to_string(pod.power_basis))),
            figure::in(*site.max_power, units::kW, 1), figure::in(site.power, units::kW, 1),
            figure::in(pod.basis_power(), units::kW, 1), figure::text(store)));
    }
    check_wan(site);
    if (site.replica) {
        site.findings.insert(site.findings.end(), site.replica->findings.begin(),
                             site.replica->findings.end());
    }
}

SiteStorage site_storage(const SiteSpec& spec, const Fleet& fleet, const Design& pod,
                         const std::string& rack, double scenario_pue) {
    SiteStorage s;
    s.name = spec.name;
    const std::int64_t per_cluster = fleet.pod_gpus();
    s.gpus = spec.gpus > 0 ? spec.gpus : spec.clusters * per_cluster;
    s.clusters = spec.clusters > 0 ? spec.clusters : (s.gpus + per_cluster - 1) / per_cluster;
    s.rack = rack;
    s.pod_racks = pod.racks;
    s.pod_racks_for_space = pod.racks_for_space;
    s.pod_racks_for_power = pod.racks_for_power;
    const auto n = static_cast<double>(s.clusters);
    s.racks = pod.racks * s.clusters;
    s.max_racks = spec.max_racks;
    s.cnodes = pod.cnodes * s.clusters;
    s.dboxes = pod.dboxes * s.clusters;
    s.switches = pod.switches() * s.clusters;
    s.usable = pod.usable * n;
    s.power = pod.basis_power() * n;
    s.max_power = spec.max_power;
    s.pue = spec.pue.value_or(scenario_pue);
    s.facility_power = s.power * s.pue;
    s.read = pod.read * n;
    s.write = pod.write * n;
    s.wan = spec.wan;
    s.offsite_write = pod.requirements.checkpoints.offsite_write * n;
    return s;
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
        const bool other_rack = !spec.rack.empty() && spec.rack != own;
        pods.push_back(other_rack ? pod_in_rack(scenario, catalog, i, spec.rack) : pod);
        plan.sites.push_back(site_storage(spec, *scenario.fleet, pods.back(),
                                          other_rack ? spec.rack : own, scenario.constraints.pue));
    }
    // A replica store counts against its site's limits like the site's pods.
    detail::add_replication(plan, scenario, catalog, i, pods);
    for (std::size_t k = 0; k < plan.sites.size(); ++k) {
        check_limits(plan.sites[k], pods[k]);
    }
    return plan;
}

} // namespace podsizer
