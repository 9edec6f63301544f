// The checkpoint model: sizes, write times, the bandwidth a cadence needs,
// several jobs, offsite copies and retention (docs/checkpoints.md §1–§3, §8).
// Golden figures are worked by hand from the formulas; each says how.
#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/checkpoint_plan.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/failure.hpp"
#include "podsizer/core/goodput_curve.hpp"
#include "podsizer/core/scenario.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace podsizer;

namespace {
Duration seconds(double s) {
    return Duration::from_base(s);
}
Throughput bytes_per_s(double b) {
    return Throughput::from_base(b);
}
// The reference job: 1.8T parameters × 14 B (shared/brief/BRIEF.md).
const Capacity kRefSize = Capacity::from_base(25.2e12);
} // namespace

TEST_CASE("a checkpoint is parameters times bytes per parameter") {
    // By hand: 1.8e12 × 14 = 25.2e12 B; 70e9 × 16 = 1.12e12 B; 405e9 × 2 = 810e9 B.
    CHECK(checkpoint_size(1.8e12, 14).base() == Approx(25.2e12));
    CHECK(checkpoint_size(70e9, 16).base() == Approx(1.12e12));
    CHECK(checkpoint_size(405e9, 2).base() == Approx(810e9));
}

TEST_CASE("parameter counts are read with K, M, B, G and T suffixes") {
    struct Row {
        const char* text;
        double params;
    };
    const std::vector<Row> rows{
        {"1.8T", 1.8e12}, {"70B", 70e9},  {"405B", 405e9}, {"405 B", 405e9},
        {"7e9", 7e9},     {"13M", 13e6},  {"1.5k", 1.5e3}, {"8G", 8e9},
        {"0.5t", 0.5e12}, {"70bn", 70e9}, {" 70B ", 70e9}, {"175,000,000,000", 175e9},
    };
    for (const Row& r : rows) {
        INFO(r.text);
        CHECK(parse_param_count(r.text) == Approx(r.params));
    }
}

TEST_CASE("bad parameter counts are input errors that say what was expected") {
    struct Row {
        const char* text;
        const char* says;
    };
    const std::vector<Row> rows{
        {"", "not a number"},
        {"abc", "not a number"},
        {"-5B", "greater than zero"},
        {"0", "greater than zero"},
        {"0T", "greater than zero"},
        {"25TB", "looks like a size"},
        {"1.8 Tb", "looks like a size"},
        {"1.8X", "unknown suffix"},
        {"1e17", "out of range"},
        {"1,00B", "not a number"},
    };
    for (const Row& r : rows) {
        INFO(r.text);
        try {
            parse_param_count(r.text);
            FAIL("accepted " << r.text);
        } catch (const InputError& e) {
            CHECK_THAT(e.message(), Catch::Contains(r.says));
            CHECK_THAT(e.message(), Catch::Contains("1.8T"));
        }
    }
}

TEST_CASE("bytes per parameter take a number or a preset with its source") {
    CHECK(parse_bytes_per_param("14") == 14.0);
    CHECK(parse_bytes_per_param("14 B") == 14.0);
    CHECK(parse_bytes_per_param("2.5") == 2.5);
    // ZeRO's mixed-precision Adam: 2 + 2 + 12 = 16 B of state; 14 without gradients; bf16
    // weights 2.
    CHECK(parse_bytes_per_param("full-state") == 16.0);
    CHECK(parse_bytes_per_param("checkpoint") == 14.0);
    CHECK(parse_bytes_per_param("weights") == 2.0);
    CHECK(kDefaultBytesPerParam == 14.0);
    for (const BytesPerParamPreset& p : bytes_per_param_presets()) {
        INFO(p.id);
        CHECK_FALSE(p.ref.empty());
        CHECK_FALSE(p.note.empty());
    }
    for (const char* bad : {"0", "-2", "14 b", "2000", "foo", "", "14 TB"}) {
        INFO(bad);
        CHECK_THROWS_AS(parse_bytes_per_param(bad), InputError);
    }
    CHECK_THROWS_WITH(parse_bytes_per_param("14 b"), Catch::Contains("bit"));
}

TEST_CASE("parameter counts and intervals print as people write them") {
    CHECK(format_param_count(1.8e12) == "1.8T");
    CHECK(format_param_count(70e9) == "70B");
    CHECK(format_param_count(405e9) == "405B");
    CHECK(format_param_count(13e6) == "13M");
    CHECK(format_interval(seconds(60)) == "60 s");
    CHECK(format_interval(seconds(300)) == "5 min");
    CHECK(format_interval(seconds(5.6)) == "5.6 s");
    CHECK(format_interval(seconds(0.16)) == "0.16 s");
    CHECK(format_interval(seconds(0.005)) == "5.0 ms");
    CHECK(format_interval(seconds(3 * 3600)) == "3 h");
}

