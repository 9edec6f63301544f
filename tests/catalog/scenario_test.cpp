#include "podsizer/catalog/safe_text.hpp"
#include "podsizer/catalog/scenario_fields.hpp"
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

TEST_CASE("the examples load") {
    for (const char* name : {"ncp-pod-41k.json", "high-density-1eb.json"}) {
        INFO(name);
        Diagnostics diag;
        const Scenario s =
            load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/" + name, cat(), &diag);
        CHECK(!s.name.empty());
        CHECK(diag.warnings.empty());
    }
}

TEST_CASE("a scenario reads every documented field") {
    const Scenario s = parse_scenario(R"({
        "schema": "podsizer-scenario/1", "name": "n", "description": "d",
        "fleet": {"platform": "h100", "gpus": 16384, "sites": 2, "gpus_per_cluster": 8192},
        "performance": {"read_per_gpu": "0.5 GB/s", "write_per_gpu": "250 MB/s"},
        "capacity": {"usable_per_gpu": "10 TB"},
        "constraints": {"rack": "rack-48u-40kw", "max_racks": 40, "rack_power": "30 kW",
                        "max_power": "1.2 MW", "cd_min": "1:2", "cd_max": "3:1",
                        "rack_resilient": true},
        "options": [{"name": "a", "cnode": "auto", "dbox": "dbox-1u-22", "drive": "1,352 TB",
                     "cnodes": 100, "dboxes": 60, "rack": "rack-42u-25kw",
                     "switch": "switch-64x800g-2u"},
                    {"cd_ratio": "2:1"}, {"cnodes": "knee"}],
        "data_reduction": 1.5})",
                                      "s.json", cat());
    CHECK(s.fleet->pod_gpus() == 8192);
    CHECK(s.fleet->sites == 2);
    CHECK(in(*s.performance->write_per_gpu, units::GB_per_s) == Approx(0.25));
    CHECK(in(*s.capacity.usable_per_gpu, units::TB) == Approx(10));
    CHECK(*s.constraints.max_racks == 40);
    CHECK(in(*s.constraints.max_power, units::kW) == Approx(1200));
    CHECK(s.constraints.cd_max.c_per_d == Approx(3.0));
    CHECK(s.constraints.rack_resilient);
    REQUIRE(s.options.size() == 3);
    CHECK(s.options[0].cnode.empty()); // auto
    CHECK(s.options[0].cnode_sizing == CNodeSizing::fixed);
    CHECK(s.options[0].cnodes == 100);
    CHECK(s.options[0].dboxes == 60);
    CHECK(s.options[1].cnode_sizing == CNodeSizing::ratio);
    CHECK(s.options[1].cd_ratio->c_per_d == Approx(2.0));
    CHECK(s.options[2].cnode_sizing == CNodeSizing::knee);
    CHECK(s.data_reduction == Approx(1.5));
}

