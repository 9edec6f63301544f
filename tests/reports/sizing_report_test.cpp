#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/reports/sizing_report.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace podsizer;

namespace {
SizingResult reference() {
    static const Catalog cat = default_catalog();
    const Scenario s =
        load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/ncp-pod-41k.json", cat);
    return size_scenario(s, cat);
}
} // namespace

TEST_CASE("the JSON report carries the contract's keys with SI units in their names") {
    const std::string j = render_sizing(reference(), Format::json);
    for (const char* key :
         {"\"name\"", "\"cnode_model\"", "\"dbox_model\"", "\"cnodes\"", "\"dboxes\"",
          "\"switches\"", "\"racks\"", "\"rack_units\"", "\"raw_capacity_bytes\"",
          "\"usable_capacity_bytes\"", "\"read_bytes_per_s\"", "\"write_bytes_per_s\"",
          "\"power_w\"", "\"bottleneck\"", "\"findings\"", "\"requirements\""}) {
        INFO(key);
        CHECK_THAT(j, Catch::Contains(key));
    }
}

TEST_CASE("the CSV report has one row per design and units in the headers") {
    const std::string csv = render_sizing(reference(), Format::csv);
    CHECK_THAT(csv, Catch::StartsWith("Design,C-node model,D-box model,Drive size (TB),"));
    CHECK_THAT(csv, Catch::Contains("Usable capacity (PB)"));
    CHECK_THAT(csv, Catch::Contains("Read (Tbps)"));
    std::size_t lines = 0;
    for (std::size_t p = csv.find("\r\n"); p != std::string::npos; p = csv.find("\r\n", p + 2)) {
        ++lines;
    }
    CHECK(lines == 2); // header + one design
}

TEST_CASE("the table shows terabytes and terabits side by side, labelled") {
    const std::string t = render_sizing(reference(), Format::table);
    CHECK_THAT(t, Catch::Contains("Read (TB/s)"));
    CHECK_THAT(t, Catch::Contains("Read (Tbps)"));
    CHECK_THAT(t, Catch::Contains("10.80"));
    CHECK_THAT(t, Catch::Contains("86.4")); // 10.8 TB/s x 8 = 86.4 Tbps
}
