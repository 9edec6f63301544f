// Sites with their own needs (issue 49 item 1; docs/sites-and-phases.md,
// "A site's own needs"), run on the real binary: each such site is sized as
// the one-site scenario of its GPUs and needs, and the checks a site adds
// (its GPUs' draw, GPUs that are not whole clusters) name their figures.
#include "run_process.hpp"
#include "support/json_lookup.hpp"
#include "support/test_files.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <string>

namespace {

using test_support::write_temp;

// What every scenario below shares: the rack, a 5.29 TB checkpoint every
// 30 min (Llama 3 405B, examples/workloads-b300.json) and the hardware of
// the NCP pod, so the sizes differ only by the sites' needs.
constexpr const char* kShared = R"(
  "constraints": {"rack": "rack-42u-25kw"},
  "options": [{"name": "pod", "cnode": "cnode-1u", "dbox": "dbox-1u-22", "drive": "61.44 TB"}],
  "checkpoint": {"jobs": [{"name": "405B", "checkpoint_size": "5.29 TB", "interval": "30 min"}]}
)";

/// The three sites of the issue: 36,864 GB300 (64 SUs of 576), 38,400 B300
/// (75 SUs of 512) and 23,040 GB300 (40 SUs) GPUs needing 300, 150 and 150 PB,
/// each running ResNet-50's training reads on all its GPUs.
std::string three_sites() {
    return std::string(R"({
  "schema": "podsizer-scenario/1",
  "name": "three sites with their own needs",
  "fleet": {
    "platform": "gb300-nvl72",
    "gpus": 98304,
    "sites": [
      {"name": "A", "gpus": 36864, "usable": "300 PB", "workload": "resnet50-h100"},
      {"name": "B", "gpus": 38400, "platform": "b300", "usable": "150 PB",
       "workload": "resnet50-h100"},
      {"name": "C", "gpus": 23040, "usable": "150 PB", "workload": "resnet50-h100",
       "size_for": "dbox-down"}
    ]
  },
  "performance": {"rule": "ncp-gb200-customer"},
  "capacity": {"usable": "215 PB"},)") +
           kShared + "}";
}

/// The one-site scenario with a site's needs, written out by hand.
std::string one_site(const std::string& platform, int gpus, const std::string& usable,
                     const std::string& size_for) {
    return fmt::format(R"({{
  "schema": "podsizer-scenario/1",
  "name": "one site",
  "fleet": {{"platform": "{}", "gpus": {}}},
  "performance": {{"workloads": [{{"id": "resnet50-h100"}}]}},
  "capacity": {{"usable": "{}"}},
  "constraints": {{"rack": "rack-42u-25kw", "size_for": "{}"}},
  "options": [{{"name": "pod", "cnode": "cnode-1u", "dbox": "dbox-1u-22", "drive": "61.44 TB"}}],
  "checkpoint": {{"jobs": [{{"name": "405B", "checkpoint_size": "5.29 TB", "interval": "30 min"}}]}}
}})",
                       platform, gpus, usable, size_for);
}

nlohmann::json size_json(const std::string& name, const std::string& text) {
    const ProcessResult r = podsizer({"size", write_temp(name, text), "--format", "json"});
    INFO(r.err);
    REQUIRE((r.exit_code == 0 || r.exit_code == 1));
    return nlohmann::json::parse(r.out);
}

const nlohmann::json& site(const nlohmann::json& doc, const std::string& name) {
    return test_support::element_where(doc.at("sites"), "name", name);
}

} // namespace

TEST_CASE("each site with its own needs equals size of the one-site scenario with those needs") {
    const nlohmann::json doc = size_json("three-sites.json", three_sites());
    struct Case {
        const char* name;
        const char* platform;
        int gpus;
        const char* usable;
        const char* size_for;
    };
    for (const Case c : {Case{"A", "gb300-nvl72", 36864, "300 PB", "intact"},
                         Case{"B", "b300", 38400, "150 PB", "intact"},
                         Case{"C", "gb300-nvl72", 23040, "150 PB", "dbox-down"}}) {
        INFO("site " << c.name);
        const nlohmann::json alone = size_json(std::string("site-") + c.name + ".json",
                                               one_site(c.platform, c.gpus, c.usable, c.size_for));
        const nlohmann::json& d = alone.at("designs").at(0);
        const nlohmann::json& s = site(doc, c.name);
        CHECK(s.at("clusters") == 1);
        CHECK(s.at("gpus") == c.gpus);
        CHECK(s.at("platform") == c.platform);
        for (const char* key :
             {"cnodes", "dboxes", "switches", "racks", "usable_capacity_bytes", "read_bytes_per_s",
              "write_bytes_per_s", "power_w", "facility_power_w", "size_for"}) {
            INFO(key);
            CHECK(s.at(key) == d.at(key));
        }
        CHECK(s.at("pod_racks") == d.at("racks"));
        CHECK(s.at("verdict") == d.at("verdict").at("status"));
        // The needs are the one-site scenario's requirement.
        CHECK(s.at("usable_need_bytes") == alone.at("requirements").at("usable_capacity_bytes"));
    }
    // The sites differ: their needs, not the fleet's one pod, set them.
    CHECK(site(doc, "A").at("dboxes") != site(doc, "B").at("dboxes"));
    CHECK(site(doc, "C").at("size_for") == "dbox-down");
}