TEST_CASE("write time is the checkpoint size over the write bandwidth") {
    // By hand: 25.2e12 B / 4.5e12 B/s = 5.6 s.
    CHECK(write_time(kRefSize, bytes_per_s(4.5e12)).base() == Approx(5.6));
}

TEST_CASE("the reference pod's cadence table: sync with a 5 % stall budget and async") {
    // docs/checkpoints.md §3, by hand: sync W = size / (0.05 × τ); async W = size / τ.
    // 25.2e12 / (0.05 × 60) = 8.4e12; / (0.05 × 300) = 1.68e12; / (0.05 × 900) = 0.56e12.
    // 25.2e12 / 60 = 420e9; / 300 = 84e9; / 900 = 28e9.
    struct Row {
        double interval_s;
        double sync;
        double async;
    };
    const std::vector<Row> rows{{60, 8.4e12, 420e9}, {300, 1.68e12, 84e9}, {900, 0.56e12, 28e9}};
    for (const Row& r : rows) {
        INFO(r.interval_s);
        CHECK(required_write(kRefSize, seconds(r.interval_s), CheckpointMode::sync, 0.05).base() ==
              Approx(r.sync));
        CHECK(required_write(kRefSize, seconds(r.interval_s), CheckpointMode::async, 0.05).base() ==
              Approx(r.async));
    }
}

TEST_CASE("the shortest sustainable interval inverts the required bandwidth") {
    // By hand: δ = 5.6 s at 4.5 TB/s; sync needs δ ≤ 0.05 τ, so τ ≥ 112 s; async τ ≥ δ.
    CHECK(shortest_interval(kRefSize, bytes_per_s(4.5e12), CheckpointMode::sync, 0.05).base() ==
          Approx(112.0));
    CHECK(shortest_interval(kRefSize, bytes_per_s(4.5e12), CheckpointMode::async, 0.05).base() ==
          Approx(5.6));
    for (double tau : {1.0, 60.0, 300.0, 86400.0}) {
        for (CheckpointMode m : {CheckpointMode::sync, CheckpointMode::async}) {
            const Throughput w = required_write(kRefSize, seconds(tau), m, 0.2);
            CHECK(shortest_interval(kRefSize, w, m, 0.2).base() == Approx(tau));
        }
    }
}

TEST_CASE("concurrent jobs add up and alternatives take the largest") {
    const std::vector<Throughput> jobs{bytes_per_s(1e12), bytes_per_s(3e12), bytes_per_s(0.5e12)};
    CHECK(combined_write(jobs, true).base() == Approx(4.5e12));
    CHECK(combined_write(jobs, false).base() == Approx(3e12));
    CHECK(combined_write({}, true).base() == 0.0);
}

TEST_CASE("offsite copies need WAN bandwidth and retained checkpoints need capacity") {
    // By hand: every 6th of a 5-min cadence is one 25.2 TB copy per 30 min:
    // 25.2e12 / 1,800 s = 14e9 B/s (112 Gbps).
    CHECK(offsite_bandwidth(kRefSize, seconds(300), 6).base() == Approx(14e9));
    CHECK(offsite_bandwidth(kRefSize, seconds(300), 0).base() == 0.0);
    // 2 retained × 25.2 TB = 50.4 TB; 75.6 TB while the third is being written.
    CHECK(retained_capacity(kRefSize, 2).base() == Approx(50.4e12));
    CHECK(peak_retained_capacity(kRefSize, 2).base() == Approx(75.6e12));
}

namespace {
CheckpointJobSpec job(std::string name, double interval_s, CheckpointMode mode) {
    CheckpointJobSpec j;
    j.name = std::move(name);
    j.params = 1.8e12;
    j.size = kRefSize;
    j.interval = seconds(interval_s);
    j.mode = mode;
    j.offsite_every = 6;
    return j;
}
} // namespace

// 6.5 per 1,000 node-days (HPCA 2025's higher rate) stated per 4-GPU node, so
// the MTBFs below are those of the rate applied per GB200 tray as it stands.
FailureRate rate_per_4_gpu_node() {
    FailureRate r;
    r.per_1000_node_days = 6.5;
    r.gpus_per_node = 4;
    return r;
}
const FailureRate kRatePer4GpuNode = rate_per_4_gpu_node();

