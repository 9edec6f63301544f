// Cost on the real binary (docs/cost.md, issue 31): `--prices` adds a cost
// block whose every figure is checked here against a hand calculation from
// the design's own counts and the illustrative book's prices (written out in
// the test, not read from the output); without a price book nothing changes.
#include "run_process.hpp"
#include "support/test_files.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

namespace {

using nlohmann::json;
using test_support::read_file;
using test_support::write_temp;

const std::string kPod = "examples/ncp-pod-41k.json";
const std::string kFleet = "examples/fleet-160k.json";
const std::string kPrices = "examples/prices-illustrative.json";

// The illustrative book's prices (examples/prices-illustrative.json).
constexpr double kCnodeNet = 25000.0 * 0.8; // list less 20 %
constexpr double kDbox1uNet = 250000.0 * 0.8;
constexpr double kSwitchNet = 60000.0 * 0.8;
constexpr double kRack42u = 8000.0;
constexpr double kKwh = 0.0806; // EIA 2023 US industrial average
constexpr double kRackMonth = 1500.0;
constexpr int kYears = 5;
// Its parts of the bill of materials (list prices, no discount; docs/cost.md §6).
const std::map<std::string, double> kPartPrice{
    {"dac-200g-3m", 150},        {"dac-800g-2m", 400},    {"aec-200g-7m", 450},
    {"aec-800g-7m", 1200},       {"optic-200g-sr4", 350}, {"optic-800g-dr8", 900},
    {"fibre-mpo-mm", 60},        {"fibre-mpo-sm", 60},    {"utp-cat6", 5},
    {"mgmt-switch-48x1g", 3000}, {"pdu-3ph-32a", 2000},   {"rail-kit", 80},
    {"power-cord-c13-c14", 10}};

json run_json(const std::vector<std::string>& args) {
    const ProcessResult r = podsizer(args);
    INFO(r.err);
    REQUIRE((r.exit_code == 0 || r.exit_code == 1));
    return json::parse(r.out);
}

} // namespace

TEST_CASE("size --prices: CapEx, energy, OpEx and TCO are the hand calculation") {
    const json j = run_json({"size", kPod, "--prices", kPrices, "--format", "json"});
    const json& d = j.at("designs").at(0);
    REQUIRE(d.at("dbox_model") == "dbox-1u-22");
    REQUIRE(d.at("rack_model") == "rack-42u-25kw");
    const json& c = d.at("cost");
    const double cnodes = d.at("cnodes").get<double>();
    const double dboxes = d.at("dboxes").get<double>();
    const double switches = d.at("switches").get<double>();
    const double racks = d.at("racks").get<double>();
    CHECK(c.at("currency") == "USD");
    CHECK(c.at("years") == kYears);
    // CapEx: count x net price per kind, and each part of the bill of
    // materials (cables, optics, PDUs, rails, cords, management switches):
    // its quantity x its price (docs/cost.md §2).
    double parts = 0.0;
    for (const json& l : d.at("bom").at("lines")) {
        const auto it = kPartPrice.find(l.at("item").get<std::string>());
        if (it != kPartPrice.end()) {
            parts += l.at("quantity").get<double>() * it->second;
        }
    }
    CHECK(parts > 0.0);
    const double capex =
        cnodes * kCnodeNet + dboxes * kDbox1uNet + switches * kSwitchNet + racks * kRack42u + parts;
    CHECK(c.at("cnodes").get<double>() == Approx(cnodes * kCnodeNet));
    CHECK(c.at("capex").get<double>() == Approx(capex));
    // Energy: facility kW x 8,760 h x price per kWh.
    const double facility_kw = d.at("facility_power_w").get<double>() / 1000.0;
    const double energy = facility_kw * 8760.0 * kKwh;
    CHECK(c.at("energy_per_year").get<double>() == Approx(energy));
    // Space: racks x 1,500 a rack-month x 12.
    const double space = racks * kRackMonth * 12.0;
    CHECK(c.at("space_per_year").get<double>() == Approx(space));
    // Support: 15 % of the C-node and D-box net prices, 10 % of the switches', none for racks.
    const double support =
        0.15 * (cnodes * kCnodeNet + dboxes * kDbox1uNet) + 0.10 * switches * kSwitchNet;
    CHECK(c.at("support_per_year").get<double>() == Approx(support));
    const double opex = energy + space + support;
    CHECK(c.at("opex_per_year").get<double>() == Approx(opex));
    // TCO = CapEx + years x OpEx a year, as the issue's done-when asks.
    CHECK(c.at("tco").get<double>() ==
          Approx(c.at("capex").get<double>() + kYears * c.at("opex_per_year").get<double>()));
    CHECK(c.at("tco").get<double>() == Approx(capex + kYears * opex));
    // Present value at 8 %: CapEx + sum of OpEx / 1.08^t.
    double pv = capex;
    for (int t = 1; t <= kYears; ++t) {
        pv += opex / std::pow(1.08, t);
    }
    CHECK(c.at("present_value").get<double>() == Approx(pv));
    const double usable_tb = d.at("usable_capacity_bytes").get<double>() / 1e12;
    CHECK(c.at("per_usable_tb_month").get<double>() ==
          Approx((capex + kYears * opex) / (usable_tb * kYears * 12.0)));
    CHECK(c.at("per_read_gb_per_s").get<double>() ==
          Approx((capex + kYears * opex) / (d.at("read_bytes_per_s").get<double>() / 1e9)));
    CHECK(c.at("unpriced").empty());
    // The vendor prices are illustrative: the block names them.
    CHECK(c.at("assumed_prices").dump().find("cnode-1u") != std::string::npos);
    CHECK(c.at("assumed_prices").dump().find("energy") == std::string::npos); // EIA: public
}

