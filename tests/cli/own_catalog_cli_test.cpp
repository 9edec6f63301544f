// A scenario that carries its own catalog entries (issue 16 item 6), on the
// real binary: sized with no --catalog flag, from an embedded block or a file
// beside the scenario, and checked by catalog validate.
#include "run_process.hpp"
#include "support/test_files.hpp"
#include "support/test_paths.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace {

using test_support::write_temp;

const std::string kEmbedded = "tests/cli/data/own-catalog.json";
const std::string kBeside = "tests/cli/data/own-catalog-path.json";

/// A file of the source tree (the tests run in the build directory).
std::string source_file(const std::string& path) {
    return test_support::read_file(std::string(PODSIZER_SOURCE_DIR) + "/" + path);
}

nlohmann::json json_of(const ProcessResult& r) {
    INFO(r.err);
    return nlohmann::json::parse(r.out);
}

} // namespace

TEST_CASE("a scenario with an embedded catalog entry sizes with no --catalog flag") {
    const ProcessResult r = podsizer({"size", kEmbedded, "--format", "json"});
    REQUIRE(r.exit_code == 0);
    CHECK(r.err.empty()); // neither "catalog" nor "_comment" is an unknown field
    const auto d = json_of(r).at("designs")[0];
    CHECK(d.at("cnode_model") == "cnode-1u-fast");
    // The entry's 30 GB/s read and 12.5 GB/s write against the rule's
    // 10.8 TB/s and 4.5 TB/s (tests/cli/data/entries/fast-cnode.json): 360
    // C-nodes either way; the D-boxes are the NCP pod's 180 for 215 PB.
    CHECK(d.at("cnodes") == 360);
    CHECK(d.at("dboxes") == 180);
    // The same entry given as a --catalog file gives the same report.
    auto plain = nlohmann::json::parse(source_file(kEmbedded));
    plain.erase("catalog");
    const std::string path = write_temp("own/plain.json", plain.dump(2));
    const ProcessResult flag = podsizer(
        {"--catalog", "tests/cli/data/entries/fast-cnode.json", "size", path, "--format", "json"});
    REQUIRE(flag.exit_code == 0);
    CHECK(json_of(flag).at("designs") == json_of(r).at("designs"));
    // extrapolate, compare, optimize and design read it too.
    CHECK(podsizer({"compare", kEmbedded}).exit_code == 0);
    CHECK(podsizer({"extrapolate", kEmbedded, "--target", "1EB"}).exit_code == 0);
    CHECK(podsizer({"optimize", kEmbedded}).exit_code == 0);
    const ProcessResult design =
        podsizer({"design", "--scenario", kEmbedded, "--cnode", "cnode-1u-fast", "--dbox",
                  "dbox-1u-22", "--cnodes", "360", "--dboxes", "180"});
    CHECK(design.exit_code == 0);
}

TEST_CASE("a scenario's catalog path is taken from the scenario's directory, not the cwd") {
    const std::string scenario = std::string(PODSIZER_SOURCE_DIR) + "/" + kBeside;
    const ProcessResult r =
        run_process(PODSIZER_BIN, {"size", scenario, "--format", "json"}, test_support::temp_dir());
    REQUIRE(r.exit_code == 0);
    CHECK(json_of(r).at("designs")[0].at("cnodes") == 360);
    const ProcessResult embedded = podsizer({"size", kEmbedded, "--format", "json"});
    CHECK(json_of(r).at("designs") == json_of(embedded).at("designs"));
}

TEST_CASE("catalog validate checks the catalog a scenario carries") {
    const ProcessResult r = podsizer({"catalog", "validate", kEmbedded});
    CHECK(r.exit_code == 0);
    CHECK(r.out == kEmbedded + ": ok, 1 entries (the scenario's own catalog)\n");
    const ProcessResult beside = podsizer({"catalog", "validate", kBeside});
    CHECK(beside.exit_code == 0);
    CHECK(beside.out == kBeside + ": ok, 1 entries (the scenario's own catalog)\n");
    // A catalog file is still a catalog file.
    const ProcessResult file =
        podsizer({"catalog", "validate", "tests/cli/data/entries/fast-cnode.json"});
    CHECK(file.exit_code == 0);
    CHECK(file.out == "tests/cli/data/entries/fast-cnode.json: ok, 1 entries\n");
}

