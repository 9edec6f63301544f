// The "checkpoint" section of a scenario (docs/checkpoints.md §8).
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/errors.hpp"
#include "support/default_catalog.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace podsizer;

namespace {

using test_support::cat;
std::string error_of(const std::string& checkpoint) {
    const std::string doc = R"({"name": "n", "fleet": {"platform": "gb200-nvl72", "gpus": 41472},
        "checkpoint": )" + checkpoint +
                            "}";
    return test_support::scenario_error_of(doc);
}
} // namespace

TEST_CASE("a scenario reads every checkpoint field") {
    Diagnostics diag;
    const Scenario s = parse_scenario(R"({"name": "n",
        "fleet": {"platform": "gb200-nvl72", "gpus": 41472},
        "checkpoint": {"failure_rate": "llama3-h100", "concurrent": true, "knee_step": "50 GB/s",
          "knee_threshold": 250,
          "jobs": [
            {"name": "big", "params": "1.8T", "bytes_per_param": "full-state", "gpus": 30000,
             "interval": "5 min", "mode": "async", "stall_budget": "2%", "restart_time": "15 min",
             "offsite_every": 6, "retain": 3},
            {"checkpoint_size": "2 TB", "gpus": 8000},
            {"params": 70e9, "bytes_per_param": 2, "gpus": 2048, "interval": "auto"}]}})",
                                      "s.json", cat(), &diag);
    CHECK(diag.warnings.empty());
    REQUIRE(s.checkpoint);
    const CheckpointSpec& c = *s.checkpoint;
    CHECK(c.failure_rate == "llama3-h100");
    CHECK(c.concurrent);
    CHECK(c.knee_step.base() == Approx(50e9));
    CHECK(c.knee_threshold == Approx(250.0));
    REQUIRE(c.jobs.size() == 3);
    const CheckpointJobSpec& big = c.jobs[0];
    CHECK(big.name == "big");
    CHECK(big.params == Approx(1.8e12));
    CHECK(big.bytes_per_param == 16.0);
    CHECK(big.size.base() == Approx(28.8e12)); // 1.8e12 × 16
    CHECK(big.gpus == 30000);
    CHECK(big.interval->base() == Approx(300));
    CHECK(big.mode == CheckpointMode::async);
    CHECK(big.stall_budget == Approx(0.02));
    CHECK(big.restart.base() == Approx(900));
    CHECK(big.offsite_every == 6);
    CHECK(big.retain == 3);
    // Defaults: a name, sync, 5 % stall budget, 10 min restart (the failure
    // band's central case, issue 51), auto interval, 2 retained.
    const CheckpointJobSpec& second = c.jobs[1];
    CHECK(second.name == "job 2");
    CHECK(second.params == 0.0);
    CHECK(second.size.base() == Approx(2e12));
    CHECK(second.mode == CheckpointMode::sync);
    CHECK(second.stall_budget == Approx(0.05));
    CHECK(second.restart.base() == Approx(600));
    CHECK_FALSE(second.interval.has_value());
    CHECK(second.retain == 2);
    CHECK(second.offsite_every == 0);
    CHECK(c.jobs[2].size.base() == Approx(140e9)); // 70e9 × 2
}

TEST_CASE("a failure rate may be a number per 1,000 node-days") {
    const Scenario s = parse_scenario(R"({"name": "n",
        "fleet": {"platform": "h100", "gpus": 1024},
        "checkpoint": {"failure_rate": 4.5, "jobs": [{"params": "70B"}]}})",
                                      "s.json", cat());
    CHECK(s.checkpoint->failures_per_1000_node_days.value() == Approx(4.5));
    CHECK(s.checkpoint->failure_rate.empty());
    CHECK(s.checkpoint->rate_node_gpus == 0); // left out: read per 8-GPU node
}

