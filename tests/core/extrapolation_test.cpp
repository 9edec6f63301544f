#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/extrapolation.hpp"
#include "support/default_catalog.hpp"
#include "support/test_paths.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

using namespace podsizer;

namespace {

Scenario example(const std::string& name) {
    return load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/" + name,
                         default_catalog_for_tests());
}

const Design& ncp_pod() {
    static const Design d =
        size_scenario(example("ncp-pod-41k.json"), default_catalog_for_tests()).designs.at(0);
    return d;
}

/// A pod with only what extrapolate_pods reads.
Design pod_of(double usable_pb) {
    Design d;
    d.name = "pod";
    d.cnodes = 10;
    d.dboxes = 4;
    d.racks = 3;
    d.usable = of<Capacity>(usable_pb, units::PB);
    d.raw = d.usable * 1.1;
    d.read = of<Throughput>(100, units::GB_per_s);
    d.write = of<Throughput>(40, units::GB_per_s);
    d.power = of<Power>(20, units::kW);
    return d;
}

bool has(const std::vector<Finding>& fs, const std::string& code) {
    return std::any_of(fs.begin(), fs.end(),
                       [&](const Finding& f) { return to_string(f.code) == code; });
}

} // namespace

TEST_CASE("NCP pods grown to an exabyte are just over 4 pods, and 5 whole pods") {
    // Brief (shared/brief/BRIEF.md): "~215 PB per pod -> just over 4 pods;
    // 10 % short of an EB is still an EB". The engine's pod holds 217.87 PB:
    // 1,000 / 217.87 = 4.59 pods for the full exabyte, 900 / 217.87 = 4.13
    // pods within 10 % ("just over 4"). Four pods give 871.5 PB, 12.9 % short,
    // which the 10 % rule does not cover, so the whole number is 5.
    const Extrapolation e = extrapolate_pods(ncp_pod(), {of<Capacity>(1, units::EB), 0.10});
    CHECK(e.pods_exact == Approx(1000.0 / 217.8692).epsilon(1e-4));
    CHECK(e.pods_within_tolerance > 4.0);
    CHECK(e.pods_within_tolerance < 4.2);
    CHECK(e.pods == 5);
    CHECK(has(e.findings, "one-pod-fewer"));
    // Totals are five times the pod (worked by hand from the pod, docs/model.md
    // §12: 29 racks, 702 kW, 10.8 / 4.5 TB/s).
    CHECK(e.racks == 145);
    CHECK(e.cnodes == 2250);
    CHECK(e.dboxes == 900);
    CHECK(in(e.power, units::kW) == Approx(3510));
    CHECK(in(e.read, units::TB_per_s) == Approx(54));
    CHECK(in(e.write, units::TB_per_s) == Approx(22.5));
    CHECK(in(e.usable, units::PB) == Approx(5 * 217.8692).epsilon(1e-5));
    CHECK(e.coverage == Approx(1.0893).epsilon(1e-3));
}

TEST_CASE("the whole number of pods is the fewest reaching the target within the tolerance") {
    struct Row {
        double pod_pb;
        double target_pb;
        double tolerance;
        std::int64_t pods;
        bool short_within_tolerance;
    };
    // By hand: pods = ceil(target × (1 − tolerance) / pod), at least one.
    const Row rows[] = {
        {217.87, 1000, 0.00, 5, false}, // 4.59 -> 5
        {217.87, 1000, 0.10, 5, false}, // 900 / 217.87 = 4.13 -> 5
        {217.87, 1000, 0.13, 4, true},  // 870 / 217.87 = 3.993 -> 4 (871.5 PB, short)
        {217.87, 1000, 0.50, 3, true},  // 500 / 217.87 = 2.29 -> 3 (653.6 PB, short)
        {250.00, 1000, 0.00, 4, false}, // exactly 4: no rounding up past a whole number
        {250.00, 1000, 0.10, 4, false}, // 3.6 -> 4, which reaches the full target
        {2000.0, 1000, 0.00, 1, false}, // one pod already exceeds the target
        {92.000, 95.0, 0.05, 1, true},  // 90.25 / 92 -> 1 pod, 3.2 % short
    };
    for (const Row& r : rows) {
        INFO(r.pod_pb << " PB pods to " << r.target_pb << " PB within " << r.tolerance);
        const Extrapolation e =
            extrapolate_pods(pod_of(r.pod_pb), {of<Capacity>(r.target_pb, units::PB), r.tolerance});
        CHECK(e.pods == r.pods);
        CHECK(has(e.findings, "short-within-tolerance") == r.short_within_tolerance);
        CHECK(e.racks == 3 * r.pods);
        CHECK(has(e.findings, "pod-exceeds-target") == (r.pod_pb > r.target_pb));
    }
}

