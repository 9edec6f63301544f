// The workbook's package and structure, read back without a spreadsheet
// program: a valid ZIP of well-formed XML (what Excel checks before offering a
// repair), sheets in order, print set-up, frozen headers, defined names,
// formulas with cached results, reproducible bytes, atomic writes.
#define RUN_PROCESS_WITHOUT_PODSIZER
#include "../cli/run_process.hpp"
#include "external_tools.hpp"
#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/resilience.hpp"
#include "podsizer/reports/atomic_file.hpp"
#include "podsizer/reports/rack_svg.hpp"
#include "podsizer/reports/workbook.hpp"
#include "support/test_files.hpp"
#include "support/test_paths.hpp"
#include "xlsx_package.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <iterator>
#include <regex>
#include <string_view>
#include <sys/stat.h>
#include <utility>

using namespace podsizer;

namespace {

const Catalog& catalog() {
    static const Catalog cat = default_catalog();
    return cat;
}

struct Written {
    Scenario scenario;
    SizingResult result;
    WorkbookManifest manifest;
    std::string path;
    std::map<std::string, std::string> parts;
};

Written write_example(const std::string& example, const std::string& file,
                      const std::string& date = "2026-01-01") {
    Written w;
    w.scenario =
        load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/" + example, catalog());
    w.result = size_scenario(w.scenario, catalog());
    w.path = test_tools::output_dir("workbook-structure") + "/" + file;
    WorkbookOptions o;
    o.date = date;
    w.manifest = write_workbook(w.path, {&w.result, &catalog(), &w.scenario}, o);
    w.parts = read_xlsx_parts(w.path);
    return w;
}

const Written& ncp() {
    static const Written w = write_example("ncp-pod-41k.json", "ncp.xlsx");
    return w;
}

using test_support::read_file;

/// A1 reference of a 0-based cell: (19, 1) -> "B20".
std::string xlsx_cell_ref(int row, int col) {
    std::string letters;
    for (int c = col + 1; c > 0; c = (c - 1) / 26) {
        letters.insert(letters.begin(), static_cast<char>('A' + (c - 1) % 26));
    }
    return letters + std::to_string(row + 1);
}

/// Text as libxlsxwriter writes it into sharedStrings.xml (its
/// lxw_escape_data): & < > escaped, quotes left as they are. The test's own
/// oracle of the library's output, not the SVG's xml_escape, which escapes
/// quotes too and drops characters XML forbids.
std::string xml_escaped(const std::string& s) {
    static constexpr std::pair<char, std::string_view> kEntities[] = {
        {'&', "&amp;"}, {'<', "&lt;"}, {'>', "&gt;"}};
    std::string out;
    for (char c : s) {
        const auto* e = std::find_if(std::begin(kEntities), std::end(kEntities),
                                     [c](const auto& entity) { return entity.first == c; });
        if (e == std::end(kEntities)) {
            out += c;
        } else {
            out += e->second;
        }
    }
    return out;
}

/// The worksheet part of the n-th sheet (1-based, libxlsxwriter's naming).
const std::string& sheet_xml(const Written& w, std::size_t n) {
    return w.parts.at("xl/worksheets/sheet" + std::to_string(n) + ".xml");
}

/// The 1-based row whose column A holds the shared string `label` on the
/// n-th sheet; 0 when there is none.
int row_labelled(const Written& w, std::size_t n, const std::string& label) {
    const std::string& sst = w.parts.at("xl/sharedStrings.xml");
    const std::string wanted = "<si><t>" + xml_escaped(label) + "</t></si>";
    const std::size_t at = sst.find(wanted);
    if (at == std::string::npos) {
        return 0;
    }
    std::size_t index = 0;
    for (std::size_t p = sst.find("<si>"); p < at; p = sst.find("<si>", p + 1)) {
        ++index;
    }
    const std::regex cell("<c r=\"A([0-9]+)\"[^>]*t=\"s\"><v>" + std::to_string(index) + "</v>");
    std::smatch m;
    const std::string& xml = sheet_xml(w, n);
    return std::regex_search(xml, m, cell) ? std::stoi(m[1].str()) : 0;
}

/// The text of the comment on `ref` ("B14"); empty when there is none.
std::string comment_on(const Written& w, const std::string& ref) {
    const std::string& xml = w.parts.at("xl/comments1.xml");
    const std::size_t at = xml.find("<comment ref=\"" + ref + "\"");
    if (at == std::string::npos) {
        return {};
    }
    return xml.substr(at, xml.find("</comment>", at) - at);
}

std::vector<std::string> files_in(const std::string& dir) {
    std::vector<std::string> out;
    if (DIR* d = ::opendir(dir.c_str())) {
        while (const dirent* e = ::readdir(d)) {
            const std::string n = e->d_name;
            if (n != "." && n != "..") {
                out.push_back(n);
            }
        }
        ::closedir(d);
    }
    return out;
}

} // namespace

