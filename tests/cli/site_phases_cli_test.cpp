// Phases by site (issue 49 item 2; docs/sites-and-phases.md, "Phases by
// site"), run on the real binary with examples/project-three-sites.json:
// three sites opened one a year, each growing on its own installed base.
#include "run_process.hpp"
#include "support/json_lookup.hpp"
#include "support/test_files.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace {

using test_support::write_temp;

constexpr const char* kProject = "examples/project-three-sites.json";

nlohmann::json project_json() {
    const ProcessResult r = podsizer({"size", kProject, "--format", "json"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return nlohmann::json::parse(r.out);
}

} // namespace

TEST_CASE("a three-phase plan opening one site a phase gives each site's counts per phase") {
    const nlohmann::json doc = project_json();
    const nlohmann::json& steps = doc.at("phases");
    CHECK(doc.at("phase_plan").at("by_site") == true);
    // Year 1: A; Year 2: A (carried) and B; Year 3: A, B and C: 6 rows.
    REQUIRE(steps.size() == 6);
    const std::vector<std::pair<std::string, std::string>> expected{
        {"Year 1", "A"}, {"Year 2", "A"}, {"Year 2", "B"},
        {"Year 3", "A"}, {"Year 3", "B"}, {"Year 3", "C"}};
    std::map<std::string, nlohmann::json> before;
    for (std::size_t k = 0; k < steps.size(); ++k) {
        const nlohmann::json& s = steps[k];
        INFO(s.at("name") << " " << s.at("site"));
        CHECK(s.at("name") == expected[k].first);
        CHECK(s.at("site") == expected[k].second);
        const std::string site = s.at("site");
        // Opened at its full size, a site stands as its own system sized
        // from scratch: the sites table's counts.
        const nlohmann::json& sized = test_support::element_where(doc.at("sites"), "name", site);
        if (s.at("opens") == true) {
            CHECK(before.count(site) == 0);
            CHECK(s.at("total").at("cnodes") == sized.at("cnodes"));
            CHECK(s.at("total").at("dboxes") == sized.at("dboxes"));
            CHECK(s.at("total").at("racks") == sized.at("racks"));
            CHECK(s.at("added") == s.at("total"));
        } else {
            // The installed base never shrinks, and a phase that names
            // another site adds nothing here.
            REQUIRE(before.count(site) == 1);
            for (const char* key : {"cnodes", "dboxes", "switches", "racks"}) {
                CHECK(s.at("total").at(key).get<int>() >=
                      before[site].at("total").at(key).get<int>());
                CHECK(s.at("added").at(key) == 0);
            }
        }
        // No site's first phase warns of a new fabric tier: nothing was
        // installed there before.
        for (const nlohmann::json& f : s.at("findings")) {
            CHECK(f.at("code") != "phase-new-tier");
        }
        before[site] = s;
    }
    // Site C is sized for a D-box down: its row gives what it delivers then.
    CHECK(steps[5].at("size_for") == "dbox-down");
    CHECK(steps[5].at("read_in_state_bytes_per_s").get<double>() <
          steps[5].at("read_bytes_per_s").get<double>());
}

TEST_CASE("a site that grows in a later phase adds to its own base, not the others'") {
    // Site A opens at half its GPUs and need (18,432 GPUs, 150 PB) and
    // grows to its full 36,864 and 300 PB in year 3.
    std::string text = test_support::read_file(std::string(PODSIZER_SOURCE_DIR) + "/" + kProject);
    const std::string y1 = R"({"name": "Year 1", "date": "2027-03-31", "site": "A"})";
    const std::string y3 = R"({"name": "Year 3", "date": "2029-03-31", "site": "C"})";
    REQUIRE(text.find(y1) != std::string::npos);
    REQUIRE(text.find(y3) != std::string::npos);
    text.replace(text.find(y1), y1.size(),
                 R"({"name": "Year 1", "date": "2027-03-31", "site": "A", "gpus": 18432,
                     "usable": "150 PB"})");
    text.replace(text.find(y3), y3.size(),
                 y3 + R"(, {"name": "Year 3 A", "date": "2029-03-31", "site": "A"})");
    const ProcessResult r = podsizer({"size", write_temp("grow-a.json", text), "--format", "json"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const nlohmann::json doc = nlohmann::json::parse(r.out);
    const nlohmann::json& steps = doc.at("phases");
    const nlohmann::json* first = nullptr;
    const nlohmann::json* grown = nullptr;
    for (const nlohmann::json& s : steps) {
        if (s.at("site") == "A" && s.at("name") == "Year 1") {
            first = &s;
        }
        if (s.at("site") == "A" && s.at("name") == "Year 3 A") {
            grown = &s;
        }
    }
    REQUIRE(first != nullptr);
    REQUIRE(grown != nullptr);
    CHECK(first->at("gpus") == 18432);
    CHECK(grown->at("gpus") == 36864);
    for (const char* key : {"cnodes", "dboxes", "racks"}) {
        INFO(key);
        // What stands after = what stood before + what the phase adds.
        CHECK(grown->at("total").at(key).get<int>() ==
              first->at("total").at(key).get<int>() + grown->at("added").at(key).get<int>());
        CHECK(grown->at("added").at(key).get<int>() > 0);
    }
    CHECK(grown->at("usable_capacity_bytes").get<double>() >= 300e15);
}

TEST_CASE("a phase naming a site not in the list, or phases that mix, are refused at the path") {
    std::string text = test_support::read_file(std::string(PODSIZER_SOURCE_DIR) + "/" + kProject);
    std::string unknown = text;
    unknown.replace(unknown.find(R"("site": "B"})"), 12, R"("site": "D"})");
    const ProcessResult a = podsizer({"size", write_temp("unknown-site.json", unknown)});
    CHECK(a.exit_code == 2);
    CHECK_THAT(a.err, Catch::Contains("$.phases[1].site: \"D\" is not a site of fleet.sites"));
    std::string mixed = text;
    mixed.replace(mixed.find(R"(, "site": "B"})"), 14, R"(, "usable": "450 PB"})");
    const ProcessResult b = podsizer({"size", write_temp("mixed-phases.json", mixed)});
    CHECK(b.exit_code == 2);
    CHECK_THAT(b.err, Catch::Contains("$.phases[1]: name the site the phase opens or grows"));
}

TEST_CASE("the phases table by site gives each phase's project total over its sites") {
    const ProcessResult r = podsizer({"size", kProject});
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains("Phases by site (Site system: each site grows on its own "
                                      "installed base"));
    // Year 3's total: the three sites' GPUs, 36,864 + 38,400 + 23,040.
    CHECK_THAT(r.out, Catch::Contains("all sites          98,304"));
    CHECK_THAT(r.out, !Catch::Contains("The final phase's target sized from scratch"));
}

namespace {

/// Two sites of their own needs (as examples/project-three-sites.json's A and
/// a smaller B); A copies its dataset into B's own system (the default), and
/// the phases open `first`, then `second`. With `separate`, B holds them in
/// a replica store of its own (replica_store).
std::string copying(const std::string& first, const std::string& second, bool separate = false) {
    return R"({
  "schema": "podsizer-scenario/1",
  "name": "copies by phase",
  "fleet": {
    "platform": "gb300-nvl72",
    "gpus": 53248,
    "sites": [
      {"name": "A", "gpus": 36864, "usable": "300 PB", "workload": "resnet50-h100",
       "wan": "400 Gbps", "replicate_to": "B", "dataset": true},
      {"name": "B", "gpus": 16384, "platform": "h100", "usable": "80 PB",
       "workload": "resnet50-h100", "wan": "400 Gbps", "replica_store": )" +
           std::string(separate ? "true" : "false") + R"(}
    ]
  },
  "performance": {"workloads": [{"id": "resnet50-h100"}]},
  "capacity": {"usable": "380 PB"},
  "constraints": {"rack": "rack-42u-25kw"},
  "options": [{"name": "Site system", "cnode": "cnode-1u", "dbox": "dbox-1u-22",
               "drive": "61.44 TB"}],
  "phases": [
    {"name": "Open )" +
           first + R"(", "date": "2027-06-01", "site": ")" + first + R"("},
    {"name": "Open )" +
           second + R"(", "date": "2029-01-15", "site": ")" + second + R"("}
  ]
})";
}

