// validate(): the field table's rules and the rules between fields on a
// Scenario held in memory (as the GUI's form holds it), with typed JSON paths;
// the reader reports the same problem at the same path.
#include "podsizer/catalog/scenario_fields.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/catalog/validate.hpp"
#include "podsizer/core/errors.hpp"
#include "support/default_catalog.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace podsizer;

namespace {

using test_support::cat;

Scenario example(const std::string& name) {
    return load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/" + name, cat());
}

JsonPath path(std::initializer_list<JsonPath::Step> steps) {
    return JsonPath{std::vector<JsonPath::Step>(steps)};
}

} // namespace

TEST_CASE("the examples have no problems") {
    for (const char* name :
         {"ncp-pod-41k.json", "high-density-1eb.json", "fleet-160k.json", "checkpoint-cadence.json",
          "fleet-phases.json", "fleet-replication.json"}) {
        INFO(name);
        CHECK(validate(example(name), cat()).empty());
    }
}

TEST_CASE("a JSON path prints as the reader's messages spell it") {
    CHECK(JsonPath{}.to_string() == "$");
    CHECK(path({std::string("fleet"), std::string("gpus")}).to_string() == "$.fleet.gpus");
    CHECK(JsonPath{}.key("options").index(2).key("dbox").to_string() == "$.options[2].dbox");
    const ScenarioField* f = find_scenario_field("checkpoint.jobs[N].gpus");
    REQUIRE(f != nullptr);
    CHECK(field_path(*f, 3) == JsonPath{}.key("checkpoint").key("jobs").index(3).key("gpus"));
}

TEST_CASE("a value out of a field's range is a problem at its typed path") {
    Scenario s = example("ncp-pod-41k.json");
    s.fleet->gpus = 0;
    s.constraints.max_racks = kMaxCount + 1;
    const auto problems = validate(s, cat());
    REQUIRE(problems.size() == 2);
    CHECK(problems[0].path == path({std::string("fleet"), std::string("gpus")}));
    CHECK(problems[0].message == "expected a whole number from 1 to 10^15, found 0");
    CHECK(problems[1].path.to_string() == "$.constraints.max_racks");
    CHECK(problems[1].message == "expected a whole number from 1 to 10^15, found 1000000000000001");
}

TEST_CASE("rules between fields are problems too, in document order") {
    Scenario s = example("high-density-1eb.json");
    REQUIRE(s.options.size() >= 2);
    s.fleet = Fleet{"h100", 1000, 1, 2000};
    s.options[1].cnode_sizing = CNodeSizing::ratio;
    s.options[1].cd_ratio = Ratio{9.0, "9:1"};
    s.options[0].dbox = "dbox-1u-22";
    s.options[0].drive = Capacity::from_base(1e12);
    s.options[0].cnode = "cnode-9u";
    const auto problems = validate(s, cat());
    std::vector<std::string> where;
    for (const Problem& p : problems) {
        where.push_back(p.path.to_string());
    }
    CHECK(where == std::vector<std::string>{"$.options[0].cnode", "$.fleet.gpus_per_cluster",
                                            "$.options[0].drive", "$.options[1].cd_ratio"});
    CHECK_THAT(problems[0].message, Catch::StartsWith("unknown C-node model \"cnode-9u\""));
    CHECK(problems[1].message == "is larger than fleet.gpus (1000)");
    CHECK_THAT(problems[2].message, Catch::Contains("is not a drive option of dbox-1u-22"));
    CHECK_THAT(problems[3].message, Catch::StartsWith("C:D ratio 9:1 is outside the bounds"));
}

