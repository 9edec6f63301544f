// Replication between the sites of a site list (docs/sites-and-phases.md §2),
// run on the real binary; every figure is worked by hand in the comments.
#include "run_process.hpp"
#include "support/json_lookup.hpp"
#include "support/test_files.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

namespace {

using test_support::write_temp;

/// Three sites of one NCP pod each (examples/ncp-pod-41k.json's pod, model.md
/// §12). Site A copies every 4th checkpoint of a 12 TB job run every 20 min
/// to site B, with its dataset when `dataset`; B has `b_racks` racks and A
/// a WAN of `a_wan`. B holds the copies in a replica store of its own when
/// `separate` (replica_store), else in its own system (the default).
std::string replicating(bool dataset, int b_racks, const std::string& a_wan, bool separate = true) {
    return R"({
  "schema": "podsizer-scenario/1",
  "name": "replication",
  "fleet": {
    "platform": "gb200-nvl72",
    "gpus": 124416,
    "gpus_per_cluster": 41472,
    "sites": [
      {"name": "A", "clusters": 1, "wan": ")" +
           a_wan + R"(", "replicate_to": "B", "checkpoints_every": 4,
       "dataset": )" +
           (dataset ? "true" : "false") + R"(},
      {"name": "B", "clusters": 1, )" +
           (separate ? R"("replica_store": true, )" : "") + R"("max_racks": )" +
           std::to_string(b_racks) + R"(},
      {"name": "C", "clusters": 1}
    ]
  },
  "performance": {"rule": "ncp-gb200-customer"},
  "capacity": {"usable": "215 PB"},
  "constraints": {"rack": "rack-42u-25kw"},
  "checkpoint": {"jobs": [{"name": "frontier", "checkpoint_size": "12 TB",
                           "interval": "20 min"}]},
  "options": [{"name": "NCP pod", "cnode": "cnode-1u", "dbox": "dbox-1u-22",
               "drive": "61.44 TB"}]
})";
}

const nlohmann::json& site(const nlohmann::json& doc, const std::string& name) {
    return test_support::element_where(doc.at("sites"), "name", name);
}

nlohmann::json sized(const std::string& file, int exit_code) {
    const ProcessResult r = podsizer({"size", file, "--format", "json"});
    CHECK(r.exit_code == exit_code);
    return nlohmann::json::parse(r.out);
}

} // namespace

TEST_CASE("checkpoint copies to another site are on the sender's WAN and a store at the receiver") {
    // WAN: every 4th 12 TB checkpoint at its 20 min (1,200 s) interval:
    // 12e12 B / (1,200 s × 4) = 2.5e9 B/s = 20 Gbps, above A's 15 Gbps.
    const std::string file = write_temp("replicate-ckpt.json", replicating(false, 60, "15 Gbps"));
    const ProcessResult r = podsizer({"size", file});
    CHECK(r.exit_code == 0); // site-wan is a warning
    CHECK_THAT(r.out,
               Catch::Contains("site A: the checkpoint copies to site B need 20 Gbps of WAN, "
                               "the site's is 15 Gbps"));
    CHECK_THAT(r.out, Catch::Contains("Replica racks"));
    const auto doc = sized(file, 0);
    const auto& a = site(doc, "A");
    CHECK(a.at("replicate_to") == "B");
    CHECK(a.at("replication_write_bytes_per_s").get<double>() == Approx(2.5e9));
    CHECK(a.at("wan_out_bytes_per_s").get<double>() == Approx(2.5e9));
    CHECK(a.at("replica").is_null());
    // B keeps the copies as A keeps its own: retain 2 plus the one arriving,
    // 3 × 12 TB = 36 TB, arriving at A's 2.5 GB/s.
    const auto& store = site(doc, "B").at("replica");
    CHECK(store.at("from") == nlohmann::json::array({"A"}));
    CHECK(store.at("checkpoints_bytes").get<double>() == Approx(36e12));
    CHECK(store.at("datasets_bytes").get<double>() == 0.0);
    CHECK(store.at("inbound_bytes_per_s").get<double>() == Approx(2.5e9));
    CHECK(store.at("usable_capacity_bytes").get<double>() >= 36e12);
    CHECK(store.at("write_bytes_per_s").get<double>() >= 2.5e9);
    // Its racks are in B's: the pod's 29 plus the store's.
    CHECK(site(doc, "B").at("racks") == 29 + store.at("racks").get<int>());
    // With a WAN of 20 Gbps the copies fit.
    const auto fits =
        sized(write_temp("replicate-ckpt-20.json", replicating(false, 60, "20 Gbps")), 0);
    CHECK(site(fits, "A").at("findings").empty());
}

