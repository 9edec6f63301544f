// Listing and showing catalog entries, with their sources.
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/reports/format.hpp"

#include <string>

namespace podsizer {

/// Every model: id, kind, name and key figures.
std::string render_catalog_list(const Catalog& catalog, Format format);

/// One entry with every figure and its source; empty string when `id` is unknown.
std::string render_catalog_entry(const Catalog& catalog, const std::string& id, Format format);

/// Every id in the catalog (for suggestions).
std::vector<std::string> catalog_ids(const Catalog& catalog);

} // namespace podsizer