TEST_CASE("the workbook is a ZIP of well-formed XML parts, each declared in its content types") {
    const Written& w = ncp();
    const std::string xmllint =
        test_tools::require_tool(PODSIZER_XMLLINT, "xmllint", "libxml2-utils");
    REQUIRE(w.parts.count("[Content_Types].xml") == 1);
    REQUIRE(w.parts.count("xl/workbook.xml") == 1);
    const std::string& types = w.parts.at("[Content_Types].xml");
    const std::string dir = test_tools::output_dir("workbook-parts");
    std::vector<std::string> args{"--noout"};
    std::size_t n = 0;
    for (const auto& [name, content] : w.parts) {
        INFO(name);
        const std::size_t dot = name.rfind('.');
        const std::string ext = name.substr(dot + 1);
        const bool declared = types.find("PartName=\"/" + name + "\"") != std::string::npos ||
                              types.find("Extension=\"" + ext + "\"") != std::string::npos;
        CHECK(declared);
        if (ext == "xml" || ext == "rels") {
            const std::string path = dir + "/part" + std::to_string(n++) + "." + ext;
            std::ofstream(path, std::ios::binary) << content;
            args.push_back(path);
        }
    }
    REQUIRE(n >= 10);
    const ProcessResult r = run_process(xmllint, args);
    INFO(r.err);
    CHECK(r.exit_code == 0);
}

TEST_CASE("the sheets come in the issue's order: Slide, Summary, designs, Checkpoints, "
          "Resilience, Racks, Assumptions, Charts") {
    // Resilience (docs/resilience.md §13) after the designs and checkpoints:
    // every catalog D-box gives a drive AFR. The BOM and Facility sheets
    // (docs/bom.md §5) after the Racks: every sized design carries a bill.
    CHECK(ncp().manifest.sheets == std::vector<std::string>{"Slide", "Summary", "NCP pod",
                                                            "Resilience", "Racks", "BOM",
                                                            "Facility", "Assumptions", "Charts"});
    const Written hd = write_example("high-density-1eb.json", "hd.xlsx");
    CHECK(hd.manifest.sheets == std::vector<std::string>{"Slide", "Summary",
                                                         "HD exabyte, full performance",
                                                         "HD exabyte, capacity only (1\u2236"
                                                         "2)",
                                                         "Resilience", "Racks", "BOM", "Facility",
                                                         "Assumptions", "Charts"});
    const std::string& book = hd.parts.at("xl/workbook.xml");
    CHECK(book.find("name=\"HD exabyte, capacity only (1\u2236"
                    "2)\"") != std::string::npos);
    // With checkpoint jobs, their sheet comes after the designs.
    const Written ck = write_example("checkpoint-cadence.json", "ckpt.xlsx");
    CHECK(ck.manifest.sheets ==
          std::vector<std::string>{"Slide", "Summary", "NCP pod as quoted",
                                   "NCP pod sized for checkpoints", "Checkpoints", "Resilience",
                                   "Racks", "BOM", "Facility", "Assumptions", "Charts"});
}

