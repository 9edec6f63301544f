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
    data.header = {"gpus", "Design", "C-nodes", "Usable capacity (PB)", "C:D ratio"};
    data.rows = {{"4096", "pod & co", "89", "215.4484", "1:2"},
                 {"8192", "pod & co", "94", "215.4484", "1:1.89"}};
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
    const auto assumptions = book.find("name=\"Assumptions\"");
    REQUIRE(results != std::string::npos);
    REQUIRE(assumptions != std::string::npos);
    CHECK(results < assumptions);
    const std::string& strings = parts.at("xl/sharedStrings.xml");
    for (const char* text : {"gpus", "Usable capacity (PB)", "pod &amp; co", "1:1.89",
                             "D-box dbox-2u-44-hd", "Sweep of a test"}) {
        INFO(text);
        CHECK_THAT(strings, Catch::Contains(text));
    }
    // Only the models in use: the 1U D-box is not listed.
    CHECK_THAT(strings, !Catch::Contains("D-box dbox-1u-22"));
    // Numbers are numbers: 215.4484 is a value cell, not a string.
    CHECK_THAT(parts.at("xl/worksheets/sheet1.xml"), Catch::Contains("<v>215.4484</v>"));
    CHECK_THAT(strings, !Catch::Contains("215.4484"));
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
