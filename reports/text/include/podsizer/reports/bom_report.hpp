// The bill of materials as a quoting tool reads it (docs/bom.md §5): one CSV
// line per item of every design, priced from the price book when there is one.
#pragma once

#include "podsizer/core/design.hpp"
#include "podsizer/core/price_book.hpp"

#include <optional>
#include <string>

namespace podsizer {

/// A BOM line's price: the book's net price (list less discount) of its
/// catalog item, for a D-box the one for the design's drive; nullopt when
/// the book does not price it (or the line is priced within another, as the
/// drives are within their D-boxes).
std::optional<double> bom_unit_price(const BomLine& line, const Design& d, const PriceBook& book);

/// Every design's bill: design, category, item, sku, description, quantity,
/// unit, basis (total or per rack), per_rack, rule, source kind, source; with
/// a book also currency, unit_price and extended_price. CRLF lines.
std::string bom_csv(const SizingResult& r);

/// What to order to go from `a` to `b` (docs/bom.md §6): the designs paired
/// in order (A's first with B's first, …), a line per item whose quantity
/// differs: design_a, design_b, category, item, sku, description,
/// quantity_a, quantity_b, delta (B − A: positive to order, negative freed),
/// unit, source kind. Items are matched by category, item and description.
std::string bom_delta_csv(const SizingResult& a, const SizingResult& b);

} // namespace podsizer
