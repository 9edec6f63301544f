// End-to-end tests of `podsizer resilience`: the real binary's stdout, stderr
// and exit codes (docs/cli.md, docs/resilience.md §8–§12). test_cli runs again
// under de_DE.UTF-8 and fr_FR.UTF-8, where the figures must not change.
#include "run_process.hpp"
#include "support/test_files.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

TEST_CASE("resilience gives the high-density exabyte's rebuilds and degraded read") {
    // docs/resilience.md §8-§10: 60.2 min per drive (a quarter of 146 strips
    // read at 10 % of 207 x 48 GB/s), 44.4 h per D-box, P(loss | D-box)
    // 1.72e-3, 206 x 48 GB/s x 0.9 = 8.90 TB/s with a D-box down.
    const ProcessResult r = podsizer({"resilience", "examples/high-density-1eb.json"});
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains("Drive rebuild (min)") && Catch::Contains("60.2") &&
                          Catch::Contains("44.4") && Catch::Contains("0.00172") &&
                          Catch::Contains("8.90"));
    const ProcessResult j =
        podsizer({"resilience", "examples/high-density-1eb.json", "--format", "json"});
    REQUIRE(j.exit_code == 0);
    const auto d = nlohmann::json::parse(j.out).at("designs").at(0);
    CHECK(d.at("drive_rebuild_s").get<double>() == Approx(0.8 * 122.88e12 * 36.5 / 993.6e9));
    CHECK(d.at("dbox_loss_given_failure").get<double>() == Approx(1.72e-3).epsilon(0.01));
    // A higher share for rebuilds shortens them in proportion.
    const ProcessResult fast = podsizer({"resilience", "examples/high-density-1eb.json",
                                         "--rebuild-share", "30%", "--format", "json"});
    REQUIRE(fast.exit_code == 0);
    const auto f = nlohmann::json::parse(fast.out).at("designs").at(0);
    CHECK(f.at("dbox_rebuild_s").get<double>() ==
          Approx(d.at("dbox_rebuild_s").get<double>() / 3.0));
}

