// Sizing for a failure state and headroom (docs/model.md §5): the counts grow
// until the design meets the requirement with a D-box or a rack down, the
// rebuild taking rho of every surviving device (docs/resilience.md §10).
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/degraded_throughput.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/hand_design.hpp"
#include "support/default_catalog.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace podsizer;

namespace {

Scenario example(const std::string& name) {
    return load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/" + name,
                         default_catalog_for_tests());
}

Design reference_pod(SizeFor state, double headroom = 0.0) {
    Scenario s = example("ncp-pod-41k.json");
    s.constraints.size_for = state;
    s.constraints.headroom = headroom;
    return size_scenario(s, default_catalog_for_tests()).designs.at(0);
}

} // namespace

TEST_CASE("the names of the failure states read back") {
    CHECK(size_for_from_string("dbox-down") == SizeFor::dbox_down);
    CHECK(size_for_from_string("rack-down") == SizeFor::rack_down);
    CHECK(to_string(SizeFor::intact) == "intact");
    CHECK_FALSE(size_for_from_string("rack_down"));
}

TEST_CASE("a rebuild takes its share of the narrower side, C-nodes or D-boxes") {
    // 10 C-nodes x 24 GB/s = 240 GB/s against 10 D-boxes x 60 GB/s = 600:
    // the C-nodes decode the rebuild, so at rho = 10 % it gets 24 GB/s and
    // the clients keep 0.9 x 240 = 216 GB/s.
    const Survivors s{10, Throughput::from_base(24e9), 10, Throughput::from_base(60e9)};
    CHECK(in(rebuild_read_bandwidth(s, 0.1), units::GB_per_s) == Approx(24.0));
    CHECK(in(serving_through_rebuild(s, 0.1), units::GB_per_s) == Approx(216.0));
    // No rebuild: the intact min(frontend, backend).
    CHECK(in(serving_through_rebuild(s, 0.0), units::GB_per_s) == Approx(240.0));
}

TEST_CASE("sized intact, the reference pod falls short with a D-box down") {
    // 450 C-nodes x 24 GB/s, 180 D-boxes x 60 GB/s: with one box down,
    // 0.9 x min(10,800, 179 x 60 = 10,740) = 9,666 GB/s < 10,800 required.
    const Design d = reference_pod(SizeFor::intact);
    CHECK(d.cnodes == 450);
    CHECK(d.dboxes == 180);
    const StateThroughput down = delivered_in(d, SizeFor::dbox_down, 0.1);
    CHECK(in(down.read, units::GB_per_s) == Approx(0.9 * 179 * 60));
    CHECK(down.read < d.requirements.read);
}

