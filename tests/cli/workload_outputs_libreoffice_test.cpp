// Two concurrent workloads and a checkpoint job (examples/workloads-b300.json,
// issue 47): the read need the JSON gives is the sum docs/workloads.md §3
// states, and the workbook's live formula over the workloads' inputs on the
// Assumptions sheet recalculates, in LibreOffice, to the same figure; the
// write is the checkpoint job's in both.
#include "../reports/external_tools.hpp"
#include "../reports/libreoffice.hpp"
#include "run_process.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace {

/// The number right of the first row labelled `label` in `sheet`.
double value_right_of(const SheetCsv& sheet, const std::string& label) {
    for (const auto& row : sheet.rows) {
        if (row.size() >= 2 && row[0] == label) {
            double v = 0.0;
            REQUIRE(parse_exported_number(row[1], v));
            return v;
        }
    }
    FAIL("no row labelled " << label);
    return 0.0;
}

} // namespace

TEST_CASE("concurrent workloads' read and a checkpoint job's write recalculate in the workbook "
          "to the engine's") {
    const std::string soffice =
        test_tools::require_tool(PODSIZER_SOFFICE, "soffice", "libreoffice-calc-nogui");
    const std::string dir = test_tools::output_dir("workloads");
    const std::string scenario = "examples/workloads-b300.json";
    const ProcessResult json = podsizer({"size", scenario, "--format", "json"});
    REQUIRE(json.exit_code == 0);
    const auto req = nlohmann::json::parse(json.out).at("requirements");
    double sum = 0.0;
    for (const auto& w : req.at("workloads")) {
        // docs/workloads.md §3: GPUs × what one emulated accelerator reads × speed.
        const double one = w.at("gpus").get<double>() *
                           w.at("per_accelerator_bytes_per_s").get<double>() *
                           w.at("speed").get<double>();
        CHECK(w.at("read_bytes_per_s").get<double>() == Approx(one).epsilon(1e-12));
        sum += one;
    }
    const double read = req.at("read_bytes_per_s").get<double>();
    const double write = req.at("write_bytes_per_s").get<double>();
    CHECK(read == Approx(sum).epsilon(1e-12)); // the reads add up
    CHECK(write == Approx(req.at("checkpoint_write_bytes_per_s").get<double>()));

    const std::string xlsx = dir + "/workloads.xlsx";
    REQUIRE(podsizer({"size", scenario, "--xlsx", xlsx}).exit_code == 0);
    const auto sheets = libreoffice_csv(soffice, {xlsx}, dir + "/lo");
    const SheetCsv* design = nullptr;
    for (const auto& [name, sheet] : sheets) {
        for (const auto& row : sheet.rows) {
            if (!row.empty() && row[0] == "Required read (GB/s)") {
                design = &sheet;
            }
        }
    }
    REQUIRE(design != nullptr);
    // LibreOffice's own result of the formula over the Assumptions rows.
    CHECK(value_right_of(*design, "Required read (GB/s)") == Approx(read / 1e9).epsilon(1e-9));
    CHECK(value_right_of(*design, "Required write (GB/s)") == Approx(write / 1e9).epsilon(1e-9));
}
