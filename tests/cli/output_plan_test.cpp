// Every file a run writes is planned and checked as a set before any is
// written (issue 52, fourth red-team round D1-D3 and D14). The export flags are
// not listed here: they are found in the command tree the binary parses with
// (cli/app.hpp), by the mark output_path() puts on them, and what each writes
// is learned by running it alone. Then, for every command, every pair of its
// export flags is aimed at one file, and every export at each kind of input
// (the scenario, a --catalog file, the scenario's catalog, its price book):
// each run must exit 2 with one line naming both, and change nothing.
#define RUN_PROCESS_WITHOUT_PODSIZER
#include "app.hpp"
#include "output_paths.hpp"
#include "run_process.hpp"
#include "support/test_files.hpp"
#include "support/test_paths.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using podsizer::cli::OutputKind;
using test_support::read_file;
using test_support::temp_dir;

struct OutputFlag {
    std::string command; ///< "size"
    std::string flag;    ///< "--xlsx"
    OutputKind kind = OutputKind::file;
};

void collect(CLI::App& app, std::vector<OutputFlag>& out) {
    for (CLI::App* sub : app.get_subcommands({})) {
        for (CLI::Option* o : sub->get_options()) {
            if (const std::optional<OutputKind> k = podsizer::cli::output_kind(*o)) {
                out.push_back({sub->get_name(), "--" + o->get_lnames().front(), *k});
            }
        }
        collect(*sub, out);
    }
}

std::vector<OutputFlag> every_output_flag() {
    CLI::App app;
    podsizer::cli::GlobalOptions g;
    podsizer::cli::Action action;
    podsizer::cli::build_app(app, g, action);
    std::vector<OutputFlag> flags;
    collect(app, flags);
    return flags;
}

const std::string kScenarioMark = "{scenario}";

/// A run of each command that exports, "{scenario}" standing for the
/// scenario file. A command with an export flag and no line here fails the
/// test, so a new exporting command cannot go unchecked.
const std::map<std::string, std::vector<std::string>> kRuns = {
    {"size", {"size", kScenarioMark}},
    {"compare", {"compare", kScenarioMark}},
    {"extrapolate", {"extrapolate", kScenarioMark, "--target", "1EB"}},
    {"optimize", {"optimize", kScenarioMark}},
    {"resilience", {"resilience", kScenarioMark}},
    {"design",
     {"design", "--scenario", kScenarioMark, "--cnode", "cnode-1u-fast", "--dbox", "dbox-1u-22",
      "--cnodes", "360", "--dboxes", "180"}},
    {"diff", {"diff", kScenarioMark, kScenarioMark}},
    {"batch", {"batch", kScenarioMark}},
    {"sweep", {"sweep", kScenarioMark, "--vary", "gpus=41472,20736"}},
};

ProcessResult run(const std::vector<std::string>& args) {
    return run_process(PODSIZER_BIN, args, PODSIZER_SOURCE_DIR);
}

/// A fresh directory for one case.
std::string fresh_dir(const std::string& name) {
    static int n = 0;
    const fs::path dir = fs::path(temp_dir()) / ("plan-" + std::to_string(++n) + "-" + name);
    fs::create_directories(dir);
    return dir.string();
}

/// Every regular file under `dir` with its content: what a run changed shows
/// as a difference.
std::map<std::string, std::string> snapshot(const std::string& dir) {
    std::map<std::string, std::string> files;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
        files[e.path().string()] = e.is_regular_file() ? read_file(e.path().string()) : "<dir>";
    }
    return files;
}

/// The test scenario (a C-node from its own catalog file beside it, so the
/// scenario's catalog is an input) and its price book, written into `dir`
/// under the names given.
struct Inputs {
    std::string scenario;
    std::string catalog; ///< the scenario's own catalog
    std::string prices;  ///< the scenario's price book
};

