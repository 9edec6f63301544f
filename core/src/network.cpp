#include "podsizer/core/network.hpp"

#include "podsizer/core/counting.hpp"

#include <algorithm>
#include <cmath>

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

Throughput device_port_speed(const CNodeModel& c, const DBoxModel& d, ClientNetwork net) {
    const bool client = net == ClientNetwork::storage_leaves && c.client_ports > 0;
    return std::max({client ? c.client_port_speed : Throughput{},
                     c.backend_ports > 0 ? c.backend_port_speed : Throughput{},
                     d.backend_ports > 0 ? d.backend_port_speed : Throughput{}});
}

namespace {

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
    return b <= 0 ? 0 : a / b + (a % b != 0 ? 1 : 0);
}

/// ceil(x) as a count, kCountCap at or above it: a catalog may give a port
/// speed ratio so large that the links overflow a count (fuzzing found
/// 7.2e118 links, an undefined conversion; docs/robustness.md).
std::int64_t capped_ceil(double x) {
    const double up = std::ceil(x);
    if (!(up < static_cast<double>(kCountCap))) {
        return kCountCap;
    }
    return static_cast<std::int64_t>(up);
}

std::int64_t add_sat(std::int64_t a, std::int64_t b) {
    return std::min(kCountCap, a + b); // both at most kCountCap: no overflow
}

/// The mode whose speed is the uplink speed; the fastest when none is named.
const PortMode& uplink_mode(const SwitchModel& sw) {
    for (const PortMode& m : sw.port_modes) {
        if (sw.uplink_speed.base() > 0.0 && m.speed == sw.uplink_speed) {
            return m;
        }
    }
    return sw.port_modes.back();
}

} // namespace

std::int64_t smallest_divisor_at_least(std::int64_t n, std::int64_t m) {
    for (std::int64_t s = std::max<std::int64_t>(1, m); s < n; ++s) {
        if (n % s == 0) {
            return s;
        }
    }
    return std::max<std::int64_t>(1, n);
}

LeafPlan leaf_plan(const SwitchModel& sw, Throughput device_speed) {
    LeafPlan p;
    // Bandwidth one device-facing port takes from the uplinks, in uplink
    // ports: 1 when the speeds are not known (one mode for both).
    double per_port = 1.0;
    if (sw.port_modes.empty()) {
        p.device_ports = sw.ports;
        p.uplink_ports = sw.ports;
    } else {
        const PortMode& up = uplink_mode(sw);
        // The slowest mode that runs the devices' ports at full speed gives
        // the most ports (SN5600: 256 x 200G, not 128 x 400G, for 200G NICs).
        // Unknown device speed: the uplink mode, the fewest ports.
        const PortMode* mode = &up;
        if (device_speed.base() > 0.0) {
            const auto it =
                std::find_if(sw.port_modes.begin(), sw.port_modes.end(),
                             [&](const PortMode& m) { return m.speed >= device_speed; });
            p.device_too_fast = it == sw.port_modes.end();
            mode = p.device_too_fast ? &sw.port_modes.back() : &*it;
        }
        p.port_speed = mode->speed;
        p.device_ports = mode->ports;
        p.uplink_speed = up.speed;
        p.uplink_ports = up.ports;
        per_port = mode->speed.base() / up.speed.base();
    }
    if (p.device_ports <= 0) {
        return p;
    }
    p.down = std::max(1, static_cast<int>(std::floor(p.device_ports * sw.downlink_fraction)));
    // The ports left after the downlinks, as ports at the uplink speed: a
    // share of the switch's cages (64 x 800G = 256 x 200G: 128 device ports
    // at 200G leave half the cages, 32 x 800G).
    const auto left = static_cast<std::int64_t>(p.uplink_ports) *
                      std::max(0, p.device_ports - p.down) / p.device_ports;
    const std::int64_t needed = capped_ceil(p.down * per_port - kSlack);
    p.uplinks = static_cast<int>(std::min(left, needed));
    return p;
}