TEST_CASE("a number's node size converts it to the platform's nodes") {
    // HPCA 2025's 6.5 per 1,000 8-GPU node-days on 41,472 GB200 GPUs (4 per
    // tray): M = 86,400 / (5,184 × 6.5 / 1,000) = 2,564 s = 42.7 min (docs/checkpoints.md §4).
    const Scenario s = parse_scenario(R"({"name": "n",
        "fleet": {"platform": "gb200-nvl72", "gpus": 41472},
        "checkpoint": {"failure_rate": 6.5, "rate_node_gpus": 8, "jobs": [{"params": "1.8T"}]}})",
                                      "s.json", cat());
    CHECK(s.checkpoint->rate_node_gpus == 8);
    const SizingResult r = size_scenario(s, cat());
    const CheckpointRequirement& job = r.requirements.checkpoints.jobs.at(0);
    CHECK(job.nodes == 10368);
    CHECK(job.platform_failures_per_1000_node_days == Approx(3.25));
    CHECK(job.model.mtbf.base() / 60.0 == Approx(42.7).epsilon(0.02));
    // Read per GPU-day the same cluster fails 8 times as often as per 8-GPU node.
    const Scenario per_gpu = parse_scenario(R"({"name": "n",
        "fleet": {"platform": "gb200-nvl72", "gpus": 41472},
        "checkpoint": {"failure_rate": 6.5, "rate_node_gpus": 1, "jobs": [{"params": "1.8T"}]}})",
                                            "s.json", cat());
    CHECK(size_scenario(per_gpu, cat()).requirements.checkpoints.jobs.at(0).model.mtbf.base() ==
          Approx(job.model.mtbf.base() / 8));
}

TEST_CASE("bad checkpoint sections name the JSON path and what was expected") {
    struct Row {
        const char* checkpoint;
        const char* says;
    };
    const Row rows[] = {
        {R"({})", "s.json: $.checkpoint.jobs: missing required field"},
        {R"({"jobs": []})", "$.checkpoint.jobs: empty"},
        {R"({"jobs": [{}]})", "$.checkpoint.jobs[0]: give either \"params\""},
        {R"({"jobs": [{"params": "1.8T", "checkpoint_size": "25 TB"}]})", "not both or neither"},
        {R"({"jobs": [{"params": "25TB"}]})",
         "$.checkpoint.jobs[0].params: \"25TB\": looks like a size"},
        {R"({"jobs": [{"params": 0}]})",
         "$.checkpoint.jobs[0].params: expected a parameter count above 0"},
        {R"({"jobs": [{"params": "-1T"}]})", "greater than zero"},
        {R"({"jobs": [{"params": "1.8T", "bytes_per_param": 0}]})",
         "$.checkpoint.jobs[0].bytes_per_param: expected bytes per parameter above 0"},
        {R"({"jobs": [{"params": "1.8T", "bytes_per_param": "14 b"}]})", "b is a bit"},
        {R"({"jobs": [{"checkpoint_size": "25 TB", "bytes_per_param": 14}]})",
         "$.checkpoint.jobs[0].bytes_per_param: applies to \"params\""},
        {R"({"jobs": [{"checkpoint_size": "25 Tb"}]})",
         "$.checkpoint.jobs[0].checkpoint_size: \"25 Tb\": Tb is a number of bits"},
        {R"({"jobs": [{"checkpoint_size": "0 TB"}]})", "must be greater than zero"},
        {R"({"jobs": [{"checkpoint_size": 25}]})", "25 has no unit"},
        {R"({"jobs": [{"params": "1.8T", "interval": "0 s"}]})",
         "$.checkpoint.jobs[0].interval: must be greater than zero"},
        {R"({"jobs": [{"params": "1.8T", "interval": "5"}]})", "missing unit"},
        {R"({"jobs": [{"params": "1.8T", "interval": "-5 min"}]})", "must not be negative"},
        {R"({"jobs": [{"params": "1.8T", "mode": "fast"}]})",
         "$.checkpoint.jobs[0].mode: \"fast\" is not a checkpoint mode"},
        {R"({"jobs": [{"params": "1.8T", "stall_budget": "100%"}]})",
         "$.checkpoint.jobs[0].stall_budget: \"100%\": expected a stall budget above 0 % and below "
         "100 %"},
        {R"({"jobs": [{"params": "1.8T", "stall_budget": "150%"}]})", "below 100 %"},
        {R"({"jobs": [{"params": "1.8T", "stall_budget": "0%"}]})", "above 0 %"},
        {R"({"jobs": [{"params": "1.8T", "stall_budget": 5}]})", "has no % sign"},
        {R"({"jobs": [{"params": "1.8T", "restart_time": "-1 min"}]})", "must not be negative"},
        {R"({"jobs": [{"params": "1.8T", "offsite_every": 0}]})",
         "$.checkpoint.jobs[0].offsite_every: expected a whole number from 1"},
        {R"({"jobs": [{"params": "1.8T", "retain": 0}]})", "$.checkpoint.jobs[0].retain"},
        {R"({"jobs": [{"params": "1.8T", "gpus": 50000}]})", "more than the pod's 41472"},
        {R"({"jobs": [{"params": "1.8T"}, {"params": "70B", "gpus": 8}]})",
         "$.checkpoint.jobs[1]: concurrent jobs use 41480 GPUs"},
        {R"({"jobs": [{"name": "a", "params": "1.8T", "gpus": 8}, {"name": "a", "params": "70B", "gpus": 8}]})",
         "$.checkpoint.jobs[1].name: duplicate job name \"a\""},
        {R"({"failure_rate": "llama3-h100", "rate_node_gpus": 4, "jobs": [{"params": "1.8T"}]})",
         "$.checkpoint.rate_node_gpus: applies to a \"failure_rate\" given as a number; a preset "
         "(\"llama3-h100\") states its own GPUs per node"},
        {R"({"rate_node_gpus": 4, "jobs": [{"params": "1.8T"}]})",
         "a preset (the catalog's default) states its own"},
        {R"({"failure_rate": 6.5, "rate_node_gpus": 0, "jobs": [{"params": "1.8T"}]})",
         "$.checkpoint.rate_node_gpus"},
        {R"({"failure_rate": "nope", "jobs": [{"params": "1.8T"}]})",
         "$.checkpoint.failure_rate: unknown failure-rate preset \"nope\""},
        {R"({"failure_rate": 0, "jobs": [{"params": "1.8T"}]})",
         "$.checkpoint.failure_rate: expected failures per 1,000 node-days above 0"},
        {R"({"failure_rate": -3, "jobs": [{"params": "1.8T"}]})", "above 0"},
        {R"({"knee_threshold": 0, "jobs": [{"params": "1.8T"}]})",
         "$.checkpoint.knee_threshold: expected GPU-hours per day above 0"},
        {R"({"knee_step": "100 GB", "jobs": [{"params": "1.8T"}]})", "$.checkpoint.knee_step"},
        {R"({"concurrent": "yes", "jobs": [{"params": "1.8T"}]})", "expected true or false"},
    };
    for (const Row& r : rows) {
        INFO(r.checkpoint);
        CHECK_THAT(error_of(r.checkpoint), Catch::Contains(r.says));
    }
}

