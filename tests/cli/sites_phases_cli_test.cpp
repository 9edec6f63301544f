// `podsizer size` on fleets given as a list of sites and on scenarios with
// phases (docs/sites-and-phases.md), run on the real binary.
#include "run_process.hpp"
#include "support/json_lookup.hpp"
#include "support/test_files.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace {

using test_support::write_temp;

/// Three sites of one NCP pod each (3 x 41,472 GPUs): the pod of
/// examples/ncp-pod-41k.json next to each cluster; site B allows
/// `b_racks` racks.
std::string three_sites(int b_racks) {
    return R"({
  "schema": "podsizer-scenario/1",
  "name": "three sites",
  "fleet": {
    "platform": "gb200-nvl72",
    "gpus": 124416,
    "gpus_per_cluster": 41472,
    "sites": [
      {"name": "A", "clusters": 1, "max_racks": 40},
      {"name": "B", "gpus": 41472, "max_racks": )" +
           std::to_string(b_racks) + R"(, "max_power": "800 kW"},
      {"name": "C", "clusters": 1}
    ]
  },
  "performance": {"rule": "ncp-gb200-customer"},
  "capacity": {"usable": "215 PB"},
  "constraints": {"rack": "rack-42u-25kw"},
  "options": [{"name": "NCP pod", "cnode": "cnode-1u", "dbox": "dbox-1u-22",
               "drive": "61.44 TB"}]
})";
}

const nlohmann::json& site(const nlohmann::json& doc, const std::string& name) {
    return test_support::element_where(doc.at("sites"), "name", name);
}

} // namespace

TEST_CASE("a site that allows fewer racks than an NCP pod needs gets an error naming the limit") {
    // One NCP pod is 450 C-nodes, 180 D-boxes and 36 switches (model.md §12).
    // Typical draw: 450 x 800 W + 180 x 1,600 W + 36 x 1,500 W = 702 kW, over
    // 25 kW racks = 28.08, so 29 racks; on space 450 + 180 + 36 x 2 = 702 U
    // over 40 U = 17.55, so 18. Power sets the racks: 29 > B's 24.
    const std::string path = write_temp("sites-24.json", three_sites(24));
    const ProcessResult r = podsizer({"size", path});
    CHECK(r.exit_code == 1);
    // What it means for the site, then (issue 51) the operator's hint.
    CHECK_THAT(r.out, Catch::Contains("site B: needs 29 racks (1 × 29 per pod), more than the 24 "
                                      "it has room for (on space alone a pod needs 18 racks) "
                                      "(raise max_racks to 29, or give the site racks with a "
                                      "larger power budget)"));
    const ProcessResult j = podsizer({"size", path, "--format", "json"});
    CHECK(j.exit_code == 1);
    const auto doc = nlohmann::json::parse(j.out);
    CHECK(doc.at("feasible") == false);
    REQUIRE(doc.at("sites").size() == 3);
    const auto& b = site(doc, "B");
    CHECK(b.at("racks") == 29);
    CHECK(b.at("max_racks") == 24);
    REQUIRE(b.at("findings").size() == 1);
    CHECK(b.at("findings")[0].at("code") == "site-racks");
    CHECK(b.at("findings")[0].at("severity") == "error");
    // 702 kW is within B's 800 kW; A and C have room (A: 40 racks).
    CHECK(b.at("power_w") == 702000.0);
    CHECK(site(doc, "A").at("findings").empty());
    CHECK(site(doc, "C").at("findings").empty());
    CHECK(site(doc, "C").at("max_racks").is_null());
}

TEST_CASE("raising the site's max_racks to what it needs clears the finding") {
    const ProcessResult r = podsizer({"size", write_temp("sites-29.json", three_sites(29))});
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, !Catch::Contains("site-racks"));
    CHECK_THAT(r.out, !Catch::Contains("site B: needs"));
    // The table shows each site's racks against its limit: B 29 of 29.
    CHECK_THAT(r.out, Catch::Contains("Max racks"));
    const ProcessResult j =
        podsizer({"size", write_temp("sites-29.json", three_sites(29)), "--format", "json"});
    const auto doc = nlohmann::json::parse(j.out);
    CHECK(doc.at("feasible") == true);
    CHECK(site(doc, "B").at("racks") == 29);
    CHECK(site(doc, "B").at("findings").empty());
}