Inputs write_inputs(const std::string& dir, const std::string& scenario_name,
                    const std::string& catalog_name, const std::string& prices_name) {
    std::string text =
        read_file(std::string(PODSIZER_SOURCE_DIR) + "/tests/cli/data/own-catalog-path.json");
    const std::string from = "\"catalog\": \"entries/fast-cnode.json\"";
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    // Relative to the scenario's own directory, as the reader resolves them.
    const fs::path home = (fs::path(dir) / scenario_name).parent_path();
    const fs::path cat_rel = fs::relative(fs::path(dir) / catalog_name, home);
    const fs::path price_rel = fs::relative(fs::path(dir) / prices_name, home);
    text.replace(at, from.size(),
                 "\"catalog\": \"" + cat_rel.string() + "\", \"prices\": \"" + price_rel.string() +
                     "\"");
    Inputs in{dir + "/" + scenario_name, dir + "/" + catalog_name, dir + "/" + prices_name};
    const std::string src = PODSIZER_SOURCE_DIR;
    const std::pair<std::string, std::string> files[] = {
        {in.scenario, text},
        {in.catalog, read_file(src + "/tests/cli/data/entries/fast-cnode.json")},
        {in.prices, read_file(src + "/examples/prices-illustrative.json")}};
    for (const auto& [path, content] : files) {
        fs::create_directories(fs::path(path).parent_path());
        std::ofstream(path) << content;
    }
    return in;
}

std::vector<std::string> command_line(const std::string& command, const std::string& scenario,
                                      const std::vector<std::string>& exports,
                                      const std::string& global_catalog = {}) {
    const auto it = kRuns.find(command);
    REQUIRE(it != kRuns.end());
    std::vector<std::string> args;
    if (!global_catalog.empty()) {
        args = {"--catalog", global_catalog};
    }
    for (const std::string& a : it->second) {
        args.push_back(a == kScenarioMark ? scenario : a);
    }
    args.insert(args.end(), exports.begin(), exports.end());
    return args;
}

/// What `flag` writes when given `name` inside a fresh directory, relative to
/// that directory ("x.out"; "charts/pareto.svg"); empty: the flag does not
/// run in this build (podsizer-render missing for --pdf and --charts).
std::vector<std::string> learn_targets(const OutputFlag& f) {
    const std::string dir = fresh_dir("learn");
    const Inputs in = write_inputs(dir, "s.json", "c.json", "p.json");
    const std::string name = f.kind == OutputKind::file ? "x.out" : "d";
    const std::string arg = dir + "/" + name + (f.kind == OutputKind::file ? "" : "/");
    const ProcessResult r = run(command_line(f.command, in.scenario, {f.flag, arg}));
    if (r.exit_code == 2 && r.err.find("no Qt rendering") != std::string::npos) {
        return {};
    }
    INFO(f.command << " " << f.flag << ": " << r.err);
    REQUIRE(r.exit_code <= 1); // 1: the verdict is short, the files are written all the same
    std::vector<std::string> written;
    for (const auto& [path, content] : snapshot(dir)) {
        const std::string rel = fs::relative(path, dir).string();
        if (content != "<dir>" && rel != "s.json" && rel != "c.json" && rel != "p.json") {
            written.push_back(rel);
        }
    }
    REQUIRE(!written.empty());
    return written;
}

/// The argument that makes `f` write `target` (relative to `dir`): the path
/// itself for a file flag, the directory holding it for a directory flag.
std::string aim(const OutputFlag& f, const std::string& dir, const std::string& target) {
    if (f.kind == OutputKind::file) {
        return dir + "/" + target;
    }
    return dir + "/" + fs::path(target).parent_path().string() + "/";
}

void check_refused(const ProcessResult& r, const std::map<std::string, std::string>& before,
                   const std::string& dir, const std::vector<std::string>& names) {
    CHECK(r.exit_code == 2);
    // One error line, first; batch and sweep add their tally line after it
    // ("podsizer: 1 sized, 0 not met, 0 bad"): the runs were made.
    CHECK(r.err.rfind("podsizer: error: ", 0) == 0);
    CHECK(r.err.find("podsizer: error: ", 1) == std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') <= 2);
    for (const std::string& n : names) {
        CHECK(r.err.find(n) != std::string::npos);
    }
    CHECK(snapshot(dir) == before); // nothing written, nothing replaced, no directory made
}

} // namespace

TEST_CASE("every command's exports are found in the command tree, each with a run to check it") {
    const std::vector<OutputFlag> flags = every_output_flag();
    std::set<std::string> commands;
    for (const OutputFlag& f : flags) {
        commands.insert(f.command);
        INFO(f.command << " " << f.flag);
        CHECK(kRuns.count(f.command) == 1);
    }
    // The exporting commands of docs/cli.md ("Exports"): the mark is on each.
    for (const char* c : {"size", "compare", "extrapolate", "optimize", "design", "diff"}) {
        CHECK(commands.count(c) == 1);
    }
}

