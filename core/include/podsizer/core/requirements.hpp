// Requirements of one pod from its GPUs and performance rule (docs/model.md §3).
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/scenario.hpp"

namespace podsizer {

/// The usable capacity a design must reach: the target plus the checkpoints
/// kept locally at their peak (docs/resilience.md §11).
Capacity capacity_need(Capacity usable_target, const CheckpointPlan& checkpoints);

/// SUs = ceil(GPUs / SU size); read and write multiply whole SUs. Throws
/// InputError for ids that are not in the catalog.

Requirements compute_requirements(const Scenario& scenario, const Catalog& catalog);

} // namespace podsizer
