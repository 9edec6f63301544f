// `--set PATH=VALUE` on the real binary (issue 32 item 5): a what-if on a
// scenario file sizes what the matching sweep run sizes, every command that
// reads a scenario takes it, and a bad --set is one line naming it, exit 2.
#include "run_process.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace {

const std::string kPod = "examples/ncp-pod-41k.json";

/// The one line of stderr, which must name --set and `path`.
void check_one_line_error(const ProcessResult& r, const std::string& path,
                          const std::string& expected) {
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find('\n') == r.err.size() - 1);
    CHECK_THAT(r.err,
               Catch::StartsWith("podsizer: error: --set" + (path.empty() ? "" : " " + path)));
    CHECK_THAT(r.err, Catch::Contains(expected));
}

} // namespace

TEST_CASE("size --set gives the design of the matching sweep run") {
    const ProcessResult set =
        podsizer({"--format", "json", "size", kPod, "--set", "options[0].drive=30.72TB"});
    const ProcessResult swept =
        podsizer({"--format", "json", "sweep", kPod, "--vary", "options[0].drive=30.72TB"});
    REQUIRE(set.exit_code == 0);
    REQUIRE(swept.exit_code == 0);
    const auto a = nlohmann::json::parse(set.out);
    const auto b = nlohmann::json::parse(swept.out);
    REQUIRE(b.at("results").size() == 1);
    CHECK(a.at("designs").at(0) == b.at("results").at(0).at("design"));
    CHECK(a.at("requirements") == b.at("results").at(0).at("requirements"));
    // Hand check: 215 PB usable from 22 × 30.72 TB = 675.84 TB raw a box,
    // × 146/150 (erasure coding) × 0.92 (8 % reserve) = 605.2 TB usable a
    // box: ceil(215 000 / 605.2) = 356 D-boxes (the file's 61.44 TB gives 180).
    const auto& d = a.at("designs").at(0);
    CHECK(d.at("drive_size_bytes").get<double>() == 30.72e12);
    CHECK(d.at("dboxes").get<int>() == 356);
    const ProcessResult file = podsizer({"--format", "json", "size", kPod});
    REQUIRE(file.exit_code == 0);
    CHECK(nlohmann::json::parse(file.out).at("designs").at(0).at("dboxes").get<int>() == 180);
}

TEST_CASE("sweep --set changes the base every run starts from") {
    // The same as two --set on size, for the one run.
    const ProcessResult swept = podsizer({"--format", "json", "sweep", kPod, "--set",
                                          "drive=30.72TB", "--vary", "fleet.gpus=20736"});
    const ProcessResult set = podsizer(
        {"--format", "json", "size", kPod, "--set", "drive=30.72TB", "--set", "fleet.gpus=20736"});
    REQUIRE(swept.exit_code == 0);
    REQUIRE(set.exit_code == 0);
    const auto a = nlohmann::json::parse(set.out);
    const auto b = nlohmann::json::parse(swept.out);
    CHECK(a.at("designs").at(0) == b.at("results").at(0).at("design"));
    CHECK(a.at("designs").at(0).at("drive_size_bytes").get<double>() == 30.72e12);
    CHECK(a.at("requirements").at("gpus").get<int>() == 20736);
}

TEST_CASE("every command that reads a scenario file takes --set") {
    // Twice the capacity changes every command's answer; the same command
    // without --set gives the file's.
    const std::vector<std::vector<std::string>> commands = {
        {"size", kPod},
        {"extrapolate", kPod, "--target", "1EB"},
        {"compare", kPod, "--target", "1EB"},
        {"optimize", kPod},
        {"resilience", kPod},
        {"design", "--scenario", kPod, "--cnode", "cnode-1u", "--dbox", "dbox-1u-22", "--cnodes",
         "450", "--dboxes", "180"},
    };
    for (const std::vector<std::string>& c : commands) {
        INFO(c.front());
        std::vector<std::string> with = c;
        with.insert(with.end(), {"--set", "capacity.usable=430PB"});
        const ProcessResult plain = podsizer(c);
        const ProcessResult changed = podsizer(with);
        CHECK(plain.err.empty());
        CHECK(changed.err.empty());
        CHECK(changed.exit_code != 2);
        CHECK(plain.out != changed.out);
    }
    // The hand-made design of 180 D-boxes meets 215 PB but not 430 PB.
    const ProcessResult design =
        podsizer({"design", "--scenario", kPod, "--cnode", "cnode-1u", "--dbox", "dbox-1u-22",
                  "--cnodes", "450", "--dboxes", "180", "--set", "capacity.usable=430PB"});
    CHECK(design.exit_code == 1);
}

