// JSON Schemas of scenario and catalog files, generated from the tables the
// readers use (the scenario field table, the catalog's list of fields), so
// editors complete and check the same fields the readers accept. The
// committed copies live in schemas/ (docs/scenario-format.md, "Editor support").
#pragma once

#include "podsizer/core/catalog.hpp"

#include <string>

namespace podsizer {

/// The scenario schema; `catalog`'s ids are offered as examples for id fields.
std::string scenario_json_schema(const Catalog& catalog);

/// The catalog file schema.
std::string catalog_json_schema();

/// The price-book schema (docs/cost.md §1), written beside the price-book
/// reader (price_book_schema.cpp) and kept to it by the schema tests.
std::string price_book_json_schema();

} // namespace podsizer
