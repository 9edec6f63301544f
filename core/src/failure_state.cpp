#include "podsizer/core/failure_state.hpp"

#include <algorithm>

namespace podsizer {

namespace {

Throughput narrower_side(const Survivors& s) {
    const Throughput front = s.per_cnode * static_cast<double>(std::max<std::int64_t>(0, s.cnodes));
    const Throughput back = s.per_dbox * static_cast<double>(std::max<std::int64_t>(0, s.dboxes));
    return std::min(front, back);
}

} // namespace

Throughput serving_through_rebuild(const Survivors& s, double rho) {
    return narrower_side(s) * (1.0 - rho);
}

Throughput rebuild_read_bandwidth(const Survivors& s, double rho) {
    return narrower_side(s) * rho;
}

} // namespace podsizer
