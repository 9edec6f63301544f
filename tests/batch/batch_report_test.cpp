// The batch report: one row per scenario × option, the same figures as
// `size`, and JSON that parses object by object.
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/reports/batch_report.hpp"
#include "podsizer/reports/grid.hpp"
#include "podsizer/reports/sizing_report.hpp"
#include "support/default_catalog.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

using namespace podsizer;

namespace {

using test_support::cat;

BatchRun sized_run(const std::string& example) {
    const std::string path = std::string(PODSIZER_SOURCE_DIR) + "/examples/" + example;
    BatchRun run;
    run.index = 1;
    run.file = "examples/" + example;
    run.result = size_scenario(load_scenario(path, cat()), cat());
    return run;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        out.push_back(line);
    }
    return out;
}

} // namespace

TEST_CASE("the summary counts runs") {
    struct Row {
        std::vector<RunStatus> runs;
        std::string line;
    };
    const Row rows[] = {
        {{}, "0 sized, 0 not met, 0 bad"},
        {{RunStatus::sized, RunStatus::sized}, "2 sized, 0 not met, 0 bad"},
        {{RunStatus::sized, RunStatus::not_met}, "1 sized, 1 not met, 0 bad"},
        {{RunStatus::not_met, RunStatus::bad, RunStatus::sized}, "1 sized, 1 not met, 1 bad"},
        {{RunStatus::bad}, "0 sized, 0 not met, 1 bad"},
    };
    for (const Row& r : rows) {
        INFO(r.line);
        BatchSummary s;
        for (RunStatus st : r.runs) {
            s.add(st);
        }
        CHECK(s.line() == r.line);
    }
}

TEST_CASE("a batch CSV row holds the same figures as size's CSV row") {
    const BatchRun run = sized_run("high-density-1eb.json");
    const BatchReport report(BatchFormat::csv, BatchKind::batch);
    const RenderedRun r = report.render(run);
    CHECK(r.status == RunStatus::sized);
    const Grid size_grid = sizing_csv_grid(*run.result);
    REQUIRE(size_grid.rows.size() == 2);
    std::string expected;
    for (const auto& row : size_grid.rows) {
        // File and Scenario first, then exactly size's row (Design ... Findings).
        // No checkpoint jobs: write driven by the rule (none here), no jobs.
        std::vector<std::string> cells{run.file, run.result->scenario};
        cells.insert(cells.end(), row.begin(), row.end() - 1);
        cells.insert(cells.end(), {"none", "", row.back()});
        for (std::size_t c = 0; c < cells.size(); ++c) {
            expected += (c > 0 ? "," : "") + csv_field(cells[c]);
        }
        expected += "\r\n";
    }
    CHECK(r.text == expected);
    CHECK_THAT(report.begin(), Catch::StartsWith("File,Scenario,Design,C-node model,"));
}

TEST_CASE("the workbook part names a row by its leading columns and keeps each row's findings") {
    // A batch's File, Scenario and Design; a sweep's parameters and Design.
    const BatchReport batch(BatchFormat::csv, BatchKind::batch);
    CHECK(batch.csv_label_columns() == 3);
    CHECK(batch.csv_header()[batch.csv_label_columns() - 1] == "Design");
    BatchReport sweep(BatchFormat::table, BatchKind::sweep, {"gpus", "dbox"});
    CHECK(sweep.csv_label_columns() == 3);
    CHECK(sweep.csv_header()[sweep.csv_label_columns() - 1] == "Design");
    // The Findings sheet's findings are the row's, in the CSV's order.
    sweep.set_workbook(true);
    const BatchRun run = sized_run("high-density-1eb.json");
    const RenderedRun r = sweep.render(run);
    REQUIRE(r.workbook_rows.size() == 2);
    REQUIRE(r.workbook_findings.size() == 2);
    for (std::size_t i = 0; i < 2; ++i) {
        const Design& d = run.result->designs[i];
        REQUIRE(r.workbook_findings[i].size() == d.findings.size());
        REQUIRE_FALSE(d.findings.empty());
        // The CSV's cell has each finding's message and hint (issue 51 item 3).
        std::string cell;
        for (const Finding& f : r.workbook_findings[i]) {
            cell += (cell.empty() ? "" : "; ") + std::string(to_string(f.severity())) + " " +
                    std::string(f.name()) + ": " + f.message_and_hint();
        }
        CHECK(cell == r.workbook_rows[i].back());
    }
}

TEST_CASE("jsonl gives one object per design, each a whole JSON document") {
    BatchRun run = sized_run("high-density-1eb.json");
    run.parameters = {{"gpus", std::int64_t{4096}}, {"capacity.usable", std::string("1 EB")}};
    run.labels = {"4096", "1 EB"};
    const BatchReport report(BatchFormat::jsonl, BatchKind::sweep, {"gpus", "capacity.usable"});
    const std::vector<std::string> lines = lines_of(report.render(run).text);
    REQUIRE(lines.size() == 2);
    for (std::size_t k = 0; k < lines.size(); ++k) {
        const auto j = nlohmann::json::parse(lines[k]);
        CHECK(j.at("run") == 1);
        CHECK(j.at("option") == k);
        CHECK(j.at("parameters").at("gpus") == 4096);
        CHECK(j.at("parameters").at("capacity.usable") == "1 EB");
        CHECK(j.at("label") == "gpus=4096 capacity.usable=1 EB");
        CHECK(j.at("design").at("name") == run.result->designs[k].name);
        CHECK(j.at("design").at("dboxes") == run.result->designs[k].dboxes);
        CHECK(j.at("requirements").contains("usable_capacity_bytes"));
    }
}

