// --pdf and --charts on the real binary (issue 32 items 2 and 3): the PDF's
// first page read back with pdftotext, each chart checked by xmllint, bad
// targets refused with one line and nothing half-written. The binary hands
// these flags to podsizer-render beside it (cli/render_flags.hpp); a build
// without the GUI has none, and these tests then check its message instead.
#include "../reports/external_tools.hpp"
#include "run_process.hpp"
#include "support/test_files.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <charconv>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <sys/stat.h>
#include <vector>

namespace {

namespace fs = std::filesystem;
using test_support::read_file;
using test_support::temp_dir;
using test_support::write_temp;

const std::string kPod = "examples/ncp-pod-41k.json";
const std::string kFleet = "examples/fleet-160k.json";

/// podsizer-render is built beside podsizer when the GUI is (PODSIZER_BUILD_GUI).
bool has_renderer() {
    return fs::exists(fs::path(PODSIZER_BIN).parent_path() / "podsizer-render");
}

std::string pdf_text(const std::string& pdf, int first, int last) {
    const std::string tool =
        test_tools::require_tool(PODSIZER_PDFTOTEXT, "pdftotext", "poppler-utils");
    const ProcessResult r = run_process(
        tool, {"-layout", "-f", std::to_string(first), "-l", std::to_string(last), pdf, "-"});
    REQUIRE(r.exit_code == 0);
    return r.out;
}

/// Files in `dir` other than `keep`: a temporary file left behind shows here.
std::vector<std::string> others(const std::string& dir, const std::string& keep) {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir)) {
        if (e.path().filename() != keep) {
            out.push_back(e.path().filename().string());
        }
    }
    return out;
}

} // namespace

TEST_CASE("size --pdf writes a PDF whose first page has the C-node and D-box and rack counts") {
    if (!has_renderer()) {
        const ProcessResult r = podsizer({"size", kPod, "--pdf", temp_dir() + "/no.pdf"});
        CHECK(r.exit_code == 2);
        CHECK_THAT(r.err, Catch::StartsWith("podsizer: error: --pdf: this build of podsizer has "
                                            "no Qt rendering"));
        return;
    }
    const std::string path = temp_dir() + "/pod.pdf";
    const ProcessResult plain = podsizer({"size", kPod});
    const ProcessResult r = podsizer({"size", kPod, "--pdf", path});
    CHECK(r.exit_code == 0);
    CHECK(r.out == plain.out); // the report on stdout is the same
    CHECK(r.err == "podsizer: wrote " + path + "\n");
    REQUIRE(read_file(path).rfind("%PDF-", 0) == 0);
    const std::string page1 = pdf_text(path, 1, 1);
    // The reference pod: 450 C-nodes, 180 D-boxes, 29 racks on typical draw
    // and 37 on maximum draw (README's reference table; docs/model.md §9).
    CHECK_THAT(page1, Catch::Contains("Executive summary"));
    CHECK(std::regex_search(page1, std::regex(R"(C-nodes\s+450)")));
    CHECK(std::regex_search(page1, std::regex(R"(D-boxes\s+180)")));
    CHECK(std::regex_search(page1, std::regex(R"(Racks, maximum / typical\s+37 / 29)")));
    // Decimal points whatever LC_ALL (this test runs again under de_DE and
    // fr_FR): 217.9 PB usable, 10.80 / 4.50 TB/s read and write (two
    // decimals, as the CLI prints them: docs/model.md §15).
    CHECK_THAT(page1, Catch::Contains("217.9 PB"));
    CHECK_THAT(page1, Catch::Contains("10.80 TB/s / 4.50 TB/s"));
    CHECK_THAT(page1, !Catch::Contains("217,9"));
    CHECK_THAT(page1, Catch::Contains("Top risks"));
    // Every page is numbered "page i of n".
    std::smatch m;
    REQUIRE(std::regex_search(page1, m, std::regex(R"(page 1 of (\d+))")));
    const int pages = std::stoi(m[1]);
    CHECK(pages > 3); // summary, tables, drawings and charts
    CHECK_THAT(pdf_text(path, pages, pages),
               Catch::Contains("page " + std::to_string(pages) + " of " + std::to_string(pages)));
    // The tables have the text report's rows.
    CHECK_THAT(pdf_text(path, 2, 2), Catch::Contains("C-nodes set by"));
}

