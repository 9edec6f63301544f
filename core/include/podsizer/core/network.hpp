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
/// What a device's network ports carry each way (docs/model.md §7): a C-node
/// serves clients on its client ports and reads the D-boxes on its backend
/// ports, so the fewer of the two; a D-box its backend ports. Zero when the
/// catalog gives no port speed (no cap).
Throughput cnode_line_rate(const CNodeModel& c);
Throughput dbox_line_rate(const DBoxModel& d);

/// The catalog figure capped by the line rate, when one is known.
Throughput line_capped(Throughput figure, Throughput line);

SwitchCounts switch_counts(const CNodeModel& c, std::int64_t cnodes, const DBoxModel& d,
                           std::int64_t dboxes, const SwitchModel& sw);

} // namespace podsizer
