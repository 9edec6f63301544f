// The bill of materials and the facility figures on the real binary
// (docs/bom.md, issue 50). Expected counts are derived from the design's own
// JSON and the catalog's port figures written out here, never copied from
// the bill under test.
#include "../reports/libreoffice.hpp"
#include "run_process.hpp"
#include "support/test_files.hpp"
#include "support/test_paths.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace {

using nlohmann::json;
using test_support::read_file;
using test_support::temp_dir;

const std::string kPod = "examples/ncp-pod-41k.json";
const std::string kPrices = "examples/prices-illustrative.json";

// catalog/data/cnodes.json and dboxes.json: cnode-1u has 2 client and 2
// backend ports, dbox-1u-22 4 backend ports, all at 200 Gbps.
constexpr int kCnodePorts = 2 + 2;
constexpr int kDboxPorts = 4;
// catalog/data/parts.json: the management switch has 48 ports.
constexpr int kMgmtPorts = 48;

json size_json(const std::vector<std::string>& extra = {}) {
    std::vector<std::string> args{"size", kPod, "--format", "json"};
    args.insert(args.end(), extra.begin(), extra.end());
    const ProcessResult r = podsizer(args);
    INFO(r.err);
    REQUIRE((r.exit_code == 0 || r.exit_code == 1));
    return json::parse(r.out);
}

struct Bill {
    std::map<std::string, std::size_t> column;
    std::vector<std::vector<std::string>> lines;
    std::string at(const std::vector<std::string>& l, const std::string& name) const {
        return l.at(column.at(name));
    }
    /// The quantities of the lines of `category` (and, if given, whose
    /// description contains `word`), added up.
    long long sum(const std::string& category, const std::string& word = "") const {
        long long n = 0;
        for (const auto& l : lines) {
            if (at(l, "category") == category &&
                (word.empty() || at(l, "description").find(word) != std::string::npos)) {
                n += std::stoll(at(l, "quantity"));
            }
        }
        return n;
    }
};

Bill bom_of(const std::vector<std::string>& extra = {}) {
    const std::string path = temp_dir() + "/bom.csv";
    std::vector<std::string> args{"size", kPod, "--bom", path};
    args.insert(args.end(), extra.begin(), extra.end());
    const ProcessResult r = podsizer(args);
    INFO(r.err);
    REQUIRE((r.exit_code == 0 || r.exit_code == 1));
    CHECK(r.err.find("wrote " + path) != std::string::npos);
    const auto rows = parse_csv(read_file(path));
    REQUIRE(rows.size() > 1);
    Bill b;
    for (std::size_t i = 0; i < rows[0].size(); ++i) {
        b.column[rows[0][i]] = i;
    }
    b.lines.assign(rows.begin() + 1, rows.end());
    return b;
}

} // namespace

TEST_CASE("size --bom lists the reference pod's devices, drives and switches by role") {
    const json d = size_json().at("designs").at(0);
    const Bill b = bom_of();
    for (const char* col : {"sku", "description", "quantity", "unit", "basis", "source"}) {
        CHECK(b.column.count(col) == 1);
    }
    // The figures: 450 C-nodes, 180 D-boxes, 180 x 22 = 3,960 drives.
    CHECK(d.at("cnodes") == 450);
    CHECK(d.at("dboxes") == 180);
    CHECK(b.sum("C-nodes") == 450);
    CHECK(b.sum("D-boxes") == 180);
    CHECK(b.sum("Drives") == d.at("dboxes").get<long long>() * d.at("drives_per_dbox").get<int>());
    CHECK(b.sum("Drives") == 3960);
    CHECK(b.sum("Switches", "(leaf)") == d.at("leaf_switches").get<long long>());
    CHECK(b.sum("Switches", "(spine)") == d.at("spine_switches").get<long long>());
    CHECK(b.sum("Switches", "(super-spine)") == d.at("super_spine_switches").get<long long>());
    CHECK(b.sum("Switches") == d.at("switches").get<long long>());
    CHECK(b.sum("Racks") == d.at("racks").get<long long>());
    // Two PDUs a rack, A and B feeds (docs/bom.md §1).
    CHECK(b.sum("Power", "PDU") == 2 * d.at("racks").get<long long>());
}