// Issue 51 item 3: the PDF is the customer's; its findings print what they
// mean for the system, never the field or flag that changes them (the CLI
// keeps those hints: checked below on the same run's stdout).
TEST_CASE("the reference PDF names no scenario field or flag, with or without prices") {
    if (!has_renderer()) {
        return; // the message is checked above
    }
    for (const bool priced : {false, true}) {
        INFO("priced " << priced);
        for (const std::string command : {"size", "compare"}) {
            INFO(command);
            const std::string path = temp_dir() + "/" + command + "-words.pdf";
            std::vector<std::string> args{command, kPod, "--pdf", path};
            if (priced) {
                args.insert(args.end(), {"--prices", "examples/prices-illustrative.json"});
            }
            const ProcessResult r = podsizer(args);
            REQUIRE(r.exit_code == 0);
            const std::string all = pdf_text(path, 1, 100);
            // The risks are there, in the customer's words...
            CHECK_THAT(all, Catch::Contains("with one D-box down"));
            CHECK_THAT(all, Catch::Contains("at maximum draw the fullest rack would draw"));
            for (const char* operator_words : {"constraints.", "options[", "fleet.", "--"}) {
                INFO(operator_words);
                CHECK(all.find(operator_words) == std::string::npos);
            }
            // Nor a command to run ("podsizer catalog show ID" under a table,
            // "podsizer size" in the footer); the tool's name alone may stand.
            std::smatch run;
            CHECK_FALSE(std::regex_search(all, run, std::regex("podsizer [a-z]")));
            CHECK_THAT(all, Catch::Contains("the sizing catalog records why each was assumed"));
            // ... and the text report on stdout still says which field changes them.
            CHECK_THAT(r.out, Catch::Contains("(constraints.size_for \"dbox-down\" sizes for it)"));
            CHECK_THAT(r.out, Catch::Contains(
                                  "(constraints.power_basis \"max\" lays the racks out for it)"));
        }
    }
}

/// `v` as the reports print it: `decimals` after the point, thousands
/// grouped with commas (to_chars: the same whatever LC_ALL).
std::string grouped(double v, int decimals) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, decimals);
    const std::string s(buf, r.ptr);
    const std::size_t point = std::min(s.find('.'), s.size());
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (i > 0 && i < point && (point - i) % 3 == 0) {
            out += ',';
        }
        out += s[i];
    }
    return out;
}

// Issue 50: the PDF has the bill of materials by group and the facility
// figures, with the power basis the racks are laid out on, in customer words.
TEST_CASE("the PDF lists the bill of materials by group and the facility figures") {
    if (!has_renderer()) {
        return; // the message is checked above
    }
    const std::string path = temp_dir() + "/bom.pdf";
    const ProcessResult r = podsizer({"size", kPod, "--pdf", path});
    REQUIRE(r.exit_code == 0);
    const ProcessResult j = podsizer({"size", kPod, "--format", "json"});
    const nlohmann::json d = nlohmann::json::parse(j.out).at("designs").at(0);
    const std::string all = pdf_text(path, 1, 100);
    CHECK_THAT(all, Catch::Contains("Bill of materials"));
    const auto cnodes = d.at("cnodes").get<double>();
    const auto dboxes = d.at("dboxes").get<double>();
    const auto racks = d.at("racks").get<double>();
    // By hand from the design's counts: 22 drives a D-box (dbox-1u-22), two
    // PDUs a rack (A and B feeds, docs/bom.md §1).
    const std::pair<std::string, double> lines[] = {
        {"C-nodes\\s+C-node, 1U \\(current generation\\)\\s+", cnodes},
        {"D-boxes\\s+Ceres D-box 1U, 22 QLC SSDs\\s+", dboxes},
        {"Drives\\s+61.44 TB drive, in the D-boxes\\s+", dboxes * 22},
        {"Racks\\s+42U rack, 25 kW\\s+", racks},
        {"Power\\s+Rack PDU, switched, three-phase, 0U\\s+", 2 * racks}};
    for (const auto& [line, qty] : lines) {
        INFO(line << " " << qty);
        CHECK(std::regex_search(all, std::regex(line + grouped(qty, 0))));
    }
    for (const char* group : {"Switches", "Management", "Rails", "Cables", "Transceivers"}) {
        CHECK(std::regex_search(all, std::regex(std::string("\\n") + group + "\\s")));
    }
    // The facility figures, the rack basis stated.
    const nlohmann::json& total = d.at("facility").at("total");
    CHECK(std::regex_search(all, std::regex(R"(Racks laid out on\s+typical draw)")));
    CHECK(std::regex_search(all, std::regex(R"(Power in total \(kW\)\s+)" +
                                            grouped(total.at("power_w").get<double>() / 1e3, 1))));
    CHECK(
        std::regex_search(all, std::regex(R"(Heat in total \(BTU/h\)\s+)" +
                                          grouped(total.at("power_w").get<double>() * 3.412, 0))));
    CHECK(std::regex_search(all, std::regex(R"(Current per feed, highest rack \(A\)\s+)" +
                                            grouped(total.at("amps_per_feed").get<double>(), 1))));
    CHECK_THAT(all, Catch::Contains("400 V three-phase, A and B feeds"));
    for (const char* operator_words : {"facility.", "--bom", "btu_per_h", "amps_per_feed"}) {
        INFO(operator_words);
        CHECK(all.find(operator_words) == std::string::npos);
    }
}