TEST_CASE("a dataset copied to another site can break that site's max_racks, naming the store") {
    // B's replica store holds A's dataset (215 PB) and its checkpoints
    // (36 TB, above): 215.036 PB over 1,210.4 TB usable per D-box at 146+4
    // (model.md §12) = 177.66, so 178 D-boxes; no read requirement and
    // 2.5 GB/s of write: C-nodes = ceil(178 × 0.5) = 89 (cd_min 1:2).
    // Switches (model.md §8): ports 89 × 4 + 178 × 4 = 1,068, leaves
    // ceil(1,068 / 128) = 9, uplinks ceil(89 × 2 × 200 / 800) = 45, spines
    // the smallest divisor of 32 ≥ ceil((9 × 32 + 45) / 64) = 6: 8; 17 in all.
    // Power: 89 × 800 W + 178 × 1,600 W + 17 × 1,500 W = 381.5 kW; over
    // 25 kW racks 15.26, so 16 racks (space: (89 + 178 + 34) U / 40 U = 7.5).
    // B: 29 + 16 = 45 racks against its 40; IT power 702 + 381.5 = 1,083.5 kW.
    const std::string file = write_temp("replicate-data.json", replicating(true, 40, "20 Gbps"));
    const ProcessResult r = podsizer({"size", file});
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.out, Catch::Contains("site B: needs 45 racks (1 × 29 per pod and 16 for the "
                                      "replica store), more than the 40 it has room for (on "
                                      "space alone a pod needs 18 racks) (raise max_racks to "
                                      "45"));
    const auto doc = sized(file, 1);
    const auto& b = site(doc, "B");
    const auto& store = b.at("replica");
    CHECK(store.at("need_bytes").get<double>() == Approx(215.036e15));
    CHECK(store.at("dboxes") == 178);
    CHECK(store.at("cnodes") == 89);
    CHECK(store.at("switches") == 17);
    CHECK(store.at("racks") == 16);
    CHECK(store.at("power_w").get<double>() == Approx(381500.0));
    CHECK(b.at("racks") == 45);
    CHECK(b.at("dboxes") == 180 + 178);
    CHECK(b.at("power_w").get<double>() == Approx(1083500.0));
    // B's usable capacity stays its pod's: the replica is not B's own data.
    CHECK(b.at("usable_capacity_bytes") == site(doc, "C").at("usable_capacity_bytes"));
    CHECK(b.at("findings")[0].at("code") == "site-racks");
    CHECK(doc.at("feasible") == false);
    // Raising B's limit to the 45 racks it needs clears it.
    const auto raised = sized(write_temp("replicate-45.json", replicating(true, 45, "20 Gbps")), 0);
    CHECK(site(raised, "B").at("findings").empty());
    CHECK(raised.at("feasible") == true);
}

TEST_CASE("replication settings that cannot hold are refused with their path") {
    struct Row {
        std::string from;
        std::string to;
        std::string says;
    };
    const std::string base = replicating(false, 60, "20 Gbps");
    const Row rows[] = {
        {R"("replicate_to": "B")", R"("replicate_to": "A")",
         "$.fleet.sites[0].replicate_to: \"A\" is this site"},
        {R"("replicate_to": "B")", R"("replicate_to": "Z")",
         "$.fleet.sites[0].replicate_to: no site is named \"Z\""},
        {R"("checkpoints_every": 4)", R"("checkpoints_every": 0)",
         "$.fleet.sites[0].checkpoints_every"},
        {R"("checkpoints_every": 4)", R"("checkpoints_every": 20000)",
         "$.fleet.sites[0].checkpoints_every"},
        {R"("replicate_to": "B", )", "",
         "$.fleet.sites[0].checkpoints_every: needs "
         "\"replicate_to\" (the site the copies go to)"},
        {R"(, "checkpoints_every": 4)", "", "$.fleet.sites[0].replicate_to: copies nothing"},
    };
    for (const Row& row : rows) {
        INFO(row.to);
        std::string text = base;
        REQUIRE(text.find(row.from) != std::string::npos);
        text.replace(text.find(row.from), row.from.size(), row.to);
        const ProcessResult r = podsizer({"size", write_temp("replicate-bad.json", text)});
        CHECK(r.exit_code == 2);
        CHECK_THAT(r.err, Catch::Contains(row.says));
    }
}

