// Replication between the sites of a site list (docs/sites-and-phases.md, "Replication between
// sites"): what each site's copies add to its WAN and to the site they go to.
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/scenario.hpp"
#include "podsizer/core/sites.hpp"

#include <vector>

namespace podsizer::detail {

/// With any site's `replicate_to`: each sending site's replication write, and
/// at each receiving site a replica store (option `option`'s hardware sized
/// for the copies in the site's rack model) added to its racks, devices and
/// power. `pods[k]` is site k's pod. The limits are checked afterwards.
void add_replication(SitePlan& plan, const Scenario& scenario, const Catalog& catalog, int option,
                     const std::vector<Design>& pods);

} // namespace podsizer::detail
