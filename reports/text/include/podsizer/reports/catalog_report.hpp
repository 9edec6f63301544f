// Listing and showing catalog entries, with their sources.
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/reports/format.hpp"
#include "podsizer/reports/grid.hpp"

#include <string>
#include <vector>

namespace podsizer {

/// Every model: id, kind, name and key figures.
std::string render_catalog_list(const Catalog& catalog, Format format);

/// One entry with every figure and its source; empty string when `id` is unknown.
std::string render_catalog_entry(const Catalog& catalog, const std::string& id, Format format);

/// The `catalog list` table: one row per model (id, kind, name, key figures,
/// source kind), in the order of catalog_entry_views.
Grid catalog_list_grid(const Catalog& catalog);

/// One model as `catalog show` presents it: every figure with its source.
struct CatalogEntryView {
    std::string id;
    std::string kind; ///< "cnode", "dbox", "erasure_coding", "switch", "rack", …
    std::string name;
    std::string source; ///< the entry's source as text: "[kind] ref — note"
    Grid figures;       ///< field, value, source
};

/// Every model of the catalog, C-nodes first (the order of `catalog list`).
std::vector<CatalogEntryView> catalog_entry_views(const Catalog& catalog);

/// Every id in the catalog (for suggestions).
std::vector<std::string> catalog_ids(const Catalog& catalog);

} // namespace podsizer
