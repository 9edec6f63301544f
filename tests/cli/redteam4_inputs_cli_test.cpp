// The fourth red-team round's input defects D5-D13 and D15
// (/work/shared/reference/REDTEAM-4.md, docs/robustness.md "Fourth red-team
// round"), each reproducer run on the real binary: exit 2, one line naming
// the flag or the file and JSON path with what was expected, nothing on
// stdout, no export written and no input changed.
#include "run_process.hpp"
#include "support/test_files.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace {

using nlohmann::json;
using test_support::line_count;
using test_support::read_file;
using test_support::write_temp;

const std::string kPod = "examples/ncp-pod-41k.json";
const std::string kPhases = "examples/fleet-phases.json";
const std::string kReplication = "examples/fleet-replication.json";
const std::string kCadence = "examples/checkpoint-cadence.json";
const std::string kBook = "examples/prices-illustrative.json";

json example(const std::string& path) {
    return json::parse(read_file(std::string(PODSIZER_SOURCE_DIR) + "/" + path));
}

/// `args` run with an export the run would write: refused with exit 2 and
/// one line starting "podsizer: error: " + `where` and holding `says`;
/// stdout empty, the export not written, and `inputs` byte for byte as
/// before. (A `size` run takes --xlsx; other commands are run as given.)
void check_refused(std::vector<std::string> args, const std::string& where, const std::string& says,
                   const std::vector<std::string>& inputs = {}) {
    const std::string target = test_support::temp_dir() + "/redteam4-refused.xlsx";
    std::filesystem::remove(target);
    if (args.front() == "size") {
        args.insert(args.end(), {"--xlsx", target});
    }
    std::vector<std::string> before;
    for (const std::string& f : inputs) {
        before.push_back(read_file(f));
    }
    const ProcessResult r = podsizer(args);
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(line_count(r.err) == 1);
    CHECK_THAT(r.err, Catch::StartsWith("podsizer: error: " + where));
    CHECK_THAT(r.err, Catch::Contains(says));
    CHECK_FALSE(std::filesystem::exists(target));
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        CHECK(read_file(inputs[i]) == before[i]);
    }
}

} // namespace

TEST_CASE("a field set twice through an alias, [*] or an index is refused naming both "
          "(REDTEAM-4 D5)") {
    // Before: exit 0, and the last --set won (61.44 TB, 180 D-boxes or
    // 30.72 TB, 356 D-boxes by the order of the flags).
    check_refused({"size", kPod, "--set", "drive=30.72TB", "--set", "options[0].drive=61.44TB"},
                  "--set options[0].drive=61.44TB: ",
                  "options[0].drive is already set by --set drive=30.72TB (drive is "
                  "options[*].drive); expected each field once");
    check_refused({"size", kPod, "--set", "options[0].drive=61.44TB", "--set", "drive=30.72TB"},
                  "--set drive=30.72TB: ", "already set by --set options[0].drive=61.44TB");
    check_refused(
        {"size", kPod, "--set", "options[*].drive=30.72TB", "--set", "options[0].drive=61.44TB"},
        "--set options[0].drive=61.44TB: ", "already set by --set options[*].drive");
    check_refused({"sweep", kPod, "--set", "drive=30.72TB", "--vary", "options[0].drive=61.44TB"},
                  "--vary options[0].drive=61.44TB: ", "also set by --set drive=30.72TB");
    check_refused({"sweep", kPod, "--vary", "drive=30.72TB", "--vary", "options[0].drive=61.44TB"},
                  "--vary options[0].drive=61.44TB: ", "already varied by --vary drive=30.72TB");
    // Two fields the file takes one of: the second removed the first.
    check_refused(
        {"size", kPod, "--set", "options[0].cnodes=100", "--set", "options[0].cd_ratio=1:1"},
        "--set options[0].cd_ratio=1:1: ",
        "options[0].cd_ratio excludes options[0].cnodes, which is already set by --set "
        "options[0].cnodes=100; expected one of the two");
    // Different elements of one list still combine.
    const ProcessResult two = podsizer(
        {"size", kPhases, "--set", "phases[0].usable=300PB", "--set", "phases[1].usable=500PB"});
    CHECK(two.exit_code != 2);
    CHECK(two.err.empty());
}

