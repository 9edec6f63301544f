// The sweep workbook opened by a real spreadsheet program: LibreOffice's
// export of the Results sheet must hold exactly the rows of --format csv,
// and its print-out must be readable: every name and finding whole.
#include "../cli/run_process.hpp"
#include "../reports/external_tools.hpp"
#include "../reports/libreoffice.hpp"
#include "../reports/pdf_pages.hpp"
#include "../reports/xlsx_package.hpp"
#include "support/test_paths.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <regex>

namespace {

using test_pdf::squashed;

/// The messages of a CSV Findings cell: "info partial-su: 4,096 GPUs …;
/// warning not-rack-tolerant: …" (docs/batch.md).
std::vector<std::string> finding_messages(const std::string& cell) {
    static const std::regex next("; (?=(info|warning|error) [a-z0-9-]+: )");
    std::vector<std::string> out;
    for (std::sregex_token_iterator it(cell.begin(), cell.end(), next, -1), end; it != end; ++it) {
        const std::string finding = *it;
        const std::size_t colon = finding.find(": ");
        if (colon != std::string::npos) {
            out.push_back(finding.substr(colon + 2));
        }
    }
    return out;
}

} // namespace

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

TEST_CASE("the batch workbook prints landscape with its header and row names on every page and "
          "every finding whole",
          "[libreoffice]") {
    const std::string dir = test_tools::output_dir("batch_print");
    const std::string xlsx = dir + "/examples.xlsx";
    // Every example; the quoted pod of checkpoint-cadence.json is short of
    // its write (not met: exit 1).
    const ProcessResult r = podsizer({"batch", "examples", "--format", "csv", "--xlsx", xlsx});
    REQUIRE((r.exit_code == 0 || r.exit_code == 1));
    const auto csv = parse_csv(r.out);
    REQUIRE(csv.size() >= 10); // 11 rows of 7 scenarios when this was written
    REQUIRE(csv[0][2] == "Design");
    REQUIRE(csv[0].back() == "Findings");

    // The package: Results landscape, its header row and its first column
    // (File; Scenario would pass the 40 characters they may take) print on
    // every page.
    const auto parts = read_xlsx_parts(xlsx);
    CHECK_THAT(parts.at("xl/worksheets/sheet1.xml"), Catch::Contains("orientation=\"landscape\""));
    CHECK_THAT(parts.at("xl/workbook.xml"),
               Catch::Contains("localSheetId=\"0\">Results!$A:$A,Results!$4:$4<"));

    const std::string pdf = test_pdf::from_workbook(xlsx, dir);
    std::vector<std::string> results;
    std::vector<std::string> findings;
    for (int p = 1; p <= test_pdf::pages(pdf); ++p) {
        const std::string text = test_pdf::page_text(pdf, p, true);
        const std::string sheet = test_pdf::sheet_of(text);
        INFO("page " << p << ": " << sheet);
        REQUIRE(!sheet.empty());
        if (sheet == "Results" || sheet == "Findings") {
            CHECK(test_pdf::landscape(pdf, p));
            (sheet == "Results" ? results : findings).push_back(squashed(text));
        }
    }
    // Its 50 columns run on across pages at full size. Shrunk to one page
    // wide they printed as one strip of 3-point text, names cut by the next
    // column; the findings wrapped in the table made every row a page high
    // (74 pages). 10 pages when this was written.
    CHECK(results.size() >= 2);
    CHECK(results.size() <= 12);
    CHECK(findings.size() >= 1);
    for (std::size_t i = 0; i < results.size(); ++i) {
        INFO("Results page " << i + 1);
        const std::size_t header = results[i].find("File");
        CHECK(header != std::string::npos);
        for (std::size_t row = 1; row < csv.size(); ++row) {
            INFO(csv[row][0]);
            const std::size_t name = results[i].find(squashed(csv[row][0]));
            CHECK(name != std::string::npos);
            CHECK(name > header);
        }
    }
    auto printed = [](const std::vector<std::string>& pages, const std::string& text) {
        return std::any_of(pages.begin(), pages.end(), [&](const std::string& page) {
            return page.find(squashed(text)) != std::string::npos;
        });
    };
    // Every column under its header, the findings on their own sheet.
    for (std::size_t c = 0; c + 1 < csv[0].size(); ++c) {
        INFO(csv[0][c]);
        CHECK(printed(results, csv[0][c]));
    }
    std::size_t messages = 0;
    for (std::size_t row = 1; row < csv.size(); ++row) {
        for (std::size_t c = 1; c < 3; ++c) { // Scenario and Design, whole
            INFO(csv[0][c] << ": " << csv[row][c]);
            CHECK(printed(results, csv[row][c]));
        }
        for (const std::string& message : finding_messages(csv[row].back())) {
            INFO(message);
            CHECK(printed(findings, message));
            ++messages;
        }
    }
    CHECK(messages >= csv.size()); // 90 findings of 11 rows when written
}