TEST_CASE("the reader reports validate's problem with the same path and message") {
    struct Row {
        std::string text;
        std::string where;
    };
    const Row rows[] = {
        {R"({"name": "n", "fleet": {"platform": "h100", "gpus": 100, "gpus_per_cluster": 200},
             "capacity": {"usable": "1 PB"}})",
         "$.fleet.gpus_per_cluster"},
        {R"({"name": "n", "fleet": {"platform": "h100", "gpus": 1024},
             "checkpoint": {"jobs": [{"params": "70B", "gpus": 2048}]}})",
         "$.checkpoint.jobs[0].gpus"},
        {R"({"name": "n", "capacity": {"usable": "1 PB"},
             "comparisons": ["cloud-object-store", "cloud-object-store"]})",
         "$.comparisons[1]"},
        {R"({"name": "n"})", "$"},
    };
    for (const Row& r : rows) {
        INFO(r.text);
        std::string reader_message;
        std::string reader_where;
        try {
            (void)parse_scenario(r.text, "s.json", cat());
        } catch (const InputError& e) {
            reader_message = e.message();
            reader_where = e.where();
        }
        CHECK(reader_where == "s.json: " + r.where);
        CHECK_FALSE(reader_message.empty());
    }
    // The same rule on a scenario made in memory: the same words.
    Scenario s;
    s.name = "n";
    s.fleet = Fleet{"h100", 100, 1, 200};
    s.capacity.usable = Capacity::from_base(1e15);
    const auto problems = validate(s, cat());
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].message == "is larger than fleet.gpus (100)");
    CHECK(test_support::scenario_error_of(R"({"name": "n", "fleet": {"platform": "h100",
        "gpus": 100, "gpus_per_cluster": 200}, "capacity": {"usable": "1 PB"}})") ==
          "s.json: $.fleet.gpus_per_cluster: is larger than fleet.gpus (100)");
}

TEST_CASE("a field is enabled by the table's condition") {
    Scenario s = example("high-density-1eb.json");
    const ScenarioField* ratio = find_scenario_field("options[N].cd_ratio");
    const ScenarioField* cnodes = find_scenario_field("options[N].cnodes");
    REQUIRE(ratio != nullptr);
    REQUIRE(cnodes != nullptr);
    s.options[0].cnode_sizing = CNodeSizing::ratio;
    CHECK(ratio->enabled(s, 0));
    CHECK_FALSE(cnodes->enabled(s, 0));
    s.options[0].cnode_sizing = CNodeSizing::fixed;
    CHECK_FALSE(ratio->enabled(s, 0));
    CHECK(cnodes->enabled(s, 0));
    const ScenarioField* read = find_scenario_field("performance.read_per_gpu");
    s.performance = PerformanceSpec{"h100-good", {}, {}, {}};
    CHECK_FALSE(read->enabled(s, 0));
}

TEST_CASE("every field's value reads back through its accessor") {
    // The writer is the table's getters; the reader its setters. Writing an
    // example and reading it again gives each field the same value.
    for (const char* name :
         {"ncp-pod-41k.json", "high-density-1eb.json", "fleet-160k.json", "checkpoint-cadence.json",
          "fleet-phases.json", "fleet-replication.json"}) {
        INFO(name);
        const Scenario s = example(name);
        const Scenario back = parse_scenario(scenario_to_json(s), "back.json", cat());
        for (const ScenarioField& f : scenario_fields()) {
            INFO(f.pattern);
            REQUIRE(field_count(f, s) == field_count(f, back));
            for (std::size_t i = 0; i < field_count(f, s); ++i) {
                CHECK(f.get(s, i) == f.get(back, i));
            }
        }
    }
}

TEST_CASE("the reader accepts a $schema key and the writer leaves it out") {
    const Scenario s = parse_scenario(
        R"({"$schema": "../schemas/scenario.schema.json", "name": "n",
            "capacity": {"usable": "1 PB"}})",
        "s.json", cat());
    CHECK(scenario_to_json(s).find("$schema") == std::string::npos);
}

// Issue 48: a new number field's row with bounds but without its own words
// (range_text) was accepted at any value; found adding a throwaway field
// with bounds 0.1 to 10, which took 99 from a flag and a file.
TEST_CASE("a number row without range words is still held to its bounds") {
    const ScenarioField row{
        .pattern = "constraints.demo", .kind = FieldKind::number, .bounds = {0.1, 10.0}};
    CHECK(field_problem(row, FieldData{2.5}, "2.5", cat()).empty());
    CHECK(field_problem(row, FieldData{99.0}, "99", cat()) ==
          "\"99\": expected a number at least 0.1 and at most 10");
    const ScenarioField open{.pattern = "constraints.demo",
                             .kind = FieldKind::number,
                             .bounds = {0.0, 1.0, true, false}};
    CHECK(field_problem(open, FieldData{0.0}, "0", cat()) ==
          "\"0\": expected a number above 0 and at most 1");
    const ScenarioField floor{
        .pattern = "constraints.demo", .kind = FieldKind::number, .bounds = {1.0}};
    CHECK(field_problem(floor, FieldData{0.5}, "0.5", cat()) ==
          "\"0.5\": expected a number at least 1");
}