TEST_CASE(
    "every sheet prints on A4 one page wide, landscape but the design sheets, with the scenario "
    "and date on top") {
    const Written& w = ncp();
    for (std::size_t i = 1; i <= w.manifest.sheets.size(); ++i) {
        const std::string& xml = sheet_xml(w, i);
        const std::string& name = w.manifest.sheets[i - 1];
        INFO(name);
        CHECK_THAT(xml, Catch::Contains("paperSize=\"9\""));
        // Fit to page, one page wide: fitToWidth is left out because 1 is its
        // default in OOXML; fitToHeight 0 lets long sheets run on (the Slide
        // and Charts: 1 page; the Summary runs on, legible, REVIEW-3 part B #6;
        // the BOM and Facility sheets: 1 page each, so that the fleet
        // workbook stays within its page budget, proposal_exports_test.cpp).
        CHECK_THAT(xml, Catch::Contains("<pageSetUpPr fitToPage=\"1\"/>"));
        CHECK(xml.find("fitToWidth=") == std::string::npos);
        const bool one_page =
            name == "Charts" || name == "Slide" || name == "BOM" || name == "Facility";
        CHECK((xml.find("fitToHeight=\"0\"") != std::string::npos) == !one_page);
        // Every sheet prints landscape but the design sheets (the reference's
        // one: "NCP pod"), long and three columns wide, portrait on two pages
        // rather than three (issue 51 item 7's page budget), and the per-U
        // list (on request, below).
        CHECK_THAT(xml, Catch::Contains(name == "NCP pod" ? "orientation=\"portrait\""
                                                          : "orientation=\"landscape\""));
        CHECK_THAT(xml, Catch::Contains("<oddHeader>"));
        // The Slide's header gives the date only: its title names the
        // scenario, once on the page.
        if (name == "Slide") {
            CHECK_THAT(xml, Catch::Contains("<oddHeader>&amp;R2026-01-01</oddHeader>"));
        } else {
            CHECK_THAT(xml, Catch::Contains("NCP-aligned pod, 41,472 GB200 GPUs&amp;R2026-01-01"));
        }
        if (name != "Charts" && name != "Slide") {
            CHECK_THAT(xml, Catch::Contains("state=\"frozen\"")); // header rows stay in view
        }
    }
}

TEST_CASE("an ampersand in the scenario name is printed, not taken as a header code") {
    Written w;
    w.scenario =
        load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/ncp-pod-41k.json", catalog());
    w.scenario.name = "R&D pod";
    w.result = size_scenario(w.scenario, catalog());
    const std::string path = test_tools::output_dir("workbook-structure") + "/amp.xlsx";
    WorkbookOptions o;
    o.date = "2026-02-03";
    write_workbook(path, {&w.result, &catalog(), &w.scenario}, o);
    const auto parts = read_xlsx_parts(path);
    // "&&" in a header prints one "&"; XML escapes each as &amp;. (Sheet 2,
    // the Summary: the Slide's header gives the date only.)
    CHECK_THAT(parts.at("xl/worksheets/sheet2.xml"), Catch::Contains("R&amp;&amp;D pod"));
}

TEST_CASE("formulas name their assumptions and are stored with the engine's result") {
    const Written& w = ncp();
    const std::string& book = w.parts.at("xl/workbook.xml");
    CHECK_THAT(book, Catch::Contains("<definedName name=\"cnode_1u_read_GBps\">"));
    CHECK_THAT(book, Catch::Contains("<definedName name=\"ec_n4_wide_max_data_strips\">"));
    std::size_t found = 0;
    for (const WorkbookFormula& f : w.manifest.formulas) {
        const auto at = std::find(w.manifest.sheets.begin(), w.manifest.sheets.end(), f.sheet);
        REQUIRE(at != w.manifest.sheets.end());
        const std::string& xml =
            sheet_xml(w, static_cast<std::size_t>(at - w.manifest.sheets.begin()) + 1);
        // <f>formula</f><v>cached</v>, the formula without its '='; an array
        // formula's tag carries its type and range: <f t="array" ref="B20">.
        const std::string needle = (f.is_array ? "<f t=\"array\" ref=\"" : "<f>") +
                                   (f.is_array ? xlsx_cell_ref(f.row, f.col) + "\">" : "") +
                                   xml_escaped(f.formula.substr(1)) + "</f><v>";
        const std::size_t p = xml.find(needle);
        INFO(f.sheet << " " << f.formula);
        REQUIRE(p != std::string::npos);
        const std::size_t v = p + needle.size();
        const std::string cached = xml.substr(v, xml.find("</v>", v) - v);
        if (f.is_text) {
            CHECK(cached == xml_escaped(f.text));
        } else {
            CHECK(test_support::leading_double(cached) ==
                  Approx(f.number).epsilon(1e-12).margin(1e-300));
            // No cached zero where the engine has a number: viewers that do
            // not recalculate would show it.
            CHECK((f.number == 0.0 || test_support::leading_double(cached) != 0.0));
        }
        ++found;
    }
    CHECK(found == w.manifest.formulas.size());
    // The design sheet's throughput is a formula over the C-node count and the
    // named assumption, capped by what its ports carry (450 x min(24, 50) GB/s
    // = 10,800 GB/s: the reference pod; docs/model.md §7).
    CHECK_THAT(sheet_xml(w, 3), Catch::Contains("MIN(cnode_1u_read_GBps,$B$") &&
                                    Catch::Contains("),cnode_1u_read_GBps)</f><v>10800</v>"));
}

