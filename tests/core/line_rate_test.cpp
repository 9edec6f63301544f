// What a device's ports carry caps what it delivers (docs/model.md §7). The
// first-generation 1U D-box's published 4 x 100 GbE (linfocr.com) carries
// 4 x 100 / 8 = 50 GB/s, below the customer-derived 60 GB/s per box.
#include "podsizer/core/engine.hpp"
#include "podsizer/core/network.hpp"
#include "support/default_catalog.hpp"

#include <algorithm>
#include <catch2/catch.hpp>

using namespace podsizer;

namespace {

bool has_finding(const Design& d, const std::string& code) {
    return std::any_of(d.findings.begin(), d.findings.end(),
                       [&](const Finding& f) { return to_string(f.code) == code; });
}

Design ncp_pod(const Catalog& cat) {
    HandDesign h{"pod", "cnode-1u", "dbox-1u-22", std::nullopt, "", "", 450, 180, {}};
    return evaluate_design(h, Requirements{}, Constraints{}, 1.0, cat);
}

} // namespace

TEST_CASE("the default catalog's ports carry what its devices deliver") {
    const Catalog& cat = default_catalog_for_tests();
    // 2 x 200 Gbps = 50 GB/s per C-node; 4 x 200 Gbps = 100 GB/s per 1U D-box;
    // 8 x 100 Gbps = 100 GB/s per high-density D-box (all ASSUMPTION in the catalog).
    CHECK(in(cnode_line_rate(*cat.cnode("cnode-1u")), units::GB_per_s) == Approx(50.0));
    CHECK(in(dbox_line_rate(*cat.dbox("dbox-1u-22")), units::GB_per_s) == Approx(100.0));
    CHECK(in(dbox_line_rate(*cat.dbox("dbox-2u-44-hd")), units::GB_per_s) == Approx(100.0));
    const Design d = ncp_pod(cat);
    CHECK(in(d.read, units::TB_per_s) == Approx(10.8));
    CHECK_FALSE(has_finding(d, "line-rate-cap"));
}

TEST_CASE("first-generation 4 x 100 GbE caps the 1U D-box at 50 GB/s") {
    Catalog cat = default_catalog_for_tests();
    DBoxModel& box = const_cast<DBoxModel&>(*cat.dbox("dbox-1u-22"));
    box.backend_port_speed = of<Throughput>(100, units::Gbps);
    const Design d = ncp_pod(cat);
    // 180 x 50 GB/s = 9.0 TB/s backend, against 450 x 24 = 10.8 TB/s frontend.
    CHECK(in(d.backend_read, units::TB_per_s) == Approx(9.0));
    CHECK(in(d.read, units::TB_per_s) == Approx(9.0));
    CHECK(d.read_bottleneck == Bottleneck::backend);
    // 25 GB/s write fits in 50 GB/s: only read is capped.
    CHECK(in(d.backend_write, units::TB_per_s) == Approx(4.5));
    CHECK(has_finding(d, "line-rate-cap"));
    // The knee follows the capped figure: 50 / 24 C-nodes per D-box for read.
    CHECK(d.knee_cnodes == 375); // floor(180 x 50/24)
}

TEST_CASE("a catalog without port speeds is not capped") {
    Catalog cat = default_catalog_for_tests();
    const_cast<DBoxModel&>(*cat.dbox("dbox-1u-22")).backend_port_speed = Throughput{};
    const_cast<CNodeModel&>(*cat.cnode("cnode-1u")).client_port_speed = Throughput{};
    CHECK(dbox_line_rate(*cat.dbox("dbox-1u-22")).base() == 0.0);
    CHECK(cnode_line_rate(*cat.cnode("cnode-1u")).base() == 0.0);
    const Design d = ncp_pod(cat);
    CHECK(in(d.read, units::TB_per_s) == Approx(10.8));
}

TEST_CASE("a C-node with a port speed but no client ports is an error, not a feasible pod") {
    // robustness.md m11: 0 client ports made the line rate read as unknown, so
    // the reference pod was sized as if its C-nodes served the GPUs.
    Catalog cat = default_catalog_for_tests();
    const_cast<CNodeModel&>(*cat.cnode("cnode-1u")).client_ports = 0;
    const Design d = ncp_pod(cat);
    CHECK(has_finding(d, "no-client-ports"));
    CHECK_FALSE(d.feasible());
    // The default catalog's two client ports raise nothing.
    CHECK_FALSE(has_finding(ncp_pod(default_catalog_for_tests()), "no-client-ports"));
}
