// A scenario's own catalog under hostile inputs, on the real binary (third
// red-team round, ../shared/reference/REDTEAM-3.md, defects 2, 3, 9, 10, 11
// and 12): exports over the catalog files a scenario names, lists without a
// cap, links, files read twice, batch folders holding a catalog, long paths.
#include "run_process.hpp"
#include "support/test_files.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

namespace fs = std::filesystem;
using test_support::read_file;
using test_support::temp_dir;
using test_support::write_temp;

/// The own-catalog seed scenario and its catalog (fuzz/seeds/own_catalog: a
/// C-node of 30 GB/s read, 12.5 GB/s write) copied into `dir` of the scratch
/// folder; returns the folder.
std::string own_pair(const std::string& dir) {
    const std::string seeds = std::string(PODSIZER_SOURCE_DIR) + "/fuzz/seeds/own_catalog/";
    write_temp(dir + "/own.json", read_file(seeds + "own-path.json"));
    write_temp(dir + "/cat.json", read_file(seeds + "cat.json"));
    return temp_dir() + "/" + dir;
}

ProcessResult run_in(const std::string& cwd, const std::vector<std::string>& args) {
    return run_process(PODSIZER_BIN, args, cwd);
}

/// The first design's C-node count from `size --format json`.
long cnodes_of(const ProcessResult& r) {
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return nlohmann::json::parse(r.out).at("designs")[0].at("cnodes").get<long>();
}

/// One line on stderr, and it is an error line.
void require_one_error_line(const ProcessResult& r) {
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.err.rfind("podsizer: error: ", 0) == 0);
    CHECK(r.err.find('\n') == r.err.size() - 1);
}

} // namespace

TEST_CASE("no export replaces a catalog file the scenario names, however it is named "
          "(defect 2)") {
    const std::string dir = own_pair("d2");
    fs::create_directories(dir + "/sub");
    write_temp("d2/sub/c2.json", read_file(dir + "/cat.json"));
    REQUIRE(::link((dir + "/cat.json").c_str(), (dir + "/hard.json").c_str()) == 0);
    fs::create_symlink("cat.json", dir + "/soft.xlsx");
    // A second scenario whose list names sub/c2.json as its second item.
    auto listed = nlohmann::json::parse(read_file(dir + "/own.json"));
    listed["catalog"] = {{{"racks", nlohmann::json::array()}}, "sub/c2.json"};
    write_temp("d2/listed.json", listed.dump());
    const std::string before = read_file(dir + "/cat.json");
    const std::string before2 = read_file(dir + "/sub/c2.json");
    const std::vector<std::vector<std::string>> runs = {
        {"size", "own.json", "--xlsx", "cat.json"},
        {"size", "own.json", "--svg", "./cat.json"},
        {"size", "own.json", "--xlsx", "hard.json"},
        {"size", "own.json", "--xlsx", "soft.xlsx"},
        {"size", "own.json", "--xlsx", "sub/../cat.json"},
        {"size", "listed.json", "--xlsx", "sub/c2.json"},
        {"compare", "own.json", "--xlsx", "cat.json"},
        {"extrapolate", "own.json", "--target", "1EB", "--xlsx", "cat.json"},
        {"design", "--scenario", "own.json", "--cnode", "cnode-1u-fast", "--dbox", "dbox-1u-22",
         "--cnodes", "10", "--dboxes", "10", "--xlsx", "cat.json"},
        {"sweep", "own.json", "--vary", "fleet.gpus=1000,2000", "--xlsx", "cat.json"},
        {"sweep", "listed.json", "--vary", "fleet.gpus=1000,2000", "--xlsx", "sub/c2.json"},
    };
    for (const auto& args : runs) {
        INFO(args[0] << " … " << args.back());
        const ProcessResult r = run_in(dir, args);
        require_one_error_line(r);
        CHECK_THAT(r.err, Catch::Contains("is the scenario's catalog of this run"));
        CHECK(r.out.empty());
    }
    // batch reads the scenarios first: the report is printed, the workbook refused.
    const ProcessResult batch = run_in(dir, {"batch", "own.json", "--xlsx", "cat.json"});
    CHECK(batch.exit_code == 2);
    CHECK_THAT(batch.err, Catch::Contains("--xlsx: cat.json: is a scenario's catalog of this run"));
    CHECK(read_file(dir + "/cat.json") == before);
    CHECK(read_file(dir + "/sub/c2.json") == before2);
    CHECK(fs::is_symlink(dir + "/soft.xlsx"));
}

