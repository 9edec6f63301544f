// Designs under each erasure-coding layout, end to end through the engine
// (docs/model.md §6): the stripe, what the design survives, the findings and
// the D-box count sizing buys. Expected figures are worked by hand from the
// layout rules (VAST blog "bringing rack-level resilience", parts one and
// two; support article 5713781959836; KB "Rack Resiliency"; KB "Write
// buffers on VAST clusters"; Blocks & Files, 26 February 2019, for the
// cluster limits) and the default catalog.
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/extrapolation.hpp"
#include "support/default_catalog.hpp"
#include "support/test_paths.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

using namespace podsizer;

namespace {

Scenario example(const std::string& name) {
    return load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/" + name,
                         default_catalog_for_tests());
}

const Finding* finding(const Design& d, const std::string& code) {
    const auto at = std::find_if(d.findings.begin(), d.findings.end(),
                                 [&](const Finding& f) { return to_string(f.code) == code; });
    return at == d.findings.end() ? nullptr : &*at;
}

Design hand(const std::string& dbox, std::int64_t C, std::int64_t D,
            std::optional<EcLayout> layout = std::nullopt) {
    HandDesign h{"hand", "cnode-1u", dbox, std::nullopt, "", "", C, D, layout};
    return evaluate_design(h, Requirements{}, Constraints{}, 1.0, default_catalog_for_tests());
}

} // namespace

TEST_CASE("the reference pod is dbox-ha by default: it survives a D-box, not a rack") {
    const Design d =
        size_scenario(example("ncp-pod-41k.json"), default_catalog_for_tests()).designs.at(0);
    // 180 D-boxes >= 75: dbox-ha costs nothing, so auto picks it; 146+4.
    CHECK(d.ec_layout == EcLayout::dbox_ha);
    CHECK(d.ec_layout_auto);
    CHECK(d.stripe_width() == 150);
    CHECK(in(d.usable, units::PB) == Approx(217.9).epsilon(5e-4));
    // 29 racks (docs/model.md §12), each with D-boxes.
    CHECK(d.failure_domains == 29);
    CHECK(d.tolerates_dbox_loss);
    // Up to 7 D-boxes per rack x 2 strips = 14 > 4 parity.
    CHECK(d.strips_per_rack == 14);
    CHECK_FALSE(d.tolerates_rack_loss);
    const Finding* f = finding(d, "not-rack-tolerant");
    REQUIRE(f != nullptr);
    CHECK(f->severity() == Severity::warning);
    // 2 x 29 racks = 58 wide: 54+4 = 93.1 % against 97.3 %, i.e. -4.3 %.
    CHECK_THAT(f->message(), Catch::Contains("54+4") && Catch::Contains("4.3 %"));
    CHECK(d.feasible()); // a warning, not a requirement missed
}

TEST_CASE("a rack-resilient pod buys the D-boxes its narrower stripe costs") {
    Scenario s = example("ncp-pod-41k.json");
    s.constraints.layout = EcLayout::rack_resilient;
    const Design d = size_scenario(s, default_catalog_for_tests()).designs.at(0);
    CHECK(d.ec_layout == EcLayout::rack_resilient);
    CHECK(d.tolerates_rack_loss);
    CHECK(d.tolerates_dbox_loss);
    // The width is 2 strips per rack holding D-boxes.
    CHECK(d.stripe_width() == 2 * d.failure_domains);
    CHECK(d.usable >= of<Capacity>(215, units::PB));
    CHECK(d.feasible());
    // The smallest such count: one D-box fewer, laid out again, is short.
    HandDesign fewer{
        "fewer",      d.cnode_model,           d.dbox_model, d.drive_size, "", "", d.cnodes,
        d.dboxes - 1, EcLayout::rack_resilient};
    const Design less =
        evaluate_design(fewer, Requirements{}, s.constraints, 1.0, default_catalog_for_tests());
    CHECK(less.usable < of<Capacity>(215, units::PB));
    // As measured: 186 D-boxes on 30 racks, 56+4, 215.9 PB (186 x 1,351.68 TB
    // x 56/60 x 0.92), against 180 D-boxes and 217.9 PB without it.
    CHECK(d.dboxes == 186);
    CHECK(d.racks == 30);
    CHECK(d.data_strips == 56);
}

TEST_CASE("the older rack_resilient key means the rack-resilient layout") {
    Scenario s = example("ncp-pod-41k.json");
    s.constraints.rack_resilient = true;
    const Design d = size_scenario(s, default_catalog_for_tests()).designs.at(0);
    CHECK(d.ec_layout == EcLayout::rack_resilient);
    CHECK_FALSE(d.ec_layout_auto);
    // An option's own layout wins over the scenario's.
    s.options.at(0).layout = EcLayout::classic;
    const Design c = size_scenario(s, default_catalog_for_tests()).designs.at(0);
    CHECK(c.ec_layout == EcLayout::classic);
    CHECK_FALSE(c.tolerates_dbox_loss);
    CHECK(finding(c, "no-enclosure-tolerance") != nullptr);
}

