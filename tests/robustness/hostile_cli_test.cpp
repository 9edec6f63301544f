// Hostile inputs through the real binary: the exit code and the one line a
// user sees (docs/cli.md: 1 = sized but not met, 2 = bad input).
#include "cli/run_process.hpp"
#include "support/test_files.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace {

using test_support::line_count;

// A scratch file that is removed when the test ends.
class TempFile {
public:
    TempFile(const std::string& name, const std::string& text)
        : path_(std::filesystem::temp_directory_path() /
                ("podsizer-hostile-" + std::to_string(getpid()) + "-" + name)) {
        std::ofstream(path_, std::ios::binary) << text;
    }
    ~TempFile() {
        std::error_code ec;
        std::filesystem::remove(path_, ec);
    }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;
    std::string path() const { return path_.string(); }

private:
    std::filesystem::path path_;
};

} // namespace

TEST_CASE("a 50 MB scenario file is refused with one line and exit 2") {
    const TempFile big("big.json",
                       R"({"name": "n", "capacity": {"usable": "1 PB"}, "description": ")" +
                           std::string(50'000'000, 'x') + "\"}");
    const ProcessResult r = podsizer({"size", big.path()});
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(line_count(r.err) == 1);
    CHECK_THAT(r.err,
               Catch::StartsWith("podsizer: error: " + big.path() + ": the file is 50,000,"));
    CHECK_THAT(r.err, Catch::Contains("expected a document of at most 16 MiB"));
}

TEST_CASE("a trillion GPUs is sized to a too-large finding and exit 1") {
    const TempFile s("trillion.json", R"({"name": "n",
        "fleet": {"platform": "gb200-nvl72", "gpus": 1000000000000},
        "performance": {"rule": "ncp-gb200-customer"}})");
    const ProcessResult r = podsizer({"size", s.path()});
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.out, Catch::Contains("[error]") && Catch::Contains("are not laid out in racks"));
    CHECK_THAT(r.out, Catch::Contains("10,850,694,450"));
}

TEST_CASE("a hand-made design of a trillion devices is a finding, not an allocation") {
    const ProcessResult r = podsizer({"design", "--cnode", "cnode-1u", "--dbox", "dbox-1u-22",
                                      "--cnodes", "1000000000000", "--dboxes", "1000000000000"});
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.out, Catch::Contains("are not laid out in racks"));
}

TEST_CASE("a catalog count too large for its field is refused with exit 2") {
    const TempFile c("catalog.json", R"({"dboxes": [{"id": "d-x", "name": "x", "height": "1 U",
        "power": "1 kW", "drives": 10000000000, "drive_sizes": ["1 TB"], "default_drive": "1 TB",
        "backend_read": "50 GB/s", "backend_write": "20 GB/s", "backend_ports": 2,
        "erasure_coding": "ec-n4-wide", "ncp_certified": false,
        "source": {"kind": "assumption"}}]})");
    const ProcessResult r = podsizer({"--catalog", c.path(), "catalog", "list"});
    CHECK(r.exit_code == 2);
    CHECK(line_count(r.err) == 1);
    CHECK_THAT(r.err, Catch::Contains("$.dboxes[0].drives: expected a whole number from 1 to "
                                      "1,000,000, found 10000000000"));
}

TEST_CASE("a stripe wider than the cluster's drives is narrowed to them (defect 9)") {
    // The report's repro/ec.json: one step of 146 data strips from 1 D-box.
    // One 22-SSD D-box cannot hold a 150-strip stripe; the width is the SSD
    // count (docs/model.md §6: classic, w <= SSDs - excluded; this rule
    // excludes none): 22 wide, 18+4, 1,351.68 TB x 18/22 x 0.92 = 1.017 PB,
    // where 146+4 claimed 1.210 PB.
    const TempFile ec("ec.json", R"({"schema": "podsizer-catalog/1",
        "erasure_coding": [{"id": "ec-n4-wide", "name": "wide", "parity": 4,
          "steps": [{"min_dboxes": 1, "data_strips": 146}], "reserve": 0.08, "min_dboxes": 1,
          "source": {"kind": "assumption"}}]})");
    const TempFile onepb("onepb.json", R"({"name": "1 PB", "capacity": {"usable": "1 PB"},
        "options": [{"dbox": "dbox-1u-22", "cnode": "cnode-1u"}]})");
    const ProcessResult r =
        podsizer({"--catalog", ec.path(), "size", onepb.path(), "--format", "json"});
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains("\"data_strips\": 18") &&
                          Catch::Contains("\"stripe_width\": 22") &&
                          Catch::Contains("\"no-enclosure-tolerance\""));
}

