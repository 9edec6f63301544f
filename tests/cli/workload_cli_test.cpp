// Sizing a GPU cluster from what it runs (issue 47, docs/workloads.md), on the
// real binary: the catalog's workloads and their derived read, the --workload
// flag, a scenario of concurrent workloads with a checkpoint job, and the two
// B300 scalable units. Expected figures are recomputed here from the inputs the
// binary prints, so a changed catalog figure moves both sides.
#include "run_process.hpp"
#include "support/test_files.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <string>

namespace {

using nlohmann::json;

json run_json(const std::vector<std::string>& args) {
    const ProcessResult r = podsizer(args);
    INFO(r.err);
    REQUIRE(r.exit_code <= 1);
    return json::parse(r.out);
}

/// A catalog figure's value, as `catalog show ID --format json` gives it.
double figure(const std::string& id, const std::string& key) {
    const json j = run_json({"catalog", "show", id, "--format", "json"});
    REQUIRE(j["figures"].contains(key));
    return j["figures"][key]["value"].get<double>();
}

/// What one emulated accelerator reads, from the four inputs `catalog show` prints.
double derived_read(const std::string& id) {
    return figure(id, "batch") * figure(id, "sample_size_bytes") / figure(id, "compute_time_s") *
           figure(id, "min_au");
}

} // namespace

TEST_CASE("catalog show of the 3D U-Net workload prints its read and the four inputs it comes "
          "from") {
    const ProcessResult r = podsizer({"catalog", "show", "unet3d-h100"});
    REQUIRE(r.exit_code == 0);
    // mlcommons/storage configs/dlio/workload/unet3d_h100.yaml: batch 7,
    // 146,600,628 B, 0.323 s; 90 % AU (docs/workloads.md §1):
    // 7 × 146,600,628 ÷ 0.323 × 0.9 = 2.859 GB/s.
    CHECK_THAT(r.out, Catch::Contains("2.859 GB/s = 7 × 146.601 MB ÷ 0.3230 s × 0.90"));
    const json j = run_json({"catalog", "show", "unet3d-h100", "--format", "json"});
    const double read = j["figures"]["read_per_accelerator_bytes_per_s"]["value"].get<double>();
    CHECK(read == Approx(derived_read("unet3d-h100")).epsilon(1e-12));
    CHECK(j["figures"]["read_per_accelerator_bytes_per_s"]["source"]["kind"] == "derived");
    // ResNet-50 and CosmoFlow as REVIEW-4 part A §3 derived them: 0.184 and 0.566 GB/s.
    CHECK(derived_read("resnet50-h100") / 1e9 == Approx(0.184).margin(0.0005));
    CHECK(derived_read("cosmoflow-h100") / 1e9 == Approx(0.566).margin(0.0005));
}

TEST_CASE(
    "a workload flag sizes read for GPUs x the workload's read x the platform's speed factor") {
    const json j = run_json({"size", "--gpus", "4608", "--platform", "b300", "--usable", "50PB",
                             "--workload", "unet3d-h100", "--format", "json"});
    const json& req = j["requirements"];
    const double speed = figure("b300", "speed_vs_h100");
    const double expected = 4608.0 * derived_read("unet3d-h100") * speed;
    CHECK(req["read_bytes_per_s"].get<double>() == Approx(expected).epsilon(1e-12));
    CHECK(req["read_driver"] == "workloads (unet3d-h100)");
    // The counts the read set name the workload (sized_by).
    CHECK(j["designs"][0]["sized_by"]["cnodes"]["read_set_by"] == "workloads (unet3d-h100)");
    REQUIRE(req["workloads"].size() == 1);
    CHECK(req["workloads"][0]["speed_from"] == "speed_vs_h100 of b300");
    CHECK(req["workloads"][0]["speed_assumed"] == true); // catalog: ASSUMPTION
    CHECK(req["write_needed"] == false);
    const json& verdict = j["designs"][0]["verdict"];
    CHECK(verdict["status"] != "capacity only");
    CHECK(verdict["checks"][0]["result"] == "pass");
    CHECK(verdict["checks"][1]["result"] == "not applicable"); // nothing writes
    // The table's requirement line says the workload and stars the assumed factor.
    const ProcessResult t = podsizer({"size", "--gpus", "4608", "--platform", "b300", "--usable",
                                      "50PB", "--workload", "unet3d-h100"});
    CHECK_THAT(t.out, Catch::Contains("workloads unet3d-h100: read 26.35 TB/s*"));
    CHECK_THAT(t.out, Catch::Contains("no write need"));
    CHECK_THAT(t.out, Catch::Contains("write nothing podsizer can size"));
}

