// The workbook's BOM and Facility sheets opened by a real spreadsheet program:
// LibreOffice, recalculating every formula on load, must show the quantities
// and the facility figures `podsizer size --format json` gives (docs/bom.md §5).
#include "../reports/external_tools.hpp"
#include "../reports/libreoffice.hpp"
#include "run_process.hpp"
#include "support/test_files.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

namespace {

double number_at(const SheetCsv& sheet, int row, int col) {
    const std::string* text = sheet.at(row, col);
    REQUIRE(text != nullptr);
    double v = 0.0;
    INFO("row " << row << " col " << col << ": " << *text);
    REQUIRE(parse_exported_number(*text, v));
    return v;
}

std::string text_at(const SheetCsv& sheet, int row, int col) {
    const std::string* text = sheet.at(row, col);
    return text != nullptr ? *text : std::string();
}

} // namespace

TEST_CASE("the BOM and Facility sheets recalculated by LibreOffice hold what size prints") {
    const std::string soffice =
        test_tools::require_tool(PODSIZER_SOFFICE, "soffice", "libreoffice-calc-nogui");
    const std::string dir = test_tools::output_dir("bom");
    const std::string xlsx = dir + "/pod.xlsx";
    // A 208 V single-phase site, so the amps formula's inputs are not the defaults.
    const std::vector<std::string> sets{"--set", "facility.voltage=208", "--set",
                                        "facility.supply=single-phase"};
    std::vector<std::string> args{"size", "examples/ncp-pod-41k.json", "--xlsx", xlsx};
    args.insert(args.end(), sets.begin(), sets.end());
    const ProcessResult r = podsizer(args);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    args = {"size", "examples/ncp-pod-41k.json", "--format", "json"};
    args.insert(args.end(), sets.begin(), sets.end());
    const auto doc = nlohmann::json::parse(podsizer(args).out);
    const auto& d = doc.at("designs").at(0);

    const auto sheets = libreoffice_csv(soffice, {xlsx}, dir + "/lo");
    REQUIRE(sheets.count("pod/BOM") == 1);
    REQUIRE(sheets.count("pod/Facility") == 1);

    // BOM: rows from 4 in the JSON's line order, the quantity in column F,
    // then the cable and transceiver totals (SUMIF formulas).
    const SheetCsv& bom = sheets.at("pod/BOM");
    const auto& lines = d.at("bom").at("lines");
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const int row = 4 + static_cast<int>(i);
        INFO("line " << lines[i].at("description"));
        CHECK(text_at(bom, row, 1) == lines[i].at("category").get<std::string>());
        CHECK(number_at(bom, row, 5) == lines[i].at("quantity").get<double>());
    }
    const int totals = 4 + static_cast<int>(lines.size());
    CHECK(number_at(bom, totals, 5) == d.at("bom").at("cables").get<double>());
    CHECK(number_at(bom, totals + 1, 5) == d.at("bom").at("transceivers").get<double>());

    // Facility: inputs in B3:B6, the header on row 8, a row per run of
    // racks side by side with the same figures (the test groups the JSON's
    // racks itself), the total.
    const SheetCsv& fac = sheets.at("pod/Facility");
    CHECK(number_at(fac, 2, 1) == 208.0);
    CHECK(number_at(fac, 3, 1) == 1.0);
    const auto& racks = d.at("facility").at("racks");
    auto same = [](const nlohmann::json& a, const nlohmann::json& b) {
        return a.at("power_w") == b.at("power_w") && a.at("max_power_w") == b.at("max_power_w") &&
               a.at("weight_kg") == b.at("weight_kg") && a.at("cooling") == b.at("cooling");
    };
    int row = 8;
    std::size_t counted = 0;
    for (std::size_t i = 0; i < racks.size(); ++row) {
        std::size_t j = i + 1;
        while (j < racks.size() && same(racks[i], racks[j])) {
            ++j;
        }
        const auto& rk = racks[i];
        const int first = rk.at("rack").get<int>();
        const int last = racks[j - 1].at("rack").get<int>();
        INFO("racks " << first << " to " << last);
        CHECK(text_at(fac, row, 1) ==
              (first == last ? std::to_string(first)
                             : std::to_string(first) + "\u2013" + std::to_string(last)));
        CHECK(number_at(fac, row, 2) == static_cast<double>(j - i));
        CHECK(number_at(fac, row, 3) == Approx(rk.at("power_w").get<double>()));
        CHECK(number_at(fac, row, 5) == Approx(rk.at("btu_per_h").get<double>()));
        CHECK(number_at(fac, row, 7) == Approx(rk.at("floor_load_kg_per_m2").get<double>()));
        CHECK(number_at(fac, row, 8) == Approx(rk.at("amps_per_feed").get<double>()));
        counted += j - i;
        i = j;
    }
    CHECK(counted == racks.size());
    // The reference pod's 29 racks are a few runs (its Racks sheet shows 5
    // distinct racks), so the sheet is shorter than a row per rack.
    CHECK(row - 8 < static_cast<int>(racks.size()));
    const int total = row;
    const auto& t = d.at("facility").at("total");
    CHECK(text_at(fac, total, 1) == "Total");
    CHECK(number_at(fac, total, 2) == static_cast<double>(racks.size()));
    CHECK(number_at(fac, total, 3) == Approx(t.at("power_w").get<double>()));
    CHECK(number_at(fac, total, 4) == Approx(t.at("max_power_w").get<double>()));
    CHECK(number_at(fac, total, 5) == Approx(t.at("btu_per_h").get<double>()));
    CHECK(number_at(fac, total, 6) == Approx(t.at("weight_kg").get<double>()));
    CHECK(number_at(fac, total, 8) == Approx(t.at("amps_per_feed").get<double>()));
}