TEST_CASE("size --bom cables cover every device port, inter-switch link and uplink") {
    const json d = size_json().at("designs").at(0);
    const json& links = d.at("bom").at("links");
    const long long cnodes = d.at("cnodes");
    const long long dboxes = d.at("dboxes");
    const long long leaves = d.at("leaf_switches");
    const long long switches = d.at("switches");
    // Device ports from the catalog's ports: 450 x 4 + 180 x 4 = 2,520.
    const long long device_ports = cnodes * kCnodePorts + dboxes * kDboxPorts;
    CHECK(device_ports == 2520);
    CHECK(links.at("device_ports") == device_ports);
    // A leaf in 200G mode has 256 ports, half facing devices: 128 x 200G
    // leave 128 x 200G = 32 x 800G uplinks (docs/model.md §8).
    const long long leaf_spine = leaves * (128 * 200 / 800);
    CHECK(leaf_spine == 640);
    CHECK(links.at("leaf_spine") == leaf_spine);
    CHECK(links.at("spine_super_spine") == 0); // two tiers on the reference pod
    // Client uplinks: the client ports' line rate 1:1 at the uplink speed.
    const double client = d.at("client_ports").get<double>() *
                          d.at("client_port_bytes_per_s").get<double>() /
                          d.at("client_uplink_bytes_per_s").get<double>();
    CHECK(links.at("client_uplinks") == static_cast<long long>(std::ceil(client)));
    const long long mgmt_ports = cnodes + dboxes + switches;
    CHECK(links.at("management_ports") == mgmt_ports);

    const Bill b = bom_of();
    const long long mgmt_switches = b.sum("Management");
    // At least one management switch a rack; at most ports / 48 more.
    CHECK(mgmt_switches >= d.at("racks").get<long long>());
    CHECK(mgmt_switches <= d.at("racks").get<long long>() + mgmt_ports / kMgmtPorts);
    // Every link is one cable: a copper cable or an optical link's fibre.
    const long long fabric =
        device_ports + leaf_spine + links.at("client_uplinks").get<long long>();
    CHECK(b.sum("Cables") == fabric + mgmt_ports + mgmt_switches);
    CHECK(d.at("bom").at("cables") == b.sum("Cables"));
    CHECK(links.at("copper").get<long long>() + links.at("optical").get<long long>() == fabric);
    // Two transceivers an optical link inside the pod, one on this side of
    // each link to the customer's fabric (50 m: always optical).
    const long long inside_optical =
        links.at("optical").get<long long>() - links.at("client_uplinks").get<long long>();
    CHECK(b.sum("Transceivers") ==
          2 * inside_optical + links.at("client_uplinks").get<long long>());
    CHECK(d.at("bom").at("missing").empty());
}

TEST_CASE(
    "size --bom lists the links no catalog part carries, so its cables add up to every link") {
    // A switch given by its ports alone (no port modes, so no link speed):
    // no cable part fits its fabric's links. They were counted in
    // bom.cables but missing from the bill (9,931 against 1,811 listed).
    json cat =
        json::parse(read_file(std::string(PODSIZER_SOURCE_DIR) + "/catalog/data/switches.json"));
    json sw = cat.at("switches").at(0);
    sw["id"] = "plain-64";
    sw.erase("port_modes");
    sw.erase("uplink_speed");
    sw.erase("field_sources");
    sw["ports"] = 64;
    const std::string catalog = test_support::write_temp(
        "plain-switch.json", json{{"schema", cat.at("schema")}, {"switches", {sw}}}.dump());
    const std::vector<std::string> extra{"--set", "options[0].switch=plain-64", "--prices",
                                         kPrices};
    std::vector<std::string> args{"--catalog", catalog, "size", kPod, "--format", "json"};
    args.insert(args.end(), extra.begin(), extra.end());
    const ProcessResult r = podsizer(args);
    INFO(r.err);
    REQUIRE((r.exit_code == 0 || r.exit_code == 1));
    const json d = json::parse(r.out).at("designs").at(0);
    REQUIRE_FALSE(d.at("bom").at("missing").empty());

    const std::string path = temp_dir() + "/plain-bom.csv";
    std::vector<std::string> bom_args{"--catalog", catalog, "size", kPod, "--bom", path};
    bom_args.insert(bom_args.end(), extra.begin(), extra.end());
    REQUIRE(podsizer(bom_args).exit_code <= 1);
    const auto rows = parse_csv(read_file(path));
    Bill b;
    for (std::size_t i = 0; i < rows.at(0).size(); ++i) {
        b.column[rows[0][i]] = i;
    }
    b.lines.assign(rows.begin() + 1, rows.end());
    CHECK(b.sum("Cables") == d.at("bom").at("cables").get<long long>());
    // The fabric's links (device ports and leaf-spine-super-spine) are the
    // item-less line: every cable but the management ones and the uplinks'.
    const long long unlisted = b.sum("Cables", "no part in the catalog");
    CHECK(unlisted > 0);
    for (const auto& l : b.lines) {
        if (b.at(l, "description").find("no part in the catalog") != std::string::npos) {
            CHECK(b.at(l, "item").empty());
            CHECK(b.at(l, "extended_price").empty());
            CHECK(b.at(l, "price_note") == "not priced: no catalog part carries these links");
        }
    }
    // CapEx cannot price those cables: the cost says so.
    const json& unpriced = d.at("cost").at("unpriced");
    CHECK(std::find(unpriced.begin(), unpriced.end(), "cables") != unpriced.end());
}

