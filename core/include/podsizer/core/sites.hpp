// A fleet given as a list of sites, each sized within its own limits: the
// racks, IT power and WAN it has (docs/sites-and-phases.md §1).
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/finding.hpp"
#include "podsizer/core/scenario.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace podsizer {

/// One site's storage: one pod per training cluster at the site, laid out in
/// the site's rack model, against the site's limits.
struct SiteStorage {
    std::string name;
    std::int64_t clusters = 0; ///< ceil(site GPUs / GPUs per cluster)
    std::int64_t gpus = 0;
    std::string rack;           ///< rack model id the site's pods are laid out in
    std::int64_t pod_racks = 0; ///< racks of one pod in that rack model
    std::int64_t pod_racks_for_space = 0;
    std::int64_t pod_racks_for_power = 0;
    std::int64_t racks = 0; ///< pod_racks × clusters
    std::optional<std::int64_t> max_racks;
    std::int64_t cnodes = 0;
    std::int64_t dboxes = 0;
    std::int64_t switches = 0;
    Capacity usable;
    Power power; ///< IT power on the design's power basis
    std::optional<Power> max_power;
    double pue = kDefaultPue;
    Power facility_power; ///< power × pue
    Throughput read;
    Throughput write;
    std::optional<Throughput> wan;
    Throughput offsite_write; ///< the checkpoints' offsite copies leaving the site
    std::vector<Finding> findings;

    bool fits() const;
};

/// The sites sized with one per-pod design of the scenario.
struct SitePlan {
    std::string design; ///< the per-pod design's name
    std::vector<SiteStorage> sites;

    /// No site has an error finding.
    bool fits() const;
};

/// With `fleet.sites` a list: every site sized with the scenario's first
/// per-pod design (`sized` is size_scenario's result); a site with its own
/// rack model sizes that option again in it. Nullopt without a site list or
/// without a per-pod design.
std::optional<SitePlan> size_sites(const Scenario& scenario, const Catalog& catalog,
                                   const SizingResult& sized);

} // namespace podsizer