/// The figure on the line of the text report that starts with `label`: the
/// first run of digits, separators and decimals after it ("88,099,645").
std::string figure_after(const std::string& text, const std::string& label) {
    const auto at = text.find(label);
    REQUIRE(at != std::string::npos);
    std::smatch m;
    const std::string line = text.substr(at + label.size(), text.find('\n', at) - at);
    REQUIRE(std::regex_search(line, m, std::regex(R"([0-9][0-9,]*(\.[0-9]+)?)")));
    return m.str();
}

// Issue 51 item 4: the first page carries the decision: the verdict as the
// CLI words it, the degraded figures, the TCO when priced (the figure the
// text report's Cost table prints), the racks on the basis the facility
// plans on with the other beside it.
TEST_CASE("the PDF's first page carries the verdict, the degraded figures and, priced, the TCO") {
    if (!has_renderer()) {
        return;
    }
    const std::string plain_pdf = temp_dir() + "/plain.pdf";
    REQUIRE(podsizer({"size", kPod, "--pdf", plain_pdf}).exit_code == 0);
    const std::string plain = pdf_text(plain_pdf, 1, 1);
    const std::string priced_pdf = temp_dir() + "/priced.pdf";
    const ProcessResult r = podsizer(
        {"size", kPod, "--prices", "examples/prices-illustrative.json", "--pdf", priced_pdf});
    REQUIRE(r.exit_code == 0);
    const std::string page1 = pdf_text(priced_pdf, 1, 1);
    for (const std::string& p : {plain, page1}) {
        // The verdict sentence of the text report (docs/model.md §15).
        CHECK_THAT(p, Catch::Contains("Verdict — Meets the need intact; with one D-box down"));
        CHECK_THAT(p, Catch::Contains("Read / write, one D-box"));
        CHECK_THAT(p, Catch::Contains("9.67 TB/s / 4.03 TB/s"));
        // The fullest rack exceeds its budget at maximum draw (the
        // rack-max-over-budget warning): the facility plans on 37 racks,
        // the typical-draw 29 beside it (README's reference table).
        CHECK(std::regex_search(p, std::regex(R"(Racks, maximum / typical\s+37 / 29)")));
    }
    CHECK_THAT(plain, !Catch::Contains("TCO"));
    const std::string tco = figure_after(r.out, "TCO, 5 years (USD)");
    CHECK(std::regex_search(page1, std::regex("TCO, 5 years\\s+" + tco + " USD")));
}