TEST_CASE("size --format json: every rack carries its facility figures") {
    const json d = size_json().at("designs").at(0);
    const json& f = d.at("facility");
    const json& racks = f.at("racks");
    REQUIRE(racks.size() == d.at("racks").get<std::size_t>());
    REQUIRE(racks.size() == d.at("layout").size());
    double power = 0.0;
    double weight = 0.0;
    for (std::size_t i = 0; i < racks.size(); ++i) {
        const json& r = racks[i];
        const double p = r.at("power_w").get<double>();
        // NIST SP 811: 1 W = 3.412 Btu/h.
        CHECK(r.at("btu_per_h").get<double>() == Approx(p * 3.412));
        // Three-phase 400 V by default, each feed carrying the rack's maximum.
        CHECK(r.at("amps_per_feed").get<double>() ==
              Approx(r.at("max_power_w").get<double>() / (std::sqrt(3.0) * 400.0)));
        // The layout's draw plus its management switch (100 W in parts.json).
        CHECK(p == Approx(d.at("layout")[i].at("power_w").get<double>() + 100.0));
        // Above the empty rack's 150 kg (racks.json) and 2 PDUs of 10 kg.
        CHECK(r.at("weight_kg").get<double>() > 170.0);
        CHECK(r.at("floor_load_kg_per_m2").get<double>() ==
              Approx(r.at("weight_kg").get<double>() / 0.72));
        power += p;
        weight += r.at("weight_kg").get<double>();
    }
    CHECK(f.at("total").at("power_w").get<double>() == Approx(power));
    CHECK(f.at("total").at("weight_kg").get<double>() == Approx(weight));
    CHECK(f.at("weight_missing").empty());
}

TEST_CASE("facility.voltage and facility.supply set the amps per feed") {
    const json d =
        size_json({"--set", "facility.voltage=208", "--set", "facility.supply=single-phase"})
            .at("designs")
            .at(0);
    const json& r = d.at("facility").at("racks").at(0);
    CHECK(r.at("amps_per_feed").get<double>() == Approx(r.at("max_power_w").get<double>() / 208.0));
    CHECK(d.at("facility").at("supply") == "single-phase");

    const ProcessResult bad = podsizer({"size", kPod, "--set", "facility.voltage=50"});
    CHECK(bad.exit_code == 2);
    CHECK(bad.err.find("facility.voltage") != std::string::npos);
}

namespace {

/// The book's net price of each item, read from the book itself:
/// unit_price × (1 − discount), the discount a percent string ("20%").
std::map<std::string, double> net_prices(const std::string& book_path) {
    const json book = json::parse(read_file(std::string(PODSIZER_SOURCE_DIR) + "/" + book_path));
    std::map<std::string, double> out;
    for (const json& item : book.at("items")) {
        if (item.contains("drive")) {
            continue; // the illustrative books price every drive option alike
        }
        double discount = 0.0;
        if (item.contains("discount")) {
            discount = test_support::leading_double(item.at("discount").get<std::string>()) / 100.0;
        }
        out[item.at("id").get<std::string>()] =
            item.at("unit_price").get<double>() * (1.0 - discount);
    }
    return out;
}

} // namespace