TEST_CASE("a site's power limit below its pods' draw is an error naming both") {
    // Site B at 600 kW: its pod draws 702 kW (above).
    std::string text = three_sites(40);
    text.replace(text.find("800 kW"), 6, "600 kW");
    const ProcessResult r = podsizer({"size", write_temp("sites-power.json", text)});
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.out, Catch::Contains("site B: needs 702.0 kW of IT power (typical basis), "
                                      "more than the 600.0 kW the site allows"));
}

TEST_CASE("a power limit of 1 W never reads as 0.0 kW") {
    // Found re-running the hostile-input battery on sites (issue 30, m-a's
    // class): 1 W is 0.001 kW, one significant digit where one decimal would
    // round it to zero, in the finding and in the sites table.
    std::string text = three_sites(40);
    text.replace(text.find("800 kW"), 6, "1 W");
    const ProcessResult r = podsizer({"size", write_temp("sites-1w.json", text)});
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.out, Catch::Contains("more than the 0.001 kW the site allows"));
    CHECK_THAT(r.out, Catch::Contains("  0.001  "));
    CHECK_THAT(r.out, !Catch::Contains("the 0.0 kW the site"));
}

TEST_CASE("compare and extrapolate show the sites and count a broken limit as size does") {
    // Issue 33 (site and phase tables in compare and extrapolate) and the
    // battery of issue 30: a site over its power limit made `size` exit 1
    // while `compare` and `extrapolate` exited 0 without a word of it.
    std::string text = three_sites(40);
    text.replace(text.find("800 kW"), 6, "600 kW"); // site B's pod draws 702 kW
    const std::string over = write_temp("sites-compare.json", text);
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"compare", over},
          std::vector<std::string>{"extrapolate", over, "--target", "1EB"}}) {
        const ProcessResult table = podsizer(args);
        CHECK(table.exit_code == 1);
        CHECK_THAT(table.out, Catch::Contains("Sites (NCP pod"));
        CHECK_THAT(table.out, Catch::Contains("site B: needs 702.0 kW of IT power"));
        std::vector<std::string> json_args{"--format", "json"};
        json_args.insert(json_args.end(), args.begin(), args.end());
        const ProcessResult json = podsizer(json_args);
        CHECK(json.exit_code == 1);
        const auto j = nlohmann::json::parse(json.out);
        CHECK(j.at("sites").size() == 3);
        CHECK(j.at("sites").at(1).at("fits") == false);
        CHECK(j.at("feasible") == false);
    }
    // Within every limit: exit 0 and the same tables.
    const ProcessResult fits = podsizer({"compare", write_temp("sites-fit.json", three_sites(40))});
    CHECK(fits.exit_code == 0);
    CHECK_THAT(fits.out, Catch::Contains("Sites (NCP pod"));
    // Without sites or phases compare prints exactly what it printed before.
    const ProcessResult plain =
        podsizer({"--format", "json", "compare", "examples/ncp-pod-41k.json"});
    REQUIRE(plain.exit_code == 0);
    CHECK_FALSE(nlohmann::json::parse(plain.out).contains("sites"));
}

