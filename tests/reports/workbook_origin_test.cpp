// The design sheets take a design's capacity need from its origin
// (core/design.hpp): an option's own figure, a grown namespace's target, or
// the scenario's per-pod figure; never from its position in the result or
// from comparing capacities.
#include "external_tools.hpp"
#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/comparison.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/extrapolation.hpp"
#include "podsizer/core/requirements.hpp"
#include "podsizer/reports/workbook.hpp"
#include "support/test_files.hpp"
#include "support/test_paths.hpp"
#include "xlsx_package.hpp"

#include <algorithm>
#include <catch2/catch.hpp>

using namespace podsizer;

namespace {

const Catalog& catalog() {
    static const Catalog cat = default_catalog();
    return cat;
}

Scenario example(const std::string& name) {
    return load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/" + name, catalog());
}

WorkbookManifest write(const std::string& file, const WorkbookInput& in) {
    WorkbookOptions o;
    o.date = "2026-01-01";
    return write_workbook(test_tools::output_dir("workbook-origin") + "/" + file, in, o);
}

/// Every formula written on `sheet`.
std::vector<std::string> formulas_on(const WorkbookManifest& m, const std::string& sheet) {
    std::vector<std::string> out;
    for (const WorkbookFormula& f : m.formulas) {
        if (f.sheet == sheet) {
            out.push_back(f.formula);
        }
    }
    return out;
}

bool has(const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

bool mentions(const std::vector<std::string>& v, const std::string& s) {
    return std::any_of(v.begin(), v.end(),
                       [&](const std::string& f) { return f.find(s) != std::string::npos; });
}

} // namespace

TEST_CASE("an option's design takes its own capacity need in whatever order the designs come") {
    const Scenario s = example("fleet-160k.json");
    SizingResult r = size_scenario(s, catalog());
    std::reverse(r.designs.begin(), r.designs.end()); // capacity only, full performance, NCP pod
    const WorkbookManifest m = write("reversed.xlsx", {&r, &catalog(), &s});
    const std::vector<std::string> names = design_sheet_names(r);
    CHECK(has(formulas_on(m, names[0]), "=option_3_usable_PB"));
    CHECK(has(formulas_on(m, names[1]), "=option_2_usable_PB"));
    CHECK(has(formulas_on(m, names[2]), "=scenario_usable_PB"));
    CHECK_FALSE(mentions(formulas_on(m, names[2]), "option_"));
}

TEST_CASE("a hand-made design checked against a scenario needs the scenario's capacity, not the "
          "first option's") {
    Scenario s = example("fleet-160k.json");
    std::swap(s.options[0], s.options[1]); // the first option has its own exabyte
    HandDesign h;
    h.name = "hand-made design";
    h.cnode = "cnode-1u";
    h.dbox = "dbox-1u-22";
    h.cnodes = 450;
    h.dboxes = 180;
    SizingResult r;
    r.scenario = s.name;
    r.requirements = compute_requirements(s, catalog());
    r.designs.push_back(evaluate_design(h, r.requirements, s.constraints, 1.0, catalog()));
    const std::string path = test_tools::output_dir("workbook-origin") + "/hand.xlsx";
    WorkbookOptions o;
    o.date = "2026-01-01";
    const WorkbookManifest m = write_workbook(path, {&r, &catalog(), &s}, o);
    const std::vector<std::string> on_sheet = formulas_on(m, "hand-made design");
    CHECK(has(on_sheet, "=scenario_usable_PB"));
    CHECK_FALSE(mentions(on_sheet, "option_1"));
    // Nor does Assumptions list an option's need under the hand-made design's name.
    CHECK(read_xlsx_parts(path).at("xl/sharedStrings.xml").find("needed by hand-made") ==
          std::string::npos);
}

TEST_CASE("a namespace grown to a target equal to the scenario's capacity needs the target") {
    const Scenario s = example("high-density-1eb.json"); // 1 EB per pod
    ExtrapolationSpec spec;
    spec.target = of<Capacity>(1, units::EB); // the same figure
    const ScenarioExtrapolation x = extrapolate_scenario(s, catalog(), spec);
    SizingResult all = x.sizing;
    for (const Extrapolation& e : x.extrapolations) {
        all.designs.push_back(*e.single_namespace);
    }
    ComparisonSpec cs;
    cs.target = spec;
    const Comparison cmp = compare_designs(all, cs);
    const WorkbookManifest m = write("grown.xlsx", {&all, &catalog(), &s, &cmp});
    const std::vector<std::string> names = design_sheet_names(all);
    REQUIRE(names.size() == 4);
    CHECK(has(formulas_on(m, names[0]), "=scenario_usable_PB"));
    CHECK(has(formulas_on(m, names[1]), "=scenario_usable_PB"));
    // The grown namespaces' need is the target: a value, not the scenario's
    // per-pod input (editing that input must not move the target).
    CHECK_FALSE(mentions(formulas_on(m, names[2]), "scenario_usable_PB"));
    CHECK_FALSE(mentions(formulas_on(m, names[3]), "scenario_usable_PB"));
    // It is still checked against that need.
    CHECK(mentions(formulas_on(m, names[2]), "*(1-1E-9),\"yes\",\"NO\")"));
}
