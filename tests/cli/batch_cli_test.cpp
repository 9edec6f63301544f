// End-to-end tests of `podsizer batch` and `podsizer sweep` (issue 8): rows,
// stderr messages, exit codes, formats, and the same output on 1 and 2 threads.
#include "run_process.hpp"
#include "support/test_files.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace {

using test_support::read_file;
using test_support::temp_dir;
using test_support::write_temp;

namespace fs = std::filesystem;

std::vector<std::string> lines(const std::string& s, char sep = '\n') {
    std::vector<std::string> out;
    std::string cur;
    for (char c : s) {
        if (c == sep) {
            if (!cur.empty() && cur.back() == '\r') {
                cur.pop_back();
            }
            out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty()) {
        out.push_back(cur);
    }
    return out;
}

/// The fields of one RFC 4180 CSV line (quotes removed, "" unescaped).
std::vector<std::string> csv_fields(const std::string& line) {
    std::vector<std::string> out(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                out.back() += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                out.back() += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            out.emplace_back();
        } else {
            out.back() += c;
        }
    }
    return out;
}

/// The first CSV field of a line (enough for the unquoted file names here).
std::string first_field(const std::string& line) {
    return line.substr(0, line.find(','));
}

const std::string kExample = "examples/ncp-pod-41k.json";
const std::string kSource = PODSIZER_SOURCE_DIR;

/// A directory with two good scenarios, one whose requirement is not met,
/// two bad ones and a file that is not JSON:
///   a-ncp.json          the reference pod (1 option)
///   b-bad-unit.json     capacity without a unit (bad)
///   c-hd.json           the high-density exabyte (2 options)
///   notes.txt           ignored: not *.json
///   sub/d-limited.json  at most 5 racks (sized, not met)
///   sub/e-malformed.json  not JSON (bad)
std::string mixed_dir() {
    static const std::string dir = [] {
        write_temp("mixed/a-ncp.json", read_file(kSource + "/examples/ncp-pod-41k.json"));
        write_temp("mixed/b-bad-unit.json", R"({"name": "x", "capacity": {"usable": "215"}})");
        write_temp("mixed/c-hd.json", read_file(kSource + "/examples/high-density-1eb.json"));
        write_temp("mixed/notes.txt", "not a scenario\n");
        write_temp("mixed/sub/d-limited.json", R"({
            "name": "limited", "capacity": {"usable": "215 PB"},
            "constraints": {"max_racks": 5},
            "options": [{"cnode": "cnode-1u", "dbox": "dbox-1u-22"}]})");
        write_temp("mixed/sub/e-malformed.json", "{\"name\": \"y\", oops}\n");
        return temp_dir() + "/mixed";
    }();
    return dir;
}

} // namespace

TEST_CASE("batch and sweep are listed and have help") {
    const ProcessResult r = podsizer({"--help"});
    CHECK_THAT(r.out, Catch::Contains("batch"));
    CHECK_THAT(r.out, Catch::Contains("sweep"));
    const ProcessResult b = podsizer({"batch", "--help"});
    CHECK(b.exit_code == 0);
    CHECK_THAT(b.out, Catch::Contains("--jobs"));
    const ProcessResult s = podsizer({"sweep", "--help"});
    CHECK(s.exit_code == 0);
    CHECK_THAT(s.out, Catch::Contains("--vary"));
}

TEST_CASE("batch over a directory gives a row per scenario and option, and reports bad files") {
    const std::string dir = mixed_dir();
    const ProcessResult r = podsizer({"batch", dir, "--format", "csv"});
    CHECK(r.exit_code == 2); // some input was bad
    const auto out = lines(r.out);
    // Header, then rows in sorted path order: a (1 option), c (2), sub/d (1).
    REQUIRE(out.size() == 5);
    CHECK_THAT(out[0], Catch::StartsWith("File,Scenario,Design,"));
    CHECK(first_field(out[1]) == dir + "/a-ncp.json");
    CHECK(first_field(out[2]) == dir + "/c-hd.json");
    CHECK(first_field(out[3]) == dir + "/c-hd.json");
    CHECK(first_field(out[4]) == dir + "/sub/d-limited.json");
    CHECK_THAT(out[2], Catch::Contains("HD exabyte, full performance"));
    CHECK_THAT(out[3], Catch::Contains("HD exabyte, capacity only (1:2)"));
    CHECK_THAT(out[4], Catch::Contains("max-racks"));

    // Each bad file is named with its reason, in order, then the summary.
    const auto err = lines(r.err);
    REQUIRE(err.size() == 3);
    CHECK(err[0] == "podsizer: error: " + dir +
                        "/b-bad-unit.json: $.capacity.usable: \"215\": missing unit; expected a "
                        "capacity such as \"5.4 PB\"");
    CHECK_THAT(err[1], Catch::StartsWith("podsizer: error: " + dir +
                                         "/sub/e-malformed.json:1:15: "
                                         "malformed JSON"));
    CHECK(err[2] == "podsizer: 2 sized, 1 not met, 2 bad");
}

