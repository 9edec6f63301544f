#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/requirements.hpp"
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

bool has_finding(const Design& d, const std::string& code) {
    return std::any_of(d.findings.begin(), d.findings.end(),
                       [&](const Finding& f) { return to_string(f.code) == code; });
}

Scenario ncp_with_gpus(std::int64_t gpus) {
    Scenario s = example("ncp-pod-41k.json");
    s.fleet->gpus = gpus;
    s.capacity.usable.reset();
    return s;
}

} // namespace

TEST_CASE("the NCP example reproduces the customer's reference pod") {
    // Golden figures: shared/brief/BRIEF.md, reference case (customer
    // discussion), with the tolerances of issue 2.
    const SizingResult r = size_scenario(example("ncp-pod-41k.json"), default_catalog_for_tests());
    REQUIRE(r.designs.size() == 1);
    const Design& d = r.designs[0];
    CHECK(r.requirements.sus == 72); // 41,472 / 576
    CHECK(d.cnodes == Approx(450).epsilon(0.02));
    CHECK(d.dboxes == Approx(180).epsilon(0.02));
    CHECK(in(d.usable, units::PB) == Approx(215).epsilon(0.05));
    CHECK(in(d.read, units::TB_per_s) == Approx(11).epsilon(0.10));
    CHECK(in(d.write, units::TB_per_s) >= 4.0);
    CHECK(in(d.write, units::TB_per_s) <= 5.0);
    CHECK(d.device_units.base() == Approx(630).epsilon(0.15));
    CHECK(d.rack_units().base() == Approx(760).epsilon(0.15));
    CHECK(d.racks == Approx(30).epsilon(0.15));
    CHECK(d.feasible());
    CHECK(d.read_bottleneck == Bottleneck::balanced);
}

TEST_CASE("the high-density exabyte needs about 210 enclosures and 420 C-nodes") {
    // Golden figures: shared/brief/BRIEF.md — ~210 enclosures of ~5.4 PB raw,
    // 2 C-nodes saturate one (-> ~420), minimum C:D of 1:2 (-> ~105).
    const SizingResult r =
        size_scenario(example("high-density-1eb.json"), default_catalog_for_tests());
    REQUIRE(r.designs.size() == 2);
    const Design& full = r.designs[0];
    const Design& lean = r.designs[1];
    CHECK(full.dboxes == Approx(210).epsilon(0.05));
    CHECK(in(full.usable, units::EB) >= 1.0);
    CHECK(full.cnodes == Approx(420).epsilon(0.05));
    CHECK(full.cnodes == 2 * full.dboxes);
    CHECK(lean.dboxes == full.dboxes);
    CHECK(lean.cnodes == (lean.dboxes + 1) / 2); // C = D/2, rounded up
    CHECK(full.feasible());
    CHECK(lean.feasible());
}

TEST_CASE("more GPUs never mean fewer C-nodes or D-boxes") {
    std::int64_t last_c = 0;
    std::int64_t last_d = 0;
    for (std::int64_t gpus = 576; gpus <= 80000; gpus += 2880) {
        const SizingResult r = size_scenario(ncp_with_gpus(gpus), default_catalog_for_tests());
        const Design& d = r.designs[0];
        INFO(gpus);
        CHECK(d.cnodes >= last_c);
        CHECK(d.dboxes >= last_d);
        CHECK(d.read >= r.requirements.read);
        CHECK(d.write >= r.requirements.write);
        CHECK(d.usable <= d.raw);
        last_c = d.cnodes;
        last_d = d.dboxes;
    }
}

TEST_CASE("requirements multiply whole scalable units") {
    // 577 GPUs are 2 GB200 SUs of 576: sized as 1,152 GPUs (docs/model.md §3).
    const Requirements req = compute_requirements(ncp_with_gpus(577), default_catalog_for_tests());
    CHECK(req.sus == 2);
    CHECK(req.sized_gpus == 1152);
    CHECK(in(req.read, units::GB_per_s) == Approx(300.0));
    CHECK(in(req.write, units::GB_per_s) == Approx(125.0));
}

