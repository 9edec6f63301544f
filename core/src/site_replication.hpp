// Replication between the sites of a site list (docs/sites-and-phases.md, "Replication between
// sites"): what each site's copies add to its WAN and to the site they go to.
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/scenario.hpp"
#include "podsizer/core/sites.hpp"

#include <optional>
#include <vector>

namespace podsizer::detail {

/// With any site's `replicate_to`: each sending site's replication write and
/// WAN figures, and for each receiving site the copies it receives (nullopt
/// for a site nothing is copied to). `pods[k]` is site k's pod.
std::vector<std::optional<SiteReplica>> replication_stores(SitePlan& plan, const Scenario& scenario,
                                                           const std::vector<Design>& pods);

/// A replica store beside the site's system (the site's replica_store):
/// option `option`'s hardware sized for the copies in the site's rack model,
/// added to its racks, devices and power. The limits are checked afterwards.
void hold_separately(SiteStorage& site, SiteReplica store, const Scenario& scenario,
                     const Catalog& catalog, const Design& pod, int option);

} // namespace podsizer::detail
