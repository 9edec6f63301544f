// The scenario fields the workbook's formulas read: each row's `sheet`
// (scenario_fields.hpp) names one Assumptions row, so its name is unique, its
// field has one value, and the unit it is shown in is of the field's dimension
// (docs/architecture.md, "Adding a scenario field").
#include "podsizer/catalog/scenario_fields.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <string>

using namespace podsizer;

TEST_CASE("every scenario field the workbook's formulas read is shown in a unit of its kind") {
    std::set<std::string> names;
    for (const ScenarioField& f : scenario_fields()) {
        if (f.sheet.name == nullptr) {
            continue;
        }
        INFO(f.pattern);
        CHECK(names.insert(f.sheet.name).second);
        // Assumptions rows are one value each: a field under a list has many.
        CHECK(f.pattern.find('[') == std::string_view::npos);
        if (f.kind == FieldKind::quantity || f.kind == FieldKind::quantity_or_auto) {
            // A capacity is shown in PB, never in a unit of another kind.
            REQUIRE(f.sheet.unit.has_value());
            CHECK(f.sheet.unit->dimension == f.dimension);
        } else {
            // Numbers and percentages are shown as they are (the sheet's
            // percent format shows a fraction as a percentage), with the
            // unit column's text given.
            CHECK_FALSE(f.sheet.unit.has_value());
            CHECK(f.sheet.unit_text != nullptr);
        }
    }
    REQUIRE_FALSE(names.empty());
}
