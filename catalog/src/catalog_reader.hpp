// The catalog reader on an already parsed JSON value, shared by
// merge_catalog_text (a catalog file) and a scenario's own `catalog` block
// (scenario_catalog.cpp), so an entry reads the same in both and an error
// names the scenario's JSON path. Private to podsizer::catalog.
#pragma once

#include "json_node.hpp"
#include "podsizer/core/catalog.hpp"

namespace podsizer::detail {

/// Adds the entries of the catalog document at `root` to `catalog`; an entry
/// whose id is already present replaces it.
void merge_catalog_node(Catalog& catalog, const Node& root);

/// A figure's `source` object ({"kind", "ref", "note"}); a kind other than
/// assumption needs a ref. Shared with the price book (price_book_io.cpp).
Source read_source(const Node& n);

/// An entry's (or price book part's) `source` and the sources of those of its
/// `fields` whose own differ; a key naming none of them fails with `unknown`.
Provenance read_provenance(const Node& n, std::span<const std::string_view> fields,
                           const char* unknown);

} // namespace podsizer::detail
