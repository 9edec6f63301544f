#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/comparison.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/optimizer.hpp"
#include "podsizer/reports/comparison_report.hpp"
#include "podsizer/reports/extrapolation_report.hpp"
#include "podsizer/reports/metrics.hpp"
#include "podsizer/reports/optimizer_report.hpp"
#include "support/default_catalog.hpp"
#include "support/test_paths.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <stdexcept>
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

namespace {

const ComparisonRow& row(const std::vector<ComparisonRow>& rows, const std::string& key) {
    for (const ComparisonRow& r : rows) {
        if (r.key == key) {
            return r;
        }
    }
    FAIL("no row " << key);
    throw std::logic_error("unreachable");
}

} // namespace

TEST_CASE("every comparison row has one value per column, in the row's unit") {
    const Comparison c = comparison();
    const std::vector<ComparisonRow> rows = comparison_rows(c);
    for (const ComparisonRow& r : rows) {
        INFO(r.key);
        CHECK(r.values.size() == c.columns.size());
    }
    // Values are the columns' figures in the display unit.
    const ComparisonRow& usable = row(rows, "usable_capacity");
    CHECK(usable.unit == "PB");
    for (std::size_t i = 0; i < c.columns.size(); ++i) {
        REQUIRE(usable.values[i]);
        CHECK(*usable.values[i] == Approx(in(c.columns[i].usable(), units::PB)));
    }
    CHECK(*row(rows, "read_tbps").values[4] == Approx(25)); // cloud: 25 Tbps at 1 EB (brief)
    CHECK(*row(rows, "read").values[4] == Approx(3.125));   // the same rate in TB/s: 25 / 8
    // A cloud store has no C-nodes; a design has no accounts.
    CHECK_FALSE(row(rows, "cnodes").values[4].has_value());
    CHECK_FALSE(row(rows, "accounts").values[0].has_value());
    CHECK(*row(rows, "accounts").values[4] == Approx(178));
    // The ingress cap shows as its own row (10.68 Tbps, see reference_test).
    CHECK(*row(rows, "write_within_account_limits_tbps").values[4] == Approx(10.68));
    // Labels and units are the registry's.
    CHECK(row(rows, "pb_per_rack").label == metric(MetricId::pb_per_rack).label);
    CHECK(row(rows, "power").unit == "kW");
}

TEST_CASE("ratio rows divide each design column by the reference, from the comparison's ratios") {
    const Comparison c = comparison();
    const std::vector<ComparisonRow> rows = comparison_rows(c);
    const ComparisonRow& racks = row(rows, "ratio_racks:cloud-object-store");
    // Like for like: NCP pods × 5 (1,089.3 PB) against the store at 1,089.3 PB,
    // 240 racks and 2,880 kW (docs/extrapolation-and-comparison.md, "Ratios").
    CHECK(racks.label == "Racks ÷ Cloud HDD object store at the same usable capacity");
    CHECK(racks.unit == "×");
    // Five pods of 29 racks and 702 kW (docs/model.md §12).
    CHECK(*racks.values[1] == Approx(145.0 / 240.0));
    const double store_tbs = in(c.columns[1].usable(), units::PB) / 100.0 * 2.5 / 8.0;
    CHECK(*row(rows, "ratio_read:cloud-object-store").values[1] == Approx(54.0 / store_tbs));
    CHECK(*row(rows, "ratio_power:cloud-object-store").values[1] == Approx(3510.0 / 2880.0));
    // The power saved is negative where the pods draw more than the store.
    const ComparisonRow& saved = row(rows, "power_saved:cloud-object-store");
    CHECK(saved.unit == "kW");
    CHECK(*saved.values[1] == Approx(2880.0 - 3510.0));
    CHECK_FALSE(racks.values[4].has_value()); // no ratio of a reference to itself
}

TEST_CASE("a comparison without references has no ratio rows and no account rows") {
    const Scenario s = fleet();
    ComparisonSpec spec;
    spec.target = s.extrapolation;
    const Comparison c = compare_designs(size_scenario(s, cat()), spec);
    for (const ComparisonRow& r : comparison_rows(c)) {
        INFO(r.key);
        CHECK(r.key.rfind("ratio_", 0) == std::string::npos);
        CHECK(r.key.find("within_account_limits") == std::string::npos);
    }
}