TEST_CASE("sites without replication print no replication columns or keys") {
    std::string text = replicating(false, 60, "20 Gbps", false);
    const std::string copies = R"("replicate_to": "B", "checkpoints_every": 4,)";
    REQUIRE(text.find(copies) != std::string::npos);
    text.replace(text.find(copies), copies.size(), "");
    const std::string file = write_temp("replicate-none.json", text);
    const ProcessResult r = podsizer({"size", file});
    CHECK_THAT(r.out, !Catch::Contains("Replica racks"));
    const auto doc = sized(file, 0);
    CHECK_FALSE(site(doc, "A").contains("replica"));
    CHECK_FALSE(site(doc, "A").contains("wan_out_bytes_per_s"));
}

TEST_CASE("the replication example fits, its copies worked by hand") {
    // examples/fleet-replication.json: A (2 pods) and B (1 pod) copy every
    // 10th checkpoint of a 1.8T-parameter job (× 14 B = 25.2 TB, every
    // 30 min) to C, and B its dataset (215 PB) too.
    // WAN: 25.2e12 B / (1,800 s × 10) = 1.4e9 B/s = 11.2 Gbps a pod: A
    // 22.4 Gbps of its 800, B 11.2 of its 400.
    // C's store: checkpoints 3 pods × (2 + 1) × 25.2 TB = 226.8 TB, with
    // the dataset 215.2268 PB / 1,210.4 TB = 177.8, so 178 D-boxes and
    // 89 C-nodes, 381.5 kW (as above) over C's 40 kW racks = 9.54, so 10:
    // C holds 18 + 10 = 28 racks of its 32.
    const ProcessResult r = podsizer({"size", "examples/fleet-replication.json"});
    CHECK(r.exit_code == 0);
    const auto doc = sized("examples/fleet-replication.json", 0);
    CHECK(site(doc, "A").at("wan_out_bytes_per_s").get<double>() == Approx(2.8e9));
    CHECK(site(doc, "B").at("wan_out_bytes_per_s").get<double>() == Approx(1.4e9));
    const auto& c = site(doc, "C");
    const auto& store = c.at("replica");
    CHECK(store.at("from") == nlohmann::json::array({"A", "B"}));
    CHECK(store.at("checkpoints_bytes").get<double>() == Approx(226.8e12));
    CHECK(store.at("need_bytes").get<double>() == Approx(215.2268e15));
    CHECK(store.at("inbound_bytes_per_s").get<double>() == Approx(4.2e9));
    CHECK(store.at("dboxes") == 178);
    CHECK(store.at("cnodes") == 89);
    CHECK(store.at("racks") == 10);
    CHECK(c.at("racks") == c.at("pod_racks").get<int>() + 10);
    CHECK(c.at("racks") == 28);
    CHECK(c.at("fits") == true);
}