TEST_CASE("bad scenarios name the file, the JSON path and what was expected") {
    struct Row {
        const char* doc;
        const char* says;
    };
    const Row rows[] = {
        {R"({"name": "n", "capacity": {"usable": "215"}})",
         "s.json: $.capacity.usable: \"215\": missing unit; expected a capacity such as \"5.4 "
         "PB\""},
        {R"({"name": "n", "capacity": {"usable": 215}})",
         "s.json: $.capacity.usable: 215 has no unit"},
        {R"({"name": "n", "capacity": {"usable": "215 GB/s"}})",
         "$.capacity.usable: \"215 GB/s\": throughput unit"},
        {R"({"name": "n", "capacity": {"usable": "-1 PB"}})", "must not be negative"},
        {R"({"name": "n", "capacity": {"usable": "0 PB"}})", "must be greater than zero"},
        {R"({"name": "n", "fleet": {"platform": "gb200", "gpus": 10}})",
         "s.json: $.fleet.platform: unknown GPU platform \"gb200\" (nearest: gb200-nvl72"},
        {R"({"name": "n", "fleet": {"platform": "h100", "gpus": 0}})",
         "$.fleet.gpus: expected a whole number from 1"},
        {R"({"name": "n", "fleet": {"platform": "h100", "gpus": -8}})",
         "$.fleet.gpus: expected a whole number from 1"},
        {R"({"name": "n", "fleet": {"platform": "h100", "gpus": 1e400}})",
         "s.json: malformed JSON: number overflow"},
        {R"({"name": "n", "fleet": {"platform": "h100", "gpus": "many"}})",
         "$.fleet.gpus: \"many\" is a string"},
        {R"({"name": "n", "fleet": {"platform": "h100", "gpus": 8},
             "performance": {"rule": "h100-bestest"}})",
         "$.performance.rule: unknown performance rule \"h100-bestest\" (nearest: h100-best"},
        {R"({"name": "n", "capacity": {"usable": "1 PB"}, "options": [{"dbox": "dbox-1u"}]})",
         "$.options[0].dbox: unknown D-box model \"dbox-1u\" (nearest: dbox-1u-22"},
        {R"({"name": "n", "capacity": {"usable": "1 PB"},
             "options": [{"dbox": "dbox-1u-22", "drive": "20 TB"}]})",
         "$.options[0].drive: 20.00 TB is not a drive option of dbox-1u-22"},
        {R"({"name": "n", "capacity": {"usable": "1 PB"}, "options": [{"cd_ratio": "1:3"}]})",
         "$.options[0].cd_ratio: C:D ratio 1:3 is outside the bounds 1:2 to 4:1"},
        {R"({"name": "n", "capacity": {"usable": "1 PB"}, "options": [{"cd_ratio": "8:1"}]})",
         "outside the bounds"},
        {R"({"name": "n", "capacity": {"usable": "1 PB"}, "options": [{"cd_ratio": "1:0"}]})",
         "is not a C:D ratio"},
        {R"({"name": "n", "capacity": {"usable": "1 PB"}, "options": [{"cnodes": 0}]})",
         "$.options[0].cnodes: expected a whole number from 1"},
        {R"({"name": "n", "capacity": {"usable": "1 PB"}, "options": [{"cnodes": "lots"}]})",
         "$.options[0].cnodes: \"lots\" is not a C-node count"},
        {R"({"name": "n", "capacity": {"usable": "1 PB"},
             "options": [{"cnodes": 4, "cd_ratio": "1:1"}]})",
         "either \"cnodes\" or \"cd_ratio\""},
        {R"({"name": "n"})", "nothing to size"},
        {R"({"capacity": {"usable": "1 PB"}})", "$.name: missing required field"},
        {R"({"name": "n", "capacity": {"usable": "1 PB"}, "data_reduction": 0.5})",
         "$.data_reduction: expected a data-reduction ratio"},
        {R"({"name": "n", "capacity": {"usable": "1 PB"}, "constraints": {"max_power": "5 PB"}})",
         "$.constraints.max_power"},
        {R"({"name": "n", "capacity": {"usable": "1 PB"}, "name": "m"})", "duplicate key \"name\""},
        {"{\"name\": \"n\",\n \"capacity\": {\"usable\": \"1 PB\"\n}", "s.json:3:"},
    };
    for (const Row& r : rows) {
        INFO(r.doc);
        CHECK_THAT(scenario_error_of(r.doc), Catch::Contains(r.says));
    }
}

TEST_CASE("ratios parse in both spellings") {
    CHECK(parse_ratio("1:2", "x").c_per_d == Approx(0.5));
    CHECK(parse_ratio("2.5:1", "x").c_per_d == Approx(2.5));
    CHECK(parse_ratio("0.5", "x").c_per_d == Approx(0.5));
    CHECK_THROWS_AS(parse_ratio("1:", "x"), InputError);
    CHECK_THROWS_AS(parse_ratio("-1:2", "x"), InputError);
    CHECK_THROWS_AS(parse_ratio("a:b", "x"), InputError);
    // Fourth red-team round, D12: plain decimals only, as counts are written.
    for (const char* exponent : {"1e300:1", "1:1e-3", "5e-1", "1E2:1", "inf:1", "0x1p3:1"}) {
        INFO(exponent);
        CHECK_THROWS_WITH(parse_ratio(exponent, "x"), Catch::Contains("plain decimals"));
    }
    CHECK(parse_ratio("0.25:1", "x").c_per_d == Approx(0.25));
}

TEST_CASE("a name that shows nothing is blank, whatever its spaces (REDTEAM-4 D9)") {
    for (const char* blank :
         {"", " ", "\t \n", "\xc2\xa0", "\xe2\x80\x8b", "\xe3\x80\x80", "\xef\xbb\xbf",
          "\xe2\x80\x8d\xe2\x81\xa0", "\xe3\x85\xa4", "\xe2\x80\xaf \xc2\xad"}) {
        INFO(blank);
        CHECK(blank_text(blank));
    }
    for (const char* name : {"A",
                             "\xc2\xa0"
                             "A",
                             "\xe2\x80\x94", "\xc3\xa9", "\xff", "_"}) {
        INFO(name);
        CHECK_FALSE(blank_text(name));
    }
}

TEST_CASE("the words a scenario reserves are no catalog ids (REDTEAM-4 D10)") {
    for (const char* word : {"auto", "knee", "none"}) {
        CHECK_THAT(reserved_id_problem(word), Catch::Contains("is a reserved word"));
    }
    CHECK(reserved_id_problem("cnode-1u").empty());
    CHECK(reserved_id_problem("Auto").empty()); // ids are case-sensitive, as the scenario's words
}
