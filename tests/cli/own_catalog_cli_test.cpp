// A scenario that carries its own catalog entries (issue 16 item 6), on the
// real binary: sized with no --catalog flag, from an embedded block or a file
// beside the scenario, and checked by catalog validate.
#include "run_process.hpp"
#include "support/test_files.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
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
        // batch does not read it yet, and says so rather than failing on the ids.
        {{"batch", kEmbedded},
         kEmbedded + ": $.catalog: the scenario carries its own catalog entries"},
    };
    for (const Row& row : rows) {
        INFO(row.says);
        const ProcessResult r = podsizer(row.args);
        CHECK(r.exit_code == 2);
        CHECK_THAT(r.err, Catch::Contains("podsizer: error: " + row.says));
    }
}