TEST_CASE("a plan of concurrent jobs shares a design's write in proportion to need") {
    CheckpointSpec spec;
    spec.concurrent = true;
    spec.jobs = {job("a", 300, CheckpointMode::sync), job("b", 60, CheckpointMode::async)};
    spec.jobs[0].gpus = 20000;
    spec.jobs[1].gpus = 20000;
    // 20,000 GPUs on 4-GPU nodes = 5,000 nodes; at 6.5 per 1,000 node-days
    // M = 86,400 / 32.5 = 2,658.46 s.
    // The rate stated per 4-GPU node, the platform's own: no conversion here.
    const CheckpointPlan plan = plan_checkpoints(spec, 41472, 4, kRatePer4GpuNode);
    REQUIRE(plan.jobs.size() == 2);
    CHECK(plan.jobs[0].nodes == 5000);
    CHECK(plan.jobs[0].model.mtbf.base() == Approx(86400.0 / 32.5));
    // 1.68e12 (5 min sync) + 420e9 (60 s async) = 2.1e12 B/s.
    CHECK(plan.write.base() == Approx(2.1e12));
    CHECK(plan.jobs[0].basis == CheckpointBasis::cadence);
    // Offsite: every 6th: 25.2e12 / 1,800 s = 14e9 and 25.2e12 / 360 s = 70e9.
    CHECK(plan.offsite_write.base() == Approx(84e9));

    // A design delivering exactly the sum sustains both cadences.
    auto on = checkpoints_on_design(plan, bytes_per_s(2.1e12));
    CHECK(on[0].share.base() == Approx(1.68e12));
    CHECK(on[1].share.base() == Approx(420e9));
    CHECK(on[0].sustainable);
    CHECK(on[1].sustainable);
    CHECK(on[0].shortest_interval.base() == Approx(300.0));

    // Half of it sustains neither; each job's shortest interval doubles.
    on = checkpoints_on_design(plan, bytes_per_s(1.05e12));
    CHECK_FALSE(on[0].sustainable);
    CHECK_FALSE(on[1].sustainable);
    CHECK(on[0].shortest_interval.base() == Approx(600.0));
    CHECK(on[1].shortest_interval.base() == Approx(120.0));
}

TEST_CASE("alternative jobs each get the whole write and the plan needs the largest") {
    CheckpointSpec spec;
    spec.concurrent = false;
    spec.jobs = {job("60 s sync", 60, CheckpointMode::sync),
                 job("5 min sync", 300, CheckpointMode::sync)};
    const CheckpointPlan plan = plan_checkpoints(spec, 41472, 4, kRatePer4GpuNode);
    CHECK(plan.write.base() == Approx(8.4e12));
    // The whole pod: 41,472 / 4 = 10,368 nodes; M = 86,400 / 67.392 = 1,282.05 s.
    CHECK(plan.jobs[0].gpus == 41472);
    CHECK(plan.jobs[0].model.mtbf.base() == Approx(1282.0512820512822));
    // 3 × 25.2 TB at the peak, not twice that: alternatives do not coexist.
    CHECK(plan.peak_retained.base() == Approx(75.6e12));
    const auto on = checkpoints_on_design(plan, bytes_per_s(4.5e12));
    CHECK(on[0].share.base() == Approx(4.5e12));
    CHECK(on[1].share.base() == Approx(4.5e12));
    CHECK_FALSE(on[0].sustainable); // 8.4 TB/s needed
    CHECK(on[1].sustainable);       // 1.68 TB/s needed
    CHECK(on[0].shortest_interval.base() == Approx(112.0));
}

TEST_CASE("an auto job needs the bandwidth at which its write takes the budget of the Daly "
          "interval") {
    CheckpointJobSpec j = job("auto", 60, CheckpointMode::sync);
    j.interval.reset();
    CheckpointSpec spec;
    spec.jobs = {j};
    const CheckpointPlan plan = plan_checkpoints(spec, 41472, 4, kRatePer4GpuNode);
    const CheckpointRequirement& r = plan.jobs[0];
    CHECK(r.basis == CheckpointBasis::daly_budget);
    // Independent route: at the requirement the write is exactly 5 % of the
    // Daly interval computed from that write time (definition, not the closed form).
    const Duration delta = write_time(r.model.size, r.required_write);
    CHECK(delta / daly_interval(delta, r.model.mtbf) == Approx(0.05));
    CHECK(r.at_requirement.write_share == Approx(0.05));
    // The plan reports each job's knee under the section's rule (default: a
    // 100 GB/s step that gives back less than 100 GPU-hours a day).
    REQUIRE(r.knee);
    CHECK(r.knee_rule.step.base() == Approx(100e9));
    CHECK(r.knee_rule.threshold == Approx(100.0));
    CHECK(r.knee->base() == Approx(knee_bandwidth(r.model, KneeRule{})->base()));
}