TEST_CASE("alternatives may each use the whole pod") {
    CHECK(error_of(R"({"concurrent": false,
        "jobs": [{"params": "1.8T"}, {"params": "70B"}]})") == "(no error)");
}

TEST_CASE("checkpoint jobs need a fleet and are enough to size") {
    try {
        (void)parse_scenario(R"({"name": "n", "capacity": {"usable": "1 PB"},
            "checkpoint": {"jobs": [{"params": "1.8T"}]}})",
                             "s.json", cat());
        FAIL("accepted checkpoint jobs without a fleet");
    } catch (const InputError& e) {
        CHECK_THAT(std::string(e.what()),
                   Catch::Contains("$.checkpoint: checkpoint jobs need a \"fleet\""));
    }
    // No performance rule and no capacity: the checkpoints alone set the write.
    CHECK_NOTHROW(parse_scenario(R"({"name": "n", "fleet": {"platform": "h100", "gpus": 1024},
        "checkpoint": {"jobs": [{"params": "70B", "interval": "5 min"}]}})",
                                 "s.json", cat()));
}

TEST_CASE("the checkpoint example loads without warnings") {
    Diagnostics diag;
    const Scenario s = load_scenario(
        std::string(PODSIZER_SOURCE_DIR) + "/examples/checkpoint-cadence.json", cat(), &diag);
    CHECK(diag.warnings.empty());
    REQUIRE(s.checkpoint);
    CHECK_FALSE(s.checkpoint->concurrent);
    CHECK(s.checkpoint->jobs.size() == 6);
}