TEST_CASE("a bad entry in a scenario's own catalog names the scenario and the JSON path") {
    auto doc = nlohmann::json::parse(source_file(kEmbedded));
    doc["catalog"]["cnodes"][0]["power"] = "900";
    const std::string unitless = write_temp("own/unitless.json", doc.dump(2));
    doc = nlohmann::json::parse(source_file(kEmbedded));
    doc["catalog"] = "no-such-catalog.json";
    const std::string missing = write_temp("own/missing.json", doc.dump(2));
    doc["catalog"] = 5;
    const std::string number = write_temp("own/number.json", doc.dump(2));
    struct Row {
        std::vector<std::string> args;
        std::string says;
    };
    const Row rows[] = {
        {{"size", unitless}, unitless + ": $.catalog.cnodes[0].power: "},
        {{"catalog", "validate", unitless}, unitless + ": $.catalog.cnodes[0].power: "},
        {{"size", missing}, missing + ": $.catalog: "},
        {{"size", number},
         number + ": $.catalog: expected a catalog (an object with cnodes, dboxes"},
        {{"sweep", unitless, "--vary", "gpus=4096,8192"},
         unitless + ": $.catalog.cnodes[0].power: "},
    };
    for (const Row& row : rows) {
        INFO(row.says);
        const ProcessResult r = podsizer(row.args);
        CHECK(r.exit_code == 2);
        CHECK_THAT(r.err, Catch::Contains("podsizer: error: " + row.says));
    }
    // In a batch, the bad file is reported and the others are still sized.
    const ProcessResult batch = podsizer({"batch", unitless, kEmbedded, "--format", "csv"});
    CHECK(batch.exit_code == 2);
    CHECK_THAT(batch.err,
               Catch::Contains("podsizer: error: " + unitless + ": $.catalog.cnodes[0].power: "));
    CHECK_THAT(batch.out, Catch::Contains("cnode-1u-fast"));
}