TEST_CASE("a --set into a list the scenario lacks names the --set, not the file (REDTEAM-4 D6)") {
    // Before: "examples/ncp-pod-41k.json: $.phases[0].name: missing required
    // field", blaming a file that is fine.
    for (const auto& [set, list] : std::vector<std::pair<std::string, std::string>>{
             {"phases[0].usable=1PB", "phases"},
             {"phases[*].usable=1PB", "phases"},
             {"fleet.sites[0].max_racks=10", "sites"},
             {"checkpoint.jobs[0].retain=3", "jobs"}}) {
        check_refused({"size", kPod, "--set", set}, "--set " + set + ": ",
                      "the scenario has no " + list + ", so ", {kPod});
    }
    check_refused({"sweep", kPod, "--vary", "phases[0].usable=1PB,2PB"},
                  "--vary phases[0].usable=1PB,2PB: ", "the scenario has no phases");
    // An index past the end of a list the file has is refused as before.
    check_refused({"size", kPhases, "--set", "phases[4].usable=2EB"},
                  "--set phases[4].usable=2EB: ", "has 4 elements; index 4 is past the end");
}

TEST_CASE("an empty list of sites is refused at $.fleet.sites (REDTEAM-4 D7)") {
    // Before: exit 0 with no Sites table, where "sites": 0 was refused.
    json d = example(kReplication);
    d["fleet"]["sites"] = json::array();
    const std::string s = write_temp("redteam4/sites-empty.json", d.dump());
    check_refused({"size", s}, s + ": $.fleet.sites: ",
                  "an empty list; expected at least one site, or a number of sites", {s});
}

TEST_CASE("a price-book item that can never apply is refused at its id or drive "
          "(REDTEAM-4 D8)") {
    // Before: exit 0, "C-nodes unpriced" and a TCO of 44.5 M USD instead of
    // 88.1 M, with no word on the book.
    json unknown = example(kBook);
    unknown["items"][0]["id"] = "cnode-1x";
    const std::string b1 = write_temp("redteam4/book-unknown.json", unknown.dump());
    check_refused({"size", kPod, "--prices", b1},
                  b1 + ": $.items[0].id: ", "unknown catalog id \"cnode-1x\" (nearest: cnode-1u",
                  {b1, kPod});
    json drive = example(kBook);
    REQUIRE(drive["items"][1]["id"] == "dbox-1u-22");
    drive["items"][1]["drive"] = "99 TB";
    const std::string b2 = write_temp("redteam4/book-drive.json", drive.dump());
    check_refused({"size", kPod, "--prices", b2}, b2 + ": $.items[1].drive: ",
                  "99.00 TB is not a drive option of dbox-1u-22; expected one of", {b2});
    json cnode_drive = example(kBook);
    REQUIRE(cnode_drive["items"][0]["id"] == "cnode-1u");
    cnode_drive["items"][0]["drive"] = "61.44 TB";
    const std::string b3 = write_temp("redteam4/book-cnode-drive.json", cnode_drive.dump());
    check_refused({"size", kPod, "--prices", b3}, b3 + ": $.items[0].drive: ",
                  "\"cnode-1u\" is a C-node, which has no drive options", {b3});
    // The same book in a scenario, inline or by name; and through the other
    // commands that take --prices.
    json inline_book = example(kPod);
    inline_book["prices"] = unknown;
    const std::string s1 = write_temp("redteam4/inline-book.json", inline_book.dump());
    check_refused({"size", s1}, s1 + ": $.prices.items[0].id: ", "unknown catalog id", {s1});
    json named = example(kPod);
    named["prices"] = "book-drive.json";
    const std::string s2 = write_temp("redteam4/named-book.json", named.dump());
    check_refused({"size", s2}, s2 + ": $.prices: " + b2 + ": $.items[1].drive: ",
                  "not a drive option of dbox-1u-22", {s2, b2});
    check_refused({"sweep", kPod, "--vary", "gpus=4096", "--prices", b1},
                  b1 + ": $.items[0].id: ", "unknown catalog id");
    check_refused({"design", "--scenario", kPod, "--cnode", "cnode-1u", "--dbox", "dbox-1u-22",
                   "--cnodes", "450", "--dboxes", "180", "--prices", b3},
                  b3 + ": $.items[0].drive: ", "has no drive options");
    // batch: each run checks the book against its own catalog (a scenario's
    // own entries may be what an item names), so the run is refused, bad,
    // with the item's place; the run's tally says so.
    const ProcessResult batch = podsizer({"batch", kPod, "--prices", b1});
    CHECK(batch.exit_code == 2);
    CHECK_THAT(batch.err, Catch::StartsWith("podsizer: error: " + b1 + ": $.items[0].id: "));
    CHECK_THAT(batch.err, Catch::Contains("1 bad"));
    // The book as shipped prices every part.
    const ProcessResult good = podsizer({"size", kPod, "--prices", kBook});
    CHECK(good.exit_code == 0);
    CHECK_THAT(good.out, !Catch::Contains("unpriced"));
}

