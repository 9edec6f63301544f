// --xlsx and --svg on the real binary: files written, the report unchanged,
// unwritable paths rejected with exit 2 and one line.
#include "../reports/xlsx_package.hpp"
#include "run_process.hpp"
#include "support/test_files.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <sys/stat.h>
#include <utility>
#include <vector>

namespace {

using test_support::read_file;
using test_support::temp_dir;

bool exists(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0;
}

const std::string kPod = "examples/ncp-pod-41k.json";
const std::string kHd = "examples/high-density-1eb.json";

} // namespace

TEST_CASE("size --xlsx writes the workbook and prints the same report as without it") {
    const std::string path = temp_dir() + "/pod.xlsx";
    const ProcessResult plain = podsizer({"size", kPod});
    const ProcessResult r = podsizer({"size", kPod, "--xlsx", path});
    CHECK(r.exit_code == 0);
    CHECK(r.out == plain.out);
    CHECK(r.err == "podsizer: wrote " + path + "\n");
    CHECK(read_file(path).rfind("PK\x03\x04", 0) == 0); // a ZIP package
}

TEST_CASE("size --xlsx has a Fleet sheet when the fleet has several clusters") {
    // examples/fleet-160k.json: 4 clusters on 3 sites; ncp-pod-41k.json: one cluster, one site.
    const std::string dir = temp_dir() + "/";
    REQUIRE(podsizer({"size", "examples/fleet-160k.json", "--xlsx", dir + "fleet-size.xlsx"})
                .exit_code == 0);
    REQUIRE(podsizer({"size", kPod, "--xlsx", dir + "pod-size.xlsx"}).exit_code == 0);
    CHECK_THAT(read_xlsx_parts(dir + "fleet-size.xlsx").at("xl/workbook.xml"),
               Catch::Contains("<sheet name=\"Fleet\""));
    CHECK_THAT(read_xlsx_parts(dir + "pod-size.xlsx").at("xl/workbook.xml"),
               !Catch::Contains("<sheet name=\"Fleet\""));
}

TEST_CASE("size --svg with a directory writes one elevation per design") {
    const std::string dir = temp_dir() + "/elevations/";
    const ProcessResult r = podsizer({"size", kHd, "--svg", dir, "--format", "json"});
    CHECK(r.exit_code == 0);
    for (const char* name :
         {"01-hd-exabyte-full-performance.svg", "02-hd-exabyte-capacity-only-1-2.svg"}) {
        INFO(name);
        CHECK(read_file(dir + name).rfind("<?xml", 0) == 0);
        CHECK_THAT(r.err, Catch::Contains(dir + name));
    }
}

TEST_CASE("size --svg with a file name takes one design, or numbers the files of several") {
    const std::string one = temp_dir() + "/pod.svg";
    CHECK(podsizer({"size", kPod, "--svg", one}).exit_code == 0);
    CHECK_THAT(read_file(one), Catch::Contains(">NCP pod</text>"));

    const std::string many = temp_dir() + "/hd.svg";
    CHECK(podsizer({"size", kHd, "--svg", many}).exit_code == 0);
    CHECK_FALSE(exists(many));
    CHECK(exists(temp_dir() + "/hd-01-hd-exabyte-full-performance.svg"));
    CHECK(exists(temp_dir() + "/hd-02-hd-exabyte-capacity-only-1-2.svg"));
}

TEST_CASE("design --xlsx exports a hand-made design without a scenario") {
    const std::string path = temp_dir() + "/hand.xlsx";
    const ProcessResult r = podsizer({"design", "--cnode", "cnode-1u", "--dbox", "dbox-1u-22",
                                      "--cnodes", "20", "--dboxes", "10", "--xlsx", path});
    CHECK(r.exit_code == 0);
    CHECK(read_file(path).rfind("PK\x03\x04", 0) == 0);
}

TEST_CASE("an export to an unwritable path exits 2 with one line and prints no report") {
    struct Row {
        std::vector<std::string> args;
        std::string err;
    };
    const std::string file = temp_dir() + "/plain-file";
    std::ofstream(file) << "x";
    const Row rows[] = {
        {{"size", kPod, "--xlsx", "/nonexistent-podsizer-dir/pod.xlsx"},
         "podsizer: error: --xlsx: /nonexistent-podsizer-dir/pod.xlsx: cannot write a file in "
         "/nonexistent-podsizer-dir/: No such file or directory\n"},
        {{"size", kPod, "--xlsx", temp_dir()},
         "podsizer: error: --xlsx: " + temp_dir() + ": is a directory; expected a file name\n"},
        {{"size", kPod, "--svg", file + "/pod.svg"},
         "podsizer: error: --svg: " + file + "/pod.svg: cannot write a file in " + file +
             "/: Not a directory\n"},
        {{"size", kPod, "--svg", file + "/sub/"},
         "podsizer: error: --svg: cannot create directory " + file + "/sub/: Not a directory\n"},
    };
    for (const Row& r : rows) {
        INFO(r.args.back());
        const ProcessResult p = podsizer(r.args);
        CHECK(p.exit_code == 2);
        CHECK(p.out.empty());
        CHECK(p.err == r.err);
    }
}