TEST_CASE("batch exits 0 when all are sized and 1 when a requirement is not met") {
    const ProcessResult ok =
        podsizer({"batch", kExample, "examples/high-density-1eb.json", "--format", "csv"});
    CHECK(ok.exit_code == 0);
    CHECK(lines(ok.out).size() == 4); // header + 1 + 2
    CHECK(ok.err == "podsizer: 2 sized, 0 not met, 0 bad\n");

    const ProcessResult not_met =
        podsizer({"batch", kExample, mixed_dir() + "/sub/d-limited.json"});
    CHECK(not_met.exit_code == 1);
    CHECK(not_met.err == "podsizer: 1 sized, 1 not met, 0 bad\n");
    CHECK_THAT(not_met.out, Catch::Contains("max-racks"));
}

TEST_CASE("batch rows carry exactly the figures size prints for the same file") {
    const ProcessResult batch =
        podsizer({"batch", "examples/high-density-1eb.json", "--format", "csv"});
    const ProcessResult size =
        podsizer({"size", "examples/high-density-1eb.json", "--format", "csv"});
    REQUIRE(batch.exit_code == 0);
    const auto b = lines(batch.out);
    const auto s = lines(size.out);
    REQUIRE(b.size() == s.size());
    // Batch adds File and Scenario in front, and "Write driven by" and
    // "Checkpoints sustainable" before Findings; the rest is size's row.
    for (std::size_t i = 0; i < b.size(); ++i) {
        INFO(b[i]);
        std::vector<std::string> expected = csv_fields(s[i]);
        const std::string findings = expected.back();
        expected.pop_back();
        if (i == 0) {
            expected.insert(expected.begin(), {"File", "Scenario"});
            expected.insert(expected.end(), {"Write driven by", "Checkpoints sustainable"});
        } else {
            expected.insert(expected.begin(),
                            {"examples/high-density-1eb.json",
                             "Capacity-optimised exabyte on the 2U high-density D-box"});
            expected.insert(expected.end(), {"none", ""}); // no rule, no checkpoint jobs
        }
        expected.push_back(findings);
        CHECK(csv_fields(b[i]) == expected);
    }
}

TEST_CASE("batch of a missing file or an empty directory reports each and goes on") {
    fs::create_directories(temp_dir() + "/empty");
    const ProcessResult r =
        podsizer({"batch", "no/such.json", temp_dir() + "/empty", kExample, "--format", "csv"});
    CHECK(r.exit_code == 2);
    CHECK(lines(r.out).size() == 2);
    const auto err = lines(r.err);
    REQUIRE(err.size() == 3);
    CHECK(err[0] == "podsizer: error: no/such.json: cannot open file (missing or unreadable)");
    CHECK(err[1] ==
          "podsizer: error: " + temp_dir() + "/empty: no *.json scenario files in this directory");
    CHECK(err[2] == "podsizer: 1 sized, 0 not met, 2 bad");
}

TEST_CASE("sweep ranges and lists expand in the documented order") {
    const ProcessResult r =
        podsizer({"sweep", kExample, "--vary", "gpus=4096..65536*2", "--vary",
                  "dbox=dbox-1u-22,dbox-2u-44-hd", "--vary", "drive=auto", "--format", "csv"});
    CHECK(r.exit_code == 0);
    const auto out = lines(r.out);
    REQUIRE(out.size() == 11);
    CHECK_THAT(out[0], Catch::StartsWith("gpus,dbox,drive,Design,C-node model,D-box model,"));
    // The first --vary changes slowest: 4096 ×2 up to 65536, each with both boxes.
    const char* gpus[] = {"4096", "8192", "16384", "32768", "65536"};
    for (std::size_t i = 0; i < 10; ++i) {
        const std::string box = i % 2 == 0 ? "dbox-1u-22" : "dbox-2u-44-hd";
        INFO(out[i + 1]);
        CHECK_THAT(out[i + 1], Catch::StartsWith(std::string(gpus[i / 2]) + "," + box +
                                                 ",auto,NCP pod,"
                                                 "cnode-1u," +
                                                 box + ","));
    }
    CHECK(r.err == "podsizer: 10 sized, 0 not met, 0 bad\n");
}

