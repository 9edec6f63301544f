// The study layer (reports/study.hpp): one rule for the reference systems,
// one study whichever front end asks, and one export path that writes the
// bytes `podsizer compare --xlsx` and `--svg` write.
#define RUN_PROCESS_WITHOUT_PODSIZER
#include "cli/run_process.hpp"
#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/comparison.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/extrapolation.hpp"
#include "podsizer/reports/comparison_report.hpp"
#include "podsizer/reports/extrapolation_report.hpp"
#include "podsizer/reports/rack_svg.hpp"
#include "podsizer/reports/sizing_report.hpp"
#include "podsizer/reports/study.hpp"
#include "support/default_catalog.hpp"
#include "support/test_files.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

using namespace podsizer;
using test_support::read_file;
using test_support::temp_dir;

namespace {

const std::string kSource = PODSIZER_SOURCE_DIR;

/// The default catalog with a second reference system, so "the scenario's"
/// and "every reference" differ.
const Catalog& two_references() {
    static const Catalog catalog = [] {
        Catalog c = test_support::cat();
        merge_catalog_text(c, R"({"schema": "podsizer-catalog/1", "references": [{
            "id": "tape-vault", "name": "Tape vault",
            "read_per_100pb": "0.5 Tbps", "write_per_100pb": "0.5 Tbps",
            "racks_per_eb": 40, "power_per_rack": "4 kW",
            "account_capacity": "100 PB", "account_ingress": "100 Gbps",
            "account_egress": "100 Gbps", "raw_per_usable": 1.1,
            "source": {"kind": "assumption", "ref": "", "note": "a test"}}]})",
                           "two-references.json");
        validate_catalog(c, "two-references.json");
        return c;
    }();
    return catalog;
}

Scenario example(const std::string& name, const Catalog& catalog) {
    return load_scenario(kSource + "/examples/" + name, catalog);
}

std::vector<std::string> ids(const std::vector<const ReferenceSystem*>& refs) {
    std::vector<std::string> out;
    for (const ReferenceSystem* r : refs) {
        out.push_back(r->id);
    }
    return out;
}

/// Sets SOURCE_DATE_EPOCH for one scope.
struct EpochScope {
    explicit EpochScope(const char* value) { ::setenv("SOURCE_DATE_EPOCH", value, 1); }
    ~EpochScope() { ::unsetenv("SOURCE_DATE_EPOCH"); }
    EpochScope(const EpochScope&) = delete;
    EpochScope& operator=(const EpochScope&) = delete;
};

} // namespace

TEST_CASE("the references are the given ids, else the scenario's, else every one") {
    const Catalog& cat = two_references();
    Scenario fleet = example("fleet-160k.json", cat); // names cloud-object-store
    REQUIRE(fleet.comparisons == std::vector<std::string>{"cloud-object-store"});
    const Scenario pod = example("ncp-pod-41k.json", cat); // names none

    CHECK(ids(study_references(fleet, cat, {"tape-vault", "cloud-object-store"})) ==
          std::vector<std::string>{"tape-vault", "cloud-object-store"});
    CHECK(ids(study_references(fleet, cat, {})) == std::vector<std::string>{"cloud-object-store"});
    CHECK(ids(study_references(pod, cat, {})) ==
          std::vector<std::string>{"cloud-object-store", "tape-vault"});
    // extrapolate's workbook: the scenario's own references only.
    CHECK(study_references(pod, cat, {}, true).empty());
    CHECK(ids(study_references(fleet, cat, {}, true)) ==
          std::vector<std::string>{"cloud-object-store"});
    CHECK_THROWS_AS(study_references(pod, cat, {"no-such-store"}), InputError);
}

TEST_CASE("a study holds what size_scenario, compare_designs and split_fleet give") {
    const Catalog& cat = two_references();
    const Scenario s = example("fleet-160k.json", cat);
    const Study study = run_study(s, cat);

    const SizingResult sized = size_scenario(s, cat);
    CHECK(render_sizing(study.sizing, Format::json) == render_sizing(sized, Format::json));
    ComparisonSpec spec;
    spec.target = s.extrapolation;
    spec.references.push_back(cat.reference("cloud-object-store"));
    spec.platform = cat.platform(s.fleet->platform); // for the GPUs saved power feeds
    REQUIRE(study.comparison);
    CHECK(render_comparison(*study.comparison, Format::json) ==
          render_comparison(compare_designs(sized, spec), Format::json));
    const FleetSplit split = split_fleet(s, sized.designs);
    REQUIRE(study.fleet.plan);
    CHECK(study.fleet.plan->clusters == split.plan->clusters);
    CHECK(study.fleet.storage.size() == split.storage.size());
    CHECK_FALSE(study.extrapolation);

    StudyOptions no_compare;
    no_compare.compare = false;
    CHECK_FALSE(run_study(s, cat, no_compare).comparison);
}