TEST_CASE("without a price book no output carries a cost, with one the table says illustrative") {
    for (const char* format : {"table", "md", "csv", "json"}) {
        INFO(format);
        const ProcessResult plain = podsizer({"size", kPod, "--format", format});
        CHECK_THAT(plain.out, !Catch::Contains("CapEx"));
        CHECK_THAT(plain.out, !Catch::Contains("\"cost\""));
        CHECK_THAT(plain.out, !Catch::Contains("TCO"));
        const ProcessResult priced =
            podsizer({"size", kPod, "--format", format, "--prices", kPrices});
        CHECK(priced.exit_code == plain.exit_code);
        CHECK_THAT(priced.out, Catch::Contains(std::string(format) == "json" ? "\"tco\"" : "TCO"));
        // The report before the cost is the same report.
        CHECK(priced.out.substr(0, 40) == plain.out.substr(0, 40));
    }
    const ProcessResult t = podsizer({"size", kPod, "--prices", kPrices});
    CHECK_THAT(t.out, Catch::Contains("rests on prices the price book marks ASSUMPTION"));
    CHECK_THAT(t.out, Catch::Contains("cnode-1u"));
    // It divides by the intact read, and says so (table, CSV and compare).
    CHECK_THAT(t.out, Catch::Contains("Per GB/s of read (intact) (USD)"));
    CHECK_THAT(podsizer({"size", kPod, "--prices", kPrices, "--format", "csv"}).out,
               Catch::Contains("Per GB/s of read (intact) (USD)"));
    CHECK_THAT(podsizer({"compare", kFleet, "--prices", kPrices}).out,
               Catch::Contains("Per GB/s of read (intact) (USD)"));
}