TEST_CASE("a sweep run with the original values gives the figures of size") {
    // gpus=41472 is the example's own value: the row must equal size's row.
    const ProcessResult sweep =
        podsizer({"sweep", kExample, "--vary", "gpus=41472", "--format", "csv"});
    const ProcessResult size = podsizer({"size", kExample, "--format", "csv"});
    REQUIRE(sweep.exit_code == 0);
    std::vector<std::string> expected = csv_fields(lines(size.out).at(1));
    expected.insert(expected.begin(), "41472");
    expected.insert(expected.end() - 1, {"performance_rule", ""}); // before Findings
    CHECK(csv_fields(lines(sweep.out).at(1)) == expected);
}

TEST_CASE("jsonl lines parse one by one, in run order, with their parameters") {
    const ProcessResult r = podsizer({"sweep", "examples/high-density-1eb.json", "--vary",
                                      "capacity.usable=0.5EB..1EB+250PB", "--vary",
                                      "constraints.rack=rack-42u-25kw,rack-48u-40kw", "--format",
                                      "jsonl", "--jobs", "2"});
    CHECK(r.exit_code == 0);
    const auto out = lines(r.out);
    // 3 capacities × 2 racks × 2 options of the scenario.
    REQUIRE(out.size() == 12);
    const char* caps[] = {"0.5 EB", "0.75 EB", "1 EB"};
    for (std::size_t i = 0; i < out.size(); ++i) {
        INFO(out[i].substr(0, 200));
        const auto j = nlohmann::json::parse(out[i]); // each line alone is a document
        const std::size_t run = i / 2 + 1;
        CHECK(j.at("run") == run);
        CHECK(j.at("option") == i % 2);
        CHECK(j.at("parameters").at("capacity.usable") == caps[(run - 1) / 2]);
        CHECK(j.at("parameters").at("constraints.rack") ==
              ((run - 1) % 2 == 0 ? "rack-42u-25kw" : "rack-48u-40kw"));
        CHECK(j.at("design").at("rack_model") == j.at("parameters").at("constraints.rack"));
        CHECK(j.at("design").at("usable_capacity_bytes").get<double>() >=
              j.at("requirements").at("usable_capacity_bytes").get<double>());
    }
}

TEST_CASE("jsonl carries the headline figures by default and the whole design with --full") {
    // issue 34: a sweep user plots the parameters, the requirement, the
    // headline figures, the verdict and the finding codes; --full keeps the
    // whole design. The lean design's figures are the whole design's.
    const std::vector<std::string> sweep{
        "sweep", "examples/ncp-pod-41k.json", "--vary", "fleet.gpus=41472", "--format", "jsonl"};
    const ProcessResult lean = podsizer(sweep);
    std::vector<std::string> with_full = sweep;
    with_full.push_back("--full");
    const ProcessResult full = podsizer(with_full);
    REQUIRE(lean.exit_code == 0);
    REQUIRE(full.exit_code == 0);
    const auto l = nlohmann::json::parse(lines(lean.out).at(0));
    const auto f = nlohmann::json::parse(lines(full.out).at(0));
    CHECK(l.at("parameters") == f.at("parameters"));
    CHECK(l.at("requirements") == f.at("requirements"));
    const auto& ld = l.at("design");
    const auto& fd = f.at("design");
    CHECK_FALSE(ld.contains("layout"));
    CHECK(fd.contains("layout"));
    for (const char* key :
         {"name", "cnode_model", "dbox_model", "switch_model", "rack_model", "drive_size_bytes",
          "cnodes", "dboxes", "switches", "racks", "rack_units", "usable_capacity_bytes",
          "read_bytes_per_s", "write_bytes_per_s", "power_w", "facility_power_w", "feasible"}) {
        INFO(key);
        CHECK(ld.at(key) == fd.at(key));
    }
    // The reference pod (README): 450 C-nodes, 180 D-boxes, 29 racks.
    CHECK(ld.at("cnodes") == 450);
    CHECK(ld.at("racks") == 29);
    REQUIRE(ld.at("findings").size() == fd.at("findings").size());
    for (std::size_t i = 0; i < ld.at("findings").size(); ++i) {
        CHECK(ld.at("findings")[i].at("code") == fd.at("findings")[i].at("code"));
        CHECK(ld.at("findings")[i].at("severity") == fd.at("findings")[i].at("severity"));
        CHECK_FALSE(ld.at("findings")[i].contains("message"));
    }
    // Smaller by far: the reference pod's whole design carries its 29 racks.
    CHECK(lean.out.size() * 4 < full.out.size());
    // --full changes only JSON Lines; elsewhere it is refused, not ignored.
    const ProcessResult csv = podsizer({"sweep", "examples/ncp-pod-41k.json", "--vary",
                                        "fleet.gpus=41472", "--format", "csv", "--full"});
    CHECK(csv.exit_code == 2);
    CHECK_THAT(csv.err, Catch::Contains("--full: only changes --format jsonl"));
}

