#include "podsizer/core/network.hpp"

#include <algorithm>
#include <cmath>

namespace podsizer {

namespace {
std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
    return b <= 0 ? 0 : (a + b - 1) / b;
}
} // namespace

SwitchCounts switch_counts(const CNodeModel& c, std::int64_t cnodes, const DBoxModel& d,
                           std::int64_t dboxes, const SwitchModel& sw) {
    SwitchCounts out;
    out.ports = cnodes * (c.client_ports + c.backend_ports) + dboxes * d.backend_ports;
    if (out.ports == 0 || sw.ports <= 0) {
        return out;
    }
    const auto down = std::max<std::int64_t>(
        1, static_cast<std::int64_t>(std::floor(sw.ports * sw.downlink_fraction)));
    const std::int64_t up = sw.ports - down;
    // Two leaves at least: a single switch would be a single point of failure.
    out.leaves = std::max<std::int64_t>(2, ceil_div(out.ports, down));
    // A leaf-spine fabric is only needed when the devices do not fit one leaf pair.
    if (out.ports > 2 * down && up > 0) {
        out.spines = std::max<std::int64_t>(2, ceil_div(out.leaves * up, sw.ports));
    }
    return out;
}

} // namespace podsizer