TEST_CASE("compare --prices prices the cloud column at its own usable capacity") {
    const json j = run_json({"compare", kFleet, "--prices", kPrices, "--format", "json"});
    bool found = false;
    for (const json& col : j.at("columns")) {
        REQUIRE(col.contains("cost"));
        if (col.at("kind") != "reference") {
            continue;
        }
        found = true;
        const json& c = col.at("cost");
        const double gb = col.at("usable_capacity_bytes").get<double>() / 1e9;
        // Storage: GB x 0.018 (hot) x 12; read out 10 % a month: egress at
        // 0.087 a GB; operations: that many bytes / 4 MiB / 10,000 x 0.0044.
        const double storage = gb * 0.018 * 12.0;
        const double out_gb = gb * 0.10 * 12.0;
        const double egress = out_gb * 0.087;
        const double ops = out_gb * 1e9 / (4.0 * 1024 * 1024) / 1e4 * 0.0044;
        CHECK(c.at("storage_per_year").get<double>() == Approx(storage));
        CHECK(c.at("egress_per_year").get<double>() == Approx(egress));
        CHECK(c.at("operations_per_year").get<double>() == Approx(ops));
        CHECK(c.at("opex_per_year").get<double>() == Approx(storage + egress + ops));
        CHECK(c.at("capex").get<double>() == 0.0);
        CHECK(c.at("tco").get<double>() == Approx(kYears * (storage + egress + ops)));
    }
    CHECK(found);
    const ProcessResult t = podsizer({"compare", kFleet, "--prices", kPrices});
    CHECK_THAT(t.out, Catch::Contains("TCO, 5 years (USD)"));
    CHECK_THAT(t.out, Catch::Contains("cloud.per_gb_month"));
    CHECK_THAT(podsizer({"compare", kFleet}).out, !Catch::Contains("TCO"));
}

TEST_CASE("optimize --objective min-cost returns the feasible design of lowest TCO") {
    const json j = run_json({"optimize", kFleet, "--prices", kPrices, "--objective", "min-cost",
                             "--all", "--format", "json"});
    REQUIRE(j.at("best").is_object());
    const double best = j.at("best").at("cost").at("tco").get<double>();
    double lowest = std::numeric_limits<double>::infinity();
    for (const json& d : j.at("pareto")) {
        lowest = std::min(lowest, d.at("cost").at("tco").get<double>());
    }
    // Every feasible design is dominated by or on the front, and TCO is an
    // axis of the front: the lowest TCO of the whole front is the best's.
    CHECK(best == Approx(lowest));
    // And cheaper than what min-racks picks (or the same).
    const json racks = run_json({"optimize", kFleet, "--prices", kPrices, "--format", "json"});
    CHECK(best <= racks.at("best").at("cost").at("tco").get<double>() + 1e-6);
    // Without a book it is refused, naming the flag.
    const ProcessResult r = podsizer({"optimize", kFleet, "--objective", "min-cost"});
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("--objective"));
    CHECK_THAT(r.err, Catch::Contains("price book"));
}

TEST_CASE("a bad --prices file names the file and the JSON path, and no export replaces it") {
    const std::string bad = write_temp("cost/bad.json", R"({"currency": "USD",
        "items": [{"id": "cnode-1u", "unit_price": -5, "source": {"kind": "assumption"}}]})");
    const ProcessResult r = podsizer({"size", kPod, "--prices", bad});
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains(bad + ": $.items[0].unit_price"));
    // Read from the source tree: the test runs in the build tree.
    const std::string original = read_file(std::string(PODSIZER_SOURCE_DIR) + "/" + kPrices);
    REQUIRE_FALSE(original.empty());
    const std::string book = write_temp("cost/book.json", original);
    const ProcessResult x = podsizer({"size", kPod, "--prices", book, "--xlsx", book});
    CHECK(x.exit_code == 2);
    CHECK_THAT(x.err, Catch::Contains("the price book"));
    CHECK(read_file(book) == original);
}

TEST_CASE("batch and sweep get cost columns only with a price book") {
    const ProcessResult plain = podsizer({"batch", kPod, "--format", "csv"});
    CHECK_THAT(plain.out, !Catch::Contains("CapEx"));
    const ProcessResult priced = podsizer({"batch", kPod, "--format", "csv", "--prices", kPrices});
    CHECK_THAT(priced.out, Catch::Contains("CapEx (USD)"));
    const ProcessResult sweep = podsizer({"sweep", kPod, "--vary", "fleet.gpus=20000,40000",
                                          "--format", "jsonl", "--prices", kPrices});
    CHECK_THAT(sweep.out, Catch::Contains("\"tco\""));
    CHECK_THAT(
        podsizer({"sweep", kPod, "--vary", "fleet.gpus=20000,40000", "--format", "jsonl"}).out,
        !Catch::Contains("\"tco\""));
}

