// The workbook's "Sites and phases" sheet opened by a real spreadsheet
// program: LibreOffice, recalculating every formula on load, must show each
// site's racks and power and each phase's added and total counts as
// `podsizer size --format json` gives them (docs/sites-and-phases.md §4).
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
    REQUIRE(text != nullptr);
    return *text;
}

/// Columns of the sites table: without replication A-L, with it two more
/// (Replica racks after Racks per pod, Replica IT power after the pod's).
struct SiteColumns {
    int racks, max_racks, power, facility, fits;
};
constexpr SiteColumns kPlain{4, 5, 7, 10, 11};
constexpr SiteColumns kReplicating{5, 6, 9, 12, 13};

/// Rows 5.. hold the sites (title, note, blank, section title, header).
void check_sites(const SheetCsv& sheet, const nlohmann::json& doc, const SiteColumns& col) {
    const auto& sites = doc.at("sites");
    for (std::size_t k = 0; k < sites.size(); ++k) {
        const int row = 5 + static_cast<int>(k);
        const auto& s = sites[k];
        INFO("site " << s.at("name"));
        CHECK(text_at(sheet, row, 0) == s.at("name").get<std::string>());
        CHECK(number_at(sheet, row, col.racks) == s.at("racks").get<double>());
        if (!s.at("max_racks").is_null()) {
            CHECK(number_at(sheet, row, col.max_racks) == s.at("max_racks").get<double>());
        }
        CHECK(number_at(sheet, row, col.power) ==
              Approx(s.at("power_w").get<double>() / 1e3).margin(1e-6));
        CHECK(number_at(sheet, row, col.facility) ==
              Approx(s.at("facility_power_w").get<double>() / 1e3).margin(1e-6));
        // A whole IT power the catalog gives no basis for is not a plain yes.
        bool unchecked = false;
        for (const auto& f : s.at("findings")) {
            unchecked = unchecked || f.at("code") == "site-it-power-unknown";
        }
        CHECK(text_at(sheet, row, col.fits) == (!s.at("fits").get<bool>() ? "NO"
                                                : unchecked               ? "not checked: IT power"
                                                                          : "yes"));
    }
}

} // namespace

