// Rack elevations: what is drawn, that the SVG is well-formed (xmllint), and
// that librsvg renders it (rsvg-convert). The PNGs are left in
// build/<preset>/tests/output/rack_svg/ for people to look at.
#define RUN_PROCESS_WITHOUT_PODSIZER
#include "../cli/run_process.hpp"
#include "external_tools.hpp"
#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/reports/metrics.hpp"
#include "podsizer/reports/rack_svg.hpp"
#include "support/test_files.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

using namespace podsizer;

namespace {

const Catalog& catalog() {
    static const Catalog cat = default_catalog();
    return cat;
}

SizingResult sized(const std::string& example) {
    const Scenario s =
        load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/" + example, catalog());
    return size_scenario(s, catalog());
}

/// A hand-made design of `cnodes` C-nodes and `dboxes` 1U D-boxes.
Design hand_design(std::int64_t cnodes, std::int64_t dboxes, std::string name = "big") {
    HandDesign h;
    h.name = std::move(name);
    h.cnode = "cnode-1u";
    h.dbox = "dbox-1u-22";
    h.cnodes = cnodes;
    h.dboxes = dboxes;
    return evaluate_design(h, Requirements{}, Constraints{}, 1.0, catalog());
}

std::size_t occurrences(const std::string& s, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + what.size())) {
        ++n;
    }
    return n;
}

/// A numeric attribute of the root <svg> element.
double root_attribute(const std::string& svg, const std::string& name) {
    const std::size_t root = svg.find("<svg ");
    const std::size_t at = svg.find(" " + name + "=\"", root);
    REQUIRE(at != std::string::npos);
    return test_support::leading_double(svg.substr(at + name.size() + 3));
}

std::string write(const std::string& dir, const std::string& name, const std::string& text) {
    const std::string path = dir + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

void require_well_formed(const std::string& path) {
    const std::string xmllint =
        test_tools::require_tool(PODSIZER_XMLLINT, "xmllint", "libxml2-utils");
    const ProcessResult r = run_process(xmllint, {"--noout", path});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    REQUIRE(r.err.empty());
}

struct PngSize {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
};

/// Width and height from a PNG's IHDR chunk, after checking the signature.
PngSize png_size(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    REQUIRE(bytes.size() > 24);
    REQUIRE(bytes.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
    REQUIRE(bytes.compare(12, 4, "IHDR") == 0);
    auto be32 = [&](std::size_t at) {
        std::uint32_t v = 0;
        for (std::size_t i = 0; i < 4; ++i) {
            v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
        }
        return v;
    };
    return {be32(16), be32(20)};
}

} // namespace

TEST_CASE("every device of the reference pod is drawn once, labelled by role, leaves and "
          "spines apart") {
    const Design d = sized("ncp-pod-41k.json").designs.at(0);
    const std::string svg = render_rack_svg(d);
    // The tooltip of each device starts with its label ("C-node 17", "Leaf 3",
    // "Spine 1"), one per device, and names the model by its display name.
    CHECK(occurrences(svg, "<title>C-node ") == static_cast<std::size_t>(d.cnodes));
    CHECK(occurrences(svg, "<title>D-box ") == static_cast<std::size_t>(d.dboxes));
    CHECK(occurrences(svg, "<title>Leaf ") == static_cast<std::size_t>(d.leaf_switches));
    CHECK(occurrences(svg, "<title>Spine ") == static_cast<std::size_t>(d.spine_switches));
    CHECK(occurrences(svg, "Ceres D-box 1U, 22 QLC SSDs \u00b7 U") ==
          static_cast<std::size_t>(d.dboxes));
    // Role colours: one rect per device, plus one legend swatch per role;
    // spines blue, leaves dark grey.
    CHECK(occurrences(svg, "fill=\"#56B4E9\"") == static_cast<std::size_t>(d.cnodes) + 1);
    CHECK(occurrences(svg, "fill=\"#E69F00\"") == static_cast<std::size_t>(d.dboxes) + 1);
    CHECK(occurrences(svg, "fill=\"#4D4D4D\"") == static_cast<std::size_t>(d.leaf_switches) + 1);
    CHECK(occurrences(svg, "fill=\"#0072B2\"") == static_cast<std::size_t>(d.spine_switches) + 1);
    CHECK(occurrences(svg, ">C-node</text>") == static_cast<std::size_t>(d.cnodes));
    CHECK(occurrences(svg, ">D-box</text>") == static_cast<std::size_t>(d.dboxes));
    CHECK(occurrences(svg, ">leaf switch</text>") == static_cast<std::size_t>(d.leaf_switches));
    CHECK(occurrences(svg, ">spine switch</text>") == static_cast<std::size_t>(d.spine_switches));
    // The legend names each role with its count (450 / 180 / 20 + 16: the
    // reference pod, docs/model.md §12).
    CHECK_THAT(svg, Catch::Contains(">C-node \u00d7 450<"));
    CHECK_THAT(svg, Catch::Contains(">D-box \u00d7 180<"));
    CHECK_THAT(svg, Catch::Contains(">leaf switch \u00d7 20<"));
    CHECK_THAT(svg, Catch::Contains(">spine switch \u00d7 16<"));
    CHECK_THAT(svg, Catch::Contains(">empty: "));
    // The hardware line names the products, not the catalog ids.
    CHECK_THAT(svg, Catch::Contains("NVIDIA Spectrum-4 SN5600 switch"));
    CHECK(svg.find("dbox-1u-22") == std::string::npos);
}

TEST_CASE("the typical-racks view draws each distinct rack once with its count, at slide size") {
    const Design d = sized("ncp-pod-41k.json").designs.at(0);
    RackSvgOptions o;
    o.view = RackView::typical;
    const std::string svg = render_rack_svg(d, o);
    // The reference pod's 29 racks are five kinds (docs/reports.md): 6 + 14 +
    // 1 + 7 + 1 racks.
    for (const char* count : {">\u00d7 6<", ">\u00d7 14<", ">\u00d7 1<", ">\u00d7 7<"}) {
        CHECK_THAT(svg, Catch::Contains(count));
    }
    CHECK_THAT(svg, Catch::Contains(">Racks 7\u201320<"));
    // One device rect per device of the five racks drawn (each 23 or 24 devices).
    CHECK(occurrences(svg, "<title>") < 5 * 25 + 2);
    // A 16:9 canvas (1,280 units wide: text of 12 units prints at 9 pt across
    // a 13.33 in slide), and no text smaller than 12 units but the U numbers.
    CHECK_THAT(svg, Catch::Contains("viewBox=\"0 0 1280 720\""));
    const std::regex size("font-size=\"([0-9.]+)\"[^>]*>([^<]*)<");
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), size); it != std::sregex_iterator();
         ++it) {
        const std::string text = (*it)[2].str();
        const bool u_number =
            !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
        if (!u_number) {
            INFO(text);
            CHECK(std::stod((*it)[1].str()) >= 12.0);
        }
    }
}