namespace {

const std::string kCadence = "examples/checkpoint-cadence.json";
constexpr double kGpuHour = 2.5; // the illustrative book's GPU-hour

/// The illustrative book without its GPU-hour price.
std::string book_without_gpu_hour() {
    json b = json::parse(read_file(std::string(PODSIZER_SOURCE_DIR) + "/" + kPrices));
    b.erase("gpu_hour");
    b.erase("$schema");
    return write_temp("cost/no-gpu-hour.json", b.dump());
}

/// The notes under a table wrap at 100 characters: join their lines again.
std::string unwrapped(std::string s) {
    for (std::size_t at = s.find("\n  "); at != std::string::npos; at = s.find("\n  ", at)) {
        s.replace(at, 3, " ");
    }
    return s;
}

const json& job_named(const json& design, const std::string& name) {
    for (const json& j : design.at("checkpoints")) {
        if (j.at("name") == name) {
            return j;
        }
    }
    FAIL("no job " << name);
    return design;
}

} // namespace

TEST_CASE("size --prices prices the GPU-hours a day the design's write recovers over the rule's") {
    const json j = run_json({"size", kCadence, "--prices", kPrices, "--format", "json"});
    const json& quoted = j.at("designs").at(0);
    const json& sized = j.at("designs").at(1);
    // The reference is the rule's write before the checkpoints: 4.50 TB/s,
    // which the pod as quoted delivers exactly (examples/checkpoint-cadence.json).
    const double reference = j.at("requirements").at("performance_write_bytes_per_s").get<double>();
    REQUIRE(reference == Approx(4.5e12));
    REQUIRE(quoted.at("write_bytes_per_s").get<double>() == Approx(reference));
    const json& g = sized.at("cost").at("gpu_hours_recovered");
    CHECK(g.at("reference_write_bytes_per_s").get<double>() == Approx(reference));
    CHECK(g.at("design_write_bytes_per_s").get<double>() ==
          Approx(sized.at("write_bytes_per_s").get<double>()));
    // The alternatives' most demanding job (8.40 TB/s) is the one counted.
    CHECK(g.at("job") == "60 s sync");
    CHECK(g.at("gpus") == 41472);
    CHECK_THAT(g.at("reference").get<std::string>(),
               Catch::Contains("rule ncp-gb200-customer asks before the checkpoint jobs"));
    // Hand calculation: the job's goodput at the sized pod's write less its
    // goodput at 4.50 TB/s (the quoted pod's), on 41,472 GPUs for 24 h; the
    // same as the GPU-hours lost a day at 4.50 TB/s less those at 8.40 TB/s.
    const json& at_ref = job_named(quoted, "60 s sync");
    const json& at_design = job_named(sized, "60 s sync");
    const double per_day =
        (at_design.at("goodput").get<double>() - at_ref.at("goodput").get<double>()) * 41472 * 24;
    CHECK(g.at("per_day").get<double>() == Approx(per_day));
    CHECK(g.at("per_day").get<double>() ==
          Approx(at_ref.at("gpu_hours_lost_per_day").get<double>() -
                 at_design.at("gpu_hours_lost_per_day").get<double>()));
    // About 3 points of goodput; 29,730 a day at the default 10-min restart
    // (33,420 at the 5-min restart before issue 51, docs/cost.md §4).
    CHECK(per_day > 29000.0);
    // Priced: 365 days at 2.5 a GPU-hour.
    CHECK(g.at("value_per_year").get<double>() == Approx(per_day * 365 * kGpuHour));
    // The pod as quoted writes the reference: nothing recovered. It is a
    // value, not a cost: the TCO does not include it.
    CHECK(quoted.at("cost").at("gpu_hours_recovered").at("per_day").get<double>() ==
          Approx(0.0).margin(1e-6));
    CHECK(sized.at("cost").at("tco").get<double>() ==
          Approx(sized.at("cost").at("capex").get<double>() +
                 kYears * sized.at("cost").at("opex_per_year").get<double>()));
    CHECK_THAT(sized.at("cost").at("assumed_prices").dump(), Catch::Contains("gpu_hour"));
    // The table shows both rows and says what the reference is.
    const std::string t = unwrapped(podsizer({"size", kCadence, "--prices", kPrices}).out);
    CHECK_THAT(t, Catch::Contains("GPU-hours a day recovered"));
    CHECK_THAT(t, Catch::Contains("their value a year (USD)"));
    CHECK_THAT(t, Catch::Contains("the design's write against 4.50 TB/s, the write rule "
                                  "ncp-gb200-customer asks"));
    CHECK_THAT(t, Catch::Contains("valued at 2.50 USD a GPU-hour"));
}