TEST_CASE("the same inputs and date give the same bytes") {
    const Written a = write_example("high-density-1eb.json", "same-a.xlsx");
    const Written b = write_example("high-density-1eb.json", "same-b.xlsx");
    CHECK(read_file(a.path) == read_file(b.path));
    const Written c = write_example("high-density-1eb.json", "same-c.xlsx", "2026-01-02");
    CHECK(read_file(a.path) != read_file(c.path)); // the date is in the headers
}

TEST_CASE("a malformed date is bad input") {
    const Written& w = ncp();
    for (const char* date : {"2026-13-01", "01/01/2026", "2026-1-1", "yesterday"}) {
        INFO(date);
        WorkbookOptions o;
        o.date = date;
        const std::string path = test_tools::output_dir("workbook-structure") + "/date.xlsx";
        CHECK_THROWS_AS(write_workbook(path, {&w.result, &catalog(), &w.scenario}, o), InputError);
        struct stat st {};
        CHECK(::stat(path.c_str(), &st) != 0); // nothing written
    }
}

TEST_CASE("a workbook for an unwritable path is an InputError naming it, and no file appears") {
    const Written& w = ncp();
    const std::string dir = test_tools::output_dir("workbook-unwritable");
    struct Row {
        std::string path;
        std::string says;
    };
    const Row rows[] = {
        // The system's reason, in the language of the user's locale (the
        // suite also runs under de_DE and fr_FR).
        {dir + "/no-such-dir/x.xlsx", std::strerror(ENOENT)},
        {dir, "is a directory"},
        {"", "expected a file name"},
    };
    for (const Row& r : rows) {
        INFO(r.path);
        try {
            write_workbook(r.path, {&w.result, &catalog(), &w.scenario});
            FAIL("no error");
        } catch (const InputError& e) {
            CHECK_THAT(e.what(), Catch::Contains(r.says));
            if (!r.path.empty()) {
                CHECK_THAT(e.what(), Catch::Contains(r.path));
            }
        }
    }
    for (const std::string& f : files_in(dir)) {
        CHECK(f.find(".tmp-") == std::string::npos); // no temporary left behind
    }
}

TEST_CASE("a failed export leaves the existing file as it was and no temporary behind") {
    const std::string dir = test_tools::output_dir("atomic");
    const std::string path = dir + "/keep.txt";
    write_file_atomically(path, "the old content\n");
    CHECK_THROWS_AS(write_atomically(path,
                                     [](const std::string& temp) {
                                         std::ofstream(temp) << "half a fi";
                                         throw std::runtime_error("disk full");
                                     }),
                    std::runtime_error);
    CHECK(read_file(path) == "the old content\n");
    for (const std::string& f : files_in(dir)) {
        INFO(f);
        CHECK(f.find(".tmp-") == std::string::npos);
    }
    write_file_atomically(path, "new");
    CHECK(read_file(path) == "new");
}

TEST_CASE("design sheet names are valid, unique and never a fixed sheet's") {
    struct Row {
        std::vector<std::string> designs;
        std::vector<std::string> sheets;
    };
    const Row rows[] = {
        {{"NCP pod"}, {"NCP pod"}},
        // Excel forbids []:*?/\ in sheet names.
        {{"HD: 1/2 [a]*?\\"}, {"HD\u2236 1 2  a"}},
        // 31 characters at most, cut at a word boundary.
        {{"A very long design name that goes on and on"}, {"A very long design name that"}},
        {{"HD exabyte, full performance, one namespace"}, {"HD exabyte, full performance"}},
        // Excel counts UTF-16 units: an emoji is two and does not fit in the last one.
        {{std::string(30, 'a') + "\xf0\x9f\x98\x80"}, {std::string(30, 'a')}},
        {{std::string(29, 'a') + "\xf0\x9f\x98\x80"
                                 "b"},
         {std::string(29, 'a') + "\xf0\x9f\x98\x80"}},
        // Names whose cut collides keep both ends; the same names are numbered.
        {{"HD exabyte, full performance", "HD exabyte, full performance, one namespace"},
         {"HD exabyte, full performance", "HD exabyte, ful\u2026, one namespace"}},
        // Same names are numbered; fixed sheet names (any case) are avoided.
        {{"pod", "pod", "POD"}, {"pod", "pod (2)", "POD (3)"}},
        {{"Summary", "racks", "History"}, {"Summary (2)", "racks (2)", "History (2)"}},
        // Nothing left, or apostrophes at the ends (not allowed there).
        {{"", "///", "'quoted'"}, {"Design 1", "Design 2", "quoted"}},
    };
    for (const Row& r : rows) {
        SizingResult result;
        for (const std::string& n : r.designs) {
            Design d;
            d.name = n;
            result.designs.push_back(d);
        }
        INFO(r.designs.front());
        CHECK(design_sheet_names(result) == r.sheets);
    }
}