TEST_CASE("the Sites and phases sheet recalculated by LibreOffice holds what size prints") {
    const std::string soffice =
        test_tools::require_tool(PODSIZER_SOFFICE, "soffice", "libreoffice-calc-nogui");
    const std::string dir = test_tools::output_dir("growth");
    const std::string phases_xlsx = dir + "/phases.xlsx";
    const ProcessResult phases =
        podsizer({"size", "examples/fleet-phases.json", "--xlsx", phases_xlsx});
    REQUIRE(phases.exit_code == 0);
    const auto phases_doc = nlohmann::json::parse(
        podsizer({"size", "examples/fleet-phases.json", "--format", "json"}).out);

    // Site A (two pods) copies its dataset to B, which then holds a replica
    // store beside its one pod (and breaks its 30 racks: exit 1, the
    // workbook is written all the same).
    std::string text =
        test_support::read_file(std::string(PODSIZER_SOURCE_DIR) + "/examples/fleet-phases.json");
    const std::string a = R"("name": "A",)";
    REQUIRE(text.find(a) != std::string::npos);
    text.replace(text.find(a), a.size(), a + R"( "replicate_to": "B", "dataset": true,)");
    // B holds the copies in a replica store of its own (replica_store), whose
    // racks the sheet adds to its pod's.
    const std::string b = R"("name": "B",)";
    REQUIRE(text.find(b) != std::string::npos);
    text.replace(text.find(b), b.size(), b + R"( "replica_store": true,)");
    const std::string replicating = test_support::write_temp("growth-replicating.json", text);
    const std::string replica_xlsx = dir + "/replica.xlsx";
    const ProcessResult replica = podsizer({"size", replicating, "--xlsx", replica_xlsx});
    const auto replica_doc =
        nlohmann::json::parse(podsizer({"size", replicating, "--format", "json"}).out);

    const auto sheets = libreoffice_csv(soffice, {phases_xlsx, replica_xlsx}, dir + "/lo");
    REQUIRE(sheets.count("phases/Sites and phases") == 1);
    const SheetCsv& sheet = sheets.at("phases/Sites and phases");
    check_sites(sheet, phases_doc, kPlain);

    // The phases: section title two rows below the sites, the header, then
    // one row per phase: + counts in E-H, the totals (formulas) in I-L.
    const auto& steps = phases_doc.at("phases");
    const int first = 5 + static_cast<int>(phases_doc.at("sites").size()) + 3;
    const char* keys[] = {"cnodes", "dboxes", "switches", "racks"};
    for (std::size_t k = 0; k < steps.size(); ++k) {
        const int row = first + static_cast<int>(k);
        INFO("phase " << steps[k].at("name"));
        CHECK(text_at(sheet, row, 0) == steps[k].at("name").get<std::string>());
        for (int c = 0; c < 4; ++c) {
            CHECK(number_at(sheet, row, 4 + c) == steps[k].at("added").at(keys[c]).get<double>());
            CHECK(number_at(sheet, row, 8 + c) == steps[k].at("total").at(keys[c]).get<double>());
        }
    }

    REQUIRE(sheets.count("replica/Sites and phases") == 1);
    const SheetCsv& rep = sheets.at("replica/Sites and phases");
    check_sites(rep, replica_doc, kReplicating);
    // B's replica racks (column E) are in its racks: its pod's 29 + E.
    CHECK(number_at(rep, 6, 4) ==
          replica_doc.at("sites")[1].at("replica").at("racks").get<double>());
    CHECK(number_at(rep, 6, 5) == 29 + number_at(rep, 6, 4));
    CHECK(replica.exit_code == 1);
}

namespace {

/// The row whose first cell starts with `title`, or -1.
int row_titled(const SheetCsv& sheet, const std::string& title) {
    for (int row = 0; row < 400; ++row) {
        const std::string* text = sheet.at(row, 0);
        if (text != nullptr && text->starts_with(title)) {
            return row;
        }
    }
    return -1;
}

} // namespace

TEST_CASE(
    "the project's sheet recalculated by LibreOffice holds each site and phase as size gives") {
    // examples/project-three-sites.json: three sites with their own needs,
    // opened one a year (docs/sites-and-phases.md, "Phases by site").
    const std::string soffice =
        test_tools::require_tool(PODSIZER_SOFFICE, "soffice", "libreoffice-calc-nogui");
    const std::string dir = test_tools::output_dir("project");
    const std::string xlsx = dir + "/project.xlsx";
    const char* example = "examples/project-three-sites.json";
    REQUIRE(podsizer({"size", example, "--xlsx", xlsx}).exit_code == 0);
    const auto doc = nlohmann::json::parse(podsizer({"size", example, "--format", "json"}).out);
    const auto sheets = libreoffice_csv(soffice, {xlsx}, dir + "/lo");
    REQUIRE(sheets.count("project/Sites and phases") == 1);
    const SheetCsv& sheet = sheets.at("project/Sites and phases");
    check_sites(sheet, doc, kPlain);

    // Each site's needs: values from the one figure table, and the whole IT
    // power a formula (GPUs' MW + the storage's kW / 1000).
    const int needs = row_titled(sheet, "Each site's needs");
    REQUIRE(needs > 0);
    const auto& sites = doc.at("sites");
    for (std::size_t k = 0; k < sites.size(); ++k) {
        const int row = needs + 2 + static_cast<int>(k);
        const auto& s = sites[k];
        INFO("site " << s.at("name"));
        CHECK(text_at(sheet, row, 1) == s.at("platform").get<std::string>());
        CHECK(number_at(sheet, row, 2) ==
              Approx(s.at("usable_need_bytes").get<double>() / 1e15).margin(0.05));
        CHECK(text_at(sheet, row, 8) == s.at("verdict").get<std::string>());
        if (!s.at("it_power_w").is_null()) {
            CHECK(number_at(sheet, row, 10) ==
                  Approx(s.at("it_power_w").get<double>() / 1e6).margin(1e-6));
        }
    }

    // The phases by site: each site's totals (formulas over its row before)
    // and each phase's sums over its sites.
    const int phases = row_titled(sheet, "Phases by site");
    REQUIRE(phases > needs);
    const auto& steps = doc.at("phases");
    int row = phases + 2;
    for (std::size_t k = 0; k < steps.size(); ++k, ++row) {
        const auto& p = steps[k];
        INFO("phase " << p.at("name") << " site " << p.at("site"));
        CHECK(text_at(sheet, row, 2) == p.at("site").get<std::string>());
        CHECK(number_at(sheet, row, 8) == p.at("total").at("cnodes").get<double>());
        CHECK(number_at(sheet, row, 9) == p.at("total").at("dboxes").get<double>());
        CHECK(number_at(sheet, row, 10) == p.at("total").at("racks").get<double>());
        if (k + 1 == steps.size() || steps[k + 1].at("name") != p.at("name")) {
            ++row; // the phase's "all sites" row
            CHECK(text_at(sheet, row, 2) == "all sites");
        }
    }
    // After year 3 the project stands at the three sites' racks summed.
    double racks = 0;
    for (const auto& s : sites) {
        racks += s.at("racks").get<double>();
    }
    CHECK(number_at(sheet, row - 1, 10) == racks);
}