// Issue 51 item 4: a design sized for a D-box down is drawn in that state
// beside its intact curve, so its C-node count is explained by the chart.
TEST_CASE("the knee chart of a design sized for a D-box down draws the degraded curve") {
    if (!has_renderer()) {
        return;
    }
    const std::string sized = temp_dir() + "/sized";
    REQUIRE(podsizer({"size", kPod, "--set", "constraints.size_for=dbox-down", "--charts", sized})
                .exit_code <= 1);
    const std::string svg = read_file(sized + "/knee-01-ncp-pod.svg");
    CHECK_THAT(svg, Catch::Contains("Read, one D-box down"));
    CHECK_THAT(svg, Catch::Contains("Write, one D-box down"));
    const std::string intact = temp_dir() + "/intact";
    REQUIRE(podsizer({"size", kPod, "--charts", intact}).exit_code == 0);
    CHECK_THAT(read_file(intact + "/knee-01-ncp-pod.svg"), !Catch::Contains("one D-box down"));
}

// Issue 51 item 4: the checkpoint page has what the text report prints
// under its table: the failure rate with its source, each job's band and
// the offsite WAN.
TEST_CASE("the PDF's checkpoint page names the failure rate's source and the band") {
    if (!has_renderer()) {
        return;
    }
    const std::string path = temp_dir() + "/checkpoints.pdf";
    const ProcessResult r = podsizer({"size", "examples/checkpoint-cadence.json", "--pdf", path});
    REQUIRE(r.exit_code <= 1);
    const std::string all = pdf_text(path, 1, 100);
    const auto page = all.find("Checkpoint jobs");
    REQUIRE(page != std::string::npos);
    const std::string rest = all.substr(page);
    const auto at = r.out.find("Failure rate: ");
    REQUIRE(at != std::string::npos);
    // The rate's line as the CLI prints it, up to its source's first words.
    CHECK_THAT(rest, Catch::Contains(r.out.substr(at, 40)));
    CHECK_THAT(rest, Catch::Contains("failure band (low / central / high"));
}

TEST_CASE("compare --charts writes the knee, comparison and Pareto charts as well-formed SVG") {
    const std::string dir = temp_dir() + "/charts";
    const ProcessResult r = podsizer({"compare", kFleet, "--charts", dir});
    if (!has_renderer()) {
        CHECK(r.exit_code == 2);
        CHECK_THAT(r.err, Catch::Contains("--charts: this build of podsizer has no Qt rendering"));
        return;
    }
    CHECK(r.exit_code == 0);
    const std::string xmllint =
        test_tools::require_tool(PODSIZER_XMLLINT, "xmllint", "libxml2-utils");
    for (const char* name :
         {"knee-01-ncp-pod.svg", "comparison-racks.svg", "comparison-power.svg",
          "comparison-racks-per-pb.svg", "comparison-power-per-pb.svg", "pareto.svg"}) {
        INFO(name);
        const std::string path = dir + "/" + name;
        CHECK_THAT(r.err, Catch::Contains("podsizer: wrote " + path + "\n"));
        CHECK_THAT(read_file(path), Catch::Contains("<svg"));
        CHECK(run_process(xmllint, {"--noout", path}).exit_code == 0);
    }
    // The comparison's columns are on the bars: the cloud store beside the pods.
    CHECK_THAT(read_file(dir + "/comparison-racks-per-pb.svg"),
               Catch::Contains("Cloud HDD object store"));
}

TEST_CASE("size --charts writes the goodput chart of a scenario with checkpoint jobs") {
    if (!has_renderer()) {
        return; // the message is checked above
    }
    const std::string dir = temp_dir() + "/goodput";
    const ProcessResult r = podsizer({"size", "examples/checkpoint-cadence.json", "--charts", dir});
    REQUIRE(r.exit_code <= 1);
    bool goodput = false;
    for (const auto& e : fs::directory_iterator(dir)) {
        goodput = goodput || e.path().filename().string().rfind("goodput-", 0) == 0;
    }
    CHECK(goodput);
}