TEST_CASE("output is the same on 1 and 2 threads in every format") {
    // A sweep with bad runs in it (4,096 GPUs cannot hold clusters of 8,192)
    // and a batch with bad files: stdout and stderr must not depend on -j.
    const std::vector<std::vector<std::string>> commands{
        {"sweep", kExample, "--vary", "gpus=4096..65536*2", "--vary",
         "fleet.gpus_per_cluster=8192,16384", "--vary", "dbox=dbox-1u-22,dbox-2u-44-hd"},
        {"batch", mixed_dir(), kExample},
    };
    for (const auto& base : commands) {
        for (const char* format : {"table", "csv", "md", "json", "jsonl"}) {
            INFO(base[0] << " --format " << format);
            auto args = base;
            args.insert(args.end(), {"--format", format, "--jobs", "1"});
            const ProcessResult one = podsizer(args);
            args.pop_back(); // not `args.back() = "2"`: GCC 12 -Wrestrict false positive
            args.emplace_back("2");
            const ProcessResult two = podsizer(args);
            CHECK(one.exit_code == 2);
            CHECK(two.exit_code == 2);
            CHECK(one.out == two.out);
            CHECK(one.err == two.err);
            CHECK_FALSE(one.out.empty());
        }
    }
}

TEST_CASE("a sweep reports runs that are bad in combination and goes on") {
    const ProcessResult r = podsizer({"sweep", kExample, "--vary", "gpus=4096,65536", "--vary",
                                      "fleet.gpus_per_cluster=8192", "--format", "csv"});
    CHECK(r.exit_code == 2);
    const auto out = lines(r.out);
    REQUIRE(out.size() == 2);
    CHECK_THAT(out[1], Catch::StartsWith("65536,8192,NCP pod,"));
    const auto err = lines(r.err);
    REQUIRE(err.size() == 2);
    CHECK(err[0] == "podsizer: error: run 1 (gpus=4096 fleet.gpus_per_cluster=8192): "
                    "examples/ncp-pod-41k.json: $.fleet.gpus_per_cluster: is larger than "
                    "fleet.gpus (4096)");
    CHECK(err[1] == "podsizer: 1 sized, 0 not met, 1 bad");
}

TEST_CASE("json output of a sweep is one document with a summary") {
    const ProcessResult r =
        podsizer({"sweep", kExample, "--vary", "tier=good", "--vary", "fleet.platform=h100",
                  "--vary", "gpus=4096,16384", "--format", "json"});
    CHECK(r.exit_code == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j.at("command") == "sweep");
    REQUIRE(j.at("results").size() == 2);
    // H100 Good is 15 GB/s read per SU of 256 GPUs (catalog, RA-11333-001):
    // 4,096 GPUs = 16 SUs -> 240 GB/s.
    CHECK(j["results"][0]["requirements"]["rule"] == "h100-good");
    CHECK(j["results"][0]["requirements"]["read_bytes_per_s"].get<double>() == Approx(240e9));
    CHECK(j["results"][1]["parameters"]["gpus"] == 16384);
    CHECK(j.at("summary") == nlohmann::json({{"sized", 2}, {"not_met", 0}, {"bad", 0}}));
}

