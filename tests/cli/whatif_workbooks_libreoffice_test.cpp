// The workbooks of `diff --xlsx` and `optimize --xlsx` opened by a real
// spreadsheet program, in one launch: LibreOffice, recalculating every
// formula on load, must show on the Differences sheet the A and B values and
// the deltas `diff --format csv` prints, and on the Pareto front sheet the
// rows of `optimize --pareto --format csv`.
#include "../reports/external_tools.hpp"
#include "../reports/libreoffice.hpp"
#include "run_process.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <string>

namespace {

/// `want` (a CSV cell) is what LibreOffice shows in `got`: the same number
/// (times `scale`, within `margin`), or the same text.
void check_cell(const std::string& want, const std::string* got, double scale, double margin) {
    REQUIRE(got != nullptr);
    double expected = 0.0;
    if (!parse_exported_number(want, expected)) {
        CHECK(*got == want);
        return;
    }
    double value = 0.0;
    REQUIRE(parse_exported_number(*got, value));
    CHECK(value * scale == Approx(expected).margin(margin));
}

/// The diff's Differences sheet against its CSV. Title, A, B, note, a blank
/// row, the option's title, the header: the metrics start on row 7 in the
/// CSV's order. Columns C-F hold a, b, delta and the percent (a fraction).
void check_differences(const SheetCsv& sheet, const std::vector<std::vector<std::string>>& csv) {
    const int first = 7;
    int numbers = 0;
    for (std::size_t i = 1; i < csv.size(); ++i) {
        const auto& want = csv[i]; // option,key,metric,unit,a,b,delta,delta_percent,changed
        if (want[1].rfind("findings_", 0) == 0) {
            continue;
        }
        const int row = first + static_cast<int>(i) - 1;
        INFO("metric " << want[1]);
        REQUIRE(sheet.at(row, 0) != nullptr);
        CHECK(*sheet.at(row, 0) == want[2]);
        for (int c = 0; c < 4; ++c) {
            const std::string& w = want[4 + static_cast<std::size_t>(c)];
            double expected = 0.0;
            if (w.empty() || !parse_exported_number(w, expected)) {
                continue; // texts (models, verdicts) and deltas that do not apply
            }
            // The CSV's machine figures carry the metric's decimals + 3.
            check_cell(w, sheet.at(row, 2 + c), c == 3 ? 100.0 : 1.0, 0.001);
            ++numbers;
        }
    }
    // A, B, Δ and Δ % of the number rows: D-boxes 180 -> 356 among them.
    CHECK(numbers >= 40);
}

} // namespace

TEST_CASE("the diff and optimize workbooks opened by LibreOffice hold what the CSV prints") {
    const std::string soffice =
        test_tools::require_tool(PODSIZER_SOFFICE, "soffice", "libreoffice-calc-nogui");
    const std::string dir = test_tools::output_dir("whatif");
    const std::string diff_xlsx = dir + "/pod-30tb.xlsx";
    const std::string optimize_xlsx = dir + "/pod-optimized.xlsx";
    const ProcessResult diff =
        podsizer({"--format", "csv", "diff", "examples/ncp-pod-41k.json",
                  "examples/ncp-pod-41k.json", "--set", "drive=30.72TB", "--xlsx", diff_xlsx});
    REQUIRE(diff.exit_code == 0);
    CHECK_THAT(diff.err, Catch::Contains("podsizer: wrote " + diff_xlsx + "\n"));
    const ProcessResult optimize =
        podsizer({"--format", "csv", "optimize", "examples/ncp-pod-41k.json", "--pareto", "--xlsx",
                  optimize_xlsx});
    REQUIRE(optimize.exit_code == 0);
    CHECK_THAT(optimize.err, Catch::Contains("podsizer: wrote " + optimize_xlsx + "\n"));

    const auto sheets = libreoffice_csv(soffice, {diff_xlsx, optimize_xlsx}, dir + "/lo");
    REQUIRE(sheets.count("pod-30tb/Differences") == 1);
    const auto diff_csv = parse_csv(diff.out);
    REQUIRE(diff_csv.size() > 20);
    check_differences(sheets.at("pod-30tb/Differences"), diff_csv);

    // The optimiser's workbook: the proposal workbook of the best design with
    // the front after the Summary.
    REQUIRE(sheets.count("pod-optimized/Pareto front") == 1);
    CHECK(sheets.count("pod-optimized/Slide") == 1);
    CHECK(sheets.count("pod-optimized/Summary") == 1);
    const SheetCsv& front = sheets.at("pod-optimized/Pareto front");
    // optimize --pareto --format csv prints the front (header first).
    const auto front_csv = parse_csv(optimize.out);
    REQUIRE(front_csv.size() > 2);
    // The title, the summary's lines and a note, then the header: its row
    // is the one whose first cell is the CSV's first header.
    int header_row = 1;
    while (header_row < 10 &&
           (front.at(header_row, 0) == nullptr || *front.at(header_row, 0) != front_csv[0][0])) {
        ++header_row;
    }
    REQUIRE(header_row < 10);
    for (std::size_t i = 0; i < front_csv.size(); ++i) {
        for (std::size_t c = 0; c < front_csv[i].size(); ++c) {
            std::string want = front_csv[i][c];
            if (i > 0 && c == 1) { // Best: yes or nothing on the sheet
                want = want == "true" ? "yes" : "";
            }
            INFO("front row " << i << ", column " << front_csv[0][c]);
            const std::string* got =
                front.at(header_row + static_cast<int>(i), static_cast<int>(c));
            if (want.empty()) {
                CHECK((got == nullptr || got->empty()));
                continue;
            }
            check_cell(want, got, 1.0, 1e-9);
        }
    }
}