const nlohmann::json& step_of(const nlohmann::json& doc, const std::string& phase,
                              const std::string& site) {
    for (const nlohmann::json& s : doc.at("phases")) {
        if (s.at("name") == phase && s.at("site") == site) {
            return s;
        }
    }
    FAIL("no step " << phase << " at " << site);
    throw std::logic_error("unreachable");
}

} // namespace

TEST_CASE("a site holding another's copies in its system ends its phases at its sites row") {
    for (const auto& [first, second] :
         std::vector<std::pair<std::string, std::string>>{{"A", "B"}, {"B", "A"}}) {
        INFO("open " << first << " then " << second);
        const ProcessResult r =
            podsizer({"size", write_temp("copies-" + first + ".json", copying(first, second)),
                      "--format", "json"});
        INFO(r.err);
        REQUIRE(r.exit_code <= 1);
        const nlohmann::json doc = nlohmann::json::parse(r.out);
        const nlohmann::json& b = test_support::element_where(doc.at("sites"), "name", "B");
        // B holds A's 300 PB dataset copy in its own system: its sites row
        // is sized for 80 PB + A's usable target.
        REQUIRE(b.at("replica").at("separate") == false);
        CHECK(b.at("usable_capacity_bytes").get<double>() >= 380e15);
        // B's last phase (the second, in either order) holds its sites
        // row's devices. Opened first, B grows in place: what the second
        // phase adds goes into new racks (docs/sites-and-phases.md §2), so
        // it may stand at more racks than the row sized from scratch, and
        // then says so (phase-beyond-scratch).
        const nlohmann::json& last = step_of(doc, "Open " + second, "B");
        for (const char* key : {"cnodes", "dboxes"}) {
            INFO(key);
            CHECK(last.at("total").at(key) == b.at(key));
        }
        if (first == "A") {
            CHECK(last.at("total").at("racks") == b.at("racks"));
        } else if (last.at("total").at("racks") != b.at("racks")) {
            CHECK(last.at("total").at("racks").get<int>() > b.at("racks").get<int>());
            CHECK(r.out.find("phase-beyond-scratch") != std::string::npos);
        }
        CHECK(last.at("usable_capacity_bytes").get<double>() >= 380e15);
        if (first == "B") {
            // Opened before A, B is sized for its own 80 PB, then grows when
            // A opens and its copies start to arrive.
            const nlohmann::json& opened = step_of(doc, "Open B", "B");
            CHECK(opened.at("usable_capacity_bytes").get<double>() < 380e15);
            CHECK(last.at("added").at("dboxes").get<int>() > 0);
            CHECK(last.at("opens") == false);
        }
    }
}