TEST_CASE("sweep and batch count a run whose site breaks a limit as not met") {
    // Issue 30's battery: `sweep --vary fleet.sites[1].max_racks=...` said
    // "0 not met" whatever the limit, where `size` exits 1. Site B of
    // examples/fleet-phases.json holds one pod of 29 racks (its sites table).
    const ProcessResult swept = podsizer({"--format", "csv", "sweep", "examples/fleet-phases.json",
                                          "--vary", "fleet.sites[1].max_racks=20,30"});
    CHECK(swept.exit_code == 1);
    CHECK_THAT(swept.err, Catch::Contains("1 sized, 1 not met, 0 bad"));
    CHECK_THAT(swept.err, Catch::Contains("run 1: a site breaks a limit"));
    CHECK_THAT(swept.err, !Catch::Contains("run 2:"));
    std::string text = three_sites(40);
    text.replace(text.find("800 kW"), 6, "600 kW"); // site B's pod draws 702 kW
    const ProcessResult batch = podsizer({"batch", write_temp("batch-sites.json", text),
                                          write_temp("batch-fit.json", three_sites(40))});
    CHECK(batch.exit_code == 1);
    CHECK_THAT(batch.err, Catch::Contains("1 sized, 1 not met, 0 bad"));
}

TEST_CASE("sites that do not hold the fleet's GPUs are refused with their path") {
    std::string text = three_sites(24);
    text.replace(text.find("\"gpus\": 41472"), 13, "\"gpus\": 40000");
    const ProcessResult r = podsizer({"size", write_temp("sites-sum.json", text)});
    CHECK(r.exit_code == 2);
    // 41,472 + 40,000 + 41,472 = 122,944 against 124,416.
    CHECK_THAT(r.err, Catch::Contains("$.fleet.sites: the sites hold 122,944 GPUs; expected "
                                      "fleet.gpus (124,416)"));
}

TEST_CASE("without a site list the number form of sites prints no site table") {
    const ProcessResult r = podsizer({"size", "examples/fleet-160k.json"});
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, !Catch::Contains("Max racks"));
    const ProcessResult j = podsizer({"size", "examples/fleet-160k.json", "--format", "json"});
    const auto doc = nlohmann::json::parse(j.out);
    CHECK_FALSE(doc.contains("sites"));
    CHECK_FALSE(doc.contains("phases"));
}

namespace {

/// The four phases of examples/fleet-phases.json: 215 PB, 430 PB, 645 PB,
/// 1 EB on the NCP pod's hardware.
const std::string kPhases = "examples/fleet-phases.json";

/// The example as a file, wherever the test runs (the binary runs from the
/// source directory; this test process may not).
std::string example_text() {
    return test_support::read_file(std::string(PODSIZER_SOURCE_DIR) + "/" + kPhases);
}

std::int64_t count(const nlohmann::json& counts, const char* key) {
    return counts.at(key).get<std::int64_t>();
}

/// The NCP pod at 1 EB usable sized from scratch by the same binary, as a
/// user would get it without phases (the example's phases removed).
nlohmann::json from_scratch_exabyte() {
    const auto example = nlohmann::json::parse(example_text());
    nlohmann::json scratch = example;
    scratch.erase("phases");
    scratch["fleet"] = {{"platform", "gb200-nvl72"}, {"gpus", 41472}};
    scratch["capacity"] = {{"usable", "1 EB"}};
    const ProcessResult r =
        podsizer({"size", write_temp("scratch-1eb.json", scratch.dump(2)), "--format", "json"});
    REQUIRE(r.exit_code == 0);
    return nlohmann::json::parse(r.out).at("designs").at(0);
}

} // namespace

