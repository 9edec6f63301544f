// The workbook's formula map (issue 48 item 2, docs/reports.md "The formula
// map"): every formula the map declares, written to the workbooks of the
// reference pod, the fleet example (with its Fleet sheet), the checkpoint
// example (its jobs as alternatives, and together) and the reference pod on
// a switch without port modes, the fleet example as `compare --prices`
// writes it (the Cost sheet's pods and reference columns, with a book
// pricing egress by bands, space per kW and licences; the reference pod's
// Cost sheet has the illustrative book's), and two comparisons as `compare
// --xlsx` writes them (their Summary, Slide and Charts), and the diff
// workbook of the phases and project examples (its change columns),
// recalculated by LibreOffice, equals the engine's figure its row names,
// and every row of the map is written in one of them. The golden figures
// are the engine's own (core's Design and fleet plan, the diff's deltas),
// read again through the row's getter, not the cached results in the file:
// a template that restates core's arithmetic wrongly fails (tried: "/1024"
// for "/1000" in read_TBps gave 10.546875 against 10.8; in sum_ref_racks,
// 47 racks against 48; "+1" after stripe_width, 151 against 150;
// "/ABS({b})" in diff_change_percent, 20.63 % against 26 %).
#include "external_tools.hpp"
#include "libreoffice.hpp"
#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/catalog/price_book_io.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/comparison.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/fleet.hpp"
#include "podsizer/reports/diff_report.hpp"
#include "podsizer/reports/diff_workbook.hpp"
#include "podsizer/reports/formula_map.hpp"
#include "podsizer/reports/metrics.hpp"
#include "podsizer/reports/study.hpp"
#include "podsizer/reports/workbook.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <deque>
#include <map>
#include <memory>
#include <set>

using namespace podsizer;