TEST_CASE("jsonl designs with --full are byte for byte those of size --format json") {
    // JSON Lines with --full write the rack layout directly (batch_report.cpp);
    // every key, the order and the number format must stay those of the
    // sizing report.
    for (const char* example :
         {"ncp-pod-41k.json", "high-density-1eb.json", "checkpoint-cadence.json"}) {
        INFO(example);
        BatchRun run = sized_run(example);
        // Rack figures nlohmann writes in other forms: a fraction, and one
        // too large for the fixed-point path.
        Rack& odd = run.result->designs.at(0).layout.at(0);
        odd.power = Power::from_base(24600.25);
        odd.used = RackUnits::from_base(2e15);
        const auto size_json =
            nlohmann::ordered_json::parse(render_sizing(*run.result, Format::json));
        BatchReport full(BatchFormat::jsonl, BatchKind::batch);
        full.set_full(true);
        const std::vector<std::string> lines = lines_of(full.render(run).text);
        REQUIRE(lines.size() == run.result->designs.size());
        for (std::size_t k = 0; k < lines.size(); ++k) {
            const auto j = nlohmann::ordered_json::parse(lines[k]);
            CHECK(j.at("design").dump() == size_json.at("designs").at(k).dump());
            CHECK(j.at("requirements").dump() == size_json.at("requirements").dump());
        }
    }
}

TEST_CASE("a bad run is an error object in JSON and no row in the tables") {
    BatchRun bad;
    bad.index = 3;
    bad.file = "x.json";
    bad.error = "x.json: $.name: missing required field";
    const RenderedRun jl = BatchReport(BatchFormat::jsonl, BatchKind::batch).render(bad);
    CHECK(jl.status == RunStatus::bad);
    CHECK(jl.error == bad.error);
    const auto j = nlohmann::json::parse(jl.text);
    CHECK(j.at("run") == 3);
    CHECK(j.at("file") == "x.json");
    CHECK(j.at("error") == bad.error);
    CHECK(BatchReport(BatchFormat::csv, BatchKind::batch).render(bad).text.empty());
    CHECK(BatchReport(BatchFormat::table, BatchKind::batch).render(bad).rows.empty());
}

TEST_CASE("json output is one document with the results and the summary") {
    const BatchReport report(BatchFormat::json, BatchKind::batch);
    const BatchRun a = sized_run("ncp-pod-41k.json");
    const BatchRun b = sized_run("high-density-1eb.json");
    BatchSummary s;
    std::string text = report.begin();
    bool first = true;
    for (const BatchRun* run : {&a, &b}) {
        const RenderedRun r = report.render(*run);
        text += report.separator(first) + r.text;
        first = false;
        s.add(r.status);
    }
    text += report.end({}, s);
    const auto j = nlohmann::json::parse(text);
    CHECK(j.at("command") == "batch");
    CHECK(j.at("results").size() == 3); // 1 + 2 options
    CHECK(j.at("summary").at("sized") == 2);
    // An empty batch is still valid JSON.
    CHECK(nlohmann::json::parse(report.begin() + report.end({}, BatchSummary{}))
              .at("results")
              .empty());
}

TEST_CASE("the table shows key figures and the codes of errors and warnings") {
    BatchRun run = sized_run("ncp-pod-41k.json");
    run.result->designs[0].findings.push_back({FindingCode::max_racks, "too many"});
    run.result->designs[0].findings.push_back({FindingCode::past_knee, "w"});
    const BatchReport report(BatchFormat::table, BatchKind::batch);
    const RenderedRun r = report.render(run);
    REQUIRE(r.rows.size() == 1);
    const std::vector<std::string> header = report.table_header();
    REQUIRE(header.size() == r.rows[0].size());
    CHECK(header.front() == "File");
    CHECK(header.back() == "Findings");
    // Errors first, then warnings (the reference pod's own four: two of its
    // racks and two of its throughput with a D-box down, docs/resilience.md
    // §10; then the one added here), each code once: a "yes" keeps its caveats.
    CHECK(r.rows[0].back() == "error max-racks; warning not-rack-tolerant, rack-max-over-budget, "
                              "degraded-read-short, degraded-write-short, past-knee");
    // Figures of the reference pod (README; docs/model.md §12): 450 C-nodes,
    // 180 D-boxes, 29 racks.
    CHECK(r.rows[0][2] == "450");
    CHECK(r.rows[0][3] == "180");
    CHECK(r.rows[0][4] == "29");
    CHECK(batch_format_from_string("jsonl") == BatchFormat::jsonl);
    CHECK_FALSE(batch_format_from_string("xml").has_value());
}
