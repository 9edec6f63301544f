// The storage fabric of a design: device line rates, leaves, spines and
// super-spines, and its uplink to the GPU fabric (docs/model.md §7-§8).
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/client_network.hpp"

#include <cstdint>
#include <optional>

namespace podsizer {

/// What a device's network ports carry each way (docs/model.md §7): a C-node
/// serves clients on its client ports and reads the D-boxes on its backend
/// ports, so the fewer of the two; a D-box its backend ports. Zero when the
/// catalog gives no port speed (no cap).
Throughput cnode_line_rate(const CNodeModel& c);
Throughput dbox_line_rate(const DBoxModel& d);

/// The catalog figure capped by the line rate, when one is known.
Throughput line_capped(Throughput figure, Throughput line);

/// The fastest port of a C-node or D-box on the storage leaves: the speed the
/// leaves' device ports must run at (the client ports only on storage
/// leaves). Zero when the catalog gives none.
Throughput device_port_speed(const CNodeModel& c, const DBoxModel& d,
                             ClientNetwork net = ClientNetwork::storage_leaves);

/// How one leaf of a switch model is used (docs/model.md §8).
struct LeafPlan {
    Throughput port_speed;   ///< speed of the device-facing port mode; zero: unknown
    int device_ports = 0;    ///< k: the switch's ports in that mode
    Throughput uplink_speed; ///< zero: unknown, the same as the device ports
    int uplink_ports = 0;    ///< k_up: the switch's ports at the uplink speed (a spine's radix)
    int down = 0;            ///< device-facing ports per leaf: floor(k × downlink_fraction)
    int uplinks = 0;         ///< u: uplinks per leaf, as many as carry the downlinks (1:1)
    bool device_too_fast = false; ///< no port mode runs as fast as the devices' ports
};

/// The leaf of `sw` for devices whose fastest port runs at `device_speed`:
/// the slowest port mode at least that fast.
LeafPlan leaf_plan(const SwitchModel& sw, Throughput device_speed);

/// A folded Clos fabric for a design's device ports (docs/model.md §8).
struct Fabric {
    std::int64_t ports = 0; ///< device ports to connect
    /// 0: nothing to connect; 1: one leaf pair, no spines; 2: leaves and
    /// spines; 3: leaf/spine pods under super-spines.
    int tiers = 0;
    std::int64_t pods = 0; ///< leaf/spine pods (1 in two tiers)
    std::int64_t leaves = 0;
    std::int64_t spines = 0;
    std::int64_t super_spines = 0;
    LeafPlan leaf;
    /// Storage leaves only: links from the top tier to the customer's fabric,
    /// at the uplink speed, carrying the client ports 1:1; they take the top
    /// tier's free ports (docs/model.md §8).
    std::int64_t client_uplinks = 0;
    Throughput client_uplink_speed; ///< zero: unknown, the client ports' speed
    bool too_large = false;         ///< more device ports than three tiers of this switch hold
    std::optional<SwitchRole> missing_role; ///< a tier the switch model cannot take
    std::int64_t switches() const { return leaves + spines + super_spines; }
};

/// Leaves = ceil(device ports / down), at least two; spines in two tiers,
/// or pods and super-spines in three, each count dividing the uplinks evenly.
/// The device ports are the C-nodes' backend and the D-boxes' ports, plus
/// the C-nodes' client ports on storage leaves; then the top tier also takes
/// the uplinks to the customer's fabric.
Fabric plan_fabric(const CNodeModel& c, std::int64_t cnodes, const DBoxModel& d,
                   std::int64_t dboxes, const SwitchModel& sw,
                   ClientNetwork net = ClientNetwork::storage_leaves);

/// What the C-nodes' client ports carry towards the GPU fabric:
/// C-nodes × client ports × speed; zero when the speed is not known.
Throughput gpu_fabric_uplink(const CNodeModel& c, std::int64_t cnodes);

/// The smallest divisor of n that is at least m (n itself when m >= n; 1
/// when m <= 1): a spine count that takes every leaf's uplinks evenly.
std::int64_t smallest_divisor_at_least(std::int64_t n, std::int64_t m);

} // namespace podsizer