TEST_CASE("a separate replica store stands in its site's phases from its sender's opening") {
    for (const auto& [first, second] :
         std::vector<std::pair<std::string, std::string>>{{"A", "B"}, {"B", "A"}}) {
        INFO("open " << first << " then " << second);
        const ProcessResult r =
            podsizer({"size", write_temp("store-" + first + ".json", copying(first, second, true)),
                      "--format", "json"});
        INFO(r.err);
        REQUIRE(r.exit_code <= 1);
        const nlohmann::json doc = nlohmann::json::parse(r.out);
        const nlohmann::json& b = test_support::element_where(doc.at("sites"), "name", "B");
        const nlohmann::json& store = b.at("replica");
        REQUIRE(store.at("separate") == true);
        REQUIRE(store.at("dboxes").get<int>() > 0);
        // The sites row counts the store with B's own system; so does B's
        // last phase (B is sized for its own 80 PB, the store for A's copy).
        const nlohmann::json& last = step_of(doc, "Open " + second, "B");
        for (const char* key : {"cnodes", "dboxes", "racks"}) {
            INFO(key);
            CHECK(last.at("total").at(key) == b.at(key));
        }
        CHECK(last.at("power_w").get<double>() == Approx(b.at("power_w").get<double>()));
        // The store is bought once: in the phase A opens (B's own opening
        // when B opens second), the phase's additions hold it.
        const nlohmann::json& bought = step_of(doc, first == "A" ? "Open B" : "Open A", "B");
        CHECK(bought.at("added").at("dboxes").get<int>() >= store.at("dboxes").get<int>());
        if (first == "B") {
            const nlohmann::json& opened = step_of(doc, "Open B", "B");
            CHECK(opened.at("total").at("dboxes").get<int>() ==
                  b.at("dboxes").get<int>() - store.at("dboxes").get<int>());
            CHECK(bought.at("added").at("dboxes") == store.at("dboxes"));
        }
    }
}