TEST_CASE("four phases to an exabyte add up to the final totals and never remove anything") {
    const ProcessResult r = podsizer({"size", kPhases, "--format", "json"});
    REQUIRE(r.exit_code == 0);
    const auto doc = nlohmann::json::parse(r.out);
    const auto& phases = doc.at("phases");
    REQUIRE(phases.size() == 4);
    // Phase 1 is the NCP pod itself: 450 C-nodes (read 10.8 TB/s), 180
    // D-boxes, 36 switches, 29 racks (702 kW over 25 kW racks, above).
    CHECK(count(phases[0].at("total"), "cnodes") == 450);
    CHECK(count(phases[0].at("total"), "dboxes") == 180);
    CHECK(count(phases[0].at("total"), "switches") == 36);
    CHECK(count(phases[0].at("total"), "racks") == 29);
    for (const char* key : {"cnodes", "dboxes", "switches", "racks"}) {
        std::int64_t sum = 0;
        std::int64_t before = 0;
        for (const auto& p : phases) {
            CHECK(count(p.at("added"), key) >= 0);
            sum += count(p.at("added"), key);
            CHECK(count(p.at("total"), key) == sum);
            CHECK(count(p.at("total"), key) >= before);
            before = count(p.at("total"), key);
        }
        CHECK(sum == count(phases[3].at("total"), key));
    }
    // Each phase holds its own target: 215, 430, 645 and 1,000 PB usable.
    const double targets[] = {215e15, 430e15, 645e15, 1e18};
    for (std::size_t i = 0; i < 4; ++i) {
        CHECK(phases[i].at("usable_capacity_bytes").get<double>() >= targets[i]);
        for (const auto& f : phases[i].at("findings")) {
            CHECK(f.at("severity") != "error");
        }
    }
    // The final phase against 1 EB sized from scratch: the same C-nodes,
    // D-boxes and switches; racks within the stated tolerance, one rack per
    // phase after the first (docs/sites-and-phases.md §3: each added block
    // of racks rounds up once).
    const auto scratch = from_scratch_exabyte();
    const auto& last = phases[3].at("total");
    CHECK(count(last, "cnodes") <= scratch.at("cnodes").get<std::int64_t>());
    CHECK(count(last, "dboxes") <= scratch.at("dboxes").get<std::int64_t>());
    CHECK(count(last, "switches") <= scratch.at("switches").get<std::int64_t>());
    CHECK(count(last, "racks") <= scratch.at("racks").get<std::int64_t>() + 3);
    CHECK(count(doc.at("phase_plan").at("from_scratch"), "racks") ==
          scratch.at("racks").get<std::int64_t>());
}

TEST_CASE("the phases table lists what each phase adds and the totals after it") {
    const ProcessResult r = podsizer({"size", kPhases});
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains("Phases on the installed base (NCP pod"));
    CHECK_THAT(r.out, Catch::Contains("+D-boxes"));
    CHECK_THAT(r.out, Catch::Contains("4: an exabyte  2028-09-30"));
    CHECK_THAT(r.out, Catch::Contains("The final phase's target sized from scratch: 450 C-nodes"));
}

TEST_CASE("phases that shrink or are dated backwards are refused at their path") {
    auto doc = nlohmann::json::parse(example_text());
    doc["phases"][2]["usable"] = "400 PB";
    const ProcessResult r = podsizer({"size", write_temp("phases-shrink.json", doc.dump(2))});
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("$.phases[2].usable: 400.0 PB is less than phase \"2\"'s "
                                      "430.0 PB; phases add to what is installed"));
    doc = nlohmann::json::parse(example_text());
    doc["phases"][1]["date"] = "2027-02-30";
    const ProcessResult d = podsizer({"size", write_temp("phases-date.json", doc.dump(2))});
    CHECK(d.exit_code == 2);
    CHECK_THAT(d.err, Catch::Contains("$.phases[1].date: \"2027-02-30\" is not a date"));
}

TEST_CASE("a phase that needs a fabric tier the phase before lacked gets a finding") {
    // One GB200 SU (576 GPUs) on 1 PB fits a leaf pair (7 C-nodes, 3 D-boxes,
    // 1 tier); 18,432 GPUs on 40 PB need 200 C-nodes and 80 D-boxes, past a
    // leaf pair's ports, so spines come in (docs/model.md §8).
    const std::string text = R"({"schema": "podsizer-scenario/1", "name": "tiers",
      "fleet": {"platform": "gb200-nvl72", "gpus": 576},
      "performance": {"rule": "ncp-gb200-customer"}, "capacity": {"usable": "1 PB"},
      "options": [{"name": "small", "cnode": "cnode-1u", "dbox": "dbox-1u-22",
                   "drive": "61.44 TB"}],
      "phases": [{"name": "p1", "usable": "1 PB"},
                 {"name": "p2", "usable": "40 PB", "gpus": 18432},
                 {"name": "p3", "usable": "100 PB", "gpus": 41472}]})";
    const ProcessResult r =
        podsizer({"size", write_temp("phases-tiers.json", text), "--format", "json"});
    REQUIRE(r.exit_code == 0);
    const auto doc = nlohmann::json::parse(r.out);
    const auto& phases = doc.at("phases");
    CHECK(phases[0].at("fabric_tiers") == 1);
    CHECK(phases[1].at("fabric_tiers") == 2);
    REQUIRE_FALSE(phases[1].at("findings").empty());
    CHECK(phases[1].at("findings")[0].at("code") == "phase-new-tier");
    CHECK_THAT(phases[1].at("findings")[0].at("message").get<std::string>(),
               Catch::Contains("need a 2-tier fabric where phase p1 had 1"));
    // The last phase holds the reference pod's 450 C-nodes and 180 D-boxes.
    CHECK(count(phases[2].at("total"), "cnodes") == 450);
    CHECK(count(phases[2].at("total"), "dboxes") == 180);
}

