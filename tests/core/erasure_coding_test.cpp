// Stripes under each erasure-coding layout (docs/model.md §6). The layout
// rules are VAST's: classic width = SSDs - 4, 8 to 146 data strips + 4 parity
// (blog "bringing rack-level resilience, part one"); DBox-HA at most 2 strips
// per D-box from 11 D-boxes (support article 5713781959836); rack-level
// resilience at most 2 strips per rack from 7 racks (blog part two; KB
// "Rack Resiliency"). Every expected figure below is worked by hand from them.
#include "podsizer/core/erasure_coding.hpp"
#include "support/default_catalog.hpp"

#include <catch2/catch.hpp>

using namespace podsizer;

namespace {
ErasureCodingRule two_step_rule() {
    ErasureCodingRule ec;
    ec.id = "test";
    ec.parity = 4;
    ec.max_data_strips = 16;
    ec.steps = {{1, 8}, {10, 16}};
    ec.reserve = 0.10;
    return ec;
}
DBoxModel box_of(int drives, Capacity drive) {
    DBoxModel d;
    d.id = "box";
    d.drives = drives;
    d.drive_sizes = {drive};
    d.default_drive = drive;
    return d;
}
const ErasureCodingRule& vast() {
    return *default_catalog_for_tests().ec_rule("ec-n4-wide");
}
/// D boxes of 22 SSDs spread evenly over F racks.
DBoxPlacement on_racks(std::int64_t D, std::int64_t F) {
    return {D, 22, F, (D + F - 1) / F};
}
std::string stripe_text(const Stripe& s) {
    return std::to_string(s.data) + "+" + std::to_string(s.parity);
}
} // namespace

TEST_CASE("legacy stripe steps still cap the width") {
    const ErasureCodingRule ec = two_step_rule();
    CHECK(ec.step_for(1)->data_strips == 8);
    CHECK(ec.step_for(9)->data_strips == 8);
    CHECK(ec.step_for(10)->data_strips == 16);
    CHECK(ec.step_for(1000)->data_strips == 16);
    const DBoxModel box = box_of(10, of<Capacity>(10, units::TB));
    const auto at = [](std::int64_t D) { return DBoxPlacement{D, 10, D, 1}; };
    // 12 boxes x 100 TB = 1,200 TB raw; x 16/20 x 0.9 = 864 TB (by hand).
    const Stripe wide = stripe_for(ec, EcLayout::classic, at(12));
    CHECK(stripe_text(wide) == "16+4");
    CHECK(in(usable_capacity(box, box.default_drive, 12, ec, wide), units::TB) == Approx(864.0));
    // 5 boxes on the narrow step: 500 TB x 8/12 x 0.9 = 300 TB.
    const Stripe narrow = stripe_for(ec, EcLayout::classic, at(5));
    CHECK(in(usable_capacity(box, box.default_drive, 5, ec, narrow), units::TB) == Approx(300.0));
}

TEST_CASE("the D-box count for a capacity is the smallest that reaches it") {
    const ErasureCodingRule ec = two_step_rule();
    const DBoxModel box = box_of(10, of<Capacity>(10, units::TB));
    for (double need_tb : {1.0, 60.0, 300.0, 301.0, 540.0, 700.0, 864.0, 865.0, 5000.0}) {
        INFO(need_tb);
        const Capacity need = of<Capacity>(need_tb, units::TB);
        const auto d = dboxes_for_capacity(box, box.default_drive, need, ec, EcLayout::classic);
        const auto usable = [&](std::int64_t n) {
            return usable_capacity(box, box.default_drive, n, ec,
                                   stripe_for(ec, EcLayout::classic, {n, 10, n, 1}));
        };
        CHECK(usable(d) >= need);
        if (d > 1) {
            CHECK(usable(d - 1) < need);
        }
    }
    CHECK(dboxes_for_capacity(box, box.default_drive, Capacity{}, ec, EcLayout::classic) == 0);
}

TEST_CASE("classic: the width follows the SSD count, 4 SSDs excluded") {
    const ErasureCodingRule& ec = vast();
    CHECK(stripe_text(stripe_for(ec, EcLayout::classic, on_racks(1, 1))) == "14+4");  // 22 - 4
    CHECK(stripe_text(stripe_for(ec, EcLayout::classic, on_racks(2, 1))) == "36+4");  // 44 - 4
    CHECK(stripe_text(stripe_for(ec, EcLayout::classic, on_racks(7, 1))) == "146+4"); // 154 - 4
    // 10 x 22 x 61.44 TB = 13,516.8 TB x 146/150 x 0.92 = 12,104 TB: 12.10
    // PB, where the old 8+4 floor gave 8.3 PB.
    const DBoxModel& box = *default_catalog_for_tests().dbox("dbox-1u-22");
    const Capacity drive = of<Capacity>(61.44, units::TB);
    const Stripe s10 = stripe_for(ec, EcLayout::classic, on_racks(10, 1));
    CHECK(in(usable_capacity(box, drive, 10, ec, s10), units::PB) == Approx(12.104).epsilon(1e-3));
    // 10 PB: 9 boxes give 10.89 PB, 8 give 9.68 PB.
    CHECK(dboxes_for_capacity(box, drive, of<Capacity>(10, units::PB), ec, EcLayout::classic) == 9);
    // A classic stripe may put a D-box's 22 SSDs in one stripe: no enclosure tolerance.
    const Stripe big = stripe_for(ec, EcLayout::classic, on_racks(180, 30));
    CHECK(big.strips_per_dbox == 22);
    CHECK_FALSE(big.tolerates_dbox_loss);
}

