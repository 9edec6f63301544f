// The one-site scenario a site of a site list is sized as, shared by the
// sites (sites.cpp) and the phases by site (site_phases.cpp).
#pragma once

#include "podsizer/core/design.hpp"
#include "podsizer/core/scenario.hpp"
#include "podsizer/core/sites.hpp"

#include <cstdint>

namespace podsizer::detail {

/// The index of the scenario's first design sized for one pod (an option
/// without its own capacity need or "performance": "none"; 0 without
/// options), or -1.
int first_per_pod(const Scenario& s, const SizingResult& sized);

/// The scenario with the site's platform, GPUs (`pod_gpus` for one of its
/// `pods`), needs and rack, and only option `option`
/// (docs/sites-and-phases.md, "A site's own needs").
Scenario site_scenario(const Scenario& s, const SiteSpec& spec, int option, std::int64_t pod_gpus,
                       std::int64_t pods);

} // namespace podsizer::detail
