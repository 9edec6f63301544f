// The bill of materials as a quoting tool reads it (docs/bom.md §5): one CSV
// line per item of every design, priced from the price book when there is one.
#pragma once

#include "podsizer/core/comparison.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/price_book.hpp"
#include "podsizer/reports/grid.hpp"

#include <optional>
#include <string>

namespace podsizer {

/// A line's unit price is core's bom_line_price (cost.hpp), the one CapEx
/// sums, so the bill's extended total is the design's CapEx.

/// Every design's bill: design, category, item, sku, description, quantity,
/// unit, basis (total or per rack), per_rack, rule, source kind, source; with
/// a book also currency, unit_price and extended_price. CRLF lines.
std::string bom_csv(const SizingResult& r);

/// The bill in short for people (the PDF report and the GUI): a row per
/// item by group ("Switches", "Cables", ...), its description, and its
/// quantity in each design's column (blank where a design has none).
Grid bom_grid(const SizingResult& r);

/// Each design's facility figures per rack (the highest rack) and in total,
/// in customer words: racks, power, heat, weight, floor and tile load,
/// current per feed, cooling, the power basis the racks are laid out on and
/// the supply. Empty rows when no design has them.
Grid facility_grid(const SizingResult& r);

/// The lines under the facility grid: what the rack basis and the current
/// per feed mean, and any item weighed as 0 kg.
std::string facility_note(const SizingResult& r);

/// What to order to go from `a` to `b` (docs/bom.md §6): the designs paired
/// in order (A's first with B's first, …), a line per item whose quantity
/// differs: design_a, design_b, category, item, sku, description,
/// quantity_a, quantity_b, delta (B − A: positive to order, negative freed),
/// unit, source kind. Items are matched by category, item and description.
std::string bom_delta_csv(const SizingResult& a, const SizingResult& b);

/// The same for a comparison (`compare --bom-delta`): the first column with a
/// bill as A against each other design or pods column as B, so each
/// alternative, or the pods grown to the target, is an order from A.
std::string bom_delta_csv(const Comparison& cmp);

} // namespace podsizer