namespace {

struct Written {
    std::string stem;
    Catalog catalog;
    Scenario scenario;
    SizingResult result;
    WorkbookManifest manifest;
    FleetSplit fleet;                     ///< the Fleet sheet's split (the fleet example)
    std::optional<Study> study;           ///< the sites and phases, as the CLI's study
    WorkbookInput input;                  ///< what the workbook is written from
    std::optional<Comparison> comparison; ///< the Cost sheet's pods and reference columns
};

/// The fleet example as `compare --prices` exports it (a design, its pods
/// grown to the target, the cloud reference), priced with the dated cloud
/// book (egress through its bands) edited to price space per kW and a
/// licence per usable TB on the D-boxes (illustrative test values), so the
/// Cost sheet writes the rows the other books leave out.
void compare_fleet(Written& w) {
    PriceBook& book = *w.scenario.prices;
    book.site.space_per_rack_month.reset();
    book.site.space_per_kw_month = 200.0;
    for (ItemPrice& p : book.items) {
        if (p.id.starts_with("dbox-")) {
            p.licence_per_usable_tb_year = 12.0;
        }
    }
    w.result = size_scenario(w.scenario, w.catalog);
    ComparisonSpec spec;
    spec.target = w.scenario.extrapolation;
    for (const std::string& id : w.scenario.comparisons) {
        spec.references.push_back(w.catalog.reference(id));
    }
    spec.platform = w.catalog.platform(w.scenario.fleet->platform);
    w.comparison = compare_designs(w.result, spec);
    w.input = WorkbookInput{&w.result, &w.catalog, &w.scenario, &*w.comparison};
}

struct MapFixture {
    std::deque<Written> workbooks; // stable addresses: `input` points into them
    std::map<std::string, SheetCsv> sheets;
    SizingDiff diff; ///< `podsizer diff` of the phases and project examples
    WorkbookManifest diff_manifest;
};

/// The diff workbook as `podsizer diff examples/fleet-phases.json
/// examples/project-three-sites.json --xlsx` writes it (cli/command_diff.cpp:
/// each side sized as its study, without the comparison).
std::string write_diff(MapFixture& fx, const std::string& src, const std::string& dir,
                       const WorkbookOptions& options) {
    const Catalog catalog = default_catalog();
    StudyOptions o;
    o.compare = false;
    const Study a = run_study(load_scenario(src + "fleet-phases.json", catalog), catalog, o);
    const Study b = run_study(load_scenario(src + "project-three-sites.json", catalog), catalog, o);
    fx.diff = diff_sizings(a.sizing, "a.json", b.sizing, "b.json");
    const std::string path = dir + "/diff.xlsx";
    fx.diff_manifest = write_diff_workbook(path, fx.diff, options);
    return path;
}

const MapFixture& map_fixture() {
    static const std::unique_ptr<MapFixture> f = [] {
        const std::string soffice =
            test_tools::require_tool(PODSIZER_SOFFICE, "soffice", "libreoffice-calc-nogui");
        auto fx = std::make_unique<MapFixture>();
        const std::string dir = test_tools::output_dir("formula-map");
        const std::string src = std::string(PODSIZER_SOURCE_DIR) + "/examples/";
        WorkbookOptions options;
        options.date = "2026-01-01";
        std::vector<std::string> paths;
        // The reference pod (with the illustrative prices, so its bill and
        // Facility sheet are written as `size --prices` writes them), the
        // fleet example, the checkpoint jobs as alternatives and together
        // (the required write from the Checkpoints sheet) and the reference pod on a switch without
        // port modes (the leaf's formulas without a port-mode speed).
        for (const auto& [stem, file] :
             {std::pair{"ncp", "ncp-pod-41k.json"}, std::pair{"fleet", "fleet-160k.json"},
              std::pair{"ckpt", "checkpoint-cadence.json"},
              std::pair{"ckptshared", "checkpoint-cadence.json"},
              std::pair{"plain", "ncp-pod-41k.json"}, std::pair{"res", "fleet-160k.json"},
              std::pair{"phases", "fleet-phases.json"},
              std::pair{"project", "project-three-sites.json"},
              std::pair{"projectown", "project-three-sites.json"},
              std::pair{"replication", "fleet-replication.json"},
              std::pair{"compare", "fleet-160k.json"}, std::pair{"cmp", "fleet-160k.json"},
              std::pair{"cmpncp", "ncp-pod-41k.json"}, std::pair{"stripe", "ncp-pod-41k.json"}}) {
            Written& w = fx->workbooks.emplace_back();
            w.stem = stem;
            w.catalog = default_catalog();
            if (w.stem == "plain") {
                // An entry that gives only its ports (catalog/data's switch
                // has 64 ports of 800 GbE).
                for (SwitchModel& sw : w.catalog.switches) {
                    sw.port_modes.clear();
                    sw.ports = 64;
                }
            }
            if (w.stem == "cmpncp") { // a reference without accounts: its rates uncapped
                w.catalog.references.back().account_capacity = Capacity{};
            }
            if (w.stem == "plain") { // D-box losses as every outage (an older catalog)
                for (DBoxModel& b : w.catalog.dboxes) {
                    b.dbox_losses_per_year = 0;
                }
            }
            w.scenario = load_scenario(src + file, w.catalog);
            if (w.stem == "ckptshared") { // the jobs written together share the write
                w.scenario.checkpoint->concurrent = true;
                // A sync and an async job at Daly's interval ("auto").
                w.scenario.checkpoint->jobs.at(0).interval.reset();
                w.scenario.checkpoint->jobs.at(3).interval.reset();
            }
            if (w.stem == "ckpt") { // a backlog of offsite copies to catch up on the WAN
                w.scenario.cloud.wan = of<Throughput>(2000, units::Gbps);
                w.scenario.resilience.outage = of<Duration>(4, units::h);
            }
            if (w.stem == "plain") { // staging over the WAN, no cloud accounts
                w.scenario.cloud.wan = of<Throughput>(400, units::Gbps);
            }
            if (w.stem == "projectown") {
                // Site A without a usable need of its own (the scenario's
                // scaled to its GPUs) and site C on a workload the scenario
                // does not run (its rows on Assumptions come from the site).
                w.scenario.fleet->site_list.at(0).usable.reset();
                w.scenario.fleet->site_list.at(2).workload = "cosmoflow-h100";
            }
            if (w.stem == "stripe") {
                // One D-box in DBox-HA: its strips per D-box allow a stripe
                // narrower than the parity, so no data strips (core's
                // stripe_for: the width is then the parity alone).
                w.scenario.options.at(0).dboxes = 1;
                w.scenario.options.at(0).layout = EcLayout::dbox_ha;
            }
            if (w.stem == "res") { // the Resilience sheet's rows on the scenario's figures
                ResilienceSpec& r = w.scenario.resilience;
                r.afr = 0.01;
                r.dbox_events = 0.02;
                r.dbox_losses = 0.005;
                r.dataset = of<Capacity>(20, units::PB);
                r.outage = of<Duration>(24, units::h);
                w.scenario.cloud.wan = of<Throughput>(400, units::Gbps);
            }
            w.scenario.prices =
                load_price_book(src + (w.stem == "compare" ? "prices-cloud-dated.json"
                                                           : "prices-illustrative.json"));
            paths.push_back(dir + "/" + stem + ".xlsx");
            if (w.stem == "compare") {
                compare_fleet(w);
            } else if (w.stem == "cmp" || w.stem == "cmpncp") {
                // The Summary's comparison, as `compare --xlsx` writes it: the
                // fleet's pods grown to its target beside the references
                // (with a WAN link, so what reaches the GPU site is a
                // formula), the reference pod's designs beside them at its
                // own capacity (no target).
                StudyOptions compare;
                compare.wan = of<Throughput>(400.0, units::Gbps);
                compare.raised_account_limit = w.stem == "cmpncp";
                w.study = run_study(w.scenario, w.catalog, compare);
                if (w.stem == "cmpncp") {
                    // Without a capacity need: the references at the first
                    // design's capacity (core's set_reference_capacity).
                    SizingResult no_need = w.study->sizing;
                    no_need.requirements.usable = Capacity{};
                    ComparisonSpec spec;
                    spec.references = study_references(w.scenario, w.catalog, {}, false);
                    spec.cloud = w.scenario.cloud;
                    spec.cloud.wan = compare.wan;
                    spec.cloud.raised_account_limit = true;
                    w.study->comparison = compare_designs(no_need, spec);
                }
                w.result = w.study->sizing;
                w.input = workbook_input(*w.study, w.catalog, &w.scenario);
            } else if (w.stem == "phases" || w.stem.starts_with("project") ||
                       w.stem == "replication") {
                // The Sites and phases sheet with its cost by year, as `size
                // --xlsx --prices` writes it.
                w.study = run_study(w.scenario, w.catalog);
                w.result = w.study->sizing;
                w.input = workbook_input(*w.study, w.catalog, &w.scenario);
            } else {
                w.result = size_scenario(w.scenario, w.catalog);
                w.input = WorkbookInput{&w.result, &w.catalog, &w.scenario};
            }
            if (w.stem == "fleet") { // a Fleet sheet, as `extrapolate --xlsx` writes it
                w.fleet = split_fleet(w.scenario, w.result.designs);
                w.input.fleet = &w.fleet;
            }
            WorkbookOptions o = options;
            o.every_rack_unit = w.stem == "plain"; // the Rack units sheet
            w.manifest = write_workbook(paths.back(), w.input, o);
        }
        paths.push_back(write_diff(*fx, src, dir, options));
        fx->sheets = libreoffice_csv(soffice, paths, dir);
        return fx;
    }();
    return *f;
}

bool close_to(double got, double want) {
    // Relative error below 1e-9; LibreOffice writes 15 significant digits.
    const double scale = std::max(std::abs(got), std::abs(want));
    return scale < 1e-12 || std::abs(got - want) <= 1e-9 * scale;
}

/// The cell of `sheet` LibreOffice recalculated against row `row`'s figure of `s`.
void check_cell(const MapFixture& f, const std::string& sheet, const WorkbookFormula& cell,
                const FormulaRow& row, const FigureSource& source) {
    const auto it = f.sheets.find(sheet);
    REQUIRE(it != f.sheets.end());
    const std::string* got = it->second.at(cell.row, cell.col);
    REQUIRE(got != nullptr);
    if (row.text != nullptr) {
        CHECK(*got == row.text(source));
    } else {
        const double want = row.number(source);
        double v = 0;
        INFO("LibreOffice: \"" << *got << "\", engine: " << want);
        REQUIRE(parse_exported_number(*got, v));
        CHECK(close_to(v, want));
    }
}

/// The diff workbook's change columns against the diff's own figures
/// (s.item the pair, s.part the metric's row).
void check_diff(const MapFixture& f, std::set<std::string_view>& seen) {
    static const Design none{};
    static const Catalog empty{};
    std::size_t checked = 0;
    for (const WorkbookFormula& cell : f.diff_manifest.formulas) {
        INFO("diff " << cell.sheet << "!R" << cell.row + 1 << "C" << cell.col + 1 << " row "
                     << cell.map_id << ": " << cell.formula);
        REQUIRE(!cell.map_id.empty()); // every formula of the diff workbook is a row
        const FormulaRow& row = formula_row(cell.map_id);
        seen.insert(row.id);
        const FigureSource source{.design = none,
                                  .catalog = empty,
                                  .item = cell.item,
                                  .part = cell.part,
                                  .diff = &f.diff};
        check_cell(f, "diff/" + cell.sheet, cell, row, source);
        ++checked;
    }
    // One pair; its 14 number metrics with a figure on both sides have a
    // change and a change % (28 cells, counted in the file).
    CHECK(checked == 28);
}

/// Every formula of the map in the workbooks against its row's figure, and
/// every row written at least once.
void check_rows(const MapFixture& f) {
    std::set<std::string_view> seen;
    check_diff(f, seen);
    for (const Written& w : f.workbooks) {
        std::size_t checked = 0;
        for (const WorkbookFormula& cell : w.manifest.formulas) {
            if (cell.map_id.empty()) {
                continue;
            }
            const FormulaRow& row = formula_row(cell.map_id);
            seen.insert(row.id);
            INFO(w.stem << " " << cell.sheet << "!R" << cell.row + 1 << "C" << cell.col + 1
                        << " row " << cell.map_id << ": " << cell.formula);
            REQUIRE(cell.design >= 0);
            REQUIRE(static_cast<std::size_t>(cell.design) < w.result.designs.size());
            const FigureSource source{
                w.result.designs[static_cast<std::size_t>(cell.design)],
                w.catalog,
                cell.item,
                w.input.fleet != nullptr && w.input.fleet->plan ? &*w.input.fleet->plan : nullptr,
                cell.part,
                &w.input};
            check_cell(f, w.stem + "/" + cell.sheet, cell, row, source);
            ++checked;
        }
        INFO(w.stem);
        // Every design sheet writes some 60 rows of the map.
        CHECK(checked >= 60 * w.result.designs.size());
    }
    // Every row of the map is written in one of the workbooks, but the
    // scenario's rack power (none sets constraints.rack_power).
    for (const FormulaRow& row : formula_map()) {
        INFO(row.id);
        CHECK((seen.count(row.id) == 1 || row.id == "rack_budget_kW_scenario"));
    }
}

} // namespace

// One test case: its sections share one LibreOffice launch (two cases run
// side by side by ctest would convert into the same directory).
TEST_CASE("formula map: every row written equals its engine figure after LibreOffice "
          "recalculates") {
    const MapFixture& f = map_fixture();

    SECTION("each row's cell equals the engine's figure of its design") {
        check_rows(f);
    }

    SECTION("every placeholder of a written row is filled") {
        for (const Written& w : f.workbooks) {
            for (const WorkbookFormula& cell : w.manifest.formulas) {
                if (!cell.map_id.empty()) {
                    INFO(w.stem << " " << cell.map_id << ": " << cell.formula);
                    CHECK(cell.formula.find('{') == std::string::npos);
                }
            }
        }
    }
}
