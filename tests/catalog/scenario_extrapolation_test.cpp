// The scenario fields of issue 4: extrapolation, comparisons, and per-option
// capacity and performance.
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/errors.hpp"
#include "support/default_catalog.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace podsizer;

namespace {

using test_support::cat;
using test_support::scenario_error_of;
} // namespace

TEST_CASE("the fleet example loads without warnings") {
    Diagnostics diag;
    const Scenario s =
        load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/fleet-160k.json", cat(), &diag);
    CHECK(diag.warnings.empty());
    REQUIRE(s.fleet);
    CHECK(s.fleet->gpus == 160000);
    CHECK(s.fleet->sites == 3);
    CHECK(s.fleet->gpus_per_cluster == 41472);
    REQUIRE(s.extrapolation);
    CHECK(s.extrapolation->target == of<Capacity>(1, units::EB));
    CHECK(s.extrapolation->tolerance == Approx(0.10));
    CHECK(s.comparisons == std::vector<std::string>{"cloud-object-store"});
    REQUIRE(s.options.size() == 3);
    CHECK(s.options[0].per_pod());
    CHECK_FALSE(s.options[1].per_pod());
    CHECK_FALSE(s.options[1].use_performance);
    REQUIRE(s.options[1].capacity);
    CHECK(s.options[1].capacity->usable == of<Capacity>(1, units::EB));
}

TEST_CASE("extrapolation and comparisons read with their defaults") {
    const Scenario s = parse_scenario(R"({"name": "n", "capacity": {"usable": "1 PB"},
        "extrapolation": {"target": "900 PiB"}, "comparisons": []})",
                                      "s.json", cat());
    REQUIRE(s.extrapolation);
    CHECK(s.extrapolation->target == of<Capacity>(900, units::PiB));
    CHECK(s.extrapolation->tolerance == 0.0);
    CHECK(s.comparisons.empty());
    const Scenario none =
        parse_scenario(R"({"name": "n", "capacity": {"usable": "1 PB"}})", "s.json", cat());
    CHECK_FALSE(none.extrapolation);
    CHECK(none.options.empty());
}

TEST_CASE("options that each carry a capacity need no scenario-wide one") {
    const Scenario s = parse_scenario(
        R"({"name": "n", "options": [{"capacity": {"usable": "1 EB"}, "performance": "none"}]})",
        "s.json", cat());
    REQUIRE(s.options.size() == 1);
    CHECK(s.options[0].capacity->usable == of<Capacity>(1, units::EB));
}

TEST_CASE("bad extrapolation, comparison and option fields name their JSON path") {
    struct Row {
        const char* doc;
        const char* says;
    };
    const Row rows[] = {
        {R"({"name": "n", "capacity": {"usable": "1 PB"}, "extrapolation": {"target": "0 EB"}})",
         "s.json: $.extrapolation.target: must be greater than zero"},
        {R"({"name": "n", "capacity": {"usable": "1 PB"}, "extrapolation": {"target": "-1 EB"}})",
         "$.extrapolation.target: \"-1 EB\": must not be negative"},
        {R"({"name": "n", "capacity": {"usable": "1 PB"}, "extrapolation": {"target": 1}})",
         "$.extrapolation.target: 1 has no unit"},
        {R"({"name": "n", "capacity": {"usable": "1 PB"}, "extrapolation": {}})",
         "$.extrapolation.target: missing required field"},
        {R"({"name": "n", "capacity": {"usable": "1 PB"},
             "extrapolation": {"target": "1 EB", "tolerance": "60%"}})",
         "s.json: $.extrapolation.tolerance: \"60%\" is outside 0 % to 50 %"},
        {R"({"name": "n", "capacity": {"usable": "1 PB"},
             "extrapolation": {"target": "1 EB", "tolerance": "-1%"}})",
         "$.extrapolation.tolerance: \"-1%\" is outside 0 % to 50 %"},
        {R"({"name": "n", "capacity": {"usable": "1 PB"},
             "extrapolation": {"target": "1 EB", "tolerance": "10"}})",
         "$.extrapolation.tolerance: \"10\": expected a percentage such as \"5%\""},
        {R"({"name": "n", "capacity": {"usable": "1 PB"},
             "extrapolation": {"target": "1 EB", "tolerance": 0.1}})",
         "$.extrapolation.tolerance: expected a percentage as a string"},
        {R"({"name": "n", "capacity": {"usable": "1 PB"}, "comparisons": ["cloud-object-stor"]})",
         "s.json: $.comparisons[0]: unknown reference system \"cloud-object-stor\" (nearest: "
         "cloud-object-store"},
        {R"({"name": "n", "capacity": {"usable": "1 PB"},
             "comparisons": ["cloud-object-store", "cloud-object-store"]})",
         "$.comparisons[1]: \"cloud-object-store\" is listed twice"},
        {R"({"name": "n", "capacity": {"usable": "1 PB"}, "comparisons": "cloud-object-store"})",
         "$.comparisons"},
        {R"({"name": "n", "capacity": {"usable": "1 PB"}, "options": [{"performance": "fast"}]})",
         "s.json: $.options[0].performance: expected \"none\""},
        {R"({"name": "n", "capacity": {"usable": "1 PB"},
             "options": [{"capacity": {"usable": "1 TB/s"}}]})",
         "$.options[0].capacity.usable: \"1 TB/s\": throughput unit"},
        {R"({"name": "n", "capacity": {"usable": "1 PB"},
             "options": [{"capacity": {"usable_per_gpu": "1 TB"}}]})",
         "$.options[0].capacity: \"usable_per_gpu\" needs a \"fleet\""},
        {R"({"name": "n", "options": [{"performance": "none"}]})", "nothing to size"},
    };
    for (const Row& r : rows) {
        INFO(r.doc);
        CHECK_THAT(scenario_error_of(r.doc), Catch::Contains(r.says));
    }
}
