// `podsizer diff A B` on the real binary (issue 32 item 5): the reference pod
// against the same pod on 30.72 TB drives, with deltas checked by hand from
// the catalog figures; every format; the what-if on B; errors and exit codes.
#include "run_process.hpp"
#include "support/json_lookup.hpp"
#include "support/test_files.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

namespace {

using test_support::read_file;
using test_support::write_temp;

const std::string kPod = "examples/ncp-pod-41k.json";

/// The reference pod with its option on 30.72 TB drives: a second file.
std::string smaller_drive_pod() {
    std::string text = read_file(std::string(PODSIZER_SOURCE_DIR) + "/" + kPod);
    const std::string from = "\"drive\": \"61.44 TB\"";
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), "\"drive\": \"30.72 TB\"");
    // The file sits in a temporary directory: its $schema path is a comment.
    return write_temp("diff/ncp-pod-30tb.json", text);
}

const nlohmann::json& row(const nlohmann::json& pair, const std::string& key) {
    return test_support::element_where(pair.at("metrics"), "key", key);
}

} // namespace

TEST_CASE("diff of two scenario files gives the hand-checked deltas") {
    const std::string b = smaller_drive_pod();
    const ProcessResult r = podsizer({"--format", "json", "diff", kPod, b});
    REQUIRE(r.exit_code == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j.at("command") == "diff");
    REQUIRE(j.at("pairs").size() == 1);
    const auto& p = j.at("pairs").at(0);
    // 215 PB on 22 × 30.72 TB boxes: 675.84 TB raw × 146/150 × 0.92 = 605.2 TB
    // usable a box, ceil(215,000 / 605.2) = 356 D-boxes against 180: +176,
    // 176 / 180 = +97.78 %.
    CHECK(row(p, "dboxes").at("a") == 180);
    CHECK(row(p, "dboxes").at("b") == 356);
    CHECK(row(p, "dboxes").at("delta").get<double>() == 176);
    CHECK(row(p, "dboxes").at("delta_percent").get<double>() == Approx(176.0 / 180.0 * 100.0));
    // The C-nodes are set by the read need and do not move.
    CHECK(row(p, "cnodes").at("delta").get<double>() == 0);
    CHECK(row(p, "cnodes").at("changed") == false);
    // Power: 176 more D-boxes × 1.6 kW + 22 more switches (36 -> 58) × 1.5 kW
    // (catalog dbox-1u-22.power, switch-64x800g-2u.power) = 281.6 + 33.0 =
    // 314.6 kW typical; × 1.3 (the assumed max/typical ratio of both) =
    // 366.08 + 42.9 = 408.98 kW at maximum draw.
    CHECK(row(p, "switches").at("delta").get<double>() == 22);
    CHECK(row(p, "power").at("delta").get<double>() == Approx(314.6));
    CHECK(row(p, "max_power").at("delta").get<double>() == Approx(408.98));
    // Usable: 356 × 605.2 TB = 215.44 PB against 180 × 1,210.4 TB = 217.87 PB.
    CHECK(row(p, "usable_capacity").at("delta").get<double>() ==
          Approx(215.44 - 217.87).margin(0.01));
    CHECK(row(p, "drive_size").at("b").get<double>() == Approx(30.72));
    CHECK(row(p, "dbox_model").at("changed") == false);
    CHECK(row(p, "racks_both_bases").at("changed") == true);
    CHECK(j.at("feasible") == true);
    // Both sides meet (docs/model.md §15): the verdict row is true on both.
    CHECK(row(p, "feasible").at("a") == true);
    CHECK(row(p, "feasible").at("b") == true);
    CHECK(row(p, "feasible").at("changed") == false);
}

TEST_CASE("diff of a file against itself with --set equals the diff of two files") {
    const std::string b = smaller_drive_pod();
    const ProcessResult files = podsizer({"--format", "csv", "diff", kPod, b});
    const ProcessResult set =
        podsizer({"--format", "csv", "diff", kPod, kPod, "--set", "options[0].drive=30.72TB"});
    REQUIRE(files.exit_code == 0);
    REQUIRE(set.exit_code == 0);
    CHECK(files.out == set.out); // the CSV names no file
    CHECK_THAT(files.out, Catch::StartsWith("option,key,metric,unit,a,b,delta,delta_percent,"
                                            "changed\r\n"));
    CHECK_THAT(files.out, Catch::Contains("\r\n1,dboxes,D-boxes,,180,356,176,97.7778,true\r\n"));
    const ProcessResult table = podsizer({"diff", kPod, kPod, "--set", "drive=30.72TB"});
    REQUIRE(table.exit_code == 0);
    CHECK_THAT(table.out, Catch::Contains("B: " + kPod + " --set drive=30.72TB"));
    CHECK_THAT(table.out, Catch::Contains("+176"));
    CHECK_THAT(table.out, Catch::Contains("+97.8 %"));
    const ProcessResult md = podsizer({"--format", "md", "diff", kPod, b});
    REQUIRE(md.exit_code == 0);
    CHECK_THAT(md.out, Catch::Contains("| D-boxes | 180 | 356 | +176 | +97.8 % |"));
}

