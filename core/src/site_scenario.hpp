// The one-site scenario a site of a site list is sized as, shared by the
// sites (sites.cpp) and the phases by site (site_phases.cpp).
#pragma once

#include "podsizer/core/design.hpp"
#include "podsizer/core/scenario.hpp"

#include <cstdint>

namespace podsizer::detail {

/// The index of the scenario's first design sized for one pod (an option
/// without its own capacity need or "performance": "none"; 0 without
/// options), or -1.
int first_per_pod(const Scenario& s, const SizingResult& sized);

/// How a site's GPUs are served (docs/sites-and-phases.md §1 and "A site's
/// own needs"): as its own system (own needs, or no fleet.gpus_per_cluster),
/// one pod for its GPUs or one per cluster it gives; else one pod of the
/// fleet's cluster size per training cluster, the last one whole.
struct SitePods {
    bool own = false;
    std::int64_t gpus = 0;     ///< the site's GPUs
    std::int64_t pods = 1;     ///< its pods (clusters)
    std::int64_t pod_gpus = 0; ///< GPUs one pod is sized for
};
SitePods site_pods(const SiteSpec& spec, const Fleet& fleet);

/// The scenario with the site's platform, GPUs (`pod_gpus` for one of its
/// `pods`), needs and rack, and only option `option`
/// (docs/sites-and-phases.md, "A site's own needs").
Scenario site_scenario(const Scenario& s, const SiteSpec& spec, int option, std::int64_t pod_gpus,
                       std::int64_t pods);

} // namespace podsizer::detail
