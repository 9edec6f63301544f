#include "podsizer/core/fleet.hpp"

#include "podsizer/core/counting.hpp"
#include "podsizer/core/errors.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace podsizer {

FleetPlan plan_fleet(const Fleet& fleet) {
    if (fleet.gpus < 1 || fleet.sites < 1 || fleet.gpus_per_cluster < 0) {
        throw InputError("$.fleet", "expected at least one GPU and one site");
    }
    FleetPlan p;
    p.platform = fleet.platform;
    p.gpus = fleet.gpus;
    p.sites = fleet.sites;
    p.gpus_per_cluster = fleet.pod_gpus();
    p.clusters = (p.gpus + p.gpus_per_cluster - 1) / p.gpus_per_cluster;
    p.last_cluster_gpus = p.gpus - (p.clusters - 1) * p.gpus_per_cluster;

    const std::int64_t base = p.clusters / p.sites;
    const std::int64_t extra = p.clusters % p.sites;
    p.clusters_per_site = base + (extra > 0 ? 1 : 0);
    std::int64_t cluster = 0; // clusters handed out so far
    for (int i = 0; i < p.sites; ++i) {
        FleetSite s;
        s.index = i + 1;
        s.clusters = base + (i < extra ? 1 : 0);
        for (std::int64_t k = 0; k < s.clusters; ++k, ++cluster) {
            s.gpus += cluster == p.clusters - 1 ? p.last_cluster_gpus : p.gpus_per_cluster;
        }
        p.site_plan.push_back(s);
    }
    // Clusters are handed out in order, so the partial one (the last) sits at
    // the last site that has any.
    if (p.last_cluster_gpus != p.gpus_per_cluster) {
        p.findings.push_back(
            {FindingCode::partial_cluster,
             "the last cluster has " + format_number(static_cast<double>(p.last_cluster_gpus)) +
                 " GPUs, not " + format_number(static_cast<double>(p.gpus_per_cluster)) +
                 "; its pod is sized like the others"});
    }
    if (p.clusters < p.sites) {
        p.findings.push_back({FindingCode::empty_sites,
                              fmt::format("{} clusters for {} sites: {} sites get no cluster",
                                          p.clusters, p.sites, p.sites - p.clusters)});
    }
    return p;
}

FleetStorage fleet_storage(const FleetPlan& plan, const Design& pod) {
    FleetStorage s;
    s.design = pod.name;
    s.pods = plan.clusters;
    s.pod_usable = pod.usable;
    for (const FleetSite& site : plan.site_plan) {
        s.usable_per_site.push_back(pods_total(pod.usable, site.clusters));
        s.racks_per_site.push_back(pods_total(pod.racks, site.clusters));
        s.power_per_site.push_back(pods_total(pod.power, site.clusters));
    }
    s.usable = pods_total(pod.usable, s.pods);
    s.racks = pods_total(pod.racks, s.pods);
    s.power = pods_total(pod.power, s.pods);
    s.read = pods_total(pod.read, s.pods);
    s.write = pods_total(pod.write, s.pods);
    return s;
}

FleetSplit split_fleet(const Scenario& scenario, const std::vector<Design>& sized) {
    FleetSplit out;
    if (!scenario.fleet) {
        return out;
    }
    out.plan = plan_fleet(*scenario.fleet);
    for (std::size_t i = 0; i < sized.size(); ++i) {
        // Without options the engine sizes one automatic per-pod option.
        const bool per_pod = scenario.options.empty()
                                 ? i == 0
                                 : i < scenario.options.size() && scenario.options[i].per_pod();
        out.storage.push_back(per_pod
                                  ? std::optional<FleetStorage>(fleet_storage(*out.plan, sized[i]))
                                  : std::nullopt);
    }
    return out;
}

} // namespace podsizer