TEST_CASE("no two exports of a command can be one file: every pair is refused before writing") {
    const std::vector<OutputFlag> flags = every_output_flag();
    int pairs = 0;
    for (std::size_t i = 0; i < flags.size(); ++i) {
        const std::vector<std::string> ti = learn_targets(flags[i]);
        for (std::size_t j = 0; j < flags.size(); ++j) {
            if (i == j || flags[i].command != flags[j].command || ti.empty()) {
                continue;
            }
            const OutputFlag& a = flags[i];
            const OutputFlag& b = flags[j];
            // b (a file flag) aimed at a file a writes: a file of a's own
            // naming (a chart, a drawing) or the path a was given.
            if (b.kind != OutputKind::file || learn_targets(b).empty()) {
                continue;
            }
            for (const std::string& target : {ti.front(), ti.back()}) {
                const std::string dir = fresh_dir("pair");
                const Inputs in = write_inputs(dir, "s.json", "c.json", "p.json");
                const auto before = snapshot(dir);
                INFO(a.command << " " << a.flag << " and " << b.flag << " at " << target);
                const ProcessResult r =
                    run(command_line(a.command, in.scenario,
                                     {a.flag, aim(a, dir, target), b.flag, dir + "/" + target}));
                check_refused(r, before, dir, {a.flag, b.flag});
                ++pairs;
            }
        }
    }
    CHECK(pairs >= 10); // size alone has --xlsx, --svg, --pdf and --charts
}

TEST_CASE("no export of any command can replace an input of its run, whatever kind of input") {
    const std::vector<OutputFlag> flags = every_output_flag();
    int cases = 0;
    for (const OutputFlag& f : flags) {
        const std::vector<std::string> targets = learn_targets(f);
        if (targets.empty()) {
            continue;
        }
        for (const std::string& target : {targets.front(), targets.back()}) {
            for (const char* kind :
                 {"the scenario", "a --catalog file", "the scenario's catalog", "the price book"}) {
                const std::string dir = fresh_dir("input");
                const std::string k = kind;
                // The input stands where the export would write.
                const Inputs in = write_inputs(dir, k == "the scenario" ? target : "s.json",
                                               k == "the scenario's catalog" ? target : "c.json",
                                               k == "the price book" ? target : "p.json");
                std::string global;
                if (k == "a --catalog file") {
                    global = dir + "/" + target;
                    fs::create_directories(fs::path(global).parent_path());
                    fs::copy_file(in.catalog, global);
                }
                const auto before = snapshot(dir);
                INFO(f.command << " " << f.flag << " onto " << kind << " at " << target);
                const ProcessResult r = run(
                    command_line(f.command, in.scenario, {f.flag, aim(f, dir, target)}, global));
                check_refused(r, before, dir, {f.flag, "of this run"});
                ++cases;
            }
        }
    }
    CHECK(cases >= 16);
}

TEST_CASE(
    "a file name for --svg with several designs gives each drawing .svg, and a device is refused") {
    const std::string dir = fresh_dir("svg");
    const ProcessResult r = run({"extrapolate", "examples/ncp-pod-41k.json", "--target", "1EB",
                                 "--svg", dir + "/racks.json"});
    REQUIRE(r.exit_code == 0);
    // Two designs (five pods, and one namespace): FILE's stem, each design's
    // number and name, and .svg whatever FILE's extension (D14).
    CHECK(fs::exists(dir + "/racks-01-ncp-pod.svg"));
    CHECK(fs::exists(dir + "/racks-02-ncp-pod-one-namespace.svg"));
    CHECK(!fs::exists(dir + "/racks.json"));
    const ProcessResult dev =
        run({"extrapolate", "examples/ncp-pod-41k.json", "--target", "1EB", "--svg", "/dev/null"});
    CHECK(dev.exit_code == 2);
    CHECK(dev.err.rfind("podsizer: error: --svg: /dev/null: is a character device", 0) == 0);
    CHECK(!fs::exists("/dev/null-01-ncp-pod.svg"));
}