namespace {

/// Links from the storage fabric to the customer's, at the uplink speed,
/// carrying every client port's line rate (1:1: the storage fabric adds no
/// oversubscription of its own); one per client port when a speed is not
/// known.
std::int64_t client_uplinks_for(const CNodeModel& c, std::int64_t cnodes, const LeafPlan& leaf) {
    const std::int64_t ports = saturating_product(cnodes, c.client_ports);
    if (leaf.uplink_speed.base() <= 0.0 || c.client_port_speed.base() <= 0.0) {
        return ports;
    }
    const double links =
        static_cast<double>(ports) * c.client_port_speed.base() / leaf.uplink_speed.base();
    return capped_ceil(links - kSlack);
}

/// Spines for `leaves` leaves of `u` uplinks each and `top` links to the
/// customer's fabric, on spines of `spine_down` ports each: enough ports, and
/// a count that divides u so every leaf sends the same number of links to
/// each spine.
std::int64_t spines_for(std::int64_t u, std::int64_t leaves, std::int64_t top,
                        std::int64_t spine_down) {
    return smallest_divisor_at_least(
        u, std::max<std::int64_t>(
               2, ceil_div(add_sat(saturating_product(leaves, u), top), spine_down)));
}

/// Three tiers: pods of at most k/2 leaves, whose spines give half their
/// ports to the leaves and half to super-spines; the spines of one position
/// in every pod form a plane of super-spines that divides their k/2
/// uplinks, so a plane holds at most k pods. The planes share the links to
/// the customer's fabric.
void plan_three_tiers(Fabric& f, const SwitchModel& sw, std::int64_t u, std::int64_t k) {
    f.tiers = 3;
    const std::int64_t half = k / 2;
    if (half <= 0) {
        f.too_large = true;
        return;
    }
    f.pods = ceil_div(f.leaves, half);
    const std::int64_t per_pod = spines_for(u, ceil_div(f.leaves, f.pods), 0, half);
    f.spines = saturating_product(f.pods, per_pod);
    const std::int64_t to_plane =
        saturating_product(f.pods, half) + ceil_div(f.client_uplinks, per_pod);
    f.too_large = f.pods > k || to_plane > saturating_product(half, k);
    const std::int64_t per_plane =
        f.too_large ? half : smallest_divisor_at_least(half, ceil_div(to_plane, k));
    f.super_spines = saturating_product(per_pod, per_plane);
    if (!sw.plays(SwitchRole::super_spine)) {
        f.missing_role = SwitchRole::super_spine;
    }
}

} // namespace

Fabric plan_fabric(const CNodeModel& c, std::int64_t cnodes, const DBoxModel& d,
                   std::int64_t dboxes, const SwitchModel& sw, ClientNetwork net) {
    Fabric f;
    const bool on_leaves = net == ClientNetwork::storage_leaves;
    f.ports =
        add_sat(saturating_product(cnodes, c.backend_ports + (on_leaves ? c.client_ports : 0)),
                saturating_product(dboxes, d.backend_ports));
    f.leaf = leaf_plan(sw, device_port_speed(c, d, net));
    if (on_leaves) {
        f.client_uplinks = client_uplinks_for(c, cnodes, f.leaf);
        f.client_uplink_speed =
            f.leaf.uplink_speed.base() > 0.0 ? f.leaf.uplink_speed : c.client_port_speed;
    }
    const std::int64_t down = f.leaf.down;
    if (f.ports == 0 || down <= 0) {
        return f;
    }
    // Two leaves at least: a single switch would be a single point of failure.
    f.leaves = std::max<std::int64_t>(2, ceil_div(f.ports, down));
    f.pods = 1;
    const std::int64_t u = f.leaf.uplinks;
    const std::int64_t k = f.leaf.uplink_ports;
    // One leaf pair holds every port, and its uplink ports the links to the
    // customer's fabric: no spines.
    if (f.ports <= 2 * down && f.client_uplinks <= 2 * u) {
        f.tiers = 1;
        return f;
    }
    if (u <= 0 || k <= 0) {
        f.tiers = 2;
        f.too_large = true;
        return f;
    }
    // A spine's port reaches one leaf, so two tiers hold at most k leaves;
    // at most u spines of k ports take L × u uplinks and the links to the
    // customer's fabric.
    if (f.leaves <= k &&
        add_sat(saturating_product(f.leaves, u), f.client_uplinks) <= saturating_product(u, k)) {
        f.tiers = 2;
        f.spines = spines_for(u, f.leaves, f.client_uplinks, k);
    } else {
        plan_three_tiers(f, sw, u, k);
    }
    if (!sw.plays(SwitchRole::spine)) {
        f.missing_role = SwitchRole::spine;
    }
    return f;
}

Throughput gpu_fabric_uplink(const CNodeModel& c, std::int64_t cnodes) {
    return c.client_port_speed * static_cast<double>(c.client_ports) * static_cast<double>(cnodes);
}

} // namespace podsizer