TEST_CASE("the Slide has the headline rows, the Racks sheet each distinct rack once, and every "
          "U only on request") {
    const Written& w = ncp();
    // The Slide: racks, usable, read, write, power, facility power, the
    // resilience headline, the verdict; no effective capacity without data
    // reduction.
    for (const char* label :
         {"Racks (typical draw)", "Usable capacity (PB)", "Read (TB/s)", "Write (TB/s)",
          "Power (kW)", "Facility power (kW)", "Read, one D-box down (TB/s)",
          "Write, one D-box down (TB/s)", "Durability, drives and D-boxes (nines)", "Verdict"}) {
        INFO(label);
        CHECK(row_labelled(w, 1, label) > 0);
    }
    // The headline is the Resilience sheet's nines row, linked from the
    // Summary (so an edited AFR reaches the Slide), with its cached value.
    CHECK(row_labelled(w, 2, "Durability, drives and D-boxes (nines)") > 0);
    const std::string& summary = sheet_xml(w, 2);
    std::smatch link;
    REQUIRE(std::regex_search(summary, link,
                              std::regex("<f>'Resilience'!\\$B\\$[0-9]+</f><v>([^<]+)</v>")));
    const std::string cached = link[1].str();
    double nines = 0.0;
    REQUIRE(std::from_chars(cached.data(), cached.data() + cached.size(), nines).ec == std::errc());
    const std::optional<double> loss = headline_annual_loss(w.result.designs.front());
    REQUIRE(loss);
    CHECK_THAT(nines, Catch::WithinRel(-std::log10(*loss), 1e-12));
    // docs/resilience.md §9: the drive term (first order) and the D-box
    // term, 1 - exp(-180 D-boxes x 0.1 % losses a year x P(loss | a D-box fails)),
    // combined as 1 - (1 - a)(1 - b) = a + b - ab.
    const Design& pod = w.result.designs.front();
    const double box = -std::expm1(-180 * 0.001 * pod.resilience->dbox_loss_given_failure);
    const double drives = *first_order_annual_loss(pod);
    CHECK_THAT(*loss, Catch::WithinRel(drives + box - drives * box, 1e-12));
    CHECK_THAT(nines, Catch::WithinAbs(6.44, 0.005)); // docs/resilience.md §9
    // Its largest term, named on the Slide and the Summary as the `durability`
    // finding names it: the pod's D-box term 1 - exp(-0.18 x 2.0e-4) = 3.6e-7
    // (the finding's figure) dwarfs its drive term 2.3e-11.
    REQUIRE(box > drives);
    CHECK_THAT(box, Catch::WithinRel(3.6e-7, 0.02));
    CHECK(row_labelled(w, 1, "Durability, largest term") > 0);
    CHECK(row_labelled(w, 2, "Durability, largest term") > 0);
    // A live formula on the Resilience sheet over the two terms' rows; the
    // Summary links to it, and the Slide to the Summary.
    CHECK(std::regex_search(
        sheet_xml(w, 4),
        std::regex("<f>IF\\(B[0-9]+&gt;B[0-9]+,\"D-box losses\",\"drive failures\"\\)</f>"
                   "<v>D-box losses</v>")));
    CHECK(std::regex_search(summary, std::regex("<f>'Resilience'!\\$B\\$[0-9]+</f><v>D-box "
                                                "losses</v>")));
    CHECK(std::regex_search(sheet_xml(w, 1),
                            std::regex("<f>'Summary'!\\$B\\$[0-9]+</f><v>D-box losses</v>")));
    CHECK(row_labelled(w, 1, "Effective capacity after data reduction (PB)") == 0);
    CHECK(row_labelled(w, 1, "C-nodes") > 0); // the counts are the headline of a proposal
    // Each Slide cell links to the Summary's.
    CHECK_THAT(sheet_xml(w, 1), Catch::Contains("<f>'Summary'!$B$"));
    // The Racks sheet: the reference pod's 29 racks are 5 distinct ones
    // (leaves and spines apart), each in runs: D-boxes, C-nodes, empty U,
    // switches; 5 x 4 rows, far fewer than 29 x 40 U.
    const std::size_t racks_sheet = 5; // Slide, Summary, NCP pod, Resilience, Racks
    REQUIRE(w.manifest.sheets.at(racks_sheet - 1) == "Racks");
    const std::string& xml = sheet_xml(w, racks_sheet);
    const std::regex row("<row r=\"([0-9]+)\"");
    int last = 0;
    for (auto it = std::sregex_iterator(xml.begin(), xml.end(), row); it != std::sregex_iterator();
         ++it) {
        last = std::stoi((*it)[1].str());
    }
    CHECK(last < 40);
    CHECK(xml.find("Leaf") == std::string::npos); // kinds, not instances
    CHECK_THAT(w.parts.at("xl/sharedStrings.xml"),
               Catch::Contains("spine switch") && Catch::Contains("leaf switch"));
    CHECK(std::find(w.manifest.sheets.begin(), w.manifest.sheets.end(), "Rack units") ==
          w.manifest.sheets.end());

    // On request, the "Rack units" sheet lists every U of every rack, portrait.
    Written all;
    all.scenario = w.scenario;
    all.result = w.result;
    all.path = test_tools::output_dir("workbook-structure") + "/ncp-units.xlsx";
    WorkbookOptions o;
    o.date = "2026-01-01";
    o.every_rack_unit = true;
    all.manifest = write_workbook(all.path, {&all.result, &catalog(), &all.scenario}, o);
    all.parts = read_xlsx_parts(all.path);
    REQUIRE(all.manifest.sheets.at(5) == "Rack units");
    const std::string& units = sheet_xml(all, 6);
    CHECK_THAT(units, Catch::Contains("orientation=\"portrait\""));
    // 29 racks x 40 U below the 4 heading rows: the last row is 4 + 1,160.
    CHECK_THAT(units, Catch::Contains("<row r=\"1164\""));
    CHECK_THAT(all.parts.at("xl/sharedStrings.xml"),
               Catch::Contains("<t>Leaf 1</t>") && Catch::Contains("<t>Spine 1</t>"));
}