TEST_CASE("without checkpoint jobs there is no recovered GPU-hours figure") {
    const json j = run_json({"size", kPod, "--prices", kPrices, "--format", "json"});
    CHECK_FALSE(j.at("designs").at(0).at("cost").contains("gpu_hours_recovered"));
    CHECK_THAT(podsizer({"size", kPod, "--prices", kPrices}).out,
               !Catch::Contains("GPU-hours a day recovered"));
}

TEST_CASE("a book without a GPU-hour price leaves the recovered GPU-hours unpriced") {
    const std::string book = book_without_gpu_hour();
    const json j = run_json({"size", kCadence, "--prices", book, "--format", "json"});
    const json& c = j.at("designs").at(1).at("cost");
    CHECK(c.at("gpu_hours_recovered").at("value_per_year").is_null());
    CHECK(c.at("unpriced") == json::array({"gpu_hours_recovered"}));
    // Not a part of any total: the TCO is the one with the GPU-hour price,
    // and the GPU-hours themselves are counted all the same.
    const json priced = run_json({"size", kCadence, "--prices", kPrices, "--format", "json"});
    const double per_day =
        priced.at("designs").at(1).at("cost").at("gpu_hours_recovered").at("per_day");
    CHECK(per_day > 0.0);
    CHECK(c.at("gpu_hours_recovered").at("per_day").get<double>() == Approx(per_day));
    CHECK(c.at("tco").get<double>() ==
          Approx(priced.at("designs").at(1).at("cost").at("tco").get<double>()));
    const std::string t = unwrapped(podsizer({"size", kCadence, "--prices", book}).out);
    CHECK_THAT(t, Catch::Contains("unpriced: the price book gives no gpu_hour price"));
    CHECK_THAT(t, Catch::Contains("Unpriced"));
    const ProcessResult cmp = podsizer({"compare", kCadence, "--prices", book});
    CHECK_THAT(cmp.out, Catch::Contains("unpriced"));
}

TEST_CASE("compare --prices shows the recovered GPU-hours per design column") {
    const json cmp = run_json({"compare", kCadence, "--prices", kPrices, "--format", "json"});
    const json size = run_json({"size", kCadence, "--prices", kPrices, "--format", "json"});
    int designs = 0;
    for (const json& col : cmp.at("columns")) {
        if (col.at("kind") == "reference") {
            CHECK_FALSE(col.at("cost").contains("gpu_hours_recovered"));
            continue;
        }
        // The same figure as `size` gives the same design.
        const json& s = size.at("designs").at(designs++).at("cost").at("gpu_hours_recovered");
        CHECK(col.at("cost").at("gpu_hours_recovered").at("value_per_year").get<double>() ==
              Approx(s.at("value_per_year").get<double>()).margin(1e-6));
    }
    CHECK(designs == 2);
    const ProcessResult t = podsizer({"compare", kCadence, "--prices", kPrices});
    CHECK_THAT(t.out, Catch::Contains("GPU-hours recovered, value a year (USD)"));
    CHECK_THAT(t.out, Catch::Contains("the write rule ncp-gb200-customer asks"));
}

