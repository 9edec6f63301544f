// End-to-end tests of the real podsizer binary: stdout, stderr, exit code.
#include "run_process.hpp"
#include "support/test_files.hpp"
#include "support/test_paths.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

namespace {

using test_support::line_count;
using test_support::read_file;
using test_support::write_temp;

const std::string kExample = "examples/ncp-pod-41k.json";

} // namespace

TEST_CASE("podsizer --version prints the version and exits 0") {
    const ProcessResult r = podsizer({"--version"});
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains("0.1.0"));
}

TEST_CASE("podsizer --help lists the subcommands") {
    const ProcessResult r = podsizer({"--help"});
    CHECK(r.exit_code == 0);
    for (const char* cmd : {"size", "design", "catalog"}) {
        CHECK_THAT(r.out, Catch::Contains(cmd));
    }
    CHECK(podsizer({"size", "--help"}).exit_code == 0);
}

TEST_CASE("every sizing flag's help says what it falls back to") {
    // A field with no default (the durability target) once printed
    // "(default: the scenario's, else )"; its empty-means words stand there.
    for (const char* command : {"size", "design", "compare", "extrapolate", "optimize"}) {
        const ProcessResult r = podsizer({command, "--help"});
        CHECK(r.exit_code == 0);
        CHECK_THAT(r.out, !Catch::Contains("else )"));
        CHECK_THAT(r.out, Catch::Contains("(default: the scenario's, else no durability target)"));
    }
}

TEST_CASE("the README shows exactly what the main job prints") {
    // README.md pins the reference table between two marker comments; the
    // binary must print the same text, so the README never goes stale.
    const std::string readme = read_file(std::string(PODSIZER_SOURCE_DIR) + "/README.md");
    const std::string begin = "<!-- reference-table -->\n```text\n";
    const auto b = readme.find(begin);
    REQUIRE(b != std::string::npos);
    const auto e = readme.find("```\n<!-- /reference-table -->", b);
    REQUIRE(e != std::string::npos);
    const std::string shown = readme.substr(b + begin.size(), e - b - begin.size());
    const ProcessResult r = podsizer({"size", kExample});
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
    CHECK(r.out == shown);
}

TEST_CASE("size --format json gives the reference pod's figures") {
    // Golden figures: shared/brief/BRIEF.md reference case, tolerances of issue 2.
    const ProcessResult r = podsizer({"size", kExample, "--format", "json"});
    REQUIRE(r.exit_code == 0);
    const auto j = nlohmann::json::parse(r.out);
    const auto& d = j.at("designs").at(0);
    CHECK(d.at("cnodes").get<double>() == Approx(450).epsilon(0.02));
    CHECK(d.at("dboxes").get<double>() == Approx(180).epsilon(0.02));
    CHECK(d.at("usable_capacity_bytes").get<double>() == Approx(215e15).epsilon(0.05));
    CHECK(d.at("read_bytes_per_s").get<double>() == Approx(11e12).epsilon(0.10));
    CHECK(d.at("write_bytes_per_s").get<double>() >= 4e12);
    CHECK(d.at("write_bytes_per_s").get<double>() <= 5e12);
    CHECK(d.at("rack_units").get<double>() == Approx(760).epsilon(0.15));
    CHECK(d.at("racks").get<double>() == Approx(30).epsilon(0.15));
    CHECK(d.at("findings").is_array());
    CHECK(j.at("feasible").get<bool>());
}

TEST_CASE("size prints the high-density exabyte with both variants") {
    const ProcessResult r =
        podsizer({"size", "examples/high-density-1eb.json", "--format", "json"});
    REQUIRE(r.exit_code == 0);
    const auto j = nlohmann::json::parse(r.out);
    REQUIRE(j.at("designs").size() == 2);
    // shared/brief/BRIEF.md: ~210 enclosures, ~420 C-nodes full, C = D/2 capacity-only.
    CHECK(j["designs"][0]["dboxes"].get<double>() == Approx(210).epsilon(0.05));
    CHECK(j["designs"][0]["cnodes"].get<double>() == Approx(420).epsilon(0.05));
    CHECK(j["designs"][0]["usable_capacity_bytes"].get<double>() >= 1e18);
    CHECK(j["designs"][1]["cnodes"].get<int>() == (j["designs"][1]["dboxes"].get<int>() + 1) / 2);
}

TEST_CASE("csv and md formats print the same table") {
    const ProcessResult csv = podsizer({"size", kExample, "--format", "csv"});
    CHECK(csv.exit_code == 0);
    CHECK_THAT(csv.out, Catch::StartsWith("Design,"));
    CHECK_THAT(csv.out, Catch::Contains("\r\n"));
    const ProcessResult md = podsizer({"size", kExample, "--format", "md"});
    CHECK(md.exit_code == 0);
    CHECK_THAT(md.out, Catch::Contains("| Metric | NCP pod |"));
}

