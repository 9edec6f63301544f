// What a design delivers with a D-box or a rack down (docs/resilience.md §10):
// the state the sizing loop checks (docs/model.md §5) and the resilience
// report shows.
#pragma once

#include "podsizer/core/design.hpp"
#include "podsizer/core/failure_state.hpp"

namespace podsizer {

struct StateThroughput {
    Throughput read;
    Throughput write;
};

/// Read and write `d` delivers in state `s`, its lost devices' rebuild taking
/// ρ of every surviving C-node and D-box (serving_through_rebuild). Zero when
/// its layout does not survive the state (data would be unavailable). A rack
/// down loses the C-nodes and D-boxes of the rack whose loss costs most; a
/// design counted but not laid out spreads them evenly over its racks.
StateThroughput delivered_in(const Design& d, SizeFor s, double rho);

} // namespace podsizer
