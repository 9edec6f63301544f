// The sweep workbook opened by a real spreadsheet program: LibreOffice's
// export of the Results sheet must hold exactly the rows of --format csv.
#include "../cli/run_process.hpp"
#include "../reports/external_tools.hpp"
#include "../reports/libreoffice.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <cmath>

TEST_CASE("the Results sheet opened by LibreOffice holds the rows of the CSV") {
    const std::string soffice =
        test_tools::require_tool(PODSIZER_SOFFICE, "soffice", "libreoffice-calc-nogui");
    const std::string dir = test_tools::output_dir("batch");
    const std::string xlsx = dir + "/sweep-gpus.xlsx";
    const ProcessResult r =
        podsizer({"sweep", "examples/ncp-pod-41k.json", "--vary", "gpus=4096..65536*2", "--vary",
                  "dbox=dbox-1u-22,dbox-2u-44-hd", "--vary", "drive=auto", "--format", "csv",
                  "--xlsx", xlsx});
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.err, Catch::Contains("podsizer: wrote " + xlsx + "\n"));
    const auto csv = parse_csv(r.out);
    REQUIRE(csv.size() == 11); // header + 5 GPU counts × 2 boxes

    const auto sheets = libreoffice_csv(soffice, {xlsx}, dir + "/lo");
    REQUIRE(sheets.count("sweep-gpus/Results") == 1);
    CHECK(sheets.count("sweep-gpus/Assumptions") == 1);
    const SheetCsv& results = sheets.at("sweep-gpus/Results");
    const int header_row = 3; // title, subtitle, note, then the header
    for (std::size_t i = 0; i < csv.size(); ++i) {
        for (std::size_t c = 0; c < csv[i].size(); ++c) {
            const std::string& want = csv[i][c];
            const std::string* got =
                results.at(header_row + static_cast<int>(i), static_cast<int>(c));
            INFO("row " << i << ", column " << csv[0][c] << ": " << want);
            REQUIRE(got != nullptr);
            double w = 0.0;
            double g = 0.0;
            if (parse_exported_number(want, w)) {
                REQUIRE(parse_exported_number(*got, g));
                CHECK(g == Approx(w).epsilon(1e-12));
            } else {
                CHECK(*got == want);
            }
        }
    }
}