TEST_CASE("diff pairs options by position and lists the findings each side lacks") {
    // The exabyte file has two options, the pod one: option 2 has no A.
    const ProcessResult r =
        podsizer({"--format", "json", "diff", kPod, "examples/high-density-1eb.json"});
    REQUIRE(r.exit_code == 0);
    const auto j = nlohmann::json::parse(r.out);
    REQUIRE(j.at("pairs").size() == 2);
    CHECK(j.at("pairs").at(1).at("a_design").is_null());
    CHECK(row(j.at("pairs").at(1), "dboxes").at("a").is_null());
    CHECK(row(j.at("pairs").at(1), "dboxes").at("delta").is_null());
    // The findings that differ are codes each side's `size` lists.
    const auto a = nlohmann::json::parse(podsizer({"--format", "json", "size", kPod}).out);
    const auto b = nlohmann::json::parse(
        podsizer({"--format", "json", "size", "examples/high-density-1eb.json"}).out);
    const auto has = [](const nlohmann::json& design, const std::string& code) {
        for (const auto& f : design.at("findings")) {
            if (f.at("code") == code) {
                return true;
            }
        }
        return false;
    };
    const auto& p = j.at("pairs").at(0);
    REQUIRE(!p.at("findings_added").empty());
    for (const auto& code : p.at("findings_added")) {
        CHECK(has(b.at("designs").at(0), code));
        CHECK_FALSE(has(a.at("designs").at(0), code));
    }
    for (const auto& code : p.at("findings_removed")) {
        CHECK(has(a.at("designs").at(0), code));
        CHECK_FALSE(has(b.at("designs").at(0), code));
    }
}

TEST_CASE("diff exit codes: 1 when a design misses a requirement, 2 for bad input") {
    // 100 D-boxes of 1,210.4 TB usable hold 121 PB, short of 215 PB.
    const ProcessResult unmet = podsizer({"diff", kPod, kPod, "--set", "options[0].dboxes=100"});
    CHECK(unmet.exit_code == 1);
    CHECK_THAT(unmet.out, Catch::Contains("Verdict"));
    const ProcessResult missing = podsizer({"diff", kPod, "no-such-file.json"});
    CHECK(missing.exit_code == 2);
    CHECK_THAT(missing.err, Catch::Contains("no-such-file.json"));
    CHECK(missing.out.empty());
    const ProcessResult bad_set = podsizer({"diff", kPod, kPod, "--set", "drive=1"});
    CHECK(bad_set.exit_code == 2);
    CHECK_THAT(bad_set.err, Catch::StartsWith("podsizer: error: --set drive=1:"));
    const ProcessResult over_input = podsizer({"diff", kPod, kPod, "--xlsx", kPod});
    CHECK(over_input.exit_code == 2);
    CHECK_THAT(over_input.err, Catch::Contains("--xlsx"));
}

TEST_CASE("diff counts a site over its limit as size does: exit 1 and the finding added") {
    // Found re-running the hostile-input battery on diff (issue 30): a site
    // over max_power made `size` exit 1 while `diff` exited 0 and said nothing.
    // Site A of examples/fleet-phases.json holds two pods of 702.0 kW each
    // (the sites table of `size`), so 1 MW is short of its 1,404 kW.
    const std::string phases = "examples/fleet-phases.json";
    const ProcessResult ok = podsizer({"--format", "json", "diff", phases, phases});
    CHECK(ok.exit_code == 0);
    const ProcessResult over = podsizer(
        {"--format", "json", "diff", phases, phases, "--set", "fleet.sites[0].max_power=1 MW"});
    CHECK(over.exit_code == 1);
    CHECK(podsizer({"size", phases, "--set", "fleet.sites[0].max_power=1 MW"}).exit_code == 1);
    const auto j = nlohmann::json::parse(over.out);
    CHECK(j.at("feasible") == false);
    CHECK(j.at("pairs").at(0).at("findings_added") == nlohmann::json::array({"site-power"}));
}

TEST_CASE("optimize --xlsx writes the best design's workbook, and nothing without a best") {
    const std::string dir = test_support::temp_dir() + "/optimize-xlsx";
    std::filesystem::create_directories(dir);
    const std::string xlsx = dir + "/best.xlsx";
    const ProcessResult r = podsizer({"optimize", kPod, "--xlsx", xlsx});
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.err, Catch::Contains("podsizer: wrote " + xlsx));
    // A zip package: the xlsx's "PK" signature.
    CHECK(read_file(xlsx).rfind("PK", 0) == 0);
    // At most 2 racks no design meets: nothing to propose, nothing written.
    const std::string none = dir + "/none.xlsx";
    const ProcessResult unmet =
        podsizer({"optimize", kPod, "--set", "constraints.max_racks=2", "--xlsx", none});
    CHECK(unmet.exit_code == 2);
    CHECK_THAT(unmet.err, Catch::Contains("--xlsx: no design meets every requirement"));
    CHECK_FALSE(std::filesystem::exists(none));
}