TEST_CASE("the cost by year block recalculated by LibreOffice equals the engine's cost by year") {
    // docs/cost.md §8: CapEx, OpEx and the cloud's bill are values; the
    // totals, running sums, the discounting over the Prices sheet's
    // price_discount_rate and the all-sites sums are formulas, which
    // LibreOffice recalculates on load.
    const std::string soffice =
        test_tools::require_tool(PODSIZER_SOFFICE, "soffice", "libreoffice-calc-nogui");
    const std::string dir = test_tools::output_dir("project-cost");
    const std::string xlsx = dir + "/project.xlsx";
    const char* example = "examples/project-three-sites.json";
    const char* prices = "examples/prices-illustrative.json";
    REQUIRE(podsizer({"size", example, "--prices", prices, "--xlsx", xlsx}).exit_code <= 1);
    const auto doc = nlohmann::json::parse(
        podsizer({"size", example, "--prices", prices, "--format", "json"}).out);
    const auto& flow = doc.at("cost_by_year");
    const auto sheets = libreoffice_csv(soffice, {xlsx}, dir + "/lo");
    REQUIRE(sheets.count("project/Sites and phases") == 1);
    const SheetCsv& sheet = sheets.at("project/Sites and phases");
    const int title = row_titled(sheet, "Cost by year");
    REQUIRE(title > 0);
    // Columns: Year, Site, CapEx, OpEx, Total, Cumulative, Discounted,
    // Cum. discounted, Cloud, Cloud cumulative.
    const char* keys[] = {"capex",      "opex",
                          "total",      "cumulative",
                          "discounted", "cumulative_discounted",
                          "cloud",      "cloud_cumulative"};
    int row = title + 2;
    int rows = 0;
    for (int y = 1; y <= flow.at("years").get<int>(); ++y) {
        std::vector<std::pair<std::string, nlohmann::json>> expected;
        for (const auto& s : flow.at("sites")) {
            const auto& r = s.at("years").at(static_cast<std::size_t>(y - 1));
            if (r.at("open") == true || r.at("capex").get<double>() > 0) {
                expected.emplace_back(s.at("site"), r);
            }
        }
        expected.emplace_back("all sites", flow.at("total").at(static_cast<std::size_t>(y - 1)));
        for (const auto& [site, r] : expected) {
            INFO("year " << y << " " << site);
            CHECK(number_at(sheet, row, 0) == y);
            CHECK(text_at(sheet, row, 1) == site);
            for (int c = 0; c < 8; ++c) {
                INFO(keys[c]);
                CHECK(number_at(sheet, row, 2 + c) ==
                      Approx(r.at(keys[c]).get<double>()).epsilon(1e-9).margin(0.5));
            }
            ++row;
            ++rows;
        }
    }
    CHECK(rows == 17); // A; A, B; A, B, C for three more years; and 5 all-sites rows
}

