// The price-book reader and writer on parsed JSON, shared by the price-book
// file (price_book_io.cpp) and a scenario's `prices` member (scenario_io.cpp,
// scenario_write.cpp), so a book reads the same in both and an error names
// the scenario's JSON path. Private to podsizer::catalog.
#pragma once

#include "json_node.hpp"
#include "podsizer/core/price_book.hpp"

#include <nlohmann/json.hpp>

namespace podsizer::detail {

/// Reads the price-book document at `n`.
PriceBook read_price_book(const Node& n);

/// The book as an ordered JSON document (keys in reading order).
nlohmann::ordered_json price_book_json(const PriceBook& book);

/// Fills the JSON Schema's items, site, gpu_hour and cloud from the rows
/// the reader and writer use (price_book_schema.cpp holds the rest).
void add_price_book_parts(nlohmann::json& schema);

} // namespace podsizer::detail