TEST_CASE("the comparison grid has a column per comparison column and a row per metric") {
    const Comparison c = comparison();
    const std::vector<ComparisonRow> rows = comparison_rows(c);
    const Grid people = comparison_grid(c, false);
    const Grid machines = comparison_grid(c, true);
    CHECK(people.header.size() == 1 + c.columns.size());
    CHECK(machines.header.size() == 3 + c.columns.size());
    CHECK(people.rows.size() == rows.size() + 2);   // + basis, feasibility
    CHECK(machines.rows.size() == rows.size() + 3); // + kind, basis, feasibility
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const ComparisonRow& row = rows[i];
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
    const std::vector<ComparisonRow> rows = comparison_rows(c);
    const Grid people = comparison_grid(c, false);
    const Grid machines = comparison_grid(c, true);
    std::size_t power = 0;
    while (power < rows.size() && rows[power].key != "power") {
        ++power;
    }
    REQUIRE(power < rows.size());
    // NCP pods × 5: 3,510 kW (5 × 702 kW, docs/model.md §12).
    CHECK(people.rows[power + 1][2] == "3,510.0");
    CHECK(machines.rows[power + 2][4] == "3510");
    CHECK(people.rows[power + 1][0] == "Power (kW)");
}

TEST_CASE(
    "the verdict row carries its role: met for designs, and a reference is judged on the need") {
    const Comparison c = comparison();
    for (bool machine : {false, true}) {
        const Grid g = comparison_grid(c, machine);
        const std::size_t last = g.rows.size() - 1;
        const std::size_t first = machine ? 3 : 1;
        CHECK(g.row_role(last) == RowRole::verdict);
        CHECK(g.row_role(0) == RowRole::plain);
        CHECK(g.cell_role(last, first) == CellRole::met);
        // The cloud store delivers 3.12 TB/s against the pod's 10.80 (docs/model.md
        // §15): it cannot deliver the need, said with the figure.
        CHECK(g.cell_role(last, first + 4) == CellRole::not_met);
        CHECK(g.rows[last][first + 4] ==
              (machine ? "short" : "cannot deliver: read, intact: 3.12 of 10.80 TB/s"));
    }
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
    // What auto chose for each (docs/model.md §6): the pod's 29 racks make
    // rack-resilient 54+4 (−4.3 %, above 1 %), so dbox-ha; the namespace's
    // 137 racks make it 146+4, free, so rack-resilient, which survives a rack.
    auto row = [&](const std::string& label) {
        const auto it = std::find_if(g.rows.begin(), g.rows.end(),
                                     [&](const auto& r) { return r.at(0) == label; });
        REQUIRE(it != g.rows.end());
        return *it;
    };
    const auto layout = row("Erasure-coding layout");
    CHECK(layout[1] == "dbox-ha (auto)");
    CHECK(layout[2] == "rack-resilient (auto)");
    const auto rack = row("Survives losing a rack");
    CHECK(rack[1] == "NO");
    CHECK(rack[2] == "yes");
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

TEST_CASE("a number metric without its own getter reads its JSON field in the row's unit") {
    // metrics.cpp gives such rows the JSON field's getter scaled to `unit`
    // (PB, TB/s, Tbps, kW, TB), counts and densities as written: each figure
    // here is the core's quantity converted by hand with core's units.
    const Comparison c = comparison();
    for (const ComparisonColumn& col : c.columns) {
        INFO(col.name);
        CHECK(column_value(metric(MetricId::usable_capacity), col) == in(col.usable(), units::PB));
        CHECK(column_value(metric(MetricId::read), col) == in(col.read(), units::TB_per_s));
        CHECK(column_value(metric(MetricId::power), col) == in(col.power(), units::kW));
        CHECK(column_value(metric(MetricId::read_per_kw), col) == col.gbps_read_per_kw());
        if (col.racks_fit()) {
            CHECK(column_value(metric(MetricId::racks), col) == static_cast<double>(col.racks()));
        }
        const std::optional<double> at_site = column_value(metric(MetricId::read_at_site), col);
        CHECK(at_site.has_value() == col.read_at_site.has_value());
        if (col.read_at_site) {
            CHECK(*at_site == in(*col.read_at_site, units::Tbps));
        }
        if (col.design) {
            const Design& d = *col.design;
            CHECK(metric(MetricId::drive_size).of_design(d) == in(d.drive_size, units::TB));
            CHECK(metric(MetricId::write).of_design(d) == in(d.write, units::TB_per_s));
            CHECK(metric(MetricId::knee).of_design(d) == static_cast<double>(d.knee_cnodes));
            CHECK(metric(MetricId::device_units).of_design(d) == d.device_units.base());
        }
    }
    // A text or verdict row gets no number getter from its JSON field.
    CHECK(metric(MetricId::feasible).of_column == nullptr);
    CHECK(metric(MetricId::feasible).of_design == nullptr);
}