TEST_CASE("design evaluates a hand-made design without sizing it") {
    const ProcessResult r = podsizer({"design", "--cnode", "cnode-1u", "--dbox", "dbox-1u-22",
                                      "--cnodes", "450", "--dboxes", "180", "--format", "json"});
    REQUIRE(r.exit_code == 0);
    const auto d = nlohmann::json::parse(r.out).at("designs").at(0);
    CHECK(d.at("cnodes").get<int>() == 450);
    CHECK(d.at("dboxes").get<int>() == 180);
    CHECK(d.at("read_bytes_per_s").get<double>() == Approx(10.8e12)); // 450 x 24 GB/s
}

TEST_CASE("design against a scenario's requirement exits 1 when it falls short") {
    const ProcessResult r =
        podsizer({"design", "--cnode", "cnode-1u", "--dbox", "dbox-1u-22", "--cnodes", "200",
                  "--dboxes", "100", "--scenario", kExample});
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.out, Catch::Contains("[error]"));
    CHECK_THAT(r.out, Catch::Contains("read"));
}

TEST_CASE("a scenario whose constraint is not met exits 1") {
    const std::string path = write_temp("limited.json", R"({
        "name": "limited", "capacity": {"usable": "215 PB"},
        "constraints": {"max_racks": 5},
        "options": [{"cnode": "cnode-1u", "dbox": "dbox-1u-22"}]})");
    const ProcessResult r = podsizer({"size", path});
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.out, Catch::Contains("exceed the limit of 5"));
}

TEST_CASE("catalog list --format json gives each model's id, kind and key figures") {
    const ProcessResult r = podsizer({"catalog", "list", "--format", "json"});
    REQUIRE(r.exit_code == 0);
    const auto j = nlohmann::json::parse(r.out);
    bool found = false;
    for (const auto& m : j.at("models")) {
        CHECK(m.contains("id"));
        CHECK(m.contains("kind"));
        CHECK(m.contains("source_kind"));
        if (m["id"] == "dbox-1u-22") {
            found = true;
            CHECK(m.at("default_raw_bytes").get<double>() == Approx(1351.68e12));
        }
    }
    CHECK(found);
}

TEST_CASE("catalog show prints every figure with its source") {
    const ProcessResult r = podsizer({"catalog", "show", "dbox-1u-22"});
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains("backend_read"));
    CHECK_THAT(r.out, Catch::Contains("[customer]"));
    CHECK_THAT(r.out, Catch::Contains("[assumption]"));
}

TEST_CASE("catalog validate accepts a good file and rejects a bad one") {
    const std::string good = write_temp("good-catalog.json", R"({"schema": "podsizer-catalog/1",
        "racks": [{"id": "rack-52u", "name": "52U", "usable": "50 U", "power_budget": "60 kW",
                   "source": {"kind": "assumption", "note": "what-if"}}]})");
    const ProcessResult ok = podsizer({"catalog", "validate", good});
    CHECK(ok.exit_code == 0);
    CHECK_THAT(ok.out, Catch::Contains("ok, 1 entries"));
    const std::string bad = write_temp("bad-catalog.json", R"({"dboxes": [{"id": "d"}]})");
    const ProcessResult no = podsizer({"catalog", "validate", bad});
    CHECK(no.exit_code == 2);
    CHECK_THAT(no.err,
               Catch::Contains("bad-catalog.json: $.dboxes[0].name: missing required field"));
}

TEST_CASE("a catalog file given with --catalog overrides a default entry for sizing") {
    const std::string faster = write_temp("faster.json", R"({"cnodes": [
        {"id": "cnode-1u", "name": "faster", "height": "1 U", "power": "800 W",
         "read": "48 GB/s", "write": "20 GB/s", "client_ports": 2, "backend_ports": 2,
         "source": {"kind": "assumption", "note": "what-if: twice as fast"}}]})");
    const ProcessResult r = podsizer({"size", kExample, "--catalog", faster, "--format", "json"});
    REQUIRE(r.exit_code == 0);
    const auto d = nlohmann::json::parse(r.out).at("designs").at(0);
    CHECK(d.at("cnodes").get<int>() == 225); // 10.8 TB/s / 48 GB/s
}