TEST_CASE("size --charts draws the phases of a scenario with phases as a timeline") {
    if (!has_renderer()) {
        return;
    }
    // examples/fleet-phases.json: four phases of the NCP pod
    // (docs/sites-and-phases.md §2); the chart names each phase.
    const std::string dir = temp_dir() + "/phases";
    const ProcessResult r = podsizer({"size", "examples/fleet-phases.json", "--charts", dir});
    REQUIRE(r.exit_code <= 1);
    const std::string svg = read_file(dir + "/phases.svg");
    CHECK_THAT(svg, Catch::Contains("Racks the phase adds"));
    CHECK_THAT(svg, Catch::Contains("1: first pod"));
    const std::string xmllint =
        test_tools::require_tool(PODSIZER_XMLLINT, "xmllint", "libxml2-utils");
    CHECK(run_process(xmllint, {"--noout", dir + "/phases.svg"}).exit_code == 0);
    CHECK_THAT(svg, Catch::Contains("4: an exabyte"));
}

TEST_CASE("charts DIR that is a file is refused with one line and nothing written") {
    if (!has_renderer()) {
        return;
    }
    const std::string file = write_temp("not-a-dir", "keep");
    const ProcessResult r = podsizer({"size", kPod, "--charts", file});
    CHECK(r.exit_code == 2);
    CHECK(r.err == "podsizer: error: --charts: " + file +
                       ": is not a directory; expected a directory for the chart files (one SVG "
                       "per chart)\n");
    CHECK(read_file(file) == "keep");
    CHECK(r.out.empty());
}

TEST_CASE("pdf into a missing directory is refused with one line naming the flag") {
    if (!has_renderer()) {
        return;
    }
    const std::string path = temp_dir() + "/no/such/dir/r.pdf";
    const ProcessResult r = podsizer({"size", kPod, "--pdf", path});
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::StartsWith("podsizer: error: --pdf: " + path));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK_FALSE(fs::exists(path));
}

TEST_CASE("pdf over the scenario or over the xlsx file is refused before anything is written") {
    if (!has_renderer()) {
        return;
    }
    const std::string scenario =
        write_temp("own/pod.json", read_file(std::string(PODSIZER_SOURCE_DIR) + "/" + kPod));
    const ProcessResult over_input = podsizer({"size", scenario, "--pdf", scenario});
    CHECK(over_input.exit_code == 2);
    CHECK_THAT(over_input.err, Catch::StartsWith("podsizer: error: --pdf: " + scenario +
                                                 ": is the scenario of this run"));
    const std::string same = temp_dir() + "/own/same";
    const ProcessResult twice = podsizer({"size", scenario, "--xlsx", same, "--pdf", same});
    CHECK(twice.exit_code == 2);
    CHECK_THAT(twice.err,
               Catch::StartsWith("podsizer: error: --pdf: " + same + ": is also the --xlsx file"));
    CHECK_FALSE(fs::exists(same)); // not even the workbook was written
}

TEST_CASE("a pdf write that fails half-way leaves the old file and no temporary") {
    if (!has_renderer()) {
        return;
    }
    const std::string dir = temp_dir() + "/full";
    fs::create_directories(dir);
    const std::string path = dir + "/r.pdf";
    write_temp("full/r.pdf", "the old report");
    RunOptions options;
    options.cwd = PODSIZER_SOURCE_DIR;
    // As a full disk: a write past 64 KiB fails (EFBIG); the report is larger.
    options.file_size_limit = 64 * 1024;
    const ProcessResult r = run_process(PODSIZER_BIN, {"size", kPod, "--pdf", path}, options);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::StartsWith("podsizer: error: --pdf: "));
    CHECK(read_file(path) == "the old report");
    CHECK(others(dir, "r.pdf").empty());
}

TEST_CASE("optimize --pdf and resilience --charts write their reports") {
    if (!has_renderer()) {
        return;
    }
    const std::string pdf = temp_dir() + "/optimize.pdf";
    const ProcessResult o = podsizer({"optimize", kPod, "--pdf", pdf});
    CHECK(o.exit_code == 0);
    CHECK_THAT(pdf_text(pdf, 1, 100), Catch::Contains("Pareto front"));
    const std::string dir = temp_dir() + "/resilience";
    const ProcessResult r = podsizer({"resilience", kPod, "--charts", dir});
    CHECK(r.exit_code == 0);
    CHECK(fs::exists(dir + "/resilience-nines.svg"));
    CHECK(fs::exists(dir + "/resilience-outage.svg"));
}

