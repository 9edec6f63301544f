// The storage fabric of docs/model.md §8: leaf radix by port speed, two and
// three tiers, spine counts that divide the uplinks, the GPU side.
#include "podsizer/core/network.hpp"

#include <catch2/catch.hpp>

using namespace podsizer;

namespace {
Throughput gbps(double v) {
    return Throughput::from_base(v * 1e9 / 8.0);
}
CNodeModel cnode(int client, int backend, double speed_gbps = 0.0) {
    CNodeModel c;
    c.client_ports = client;
    c.backend_ports = backend;
    c.client_port_speed = gbps(speed_gbps);
    c.backend_port_speed = gbps(speed_gbps);
    return c;
}
DBoxModel dbox(int ports, double speed_gbps = 0.0) {
    DBoxModel d;
    d.backend_ports = ports;
    d.backend_port_speed = gbps(speed_gbps);
    return d;
}
/// A switch given only as ports at the device speed (no port modes).
SwitchModel sw(int ports, double down) {
    SwitchModel s;
    s.ports = ports;
    s.downlink_fraction = down;
    return s;
}
/// The SN5600 of the default catalog: 51.2 Tb/s as 256 x 100G, 256 x 200G,
/// 128 x 400G or 64 x 800G (NVIDIA SN5000 user manual, "Data Interfaces").
SwitchModel sn5600() {
    SwitchModel s;
    s.port_modes = {{gbps(100), 256}, {gbps(200), 256}, {gbps(400), 128}, {gbps(800), 64}};
    s.uplink_speed = gbps(800);
    s.downlink_fraction = 0.5;
    s.roles = static_cast<unsigned>(SwitchRole::leaf) | static_cast<unsigned>(SwitchRole::spine) |
              static_cast<unsigned>(SwitchRole::super_spine);
    return s;
}
} // namespace

TEST_CASE("a leaf runs the slowest port mode that carries the devices' ports") {
    // 200G NICs: 256 x 200G, half facing devices (128); the other 32 cages
    // give 32 x 800G uplinks, exactly 1:1 (25.6 Tb/s each way).
    const LeafPlan p200 = leaf_plan(sn5600(), gbps(200));
    CHECK(p200.port_speed == gbps(200));
    CHECK(p200.device_ports == 256);
    CHECK(p200.down == 128);
    CHECK(p200.uplink_ports == 64);
    CHECK(p200.uplinks == 32);
    // 400G NICs: 128 x 400G, 64 down, 32 x 800G up.
    const LeafPlan p400 = leaf_plan(sn5600(), gbps(400));
    CHECK(p400.device_ports == 128);
    CHECK(p400.down == 64);
    CHECK(p400.uplinks == 32);
    // 100G NICs: 128 down x 100G = 12.8 Tb/s needs only 16 of the 32 uplinks.
    const LeafPlan p100 = leaf_plan(sn5600(), gbps(100));
    CHECK(p100.down == 128);
    CHECK(p100.uplinks == 16);
    CHECK_FALSE(p100.device_too_fast);
    // 1.6T NICs: faster than any mode, counted at 800G and said so.
    CHECK(leaf_plan(sn5600(), gbps(1600)).device_too_fast);
}

TEST_CASE("the reference pod at 200G needs 20 leaves and 16 spines") {
    // 450 C-nodes x 4 + 180 D-boxes x 4 = 2,520 ports; 128 per leaf -> 20
    // leaves. On storage leaves the spines also take the links to the
    // customer's fabric: 450 x 2 x 200 Gbps / 800 Gbps = 225. 20 x 32 + 225
    // = 865 links over 64-port spines need 14, and the smallest divisor of
    // 32 from 14 is 16 (2 links from every leaf to every spine); the 225 fit
    // the 16 x 64 - 640 = 384 ports left.
    const Fabric f = plan_fabric(cnode(2, 2, 200), 450, dbox(4, 200), 180, sn5600());
    CHECK(f.ports == 2520);
    CHECK(f.tiers == 2);
    CHECK(f.leaves == 20);
    CHECK(f.spines == 16);
    CHECK(f.super_spines == 0);
    CHECK(f.client_uplinks == 225);
    CHECK(f.client_uplink_speed == gbps(800));
    CHECK(f.leaf.uplinks % f.spines == 0);
    CHECK_FALSE(f.too_large);
}