TEST_CASE("bad input exits 2 with one clear line naming the place and the expectation") {
    struct Row {
        std::string name;
        std::vector<std::string> args;
        std::string says;
    };
    const std::string malformed =
        write_temp("malformed.json", "{\n  \"name\": \"x\",\n  oops\n}\n");
    const std::string unknown_id = write_temp("unknown-id.json", R"({"name": "x",
        "capacity": {"usable": "1 PB"}, "options": [{"dbox": "dbox-2u-hd"}]})");
    const std::string no_unit =
        write_temp("no-unit.json", R"({"name": "x", "capacity": {"usable": "215"}})");
    const std::string wrong_unit =
        write_temp("wrong-unit.json", R"({"name": "x", "capacity": {"usable": "2.5 Tbps"}})");
    const std::string zero =
        write_temp("zero.json", R"({"name": "x", "fleet": {"platform": "h100", "gpus": 0}})");
    const std::string negative = write_temp(
        "negative.json", R"({"name": "x", "fleet": {"platform": "h100", "gpus": -256}})");
    const std::string infinite = write_temp(
        "infinite.json", R"({"name": "x", "fleet": {"platform": "h100", "gpus": 1e999}})");
    const std::string ratio = write_temp("ratio.json", R"({"name": "x",
        "capacity": {"usable": "1 PB"}, "options": [{"cd_ratio": "1:4"}]})");
    const Row rows[] = {
        {"malformed JSON", {"size", malformed}, "malformed.json:3:3: malformed JSON"},
        {"unknown model id",
         {"size", unknown_id},
         "unknown-id.json: $.options[0].dbox: unknown D-box model \"dbox-2u-hd\" (nearest: "
         "dbox-2u-44-hd"},
        {"missing unit",
         {"size", no_unit},
         "no-unit.json: $.capacity.usable: \"215\": missing unit"},
        {"wrong unit kind",
         {"size", wrong_unit},
         "wrong-unit.json: $.capacity.usable: \"2.5 Tbps\": throughput unit \"Tbps\" where a "
         "capacity is needed"},
        {"zero count", {"size", zero}, "zero.json: $.fleet.gpus: expected a whole number from 1"},
        {"negative count",
         {"size", negative},
         "negative.json: $.fleet.gpus: expected a whole number"},
        {"non-finite count", {"size", infinite}, "infinite.json: malformed JSON: number overflow"},
        {"ratio outside bounds",
         {"size", ratio},
         "ratio.json: $.options[0].cd_ratio: C:D ratio 1:4 is outside the bounds 1:2 to 4:1"},
        {"missing file", {"size", "no/such/file.json"}, "no/such/file.json: cannot open file"},
        {"unknown flag", {"size", kExample, "--colour"}, "--colour"},
        {"unknown format",
         {"size", kExample, "--format", "xml"},
         "--format: \"xml\" is not a format"},
        {"design: bad count",
         {"design", "--cnode", "cnode-1u", "--dbox", "dbox-1u-22", "--cnodes", "-3", "--dboxes",
          "10"},
         "--cnodes: -3 is out of range"},
        {"design: non-numeric count",
         {"design", "--cnode", "cnode-1u", "--dbox", "dbox-1u-22", "--cnodes", "ten", "--dboxes",
          "10"},
         "--cnodes: \"ten\" is not a number"},
        {"design: fractional count",
         {"design", "--cnode", "cnode-1u", "--dbox", "dbox-1u-22", "--cnodes", "4.5", "--dboxes",
          "10"},
         "--cnodes: \"4.5\" is not a whole number"},
        {"compare: a reference twice",
         {"compare", kExample, "--with", "cloud-object-store", "--with", "cloud-object-store"},
         "--with: \"cloud-object-store\" is given twice"},
        {"design: unknown model",
         {"design", "--cnode", "cnode-2u", "--dbox", "dbox-1u-22", "--cnodes", "10", "--dboxes",
          "10"},
         "--cnode: unknown C-node model \"cnode-2u\" (nearest: cnode-1u)"},
        {"design: drive without unit",
         {"design", "--cnode", "cnode-1u", "--dbox", "dbox-1u-22", "--drive", "61.44", "--cnodes",
          "10", "--dboxes", "10"},
         "--drive: \"61.44\": missing unit"},
        {"design: drive not offered",
         {"design", "--cnode", "cnode-1u", "--dbox", "dbox-1u-22", "--drive", "8 TB", "--cnodes",
          "10", "--dboxes", "10"},
         "--drive: drive size 8.00 TB is not an option of dbox-1u-22"},
        {"catalog show: unknown id",
         {"catalog", "show", "dbox-1u"},
         "unknown id \"dbox-1u\" (nearest: dbox-1u-22"},
        {"no subcommand", {}, "subcommand"},
        {"misspelt command",
         {"sizee", "examples/ncp-pod-41k.json"},
         "\"sizee\" is not a command of podsizer (nearest: size"},
        {"misspelt command after a global option",
         {"--format", "json", "sizee"},
         "\"sizee\" is not a command of podsizer (nearest: size"},
        {"misspelt catalog command",
         {"catalog", "shw", "dbox-1u-22"},
         "\"shw\" is not a command of podsizer catalog (nearest: show"},
        {"unknown flag names the command's help",
         {"size", "--foo", "examples/ncp-pod-41k.json"},
         "--foo (see podsizer size --help)"},
    };
    for (const Row& r : rows) {
        INFO(r.name);
        const ProcessResult p = podsizer(r.args);
        CHECK(p.exit_code == 2);
        CHECK(p.out.empty());
        CHECK(line_count(p.err) == 1);
        CHECK_THAT(p.err, Catch::StartsWith("podsizer: error: "));
        CHECK_THAT(p.err, Catch::Contains(r.says));
    }
}

