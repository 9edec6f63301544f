// The diff workbook opened by a real spreadsheet program: LibreOffice,
// recalculating every formula on load, must show on the Differences sheet
// the A and B values and the deltas `diff --format csv` prints.
#include "../reports/external_tools.hpp"
#include "../reports/libreoffice.hpp"
#include "run_process.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <string>

TEST_CASE("the Differences sheet opened by LibreOffice holds the deltas of the CSV") {
    const std::string soffice =
        test_tools::require_tool(PODSIZER_SOFFICE, "soffice", "libreoffice-calc-nogui");
    const std::string dir = test_tools::output_dir("diff");
    const std::string xlsx = dir + "/pod-30tb.xlsx";
    const ProcessResult r =
        podsizer({"--format", "csv", "diff", "examples/ncp-pod-41k.json",
                  "examples/ncp-pod-41k.json", "--set", "drive=30.72TB", "--xlsx", xlsx});
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.err, Catch::Contains("podsizer: wrote " + xlsx + "\n"));
    const auto csv = parse_csv(r.out);
    REQUIRE(csv.size() > 20);

    const auto sheets = libreoffice_csv(soffice, {xlsx}, dir + "/lo");
    REQUIRE(sheets.count("pod-30tb/Differences") == 1);
    const SheetCsv& sheet = sheets.at("pod-30tb/Differences");
    // Title, A, B, note, a blank row, the option's title, the header: the
    // metrics start on row 7, in the CSV's order (CSV row 1 on).
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
        // a, b, delta in columns C, D, E; the percent in F as a fraction.
        for (int c = 0; c < 4; ++c) {
            const std::string& w = want[4 + static_cast<std::size_t>(c)];
            double expected = 0.0;
            if (w.empty() || !parse_exported_number(w, expected)) {
                continue; // texts (models, verdicts) and deltas that do not apply
            }
            const std::string* got = sheet.at(row, 2 + c);
            REQUIRE(got != nullptr);
            double value = 0.0;
            REQUIRE(parse_exported_number(*got, value));
            // The CSV's machine figures carry the metric's decimals + 3; the
            // percent column is a percentage there and a fraction here.
            CHECK(value * (c == 3 ? 100.0 : 1.0) == Approx(expected).margin(0.001));
            ++numbers;
        }
    }
    // D-boxes 180 -> 356 at least: A, B, Δ and Δ % of every number row.
    CHECK(numbers >= 40);
}