TEST_CASE("extrapolate gives one exabyte answer per question, each with what it assumes") {
    // examples/fleet-160k.json: the NCP pod holds 217.9 PB. Whole pods to
    // reach 1 EB within 10 %: 4 x 217.9 = 871.5 PB is 12.9 % short, so 5 pods
    // = 1,089.3 PB. The fleet as planned: ceil(160,000 / 41,472) = 4 clusters,
    // one pod each = 871.5 PB. Both are shown, each beside its question.
    const ProcessResult r = podsizer({"extrapolate", "examples/fleet-160k.json"});
    REQUIRE(r.exit_code == 0);
    const auto table = r.out.find("One answer per question, each with what it assumes");
    REQUIRE(table != std::string::npos);
    const std::string answers = r.out.substr(table, r.out.find("Findings:") - table);
    CHECK_THAT(answers, Catch::Contains("NCP pod: whole pods to reach 1,000.0 PB"));
    CHECK_THAT(answers, Catch::Contains("NCP pod: the fleet as planned"));
    CHECK_THAT(answers, Catch::Contains("12.9 % short of 1,000.0 PB: 1 pod more than clusters"));
    const ProcessResult j =
        podsizer({"extrapolate", "examples/fleet-160k.json", "--format", "json"});
    REQUIRE(j.exit_code == 0);
    const auto doc = nlohmann::json::parse(j.out);
    const auto& a = doc.at("answers");
    REQUIRE(a.size() == 3);
    CHECK(a[0].at("pods") == 5);
    CHECK(a[0].at("usable_capacity_bytes").get<double>() ==
          Approx(5 * a[1].at("usable_capacity_bytes").get<double>() / 4));
    CHECK(a[1].at("pods") == 4);
    CHECK(a[1].at("usable_capacity_bytes").get<double>() == Approx(871.5e15).epsilon(1e-3));
    CHECK(a[2].at("question") == "one namespace of 1,000.0 PB");
    for (const auto& answer : a) {
        CHECK_FALSE(answer.at("assumes").get<std::string>().empty());
    }
}

TEST_CASE("extrapolate without a target grows a phased scenario to its last phase") {
    // examples/fleet-phases.json names no extrapolation target; its phases
    // reach 1 EB, the question it asks. Before, extrapolate refused it.
    const ProcessResult r = podsizer({"--format", "json", "extrapolate", kPhases});
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.err, Catch::Contains("growing to the last phase's usable capacity, 1,000.0 PB "
                                      "(phase \"4: an exabyte\")"));
    const auto doc = nlohmann::json::parse(r.out);
    const ProcessResult given =
        podsizer({"--format", "json", "extrapolate", kPhases, "--target", "1EB"});
    CHECK(given.err.empty());
    CHECK(nlohmann::json::parse(given.out) == doc);
    // Without phases the message is the one it always was.
    const ProcessResult plain = podsizer({"extrapolate", "examples/ncp-pod-41k.json"});
    CHECK(plain.exit_code == 2);
    CHECK_THAT(plain.err, Catch::Contains("no target to grow to"));
}
