#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/reports/metrics.hpp"
#include "podsizer/reports/sizing_report.hpp"
#include "support/test_paths.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <string_view>
#include <variant>

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

TEST_CASE("the table, CSV and JSON of the reference scenario render the registry's metrics") {
    const SizingResult r = reference();
    const std::string table = render_sizing(r, Format::table);
    const std::string csv = render_sizing(r, Format::csv);
    const auto json = nlohmann::json::parse(render_sizing(r, Format::json));
    const auto& design = json.at("designs").at(0);
    const Grid side = side_by_side(r);
    const Grid machines = sizing_csv_grid(r);
    // Without data reduction the table leaves the effective capacity out
    // (the CSV keeps its column, empty, so a batch keeps one shape).
    // The reference pod plans on max draw while laid out on typical: the
    // table shows the racks to plan for (docs/model.md §10); the CSV keeps
    // one shape for a batch, without that column.
    REQUIRE(has_planning_racks(r.designs));
    REQUIRE(side.rows.size() == sizing_table_metrics().size() - 1);
    std::size_t row = 0;
    std::size_t col = 1;
    for (std::size_t i = 0; i < sizing_table_metrics().size(); ++i) {
        const Metric& m = metric(sizing_table_metrics()[i]);
        INFO(m.key);
        const std::string label = metric_label(m, r.designs);
        if (m.id != MetricId::racks_planned) {
            CHECK(machines.header[col] == m.labelled());
            CHECK_THAT(csv, Catch::Contains(m.labelled()));
        }
        if (m.id == MetricId::effective_capacity) {
            CHECK(machines.rows[0][col++].empty());
            CHECK_THAT(table, !Catch::Contains(m.labelled()));
            continue;
        }
        // The same label, in the same place, in the table and the CSV header
        // (the rack rows there with their basis).
        CHECK(side.rows[row][0] == label);
        CHECK_THAT(table, Catch::Contains(label));
        // The same figure: the table shows the registry's cell for people,
        // the CSV for machines.
        CHECK(side.rows[row++][1] == m.cell(r.designs[0], false));
        if (m.id != MetricId::racks_planned) {
            CHECK(machines.rows[0][col++] == m.cell(r.designs[0], true));
        }
        // Every metric is in the JSON under its field, in SI units.
        if (m.json.of != nullptr) {
            CHECK(design.contains(std::string(m.json.key)));
        }
    }
    // The registry's numbers are the JSON's, converted to the display unit.
    const Metric& usable = metric(MetricId::usable_capacity);
    CHECK(*usable.of_design(r.designs[0]) * 1e15 ==
          Approx(design.at(std::string(usable.json.key)).get<double>()));
    CHECK(*metric(MetricId::racks).of_design(r.designs[0]) == design.at("racks").get<double>());
}

TEST_CASE("with data reduction the table shows the effective capacity") {
    SizingResult r = reference();
    Design& d = r.designs.at(0);
    d.data_reduction = 1.5;
    d.effective = d.usable * 1.5;
    const std::string table = render_sizing(r, Format::table);
    const std::string label = metric(MetricId::effective_capacity).labelled();
    REQUIRE(label == "Effective capacity after data reduction (PB)");
    CHECK_THAT(table, Catch::Contains(label));
    // 217.87 PB usable (the reference pod) x 1.5 = 326.80 PB.
    CHECK_THAT(table, Catch::Contains("326.8"));
    CHECK(render_sizing(r, Format::csv).find(",326.80") != std::string::npos);
}

TEST_CASE("every metric has a unique key and a label, and the views name known metrics") {
    std::set<std::string_view> keys;
    for (std::size_t i = 0; i < metric_registry().size(); ++i) {
        const Metric& m = metric_registry()[i];
        INFO(m.key);
        CHECK(static_cast<std::size_t>(m.id) == i);
        CHECK(keys.insert(m.key).second);
        CHECK_FALSE(m.label.empty());
        // A number needs a getter for the views that show it; the figures of
        // the ratio rows are read by ratio_value, which knows each of them.
        const bool ratio_row = std::find(ratio_metrics().begin(), ratio_metrics().end(), m.id) !=
                               ratio_metrics().end();
        CHECK((m.kind != MetricKind::number || m.of_design != nullptr || m.of_column != nullptr ||
               ratio_row));
        if (ratio_row) {
            CHECK_NOTHROW(ratio_value(ComparisonRatio{}, m.id));
        }
    }
    // Each comparison row has a column value: the column's own (a reference's),
    // or the design's by its scaling (column_value).
    for (MetricId id : comparison_metrics()) {
        const Metric& m = metric(id);
        INFO(m.key);
        CHECK((m.of_column != nullptr || (m.of_design != nullptr && m.scaling != Scaling::none)));
    }
}