TEST_CASE("the floor plan shows every rack with its kW, kinds lettered") {
    const Design d = sized("ncp-pod-41k.json").designs.at(0);
    RackSvgOptions o;
    o.view = RackView::floor_plan;
    const std::string svg = render_rack_svg(d, o);
    for (const Rack& r : d.layout) {
        CHECK_THAT(svg, Catch::Contains("<title>Rack " + std::to_string(r.index) + " \u00b7"));
    }
    // Racks 1-6 draw 24.7 kW of 25.0 (docs/reports.md); the legend lists each kind.
    CHECK_THAT(svg, Catch::Contains(">24.7 kW<"));
    CHECK_THAT(svg, Catch::Contains(
                        ">A \u00d7 6: 7 D-box, 15 C-node, 1 leaf switch \u00b7 24.7 / 25.0 kW<"));
    CHECK_THAT(svg, Catch::Contains("viewBox=\"0 0 1280 720\""));
    CHECK(rack_view_from("floor") == RackView::floor_plan);
    CHECK_FALSE(rack_view_from("plan").has_value());
    CHECK(rack_svg_file_name(d, 1, RackView::floor_plan) == "01-ncp-pod-floor.svg");
}

TEST_CASE("each rack shows its number, U used of usable and kW drawn of its budget") {
    const Design d = sized("ncp-pod-41k.json").designs.at(0);
    const std::string svg = render_rack_svg(d);
    REQUIRE(d.racks == 29);
    for (const Rack& r : d.layout) {
        INFO("rack " << r.index);
        CHECK_THAT(svg, Catch::Contains(">Rack " + std::to_string(r.index) + "<"));
    }
    // The reference pod's racks (docs/model.md §12), as C-nodes, D-boxes and
    // switches of 1U, 1U and 2U drawing 0.8, 1.6 and 1.5 kW:
    //   6 x (15, 7, 1): 24 U, 24.7 kW;  15 x (16, 6, 1): 24 U, 23.9 kW;
    //   7 x (15, 6, 2): 25 U, 24.6 kW;   1 x (15, 6, 1): 23 U, 23.1 kW.
    CHECK(occurrences(svg, ">24 / 40 U<") == 21);
    CHECK(occurrences(svg, ">25 / 40 U<") == 7);
    CHECK(occurrences(svg, ">23 / 40 U<") == 1);
    CHECK(occurrences(svg, ">24.7 / 25.0 kW<") == 6);
    CHECK(occurrences(svg, ">23.9 / 25.0 kW<") == 15);
    CHECK(occurrences(svg, ">24.6 / 25.0 kW<") == 7);
    CHECK(occurrences(svg, ">23.1 / 25.0 kW<") == 1);
    // U numbers 1..40 beside every rack.
    CHECK(occurrences(svg, "text-anchor=\"end\" fill=\"#555555\">") == 29 * 40);
    CHECK(occurrences(svg, "fill=\"#555555\">40<") == 29);
}