TEST_CASE("a dataset copy states its seeding time over the sender's WAN, and its changes count") {
    // examples/fleet-replication.json: B copies its 215 PB target to C over
    // its 400 Gbps WAN: 215e15 B x 8 / 400e9 b/s = 4.3e6 s = 49.8 days.
    const auto doc = sized("examples/fleet-replication.json", 0);
    const auto& b = site(doc, "B");
    CHECK(b.at("dataset_copy_bytes").get<double>() == Approx(215e15));
    CHECK(b.at("seeding_s").get<double>() == Approx(4.3e6));
    CHECK(site(doc, "A").at("seeding_s").is_null()); // A copies checkpoints only
    const ProcessResult r = podsizer({"size", "examples/fleet-replication.json"});
    CHECK_THAT(r.out, Catch::Contains("Replication between sites"));
    CHECK_THAT(r.out, Catch::Contains("site C"));
    CHECK_THAT(r.out, Catch::Contains("49.8"));

    // With 20 Gbps of changes after seeding: B's WAN out is its 11.2 Gbps of
    // checkpoint copies + 20 = 31.2 Gbps, and they arrive at C's store.
    std::string text = test_support::read_file(std::string(PODSIZER_SOURCE_DIR) +
                                               "/examples/fleet-replication.json");
    const std::string dataset = R"("dataset": true)";
    REQUIRE(text.find(dataset) != std::string::npos);
    text.replace(text.find(dataset), dataset.size(),
                 R"("dataset": true, "dataset_change": "20 Gbps")");
    const auto changed = sized(write_temp("changes.json", text), 0);
    CHECK(site(changed, "B").at("wan_out_bytes_per_s").get<double>() == Approx(3.9e9));
    CHECK(site(changed, "B").at("dataset_change_bytes_per_s").get<double>() == Approx(2.5e9));
    CHECK(site(changed, "C").at("replica").at("inbound_bytes_per_s").get<double>() ==
          Approx(4.2e9 + 2.5e9));
    // Changes without a dataset copy mean nothing: refused at the path.
    std::string lone = text;
    lone.replace(lone.find(R"("dataset": true, )"), 17, "");
    const ProcessResult bad = podsizer({"size", write_temp("lone-change.json", lone)});
    CHECK(bad.exit_code == 2);
    CHECK_THAT(bad.err, Catch::Contains("dataset_change: needs \"dataset\": true"));
}

TEST_CASE("by default the copies go into the receiving site's own system, which grows by them") {
    // The dataset case above without replica_store: B's one pod is sized
    // again with A's copies (215 PB dataset + 36 TB of checkpoints =
    // 215.036 PB) added to its capacity need and their 2.5 GB/s to its write
    // need, instead of a 16-rack store beside it.
    const auto doc =
        sized(write_temp("replicate-in-system.json", replicating(true, 60, "20 Gbps", false)), 0);
    const auto& b = site(doc, "B");
    const auto& c = site(doc, "C"); // the same pod without copies
    const auto& store = b.at("replica");
    CHECK(store.at("separate") == false);
    CHECK(store.at("need_bytes").get<double>() == Approx(215.036e15));
    CHECK(store.at("racks") == 0);
    CHECK(store.at("dboxes") == 0);
    CHECK(b.at("usable_need_bytes").get<double>() ==
          Approx(c.at("usable_need_bytes").get<double>() + 215.036e15));
    CHECK(b.at("usable_capacity_bytes").get<double>() >= b.at("usable_need_bytes").get<double>());
    CHECK(b.at("write_need_bytes_per_s").get<double>() ==
          Approx(c.at("write_need_bytes_per_s").get<double>() + 2.5e9));
    CHECK(b.at("dboxes").get<int>() > c.at("dboxes").get<int>());
    // Rounded once rather than twice: no more racks than pod + store (45).
    CHECK(b.at("racks").get<int>() <= 45);
    CHECK(b.at("verdict") == "meets");
    const ProcessResult r = podsizer(
        {"size", write_temp("replicate-in-system.json", replicating(true, 60, "20 Gbps", false))});
    CHECK_THAT(r.out, Catch::Contains("in system"));
    // replica_store on a site nothing is copied to is refused at its path.
    std::string text = replicating(false, 60, "20 Gbps");
    const std::string c_site = R"({"name": "C", "clusters": 1})";
    REQUIRE(text.find(c_site) != std::string::npos);
    text.replace(text.find(c_site), c_site.size(),
                 R"({"name": "C", "clusters": 1, "replica_store": true})");
    const ProcessResult refused = podsizer({"size", write_temp("replica-nothing.json", text)});
    CHECK(refused.exit_code == 2);
    CHECK_THAT(refused.err, Catch::Contains("$.fleet.sites[2].replica_store"));
}