TEST_CASE("on a converged client network the count covers the storage back end") {
    // The client ports land on the customer's fabric: 450 x 2 backend +
    // 180 x 4 = 1,620 ports -> ceil(1,620 / 128) = 13 leaves; 13 x 32 / 64
    // -> 7 -> the smallest divisor of 32 from 7 is 8 spines: 21 switches,
    // and no links to the customer's fabric (it gives 900 client ports).
    const Fabric f =
        plan_fabric(cnode(2, 2, 200), 450, dbox(4, 200), 180, sn5600(), ClientNetwork::converged);
    CHECK(f.ports == 1620);
    CHECK(f.leaves == 13);
    CHECK(f.spines == 8);
    CHECK(f.switches() == 21);
    CHECK(f.client_uplinks == 0);
    // A client port faster than the back end no longer sets the leaves' mode.
    CNodeModel fast = cnode(2, 2, 200);
    fast.client_port_speed = gbps(400);
    CHECK(device_port_speed(fast, dbox(4, 200), ClientNetwork::converged) == gbps(200));
    CHECK(device_port_speed(fast, dbox(4, 200)) == gbps(400));
}

TEST_CASE("links to the customer's fabric that the spines have no room for add spines") {
    // 2,048 C-nodes with one 200G port each: 16 leaves of 128. Backend
    // ports: 16 x 32 / 64 = 8 spines, all their ports taken by the leaves.
    // Client ports on storage leaves: also 2,048 x 200 / 800 = 512 links,
    // (512 + 512) / 64 = 16 spines.
    const Fabric backend = plan_fabric(cnode(0, 1, 200), 2048, dbox(0), 0, sn5600());
    CHECK(backend.leaves == 16);
    CHECK(backend.spines == 8);
    const Fabric client = plan_fabric(cnode(1, 0, 200), 2048, dbox(0), 0, sn5600());
    CHECK(client.leaves == 16);
    CHECK(client.client_uplinks == 512);
    CHECK(client.spines == 16);
    // A leaf pair keeps the links on its own uplink ports: 4 C-nodes x 2 x
    // 200 / 800 = 2 links, within 2 x 32.
    const Fabric pair = plan_fabric(cnode(2, 2, 200), 4, dbox(4, 200), 2, sn5600());
    CHECK(pair.tiers == 1);
    CHECK(pair.client_uplinks == 2);
}

TEST_CASE("the one-namespace exabyte needs a third tier") {
    // 2,067 C-nodes and 827 D-boxes (docs/extrapolation-and-comparison.md):
    // 11,576 ports, 91 leaves of 128 > 64 a spine can reach. Pods of 32
    // leaves: 3; 31 leaves x 32 uplinks over 32 spine downlinks -> 31 -> 32
    // spines per pod (96); planes of ceil(3 x 32 / 64) = 2 super-spines -> 64.
    // The planner's arithmetic for this case gave 91 + 96 + 64 = 251 too.
    // On storage leaves the super-spines also take 2,067 x 2 x 200 / 800 =
    // 1,034 links to the customer's fabric, ceil(1,034 / 32) = 33 per plane:
    // (3 x 32 + 33) / 64 -> 3 -> the smallest divisor of 32 from 3 is 4 per
    // plane, 128 super-spines: 91 + 96 + 128 = 315.
    const Fabric f = plan_fabric(cnode(2, 2, 200), 2067, dbox(4, 200), 827, sn5600(),
                                 ClientNetwork::storage_leaves);
    CHECK(f.ports == 11576);
    CHECK(f.tiers == 3);
    CHECK(f.leaves == 91);
    CHECK(f.pods == 3);
    CHECK(f.spines == 96);
    CHECK(f.client_uplinks == 1034);
    CHECK(f.super_spines == 128);
    CHECK(f.switches() == 315);
    CHECK_FALSE(f.too_large);
    CHECK_FALSE(f.missing_role);
    // Without the links (the old count, "no GPU path"): 251. On a converged
    // network: 2,067 x 2 + 827 x 4 = 7,442 ports, 59 leaves, two tiers, the
    // smallest divisor of 32 from ceil(59 x 32 / 64) = 30 is 32: 91.
    const Fabric conv =
        plan_fabric(cnode(2, 2, 200), 2067, dbox(4, 200), 827, sn5600(), ClientNetwork::converged);
    CHECK(conv.tiers == 2);
    CHECK(conv.leaves == 59);
    CHECK(conv.spines == 32);
    CHECK(conv.switches() == 91);
}

