#include "podsizer/core/rack_layout.hpp"

#include <algorithm>
#include <catch2/catch.hpp>

using namespace podsizer;

namespace {
template <class T> T device(const char* id, int height, double watts) {
    T t;
    t.id = id;
    t.height = RackUnits::from_base(height);
    t.power = Power::from_base(watts);
    return t;
}
} // namespace

TEST_CASE("racks are the larger of the space and the power bound, then laid out evenly") {
    const auto c = device<CNodeModel>("c", 1, 800);
    const auto d = device<DBoxModel>("d", 1, 1600);
    const auto s = device<SwitchModel>("s", 2, 1500);
    // The reference pod: 750 U over 40 U -> 19 racks; 738 kW over 25 kW -> 30.
    const RackPlan plan = plan_racks({&c, 450, &d, 180, &s, 60, 1}, RackUnits::from_base(40),
                                     Power::from_base(25000));
    CHECK(plan.racks_for_space == 19);
    CHECK(plan.racks_for_power == 30);
    REQUIRE(plan.racks.size() == 30);
    for (const Rack& r : plan.racks) {
        CHECK(r.dboxes == 6);
        CHECK(r.cnodes == 15);
        CHECK(r.switches == 2);
        CHECK(r.used.base() <= 40);
        CHECK(r.power.base() <= 25000);
    }
}

TEST_CASE("uneven counts differ by at most one per rack, and every device is placed once") {
    const auto c = device<CNodeModel>("c", 1, 800);
    const auto d = device<DBoxModel>("d", 2, 2400);
    const auto s = device<SwitchModel>("s", 2, 1500);
    const RackPlan plan = plan_racks({&c, 104, &d, 207, &s, 50, 1}, RackUnits::from_base(40),
                                     Power::from_base(25000));
    REQUIRE(!plan.racks.empty());
    int total_d = 0;
    int total_c = 0;
    int total_s = 0;
    int min_d = 1 << 30;
    int max_d = 0;
    for (const Rack& r : plan.racks) {
        total_d += r.dboxes;
        total_c += r.cnodes;
        total_s += r.switches;
        min_d = std::min(min_d, r.dboxes);
        max_d = std::max(max_d, r.dboxes);
        CHECK(r.used.base() <= 40);
        CHECK(r.power.base() <= 25000);
        // No two devices share a U; every device is inside the usable U.
        std::vector<int> taken(41, 0);
        for (const RackSlot& slot : r.slots) {
            CHECK(slot.u >= 1);
            CHECK(slot.u + slot.height - 1 <= 40);
            for (int u = slot.u; u < slot.u + slot.height; ++u) {
                CHECK(++taken[static_cast<std::size_t>(u)] == 1);
            }
        }
    }
    CHECK(total_d == 207);
    CHECK(total_c == 104);
    CHECK(total_s == 50);
    CHECK(max_d - min_d <= 1);
}

TEST_CASE("a device larger than the rack is reported, not laid out") {
    const auto c = device<CNodeModel>("c", 1, 30000);
    const RackPlan plan = plan_racks({&c, 2, nullptr, 0, nullptr, 0, 1}, RackUnits::from_base(40),
                                     Power::from_base(25000));
    CHECK(plan.device_too_big);
    CHECK(plan.racks.empty());
}

TEST_CASE("a minimum rack count spreads even a small design") {
    const auto c = device<CNodeModel>("c", 1, 800);
    const auto d = device<DBoxModel>("d", 1, 1600);
    const RackPlan plan = plan_racks({&c, 14, &d, 14, nullptr, 0, 7}, RackUnits::from_base(40),
                                     Power::from_base(25000));
    REQUIRE(plan.racks.size() == 7);
    for (const Rack& r : plan.racks) {
        CHECK(r.dboxes == 2);
    }
}

TEST_CASE("counting racks without building slots gives the same count") {
    // The optimiser plans racks without U-by-U slots; every count, and the
    // space and power bounds, must be those of the full layout.
    const auto c = device<CNodeModel>("c", 1, 800);
    const auto d1 = device<DBoxModel>("d1", 1, 1600);
    const auto d2 = device<DBoxModel>("d2", 2, 2400);
    const auto s = device<SwitchModel>("s", 2, 1500);
    std::size_t cases = 0;
    for (const DBoxModel* d : {&d1, &d2}) {
        for (std::int64_t cn : {0, 1, 7, 104, 450, 2067}) {
            for (std::int64_t dn : {1, 11, 180, 207, 827}) {
                for (std::int64_t sn : {0, 2, 60}) {
                    for (std::int64_t min_racks : {1, 7}) {
                        for (const auto& [u, kw] : {std::pair{40.0, 25.0}, std::pair{46.0, 40.0}}) {
                            INFO(cn << " C-nodes, " << dn << " " << d->id << ", " << sn
                                    << " switches, " << u << " U, " << kw << " kW");
                            const RackDemand demand{&c, cn, d, dn, &s, sn, min_racks};
                            const RackUnits usable = RackUnits::from_base(u);
                            const Power budget = of<Power>(kw, units::kW);
                            const RackPlan full = plan_racks(demand, usable, budget, true);
                            const RackPlan fast = plan_racks(demand, usable, budget, false);
                            CHECK(fast.racks.empty());
                            CHECK(fast.count == full.count);
                            CHECK(full.count == static_cast<std::int64_t>(full.racks.size()));
                            CHECK(fast.racks_for_space == full.racks_for_space);
                            CHECK(fast.racks_for_power == full.racks_for_power);
                            ++cases;
                        }
                    }
                }
            }
        }
    }
    CHECK(cases == 720);
}

TEST_CASE("racks without slots hold the counts, U and draw of the full layout") {
    // A sweep lays its racks out without slots (RackDetail::racks, issue 34):
    // every rack figure a design reads must be the full layout's, bit for bit.
    const auto c = device<CNodeModel>("c", 1, 800);
    const auto d = device<DBoxModel>("d", 2, 2400);
    const auto s = device<SwitchModel>("s", 2, 1500);
    for (std::int64_t cn : {1, 104, 2067}) {
        for (std::int64_t dn : {1, 207, 827}) {
            INFO(cn << " C-nodes, " << dn << " D-boxes");
            const RackDemand demand{&c, cn, &d, dn, &s, 60, 3, PowerBasis::max, 40, 20};
            const RackUnits usable = RackUnits::from_base(40);
            const Power budget = Power::from_base(25000);
            const RackPlan full = plan_racks(demand, usable, budget, RackDetail::slots);
            const RackPlan lean = plan_racks(demand, usable, budget, RackDetail::racks);
            REQUIRE(lean.racks.size() == full.racks.size());
            CHECK(lean.count == full.count);
            CHECK(lean.peak.base() == full.peak.base());
            CHECK(lean.peak_max.base() == full.peak_max.base());
            for (std::size_t i = 0; i < full.racks.size(); ++i) {
                const Rack& a = full.racks[i];
                const Rack& b = lean.racks[i];
                CHECK(b.slots.empty());
                CHECK_FALSE(a.slots.empty());
                CHECK(b.index == a.index);
                CHECK(b.cnodes == a.cnodes);
                CHECK(b.dboxes == a.dboxes);
                CHECK(b.switches == a.switches);
                CHECK(b.used.base() == a.used.base());
                CHECK(b.power.base() == a.power.base());
                CHECK(b.max_power.base() == a.max_power.base());
                CHECK(b.cooling == a.cooling);
            }
        }
    }
}