TEST_CASE("a project's workbook opens on its roll-up: each site, the project's sums and years") {
    // Issue 49 item 5: the Project sheet comes first; its Project row sums
    // the sites (formulas LibreOffice recalculates) and equals the JSON's.
    const std::string soffice =
        test_tools::require_tool(PODSIZER_SOFFICE, "soffice", "libreoffice-calc-nogui");
    const std::string dir = test_tools::output_dir("project-rollup");
    const std::string xlsx = dir + "/rollup.xlsx";
    const char* example = "examples/project-three-sites.json";
    const char* prices = "examples/prices-illustrative.json";
    REQUIRE(podsizer({"size", example, "--prices", prices, "--xlsx", xlsx}).exit_code <= 1);
    const auto doc = nlohmann::json::parse(
        podsizer({"size", example, "--prices", prices, "--format", "json"}).out);
    const auto sheets = libreoffice_csv(soffice, {xlsx}, dir + "/lo");
    REQUIRE(sheets.count("rollup/Project") == 1);
    const SheetCsv& sheet = sheets.at("rollup/Project");
    const int title = row_titled(sheet, "Sites");
    REQUIRE(title > 0);
    const auto& sites = doc.at("sites");
    double gpus = 0, racks = 0, usable = 0;
    for (std::size_t k = 0; k < sites.size(); ++k) {
        const auto& s = sites[k];
        const int row = title + 2 + static_cast<int>(k);
        INFO("site " << s.at("name"));
        CHECK(text_at(sheet, row, 0) == s.at("name").get<std::string>());
        CHECK(text_at(sheet, row, 7) == s.at("verdict").get<std::string>());
        CHECK(number_at(sheet, row, 8) == s.at("racks").get<double>());
        gpus += s.at("gpus").get<double>();
        racks += s.at("racks").get<double>();
        usable += s.at("usable_capacity_bytes").get<double>() / 1e15;
    }
    // Then each site: a design sheet per site, named after it, holding the
    // site's own counts (recalculated by LibreOffice) as its sites row.
    for (const auto& s : sites) {
        const std::string name = "rollup/Site " + s.at("name").get<std::string>();
        INFO(name);
        REQUIRE(sheets.count(name) == 1);
        const SheetCsv& own = sheets.at(name);
        CHECK(number_at(own, row_titled(own, "C-nodes"), 1) == s.at("cnodes").get<double>());
        CHECK(number_at(own, row_titled(own, "D-boxes"), 1) == s.at("dboxes").get<double>());
    }
    // No even split of one whole-fleet pod beside the sites' own systems.
    CHECK(sheets.count("rollup/Fleet") == 0);
    const int total = title + 2 + static_cast<int>(sites.size());
    CHECK(text_at(sheet, total, 0) == "Project");
    CHECK(number_at(sheet, total, 2) == gpus);
    CHECK(number_at(sheet, total, 8) == racks);
    CHECK(number_at(sheet, total, 4) == Approx(usable).margin(0.05));
    // Site B's whole IT power is not checked (b300 has no power in the
    // catalog): the project is not a plain yes either.
    CHECK(text_at(sheet, total, 11) == "not checked: IT power");
    // The cost by year's last cumulative total is the engine's.
    const int money = row_titled(sheet, "Cost by year, all sites");
    REQUIRE(money > total);
    const auto& last = doc.at("cost_by_year").at("total").back();
    CHECK(number_at(sheet, money + 1 + last.at("year").get<int>(), 5) ==
          Approx(last.at("cumulative").get<double>()).margin(0.5));
}