TEST_CASE("bad --vary expressions and flags exit 2 with one line naming them") {
    struct Row {
        std::vector<std::string> args;
        std::string says;
    };
    const Row rows[] = {
        {{"--vary", "fleet.gpu=1,2"},
         "--vary fleet.gpu=1,2: unknown path \"fleet.gpu\" (nearest: fleet.gpus"},
        {{"--vary", "gpus=4096..1024*2"}, "--vary gpus=4096..1024*2: empty range"},
        {{"--vary", "gpus=4096..65536+0"}, "--vary gpus=4096..65536+0: step 0 is not above zero"},
        {{"--vary", "gpus=4096..65536*1"}, "factor 1 does not grow; expected a factor greater"},
        {{"--vary", "capacity.usable=100PB..400PB+1Tbps"},
         "--vary capacity.usable=100PB..400PB+1Tbps: \"1Tbps\": throughput unit \"Tbps\" where a "
         "capacity is needed"},
        {{"--vary", "dbox=dbox-1u-22,dbox-2u-hd"},
         "--vary dbox=dbox-1u-22,dbox-2u-hd: value \"dbox-2u-hd\": examples/ncp-pod-41k.json: "
         "$.options[0].dbox: unknown D-box model"},
        {{"--vary", "tier=good"}, "needs the performance rule \"gb200-nvl72-good\""},
        // --jobs is read by its row, as durability's --threads: one range in every message.
        {{"--vary", "gpus=1", "--jobs", "0"},
         "--jobs: 0 is out of range; expected a whole number from 1 to 256"},
        {{"--vary", "gpus=1", "--jobs", "999"},
         "--jobs: 999 is out of range; expected a whole number from 1 to 256"},
        {{"--vary", "gpus=1", "--jobs", "1,5"},
         "--jobs: \"1,5\" is not a number; expected a whole number from 1 to 256"},
        {{"--vary", "gpus=1", "-j", "2.5"},
         "--jobs: \"2.5\" is not a whole number; expected a whole number from 1 to 256"},
        {{"--vary", "gpus=1", "--format", "xml"},
         "--format: \"xml\" is not a format; expected table, csv, md, json or jsonl"},
        {{}, "--vary is required"},
        {{"--vary", "gpus=4096", "dbox=dbox-1u-22"}, "not expected: dbox=dbox-1u-22"},
    };
    for (const Row& r : rows) {
        auto args = std::vector<std::string>{"sweep", kExample};
        args.insert(args.end(), r.args.begin(), r.args.end());
        INFO(r.says);
        const ProcessResult p = podsizer(args);
        CHECK(p.exit_code == 2);
        CHECK(p.out.empty());
        CHECK(lines(p.err).size() == 1);
        CHECK_THAT(p.err, Catch::StartsWith("podsizer: error: "));
        CHECK_THAT(p.err, Catch::Contains(r.says));
    }
    // A bad base scenario stops the sweep before any run.
    const ProcessResult base =
        podsizer({"sweep", mixed_dir() + "/b-bad-unit.json", "--vary", "capacity.usable=1PB,2PB"});
    CHECK(base.exit_code == 2);
    CHECK(base.out.empty());
    CHECK_THAT(base.err, Catch::Contains("b-bad-unit.json: $.capacity.usable"));
}

TEST_CASE(
    "batch and sweep write a workbook with --xlsx, and a path they cannot write is bad input") {
    const std::string xlsx = temp_dir() + "/batch.xlsx";
    const ProcessResult ok = podsizer({"batch", kExample, "--xlsx", xlsx, "--format", "csv"});
    CHECK(ok.exit_code == 0);
    CHECK(ok.err == "podsizer: wrote " + xlsx + "\npodsizer: 1 sized, 0 not met, 0 bad\n");
    CHECK(fs::file_size(xlsx) > 0);

    const ProcessResult bad =
        podsizer({"batch", kExample, "--xlsx", "/no/such/dir/x.xlsx", "--format", "csv"});
    CHECK(bad.exit_code == 2);
    CHECK(lines(bad.out).size() == 2); // the report is complete
    const auto err = lines(bad.err);
    REQUIRE(err.size() == 2);
    CHECK_THAT(err[0], Catch::StartsWith("podsizer: error: --xlsx: /no/such/dir/x.xlsx: "));
    CHECK(err[1] == "podsizer: 1 sized, 0 not met, 0 bad");

    // A sweep too large for one sheet is refused before it runs: 600 × 1,000
    // runs of the two options of the exabyte example are 1,200,000 rows, more
    // than a sheet's 1,048,572. The sweep's own cap of 10^6 designs (runs ×
    // options, second red-team round, defect 10) is lower, so it speaks first.
    const ProcessResult big = podsizer({"sweep", "examples/high-density-1eb.json", "--vary",
                                        "constraints.max_racks=1..600+1", "--vary",
                                        "capacity.usable=1PB..1000PB+1PB", "--xlsx", xlsx});
    CHECK(big.exit_code == 2);
    CHECK(big.out.empty());
    CHECK_THAT(big.err, Catch::StartsWith("podsizer: error: --vary: the sweep has 600,000 runs × 2 "
                                          "options, more than 1,000,000 designs"));
}