TEST_CASE("a scenario's catalog list is capped and each file is read once (defects 3, 10)") {
    const std::string dir = own_pair("d3");
    auto s = nlohmann::json::parse(read_file(dir + "/own.json"));
    // 200,000 inline items took 12 s (the JSON reader was quadratic in an
    // array of objects); now refused at once.
    s["catalog"] = nlohmann::json::array();
    for (int i = 0; i < 200'000; ++i) {
        s["catalog"].push_back(nlohmann::json::object());
    }
    write_temp("d3/many.json", s.dump());
    const auto start = std::chrono::steady_clock::now();
    const ProcessResult many = run_in(dir, {"size", "many.json"});
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    require_one_error_line(many);
    CHECK_THAT(many.err, Catch::Contains("many.json: $.catalog: has 200000 items; expected at "
                                         "most 64 catalogs and catalog files"));
    CHECK(seconds < 10.0); // generous: 0.1 s here; 12 s before
    // 64 items are taken.
    s["catalog"] = nlohmann::json::array();
    for (int i = 0; i < 63; ++i) {
        s["catalog"].push_back(nlohmann::json::object());
    }
    s["catalog"].push_back("cat.json");
    write_temp("d3/sixty-four.json", s.dump());
    CHECK(cnodes_of(run_in(dir, {"size", "sixty-four.json", "--format", "json"})) == 360);
    // The same file named twice, under two names: refused, naming the item.
    s["catalog"] = {"cat.json", "./cat.json"};
    write_temp("d3/twice.json", s.dump());
    const ProcessResult twice = run_in(dir, {"size", "twice.json"});
    require_one_error_line(twice);
    CHECK_THAT(twice.err, Catch::Contains("twice.json: $.catalog[1]: names the same file as an "
                                          "earlier item"));
}

TEST_CASE("a catalog fed through a FIFO is read once, so the scenario sizes (defect 10)") {
    const std::string dir = own_pair("d10");
    const std::string fifo = dir + "/cf";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    auto s = nlohmann::json::parse(read_file(dir + "/own.json"));
    s["catalog"] = "cf";
    write_temp("d10/fifo.json", s.dump());
    // A writer that feeds the FIFO once, then closes it: a second open()
    // (the catalog was opened twice) would wait for ever.
    const std::string cat = read_file(dir + "/cat.json");
    const pid_t writer = ::fork();
    REQUIRE(writer >= 0);
    if (writer == 0) {
        alarm(20); // never outlive a failed test
        FILE* f = std::fopen(fifo.c_str(), "w");
        if (f != nullptr) {
            std::fwrite(cat.data(), 1, cat.size(), f);
            std::fclose(f);
        }
        _exit(0);
    }
    const ProcessResult r = run_in(dir, {"size", "fifo.json", "--format", "json"});
    CHECK(cnodes_of(r) == 360);
    int status = 0;
    ::waitpid(writer, &status, 0);
}

TEST_CASE("a scenario opened through a link reads the catalog beside the real file (defect 9)") {
    const std::string dir = own_pair("d9");
    // sc/cat.json is a slower C-node (10 GB/s read): 1,080 C-nodes for the
    // rule's 10.8 TB/s, against 360 for cat.json's 30 GB/s.
    fs::create_directories(dir + "/sc");
    write_temp("d9/sc/own.json", read_file(dir + "/own.json"));
    auto slow = nlohmann::json::parse(read_file(dir + "/cat.json"));
    slow["cnodes"][0]["read"] = "10 GB/s";
    write_temp("d9/sc/cat.json", slow.dump());
    fs::create_symlink("sc/own.json", dir + "/link.json");
    const long real = cnodes_of(run_in(dir, {"size", "sc/own.json", "--format", "json"}));
    CHECK(real == 1'080);
    CHECK(cnodes_of(run_in(dir, {"size", "link.json", "--format", "json"})) == real);
}

TEST_CASE("batch DIR skips the catalog file a scenario names, with a note (defect 11)") {
    const std::string dir = own_pair("d11/bd");
    const ProcessResult r = run_in(dir + "/..", {"batch", "bd", "--format", "csv"});
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.err, Catch::Contains("podsizer: note: bd/cat.json: a catalog file, not a "
                                      "scenario: skipped"));
    CHECK_THAT(r.err, Catch::Contains("podsizer: 1 sized, 0 not met, 0 bad"));
    // Named on the command line, a catalog is still a bad scenario.
    CHECK(run_in(dir, {"batch", "cat.json"}).exit_code == 2);
}

TEST_CASE("a long path keeps the reason, and the line stays within 2,000 characters "
          "(defect 12)") {
    const std::string dir = own_pair("d12");
    const std::string long_name(5'000, 'x');
    auto s = nlohmann::json::parse(read_file(dir + "/own.json"));
    s["catalog"] = long_name;
    write_temp("d12/s.json", s.dump());
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"size", "s.json"}, "(File name too long)"},
        {{"size", long_name + ".json"}, "(File name too long)"},
        {{"--catalog", long_name, "size", "own.json"}, "(File name too long)"},
        {{"size", "own.json", "--xlsx", long_name + ".xlsx"}, "name too long"},
    };
    for (const auto& [args, reason] : cases) {
        INFO(args.front() << " " << args[1]);
        const ProcessResult r = run_in(dir, args);
        require_one_error_line(r);
        CHECK(r.err.size() <= 2'001); // the line and its newline
        CHECK_THAT(r.err, Catch::Contains(reason));
    }
}
