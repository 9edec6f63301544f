#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/comparison.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/errors.hpp"
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
    CHECK(in(cloud.read(), units::Tbps) == Approx(25));
    CHECK(in(cloud.read(), units::TB_per_s) == Approx(3.125));
    CHECK(cloud.accounts == 178);
    // The ingress cap: 10.68 Tbps (see reference_test); designs have none.
    REQUIRE(cloud.write_within_limits);
    CHECK(in(*cloud.write_within_limits, units::Tbps) == Approx(10.68));
    CHECK_FALSE(c.columns[0].write_within_limits.has_value());
    CHECK(c.columns[0].accounts == 0);
}

TEST_CASE("a pods column holds its design and has n times one pod's figures") {
    const Comparison c = fleet_comparison();
    const ComparisonColumn& pod = c.columns[0];
    const ComparisonColumn& pods = c.columns[1]; // NCP pod × 5
    // One design, held by both columns (not copied into them); none for the cloud.
    REQUIRE(pod.design != nullptr);
    CHECK(pods.design == pod.design);
    CHECK(c.columns[4].design == nullptr);
    // A copy of the comparison shares it, so the copy outlives nothing.
    const Comparison copy = c;
    CHECK(copy.columns[1].design == pod.design);
    // n pods: every total 5 times one pod's, as the extrapolation grows them.
    const Extrapolation& e = c.extrapolations.front();
    CHECK(pods.cnodes() == 5 * pod.cnodes());
    CHECK(pods.cnodes() == e.cnodes);
    CHECK(pods.dboxes() == e.dboxes);
    CHECK(pods.racks() == e.racks);
    CHECK(pods.usable() == e.usable);
    CHECK(pods.read() == e.read);
    CHECK(pods.power() == e.power);
    REQUIRE(pods.bom());
    CHECK(pods.bom()->cables == 5 * pod.bom()->cables);
    CHECK(pods.verdict().status == pod.verdict().status);
}

TEST_CASE("each ratio is against the reference sized at the column's own capacity") {
    const Comparison c = fleet_comparison();
    // docs/extrapolation-and-comparison.md, "Ratios": a 217.9 PB pod against the 1 EB store said
    // 0.14× the racks. Like for like, NCP pods × 5 (1,089.3 PB) face the store at 1,089.3 PB:
    // ceil(1.0893 × 220) = 240 racks, 2,880 kW at 12 kW per rack, 27.23 Tbps = 3.404 TB/s each way
    // (worked by hand from the catalog).
    REQUIRE(c.ratios.size() == 4); // 4 non-reference columns × 1 reference
    const ComparisonRatio& pods = c.ratios[1];
    CHECK(c.columns[pods.column].name == "NCP pod × 5");
    CHECK(c.references[pods.reference].id == "cloud-object-store");
    CHECK(c.ratio(1, 0) == &pods);
    CHECK(c.ratio(4, 0) == nullptr); // the cloud store's own column
    CHECK(pods.basis == c.columns[1].usable());
    CHECK(pods.reference_racks == 240);
    // Five pods of 29 racks and 702 kW (docs/model.md §12).
    CHECK(pods.racks == Approx(145.0 / 240.0));
    CHECK(pods.power == Approx(3510.0 / 2880.0));
    const double store_tbs = in(c.columns[1].usable(), units::PB) / 100.0 * 2.5 / 8.0;
    CHECK(pods.read == Approx(54.0 / store_tbs));
    CHECK(pods.write == Approx(22.5 / store_tbs));
    // One NCP pod (217.9 PB): the store needs 48 racks, 576 kW.
    const ComparisonRatio& pod = c.ratios[0];
    CHECK(pod.reference_racks == 48);
    CHECK(pod.racks == Approx(29.0 / 48.0));
    CHECK(pod.power == Approx(702.0 / 576.0));
}

TEST_CASE("the power saved, the GPUs it feeds and the break-even rack power") {
    const Catalog& cat = default_catalog_for_tests();
    const Scenario s = example("fleet-160k.json");
    ComparisonSpec spec;
    spec.target = s.extrapolation;
    spec.references.push_back(cat.reference("cloud-object-store"));
    spec.platform = cat.platform("gb200-nvl72");
    const Comparison c = compare_designs(size_scenario(s, cat), spec);
    // GB200 NVL72: 1.2 MW per 576-GPU scalable unit (NVIDIA DGX SuperPOD GB200
    // RA) = 2,083.3 W per GPU.
    CHECK(c.gpu_platform == "GB200 NVL72");
    CHECK(in(c.power_per_gpu, units::W) == Approx(1.2e6 / 576.0));
    // The HD exabyte, capacity only: 629.5 kW (docs/model.md §13) against
    // the store at 1,002.2 PB (221 racks, 2,652 kW): 2,022.5 kW saved feed
    // 970.8 GPUs.
    const ComparisonRatio& hd = *c.ratio(3, 0);
    CHECK(hd.reference_racks == 221);
    CHECK(in(hd.power_saved, units::kW) == Approx(2652.0 - 629.5));
    REQUIRE(hd.gpus_fed);
    CHECK(*hd.gpus_fed == Approx((2652.0 - 629.5) * 1000.0 / (1.2e6 / 576.0)));
    // The store's power per rack at which it draws what the design draws.
    CHECK(in(hd.break_even_rack_power, units::kW) == Approx(629.5 / 221.0));
    // The NCP pod draws more than the store at 12 kW per rack; the ratio
    // flips above 702 / 48 = 14.6 kW per rack.
    const ComparisonRatio& pod = *c.ratio(0, 0);
    CHECK(in(pod.power_saved, units::kW) == Approx(576.0 - 702.0));
    CHECK(in(pod.break_even_rack_power, units::kW) == Approx(702.0 / 48.0));
    // It draws 126 kW more, so the saved power feeds no GPUs: 0, never −60
    // (REVIEW-3 §5.2).
    REQUIRE(pod.gpus_fed);
    CHECK(*pod.gpus_fed == 0.0);
    // The cloud column shows the accounts its 2 subscriptions rest on:
    // ceil(25 Tbps / 60 Gbps) = 417, beside the 178 the capacity needs
    // (Microsoft Learn, storage account scalability targets; REVIEW-3 §5.3).
    const ComparisonColumn& cloud = c.columns.back();
    CHECK(cloud.accounts == 178);
    CHECK(cloud.subscriptions == 2);
    CHECK(cloud.accounts_for_subscriptions == 417);
    // A platform without SU power in the catalog: no GPUs, not a guess.
    spec.platform = cat.platform("h100");
    const Comparison h = compare_designs(size_scenario(s, cat), spec);
    CHECK(h.gpu_platform.empty());
    CHECK_FALSE(h.ratio(0, 0)->gpus_fed.has_value());
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

TEST_CASE("without a target the references are sized at the usable need") {
    const Catalog& cat = default_catalog_for_tests();
    ComparisonSpec spec;
    spec.references.push_back(cat.reference("cloud-object-store"));
    const SizingResult sized = size_scenario(example("ncp-pod-41k.json"), cat);
    const Comparison c = compare_designs(sized, spec);
    REQUIRE(c.columns.size() == 2); // no pods column without a target
    // docs/model.md §15: the need (215 PB), not the design's 217.87 PB,
    // which rounds up to whole D-boxes.
    CHECK(c.reference_capacity == sized.requirements.usable);
    CHECK(in(c.reference_capacity, units::PB) == Approx(215.0));
    CHECK(c.reference_basis == ReferenceBasis::need);
    CHECK(c.references[0].racks == 48); // 215 PB × 220 / 1,000 = 47.3 -> 48
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