TEST_CASE("SOURCE_DATE_EPOCH fixes the workbook date, so two runs give the same bytes") {
    const std::string a = temp_dir() + "/epoch-a.xlsx";
    const std::string b = temp_dir() + "/epoch-b.xlsx";
    ::setenv("SOURCE_DATE_EPOCH", "1767225600", 1); // 2026-01-01T00:00:00Z
    const ProcessResult ra = podsizer({"size", kPod, "--xlsx", a});
    const ProcessResult rb = podsizer({"size", kPod, "--xlsx", b});
    ::setenv("SOURCE_DATE_EPOCH", "last tuesday", 1);
    const ProcessResult bad = podsizer({"size", kPod, "--xlsx", a});
    ::unsetenv("SOURCE_DATE_EPOCH");
    CHECK(ra.exit_code == 0);
    CHECK(rb.exit_code == 0);
    CHECK(read_file(a) == read_file(b));
    CHECK(bad.exit_code == 2);
    CHECK_THAT(bad.err, Catch::StartsWith("podsizer: error: SOURCE_DATE_EPOCH: "));
    CHECK(read_file(a) == read_file(b)); // the failed run left the earlier file as it was
}

TEST_CASE("compare and extrapolate export the fleet example's workbook and elevations") {
    const std::string fleet = "examples/fleet-160k.json";
    const std::string dir = temp_dir() + "/fleet/";
    ::mkdir(dir.c_str(), 0755);
    const ProcessResult plain = podsizer({"compare", fleet});
    const ProcessResult c =
        podsizer({"compare", fleet, "--xlsx", dir + "compare.xlsx", "--svg", dir + "compare/"});
    CHECK(c.exit_code == plain.exit_code);
    CHECK(c.out == plain.out);
    CHECK(read_file(dir + "compare.xlsx").rfind("PK\x03\x04", 0) == 0);
    // One elevation per design of the scenario (the pods and the cloud store are not racks of
    // their own design).
    for (const char* name : {"01-ncp-pod.svg", "02-hd-exabyte-full-performance.svg",
                             "03-hd-exabyte-capacity-only-1-2.svg"}) {
        INFO(name);
        CHECK(exists(dir + "compare/" + name));
    }
    CHECK_FALSE(exists(dir + "compare/04-cloud-hdd-object-store.svg"));

    // extrapolate adds each design grown to the target in one namespace; both
    // workbooks have the Fleet sheet (the scenario has a fleet).
    const ProcessResult x = podsizer(
        {"extrapolate", fleet, "--svg", dir + "extrapolate/", "--xlsx", dir + "extrapolate.xlsx"});
    CHECK(x.exit_code == podsizer({"extrapolate", fleet}).exit_code);
    CHECK(exists(dir + "extrapolate/04-ncp-pod-one-namespace.svg"));
    const std::string grown = read_xlsx_parts(dir + "extrapolate.xlsx").at("xl/workbook.xml");
    CHECK_THAT(grown, Catch::Contains("<sheet name=\"Fleet\""));
    const std::string compared = read_xlsx_parts(dir + "compare.xlsx").at("xl/workbook.xml");
    CHECK_THAT(compared, Catch::Contains("<sheet name=\"Fleet\""));
}

TEST_CASE("a flag that shapes an export is refused without its export (defect 16)") {
    // Third red-team round, defect 16: `size pod.json --svg-view floor` and
    // --xlsx-rack-units without --xlsx exited 0, wrote nothing and said
    // nothing, on size, design, compare and extrapolate.
    const std::vector<std::vector<std::string>> commands = {
        {"size", kPod},
        {"compare", "examples/fleet-160k.json"},
        {"extrapolate", "examples/fleet-160k.json"},
        {"design", "--cnode", "cnode-1u", "--dbox", "dbox-1u-22", "--cnodes", "10", "--dboxes",
         "20"}};
    for (const auto& command : commands) {
        for (const auto& [flag, says] :
             {std::pair<std::vector<std::string>, std::string>{{"--svg-view", "floor"},
                                                               "--svg-view: applies to --svg"},
              {{"--xlsx-rack-units"}, "--xlsx-rack-units: applies to --xlsx"}}) {
            std::vector<std::string> args = command;
            args.insert(args.end(), flag.begin(), flag.end());
            const ProcessResult r = podsizer(args);
            INFO(command[0] << " " << flag[0] << "\n" << r.err);
            CHECK(r.exit_code == 2);
            CHECK(r.out.empty());
            CHECK_THAT(r.err, Catch::StartsWith("podsizer: error: " + says));
            CHECK(test_support::line_count(r.err) == 1);
        }
    }
    // With its export the flag works as before.
    const std::string svg = temp_dir() + "/shaped.svg";
    const ProcessResult ok = podsizer({"size", kPod, "--svg", svg, "--svg-view", "floor"});
    CHECK(ok.exit_code == 0);
    CHECK(exists(svg));
}
