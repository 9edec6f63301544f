// The workbook's side table of scenario fields (workbook_fields.hpp) against
// the scenario field table: each key is a real field's pattern, and the unit it
// is shown in is of the field's dimension (docs/architecture.md, "Side tables").
#include "podsizer/catalog/scenario_fields.hpp"
#include "podsizer/reports/workbook_fields.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <string>

using namespace podsizer;

TEST_CASE("every scenario field the workbook's formulas read is a row of the field table") {
    const std::vector<WorkbookFieldFigure> figures = workbook_field_figures();
    REQUIRE_FALSE(figures.empty());
    std::set<std::string_view> seen;
    for (const WorkbookFieldFigure& fig : figures) {
        INFO(fig.pattern);
        CHECK(seen.insert(fig.pattern).second);
        const ScenarioField* f = find_scenario_field(fig.pattern);
        REQUIRE(f != nullptr);
        // Assumptions rows are one value each: a field under a list has many.
        CHECK(fig.pattern.find('[') == std::string_view::npos);
        if (f->kind == FieldKind::quantity || f->kind == FieldKind::quantity_or_auto) {
            // A capacity is shown in PB, never in a unit of another kind.
            REQUIRE(fig.dimension.has_value());
            CHECK(*fig.dimension == f->dimension);
        } else {
            // Numbers and percentages are shown as they are (the sheet's
            // percent format shows a fraction as a percentage).
            CHECK_FALSE(fig.dimension.has_value());
        }
    }
}
