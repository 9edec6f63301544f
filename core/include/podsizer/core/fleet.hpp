// A GPU fleet split over sites and training clusters, and the storage that
// follows when one pod stands next to every cluster (docs/extrapolation-and-comparison.md §1-§2).
#pragma once

#include "podsizer/core/design.hpp"
#include "podsizer/core/scenario.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace podsizer {

struct FleetSite {
    int index = 1; ///< 1-based
    std::int64_t clusters = 0;
    std::int64_t gpus = 0;
};

struct FleetPlan {
    std::string platform;
    std::int64_t gpus = 0;
    int sites = 1;
    std::int64_t gpus_per_cluster = 0;
    std::int64_t clusters = 0;          ///< ceil(GPUs / GPUs per cluster)
    std::int64_t clusters_per_site = 0; ///< the most clusters any site holds
    std::int64_t last_cluster_gpus = 0; ///< GPUs in the last cluster (fewer when it is partial)
    std::vector<FleetSite> site_plan;   ///< clusters spread evenly (counts differ by at most one)
    std::vector<Finding> findings;
};

/// Clusters = ceil(GPUs / GPUs per cluster), spread over the sites so the
/// cluster counts differ by at most one; the first sites take the extra
/// clusters and the last cluster (a partial one) goes to the last site that
/// has any.
FleetPlan plan_fleet(const Fleet& fleet);

/// Storage for a fleet plan with one pod design next to every cluster.
struct FleetStorage {
    std::string design;
    std::int64_t pods = 0; ///< one per cluster
    Capacity pod_usable;
    std::vector<Capacity> usable_per_site;
    std::vector<std::int64_t> racks_per_site;
    std::vector<Power> power_per_site;
    Capacity usable;
    std::int64_t racks = 0;
    Power power;
    Throughput read; ///< aggregate over all pods
    Throughput write;
};

/// Every pod is the same design, also the pod of a partial last cluster
/// (conservative: the plan's findings say when that happens).
FleetStorage fleet_storage(const FleetPlan& plan, const Design& pod);

/// A sized scenario's fleet split: the plan, and per sized design (in order)
/// its storage when it is a per-pod design — an option without its own
/// capacity need or performance opt-out, or, without options, the one
/// automatic design. No plan when the scenario has no fleet.
struct FleetSplit {
    std::optional<FleetPlan> plan;
    std::vector<std::optional<FleetStorage>> storage;
};

FleetSplit split_fleet(const Scenario& scenario, const std::vector<Design>& sized);

} // namespace podsizer