TEST_CASE("a name of no-break or zero-width spaces is refused as blank, as one of spaces is "
          "(REDTEAM-4 D9)") {
    const std::string nbsp = "\xc2\xa0";
    const std::string zwsp = "\xe2\x80\x8b";
    json site = example(kPhases);
    site["fleet"]["sites"][0]["name"] = nbsp;
    const std::string s1 = write_temp("redteam4/site-name.json", site.dump());
    check_refused({"size", s1},
                  s1 + ": $.fleet.sites[0].name: ", "empty; expected the site's name");
    json phase = example(kPhases);
    phase["phases"][2]["name"] = zwsp + nbsp;
    const std::string s2 = write_temp("redteam4/phase-name.json", phase.dump());
    check_refused({"size", s2}, s2 + ": $.phases[2].name: ", "empty; expected the phase's name");
    json scenario = example(kPod);
    scenario["name"] = "\xe3\x80\x80"; // U+3000, the ideographic space
    const std::string s3 = write_temp("redteam4/scenario-name.json", scenario.dump());
    check_refused({"size", s3}, s3 + ": $.name: ", "empty; expected the scenario's name");
    json job = example(kCadence);
    job["checkpoint"]["jobs"][0]["name"] = nbsp;
    const std::string s4 = write_temp("redteam4/job-name.json", job.dump());
    check_refused({"size", s4}, s4 + ": $.checkpoint.jobs[0].name: ",
                  "blank (only spaces or invisible characters such as U+00A0); expected a name");
    job["checkpoint"]["jobs"][0]["name"] = " ";
    const std::string s5 = write_temp("redteam4/job-name-space.json", job.dump());
    check_refused({"size", s5}, s5 + ": $.checkpoint.jobs[0].name: ", "such as U+0020");
    check_refused({"size", "--usable", "1PB", "--name", nbsp},
                  "--name: ", "empty; expected the scenario's name");
    check_refused({"size", kPod, "--set", "name=" + zwsp}, "--set name=" + zwsp + ": ",
                  "$.name: empty");
    // A name that holds a visible character beside them is a name.
    const ProcessResult named =
        podsizer({"--format", "json", "size", "--usable", "1PB", "--name", nbsp + "A" + zwsp});
    CHECK(named.exit_code == 0);
}

TEST_CASE("a catalog entry may not take a word a scenario reserves as its id (REDTEAM-4 D10)") {
    // Before: `catalog validate` said "ok, 1 entries" for an id "auto", which
    // "cnode": "auto" could never choose.
    json cnodes = example("catalog/data/cnodes.json");
    const json entry = cnodes["cnodes"][0];
    for (const std::string word : {"auto", "knee", "none"}) {
        json c = {{"schema", "podsizer-catalog/1"}, {"cnodes", json::array({entry})}};
        c["cnodes"][0]["id"] = word;
        const std::string file = write_temp("redteam4/catalog-" + word + ".json", c.dump());
        check_refused({"catalog", "validate", file},
                      file + ": $.cnodes[0].id: ", "\"" + word + "\" is a reserved word", {file});
        // An own catalog in a scenario: the same rule.
        json s = example(kPod);
        s["catalog"] = json::array({json{{"cnodes", json::array({c["cnodes"][0]})}}});
        const std::string own = write_temp("redteam4/own-" + word + ".json", s.dump());
        check_refused({"size", own}, own + ": $.catalog[0].cnodes[0].id: ", "is a reserved word",
                      {own});
    }
    // An id that shows nothing is as empty as "" (D9's blank test).
    json blank = {{"schema", "podsizer-catalog/1"}, {"cnodes", json::array({entry})}};
    blank["cnodes"][0]["id"] = "\xc2\xa0";
    const std::string file = write_temp("redteam4/catalog-blank-id.json", blank.dump());
    check_refused({"catalog", "validate", file},
                  file + ": $.cnodes[0].id: ", "empty; expected an id", {file});
    // The ids it may still refer to elsewhere are untouched: "auto" picks.
    const ProcessResult automatic = podsizer({"size", kPod, "--set", "options[0].cnode=auto"});
    CHECK(automatic.exit_code != 2);
}

