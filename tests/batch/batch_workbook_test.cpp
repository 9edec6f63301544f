// The batch workbook's package: Results and Assumptions, the rows it holds,
// and what happens when it cannot be written.
#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/reports/batch_workbook.hpp"
#include "reports/xlsx_package.hpp"
#include "support/default_catalog.hpp"
#include "support/test_files.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

using namespace podsizer;

namespace {

using test_support::cat;

using test_support::temp_dir;

BatchWorkbookData small_data() {
    BatchWorkbookData data;
    data.title = "Sweep of a test";
    data.header = {"gpus", "Design", "C-nodes", "Usable capacity (PB)", "C:D ratio", "Findings"};
    data.label_columns = 2;
    data.rows = {{"4096", "pod & co", "89", "215.4484", "1:2", "info partial-su: a note"},
                 {"8192", "pod & co", "94", "215.4484", "1:1.89", ""}};
    data.findings = {{Finding(FindingCode::partial_su, "a note")}, {}};
    Design m;
    m.cnode_model = "cnode-1u";
    m.dbox_model = "dbox-2u-44-hd";
    m.switch_model = "switch-64x800g-2u";
    m.rack_model = "rack-42u-25kw";
    data.models = {m};
    return data;
}

} // namespace

TEST_CASE("the batch workbook has Results and Assumptions with the rows and the hardware used") {
    const std::string path = temp_dir() + "/sweep.xlsx";
    WorkbookOptions o;
    o.date = "2025-01-31";
    write_batch_workbook(path, small_data(), cat(), o);
    const auto parts = read_xlsx_parts(path);
    const std::string& book = parts.at("xl/workbook.xml");
    const auto results = book.find("name=\"Results\"");
    const auto findings = book.find("name=\"Findings\"");
    const auto assumptions = book.find("name=\"Assumptions\"");
    REQUIRE(results != std::string::npos);
    REQUIRE(findings != std::string::npos);
    REQUIRE(assumptions != std::string::npos);
    CHECK(results < findings);
    CHECK(findings < assumptions);
    const std::string& strings = parts.at("xl/sharedStrings.xml");
    // The Findings sheet names each Results row (the spreadsheet's row 5
    // and 6) by its label columns, and lists its findings or none.
    for (const char* text :
         {"gpus", "Usable capacity (PB)", "pod &amp; co", "1:1.89", "D-box dbox-2u-44-hd",
          "Sweep of a test", "info: partial-su", "Row 5: gpus 4096; Design pod &amp; co",
          "Row 6: gpus 8192; Design pod &amp; co", ">a note<", ">none<"}) {
        INFO(text);
        CHECK_THAT(strings, Catch::Contains(text));
    }
    // Only the models in use: the 1U D-box is not listed.
    CHECK_THAT(strings, !Catch::Contains("D-box dbox-1u-22"));
    // Numbers are numbers: 215.4484 is a value cell, not a string.
    CHECK_THAT(parts.at("xl/worksheets/sheet1.xml"), Catch::Contains("<v>215.4484</v>"));
    CHECK_THAT(strings, !Catch::Contains("215.4484"));
}

TEST_CASE("a narrow Results sheet prints one page wide, a wide one across pages naming its rows") {
    WorkbookOptions o;
    o.date = "2025-01-31";
    const std::string narrow = temp_dir() + "/narrow.xlsx";
    write_batch_workbook(narrow, small_data(), cat(), o);
    const auto n = read_xlsx_parts(narrow);
    const std::string& narrow_sheet = n.at("xl/worksheets/sheet1.xml");
    CHECK_THAT(narrow_sheet, Catch::Contains("orientation=\"landscape\""));
    CHECK_THAT(narrow_sheet, Catch::Contains("<pageSetUpPr fitToPage=\"1\"/>"));
    // The title rows and the header repeat; the findings (column F) print
    // on the Findings sheet, not here.
    const std::string& narrow_book = n.at("xl/workbook.xml");
    CHECK_THAT(narrow_book, Catch::Contains("localSheetId=\"0\">Results!$1:$4<"));
    CHECK_THAT(narrow_book, Catch::Contains("localSheetId=\"0\">Results!$A$1:$E$6<"));

    // 3 label columns, 40 figures and the findings: shrunk to one page wide
    // it would print at about a quarter of its size.
    BatchWorkbookData wide = small_data();
    wide.header = {"gpus", "dbox", "Design"};
    wide.label_columns = 3;
    const std::string long_name = "a design whose name is longer than forty characters";
    wide.rows = {{"4096", "dbox-2u-44-hd", long_name}, {"8192", "dbox-1u-22", "pod"}};
    for (int i = 0; i < 40; ++i) {
        wide.header.push_back("Figure " + std::to_string(i) + " (PB)");
        for (auto& row : wide.rows) {
            row.push_back("1234.5");
        }
    }
    wide.header.push_back("Findings");
    for (auto& row : wide.rows) {
        row.push_back("");
    }
    const std::string path = temp_dir() + "/wide.xlsx";
    write_batch_workbook(path, wide, cat(), o);
    const auto w = read_xlsx_parts(path);
    const std::string& sheet = w.at("xl/worksheets/sheet1.xml");
    CHECK_THAT(sheet, Catch::Contains("orientation=\"landscape\""));
    CHECK_THAT(sheet, !Catch::Contains("fitToPage"));
    // gpus (6 characters) and dbox (13 + 2) fit in the 40 characters the
    // repeated columns may take; with Design (40) they would not. Only the
    // header row repeats: the title and notes would be cut beside them.
    const std::string& book = w.at("xl/workbook.xml");
    CHECK_THAT(book, Catch::Contains("localSheetId=\"0\">Results!$A:$B,Results!$4:$4<"));
    // Columns A to AQ (43 of them) from the header row; the findings, AR, not.
    CHECK_THAT(book, Catch::Contains("localSheetId=\"0\">Results!$A$4:$AQ$6<"));
    // Each column as wide as its longest text, a name at most 40 characters
    // and wrapped past that (the row as high as its lines); a number as
    // shown: "1,234.5" and two characters of room.
    CHECK_THAT(sheet, Catch::Contains("<col min=\"2\" max=\"2\" width=\"15.7109375\""));
    CHECK_THAT(sheet, Catch::Contains("<col min=\"3\" max=\"3\" width=\"40.7109375\""));
    CHECK_THAT(sheet, Catch::Contains("<col min=\"4\" max=\"4\" width=\"9.7109375\""));
    CHECK_THAT(sheet, Catch::Contains("<row r=\"5\" spans=\"1:44\" ht="));
    CHECK_THAT(sheet, Catch::Contains("<row r=\"6\" spans=\"1:44\">"));
}

TEST_CASE("a batch workbook that cannot be written names the path and leaves nothing behind") {
    const std::string dir = temp_dir() + "/no-such-dir";
    CHECK_THROWS_AS(write_batch_workbook(dir + "/x.xlsx", small_data(), cat()), InputError);
    CHECK_FALSE(std::filesystem::exists(dir));

    // An existing file is left as it was when the new one is too large.
    const std::string path = temp_dir() + "/kept.xlsx";
    write_batch_workbook(path, small_data(), cat());
    const auto size = std::filesystem::file_size(path);
    BatchWorkbookData big = small_data();
    big.rows.resize(kMaxWorkbookRows + 1);
    try {
        write_batch_workbook(path, big, cat());
        FAIL("no error");
    } catch (const InputError& e) {
        CHECK(e.where() == path);
        CHECK_THAT(e.message(), Catch::Contains("do not fit in one sheet"));
    }
    CHECK(std::filesystem::file_size(path) == size);
}