TEST_CASE("compare at an absurd target saturates its counts and says too-large (defect 8)") {
    // 10^17 EB in 217.9 PB pods is 4.6e20 pods x 30 racks: past int64, it
    // printed negative racks with exit 0. Counts now stop at the engine's cap
    // and both columns carry a too-large error (exit 1), as extrapolate does.
    const ProcessResult r = podsizer(
        {"compare", "examples/ncp-pod-41k.json", "--target", "1e17EB", "--format", "json"});
    CHECK(r.exit_code == 1);
    for (const char* count : {"pods", "cnodes", "dboxes", "racks", "accounts", "subscriptions"}) {
        INFO(count);
        CHECK(r.out.find("\"" + std::string(count) + "\": -") == std::string::npos);
    }
    CHECK_THAT(r.out, Catch::Contains("\"too-large\""));
    const ProcessResult t =
        podsizer({"compare", "examples/ncp-pod-41k.json", "--target", "1e17EB"});
    CHECK(t.exit_code == 1);
    CHECK_THAT(t.out,
               Catch::Contains("[error] NCP pod to") &&
                   Catch::Contains("[error] Cloud HDD object store: more racks or accounts"));
}

TEST_CASE("hostile figures are printed without float noise or a false zero (m-a, m-b)") {
    // Third red-team round, m-b: 1e30 PB was printed with the binary value's
    // digits ("1,000,000,000,000,000,019,884,624,838,656.00 PB").
    const ProcessResult dataset =
        podsizer({"resilience", "examples/ncp-pod-41k.json", "--dataset", "1e30PB"});
    CHECK_THAT(dataset.out,
               Catch::Contains("dataset 1,000,000,000,000,000,000,000,000,000,000.0 PB"));
    CHECK_THAT(dataset.out, !Catch::Contains("19,884"));
    const ProcessResult step = podsizer({"checkpoint", "--params", "1.8T", "--gpus", "41472",
                                         "--platform", "gb200-nvl72", "--knee-step", "1e30TB/s"});
    CHECK_THAT(step.out, Catch::Contains("One more 1,000,000,000,000,000,000,000,000,000 PB/s"));
    // m-a: a figure that is not zero never reads as zero.
    const ProcessResult wan = podsizer({"compare", "examples/fleet-160k.json", "--wan", "1Gbps"});
    CHECK_THAT(wan.out, Catch::Contains("the 0.001 Tbps WAN link lets 0.001 Tbps of reads"));
    const ProcessResult threshold =
        podsizer({"checkpoint", "--params", "1.8T", "--gpus", "41472", "--platform", "gb200-nvl72",
                  "--knee-threshold", "1e-300"});
    CHECK_THAT(threshold.out, Catch::Contains("gives back less than 1e-300 GPU-hours a day"));
    const ProcessResult tiny_wan =
        podsizer({"resilience", "examples/ncp-pod-41k.json", "--outage", "10d", "--wan", "1bps"});
    CHECK_THAT(tiny_wan.out, Catch::Contains("WAN 0.000000001 Gbps"));
}

TEST_CASE("a phase of 1e9 EB is counted, not laid out device by device (REDTEAM-4 D4)") {
    // It ran for minutes printing tables of 73 million racks: the phase's
    // added devices are now held to the engine's bound of 100,000 laid out
    // (docs/model.md §9) and counted from space and power past it.
    const ProcessResult r =
        podsizer({"size", "examples/fleet-phases.json", "--set", "phases[3].usable=1e9EB"});
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.out, Catch::Contains("more than 100,000 are not laid out"));
}