TEST_CASE("the cost by year buys a separate replica store once and runs it from then") {
    const std::string book =
        std::string(PODSIZER_SOURCE_DIR) + "/examples/prices-illustrative.json";
    const auto b_years = [&](const std::string& name, const std::string& text) {
        const ProcessResult r =
            podsizer({"size", write_temp(name, text), "--prices", book, "--format", "json"});
        INFO(r.err);
        REQUIRE(r.exit_code <= 1);
        const nlohmann::json doc = nlohmann::json::parse(r.out);
        return test_support::element_where(doc.at("cost_by_year").at("sites"), "site", "B")
            .at("years");
    };
    // The same two sites without A's copies: B as its own system alone.
    std::string alone = copying("A", "B", true);
    for (const std::string cut :
         {R"(, "replicate_to": "B", "dataset": true)", R"(, "replica_store": true)"}) {
        REQUIRE(alone.find(cut) != std::string::npos);
        alone.erase(alone.find(cut), cut.size());
    }
    const nlohmann::json with_store = b_years("store-priced.json", copying("A", "B", true));
    const nlohmann::json without = b_years("alone-priced.json", alone);
    // B opens in year 2 (2029-01-15 is one whole year after 2027-06-01) and
    // buys its system and the store then; later years buy nothing and run
    // both, so each of B's years costs more to run than B alone.
    REQUIRE(with_store.size() == without.size());
    CHECK(with_store[1].at("capex").get<double>() > without[1].at("capex").get<double>());
    for (std::size_t y = 2; y < with_store.size(); ++y) {
        INFO("year " << y + 1);
        CHECK(with_store[y].at("capex").get<double>() == 0.0);
        CHECK(with_store[y].at("opex").get<double>() > without[y].at("opex").get<double>());
    }
}

// A project whose sites are each sized for their own needs states the sites'
// needs summed under its title, not the scenario's whole fleet as one pod on
// the fleet's platform that no site builds (docs/sites-and-phases.md, "One
// project export"). The sums are checked against the JSON's own sites.
TEST_CASE("a project of sites with their own needs states the sites' needs summed") {
    const nlohmann::json doc = project_json();
    REQUIRE(doc.contains("sites_need"));
    const nlohmann::json& need = doc["sites_need"];
    double read = 0.0;
    double write = 0.0;
    double usable = 0.0;
    std::int64_t gpus = 0;
    for (const nlohmann::json& site : doc["sites"]) {
        read += site["read_need_bytes_per_s"].get<double>();
        write += site["write_need_bytes_per_s"].get<double>();
        usable += site["usable_need_bytes"].get<double>();
        gpus += site["gpus"].get<std::int64_t>();
    }
    CHECK(need["sites"] == 3);
    CHECK(need["gpus"] == gpus);
    CHECK(need["read_bytes_per_s"].get<double>() == Approx(read));
    CHECK(need["write_bytes_per_s"].get<double>() == Approx(write));
    CHECK(need["usable_capacity_bytes"].get<double>() == Approx(usable));
    // The whole fleet as one gb300-nvl72 pod is 171 SUs reading 36.30 TB/s;
    // the sites read 13.59 + 14.15 + 8.49 = 36.23 TB/s (each site's workload
    // line), and each site's job writes 0.06 TB/s, 0.18 in all.
    const ProcessResult r = podsizer({"size", kProject});
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains("Requirement: 3 sites, each sized for its own needs: 98,304 "
                                      "GPUs; read 36.23 TB/s, write 0.18 TB/s; usable 600.0 PB "
                                      "(the sites' needs summed)"));
    CHECK_THAT(r.out, !Catch::Contains("171 SUs"));
    // The checkpoint notes are each site's: site B's b300 nodes hold 8 GPUs,
    // so its platform rate is the stated 3.79 per 1,000 node-days of 8 GPUs;
    // site A's gb300-nvl72 nodes hold 4, half that.
    CHECK_THAT(r.out, Catch::Contains("Site B: Failure rate: 3.79 per 1,000 node-days of 8 GPUs"));
    CHECK_THAT(r.out, Catch::Contains("= 3.79 per 1,000 platform node-days."));
    CHECK_THAT(r.out, Catch::Contains("Site A: Offsite copies of every 10th checkpoint need "));
    // One site is named as one, with its own GPUs: 23,040 (site C's count).
    const std::string one_site = R"({"name": "One site",
        "fleet": {"platform": "gb300-nvl72", "gpus": 23040,
                  "sites": [{"name": "C", "gpus": 23040, "usable": "150 PB"}]},
        "capacity": {"usable": "150 PB"}})";
    const ProcessResult single = podsizer({"size", write_temp("one-site.json", one_site)});
    INFO(single.err);
    CHECK_THAT(single.out,
               Catch::Contains("Requirement: 1 site, sized for its own needs: 23,040 GPUs"));
    // The scenario without its sites keeps the whole-fleet requirement and no sites_need.
    const ProcessResult one = podsizer({"size", "examples/ncp-pod-41k.json", "--format", "json"});
    REQUIRE(one.exit_code == 0);
    CHECK_FALSE(nlohmann::json::parse(one.out).contains("sites_need"));
}