TEST_CASE("unknown fields in a scenario are warned about on stderr") {
    const std::string path = write_temp("typo.json", R"({"name": "x",
        "capacity": {"usable": "1 PB", "useable": "2 PB"}})");
    const ProcessResult r = podsizer({"size", path});
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.err, Catch::Contains("podsizer: warning: "));
    CHECK_THAT(r.err, Catch::Contains("$.capacity.useable: unknown field ignored"));
}

TEST_CASE("size says its power basis and takes the power flags") {
    // docs/model.md §10. Default: the customer's basis (typical, no derating),
    // 702 kW x 1.58 = 1,109.2 kW facility (Uptime Institute 2023 PUE, docs/model.md §10; ±1 %).
    ProcessResult r = podsizer({"size", kExample});
    CHECK_THAT(r.out, Catch::Contains("Power basis: racks checked on typical draw, no derating"));
    r = podsizer({"size", kExample, "--format", "json"});
    REQUIRE(r.exit_code == 0);
    auto d = nlohmann::json::parse(r.out).at("designs").at(0);
    CHECK(d.at("power_basis") == "typical");
    CHECK(d.at("racks").get<int>() == 29);
    CHECK(d.at("facility_power_w").get<double>() == Approx(1109.2e3).epsilon(0.01));
    CHECK(d.at("layout").at(0).at("cooling") == "containment");

    // On maximum draw (typical x 1.3, an assumption of the catalog): 912.6 kW,
    // 37 racks by power, 37 laid out (docs/model.md §10).
    r = podsizer({"size", kExample, "--power-basis", "max", "--pue", "1.3", "--format", "json"});
    REQUIRE(r.exit_code == 0);
    d = nlohmann::json::parse(r.out).at("designs").at(0);
    CHECK(d.at("power_basis") == "max");
    CHECK(d.at("racks_for_power").get<int>() == 37);
    CHECK(d.at("racks").get<int>() == 37);
    CHECK(d.at("facility_power_w").get<double>() == Approx(912.6e3 * 1.3));

    r = podsizer({"size", kExample, "--rack-derate", "1.2"});
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("--rack-derate"));
    CHECK_THAT(r.err, Catch::Contains("from 0.1 to 1"));
    r = podsizer({"size", kExample, "--power-basis", "peak"});
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("--power-basis"));
    CHECK_THAT(r.err, Catch::Contains("\"max\""));
    r = podsizer({"compare", kExample, "--pue", "abc"});
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("--pue"));
}

TEST_CASE("size says which networks its switches cover, and --client-network chooses") {
    // docs/model.md §8, hand figures: on storage leaves (the default) 2,520
    // device ports need 20 leaves and 16 spines, whose free ports take the
    // 450 x 2 x 200 Gbps / 800 Gbps = 225 uplinks to the customer's fabric.
    ProcessResult r = podsizer({"size", kExample});
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains("Switches (storage fabric; not the GPU fabric)"));
    CHECK_THAT(r.out, Catch::Contains("storage leaves: 225 × 800 Gbps uplinks"));
    CHECK_THAT(r.out, !Catch::Contains("46:1"));
    r = podsizer({"size", kExample, "--format", "json"});
    REQUIRE(r.exit_code == 0);
    auto d = nlohmann::json::parse(r.out).at("designs").at(0);
    CHECK(d.at("client_network") == "storage-leaves");
    CHECK(d.at("switches").get<int>() == 36);
    CHECK(d.at("client_uplinks").get<int>() == 225);
    CHECK(d.at("client_uplink_bytes_per_s").get<double>() == Approx(800e9 / 8));
    CHECK(d.at("client_ports").get<int>() == 900);

    // Converged: the 900 client ports land on the customer's fabric; 450 x 2
    // backend + 180 x 4 = 1,620 ports -> 13 leaves, 8 spines.
    r = podsizer({"size", kExample, "--client-network", "converged", "--format", "json"});
    REQUIRE(r.exit_code == 0);
    d = nlohmann::json::parse(r.out).at("designs").at(0);
    CHECK(d.at("client_network") == "converged");
    CHECK(d.at("leaf_switches").get<int>() == 13);
    CHECK(d.at("spine_switches").get<int>() == 8);
    CHECK(d.at("client_uplinks").get<int>() == 0);
    r = podsizer({"size", kExample, "--client-network", "converged", "--format", "csv"});
    CHECK_THAT(r.out, Catch::Contains("converged"));
    r = podsizer({"size", kExample, "--client-network", "converged"});
    CHECK_THAT(r.out, Catch::Contains("converged: 900 × 200 Gbps client ports"));

    r = podsizer({"size", kExample, "--client-network", "gpu"});
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("--client-network: \"gpu\" is not a client network"));
}