TEST_CASE("size --bom --prices: the bill's extended total is the JSON's CapEx") {
    const json d = size_json({"--prices", kPrices}).at("designs").at(0);
    const Bill b = bom_of({"--prices", kPrices});
    REQUIRE(b.column.count("extended_price") == 1);
    REQUIRE(b.column.count("price_note") == 1);
    const std::map<std::string, double> net = net_prices(kPrices);
    double total = 0.0;
    int parts_priced = 0;
    for (const auto& l : b.lines) {
        const std::string cat = b.at(l, "category");
        const std::string ext = b.at(l, "extended_price");
        if (cat == "Drives") { // shipped in the D-boxes, priced with them
            CHECK(ext.empty());
            CHECK(b.at(l, "price_note").find("D-boxes") != std::string::npos);
            continue;
        }
        INFO(cat << " " << b.at(l, "item"));
        REQUIRE_FALSE(ext.empty()); // the illustrative book prices every other line
        const double qty = test_support::leading_double(b.at(l, "quantity"));
        const double unit = test_support::leading_double(b.at(l, "unit_price"));
        CHECK(unit == Approx(net.at(b.at(l, "item"))));
        CHECK(test_support::leading_double(ext) == Approx(qty * unit));
        total += test_support::leading_double(ext);
        const bool part =
            cat != "C-nodes" && cat != "D-boxes" && cat != "Switches" && cat != "Racks";
        parts_priced += part ? 1 : 0;
    }
    // Cables, optics, PDUs, rails, cords and management switches are in CapEx too.
    CHECK(parts_priced >= 5);
    const json& cost = d.at("cost");
    CHECK(total == Approx(cost.at("capex").get<double>()).epsilon(1e-12));
    CHECK(cost.at("unpriced").empty());
    for (const char* part :
         {"management_switches", "pdus_and_cords", "rail_kits", "cables", "transceivers"}) {
        INFO(part);
        CHECK(cost.at(part).get<double>() > 0.0);
    }
}

TEST_CASE("size --bom --prices: a part the book does not price is 0 in CapEx and said so") {
    // The illustrative book without its cable and transceiver prices.
    json book = json::parse(read_file(std::string(PODSIZER_SOURCE_DIR) + "/" + kPrices));
    json kept = json::array();
    for (const json& item : book.at("items")) {
        const std::string id = item.at("id").get<std::string>();
        const bool link = id.rfind("dac-", 0) == 0 || id.rfind("aec-", 0) == 0 ||
                          id.rfind("optic-", 0) == 0 || id.rfind("fibre-", 0) == 0;
        if (!link) {
            kept.push_back(item);
        }
    }
    book["items"] = kept;
    book.erase("$schema");
    const std::string path = test_support::write_temp("partial-prices.json", book.dump());
    const json d = size_json({"--prices", path}).at("designs").at(0);
    const Bill b = bom_of({"--prices", path});
    double total = 0.0;
    for (const auto& l : b.lines) {
        const std::string ext = b.at(l, "extended_price");
        const std::string cat = b.at(l, "category");
        const bool link_part =
            (cat == "Cables" && b.at(l, "item") != "utp-cat6") || cat == "Transceivers";
        if (link_part) {
            INFO(b.at(l, "item"));
            CHECK(ext.empty());
            CHECK(b.at(l, "price_note").find("not priced") != std::string::npos);
        }
        total += ext.empty() ? 0.0 : test_support::leading_double(ext);
    }
    const json& cost = d.at("cost");
    CHECK(total == Approx(cost.at("capex").get<double>()).epsilon(1e-12));
    CHECK(cost.at("transceivers").is_null());     // none of them priced
    CHECK(cost.at("cables").get<double>() > 0.0); // the management cables are
    const json& unpriced = cost.at("unpriced");
    CHECK(std::find(unpriced.begin(), unpriced.end(), "cables") != unpriced.end());
    CHECK(std::find(unpriced.begin(), unpriced.end(), "transceivers") != unpriced.end());
    // The table says so too.
    const ProcessResult table = podsizer({"size", kPod, "--prices", path});
    CHECK(table.out.find("Unpriced") != std::string::npos);
    CHECK(table.out.find("transceivers") != std::string::npos);
}

TEST_CASE("diff --bom-delta lists what to order to go from one design to the other") {
    // B: the reference pod with 200 D-boxes fixed instead of the sized 180.
    const std::string path = temp_dir() + "/delta.csv";
    const ProcessResult r =
        podsizer({"diff", kPod, kPod, "--set", "options[0].dboxes=200", "--bom-delta", path});
    INFO(r.err);
    REQUIRE((r.exit_code == 0 || r.exit_code == 1));
    const auto rows = parse_csv(read_file(path));
    REQUIRE(rows.size() > 1);
    std::map<std::string, std::size_t> col;
    for (std::size_t i = 0; i < rows[0].size(); ++i) {
        col[rows[0][i]] = i;
    }
    const json a = size_json().at("designs").at(0);
    const json b = size_json({"--set", "options[0].dboxes=200"}).at("designs").at(0);
    // Every line's delta is B's quantity less A's, from the two bills in JSON.
    std::map<std::string, long long> qa;
    std::map<std::string, long long> qb;
    for (const auto& l : a.at("bom").at("lines")) {
        qa[l.at("category").get<std::string>() + "|" + l.at("description").get<std::string>()] +=
            l.at("quantity").get<long long>();
    }
    for (const auto& l : b.at("bom").at("lines")) {
        qb[l.at("category").get<std::string>() + "|" + l.at("description").get<std::string>()] +=
            l.at("quantity").get<long long>();
    }
    bool dboxes = false;
    for (std::size_t i = 1; i < rows.size(); ++i) {
        const auto& row = rows[i];
        const std::string key = row.at(col.at("category")) + "|" + row.at(col.at("description"));
        INFO(key);
        CHECK(std::stoll(row.at(col.at("delta"))) == qb[key] - qa[key]);
        CHECK(qb[key] != qa[key]);
        if (row.at(col.at("category")) == "D-boxes") {
            dboxes = true;
            CHECK(row.at(col.at("delta")) == "20"); // 200 - 180
        }
    }
    CHECK(dboxes);
}