TEST_CASE("the CLI's flags and the GUI's scenario give the same study") {
    const Catalog& cat = two_references();
    const Scenario s = example("fleet-160k.json", cat);
    // GUI: the scenario alone. CLI: --with and --target spelled out as the
    // scenario has them.
    const Study gui = run_study(s, cat);
    StudyOptions flags;
    flags.references = s.comparisons;
    flags.target = s.extrapolation;
    const Study cli = run_study(s, cat, flags);
    CHECK(render_comparison(*gui.comparison, Format::csv) ==
          render_comparison(*cli.comparison, Format::csv));
    // Another --with list changes the columns.
    flags.references = {"tape-vault"};
    const Study tape = run_study(s, cat, flags);
    CHECK(render_comparison(*tape.comparison, Format::csv) !=
          render_comparison(*gui.comparison, Format::csv));
    CHECK(tape.comparison->columns.back().name == "Tape vault");
}

TEST_CASE("an extrapolating study adds each one-namespace design after the sized ones") {
    const Catalog& cat = test_support::cat();
    const Scenario s = example("fleet-160k.json", cat);
    StudyOptions options;
    options.extrapolate = true;
    options.only_named_references = true;
    const Study study = run_study(s, cat, options);
    REQUIRE(study.extrapolation);
    const ScenarioExtrapolation x = extrapolate_scenario(s, cat, *s.extrapolation);
    CHECK(render_extrapolation(*study.extrapolation, Format::json) ==
          render_extrapolation(x, Format::json));
    std::size_t grown = 0;
    for (const Extrapolation& e : x.extrapolations) {
        grown += e.single_namespace ? 1 : 0;
    }
    REQUIRE(grown > 0);
    CHECK(study.sizing.designs.size() == x.sizing.designs.size() + grown);
    CHECK(study.sizing.designs.back().name.find("one namespace") != std::string::npos);
    CHECK(study.fleet.storage.size() == x.sizing.designs.size());

    Scenario no_target = s;
    no_target.extrapolation.reset();
    CHECK_THROWS_AS(run_study(no_target, cat, options), InputError);
}

TEST_CASE("the export date is SOURCE_DATE_EPOCH's day, else today") {
    ::unsetenv("SOURCE_DATE_EPOCH");
    CHECK(export_date_from_env() == today_iso_date());
    {
        const EpochScope epoch("1767225600"); // 2026-01-01T00:00:00Z
        CHECK(export_date_from_env() == "2026-01-01");
    }
    for (const char* bad : {"last tuesday", "-5", "12x"}) {
        const EpochScope epoch(bad);
        INFO(bad);
        try {
            (void)export_date_from_env();
            FAIL("no error");
        } catch (const InputError& e) {
            CHECK(e.where() == "SOURCE_DATE_EPOCH");
        }
    }
}

TEST_CASE("export_study writes the bytes `podsizer compare --xlsx --svg` writes") {
    const Catalog& cat = test_support::cat();
    const std::string scenario = kSource + "/examples/fleet-160k.json";
    const Scenario s = load_scenario(scenario, cat);
    const std::string dir = temp_dir() + "/study-export";
    std::filesystem::create_directories(dir);
    const EpochScope epoch("1700000000");

    const ProcessResult r = run_process(
        PODSIZER_BIN, {"compare", scenario, "--xlsx", dir + "/cli.xlsx", "--svg", dir + "/cli/"});
    REQUIRE((r.exit_code == 0 || r.exit_code == 1));

    const Study study = run_study(s, cat);
    ExportTargets targets;
    targets.xlsx = dir + "/lib.xlsx";
    std::vector<std::string> written;
    targets.written = [&](const std::string& path) { written.push_back(path); };
    for (std::size_t i = 0; i < study.sizing.designs.size(); ++i) {
        targets.svg.push_back(
            {i, dir + "/lib-" + rack_svg_file_name(study.sizing.designs[i], i + 1)});
    }
    export_study(study, cat, &s, targets, export_date_from_env());

    REQUIRE(read_file(dir + "/lib.xlsx").size() > 1000);
    CHECK(read_file(dir + "/lib.xlsx") == read_file(dir + "/cli.xlsx"));
    REQUIRE(written.size() == 1 + study.sizing.designs.size());
    CHECK(written.front() == targets.xlsx);
    for (std::size_t i = 0; i < study.sizing.designs.size(); ++i) {
        const std::string name = rack_svg_file_name(study.sizing.designs[i], i + 1);
        CHECK(read_file(dir + "/lib-" + name) == read_file(dir + "/cli/" + name));
        CHECK(written[i + 1] == targets.svg[i].path);
    }
}

TEST_CASE("a study's workbook input points into the study") {
    const Catalog& cat = test_support::cat();
    const Scenario fleet = example("fleet-160k.json", cat);
    const Study study = run_study(fleet, cat);
    const WorkbookInput in = workbook_input(study, cat, &fleet);
    CHECK(in.result == &study.sizing);
    CHECK(in.comparison == &*study.comparison);
    CHECK(in.fleet == &study.fleet);
    CHECK(in.scenario == &fleet);
    // A pod without a fleet, not compared: neither a Fleet sheet nor references.
    StudyOptions options;
    options.compare = false;
    const Scenario pod = example("ncp-pod-41k.json", cat);
    const Study alone = run_study(pod, cat, options);
    const WorkbookInput bare = workbook_input(alone, cat, nullptr);
    CHECK(bare.comparison == nullptr);
    CHECK(bare.fleet == (alone.fleet.plan ? &alone.fleet : nullptr));
    CHECK(bare.scenario == nullptr);
}
