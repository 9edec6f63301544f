#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/comparison.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/errors.hpp"
#include "support/default_catalog.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace podsizer;

namespace {

Scenario example(const std::string& name) {
    return load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/" + name,
                         default_catalog_for_tests());
}

Comparison fleet_comparison() {
    const Catalog& cat = default_catalog_for_tests();
    const Scenario s = example("fleet-160k.json");
    ComparisonSpec spec;
    spec.target = s.extrapolation;
    spec.references.push_back(cat.reference("cloud-object-store"));
    return compare_designs(size_scenario(s, cat), spec);
}

} // namespace

TEST_CASE("the fleet comparison has the columns the architects drew") {
    // Brief: NCP pods grown to 1 EB, the high-density exabyte at full and
    // capacity-only C-node counts, and the cloud store at 1 EB.
    const Comparison c = fleet_comparison();
    REQUIRE(c.columns.size() == 5);
    CHECK(c.columns[0].name == "NCP pod");
    CHECK(c.columns[0].kind == ColumnKind::design);
    CHECK(c.columns[1].name == "NCP pod × 5");
    CHECK(c.columns[1].kind == ColumnKind::pods);
    CHECK(c.columns[2].kind == ColumnKind::design); // one HD exabyte is already 1 EB
    CHECK(c.columns[3].kind == ColumnKind::design);
    CHECK(c.columns[4].kind == ColumnKind::reference);
    CHECK(c.reference_capacity == of<Capacity>(1, units::EB));
    CHECK(c.all_feasible());
}

TEST_CASE("columns hold numbers and say where they come from") {
    const Comparison c = fleet_comparison();
    // Designs and pods point at their design; the reference at its sizing.
    CHECK(c.columns[0].source == 0);
    CHECK(c.columns[1].source == 0); // NCP pod × 5 grows design 0
    CHECK(c.columns[1].pods == 5);
    CHECK(c.columns[2].source == 1);
    CHECK(c.columns[4].source == 0);
    CHECK(c.reference_basis == ReferenceBasis::target);
    const ComparisonColumn& cloud = c.columns[4];
    // The cloud store at 1 EB: 25 Tbps each way (brief), 178 accounts.
    CHECK(in(cloud.read, units::Tbps) == Approx(25));
    CHECK(in(cloud.read, units::TB_per_s) == Approx(3.125));
    CHECK(cloud.accounts == 178);
    // The ingress cap: 10.68 Tbps (see reference_test); designs have none.
    REQUIRE(cloud.write_within_limits);
    CHECK(in(*cloud.write_within_limits, units::Tbps) == Approx(10.68));
    CHECK_FALSE(c.columns[0].write_within_limits.has_value());
    CHECK(c.columns[0].accounts == 0);
}

TEST_CASE("each design's ratio to each reference is its figure over the reference's") {
    const Comparison c = fleet_comparison();
    // NCP pods × 5: 150 racks over the cloud's 220 = 0.68; 54 TB/s read over
    // 3.125 TB/s = 17.28; 3,690 kW over 2,640 kW = 1.40 (worked by hand).
    REQUIRE(c.ratios.size() == 4); // 4 non-reference columns × 1 reference
    const ComparisonRatio& pods = c.ratios[1];
    CHECK(c.columns[pods.column].name == "NCP pod × 5");
    CHECK(c.references[pods.reference].id == "cloud-object-store");
    CHECK(c.ratio(1, 0) == &pods);
    CHECK(c.ratio(4, 0) == nullptr); // the cloud store's own column
    CHECK(pods.racks == Approx(150.0 / 220.0));
    CHECK(pods.read == Approx(54.0 / 3.125));
    CHECK(pods.power == Approx(3690.0 / 2640.0));
    CHECK(pods.write == Approx(22.5 / 3.125));
}

TEST_CASE("densities follow from the columns") {
    const Comparison c = fleet_comparison();
    // Cloud: 1,000 PB / 220 racks = 4.55 PB per rack; 3,125 GB/s / 2,640 kW =
    // 1.18 GB/s per kW; 3.125 TB/s / 10^6 TB = 3.125 MB/s per TB (SOURCES.md: 3.1).
    const ComparisonColumn& cloud = c.columns[4];
    CHECK(cloud.pb_per_rack() == Approx(4.545).epsilon(1e-3));
    CHECK(cloud.gbps_read_per_kw() == Approx(3125.0 / 2640.0));
    CHECK(cloud.mbps_read_per_tb() == Approx(3.125));
    // Whole pods keep the pod's densities.
    CHECK(c.columns[1].pb_per_rack() == Approx(c.columns[0].pb_per_rack()));
    CHECK(c.columns[1].mbps_write_per_tb() == Approx(c.columns[0].mbps_write_per_tb()));
}

TEST_CASE("without a target the references are sized at the first design's capacity") {
    const Catalog& cat = default_catalog_for_tests();
    ComparisonSpec spec;
    spec.references.push_back(cat.reference("cloud-object-store"));
    const SizingResult sized = size_scenario(example("ncp-pod-41k.json"), cat);
    const Comparison c = compare_designs(sized, spec);
    REQUIRE(c.columns.size() == 2); // no pods column without a target
    CHECK(c.reference_capacity == sized.designs[0].usable);
    CHECK(c.reference_basis == ReferenceBasis::first_design);
    CHECK(c.references[0].racks == 48); // 217.87 PB × 220 / 1,000 = 47.9 -> 48
    CHECK(c.extrapolations.empty());
}

TEST_CASE("a comparison without references has no ratios") {
    const Scenario s = example("fleet-160k.json");
    ComparisonSpec spec;
    spec.target = s.extrapolation;
    const Comparison c = compare_designs(size_scenario(s, default_catalog_for_tests()), spec);
    CHECK(c.references.empty());
    CHECK(c.ratios.empty());
}