TEST_CASE("batch and sweep size a scenario with its own catalog, file by file") {
    // The same 360 C-nodes as size (the embedded entry, and the file beside
    // the other scenario); the default catalog's reference pod next to them
    // keeps its own C-node: one file's entries do not leak into another.
    const ProcessResult r =
        podsizer({"batch", kEmbedded, kBeside, "examples/ncp-pod-41k.json", "--format", "jsonl"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    std::vector<nlohmann::json> runs;
    std::size_t start = 0;
    while (start < r.out.size()) {
        const std::size_t end = r.out.find('\n', start);
        runs.push_back(nlohmann::json::parse(r.out.substr(start, end - start)));
        start = end + 1;
    }
    REQUIRE(runs.size() == 3);
    const auto size = json_of(podsizer({"size", kEmbedded, "--format", "json"})).at("designs");
    for (int i = 0; i < 2; ++i) {
        const auto d = runs[static_cast<std::size_t>(i)].at("design");
        CHECK(d.at("cnode_model") == "cnode-1u-fast");
        CHECK(d.at("cnodes") == size[0].at("cnodes"));
        CHECK(d.at("dboxes") == size[0].at("dboxes"));
    }
    CHECK(runs[2].at("design").at("cnode_model") != "cnode-1u-fast");

    // A sweep reads the scenario's own catalog once, for every run.
    const ProcessResult sweep =
        podsizer({"sweep", kBeside, "--vary", "gpus=41472,82944", "--format", "csv"});
    INFO(sweep.err);
    REQUIRE(sweep.exit_code == 0);
    CHECK(sweep.err == "podsizer: 2 sized, 0 not met, 0 bad\n"); // no warning: catalog is known
    std::size_t fast_rows = 0;
    for (std::size_t at = sweep.out.find("cnode-1u-fast"); at != std::string::npos;
         at = sweep.out.find("cnode-1u-fast", at + 1)) {
        ++fast_rows;
    }
    CHECK(fast_rows == 2);
}

TEST_CASE("the D-box's assumed port speed marks the figures it holds up") {
    // The catalog's 1U D-box has 4 x 200 GbE (ASSUMPTION): 100 GB/s of line
    // rate above its 60 GB/s read, so the cap does not bind. The published
    // first generation has 4 x 100 GbE (linfocr, SOURCES.md): 50 GB/s a box,
    // so 10.8 TB/s of read needs 10,800 / 50 = 216 D-boxes. Ports: 450 x 4 +
    // 216 x 4 = 2,664 at 200G / 128 per leaf = 21 leaves, 16 spines (the
    // smallest divisor of 32 >= 11): 37 switches. Power: 450 x 800 W + 216 x
    // 1,600 W + 37 x 1,500 W = 761.1 kW; over 25 kW racks (30.4) the layout
    // packs whole devices into 32 racks (REVIEW-3 §4.4: 216, 32, 761 kW).
    const ProcessResult pod = podsizer({"size", "examples/ncp-pod-41k.json"});
    REQUIRE(pod.exit_code == 0);
    CHECK_THAT(pod.out, Catch::Contains("dbox-1u-22.backend_port_speed"));
    CHECK_THAT(pod.out, Catch::Contains("10.80*"));
    auto catalog = nlohmann::json::parse(source_file("catalog/data/dboxes.json"));
    nlohmann::json box;
    for (const auto& d : catalog.at("dboxes")) {
        if (d.at("id") == "dbox-1u-22") {
            box = d;
        }
    }
    box["id"] = "dbox-1u-22-100g";
    box["backend_port_speed"] = "100 Gbps";
    const std::string entries =
        write_temp("own/dbox-100g.json",
                   nlohmann::json{{"schema", "podsizer-catalog/1"}, {"dboxes", {box}}}.dump(2));
    auto scenario = nlohmann::json::parse(source_file("examples/ncp-pod-41k.json"));
    scenario["options"][0]["dbox"] = "dbox-1u-22-100g";
    const std::string path = write_temp("own/pod-100g.json", scenario.dump(2));
    const ProcessResult r = podsizer({"--catalog", entries, "size", path, "--format", "json"});
    REQUIRE(r.exit_code == 0);
    const auto d = json_of(r).at("designs").at(0);
    CHECK(d.at("dboxes") == 216);
    CHECK(d.at("switches") == 37);
    CHECK(d.at("racks") == 32);
    CHECK(d.at("power_w").get<double>() == Approx(761100.0));
}

TEST_CASE("no device fits a 0.2 kW rack: every rack figure is n/a, never a count (REDTEAM-3 #14)") {
    // Third red-team round, defect 14 (remainder): with a rack no single
    // device fits, the tables printed "Racks 1,908", the power quotient, as if
    // that many racks would hold the pod. The design is an error either way.
    const std::string tiny_text = R"({
        "name": "tiny rack", "fleet": {"platform": "gb200-nvl72", "gpus": 41472},
        "performance": {"rule": "ncp-gb200-customer"},
        "catalog": [{"racks": [{"id": "rack-tiny", "name": "tiny rack", "usable": "40 U",
            "power_budget": "0.2 kW",
            "source": {"kind": "assumption", "ref": "", "note": "a test rack"}}]}],
        "capacity": {"usable": "215 PB"},
        "constraints": {"rack": "rack-tiny"},
        "options": [{"name": "NCP pod", "cnode": "cnode-1u", "dbox": "dbox-1u-22",
                     "drive": "61.44 TB"}]})";
    const std::string tiny = write_temp("own-catalog/tiny-rack.json", tiny_text);
    const ProcessResult table = podsizer({"size", tiny});
    CHECK(table.exit_code == 1);
    CHECK_THAT(table.out, Catch::Contains("a single device does not fit rack rack-tiny"));
    for (const std::string row :
         {"Racks", "Racks on typical / max draw", "Racks set by", "PB per rack"}) {
        INFO(row);
        const auto at = table.out.find("\n" + row + " ");
        REQUIRE(at != std::string::npos);
        const std::string line = table.out.substr(at + 1, table.out.find('\n', at + 1) - at - 1);
        CHECK_THAT(line, Catch::EndsWith(" n/a"));
    }

    const ProcessResult js = podsizer({"size", tiny, "--format", "json"});
    CHECK(js.exit_code == 1);
    const auto d = nlohmann::json::parse(js.out).at("designs").at(0);
    for (const char* key :
         {"racks", "racks_on_typical", "racks_on_max", "pb_per_rack", "read_gb_per_s_per_rack"}) {
        INFO(key);
        CHECK(d.at(key).is_null());
    }
    // `compare` writes the design's column the same way: before, its racks
    // were null but its PB per rack 0.062, usable over the power quotient.
    const ProcessResult cmp = podsizer({"compare", tiny, "--format", "json"});
    CHECK(cmp.exit_code == 1);
    const auto column = nlohmann::json::parse(cmp.out).at("columns").at(0);
    CHECK(column.at("racks").is_null());
    CHECK(column.at("pb_per_rack").is_null());
    // The quotients stay what they are: the typical draw over 0.2 kW, rounded up.
    CHECK(d.at("racks_for_power").get<std::int64_t>() ==
          static_cast<std::int64_t>(std::ceil(d.at("power_w").get<double>() / 200.0)));

    // CSV: a row per design under a header; the Racks column is empty. No
    // quoted field comes before it (the findings, quoted, are last).
    const ProcessResult csv = podsizer({"size", tiny, "--format", "csv"});
    CHECK(csv.exit_code == 1);
    auto fields = [](const std::string& line) {
        std::vector<std::string> out(1);
        for (const char ch : line) {
            if (ch == ',') {
                out.emplace_back();
            } else {
                out.back() += ch;
            }
        }
        return out;
    };
    const auto eol = csv.out.find('\n');
    const std::vector<std::string> header = fields(csv.out.substr(0, eol));
    const std::vector<std::string> row = fields(csv.out.substr(eol + 1));
    const auto racks = std::find(header.begin(), header.end(), "Racks");
    REQUIRE(racks != header.end());
    const auto at = static_cast<std::size_t>(racks - header.begin());
    REQUIRE(row.size() > at + 2);
    CHECK(row.at(at).empty());
    CHECK(row.at(at + 1).empty()); // racks on typical / max draw
    CHECK(row.at(at + 2).empty()); // racks set by

    // Priced (the reference pod in a 0.2 kW rack of the default catalog, which
    // the illustrative book prices), nothing counted per rack is a sum: the
    // racks' CapEx and space per rack wait for racks a device fits (the rack
    // count is n/a), and the totals leave them out, as any unpriced part.
    // Before, the cost priced the engine's power quotient: 3,510 racks,
    // 28,080,000 USD of racks and 63,180,000 USD of space a year.
    const std::string src = std::string(PODSIZER_SOURCE_DIR) + "/examples/";
    const std::vector<std::string> tiny_priced{"size",     src + "ncp-pod-41k.json",
                                               "--set",    "constraints.rack_power=0.2 kW",
                                               "--prices", src + "prices-illustrative.json"};
    std::vector<std::string> as_json = tiny_priced;
    as_json.insert(as_json.end(), {"--format", "json"});
    const ProcessResult priced = podsizer(as_json);
    CHECK(priced.exit_code == 1);
    const auto design = nlohmann::json::parse(priced.out).at("designs").at(0);
    const auto cost = design.at("cost");
    CHECK(cost.at("racks").is_null());
    CHECK(cost.at("space_per_year").is_null());
    // Nor anything else counted by the rack (issue 50): the management
    // switches and the PDUs (their cords stay priced: a group priced in part).
    CHECK(cost.at("management_switches").is_null());
    const auto unpriced = cost.at("unpriced").get<std::vector<std::string>>();
    CHECK(unpriced ==
          std::vector<std::string>{"racks", "management_switches", "pdus_and_cords", "space"});
    const auto assumed = cost.at("assumed_prices").get<std::vector<std::string>>();
    CHECK(std::find(assumed.begin(), assumed.end(), "rack-42u-25kw") == assumed.end());
    CHECK(std::find(assumed.begin(), assumed.end(), "site.space_per_rack_month") == assumed.end());
    // The devices stay priced (the book's list prices less 20 %): 450 C-nodes
    // at 25,000, 180 D-boxes at 250,000, 36 switches at 60,000; and the parts
    // not counted by the rack at the book's list prices (docs/cost.md §6).
    const std::map<std::string, double> part_price{
        {"dac-200g-3m", 150},  {"dac-800g-2m", 400},      {"aec-200g-7m", 450},
        {"aec-800g-7m", 1200}, {"optic-200g-sr4", 350},   {"optic-800g-dr8", 900},
        {"fibre-mpo-mm", 60},  {"fibre-mpo-sm", 60},      {"utp-cat6", 5},
        {"rail-kit", 80},      {"power-cord-c13-c14", 10}};
    double parts = 0.0;
    for (const auto& l : design.at("bom").at("lines")) {
        const auto it = part_price.find(l.at("item").get<std::string>());
        if (it != part_price.end()) {
            parts += l.at("quantity").get<double>() * it->second;
        }
    }
    CHECK(parts > 0.0);
    CHECK(cost.at("capex").get<double>() ==
          Approx(450 * 25000 * 0.8 + 180 * 250000 * 0.8 + 36 * 60000 * 0.8 + parts));
    const ProcessResult priced_table = podsizer(tiny_priced);
    const auto racks_row = priced_table.out.find("\n  Racks ");
    REQUIRE(racks_row != std::string::npos);
    CHECK_THAT(priced_table.out.substr(racks_row + 1,
                                       priced_table.out.find('\n', racks_row + 1) - racks_row - 1),
               Catch::EndsWith(" unpriced"));

    // A rack the devices fit gives the count again.
    std::string fits = tiny_text;
    fits.replace(fits.find(R"("rack": "rack-tiny")"), 19, R"("rack": "rack-42u-25kw")");
    const ProcessResult ok =
        podsizer({"size", write_temp("own-catalog/fits-rack.json", fits), "--format", "json"});
    CHECK(nlohmann::json::parse(ok.out).at("designs").at(0).at("racks").get<std::int64_t>() > 0);
}