TEST_CASE("the title carries the design name and its totals") {
    const Design d = sized("ncp-pod-41k.json").designs.at(0);
    const std::string svg = render_rack_svg(d);
    CHECK_THAT(svg, Catch::Contains(">NCP pod</text>"));
    // docs/model.md §12: 29 racks of 40 U, 702 U, 702 kW.
    CHECK_THAT(svg, Catch::Contains("29 racks \u00b7 702 U of 1,160 U \u00b7 702.0 kW"));
    CHECK_THAT(svg, Catch::Contains("217.9 PB usable"));
    // Which state the throughput is in: the size table's "Read, one D-box
    // down" rows give 9.67 and 4.03 TB/s for this pod (docs/resilience.md).
    CHECK_THAT(svg, Catch::Contains("read / write 10.80 / 4.50 TB/s intact, 9.67 / 4.03 with "
                                    "one D-box down"));
    RackSvgOptions o;
    o.title = "Option A";
    CHECK_THAT(render_rack_svg(d, o), Catch::Contains(">Option A</text>"));
}

// Issue 48: a figure reaches the drawing's heading by its metric row alone
// (Metric::in_heading), so a new field shown everywhere needs no edit here.
TEST_CASE("a metric row marked for the heading is shown after the totals, others are not") {
    const Design d = sized("ncp-pod-41k.json").designs.at(0);
    const Metric rows[] = {
        {.key = "demo",
         .label = "Demo figure",
         .unit = "kW",
         .decimals = 1,
         .of_design = [](const Design&) -> std::optional<double> { return 1234.5; },
         .in_heading = true},
        {.key = "hidden",
         .label = "Not asked for",
         .of_design = [](const Design&) -> std::optional<double> { return 7.0; }},
        {.key = "word",
         .label = "A word",
         .kind = MetricKind::text,
         .text = [](const Design&, bool) { return std::string("yes"); },
         .in_heading = true},
    };
    // Grouped as the tables show it, in the rows' order, units after.
    CHECK(heading_figures(d, rows) == " \u00b7 Demo figure 1,234.5 kW \u00b7 A word yes");
    CHECK(heading_figures(d, std::span(rows).subspan(1, 1)).empty());
    // The registry's own rows: each one marked is in the reference pod's heading.
    const std::string svg = render_rack_svg(d);
    for (const Metric& m : metric_registry()) {
        if (m.in_heading) {
            CHECK_THAT(svg, Catch::Contains(std::string(m.label)));
        }
    }
}

TEST_CASE("the elevations of every example design are well-formed SVG that librsvg renders") {
    const std::string rsvg =
        test_tools::require_tool(PODSIZER_RSVG_CONVERT, "rsvg-convert", "librsvg2-bin");
    const std::string dir = test_tools::output_dir("rack_svg");
    for (const char* example : {"ncp-pod-41k.json", "high-density-1eb.json"}) {
        const SizingResult result = sized(example);
        for (std::size_t i = 0; i < result.designs.size(); ++i) {
            const Design& d = result.designs[i];
            INFO(d.name);
            const std::string svg = render_rack_svg(d);
            const std::string name = rack_svg_file_name(d, i + 1);
            const std::string path = write(dir, name, svg);
            require_well_formed(path);
            const std::string png = path.substr(0, path.size() - 4) + ".png";
            const ProcessResult r = run_process(rsvg, {"--zoom", "2", "-o", png, path});
            INFO(r.err);
            REQUIRE(r.exit_code == 0);
            const PngSize size = png_size(png);
            // The PNG is the drawing at twice its size (rounding aside).
            CHECK(std::abs(size.width - 2 * root_attribute(svg, "width")) <= 2.0);
            CHECK(std::abs(size.height - 2 * root_attribute(svg, "height")) <= 2.0);
        }
    }
}