TEST_CASE("docs/batch.md shows exactly what examples/sweep-gpus.sh prints") {
    const std::string doc = read_file(kSource + "/docs/batch.md");
    const std::string begin = "<!-- sweep-gpus -->\n```text\n";
    const auto b = doc.find(begin);
    REQUIRE(b != std::string::npos);
    const auto e = doc.find("```\n<!-- /sweep-gpus -->", b);
    REQUIRE(e != std::string::npos);
    const std::string shown = doc.substr(b + begin.size(), e - b - begin.size());
    // The script runs the binary named by $PODSIZER (the child inherits it).
    setenv("PODSIZER", PODSIZER_BIN, 1);
    const ProcessResult r = run_process("/bin/sh", {"examples/sweep-gpus.sh"}, kSource);
    CHECK(r.exit_code == 0);
    CHECK(r.out + r.err == shown);
}

TEST_CASE("a --set or --vary value is read as the flag bound to its field reads it (issue 48 "
          "item 3)") {
    // One text reading per field kind (parse_field_text): the same text gives
    // the same scenario by --set and by the flag, and the same refusal.
    struct Pair {
        std::string path; // --set PATH=VALUE
        std::string flag; // the flag bound to the same field
        std::string good;
        std::string bad;
    };
    const Pair pairs[] = {
        {"constraints.pue", "--pue", "1.5", "1,5"},
        {"constraints.headroom", "--headroom", "20%", "1,5%"},
        {"constraints.size_for", "--size-for", "dbox-down", "sideways"},
    };
    for (const Pair& p : pairs) {
        INFO(p.path);
        const ProcessResult by_set =
            podsizer({"size", kExample, "--format", "json", "--set", p.path + "=" + p.good});
        const ProcessResult by_flag =
            podsizer({"size", kExample, "--format", "json", p.flag, p.good});
        CHECK(by_set.exit_code == by_flag.exit_code);
        CHECK(by_set.exit_code != 2);
        CHECK(by_set.out == by_flag.out);
        const ProcessResult bad_set = podsizer({"size", kExample, "--set", p.path + "=" + p.bad});
        const ProcessResult bad_flag = podsizer({"size", kExample, p.flag, p.bad});
        CHECK(bad_set.exit_code == 2);
        CHECK(bad_flag.exit_code == 2);
        CHECK(lines(bad_set.err).size() == 1);
        CHECK_THAT(bad_set.err, Catch::Contains("--set " + p.path + "=" + p.bad + ": "));
        CHECK_THAT(bad_set.err, Catch::Contains("\"" + p.bad + "\""));
        CHECK_THAT(bad_flag.err, Catch::Contains(p.flag + ": \"" + p.bad + "\""));
    }
    // A C:D ratio, a yes/no and a percentage in a --vary list are read by the
    // same reader, each refused at once with its reason.
    const std::pair<std::string, std::string> refused[] = {
        {"options[0].cd_ratio=1:2,x", "\"x\""},
        {"constraints.optimize_rack=true,maybe", "\"maybe\" is not true or false"},
        {"resilience.afr=1%,2", "\"2\""},
    };
    for (const auto& [vary, says] : refused) {
        INFO(vary);
        const ProcessResult r = podsizer({"sweep", kExample, "--vary", vary});
        CHECK(r.exit_code == 2);
        CHECK(r.out.empty());
        CHECK(lines(r.err).size() == 1);
        CHECK_THAT(r.err, Catch::Contains("--vary " + vary + ": "));
        CHECK_THAT(r.err, Catch::Contains(says));
    }
}