TEST_CASE("compare --format json: each design column carries its bill, n pods n times one pod's") {
    const std::string fleet = "examples/fleet-160k.json";
    const ProcessResult s = podsizer({"size", fleet, "--format", "json"});
    const ProcessResult c = podsizer({"compare", fleet, "--format", "json"});
    REQUIRE((c.exit_code == 0 || c.exit_code == 1));
    std::map<std::string, json> sized;        // the designs `size` gives, by name
    const json size_doc = json::parse(s.out); // kept: the loops read into it
    for (const json& d : size_doc.at("designs")) {
        sized[d.at("name").get<std::string>()] = d;
    }
    int designs = 0;
    int pods = 0;
    const json compare_doc = json::parse(c.out);
    for (const json& col : compare_doc.at("columns")) {
        const std::string kind = col.at("kind").get<std::string>();
        INFO(col.at("name").get<std::string>());
        if (kind == "reference") {
            CHECK_FALSE(col.contains("bom")); // the cloud store has no bill
            continue;
        }
        REQUIRE(col.contains("bom"));
        // The column's design: itself, or the one "NAME × n" grows.
        const std::string name = col.at("name").get<std::string>();
        const std::string base = kind == "design" ? name : name.substr(0, name.rfind(" × "));
        const long long n = col.at("pods").get<long long>();
        const json& lines = col.at("bom").at("lines");
        const json& one = sized.at(base).at("bom").at("lines");
        REQUIRE(lines.size() == one.size());
        for (std::size_t i = 0; i < lines.size(); ++i) {
            CHECK(lines[i].at("quantity").get<long long>() ==
                  n * one[i].at("quantity").get<long long>());
        }
        (kind == "design" ? designs : pods) += 1;
    }
    CHECK(designs == 3); // the fleet example's three options
    CHECK(pods >= 1);    // the NCP pod grown to the target
}

TEST_CASE("compare --bom-delta lists what each column orders beyond the first") {
    const std::string path = temp_dir() + "/compare-delta.csv";
    const std::string fleet = "examples/fleet-160k.json";
    const ProcessResult r = podsizer({"compare", fleet, "--bom-delta", path});
    REQUIRE((r.exit_code == 0 || r.exit_code == 1));
    CHECK(r.err.find("wrote " + path) != std::string::npos);
    const auto rows = parse_csv(read_file(path));
    REQUIRE(rows.size() > 1);
    REQUIRE(rows[0].size() == 11);
    CHECK(rows[0][8] == "delta");
    const json cols =
        json::parse(podsizer({"compare", fleet, "--format", "json"}).out).at("columns");
    const std::string first = cols.at(0).at("name").get<std::string>();
    int pods_rows = 0;
    for (std::size_t i = 1; i < rows.size(); ++i) {
        const auto& row = rows[i];
        CHECK(row[0] == first); // every order is from the first column
        const long long a = std::stoll(row[6]);
        const long long b = std::stoll(row[7]);
        CHECK(std::stoll(row[8]) == b - a);
        CHECK(a != b);
        // The first design grown to n pods orders (n - 1) times its own lines.
        for (const json& col : cols) {
            if (col.at("kind") == "pods" && col.at("name") == row[1] &&
                col.at("name").get<std::string>().rfind(first + " × ", 0) == 0) {
                CHECK(b == col.at("pods").get<long long>() * a);
                ++pods_rows;
            }
        }
    }
    CHECK(pods_rows >= 5); // C-nodes, D-boxes, drives, switches, racks at least
    // An output over the scenario is refused before anything is written.
    const ProcessResult bad = podsizer({"compare", fleet, "--bom-delta", fleet});
    CHECK(bad.exit_code == 2);
    CHECK(bad.err.find("--bom-delta") != std::string::npos);
}