TEST_CASE("sites without a cluster size each get a system for their own GPUs, not the fleet's") {
    // REVIEW-4 part B F3: three sites of 41,472 GPUs under a 124,416-GPU fleet
    // without gpus_per_cluster each got a pod for all 124,416 GPUs. Now each
    // is the NCP pod of examples/ncp-pod-41k.json (450 C-nodes, 180 D-boxes,
    // docs/model.md §12): 41,472 GPUs on the NCP rule with 215 PB each.
    const std::string text = R"({
  "schema": "podsizer-scenario/1",
  "name": "three NCP sites",
  "fleet": {"platform": "gb200-nvl72", "gpus": 124416,
            "sites": [{"name": "A", "gpus": 41472, "usable": "215 PB"},
                      {"name": "B", "gpus": 41472, "usable": "215 PB"},
                      {"name": "C", "gpus": 41472, "usable": "215 PB"}]},
  "performance": {"rule": "ncp-gb200-customer"},
  "capacity": {"usable": "645 PB"},
  "constraints": {"rack": "rack-42u-25kw"},
  "options": [{"name": "NCP pod", "cnode": "cnode-1u", "dbox": "dbox-1u-22",
               "drive": "61.44 TB"}]
})";
    const nlohmann::json doc = size_json("ncp-sites.json", text);
    for (const char* name : {"A", "B", "C"}) {
        INFO(name);
        CHECK(site(doc, name).at("cnodes") == 450);
        CHECK(site(doc, name).at("dboxes") == 180);
        CHECK(site(doc, name).at("gpus") == 41472);
    }
    // The designs shown are the sites' own (issue 49 item 5: the project,
    // then each site), not one sized for all 124,416 GPUs that no site builds.
    REQUIRE(doc.at("designs").size() == 3);
    for (std::size_t k = 0; k < 3; ++k) {
        const nlohmann::json& d = doc.at("designs").at(k);
        CHECK(d.at("name") == std::string("Site ") + "ABC"[k]);
        CHECK(d.at("cnodes") == 450);
        CHECK(d.at("dboxes") == 180);
    }
}

TEST_CASE("a site without a usable need of its own gets the scenario's scaled by its GPUs, said") {
    // capacity.usable 645 PB is stated for the fleet's one pod of 124,416
    // GPUs (no gpus_per_cluster): a site of 41,472 GPUs gets a third, 215 PB.
    const std::string text = R"({
  "schema": "podsizer-scenario/1",
  "name": "shared need",
  "fleet": {"platform": "gb200-nvl72", "gpus": 124416,
            "sites": [{"name": "A", "gpus": 41472}, {"name": "B", "gpus": 82944}]},
  "performance": {"rule": "ncp-gb200-customer"},
  "capacity": {"usable": "645 PB"},
  "constraints": {"rack": "rack-42u-25kw"}
})";
    const ProcessResult r = podsizer({"size", write_temp("shared-need.json", text)});
    CHECK_THAT(r.out, Catch::Contains("site A: no usable need of its own; it gets 215.0 PB per "
                                      "pod, the scenario's 645.0 PB for 124,416 GPUs scaled "
                                      "to the pod's 41,472 GPUs"));
    CHECK_THAT(r.out, Catch::Contains("site B: no usable need of its own; it gets 430.0 PB"));
}

TEST_CASE("a site whose GPUs draw more than its whole IT power gets an error naming both") {
    // 36,864 GB300 GPUs are 64 SUs of 576; the catalog's 1,136 kW an SU
    // (catalog/data/gpu_platforms.json) makes 64 x 1.136 MW = 72.70 MW,
    // against a site of 40 MW (REVIEW-4 part B F8).
    std::string text = three_sites();
    text.replace(text.find(R"("usable": "300 PB",)"), 19,
                 R"("usable": "300 PB", "max_it_power": "40 MW",)");
    const ProcessResult r = podsizer({"size", write_temp("it-power.json", text)});
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.out, Catch::Contains("site A: its 36,864 GPUs (gb300-nvl72) draw 72.70 MW and "
                                      "its storage "));
    CHECK_THAT(r.out, Catch::Contains("above the site's limit of 40.00 MW"));
    const nlohmann::json doc = size_json("it-power.json", text);
    const nlohmann::json& a = site(doc, "A");
    CHECK(a.at("gpu_power_w").get<double>() == Approx(72.704e6));
    CHECK(a.at("it_power_w").get<double>() == Approx(72.704e6 + a.at("power_w").get<double>()));
    CHECK(a.at("fits") == false);
    CHECK(a.at("findings").at(0).at("code") == "site-it-power");
}

