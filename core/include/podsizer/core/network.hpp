// Switch counts for a design's storage fabric (docs/model.md §8-§9).
#pragma once

#include "podsizer/core/catalog.hpp"

#include <cstdint>

namespace podsizer {

struct SwitchCounts {
    std::int64_t ports = 0; ///< device ports to connect
    std::int64_t leaves = 0;
    std::int64_t spines = 0;
};

/// Leaves = ceil(device ports / device-facing ports per leaf), at least two for
/// redundancy; spines take the leaves' uplinks: ceil(leaves × uplinks / ports).
SwitchCounts switch_counts(const CNodeModel& c, std::int64_t cnodes, const DBoxModel& d,
                           std::int64_t dboxes, const SwitchModel& sw);

} // namespace podsizer