TEST_CASE("a podsizer without podsizer-render beside it refuses pdf and charts with one line") {
    // The binary alone in a directory: what a build without the GUI installs.
    const std::string dir = temp_dir() + "/alone";
    fs::create_directories(dir);
    const std::string bin = dir + "/podsizer";
    fs::copy_file(PODSIZER_BIN, bin, fs::copy_options::overwrite_existing);
    const std::string scenario = std::string(PODSIZER_SOURCE_DIR) + "/" + kPod;
    CHECK(run_process(bin, {"size", scenario}).exit_code == 0); // the rest works
    for (const char* flag : {"--pdf", "--charts"}) {
        INFO(flag);
        const ProcessResult r = run_process(bin, {"size", scenario, flag, dir + "/out"});
        CHECK(r.exit_code == 2);
        CHECK(r.err == "podsizer: error: " + std::string(flag) +
                           ": this build of podsizer has no Qt rendering (podsizer-render, built "
                           "with the GUI, is not installed beside it); expected a build with "
                           "PODSIZER_BUILD_GUI=ON for the PDF report and the chart files\n");
        CHECK(r.out.empty());
        CHECK_FALSE(fs::exists(dir + "/out"));
    }
}

TEST_CASE("the PDF of a project of sites leads with its sites, phases and cost by year") {
    // Issue 49 item 5: the project's tables before the designs they are
    // built from; a scenario without a site list keeps the designs first.
    if (!has_renderer()) {
        return; // the refusal is the first case's
    }
    const std::string path = temp_dir() + "/project.pdf";
    const ProcessResult r = podsizer({"size", "examples/project-three-sites.json", "--prices",
                                      "examples/prices-illustrative.json", "--pdf", path});
    CHECK(r.exit_code <= 1);
    const std::string all = pdf_text(path, 1, 40);
    const auto sites = all.find("Sites");
    const auto years = all.find("Cost by year");
    const auto designs = all.find("Designs");
    REQUIRE(sites != std::string::npos);
    REQUIRE(years != std::string::npos);
    REQUIRE(designs != std::string::npos);
    CHECK(sites < designs);
    CHECK(years < designs);
    // Then each site: the designs are the sites' own, named after them.
    for (const char* site : {"Site A", "Site B", "Site C"}) {
        INFO(site);
        CHECK(all.find(site, designs) != std::string::npos);
    }
    // The reference pod has no site list: no Sites table, the designs first.
    const std::string pod = temp_dir() + "/pod-order.pdf";
    REQUIRE(podsizer({"size", kPod, "--pdf", pod}).exit_code == 0);
    const std::string text = pdf_text(pod, 1, 40);
    CHECK(text.find("Designs") != std::string::npos);
    CHECK(text.find("Sites") == std::string::npos);
}

// Issue 51 (REVIEW-4 F6): the WAN line says where the copies go. A site
// list's replicate_to names the partner site (examples/fleet-replication.json:
// A and B copy to C); a job's offsite_every goes to the central store
// (examples/project-three-sites.json: every 10th checkpoint).
TEST_CASE("the WAN line names the partner site, or the central store, in text and PDF") {
    const ProcessResult central = podsizer({"size", "examples/project-three-sites.json"});
    REQUIRE(central.exit_code == 0);
    CHECK_THAT(central.out, Catch::Contains("Offsite copies of every 10th checkpoint need "));
    CHECK_THAT(central.out, Catch::Contains(" of WAN to the central store."));
    if (!has_renderer()) {
        return;
    }
    const std::string path = temp_dir() + "/wan-partner.pdf";
    REQUIRE(podsizer({"size", "examples/fleet-replication.json", "--pdf", path}).exit_code == 0);
    std::string first = pdf_text(path, 1, 1);
    std::replace(first.begin(), first.end(), '\n', ' ');
    CHECK_THAT(first, Catch::Contains("A sends 22 Gbps to site C (its link 800 Gbps)"));
    CHECK_THAT(first, Catch::Contains("B sends 11 Gbps to site C (its link 400 Gbps)"));
}
