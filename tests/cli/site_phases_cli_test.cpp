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
#include <string>

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