TEST_CASE("a design of 150+ racks wraps onto rows and keeps a landscape shape") {
    // 2,500 C-nodes x 0.8 kW + 1,200 D-boxes x 1.6 kW = 3.92 MW before switches:
    // over 156 racks at 25 kW each.
    const Design d = hand_design(2500, 1200);
    REQUIRE(d.racks >= 150);
    const std::string svg = render_rack_svg(d);
    const double w = root_attribute(svg, "width");
    const double h = root_attribute(svg, "height");
    // Landscape, not a sliver: between 1:1 and 2:1 (A4 is 1.41:1).
    CHECK(w / h >= 1.0);
    CHECK(w / h <= 2.0);
    CHECK(occurrences(svg, "<title>D-box ") == 1200);

    // A fixed row length: the drawing grows down, one row per 10 racks.
    RackSvgOptions ten;
    ten.racks_per_row = 10;
    const std::string tall = render_rack_svg(d, ten);
    const auto rows = static_cast<double>((d.racks + 9) / 10);
    CHECK(root_attribute(tall, "height") > rows * 40 * 12); // 40 U of 12 units per row
    CHECK(root_attribute(tall, "height") < (rows + 1) * (40 * 12 + 64) + 200);

    const std::string path = write(test_tools::output_dir("rack_svg"), "big.svg", svg);
    require_well_formed(path);
}

TEST_CASE("names with markup or control characters still give well-formed SVG") {
    const Design d = hand_design(4, 11, "A & B <pod> \"quoted\" 'single'\x01\x1f");
    const std::string svg = render_rack_svg(d);
    CHECK_THAT(svg, Catch::Contains("A &amp; B &lt;pod&gt; &quot;quoted&quot; &apos;single&apos;"));
    CHECK(svg.find('\x01') == std::string::npos);
    require_well_formed(write(test_tools::output_dir("rack_svg"), "markup.svg", svg));
}

TEST_CASE("a design without a rack layout is drawn as a title and the reason") {
    Design d = hand_design(4, 11);
    d.layout.clear();
    d.findings.push_back({FindingCode::too_large, "design has 9 devices"});
    const std::string svg = render_rack_svg(d);
    CHECK_THAT(svg, Catch::Contains("No rack layout: design has 9 devices."));
    CHECK(occurrences(svg, "<rect") == 5); // background + 4 legend swatches
    require_well_formed(write(test_tools::output_dir("rack_svg"), "no-layout.svg", svg));
}

TEST_CASE("the same design always gives the same bytes") {
    const Design d = sized("high-density-1eb.json").designs.at(1);
    CHECK(render_rack_svg(d) == render_rack_svg(d));
}

TEST_CASE("file names for a directory of elevations sort in design order") {
    struct Row {
        const char* name;
        std::size_t index;
        const char* expected;
    };
    const Row rows[] = {
        {"NCP pod", 1, "01-ncp-pod.svg"},
        {"HD exabyte, capacity only (1:2)", 2, "02-hd-exabyte-capacity-only-1-2.svg"},
        {"", 3, "03.svg"},                            // nothing usable in the name
        {"../../etc/passwd", 4, "04-etc-passwd.svg"}, // no path escapes the directory
        {"\xc3\x9c"
         "ber",
         12, "12-ber.svg"}, // non-ASCII letters dropped
    };
    for (const Row& r : rows) {
        Design d;
        d.name = r.name;
        CHECK(rack_svg_file_name(d, r.index) == r.expected);
    }
}

TEST_CASE("a design beyond the drawing limit shows its first racks and says how many there are") {
    const Design d = hand_design(2500, 1200); // over 150 racks (see above)
    RackSvgOptions o;
    o.max_racks = 20;
    const std::string svg = render_rack_svg(d, o);
    CHECK(occurrences(svg, "\">Rack ") == 20);
    CHECK_THAT(svg, Catch::Contains("racks 1\u201320 of " + std::to_string(d.racks) + " drawn"));
    o.max_racks = 0; // no limit
    CHECK(occurrences(render_rack_svg(d, o), "\">Rack ") == static_cast<std::size_t>(d.racks));
}
