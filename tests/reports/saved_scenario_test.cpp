#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/reports/sizing_report.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace podsizer;

TEST_CASE("a saved and reloaded scenario sizes to the same report in every format") {
    const Catalog cat = default_catalog();
    for (const char* name : {"ncp-pod-41k.json", "high-density-1eb.json", "checkpoint-cadence.json",
                             "fleet-160k.json"}) {
        INFO(name);
        const Scenario s =
            load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/" + name, cat);
        const Scenario back = parse_scenario(scenario_to_json(s), "saved.json", cat);
        const SizingResult a = size_scenario(s, cat);
        const SizingResult b = size_scenario(back, cat);
        for (Format f : {Format::table, Format::json, Format::csv, Format::md}) {
            INFO(to_string(f));
            CHECK(render_sizing(a, f) == render_sizing(b, f));
        }
    }
}