TEST_CASE("batch calls a scenario's price book a price book when an export would replace it") {
    const std::string original = read_file(std::string(PODSIZER_SOURCE_DIR) + "/" + kPrices);
    REQUIRE_FALSE(original.empty());
    const std::string book = write_temp("cost/batch-book/book.json", original);
    json s = json::parse(read_file(std::string(PODSIZER_SOURCE_DIR) + "/" + kPod));
    s.erase("$schema");
    s["prices"] = "book.json"; // beside the scenario (docs/cost.md §1)
    const std::string scenario = write_temp("cost/batch-book/priced.json", s.dump());
    const ProcessResult r = podsizer({"batch", scenario, "--xlsx", book});
    CHECK(r.exit_code == 2);
    // Its own role, not "a scenario's catalog" (issue 31).
    CHECK_THAT(r.err,
               Catch::Contains("--xlsx: " + book + ": is a scenario's price book of this run"));
    CHECK_THAT(r.err, !Catch::Contains("catalog"));
    CHECK(read_file(book) == original);
}

TEST_CASE("concurrent checkpoint jobs each count with their own GPUs in the GPU-hours recovered") {
    // examples/checkpoint-cadence.json with two concurrent jobs on parts of
    // the pod, below the rule's 4.50 TB/s write, and a bigger second option
    // (600 C-nodes, 240 D-boxes: 6.00 TB/s).
    json s = json::parse(read_file(std::string(PODSIZER_SOURCE_DIR) + "/" + kCadence));
    s.erase("$schema");
    s["checkpoint"]["concurrent"] = true;
    s["checkpoint"]["jobs"] = json::parse(R"([
        {"name": "a", "params": "1.8T", "bytes_per_param": 14, "interval": "5 min",
         "mode": "sync", "stall_budget": "5%", "gpus": 20736},
        {"name": "b", "params": "405B", "bytes_per_param": 14, "interval": "60 s",
         "mode": "sync", "stall_budget": "5%", "gpus": 10368}])");
    s["options"][1]["name"] = "bigger";
    s["options"][1]["cnodes"] = 600;
    s["options"][1]["dboxes"] = 240;
    const std::string path = write_temp("cost/concurrent.json", s.dump());
    const json j = run_json({"size", path, "--prices", kPrices, "--format", "json"});
    const json& quoted = j.at("designs").at(0);
    const json& bigger = j.at("designs").at(1);
    // The pod as quoted writes the reference (the rule's 4.50 TB/s), so its
    // jobs' goodputs are those at the reference, each at its share of it.
    REQUIRE(quoted.at("write_bytes_per_s").get<double>() == Approx(4.5e12));
    REQUIRE(bigger.at("write_bytes_per_s").get<double>() > 4.5e12);
    // Hand calculation: Σ over both jobs of (goodput on the bigger pod −
    // goodput at the reference) × the job's GPUs × 24 h.
    double per_day = 0.0;
    for (std::size_t i = 0; i < 2; ++i) {
        const json& at_ref = quoted.at("checkpoints").at(i);
        const json& at_design = bigger.at("checkpoints").at(i);
        REQUIRE(at_ref.at("name") == at_design.at("name"));
        per_day += (at_design.at("goodput").get<double>() - at_ref.at("goodput").get<double>()) *
                   at_ref.at("gpus").get<double>() * 24;
    }
    const json& g = bigger.at("cost").at("gpu_hours_recovered");
    CHECK(per_day > 1000.0);
    CHECK(g.at("per_day").get<double>() == Approx(per_day));
    CHECK(g.at("gpus") == 20736 + 10368);
    CHECK(g.at("job").is_null()); // every concurrent job
    CHECK(g.at("value_per_year").get<double>() == Approx(per_day * 365 * kGpuHour));
}