TEST_CASE("today's date is written as YYYY-MM-DD") {
    CHECK(std::regex_match(today_iso_date(), std::regex(R"(20\d\d-[01]\d-[0-3]\d)")));
}

TEST_CASE("Summary figures resting on assumed catalog figures are shaded and name them") {
    // docs/model.md §14: the racks rest on the default rack's budget (an
    // ASSUMPTION entry of catalog/data/racks.json); read on the
    // customer-derived C-node figures, which are not assumptions, and on the
    // D-box's assumed port speed, which keeps its cap from binding.
    const Written& w = ncp();
    // The racks as laid out, labelled with their basis (issue 51 item 6).
    const int racks = row_labelled(w, 2, "Racks (typical draw)"); // sheet 2: the Summary
    const int read = row_labelled(w, 2, "Read (TB/s)");
    REQUIRE(racks > 0);
    REQUIRE(read > 0);
    // One comment a row, on its label (column A), naming what its shaded cells rest on.
    const std::string on_racks = comment_on(w, "A" + std::to_string(racks));
    CHECK_THAT(on_racks, Catch::Contains("rack-42u-25kw.power_budget"));
    CHECK_THAT(on_racks, Catch::Contains("cnode-1u.power"));
    const std::string on_read = comment_on(w, "A" + std::to_string(read));
    CHECK_THAT(on_read, Catch::Contains("dbox-1u-22.backend_port_speed"));
    CHECK_THAT(on_read, !Catch::Contains("cnode-1u"));
    // The shaded style is not the plain formula's: the racks cell and the
    // storage U cell (both whole numbers; the U rest on published heights)
    // carry different style indexes.
    const int units = row_labelled(w, 2, "Storage devices (U)");
    REQUIRE(units > 0);
    CHECK(comment_on(w, "A" + std::to_string(units)).empty());
    CHECK(comment_on(w, "B" + std::to_string(racks)).empty()); // none on the cells
    const std::regex style_of("<c r=\"B([0-9]+)\" s=\"([0-9]+)\"");
    std::map<int, std::string> styles;
    const std::string& xml = sheet_xml(w, 2);
    for (auto it = std::sregex_iterator(xml.begin(), xml.end(), style_of);
         it != std::sregex_iterator(); ++it) {
        styles[std::stoi((*it)[1].str())] = (*it)[2].str();
    }
    CHECK(styles.at(racks) != styles.at(units));
    // The legend under the table says what the shading means.
    CHECK_THAT(w.parts.at("xl/sharedStrings.xml"),
               Catch::Contains("Shaded figures rest on catalog figures nobody publishes"));
}