TEST_CASE("resilience rides a WAN outage of the reference checkpoint job") {
    // 25.2 TB every 5 min, every 6th offsite = 14 GB/s; 24 h -> 1.21 PB; on
    // 400 Gbps it drains in 9.3 h; 100 PB stage in 23.1 days.
    const ProcessResult r =
        podsizer({"resilience", "examples/checkpoint-cadence.json", "--outage", "24h", "--wan",
                  "400Gbps", "--dataset", "100PB", "--format", "json"});
    REQUIRE(r.exit_code == 0);
    const auto d = nlohmann::json::parse(r.out).at("designs").at(0);
    CHECK(d.at("backlog_bytes").get<double>() == Approx(1.2096e15));
    CHECK(d.at("catch_up_s").get<double>() == Approx(33'600.0));
    CHECK(d.at("staging_s").get<double>() == Approx(2e6));
}

TEST_CASE("resilience reads the scenario's block and stages through the cloud accounts") {
    // docs/resilience.md §11, the store's limits from the catalog (Azure
    // standard accounts: 5 PiB, 60 Gbps in, 200 Gbps out): 100 PB need
    // ceil(100 / 5.63) = 18 accounts (the 112 Gbps offsite rate needs 2);
    // their 3,600 Gbps of egress is below the 4 Tbps WAN and the pod's write,
    // so staging takes 100 PB / 450 GB/s = 222,222 s (2.6 days).
    const std::string file = "tests/cli/data/resilience-accounts.json";
    const ProcessResult r = podsizer({"resilience", file, "--format", "json"});
    REQUIRE(r.exit_code == 0);
    const auto d = nlohmann::json::parse(r.out).at("designs").at(0);
    CHECK(d.at("backlog_bytes").get<double>() == Approx(1.2096e15)); // the scenario's 24 h
    CHECK(d.at("offsite_accounts").get<int>() == 2);
    CHECK(d.at("accounts").get<int>() == 18);
    CHECK(d.at("staging_rate_bytes_per_s").get<double>() == Approx(450e9));
    CHECK(d.at("staging_s").get<double>() == Approx(100e15 / 450e9));
    // A flag overrides the scenario's value.
    const ProcessResult none = podsizer({"resilience", file, "--outage", "0h", "--format", "json"});
    REQUIRE(none.exit_code == 0);
    CHECK(nlohmann::json::parse(none.out).at("designs").at(0).at("backlog_bytes").get<double>() ==
          0.0);
    // `size` carries the same object per design, and counts the checkpoints
    // kept (3 x 25.2 TB at their peak) toward the capacity need.
    const ProcessResult sized = podsizer({"size", file, "--format", "json"});
    REQUIRE((sized.exit_code == 0 || sized.exit_code == 1));
    const auto j = nlohmann::json::parse(sized.out);
    CHECK(j.at("designs").at(0).at("resilience").at("accounts").get<int>() == 18);
    CHECK(j.at("requirements").at("usable_target_bytes").get<double>() == Approx(215e15));
    CHECK(j.at("requirements").at("usable_capacity_bytes").get<double>() ==
          Approx(215e15 + 75.6e12));
}

TEST_CASE("resilience refuses out-of-range flags, naming them") {
    struct Case {
        std::vector<std::string> args;
        std::string says;
    };
    const std::vector<Case> cases{
        {{"--afr", "100%"}, "--afr: \"100%\": expected an annual failure rate"},
        {{"--afr", "0%"}, "--afr: \"0%\""},
        {{"--rebuild-share", "0%"}, "--rebuild-share: \"0%\""},
        {{"--fill", "120%"}, "--fill: \"120%\""},
        {{"--outage", "2y"}, "--outage"},
        {{"--outage", "-1h"}, "--outage"},
        {{"--wan", "0Gbps"}, "--wan: \"0Gbps\": must be greater than zero"},
    };
    for (const Case& c : cases) {
        std::vector<std::string> args{"resilience", "examples/ncp-pod-41k.json"};
        args.insert(args.end(), c.args.begin(), c.args.end());
        const ProcessResult r = podsizer(args);
        INFO(c.args.front() << " " << c.args.back());
        CHECK(r.exit_code == 2);
        CHECK_THAT(r.err, Catch::Contains(c.says));
        CHECK(r.out.empty());
    }
}

TEST_CASE("a hand-made design is assessed like a sized one: degraded read and durability") {
    // The one-namespace exabyte of issue 28 (2,067 C-nodes, 827 D-boxes):
    // auto lays it out rack-resilient, and `design` now gives its figures with
    // a D-box down, as `size` does. One D-box down leaves 826 D-boxes; the
    // rebuild takes 10 % (the default rebuild share) of the narrower side:
    // read = 0.9 x min(C-node read, 826/827 x D-box read) (docs/resilience.md §10).
    const ProcessResult r =
        podsizer({"design", "--cnode", "cnode-1u", "--dbox", "dbox-1u-22", "--drive", "61.44TB",
                  "--cnodes", "2067", "--dboxes", "827", "--layout", "auto", "--format", "json"});
    REQUIRE(r.exit_code == 0);
    const auto doc = nlohmann::json::parse(r.out);
    const auto& d = doc.at("designs").at(0);
    CHECK(d.at("ec_layout") == "rack-resilient");
    CHECK(d.at("tolerates_rack_loss") == true);
    REQUIRE(d.contains("resilience"));
    const double front = d.at("frontend_read_bytes_per_s").get<double>();
    const double back = d.at("backend_read_bytes_per_s").get<double>();
    // The catalog's 24 GB/s per C-node and 60 GB/s per D-box (customer figures).
    CHECK(front == Approx(2067 * 24e9));
    CHECK(back == Approx(827 * 60e9));
    const double expected = 0.9 * std::min(front, back * 826.0 / 827.0);
    CHECK(d.at("resilience").at("degraded_read_bytes_per_s").get<double>() == Approx(expected));
    CHECK(d.at("resilience").at("annual_loss_probability").get<double>() > 0.0);
}

TEST_CASE("a lone D-box's rebuild is n/a, not 0 h (defect 13)") {
    // Third red-team round, defect 13: with one D-box there is no other to
    // rebuild it from; the report said "0.0" h and JSON 0.0, an instant rebuild.
    const std::string one =
        test_support::write_temp("resilience/one.json",
                                 R"({"name": "tiny", "capacity": {"usable": "10 TB"},
            "options": [{"dbox": "dbox-1u-22", "cnode": "cnode-1u", "dboxes": 1,
                         "layout": "classic"}]})");
    const ProcessResult json = podsizer({"resilience", one, "--format", "json"});
    REQUIRE(json.exit_code == 0);
    const auto j = nlohmann::json::parse(json.out);
    const auto& r = j.at("designs")[0];
    CHECK(r.at("dbox_rebuild_s").is_null());
    CHECK(r.at("dbox_loss_given_failure").get<double>() == 1.0); // that figure was right
    const ProcessResult table = podsizer({"resilience", one});
    REQUIRE(table.exit_code == 0);
    // A row that applies to no design is left out of the table (as the
    // rack-down rows of a design that cannot lose a rack).
    CHECK_THAT(table.out, !Catch::Contains("D-box rebuild (h)"));
    // Two D-boxes rebuild one from the other: a time above zero.
    const std::string two =
        test_support::write_temp("resilience/two.json",
                                 R"({"name": "two", "capacity": {"usable": "10 TB"},
            "options": [{"dbox": "dbox-1u-22", "cnode": "cnode-1u", "dboxes": 2,
                         "layout": "classic"}]})");
    const auto j2 = nlohmann::json::parse(podsizer({"resilience", two, "--format", "json"}).out);
    CHECK(j2.at("designs")[0].at("dbox_rebuild_s").get<double>() > 0.0);
}

TEST_CASE("a D-box without drive_afr is one message naming it and both ways to give one") {
    // REVIEW-3 part C, R5: `podsizer resilience` and the engine each wrote
    // this rule's message, two ways. A scenario's own D-box without
    // drive_afr: `resilience` refuses it naming --afr and resilience.afr;
    // with --afr it is assessed; `size` sizes it without resilience rows.
    const std::string text = R"({"name": "own box", "capacity": {"usable": "1 PB"},
      "catalog": {"schema": "podsizer-catalog/1", "dboxes": [{
        "id": "dbox-no-afr", "name": "D-box without an AFR", "height": "1 U",
        "power": "1600 W", "drives": 22, "drive_sizes": ["61.44 TB"],
        "default_drive": "61.44 TB", "backend_read": "60 GB/s", "backend_write": "25 GB/s",
        "backend_ports": 4, "backend_port_speed": "200 Gbps", "erasure_coding": "ec-n4-wide",
        "ncp_certified": false,
        "source": {"kind": "assumption", "note": "a test box"}}]},
      "options": [{"dbox": "dbox-no-afr", "cnode": "cnode-1u"}]})";
    const std::string file = test_support::write_temp("resilience/no-afr.json", text);
    const ProcessResult r = podsizer({"resilience", file});
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "podsizer: error: --afr: D-box dbox-no-afr gives no drive_afr; expected an "
                   "annual failure rate such as 0.5% (resilience.afr in the scenario, --afr on "
                   "the command line)\n");
    CHECK(podsizer({"resilience", file, "--afr", "0.5%"}).exit_code == 0);
    CHECK(podsizer({"size", file}).exit_code == 0);
}