namespace {

/// The default catalog's hardware with every figure given a non-assumption
/// source: the entries are copied from catalog/data and their sources
/// replaced, so only the provenance differs from the default's.
std::string all_sourced_catalog() {
    nlohmann::json out = {{"schema", "podsizer-catalog/1"}};
    for (const char* part : {"cnodes", "dboxes", "switches", "racks", "erasure_coding"}) {
        const std::string path =
            std::string(PODSIZER_SOURCE_DIR) + "/catalog/data/" + part + ".json";
        nlohmann::json doc = nlohmann::json::parse(read_file(path));
        for (auto& entry : doc.at(part)) {
            entry["source"] = {{"kind", "spec"}, {"ref", "test: every figure published"}};
            entry.erase("field_sources");
        }
        out[part] = doc.at(part);
    }
    return write_temp("all-sourced-catalog.json", out.dump(2));
}

} // namespace

TEST_CASE("a figure is marked only while a catalog figure it rests on is an assumption") {
    // docs/model.md §14. With the default catalog the racks and power rest on
    // assumed wattages and rack budgets: marked, with a footnote naming them.
    const ProcessResult marked = podsizer({"size", "examples/ncp-pod-41k.json"});
    REQUIRE(marked.exit_code == 0);
    CHECK_THAT(marked.out, Catch::Contains("29*")); // racks, docs/model.md §12
    CHECK_THAT(marked.out, Catch::Contains("rack-42u-25kw.power_budget"));
    // The same hardware with every figure sourced: the same numbers, no
    // marker, no footnote, no ids in the JSON.
    const std::string catalog = all_sourced_catalog();
    const ProcessResult sourced =
        podsizer({"size", "examples/ncp-pod-41k.json", "--catalog", catalog});
    REQUIRE(sourced.exit_code == 0);
    CHECK(sourced.out.find('*') == std::string::npos);
    CHECK(sourced.out.find("ASSUMPTION") == std::string::npos);
    const ProcessResult json =
        podsizer({"size", "examples/ncp-pod-41k.json", "--catalog", catalog, "--format", "json"});
    REQUIRE(json.exit_code == 0);
    const auto d = nlohmann::json::parse(json.out).at("designs").at(0);
    CHECK(d.at("racks") == 29);
    CHECK(d.at("assumptions").empty());
    CHECK(d.at("assumptions_by_metric").empty());
}

TEST_CASE("racks checked on maximum draw rest on the maximum-power assumptions") {
    auto racks_ids = [](const std::string& basis) {
        const ProcessResult r = podsizer(
            {"size", "examples/ncp-pod-41k.json", "--power-basis", basis, "--format", "json"});
        REQUIRE(r.exit_code == 0);
        return nlohmann::json::parse(r.out)
            .at("designs")
            .at(0)
            .at("assumptions_by_metric")
            .at("racks");
    };
    auto has = [](const nlohmann::json& ids, const char* id) {
        return std::find(ids.begin(), ids.end(), id) != ids.end();
    };
    // docs/model.md §10: the basis decides which draw packs the racks.
    const auto typical = racks_ids("typical");
    CHECK(has(typical, "cnode-1u.power"));
    CHECK(!has(typical, "cnode-1u.max_power"));
    const auto max = racks_ids("max");
    CHECK(has(max, "cnode-1u.max_power"));
    CHECK(!has(max, "cnode-1u.power"));
}

