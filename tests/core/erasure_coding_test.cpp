#include "podsizer/core/erasure_coding.hpp"
#include "support/default_catalog.hpp"

#include <catch2/catch.hpp>

using namespace podsizer;

namespace {
ErasureCodingRule two_step_rule() {
    ErasureCodingRule ec;
    ec.id = "test";
    ec.parity = 4;
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
} // namespace

TEST_CASE("the stripe step follows the enclosure count") {
    const ErasureCodingRule ec = two_step_rule();
    CHECK(ec.step_for(1).data_strips == 8);
    CHECK(ec.step_for(9).data_strips == 8);
    CHECK(ec.step_for(10).data_strips == 16);
    CHECK(ec.step_for(1000).data_strips == 16);
    CHECK(ec.efficiency(10) == Approx(16.0 / 20.0));
}

TEST_CASE("usable capacity is raw times stripe efficiency times one minus reserve") {
    const ErasureCodingRule ec = two_step_rule();
    const DBoxModel box = box_of(10, of<Capacity>(10, units::TB));
    // 12 boxes x 100 TB = 1,200 TB raw; x 16/20 x 0.9 = 864 TB (by hand).
    CHECK(in(usable_capacity(box, box.default_drive, 12, ec), units::TB) == Approx(864.0));
    // 5 boxes on the narrow step: 500 TB x 8/12 x 0.9 = 300 TB.
    CHECK(in(usable_capacity(box, box.default_drive, 5, ec), units::TB) == Approx(300.0));
}

TEST_CASE("the D-box count for a capacity is the smallest that reaches it") {
    const ErasureCodingRule ec = two_step_rule();
    const DBoxModel box = box_of(10, of<Capacity>(10, units::TB));
    for (double need_tb : {1.0, 60.0, 300.0, 301.0, 540.0, 700.0, 864.0, 865.0, 5000.0}) {
        INFO(need_tb);
        const Capacity need = of<Capacity>(need_tb, units::TB);
        const auto d = dboxes_for_capacity(box, box.default_drive, need, ec);
        CHECK(usable_capacity(box, box.default_drive, d, ec) >= need);
        if (d > 1) {
            CHECK(usable_capacity(box, box.default_drive, d - 1, ec) < need);
        }
    }
    CHECK(dboxes_for_capacity(box, box.default_drive, Capacity{}, ec) == 0);
}

TEST_CASE("the default rule reaches 146+4 at 75 D-boxes, 97.3 % efficient") {
    // SOURCES.md: 146/150 = 97.3 % at full width.
    const ErasureCodingRule& ec = *default_catalog_for_tests().ec_rule("ec-n4-wide");
    CHECK(ec.step_for(75).data_strips == 146);
    CHECK(ec.step_for(74).data_strips < 146);
    CHECK(ec.efficiency(180) == Approx(146.0 / 150.0));
    CHECK(ec.reserve == Approx(0.08));
}