TEST_CASE("names with characters XML forbids still give well-formed workbook parts and "
          "drawings (second red-team round, defect 6)") {
    // Files are refused when they hold such a name (tests/robustness); the
    // GUI's form sets names without a file, so the writers drop what XML 1.0
    // does not allow: C0 controls other than tab, LF and CR; U+FFFE; U+FFFF.
    Scenario s =
        load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/ncp-pod-41k.json", catalog());
    s.name = "pod\x01\x1b[2J \xef\xbf\xbe & <it>";
    REQUIRE_FALSE(s.options.empty());
    s.options[0].name = "opt\xef\xbf\xbf\x07 one";
    const SizingResult result = size_scenario(s, catalog());
    const std::string dir = test_tools::output_dir("workbook-control-characters");
    const std::string path = dir + "/control.xlsx";
    WorkbookOptions o;
    o.date = "2026-01-01";
    write_workbook(path, {&result, &catalog(), &s}, o);
    const std::map<std::string, std::string> parts = read_xlsx_parts(path);
    const std::string xmllint =
        test_tools::require_tool(PODSIZER_XMLLINT, "xmllint", "libxml2-utils");
    std::vector<std::string> args{"--noout"};
    std::size_t n = 0;
    bool title_seen = false;
    for (const auto& [name, content] : parts) {
        INFO(name);
        CHECK(content.find('\x01') == std::string::npos);
        CHECK(content.find('\x1b') == std::string::npos);
        CHECK(content.find("\xef\xbf\xbe") == std::string::npos);
        CHECK(content.find("\xef\xbf\xbf") == std::string::npos);
        title_seen = title_seen || content.find("pod[2J  &amp; &lt;it&gt;") != std::string::npos;
        const std::string ext = name.substr(name.rfind('.') + 1);
        if (ext == "xml" || ext == "rels") {
            const std::string part = dir + "/part" + std::to_string(n++) + "." + ext;
            std::ofstream(part, std::ios::binary) << content;
            args.push_back(part);
        }
    }
    CHECK(title_seen); // the rest of the name is kept
    REQUIRE(n >= 10);
    const ProcessResult lint = run_process(xmllint, args);
    INFO(lint.err);
    CHECK(lint.exit_code == 0);
    CHECK(lint.err.empty());
    // The rack drawing of the same design.
    REQUIRE_FALSE(result.designs.empty());
    const std::string svg = dir + "/control.svg";
    std::ofstream(svg, std::ios::binary) << render_rack_svg(result.designs[0]);
    const ProcessResult svg_lint = run_process(xmllint, {"--noout", svg});
    INFO(svg_lint.err);
    CHECK(svg_lint.exit_code == 0);
    CHECK(svg_lint.err.empty());
}

TEST_CASE("an Assumptions row takes the source a catalog entry gives that field, by the catalog "
          "field's name") {
    // The failure rate's row looked its source up as "per_1000_node_days",
    // the member's name, which no catalog can give a source for: the field is
    // "failures_per_1000_node_days" (catalog_fields.cpp), so a source given
    // for it never reached the sheet. The rows now name the field by member.
    Catalog c = default_catalog();
    const std::string ref = "measured on our own cluster, 2026 (test reference)";
    for (FailureRatePreset& f : c.failure_rates) {
        f.provenance.field_sources["failures_per_1000_node_days"] =
            Source{SourceKind::customer, ref, "the customer's own failure log"};
    }
    const Scenario s =
        load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/checkpoint-cadence.json", c);
    const SizingResult r = size_scenario(s, c);
    const std::string path = test_tools::output_dir("workbook-structure") + "/failure-source.xlsx";
    write_workbook(path, {&r, &c, &s}, WorkbookOptions{});
    CHECK_THAT(read_xlsx_parts(path).at("xl/sharedStrings.xml"), Catch::Contains(ref));
}