TEST_CASE("no output names the project's own working material") {
    // Issue 16 item 4: sources are public references, "customer discussion"
    // or "assumption"; a proposal never cites a path of the team's notes.
    auto clean = [](const std::string& what, const std::string& text) {
        INFO(what);
        for (const char* internal : {"shared/", "BRIEF", "REVIEW-2", "REDTEAM", "SOURCES.md",
                                     "MODEL.md", "ARCHITECTURE.md"}) {
            INFO(internal);
            CHECK(text.find(internal) == std::string::npos);
        }
    };
    const ProcessResult list = podsizer({"catalog", "list", "--format", "json"});
    REQUIRE(list.exit_code == 0);
    const nlohmann::json models = nlohmann::json::parse(list.out).at("models");
    for (const auto& model : models) {
        const std::string id = model.at("id").get<std::string>();
        const ProcessResult show = podsizer({"catalog", "show", id, "--format", "json"});
        REQUIRE(show.exit_code == 0);
        clean("catalog show " + id, show.out);
    }
    for (const char* example :
         {"examples/ncp-pod-41k.json", "examples/fleet-160k.json", "examples/high-density-1eb.json",
          "examples/checkpoint-cadence.json"}) {
        clean(example, read_file(std::string(PODSIZER_SOURCE_DIR) + "/" + example));
        const ProcessResult compare = podsizer({"compare", example, "--format", "json"});
        clean(std::string("compare ") + example, compare.out + compare.err);
    }
}

TEST_CASE("the one-namespace exabyte gets a three-tier fabric, not leaves that miss spines") {
    // docs/model.md §8: 2,067 C-nodes and 827 D-boxes have 11,576 ports at
    // 200G, 91 leaves of 128 device ports; a 64-port spine reaches 64 leaves,
    // so two tiers cannot wire them. Three: 3 pods, 96 spines; the super-spines
    // take 3 x 32 spine links and ceil(1,034 / 32) = 33 of the 2,067 x 2 x 200 /
    // 800 = 1,034 uplinks to the customer's fabric per plane: 4 per plane, 128
    // (64 before issue 29 counted the uplinks).
    const ProcessResult r = podsizer({"design", "--cnode", "cnode-1u", "--dbox", "dbox-1u-22",
                                      "--cnodes", "2067", "--dboxes", "827", "--format", "json"});
    REQUIRE(r.exit_code == 0);
    const auto d = nlohmann::json::parse(r.out).at("designs").at(0);
    CHECK(d.at("fabric_tiers") == 3);
    CHECK(d.at("leaf_switches") == 91);
    CHECK(d.at("spine_switches") == 96);
    CHECK(d.at("client_uplinks") == 1034);
    CHECK(d.at("super_spine_switches") == 128);
    CHECK(d.at("switches") == 315);
    bool said = false;
    for (const auto& f : d.at("findings")) {
        said = said || f.at("code") == "fabric-three-tiers";
    }
    CHECK(said);
    // The reference pod: two tiers, and its GPUs' storage NICs against the
    // C-nodes' client ports: 10,368 trays x 800 Gbps / (450 x 2 x 200 Gbps).
    const ProcessResult pod = podsizer({"size", kExample, "--format", "json"});
    REQUIRE(pod.exit_code == 0);
    const auto p = nlohmann::json::parse(pod.out).at("designs").at(0);
    CHECK(p.at("fabric_tiers") == 2);
    CHECK(p.at("switches") == 36);
    // A ratio of line rates, not an oversubscription: JSON only, named for what it is.
    CHECK(p.at("gpu_nic_to_client_port_line_rate_ratio").get<double>() ==
          Approx(10368.0 * 800 / (450 * 2 * 200)));
    // Client-port headroom (docs/model.md §8): 450 x 2 x 200 Gbps = 180 Tb/s of
    // client ports over the delivered read, 450 C-nodes x 24 GB/s = 10.8 TB/s =
    // 86.4 Tb/s (the brief's per-C-node read): 2.08.
    CHECK(p.at("client_port_headroom").get<double>() == Approx(180.0 / 86.4));
    CHECK(p.at("read_bytes_per_s").get<double>() == Approx(10.8e12));
}

TEST_CASE("racks are shown on typical and maximum draw side by side, with the PUE's source") {
    // The reference pod: 702 kW typical over 25 kW racks gives the 29; at
    // maximum draw (x 1.3, ASSUMPTION) the same devices need 37 racks
    // (REVIEW-3 §4.4, reproduced with --power-basis max).
    const ProcessResult r = podsizer({"size", kExample});
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains("Racks on typical / max draw"));
    CHECK_THAT(r.out, Catch::Contains("29 / 37"));
    CHECK_THAT(r.out, Catch::Contains("Uptime Institute's 2023 all-sites average; new AI builds "
                                      "run 1.1-1.35"));
    const auto typical =
        nlohmann::json::parse(podsizer({"size", kExample, "--format", "json"}).out)["designs"][0];
    CHECK(typical.at("racks") == 29);
    CHECK(typical.at("racks_on_typical") == 29);
    CHECK(typical.at("racks_on_max") == 37);
    const auto max = nlohmann::json::parse(
        podsizer({"size", kExample, "--power-basis", "max", "--format", "json"}).out)["designs"][0];
    CHECK(max.at("racks") == 37);
    CHECK(max.at("racks_on_typical") == 29);
    CHECK(max.at("racks_on_max") == 37);
}

