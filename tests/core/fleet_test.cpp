#include "podsizer/core/errors.hpp"
#include "podsizer/core/fleet.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <numeric>

using namespace podsizer;

namespace {
Fleet fleet(std::int64_t gpus, std::int64_t per_cluster, int sites) {
    return Fleet{"gb200-nvl72", gpus, sites, per_cluster};
}
bool has(const FleetPlan& p, const std::string& code) {
    return std::any_of(p.findings.begin(), p.findings.end(),
                       [&](const Finding& f) { return to_string(f.code) == code; });
}
} // namespace

TEST_CASE("160,000 GPUs in clusters of 41,472 over 3 sites are 4 clusters: 2, 1 and 1") {
    // Brief: 160,000 GPUs, roughly 40,000 per training cluster, about three
    // sites; the cluster is the NCP pod's 72 SUs × 576 = 41,472 GPUs.
    // By hand: ceil(160,000 / 41,472) = ceil(3.86) = 4 clusters; the last has
    // 160,000 − 3 × 41,472 = 35,584 GPUs; 4 over 3 sites -> 2, 1, 1.
    const FleetPlan p = plan_fleet(fleet(160000, 41472, 3));
    CHECK(p.clusters == 4);
    CHECK(p.clusters_per_site == 2);
    CHECK(p.last_cluster_gpus == 35584);
    REQUIRE(p.site_plan.size() == 3);
    CHECK(p.site_plan[0].clusters == 2);
    CHECK(p.site_plan[1].clusters == 1);
    CHECK(p.site_plan[2].clusters == 1);
    CHECK(p.site_plan[0].gpus == 82944);
    CHECK(p.site_plan[1].gpus == 41472);
    CHECK(p.site_plan[2].gpus == 35584);
    CHECK(has(p, "partial-cluster"));
    CHECK_FALSE(has(p, "empty-sites"));
}

TEST_CASE("clusters spread over sites evenly and the GPUs add up") {
    struct Row {
        std::int64_t gpus, per_cluster;
        int sites;
        std::int64_t clusters, per_site, last;
        bool empty_sites;
    };
    // By hand: clusters = ceil(gpus / per cluster); per site = ceil(clusters / sites).
    const Row rows[] = {
        {160000, 40000, 3, 4, 2, 40000, false}, // the brief's round figure: no partial cluster
        {100, 100, 1, 1, 1, 100, false},
        {100, 10, 3, 10, 4, 10, false}, // 4, 3, 3
        {95, 10, 3, 10, 4, 5, false},   // the last cluster holds 5
        {10, 10, 3, 1, 1, 10, true},    // one cluster, two sites empty
        {7, 0, 2, 1, 1, 7, true},       // no cluster size: one cluster of all GPUs
    };
    for (const Row& r : rows) {
        INFO(r.gpus << " GPUs, " << r.per_cluster << " per cluster, " << r.sites << " sites");
        const FleetPlan p = plan_fleet(fleet(r.gpus, r.per_cluster, r.sites));
        CHECK(p.clusters == r.clusters);
        CHECK(p.clusters_per_site == r.per_site);
        CHECK(p.last_cluster_gpus == r.last);
        CHECK(has(p, "empty-sites") == r.empty_sites);
        std::int64_t clusters = 0;
        std::int64_t gpus = 0;
        std::int64_t lo = r.clusters;
        std::int64_t hi = 0;
        for (const FleetSite& s : p.site_plan) {
            clusters += s.clusters;
            gpus += s.gpus;
            lo = std::min(lo, s.clusters);
            hi = std::max(hi, s.clusters);
        }
        CHECK(clusters == r.clusters);
        CHECK(gpus == r.gpus);
        CHECK(hi - lo <= 1);
    }
}

TEST_CASE("a fleet without GPUs or sites is refused") {
    CHECK_THROWS_AS(plan_fleet(fleet(0, 10, 1)), InputError);
    CHECK_THROWS_AS(plan_fleet(fleet(10, 10, 0)), InputError);
}

TEST_CASE("fleet storage puts one pod next to every cluster") {
    Design pod;
    pod.name = "pod";
    pod.racks = 30;
    pod.usable = of<Capacity>(217.87, units::PB);
    pod.power = of<Power>(738, units::kW);
    pod.read = of<Throughput>(10.8, units::TB_per_s);
    pod.write = of<Throughput>(4.5, units::TB_per_s);
    const FleetStorage s = fleet_storage(plan_fleet(fleet(160000, 41472, 3)), pod);
    // 4 pods: 871.5 PB, 120 racks, 2,952 kW; sites hold 2, 1 and 1 pods.
    CHECK(s.pods == 4);
    CHECK(in(s.usable, units::PB) == Approx(871.48));
    CHECK(s.racks == 120);
    CHECK(in(s.power, units::kW) == Approx(2952));
    CHECK(in(s.read, units::TB_per_s) == Approx(43.2));
    REQUIRE(s.usable_per_site.size() == 3);
    CHECK(in(s.usable_per_site[0], units::PB) == Approx(435.74));
    CHECK(in(s.usable_per_site[2], units::PB) == Approx(217.87));
    CHECK(s.racks_per_site == std::vector<std::int64_t>{60, 30, 30});
}

TEST_CASE("the fleet split stores one pod per cluster for the per-pod designs only") {
    Design pod;
    pod.name = "pod";
    pod.usable = Capacity::from_base(200e15); // 200 PB
    pod.racks = 30;
    Design exabyte = pod;
    exabyte.name = "exabyte";
    Scenario s;
    s.fleet = fleet(160'000, 41'472, 3);
    OptionSpec per_pod;
    OptionSpec own_capacity;
    own_capacity.capacity = CapacitySpec{};
    s.options = {per_pod, own_capacity};
    const FleetSplit split = split_fleet(s, {pod, exabyte});
    REQUIRE(split.plan);
    CHECK(split.plan->clusters == 4);
    REQUIRE(split.storage.size() == 2);
    REQUIRE(split.storage[0]);
    CHECK(split.storage[0]->racks == 120); // 4 pods of 30 racks
    CHECK_FALSE(split.storage[1]);         // an option with its own capacity need

    // Without options the engine sizes one automatic per-pod design; designs
    // after it (extrapolate's one-namespace alternatives) are not pods.
    s.options.clear();
    const FleetSplit automatic = split_fleet(s, {pod, exabyte});
    REQUIRE(automatic.storage.size() == 2);
    CHECK(automatic.storage[0]);
    CHECK_FALSE(automatic.storage[1]);

    s.fleet.reset();
    const FleetSplit none = split_fleet(s, {pod});
    CHECK_FALSE(none.plan);
    CHECK(none.storage.empty());
}
