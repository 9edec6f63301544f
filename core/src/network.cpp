#include "podsizer/core/network.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace podsizer {

Throughput cnode_line_rate(const CNodeModel& c) {
    if (c.client_port_speed.base() <= 0.0 || c.backend_port_speed.base() <= 0.0) {
        return Throughput{};
    }
    return std::min(c.client_port_speed * static_cast<double>(c.client_ports),
                    c.backend_port_speed * static_cast<double>(c.backend_ports));
}

Throughput dbox_line_rate(const DBoxModel& d) {
    if (d.backend_port_speed.base() <= 0.0) {
        return Throughput{};
    }
    return d.backend_port_speed * static_cast<double>(d.backend_ports);
}

Throughput line_capped(Throughput figure, Throughput line) {
    return line.base() > 0.0 ? std::min(figure, line) : figure;
}

namespace {
std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
    return b <= 0 ? 0 : a / b + (a % b != 0 ? 1 : 0);
}

// Device counts reach 2^61 for absurd inputs (the engine reports those as
// too-large); times the ports per device that overflowed 64 bits, which is
// undefined behaviour. Saturate at the engine's count cap instead.
constexpr std::int64_t kCap = std::numeric_limits<std::int64_t>::max() / 4;

std::int64_t mul_sat(std::int64_t a, std::int64_t b) {
    std::int64_t r = 0;
    return __builtin_mul_overflow(a, b, &r) || r > kCap ? kCap : r;
}

std::int64_t add_sat(std::int64_t a, std::int64_t b) {
    return std::min(kCap, a + b); // both at most kCap: no overflow
}
} // namespace

SwitchCounts switch_counts(const CNodeModel& c, std::int64_t cnodes, const DBoxModel& d,
                           std::int64_t dboxes, const SwitchModel& sw) {
    SwitchCounts out;
    out.ports = add_sat(mul_sat(cnodes, c.client_ports + c.backend_ports),
                        mul_sat(dboxes, d.backend_ports));
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
        out.spines = std::max<std::int64_t>(2, ceil_div(mul_sat(out.leaves, up), sw.ports));
    }
    return out;
}

} // namespace podsizer