TEST_CASE("an H100 tier applies per SU of 256 GPUs") {
    Scenario s = ncp_with_gpus(1024);
    s.fleet->platform = "h100";
    s.performance->rule = "h100-best";
    const Requirements req = compute_requirements(s, default_catalog_for_tests());
    // RA-11333-001 table 6: Best = 125 GB/s read, 62 GB/s write per SU; 4 SUs.
    CHECK(req.sus == 4);
    CHECK(in(req.read, units::GB_per_s) == Approx(500.0));
    CHECK(in(req.write, units::GB_per_s) == Approx(248.0));
}

TEST_CASE("a hand-made design past the knee is flagged and does not gain throughput") {
    const Catalog& cat = default_catalog_for_tests();
    HandDesign hand{"over", "cnode-1u", "dbox-1u-22", std::nullopt, "", "", 300, 100, {}};
    const Design d = evaluate_design(hand, Requirements{}, Constraints{}, 1.0, cat);
    // 100 boxes x 60 GB/s = 6 TB/s backend; 300 x 24 GB/s = 7.2 TB/s frontend.
    CHECK(in(d.read, units::TB_per_s) == Approx(6.0));
    CHECK(d.read_bottleneck == Bottleneck::backend);
    CHECK(d.knee_cnodes == 250);
    CHECK(has_finding(d, "past-knee"));
}

TEST_CASE("the non-certified high-density box under an NCP rule gets a warning") {
    Scenario s = example("ncp-pod-41k.json");
    s.options[0].dbox = "dbox-2u-44-hd";
    s.options[0].drive.reset();
    const SizingResult r = size_scenario(s, default_catalog_for_tests());
    CHECK(has_finding(r.designs[0], "not-certified"));
}

TEST_CASE("fixed D-boxes short of the capacity need is an error finding") {
    Scenario s = example("ncp-pod-41k.json");
    s.options[0].dboxes = 100;
    const SizingResult r = size_scenario(s, default_catalog_for_tests());
    CHECK(has_finding(r.designs[0], "capacity-short"));
    CHECK_FALSE(r.designs[0].feasible());
    CHECK_FALSE(r.all_feasible());
}

TEST_CASE("a rack limit below the design's racks is an error finding") {
    Scenario s = example("ncp-pod-41k.json");
    s.constraints.max_racks = 10;
    const SizingResult r = size_scenario(s, default_catalog_for_tests());
    CHECK(has_finding(r.designs[0], "max-racks"));
    CHECK_FALSE(r.all_feasible());
}

TEST_CASE("a higher rack power budget means fewer racks") {
    Scenario s = example("ncp-pod-41k.json");
    s.constraints.rack = "rack-48u-40kw";
    const SizingResult r = size_scenario(s, default_catalog_for_tests());
    // 702 kW / 40 kW -> 18 power-bound; 702 U / 46 U -> 16 space-bound
    // (36 switches, docs/model.md §12).
    CHECK(r.designs[0].racks == 18);
}

TEST_CASE("automatic hardware picks a certified box for an NCP rule and says so") {
    Scenario s = example("ncp-pod-41k.json");
    s.options[0].cnode.clear();
    s.options[0].dbox.clear();
    s.options[0].drive.reset();
    const SizingResult r = size_scenario(s, default_catalog_for_tests());
    CHECK(r.designs[0].dbox_model == "dbox-1u-22");
    CHECK(has_finding(r.designs[0], "auto-hardware"));
    CHECK(r.designs[0].feasible());
}

TEST_CASE("rack-resilient designs use at least seven racks") {
    Scenario s;
    s.name = "small";
    s.capacity.usable = of<Capacity>(5, units::PB);
    s.constraints.rack_resilient = true;
    OptionSpec o;
    o.cnode = "cnode-1u";
    o.dbox = "dbox-1u-22";
    s.options.push_back(o);
    const SizingResult r = size_scenario(s, default_catalog_for_tests());
    CHECK(r.designs[0].racks >= 7);
}

TEST_CASE("an absurd GPU count is an error finding, not a crash or a huge allocation") {
    const SizingResult r =
        size_scenario(ncp_with_gpus(1'000'000'000'000), default_catalog_for_tests());
    const Design& d = r.designs[0];
    CHECK(has_finding(d, "too-large"));
    CHECK(d.layout.empty());
    CHECK(d.racks > 0);
}
