#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/comparison.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/optimizer.hpp"
#include "podsizer/reports/comparison_report.hpp"
#include "podsizer/reports/extrapolation_report.hpp"
#include "podsizer/reports/optimizer_report.hpp"
#include "support/default_catalog.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace podsizer;

namespace {

using test_support::cat;

Scenario fleet() {
    return load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/fleet-160k.json", cat());
}

Comparison comparison() {
    const Scenario s = fleet();
    ComparisonSpec spec;
    spec.target = s.extrapolation;
    spec.references.push_back(cat().reference("cloud-object-store"));
    return compare_designs(size_scenario(s, cat()), spec);
}

} // namespace

TEST_CASE("the comparison grid has a column per comparison column and a row per metric") {
    const Comparison c = comparison();
    const Grid people = comparison_grid(c, false);
    const Grid machines = comparison_grid(c, true);
    CHECK(people.header.size() == 1 + c.columns.size());
    CHECK(machines.header.size() == 3 + c.columns.size());
    CHECK(people.rows.size() == c.rows.size() + 2);   // + basis, feasibility
    CHECK(machines.rows.size() == c.rows.size() + 3); // + kind, basis, feasibility
    for (std::size_t i = 0; i < c.rows.size(); ++i) {
        const ComparisonRow& row = c.rows[i];
        const auto& m = machines.rows[i + 2];
        CHECK(m[0] == row.key);
        CHECK(m[2] == row.unit);
        for (std::size_t k = 0; k < row.values.size(); ++k) {
            // Not applicable: empty for machines, "n/a" for people.
            CHECK(m[3 + k].empty() == !row.values[k].has_value());
            CHECK((people.rows[i + 1][1 + k] == "n/a") == !row.values[k].has_value());
        }
    }
}

TEST_CASE("numbers for machines are plain and for people are grouped") {
    const Comparison c = comparison();
    const Grid people = comparison_grid(c, false);
    const Grid machines = comparison_grid(c, true);
    std::size_t power = 0;
    while (power < c.rows.size() && c.rows[power].key != "power") {
        ++power;
    }
    REQUIRE(power < c.rows.size());
    // NCP pods × 5: 3,690 kW (5 × 738 kW).
    CHECK(people.rows[power + 1][2] == "3,690.0");
    CHECK(machines.rows[power + 2][4] == "3690");
    CHECK(people.rows[power + 1][0] == "Power (kW)");
}

TEST_CASE("the comparison JSON holds the same rows with nulls where a metric does not apply") {
    const std::string j = render_comparison(comparison(), Format::json);
    for (const char* key : {"\"references\"", "\"columns\"", "\"ratios\"", "\"rows\"",
                            "\"accounts\": 178", "\"values\"", "null", "\"extrapolations\""}) {
        INFO(key);
        CHECK_THAT(j, Catch::Contains(key));
    }
}

TEST_CASE("the extrapolation grid shows pods and one namespace only for designs below the target") {
    const Scenario s = fleet();
    const ScenarioExtrapolation x = extrapolate_scenario(s, cat(), *s.extrapolation);
    const Grid g = extrapolation_grid(x, false);
    // NCP pod: 5 pods and one namespace; each HD exabyte: 1 pod only.
    REQUIRE(g.header.size() == 1 + 4);
    CHECK(g.header[1] == "NCP pod, 5 pods");
    CHECK(g.header[2] == "NCP pod, one namespace");
    CHECK(g.header[3] == "HD exabyte, full performance, 1 pod");
    const std::string json = render_extrapolation(x, Format::json);
    CHECK_THAT(json, Catch::Contains("\"extrapolation\""));
    CHECK_THAT(json, Catch::Contains("\"site_plan\""));
}

TEST_CASE("the optimiser report marks the best design on the Pareto front") {
    const OptimizerResult r = optimize(fleet(), cat());
    REQUIRE(r.best);
    const Grid g = pareto_grid(r, false);
    CHECK(g.rows.size() == r.pareto.size());
    std::size_t marked = 0;
    for (const auto& row : g.rows) {
        marked += row[1] == "*" ? 1 : 0;
    }
    CHECK(marked == 1);
    CHECK_THAT(render_optimization(r, Format::json, false), Catch::Contains("\"pareto\": ["));
    CHECK_THAT(render_optimization(r, Format::csv, true), Catch::StartsWith("#,Best,C-node,"));
}