/// The cell after `label` on the line of a text table that starts with it.
std::string table_cell(const std::string& out, const std::string& label) {
    const auto at = out.find("\n" + label + "  ");
    if (at == std::string::npos) {
        return {};
    }
    const auto end = out.find('\n', at + 1);
    std::string line = out.substr(at + 1 + label.size(), end - at - 1 - label.size());
    line.erase(0, line.find_first_not_of(' '));
    return line;
}

// Issue 51 item 6, docs/model.md §10 "The lead rack figure": the racks say
// their basis, and the racks the facility plans on lead when they are not
// the layout's. The reference pod is laid out on typical draw (29 racks: 702
// kW over 25 kW racks) and at maximum draw its fullest rack would draw 32.1
// of 25 kW: 37 racks on that basis (the case above) is the one to plan on.
TEST_CASE("the lead rack figure says its basis and the planning basis leads, in table, Markdown "
          "and JSON") {
    const ProcessResult r = podsizer({"size", kExample});
    REQUIRE(r.exit_code == 0);
    const auto plan = r.out.find("\nRacks to plan for (max draw)  ");
    const auto laid = r.out.find("\nRacks (typical draw)  ");
    REQUIRE(plan != std::string::npos);
    REQUIRE(laid != std::string::npos);
    CHECK(plan < laid); // the planning basis leads
    CHECK(table_cell(r.out, "Racks to plan for (max draw)") == "37*");
    CHECK(table_cell(r.out, "Racks (typical draw)") == "29*");
    CHECK(r.out.find("\nRacks  ") == std::string::npos); // no rack row without its basis

    const ProcessResult md = podsizer({"size", kExample, "--format", "markdown"});
    REQUIRE(md.exit_code == 0);
    CHECK_THAT(md.out, Catch::Contains("| Racks to plan for (max draw) | 37\\* |"));
    CHECK_THAT(md.out, Catch::Contains("| Racks (typical draw) | 29\\* |"));

    const auto j =
        nlohmann::json::parse(podsizer({"size", kExample, "--format", "json"}).out)["designs"][0];
    CHECK(j.at("racks_planning_basis") == "max");
    CHECK(j.at("racks_planned") == 37);
    CHECK(j.at("racks") == 29); // as laid out: what the BOM and cost count

    // Laid out on maximum draw, the racks are already the planning basis:
    // one row, labelled so.
    const ProcessResult max = podsizer({"size", kExample, "--power-basis", "max"});
    REQUIRE(max.exit_code == 0);
    CHECK(table_cell(max.out, "Racks (max draw)") == "37*");
    CHECK(max.out.find("Racks to plan for") == std::string::npos);
}

TEST_CASE("the size table shows client-port headroom, not a 46:1 line-rate ratio") {
    const ProcessResult r = podsizer({"size", kExample});
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.out, !Catch::Contains("46:1"));
    CHECK_THAT(r.out, !Catch::Contains("GPU NICs"));
    // 180 Tb/s of client ports over 86.4 Tb/s delivered (docs/model.md §8).
    CHECK_THAT(r.out, Catch::Contains("Client-port headroom (ports / delivered read)"));
    CHECK_THAT(r.out, Catch::Contains("2.1×"));
    // The switch row says which networks it covers.
    CHECK_THAT(r.out, Catch::Contains("Switches (storage fabric; not the GPU fabric)"));
    CHECK_THAT(r.out, Catch::Contains("Client network (links to your fabric)"));
    // Read per GPU beside it: 10,800 GB/s / 41,472 GPUs = 0.260.
    CHECK_THAT(r.out, Catch::Contains("0.260"));
}

TEST_CASE("a switch that cannot be a super-spine makes a fabric needing one an error") {
    const std::string catalog =
        write_temp("two-tier-switch.json", R"({"schema": "podsizer-catalog/1", "switches": [
        {"id": "two-tier", "name": "no super-spine", "height": "2 U", "power": "1500 W",
         "port_modes": [{"speed": "200 Gbps", "ports": 256}, {"speed": "800 Gbps", "ports": 64}],
         "downlink_fraction": 0.5, "roles": ["leaf", "spine"],
         "source": {"kind": "assumption"}}]})");
    const ProcessResult r =
        podsizer({"design", "--catalog", catalog, "--cnode", "cnode-1u", "--dbox", "dbox-1u-22",
                  "--switch", "two-tier", "--cnodes", "2067", "--dboxes", "827"});
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.out, Catch::Contains("[error] hand-made design: 11,576 device ports need 91 "
                                      "leaves and a third tier"));
}