TEST_CASE("a phase's empty date is refused like any malformed date (REDTEAM-4 D11)") {
    json d = example(kPhases);
    d["phases"][1]["date"] = "";
    const std::string s = write_temp("redteam4/date-empty.json", d.dump());
    check_refused({"size", s}, s + ": $.phases[1].date: ",
                  "\"\" is not a date; expected YYYY-MM-DD such as \"2027-03-31\"", {s});
    check_refused({"size", kPhases, "--set", "phases[1].date="},
                  "--set phases[1].date=: ", "no value after '='");
    check_refused({"size", kPhases, "--set", "phases[1].date=2027-02-30"},
                  "--set phases[1].date=2027-02-30: ", "is not a date");
}

TEST_CASE("a C:D ratio in exponent notation is refused, as counts are (REDTEAM-4 D12)") {
    check_refused({"size", kPod, "--set", "constraints.cd_max=1e300:1"},
                  "--set constraints.cd_max=1e300:1: ",
                  "\"1e300:1\" is not a C:D ratio; expected C-nodes:D-boxes such as \"1:2\" or "
                  "\"2.5:1\", both plain decimals above zero");
    json d = example(kPod);
    d["constraints"]["cd_max"] = "4:1e0";
    const std::string s = write_temp("redteam4/cd-exponent.json", d.dump());
    check_refused({"size", s}, s + ": $.constraints.cd_max: ", "plain decimals", {s});
    check_refused({"size", kPod, "--set", "options[0].cd_ratio=0.5e0"},
                  "--set options[0].cd_ratio=0.5e0: ", "is not a C:D ratio");
    // Plain decimals stay fine.
    CHECK(podsizer({"size", kPod, "--set", "constraints.cd_max=2.5:1"}).exit_code != 2);
}

TEST_CASE("a price book or catalog given as a scenario is one line naming its kind "
          "(REDTEAM-4 D13)") {
    // Before: a warning per top-level key (each listing 17 known fields),
    // then this error.
    const std::string book_error = kBook +
                                   ": $.schema: unknown schema \"podsizer-prices/1\"; expected "
                                   "\"podsizer-scenario/1\" (the file is a price book)";
    check_refused({"size", kBook}, book_error, "");
    for (const std::string format : {"table", "json", "csv"}) {
        INFO(format);
        const ProcessResult left = podsizer({"--format", format, "diff", kBook, kPod});
        CHECK(left.exit_code == 2);
        CHECK(left.out.empty());
        CHECK(left.err == "podsizer: error: " + book_error + "\n");
        const ProcessResult right =
            podsizer({"--format", format, "diff", kPod, "catalog/data/cnodes.json"});
        CHECK(right.exit_code == 2);
        CHECK(line_count(right.err) == 1);
        CHECK_THAT(right.err, Catch::Contains("(the file is a catalog)"));
    }
    // The other way round: a scenario given as a price book or a catalog.
    check_refused({"size", kPod, "--prices", kPod},
                  kPod + ": $.schema: ", "expected \"podsizer-prices/1\" (the file is a scenario)");
    check_refused({"--catalog", kPod, "catalog", "list"}, kPod + ": $.schema: ",
                  "expected \"podsizer-catalog/1\" (the file is a scenario)");
}

TEST_CASE("an unreadable --confidence suggests a confidence level and states its range "
          "(REDTEAM-4 D15)") {
    // Before: "--confidence: "x": expected a percentage such as "5%"" for a
    // level whose default is 95 %.
    const std::vector<std::string> base = {"durability", "--stripe", "8+2",      "--drives",
                                           "100",        "--afr",    "1%",       "--rebuild-time",
                                           "1h",         "--method", "simulate", "--confidence"};
    for (const std::string value : {"x", "95"}) {
        std::vector<std::string> args = base;
        args.push_back(value);
        check_refused(args, "--confidence: \"" + value + "\" is not a percentage; ",
                      "expected a confidence level from 50 % to 99.9999 %, such as \"95%\"");
    }
}