TEST_CASE("small clusters are classic: wider than the old 8+4 floor, no enclosure tolerance") {
    const Design d = hand("dbox-1u-22", 20, 10);
    CHECK(d.ec_layout == EcLayout::classic);
    CHECK(d.data_strips == 146); // 220 SSDs - 4, capped at 150 wide
    CHECK(in(d.usable, units::PB) == Approx(12.10).epsilon(1e-3));
    const Finding* f = finding(d, "no-enclosure-tolerance");
    REQUIRE(f != nullptr);
    CHECK_THAT(f->message(), Catch::Contains("dbox-ha needs at least 11 D-boxes"));
}

TEST_CASE("dbox-ha below 11 D-boxes is an error, and its write buffer wants more") {
    const Design ten = hand("dbox-1u-22", 20, 10, EcLayout::dbox_ha);
    CHECK(finding(ten, "layout-needs-dboxes") != nullptr);
    CHECK_FALSE(ten.feasible());
    // RAID 6 write buffer under DBox-HA from 15 1U or 22 high-density D-boxes.
    CHECK(finding(hand("dbox-1u-22", 28, 14, EcLayout::dbox_ha), "write-buffer-ha") != nullptr);
    CHECK(finding(hand("dbox-1u-22", 30, 15, EcLayout::dbox_ha), "write-buffer-ha") == nullptr);
    CHECK(finding(hand("dbox-2u-44-hd", 42, 21, EcLayout::dbox_ha), "write-buffer-ha") != nullptr);
    CHECK(finding(hand("dbox-2u-44-hd", 44, 22, EcLayout::dbox_ha), "write-buffer-ha") == nullptr);
    // Classic has no such rule.
    CHECK(finding(hand("dbox-1u-22", 28, 14, EcLayout::classic), "write-buffer-ha") == nullptr);
}

TEST_CASE("a cluster beyond the software's limits is an error that counts the clusters") {
    CHECK(finding(hand("dbox-1u-22", 1000, 1000), "platform-limit") == nullptr);
    const Design over = hand("dbox-1u-22", 1001, 1001);
    const Finding* f = finding(over, "platform-limit");
    REQUIRE(f != nullptr);
    CHECK(f->severity() == Severity::error);
    CHECK_THAT(f->message(), Catch::Contains("needs 2 clusters"));
}

TEST_CASE("one namespace of an exabyte on small drives needs several clusters") {
    // 1 EB on 15.36 TB drives: 22 x 15.36 TB x 146/150 x 0.92 = 302.6 TB per
    // D-box, so 3,305 D-boxes: 4 clusters of at most 1,000.
    const Catalog& cat = default_catalog_for_tests();
    HandDesign h{"pod", "cnode-1u", "dbox-1u-22", of<Capacity>(15.36, units::TB), "", "", 20,
                 10,    {}};
    const Design pod = evaluate_design(h, Requirements{}, Constraints{}, 1.0, cat);
    const Design one =
        grow_single_namespace(pod, of<Capacity>(1, units::EB), cat, Constraints{}, 1.0);
    CHECK(one.dboxes == 3305);
    const Finding* f = finding(one, "platform-limit");
    REQUIRE(f != nullptr);
    CHECK_THAT(f->message(), Catch::Contains("needs 4 clusters"));
}

TEST_CASE("automatic hardware under rack-resilient picks no more racks than its hardware by hand") {
    // A small pod with a large capacity need and 20 % headroom: the stripe's
    // rack width makes sizing add D-boxes. The trial designs of that step
    // once kept the requirement with the headroom in it, so judging them
    // added it again: every drive size but the smallest looked short, and
    // auto picked 30.72 TB drives on 20 racks where 61.44 TB drives meet the
    // need on 11 (measured with the CLI on the default catalog).
    Scenario s = example("ncp-pod-41k.json");
    s.fleet->gpus = 4608;
    s.capacity.usable = of<Capacity>(120, units::PB);
    s.constraints.layout = EcLayout::rack_resilient;
    s.constraints.headroom = 0.2;
    s.options.at(0).cnode.clear();
    s.options.at(0).dbox.clear();
    s.options.at(0).drive.reset();
    const Design automatic = size_scenario(s, default_catalog_for_tests()).designs.at(0);
    // The NCP rule takes certified D-boxes only: dbox-1u-22 in this catalog.
    REQUIRE(automatic.dbox_model == "dbox-1u-22");
    // What set the D-boxes is the stripe's rack width, not the headroom:
    // the headroom is a need of its own (24 D-boxes for 1.2 x the read).
    CHECK(automatic.sized_by.dboxes.by == "rack width");
    const auto headroom =
        std::find_if(automatic.sized_by.dboxes.needs.begin(), automatic.sized_by.dboxes.needs.end(),
                     [](const CountNeed& n) { return n.requirement == "headroom"; });
    REQUIRE(headroom != automatic.sized_by.dboxes.needs.end());
    CHECK(headroom->count < automatic.dboxes);
    s.options.at(0).cnode = "cnode-1u";
    s.options.at(0).dbox = "dbox-1u-22";
    for (double tb : {30.72, 61.44}) {
        s.options.at(0).drive = of<Capacity>(tb, units::TB);
        const Design by_hand = size_scenario(s, default_catalog_for_tests()).designs.at(0);
        INFO(tb << " TB drives by hand: " << by_hand.racks << " racks");
        CHECK(by_hand.feasible());
        CHECK(automatic.feasible());
        CHECK(automatic.racks <= by_hand.racks);
    }
}