TEST_CASE("a bad --set is one line naming it, the path and what was expected") {
    check_one_line_error(podsizer({"size", kPod, "--set", "options[0].drive=30.72"}),
                         "options[0].drive=30.72", "expected a capacity");
    check_one_line_error(podsizer({"size", kPod, "--set", "options[0].drvie=30.72TB"}),
                         "options[0].drvie=30.72TB", "nearest: options[N].drive");
    // A value the scenario reader refuses: its message and JSON path.
    check_one_line_error(podsizer({"size", kPod, "--set", "options[0].drive=99TB"}),
                         "options[0].drive=99TB", "$.options[0].drive: 99.00 TB is not a drive");
    check_one_line_error(podsizer({"size", kPod, "--set", "options[3].drive=30.72TB"}),
                         "options[3].drive=30.72TB", "index 3 is past the end");
    check_one_line_error(podsizer({"size", kPod, "--set", "fleet.gpus=0"}), "fleet.gpus=0",
                         "expected a count");
    check_one_line_error(podsizer({"size", kPod, "--set", "drive"}), "drive",
                         "expected PATH=VALUE");
    check_one_line_error(
        podsizer({"compare", kPod, "--set", "drive=30.72TB", "--set", "options[*].drive=15.36TB"}),
        "options[*].drive=15.36TB", "already set by --set drive=30.72TB");
    // Without a file there is nothing to change.
    check_one_line_error(
        podsizer({"size", "--gpus", "1024", "--platform", "gb200-nvl72", "--set", "drive=30.72TB"}),
        "", "expected SCENARIO");
    const ProcessResult both = podsizer(
        {"sweep", kPod, "--vary", "drive=15.36TB,30.72TB", "--set", "options[*].drive=61.44TB"});
    CHECK(both.exit_code == 2);
    CHECK_THAT(both.err, Catch::Contains("also set by --set options[*].drive=61.44TB"));
}

TEST_CASE("a scenario flag beside a file names the --set that does it") {
    const ProcessResult r = podsizer({"size", kPod, "--drive", "122.88TB"});
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("use --set 'options[*].drive=122.88TB'"));
}

TEST_CASE("a 100,000-character --set keeps its reason and what was expected on the line") {
    // Found re-running the hostile-input battery on --set (issue 30): the
    // echoed path or value filled the 2,000-character line and the reason was
    // cut off. Each quoted value is now cut at 200 characters.
    const std::string long_path(100000, 'a');
    check_one_line_error(podsizer({"size", kPod, "--set", long_path + "=1"}), "aaa",
                         "expected a scenario path or alias");
    const std::string long_name(100000, 'b');
    const ProcessResult name = podsizer({"size", kPod, "--set", "name=" + long_name});
    check_one_line_error(name, "name=bbb", "longer than 200 characters");
    CHECK(name.err.size() < 1000);
}

TEST_CASE(
    "a count reads the same through --set and --vary as through the flag and a file (2e12 GPUs)") {
    // Issue 27 ("one count parser and one limit"): `--gpus 2e12` and "gpus":
    // 2e12 in a file were read by core's parse_count_text, while --set and
    // --vary refused "2e12" as "not a whole number". All four now give the
    // same requirement: 2 × 10^12 GPUs.
    const ProcessResult set =
        podsizer({"--format", "json", "size", kPod, "--set", "fleet.gpus=2e12"});
    const ProcessResult flag =
        podsizer({"--format", "json", "size", "--platform", "gb200-nvl72", "--gpus", "2e12",
                  "--usable", "215 PB", "--rule", "ncp-gb200-customer"});
    const ProcessResult swept =
        podsizer({"--format", "json", "sweep", kPod, "--vary", "fleet.gpus=1e3,2e12"});
    // Sized or not met (exit 1: 2 × 10^12 GPUs ask more than the count caps
    // allow), but read: never the exit 2 of a refused value.
    REQUIRE(set.exit_code == 1);
    REQUIRE(flag.exit_code == 1);
    REQUIRE(swept.exit_code == 1);
    const auto a = nlohmann::json::parse(set.out).at("requirements");
    const auto b = nlohmann::json::parse(flag.out).at("requirements");
    const auto runs = nlohmann::json::parse(swept.out).at("results");
    REQUIRE(runs.size() == 2);
    CHECK(a.at("gpus").get<double>() == 2e12);
    CHECK(a == b);
    CHECK(runs.at(0).at("requirements").at("gpus").get<double>() == 1000.0);
    CHECK(runs.at(1).at("requirements") == a);
    // A list still refuses a leading zero ("1,024" split at the comma), and
    // beyond 10^15 the message names the range, as the flag's does.
    check_one_line_error(podsizer({"size", kPod, "--set", "fleet.gpus=024"}), "fleet.gpus=024",
                         "not a whole number >= 1");
    check_one_line_error(podsizer({"size", kPod, "--set", "fleet.gpus=1e16"}), "fleet.gpus=1e16",
                         "expected a whole number from 1 to 10^15");
}
