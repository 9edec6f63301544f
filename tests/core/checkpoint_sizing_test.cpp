// Checkpoint jobs in a sized scenario: the write requirement, which requirement
// drove it, and what each design sustains (docs/model.md §3, docs/checkpoints.md §8).
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
SizingResult size_file(const std::string& name) {
    const Catalog& cat = default_catalog_for_tests();
    return size_scenario(load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/" + name, cat),
                         cat);
}

SizingResult size_text(const std::string& text) {
    const Catalog& cat = default_catalog_for_tests();
    return size_scenario(parse_scenario(text, "s.json", cat), cat);
}

std::vector<const Finding*> with_code(const Design& d, const std::string& code) {
    std::vector<const Finding*> out;
    for (const Finding& f : d.findings) {
        if (to_string(f.code) == code) {
            out.push_back(&f);
        }
    }
    return out;
}
} // namespace

TEST_CASE("the reference pod without checkpoint jobs keeps its rule-driven write") {
    const SizingResult r = size_file("ncp-pod-41k.json");
    CHECK(r.requirements.write_driven_by == WriteDriver::performance_rule);
    CHECK(r.requirements.performance_write == r.requirements.write);
    CHECK(r.requirements.checkpoints.jobs.empty());
    CHECK(r.designs.at(0).checkpoints.empty());
    CHECK(r.designs.at(0).cnodes == 450); // unchanged: the brief's ~450
}

TEST_CASE("the cadence example: 60 s sync drives the write and the quoted pod cannot keep it") {
    const SizingResult r = size_file("checkpoint-cadence.json");
    const Requirements& req = r.requirements;
    // Alternatives: the largest is 60 s sync, 25.2e12 / (0.05 × 60) = 8.4e12 B/s,
    // above the rule's 72 SUs × 62.5 GB/s = 4.5e12 B/s.
    CHECK(req.performance_write.base() == Approx(4.5e12));
    CHECK(req.write.base() == Approx(8.4e12));
    CHECK(req.write_driven_by == WriteDriver::checkpoints);
    CHECK_THAT(req.write_driver, Catch::Contains("60 s sync"));
    REQUIRE(r.designs.size() == 2);

    const Design& quoted = r.designs[0];
    CHECK(quoted.write.base() == Approx(4.5e12)); // 450 C-nodes × 10 GB/s
    REQUIRE(quoted.checkpoints.size() == 6);
    const auto unsustainable = with_code(quoted, "cadence-not-sustainable");
    REQUIRE(unsustainable.size() == 1);
    CHECK(unsustainable[0]->severity() == Severity::error);
    // 5.6 s to write 25.2 TB at 4.5 TB/s fits a 5 % budget only every 112 s.
    CHECK_THAT(unsustainable[0]->message(),
               Catch::Contains("60 s sync") && Catch::Contains("112 s"));
    CHECK(with_code(quoted, "write-short").size() == 1);
    for (const CheckpointAtDesign& c : quoted.checkpoints) {
        INFO(c.name);
        CHECK(c.sustainable == (c.name != "60 s sync"));
        CHECK(c.share.base() == Approx(4.5e12)); // alternatives get the whole write
    }
    CHECK_FALSE(quoted.feasible());

    const Design& sized = r.designs[1];
    CHECK(sized.write.base() >= 8.4e12 * (1 - 1e-9));
    CHECK(sized.feasible());
    CHECK(std::all_of(sized.checkpoints.begin(), sized.checkpoints.end(),
                      [](const CheckpointAtDesign& c) { return c.sustainable; }));
}