TEST_CASE("sized for a D-box down, the reference pod still delivers 10.8 and 4.5 TB/s") {
    // Needed: 0.9 x min(24 C, 60 (D - 1)) >= 10,800 GB/s and
    // 0.9 x min(10 C, 25 (D - 1)) >= 4,500 GB/s, so C >= 500 and D >= 201.
    // The requirement mode balances D = ceil(C / 2.5) (the knee, 60/24), so
    // D = 201 needs C > 500: 501 C-nodes and 201 D-boxes.
    const Design d = reference_pod(SizeFor::dbox_down);
    CHECK(d.constraints.size_for == SizeFor::dbox_down);
    CHECK(d.cnodes == 501);
    CHECK(d.dboxes == 201);
    REQUIRE(d.resilience);
    // 0.9 x min(501 x 24 = 12,024, 200 x 60 = 12,000) = 10,800 GB/s;
    // 0.9 x min(5,010, 200 x 25 = 5,000) = 4,500 GB/s.
    CHECK(in(d.resilience->degraded_read, units::GB_per_s) == Approx(10'800.0));
    CHECK(in(d.resilience->degraded_write, units::GB_per_s) == Approx(4'500.0));
    CHECK(d.resilience->degraded_read.base() >= 10.8e12 * (1 - 1e-9));
    CHECK(d.resilience->degraded_write.base() >= 4.5e12 * (1 - 1e-9));
    // The requirement stays the customer's.
    CHECK(in(d.requirements.read, units::TB_per_s) == Approx(10.8));
}

TEST_CASE("headroom raises the read and write the counts are sized to") {
    // 20 % on 10.8 TB/s is 12.96 TB/s: ceil(12,960 / 24) = 540 C-nodes, and
    // D = ceil(540 / 2.5) = 216 D-boxes; the requirement shown is unchanged.
    const Design d = reference_pod(SizeFor::intact, 0.2);
    CHECK(d.cnodes == 540);
    CHECK(d.dboxes == 216);
    CHECK(d.constraints.headroom == 0.2);
    CHECK(in(d.requirements.read, units::TB_per_s) == Approx(10.8));
}

TEST_CASE("sized for a rack down, the design survives losing a rack and still delivers") {
    // Under auto, rack-down implies the rack-resilient layout. The loss of
    // the costliest rack (its C-nodes and D-boxes) still leaves the
    // requirement: (1 - rho) x min of the survivors' read and write.
    const Design d = reference_pod(SizeFor::rack_down);
    CHECK(d.ec_layout == EcLayout::rack_resilient);
    CHECK(d.tolerates_rack_loss);
    REQUIRE(d.resilience);
    CHECK(d.resilience->rack_down_read.base() >= 10.8e12 * (1 - 1e-9));
    CHECK(d.resilience->rack_down_write.base() >= 4.5e12 * (1 - 1e-9));
    // By hand, from the layout: the rack whose loss costs most.
    double worst_read = 1e300;
    for (const Rack& r : d.layout) {
        const double front = static_cast<double>(d.cnodes - r.cnodes) * 24e9;
        const double back = static_cast<double>(d.dboxes - r.dboxes) * 60e9;
        worst_read = std::min(worst_read, 0.9 * std::min(front, back));
    }
    CHECK(d.resilience->rack_down_read.base() == Approx(worst_read));
}

TEST_CASE("layout auto takes rack-resilient on the one-namespace exabyte, where it costs nothing") {
    // 2,067 C-nodes and 827 1U D-boxes on 143 racks with their 315 switches
    // (docs/extrapolation-and-comparison.md §1; 137 racks before the uplinks
    // to the customer's fabric were counted, docs/model.md §8): rack-resilient
    // allows 2 strips per rack x 143 racks = 286 strips, more than the rule's widest 146+4; dbox-ha
    // and classic are 146+4 too. All three are equally wide, so auto takes the most resilient, at
    // no capacity cost (REVIEW-3 part B item 5: it took dbox-ha).
    const Catalog& cat = default_catalog_for_tests();
    HandDesign hand;
    hand.cnode = "cnode-1u";
    hand.dbox = "dbox-1u-22";
    hand.cnodes = 2067;
    hand.dboxes = 827;
    const Design d = evaluate_design(hand, Requirements{}, Constraints{}, 1.0, cat);
    CHECK(d.racks == 143);
    CHECK(d.ec_layout == EcLayout::rack_resilient);
    CHECK(d.ec_layout_auto);
    CHECK(d.data_strips == 146);
    CHECK(d.ec_layout_cost == 0.0);
    CHECK(d.tolerates_rack_loss);
    bool said = false;
    for (const Finding& f : d.findings) {
        said = said || (to_string(f.code) == "auto-layout" &&
                        f.message().find("chose rack-resilient (146+4)") != std::string::npos);
    }
    CHECK(said);
    // A threshold of zero keeps it: the three are equally wide.
    Constraints strict;
    strict.auto_layout_threshold = 0.0;
    CHECK(evaluate_design(hand, Requirements{}, strict, 1.0, cat).ec_layout ==
          EcLayout::rack_resilient);
}

TEST_CASE("layout auto keeps dbox-ha on the reference pod: rack-resilient costs 4 %") {
    // 180 D-boxes on 29 racks: rack-resilient is at most 2 x 29 = 58 strips,
    // 54+4 (93.1 %) against dbox-ha's 146+4 (97.3 %): 1 - 0.931/0.973 = 4.3 %,
    // above the 1 % threshold.
    const Design d = reference_pod(SizeFor::intact);
    CHECK(d.ec_layout == EcLayout::dbox_ha);
    CHECK(d.ec_layout_widest == EcLayout::classic); // classic is 146+4 as well
    CHECK(d.ec_layout_cost == 0.0);
    CHECK_FALSE(d.tolerates_rack_loss);
}

TEST_CASE("each count says what set it and what each requirement alone would need") {
    // The reference pod: C-nodes for read, ceil(10,800 / 24) = 450; write
    // needs ceil(4,500 / 10) = 450 too, the C:D minimum ceil(180 x 0.5) = 90.
    // D-boxes: read and write ceil(450 / 2.5) = 180, capacity
    // ceil(215 PB / (1,351.68 TB raw x 146/150 x 92 %) = 177.6) = 178.
    const Design d = reference_pod(SizeFor::intact);
    auto need = [](const SizedBy& s, const std::string& what) {
        for (const CountNeed& n : s.needs) {
            if (n.requirement == what) {
                return n.count;
            }
        }
        return std::int64_t{-1};
    };
    CHECK(need(d.sized_by.cnodes, "read") == 450);
    CHECK(need(d.sized_by.cnodes, "write") == 450);
    CHECK(need(d.sized_by.cnodes, "C:D minimum") == 90);
    CHECK(d.sized_by.cnodes.by == "read");
    CHECK(need(d.sized_by.dboxes, "read") == 180);
    CHECK(need(d.sized_by.dboxes, "capacity") == 178);
    CHECK(d.sized_by.dboxes.by == "read");
    // Racks: the 702 U with switches fit ceil(702 / 40 U usable) = 18; the
    // 25 kW budget needs 29 on typical draw (docs/model.md §10).
    CHECK(need(d.sized_by.racks, "space") == 18);
    CHECK(need(d.sized_by.racks, "power") == 29);
    CHECK(d.sized_by.racks.by == "power");
    CHECK(d.sized_by.switches.by == "ports");
    // Sized for a D-box down, the state set both counts past the requirement.
    const Design down = reference_pod(SizeFor::dbox_down);
    CHECK(down.sized_by.cnodes.by == "one D-box down");
    CHECK(need(down.sized_by.cnodes, "one D-box down") == 501);
    CHECK(need(down.sized_by.cnodes, "read") == 450);
}

TEST_CASE("a platform without a performance rule says throughput was not sized") {
    // REVIEW-3 part B item 2: gb300-nvl72 has no rule in the catalog, so a
    // 16,384-GPU pod for 60 PB is sized for capacity alone; the warning says so.
    Scenario s;
    s.name = "gb300";
    s.fleet = Fleet{"gb300-nvl72", 16384};
    s.capacity.usable = Capacity::from_base(60e15);
    const SizingResult r = size_scenario(s, default_catalog_for_tests());
    bool said = false;
    for (const Finding& f : r.requirements.findings) {
        said = said || to_string(f.code) == "throughput-not-sized";
    }
    CHECK(said);
    CHECK(r.requirements.read.base() == 0.0);
}

TEST_CASE("usable capacity far above the need is an info finding naming what set the D-boxes") {
    // 16,384 GB300 GPUs at 0.3 GB/s read and 0.12 GB/s write per GPU for
    // 60 PB on the high-density box (REVIEW-3 part B item 4): read needs
    // 4,915 GB/s = ceil(4,915.2 / 24) = 205 C-nodes, ceil(205 / 2) = 103
    // D-boxes at 48 GB/s each; capacity alone needs far fewer.
    Scenario s;
    s.name = "acme";
    s.fleet = Fleet{"gb300-nvl72", 16384};
    PerformanceSpec perf;
    perf.read_per_gpu = Throughput::from_base(0.3e9);
    perf.write_per_gpu = Throughput::from_base(0.12e9);
    s.performance = perf;
    s.capacity.usable = Capacity::from_base(60e15);
    OptionSpec hd;
    hd.dbox = "dbox-2u-44-hd";
    hd.cnode = "cnode-1u";
    s.options.push_back(hd);
    const Design d = size_scenario(s, default_catalog_for_tests()).designs.at(0);
    CHECK(d.sized_by.dboxes.by == "read");
    CHECK(d.usable.base() > 1.5 * 60e15);
    bool said = false;
    for (const Finding& f : d.findings) {
        said = said || (to_string(f.code) == "oversized" &&
                        f.message().find("set by read") != std::string::npos);
    }
    CHECK(said);
}
