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

/// The price-book schema (docs/cost.md §1): its parts from the rows the
/// price-book reader and writer use (price_book_io.cpp), the document around
/// them in price_book_schema.cpp.
std::string price_book_json_schema();

} // namespace podsizer