TEST_CASE("dbox-ha: at most 2 strips per D-box, from 11 D-boxes") {
    const ErasureCodingRule& ec = vast();
    const Stripe s11 = stripe_for(ec, EcLayout::dbox_ha, on_racks(11, 1));
    CHECK(stripe_text(s11) == "18+4"); // 2 x 11 = 22 wide
    CHECK(s11.efficiency() == Approx(18.0 / 22.0));
    CHECK(stripe_text(stripe_for(ec, EcLayout::dbox_ha, on_racks(14, 1))) == "24+4");
    CHECK(stripe_text(stripe_for(ec, EcLayout::dbox_ha, on_racks(75, 3))) == "146+4");
    const Stripe s10 = stripe_for(ec, EcLayout::dbox_ha, on_racks(10, 1));
    CHECK_FALSE(s10.valid);
    CHECK_FALSE(s10.tolerates_dbox_loss);
    // The reference pod: 180 D-boxes, 6 to a rack on 30 racks. A D-box loss
    // costs 2 strips (tolerated), a rack loss 2 x 6 = 12 > 4 parity (not).
    const Stripe ncp = stripe_for(ec, EcLayout::dbox_ha, on_racks(180, 30));
    CHECK(stripe_text(ncp) == "146+4");
    CHECK(ncp.strips_per_dbox == 2);
    CHECK(ncp.tolerates_dbox_loss);
    CHECK(ncp.strips_per_rack == 12);
    CHECK_FALSE(ncp.tolerates_rack_loss);
}

TEST_CASE("rack-resilient: at most 2 strips per rack, from 7 racks") {
    const ErasureCodingRule& ec = vast();
    const Stripe f7 = stripe_for(ec, EcLayout::rack_resilient, on_racks(70, 7));
    CHECK(stripe_text(f7) == "10+4"); // 2 x 7 = 14 wide: 71.4 %
    CHECK(f7.efficiency() == Approx(10.0 / 14.0));
    const Stripe f30 = stripe_for(ec, EcLayout::rack_resilient, on_racks(180, 30));
    CHECK(stripe_text(f30) == "56+4"); // 2 x 30 = 60 wide: 93.3 %
    CHECK(f30.tolerates_rack_loss);
    CHECK(f30.tolerates_dbox_loss);
    // 180 x 1,351.68 TB x 56/60 x 0.92 = 208.9 PB, against 217.9 PB at 146+4.
    const DBoxModel& box = *default_catalog_for_tests().dbox("dbox-1u-22");
    CHECK(in(usable_capacity(box, of<Capacity>(61.44, units::TB), 180, ec, f30), units::PB) ==
          Approx(208.93).epsilon(1e-3));
    CHECK_FALSE(stripe_for(ec, EcLayout::rack_resilient, on_racks(60, 6)).valid);
}

TEST_CASE("auto picks dbox-ha where it costs no capacity") {
    const ErasureCodingRule& ec = vast();
    const Stripe s74 = stripe_for(ec, EcLayout::automatic, on_racks(74, 13));
    CHECK(s74.layout == EcLayout::classic); // dbox-ha would give 144+4
    CHECK(s74.automatic);
    CHECK(stripe_text(s74) == "146+4");
    const Stripe s75 = stripe_for(ec, EcLayout::automatic, on_racks(75, 13));
    CHECK(s75.layout == EcLayout::dbox_ha);
    CHECK(stripe_text(s75) == "146+4");
}

TEST_CASE("rack balance follows the KB's own example") {
    // KB "Rack Resiliency": racks of 10 D-boxes take one more of 9, 10 or 11, not 12.
    const std::vector<std::int64_t> tens(7, 10);
    for (std::int64_t extra : {9, 10, 11}) {
        auto racks = tens;
        racks.push_back(extra);
        CHECK(rack_balance_problem(racks).empty());
    }
    auto racks = tens;
    racks.push_back(12);
    CHECK_FALSE(rack_balance_problem(racks).empty());
    // Twice another rack's capacity: 1 and 2 D-boxes differ by one but not 1 and 3.
    CHECK(rack_balance_problem({1, 2}).empty());
}

TEST_CASE("layout names read back") {
    for (EcLayout l :
         {EcLayout::automatic, EcLayout::classic, EcLayout::dbox_ha, EcLayout::rack_resilient}) {
        CHECK(ec_layout_from_string(to_string(l)) == l);
    }
    CHECK_FALSE(ec_layout_from_string("raid6"));
}
