#include "podsizer/core/network.hpp"

#include <catch2/catch.hpp>

using namespace podsizer;

namespace {
CNodeModel cnode(int client, int backend) {
    CNodeModel c;
    c.client_ports = client;
    c.backend_ports = backend;
    return c;
}
DBoxModel dbox(int ports) {
    DBoxModel d;
    d.backend_ports = ports;
    return d;
}
SwitchModel sw(int ports, double down) {
    SwitchModel s;
    s.ports = ports;
    s.downlink_fraction = down;
    return s;
}
} // namespace

TEST_CASE("the reference pod needs 40 leaves and 20 spines") {
    // 450 C-nodes x 4 ports + 180 D-boxes x 4 ports = 2,520 ports; 64 device
    // ports per leaf -> 40 leaves; 40 x 64 uplinks / 128 ports -> 20 spines.
    const SwitchCounts s = switch_counts(cnode(2, 2), 450, dbox(4), 180, sw(128, 0.5));
    CHECK(s.ports == 2520);
    CHECK(s.leaves == 40);
    CHECK(s.spines == 20);
}

TEST_CASE("a small cluster gets a redundant pair of leaves and no spines") {
    const SwitchCounts s = switch_counts(cnode(2, 2), 4, dbox(4), 2, sw(128, 0.5));
    CHECK(s.ports == 24);
    CHECK(s.leaves == 2);
    CHECK(s.spines == 0);
}

TEST_CASE("one port over a leaf pair's capacity brings a spine layer") {
    // 2 leaves x 64 device ports = 128; 129 ports need 3 leaves and spines.
    const SwitchCounts s = switch_counts(cnode(1, 0), 129, dbox(0), 0, sw(128, 0.5));
    CHECK(s.leaves == 3);
    CHECK(s.spines == 2);
}