TEST_CASE("the verdict row of the sizing table is marked, not found by its label") {
    SizingResult r = reference();
    r.designs.push_back(r.designs[0]);
    r.designs[1].findings.push_back({FindingCode::max_racks, "too many racks"});
    r.designs[1].verdict = judge(r.designs[1], 0.1);
    const Grid g = side_by_side(r);
    const std::size_t last = g.rows.size() - 1;
    CHECK(g.row_role(last) == RowRole::verdict);
    CHECK(g.row_role(0) == RowRole::plain);
    CHECK(g.cell_role(last, 1) == CellRole::met);
    CHECK(g.cell_role(last, 2) == CellRole::not_met);
    CHECK(g.rows[last][1] == "meets");
    CHECK(g.rows[last][2] == "short: max-racks"); // docs/model.md §15
}

TEST_CASE("the requirement line and the workbook's lines share their phrases") {
    const Requirements& req = reference().requirements;
    const std::string line = requirement_line(req);
    const std::vector<std::string> lines = requirement_lines(req);
    CHECK_THAT(line, Catch::StartsWith("41,472 GPUs = 72 SUs; rule "));
    REQUIRE(lines.size() == 2);
    CHECK(lines[0] == "Requirement: 41,472 GPUs = 72 SUs; usable 215.0 PB");
    CHECK_THAT(line, Catch::EndsWith("; usable 215.0 PB"));
    CHECK_THAT(lines[1], Catch::Contains(": read 10.80 TB/s, write 4.50 TB/s"));
    CHECK_THAT(line, Catch::Contains(": read 10.80 TB/s, write 4.50 TB/s"));
    CHECK(requirement_line(Requirements{}) == "none");
    CHECK(requirement_lines(Requirements{}) == std::vector<std::string>{"Requirement: none"});
}

TEST_CASE("beside workloads the workbook's rule line gives the rule's own read") {
    // The reference pod's rule (10.80 TB/s read) with a workload that reads
    // more: the rule's line keeps 10.80, the workloads' line the larger need.
    Requirements req = reference().requirements;
    req.performance_read = req.read;
    WorkloadNeed w;
    w.id = "unet3d-h100";
    w.read = Throughput::from_base(20e12);
    req.workloads.push_back(w);
    req.read = w.read;
    req.read_driver = "workloads (unet3d-h100)";
    const std::vector<std::string> lines = requirement_lines(req);
    REQUIRE(lines.size() == 3);
    CHECK_THAT(lines[1], Catch::Contains(": read 10.80 TB/s, write 4.50 TB/s"));
    CHECK_THAT(lines[2], Catch::StartsWith("Workloads unet3d-h100: read 20.00 TB/s"));
    CHECK_THAT(lines[2], Catch::Contains("(sets the read requirement)"));
}

TEST_CASE("the durability's largest term names the larger of the headline's two terms") {
    // docs/resilience.md §9: the headline combines the drive term (first
    // order, 1e-5 a year here: a rate of 1e-5 / 8,760 per hour) and the D-box
    // term; the Slide names the larger, as the `durability` finding does.
    Design d;
    d.data_strips = 8;
    d.parity_strips = 4;
    d.resilience.emplace();
    d.resilience->drives = 120;
    d.resilience->durability.first_order_rate_per_hour = 1e-5 / 8760.0;
    const Metric& m = metric(MetricId::durability_largest_term);
    d.resilience->dbox_annual_loss = 1e-6; // below 1e-5 x (1 - 5e-6)
    CHECK(m.cell(d, false) == "drive failures");
    d.resilience->dbox_annual_loss = 2e-5;
    CHECK(m.cell(d, false) == "D-box losses");
    d.resilience->drives = 11; // fewer drives than a stripe: no figure
    CHECK(m.cell(d, false) == "n/a");
    d.resilience.reset();
    CHECK(m.cell(d, false) == "n/a");
}

TEST_CASE("the design JSON holds every metric's field with its registry row's value") {
    // Each example's designs: the key of every registry row that has one is
    // in the design JSON once, with the value the row gives (issue 27 item 4).
    static const Catalog cat = default_catalog();
    std::set<std::string_view> keys;
    for (const Metric& m : metric_registry()) {
        if (m.json.of != nullptr) {
            INFO(m.json.key);
            CHECK(keys.insert(m.json.key).second); // one row per key
        }
    }
    CHECK(keys.size() >= 30);
    for (const char* example : {"ncp-pod-41k", "high-density-1eb", "fleet-160k"}) {
        const SizingResult r = size_scenario(
            load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/" + example + ".json", cat),
            cat);
        const auto doc = nlohmann::json::parse(render_sizing(r, Format::json));
        REQUIRE(doc.at("designs").size() == r.designs.size());
        for (std::size_t i = 0; i < r.designs.size(); ++i) {
            const nlohmann::json& design = doc.at("designs").at(i);
            for (const Metric& m : metric_registry()) {
                if (m.json.of == nullptr) {
                    continue;
                }
                INFO(example << " design " << i << " " << m.json.key);
                const nlohmann::json row = std::visit(
                    [](const auto& v) { return nlohmann::json(v); }, m.json.of(r.designs[i]));
                CHECK(design.at(std::string(m.json.key)) == row);
            }
        }
    }
}