TEST_CASE("small concurrent jobs do not raise the write and share it by need") {
    const SizingResult r = size_text(R"({"name": "n",
        "fleet": {"platform": "gb200-nvl72", "gpus": 41472},
        "performance": {"rule": "ncp-gb200-customer"},
        "checkpoint": {"jobs": [
            {"name": "a", "params": "70B", "gpus": 20736, "interval": "5 min"},
            {"name": "b", "params": "405B", "gpus": 20736, "interval": "15 min", "mode": "async"}]}})");
    const Requirements& req = r.requirements;
    // a: 70e9 × 14 / (0.05 × 300) = 65.33e9; b: 405e9 × 14 / 900 = 6.3e9; sum 71.63e9.
    CHECK(req.checkpoints.write.base() == Approx(65.333e9 + 6.3e9).epsilon(1e-4));
    CHECK(req.write_driven_by == WriteDriver::performance_rule);
    CHECK(req.write.base() == Approx(4.5e12));
    const Design& d = r.designs.at(0);
    REQUIRE(d.checkpoints.size() == 2);
    CHECK(d.checkpoints[0].share / d.checkpoints[1].share == Approx(65.333 / 6.3).epsilon(1e-4));
    CHECK((d.checkpoints[0].share + d.checkpoints[1].share).base() == Approx(d.write.base()));
    CHECK(d.checkpoints[0].sustainable);
    CHECK(d.checkpoints[1].sustainable);
    CHECK(d.feasible());
}

TEST_CASE("checkpoints alone size a pod's write") {
    const SizingResult r = size_text(R"({"name": "n",
        "fleet": {"platform": "h100", "gpus": 1024},
        "checkpoint": {"jobs": [{"params": "1.8T", "interval": "60 s"}]}})");
    CHECK(r.requirements.write_driven_by == WriteDriver::checkpoints);
    CHECK(r.requirements.write.base() == Approx(8.4e12));
    CHECK(r.designs.at(0).write.base() >= 8.4e12 * (1 - 1e-9));
}

TEST_CASE("retained checkpoints count toward the capacity need") {
    // docs/resilience.md §11. 100T parameters x 14 B = 1.4 PB; 200 retained + 1
    // = 281.4 PB at the peak, on top of the 215 PB: a sized pod grows to hold
    // them, and the requirement says so.
    const SizingResult r = size_text(R"({"name": "n",
        "fleet": {"platform": "gb200-nvl72", "gpus": 41472},
        "performance": {"rule": "ncp-gb200-customer"}, "capacity": {"usable": "215 PB"},
        "checkpoint": {"jobs": [{"params": "100T", "interval": "1 h", "mode": "async", "retain": 200}]}})");
    CHECK(r.requirements.checkpoints.peak_retained.base() == Approx(281.4e15));
    CHECK(r.requirements.usable_target.base() == Approx(215e15));
    CHECK(r.requirements.usable.base() == Approx(215e15 + 281.4e15));
    CHECK(r.designs.at(0).usable.base() >= 496.4e15 * (1 - 1e-9));
    CHECK(with_code(r.designs.at(0), "checkpoint-retention").empty());
}

TEST_CASE("retained checkpoints larger than a fixed pod are a warning") {
    // The quoted 180 D-boxes hold 217.9 PB, less than the 281.4 PB kept.
    const SizingResult r = size_text(R"({"name": "n",
        "fleet": {"platform": "gb200-nvl72", "gpus": 41472},
        "performance": {"rule": "ncp-gb200-customer"}, "capacity": {"usable": "215 PB"},
        "checkpoint": {"jobs": [{"params": "100T", "interval": "1 h", "mode": "async", "retain": 200}]},
        "options": [{"cnode": "cnode-1u", "dbox": "dbox-1u-22", "drive": "61.44 TB",
                     "cnodes": 450, "dboxes": 180}]})");
    const auto w = with_code(r.designs.at(0), "checkpoint-retention");
    REQUIRE(w.size() == 1);
    CHECK(w[0]->severity() == Severity::warning);
}

TEST_CASE("a hand-made design checked against checkpoint jobs gets the cadence finding") {
    const Catalog& cat = default_catalog_for_tests();
    const Scenario s =
        load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/checkpoint-cadence.json", cat);
    const Requirements req = compute_requirements(s, cat);
    HandDesign hand;
    hand.cnode = "cnode-1u";
    hand.dbox = "dbox-1u-22";
    hand.cnodes = 840;
    hand.dboxes = 336;
    const Design ok = evaluate_design(hand, req, s.constraints, 1.0, cat);
    CHECK(with_code(ok, "cadence-not-sustainable").empty()); // 840 × 10 GB/s = 8.4 TB/s
    hand.cnodes = 700;
    hand.dboxes = 280;
    const Design short_of = evaluate_design(hand, req, s.constraints, 1.0, cat);
    CHECK(with_code(short_of, "cadence-not-sustainable").size() == 1);
}
