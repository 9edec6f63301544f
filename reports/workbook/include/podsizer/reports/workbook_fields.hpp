// The scenario fields the workbook's formulas read: the Assumptions sheet's
// "Scenario" rows, named scenario_<name> in formulas (workbook_assumptions.cpp,
// kFieldFigures). Keyed by the scenario field table's patterns, so a test
// checks that each key is a real field and that the unit it is shown in is of
// the field's dimension (docs/architecture.md, "Side tables").
#pragma once

#include "podsizer/core/units.hpp"

#include <optional>
#include <string_view>
#include <vector>

namespace podsizer {

struct WorkbookFieldFigure {
    std::string_view pattern;           ///< "capacity.usable"
    std::optional<Dimension> dimension; ///< of the unit it is shown in; none: a plain number
};

std::vector<WorkbookFieldFigure> workbook_field_figures();

} // namespace podsizer