TEST_CASE("extrapolation refuses a target or tolerance out of range and an empty pod") {
    const Capacity eb = of<Capacity>(1, units::EB);
    CHECK_THROWS_AS(extrapolate_pods(pod_of(200), {Capacity{}, 0.1}), InputError);
    CHECK_THROWS_AS(extrapolate_pods(pod_of(200), {eb * -1.0, 0.1}), InputError);
    CHECK_THROWS_AS(extrapolate_pods(pod_of(200), {eb, 0.51}), InputError);
    CHECK_THROWS_AS(extrapolate_pods(pod_of(200), {eb, -0.01}), InputError);
    CHECK_THROWS_AS(extrapolate_pods(pod_of(0), {eb, 0.1}), InputError);
}

TEST_CASE("tolerances are percentages from 0 % to 50 %") {
    struct Row {
        const char* text;
        double value; // negative: an error
    };
    const Row rows[] = {{"10%", 0.10}, {"0%", 0.0},  {"50%", 0.50}, {"2.5 %", 0.025},
                        {"50.1%", -1}, {"-1%", -1},  {"10", -1},    {"0.1", -1},
                        {"ten%", -1},  {"100%", -1}, {"", -1}};
    for (const Row& r : rows) {
        INFO(r.text);
        if (r.value < 0) {
            CHECK_THROWS_WITH(parse_tolerance(r.text, "--tolerance"),
                              Catch::StartsWith("--tolerance: "));
        } else {
            CHECK(parse_tolerance(r.text, "--tolerance") == Approx(r.value));
        }
    }
}

TEST_CASE("targets are capacities above zero") {
    CHECK(parse_target("1 EB", "--target") == of<Capacity>(1, units::EB));
    CHECK(parse_target("1EB", "--target") == of<Capacity>(1, units::EB));
    CHECK(parse_target("900 PiB", "--target") == of<Capacity>(900, units::PiB));
    for (const char* bad : {"0 EB", "-1 EB", "1", "1 TB/s", "1 Eb", "lots"}) {
        INFO(bad);
        CHECK_THROWS_WITH(parse_target(bad, "--target"), Catch::StartsWith("--target: "));
    }
}

TEST_CASE("one namespace grows the pod's hardware to the target at the pod's C:D") {
    // 1 EB of dbox-1u-22 at 61.44 TB: 1,351.68 TB × 146/150 × 0.92 = 1,210.4 TB
    // per box -> ceil(826.2) = 827 D-boxes; at 2.5:1 that is 2,067.5 C-nodes,
    // capped at the knee floor(827 × 2.5) = 2,067.
    const Design ns = grow_single_namespace(ncp_pod(), of<Capacity>(1, units::EB),
                                            default_catalog_for_tests(), Constraints{}, 1.0);
    CHECK(ns.dboxes == 827);
    CHECK(ns.cnodes == 2067);
    CHECK(ns.usable >= of<Capacity>(1, units::EB));
    CHECK(ns.feasible());
    CHECK_FALSE(has(ns.findings, "past-knee"));
    CHECK(ns.cnode_model == ncp_pod().cnode_model);
    CHECK(ns.drive_size == ncp_pod().drive_size);
    CHECK(ns.racks == static_cast<std::int64_t>(ns.layout.size()));
    // One namespace needs fewer racks than five separate pods (150).
    CHECK(ns.racks < 150);
}