TEST_CASE("a whole IT power the catalog gives no basis for is named as not checked, never passed") {
    // The catalog gives b300 no power per SU: site B's limit cannot be checked.
    std::string text = three_sites();
    text.replace(text.find(R"("platform": "b300",)"), 19,
                 R"("platform": "b300", "max_it_power": "60 MW",)");
    const ProcessResult r = podsizer({"size", write_temp("it-unknown.json", text)});
    CHECK_THAT(r.out, Catch::Contains("site B: its IT power limit of 60.00 MW is not checked"));
    CHECK_THAT(r.out, Catch::Contains("not checked: IT power"));
    const nlohmann::json doc = size_json("it-unknown.json", text);
    CHECK(site(doc, "B").at("gpu_power_w").is_null());
    CHECK(site(doc, "B").at("findings").at(0).at("code") == "site-it-power-unknown");
}

TEST_CASE("a site whose GPUs are not whole clusters says its pods serve more GPUs than it has") {
    // examples/fleet-phases.json's site C: 35,584 GPUs with clusters of
    // 41,472 get one pod sized for 41,472.
    const ProcessResult r = podsizer({"size", "examples/fleet-phases.json"});
    CHECK_THAT(r.out, Catch::Contains("site C: its 35,584 GPUs get 1 × a pod sized for 41,472 "
                                      "GPUs, one pod per training cluster "
                                      "(fleet.gpus_per_cluster; give the site"));
}

TEST_CASE("a site short of its own needs is an error at the site") {
    // UNet3D reads 2.859 GB/s an H100 (docs/workloads.md); at 2x for GB300 on
    // 23,040 GPUs that is 131.8 TB/s: more D-boxes than one cluster holds.
    std::string text = three_sites();
    const auto at = text.rfind(R"("workload": "resnet50-h100")");
    text.replace(at, 27, R"("workload": "unet3d-h100")");
    const ProcessResult r = podsizer({"size", write_temp("short-site.json", text)});
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.out, Catch::Contains("site C: its storage is short: "));
    const nlohmann::json doc = size_json("short-site.json", text);
    CHECK(site(doc, "C").at("verdict").get<std::string>().starts_with("short"));
    CHECK(site(doc, "C").at("fits") == false);
}

TEST_CASE("a site's own performance is refused as the scenario's would be, at the site's path") {
    // A rule and per-GPU figures at once, and a checkpoint workload as the
    // site's reads: found trying hostile site inputs (issue 49).
    const std::string reads = R"("workload": "resnet50-h100"})";
    std::string both = three_sites();
    both.replace(both.find(reads), reads.size(),
                 R"("rule": "h100-good", "read_per_gpu": "1 GB/s"})");
    const ProcessResult a = podsizer({"size", write_temp("rule-and-read.json", both)});
    CHECK(a.exit_code == 2);
    CHECK_THAT(a.err, Catch::Contains("$.fleet.sites[0]: give either \"rule\" or explicit"));
    std::string ckpt = three_sites();
    ckpt.replace(ckpt.find(reads), reads.size(), R"("workload": "llama3-8b-checkpoint"})");
    const ProcessResult b = podsizer({"size", write_temp("ckpt-workload.json", ckpt)});
    CHECK(b.exit_code == 2);
    CHECK_THAT(b.err, Catch::Contains("$.fleet.sites[0].workload: \"llama3-8b-checkpoint\" is a "
                                      "checkpoint workload"));
}

TEST_CASE("a checkpoint job larger than a site's own pod is refused at its gpus, naming the site") {
    // Each site sized for its own needs runs the scenario's checkpoint jobs
    // (docs/sites-and-phases.md): a 30,000-GPU job fits the fleet's 98,304
    // GPUs but not site C's 23,040, the smallest; 23,040 itself fits.
    const std::string job = R"("interval": "30 min"})";
    std::string big = three_sites();
    big.replace(big.find(job), job.size(), R"("interval": "30 min", "gpus": 30000})");
    const ProcessResult r = podsizer({"size", write_temp("job-beyond-site.json", big)});
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("$.checkpoint.jobs[0].gpus: 30000 GPUs is more than a pod of "
                                      "site C (23040 GPUs)"));
    std::string fits = three_sites();
    fits.replace(fits.find(job), job.size(), R"("interval": "30 min", "gpus": 23040})");
    const ProcessResult ok = podsizer({"size", write_temp("job-within-site.json", fits)});
    INFO(ok.err);
    CHECK(ok.exit_code <= 1);
}