TEST_CASE("concurrent workloads add their reads and a checkpoint job sets the write") {
    const json j = run_json({"size", "examples/workloads-b300.json", "--format", "json"});
    const json& req = j["requirements"];
    const double speed = figure("b300", "speed_vs_h100");
    // Half the 4,608 GPUs each (docs/workloads.md §3): 2,304 × each read × speed.
    const double expected =
        2304.0 * speed * (derived_read("unet3d-h100") + derived_read("resnet50-h100"));
    CHECK(req["read_bytes_per_s"].get<double>() == Approx(expected).epsilon(1e-12));
    CHECK(req["workloads"].size() == 2);
    CHECK(req["write_needed"] == true);
    CHECK(req["write_driven_by"] == "checkpoints");
    CHECK(req["write_bytes_per_s"].get<double>() ==
          Approx(req["checkpoint_write_bytes_per_s"].get<double>()));
    CHECK(j["designs"][0]["verdict"]["checks"][1]["result"] == "pass");
    // The table's requirement line gives the same sum.
    const ProcessResult t = podsizer({"size", "examples/workloads-b300.json"});
    REQUIRE(t.exit_code == 0);
    CHECK_THAT(t.out, Catch::Contains("workloads unet3d-h100 + resnet50-h100: read " +
                                      fmt::format("{:.2f}", expected / 1e12) + " TB/s*"));
}

TEST_CASE("4,608 B300 GPUs are 8 SUs on the XDR reference architecture and 9 on the busbar one") {
    for (const auto& [platform, sus] : {std::pair{"b300-xdr", 8}, std::pair{"b300", 9}}) {
        const json j = run_json({"size", "--gpus", "4608", "--platform", platform, "--usable",
                                 "50PB", "--workload", "unet3d-h100", "--format", "json"});
        CHECK(j["requirements"]["sus"] == sus);
    }
}

TEST_CASE("a workload that cannot apply is refused in one line naming its place") {
    // A checkpoint workload where a training-data one belongs.
    const ProcessResult ckpt = podsizer({"size", "--gpus", "4608", "--platform", "b300", "--usable",
                                         "50PB", "--workload", "llama3-405b-checkpoint"});
    CHECK(ckpt.exit_code == 2);
    CHECK_THAT(ckpt.err, Catch::StartsWith("podsizer: error: --workload: "));
    CHECK_THAT(ckpt.err, Catch::Contains("checkpoint workload"));
    // An A100 workload on a platform the catalog compares with the H100 only.
    const ProcessResult a100 = podsizer({"size", "--gpus", "4608", "--platform", "b300", "--usable",
                                         "50PB", "--workload", "unet3d-a100"});
    CHECK(a100.exit_code == 2);
    CHECK_THAT(a100.err, Catch::Contains("no training speed of b300 against the a100"));
    // An unknown id, with the nearest.
    const ProcessResult unknown = podsizer({"size", "--gpus", "4608", "--platform", "b300",
                                            "--usable", "50PB", "--workload", "unet3d"});
    CHECK(unknown.exit_code == 2);
    CHECK_THAT(unknown.err, Catch::Contains("unet3d-h100"));
    for (const ProcessResult* r : {&ckpt, &a100, &unknown}) {
        CHECK(std::count(r->err.begin(), r->err.end(), '\n') == 1);
    }
}

TEST_CASE("beside a rule the rule's own read and the workloads' read are said apart, and the "
          "larger sets the need") {
    // A GB300 pod under the H100 "Better" rule (40 GB/s per SU of 256:
    // 0.15625 GB/s a GPU, catalog/data/performance_rules.json) with CosmoFlow
    // on half its GPUs at a stated speed of 2.5.
    const std::string scenario =
        test_support::write_temp("workloads/beside-rule.json",
                                 R"({"schema": "podsizer-scenario/1", "name": "beside a rule",
            "fleet": {"platform": "gb300-nvl72", "gpus": 9216},
            "performance": {"rule": "h100-better",
                            "workloads": [{"id": "cosmoflow-h100", "gpus": 4608, "speed": 2.5}]},
            "capacity": {"usable": "80 PB"}})");
    const json j = run_json({"size", scenario, "--format", "json"});
    const json& req = j["requirements"];
    const double rule_read = 9216.0 * 40e9 / 256.0;
    const double workloads = 4608.0 * derived_read("cosmoflow-h100") * 2.5;
    REQUIRE(workloads > rule_read);
    CHECK(req["read_bytes_per_s"].get<double>() == Approx(workloads).epsilon(1e-12));
    CHECK(req["read_driver"] == "workloads (cosmoflow-h100)");
    const ProcessResult t = podsizer({"size", scenario});
    REQUIRE(t.exit_code == 0);
    CHECK_THAT(t.out, Catch::Contains("rule h100-better: read " +
                                      fmt::format("{:.2f}", rule_read / 1e12) + " TB/s"));
    CHECK_THAT(t.out, Catch::Contains("(sets the read requirement)"));
}
