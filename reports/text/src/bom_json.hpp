// The design JSON's `bom` and `facility` blocks (docs/bom.md §5).
#pragma once

#include "figure_table.hpp"
#include "podsizer/core/design.hpp"

#include <nlohmann/json.hpp>

namespace podsizer::detail {

/// A bill's line: its JSON and the --bom CSV's columns (their keys).
Rows<BomLine> bom_line_figures();
/// A bill's block (a design's `bom`): lines, links, totals.
nlohmann::ordered_json bill_json(const DesignBom& b);
nlohmann::ordered_json facility_json(const DesignFacility& f);

} // namespace podsizer::detail