TEST_CASE("the one-namespace exabyte is laid out by auto: rack-resilient where it costs nothing") {
    // docs/model.md §6, catalog erasure_coding.json: 4 parity, at most 146
    // data strips, 2 strips per D-box and 2 per rack (rack-resilient, from 7
    // racks). The pod (29 racks): rack-resilient is min(150, 2 × 29) = 58
    // wide, 54+4, costing 1 − (54/58)/(146/150) = 4.35 % > the 1 % threshold,
    // so auto keeps dbox-ha 146+4. The namespace (827 D-boxes, 2,067 C-nodes,
    // 143 racks with 315 switches; 137 before the uplinks to the customer's
    // fabric were counted, docs/model.md §8): once 75 racks hold D-boxes, 2 × 75 = 150 ≥ 150, so
    // rack-resilient is 146+4 too, costs nothing, and auto takes it.
    REQUIRE(ncp_pod().ec_layout == EcLayout::dbox_ha);
    REQUIRE(ncp_pod().ec_layout_auto);
    const Design ns = grow_single_namespace(ncp_pod(), of<Capacity>(1, units::EB),
                                            default_catalog_for_tests(), Constraints{}, 1.0);
    REQUIRE(ns.dboxes == 827);
    REQUIRE(ns.cnodes == 2067);
    CHECK(ns.racks == 143);
    CHECK(ns.failure_domains >= 75);
    CHECK(ns.ec_layout == EcLayout::rack_resilient);
    CHECK(ns.ec_layout_auto);
    CHECK(ns.data_strips == 146);
    CHECK(ns.parity_strips == 4);
    CHECK(ns.strips_per_rack == 2);
    CHECK(ns.tolerates_rack_loss);
    CHECK(ns.ec_layout_cost == Approx(0.0).margin(1e-12));
    const auto f = std::find_if(ns.findings.begin(), ns.findings.end(), [](const Finding& x) {
        return to_string(x.code) == "auto-layout";
    });
    REQUIRE(f != ns.findings.end());
    CHECK_THAT(f->message(), Catch::Contains("layout auto chose rack-resilient (146+4)"));
    CHECK_THAT(f->message(), Catch::Contains("within 1 %"));
    CHECK_THAT(f->message(), Catch::Contains("costs nothing"));
    CHECK_FALSE(has(ns.findings, "not-rack-tolerant"));
}

TEST_CASE("a whole scenario grows every design and plans the fleet for per-pod designs") {
    const Scenario s = example("fleet-160k.json");
    REQUIRE(s.extrapolation);
    const ScenarioExtrapolation x =
        extrapolate_scenario(s, default_catalog_for_tests(), *s.extrapolation);
    REQUIRE(x.extrapolations.size() == 3);
    REQUIRE(x.fleet_storage.size() == 3);
    CHECK(x.extrapolations[0].pods == 5);
    CHECK(x.extrapolations[1].pods == 1); // the high-density exabyte already is one
    CHECK(x.extrapolations[2].pods == 1);
    REQUIRE(x.fleet);
    // Only the NCP pod stands next to every cluster; the exabyte options
    // carry their own capacity and are not per-cluster pods.
    CHECK(x.fleet_storage[0].has_value());
    CHECK_FALSE(x.fleet_storage[1].has_value());
    CHECK_FALSE(x.fleet_storage[2].has_value());
    CHECK(x.all_feasible());
    // Each one namespace is assessed like a sized design (docs/resilience.md
    // §9): its D-box term is 1 − exp(−827 D-boxes × 0.1 % losses a year ×
    // P(loss | a D-box fails)), and it carries the `durability` finding.
    const Design& ns = *x.extrapolations[0].single_namespace;
    REQUIRE(ns.dboxes == 827);
    REQUIRE(ns.resilience);
    const double box = -std::expm1(-827 * 0.001 * ns.resilience->dbox_loss_given_failure);
    CHECK_THAT(ns.resilience->dbox_annual_loss, Catch::WithinRel(box, 1e-12));
    CHECK(has(ns.findings, "durability"));
}