TEST_CASE("two tiers hold a spine's radix of leaves, and no more") {
    // 64 leaves x 128 ports = 8,192 ports: still two tiers, 32 spines.
    const Fabric at = plan_fabric(cnode(0, 1, 200), 8192, dbox(0), 0, sn5600());
    CHECK(at.tiers == 2);
    CHECK(at.leaves == 64);
    CHECK(at.spines == 32);
    const Fabric over = plan_fabric(cnode(0, 1, 200), 8193, dbox(0), 0, sn5600());
    CHECK(over.tiers == 3);
    CHECK(over.leaves == 65);
}

TEST_CASE("a third tier the switch cannot take, or beyond it, is said") {
    SwitchModel two = sn5600();
    two.roles = static_cast<unsigned>(SwitchRole::leaf) | static_cast<unsigned>(SwitchRole::spine);
    const Fabric f = plan_fabric(cnode(2, 2, 200), 2067, dbox(4, 200), 827, two);
    REQUIRE(f.missing_role);
    CHECK(*f.missing_role == SwitchRole::super_spine);
    // 64 x 32 x 128 = 262,144 ports fill three tiers; one more pod is too many.
    CHECK_FALSE(plan_fabric(cnode(0, 1, 200), 262144, dbox(0), 0, sn5600()).too_large);
    CHECK(plan_fabric(cnode(0, 1, 200), 262145, dbox(0), 0, sn5600()).too_large);
}

TEST_CASE("a switch given only as ports keeps one mode for devices and uplinks") {
    // 128 ports at 0.5: 64 device ports and 64 uplinks per leaf; 40 leaves x
    // 64 uplinks and, with no speeds, one link to the customer's fabric per
    // client port (900) need ceil(3,460 / 128) = 28 spines, and the smallest
    // divisor of 64 from 28 is 32.
    const Fabric f = plan_fabric(cnode(2, 2), 450, dbox(4), 180, sw(128, 0.5));
    CHECK(f.client_uplinks == 900);
    CHECK(f.leaves == 40);
    CHECK(f.spines == 32);
}

TEST_CASE("a small cluster gets a redundant pair of leaves and no spines") {
    const Fabric f = plan_fabric(cnode(2, 2, 200), 4, dbox(4, 200), 2, sn5600());
    CHECK(f.ports == 24);
    CHECK(f.tiers == 1);
    CHECK(f.leaves == 2);
    CHECK(f.spines == 0);
}

TEST_CASE("one port over a leaf pair's capacity brings a spine layer") {
    // 2 leaves x 128 device ports = 256; 257 ports need 3 leaves and spines.
    const Fabric f = plan_fabric(cnode(0, 1, 200), 257, dbox(0), 0, sn5600());
    CHECK(f.leaves == 3);
    CHECK(f.spines == 2);
}

TEST_CASE("spine counts are the smallest divisor of the uplinks that suffices") {
    CHECK(smallest_divisor_at_least(32, 10) == 16);
    CHECK(smallest_divisor_at_least(32, 16) == 16);
    CHECK(smallest_divisor_at_least(12, 5) == 6);
    CHECK(smallest_divisor_at_least(7, 2) == 7);
    CHECK(smallest_divisor_at_least(32, 40) == 32);
    CHECK(smallest_divisor_at_least(1, 2) == 1);
}

TEST_CASE("the storage fabric's uplink to the GPUs is the C-nodes' client ports") {
    // 450 C-nodes x 2 x 200 Gbps = 180 Tb/s.
    CHECK(gpu_fabric_uplink(cnode(2, 2, 200), 450).base() == Approx(180e12 / 8.0));
    CHECK(gpu_fabric_uplink(cnode(2, 2), 450).base() == 0.0);
}