TEST_CASE("design --layout builds the layout asked for and says what it survives") {
    // docs/model.md §6: 180 D-boxes on 29 racks (the pod's racks with its
    // 36 switches, §8), at most 2 strips per rack: 58 wide, 54+4;
    // 180 x 1,351.68 TB x 54/58 x 0.92 = 208.4 PB.
    const ProcessResult r =
        podsizer({"design", "--cnode", "cnode-1u", "--dbox", "dbox-1u-22", "--cnodes", "450",
                  "--dboxes", "180", "--layout", "rack-resilient", "--format", "json"});
    REQUIRE(r.exit_code == 0);
    const auto d = nlohmann::json::parse(r.out).at("designs").at(0);
    CHECK(d.at("ec_layout") == "rack-resilient");
    CHECK_FALSE(d.at("ec_layout_auto").get<bool>());
    CHECK(d.at("stripe_width") == 58);
    CHECK(d.at("failure_domains") == 29);
    CHECK(d.at("tolerates_rack_loss").get<bool>());
    CHECK(d.at("usable_capacity_bytes").get<double>() == Approx(208.40e15).epsilon(1e-3));
    // Without --layout: auto, dbox-ha at 146+4, and a warning that a rack's loss is not survived.
    const ProcessResult a = podsizer({"design", "--cnode", "cnode-1u", "--dbox", "dbox-1u-22",
                                      "--cnodes", "450", "--dboxes", "180"});
    REQUIRE(a.exit_code == 0);
    CHECK_THAT(a.out, Catch::Contains("dbox-ha (auto)") &&
                          Catch::Contains("[warning] hand-made design: a rack holds up to 14"));

    const ProcessResult bad = podsizer({"design", "--cnode", "cnode-1u", "--dbox", "dbox-1u-22",
                                        "--cnodes", "20", "--dboxes", "10", "--layout", "raid6"});
    CHECK(bad.exit_code == 2);
    CHECK_THAT(bad.err, Catch::StartsWith("podsizer: error: --layout: \"raid6\""));
    // dbox-ha on 10 D-boxes is a design that misses a rule (exit 1), not bad input.
    const ProcessResult few = podsizer({"design", "--cnode", "cnode-1u", "--dbox", "dbox-1u-22",
                                        "--cnodes", "20", "--dboxes", "10", "--layout", "dbox-ha"});
    CHECK(few.exit_code == 1);
    CHECK_THAT(few.out, Catch::Contains("[error] hand-made design: dbox-ha needs at least 11"));
}

TEST_CASE("a scenario's layout contradicting rack_resilient is bad input naming the path") {
    const std::string path = write_temp(
        "layout-both.json",
        R"({"schema": "podsizer-scenario/1", "name": "both", "capacity": {"usable": "10 PB"},
            "constraints": {"rack_resilient": true, "layout": "classic"}})");
    const ProcessResult r = podsizer({"size", path});
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("$.constraints.layout: \"classic\" contradicts"));
}

TEST_CASE("counts on the command line may be written with an exponent, as in a file") {
    // Second red-team round, minor item m3: "4.5e2" was "not a whole number".
    const ProcessResult r =
        podsizer({"design", "--cnode", "cnode-1u", "--dbox", "dbox-1u-22", "--cnodes", "4.5e2",
                  "--dboxes", "1.8e2", "--format", "json"});
    REQUIRE(r.exit_code == 0);
    const auto d = nlohmann::json::parse(r.out).at("designs").at(0);
    CHECK(d.at("cnodes") == 450);
    CHECK(d.at("dboxes") == 180);
}

TEST_CASE("every assumed figure a report lists is shown by catalog show, as its note says") {
    // The note under every table sends the reader to `podsizer catalog show
    // ID` for each ID.FIELD it lists; max_power and the port speeds were read
    // and listed but not shown (found while merging the catalog field table).
    for (const char* example : {"examples/ncp-pod-41k.json", "examples/high-density-1eb.json",
                                "examples/fleet-160k.json"}) {
        const ProcessResult r = podsizer({"size", example, "--format", "json"});
        REQUIRE(r.exit_code == 0);
        // Kept in a variable: a range-for over a member of a temporary reads
        // freed memory (C++20).
        const nlohmann::json doc = nlohmann::json::parse(r.out);
        for (const auto& d : doc.at("designs")) {
            for (const auto& a : d.at("assumptions")) {
                const std::string figure = a.get<std::string>();
                const auto dot = figure.find('.');
                REQUIRE(dot != std::string::npos);
                INFO(figure);
                const ProcessResult shown = podsizer({"catalog", "show", figure.substr(0, dot)});
                REQUIRE(shown.exit_code == 0);
                CHECK_THAT(shown.out, Catch::Contains("\n" + figure.substr(dot + 1) + " "));
            }
        }
    }
}
